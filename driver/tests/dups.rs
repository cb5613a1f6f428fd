//! `mergefn dups` on the shipped example, fixtures and the real-IR corpus: its groups are
//! exactly the merges `mergefn merge` makes, its numbers add up, names are demangled, and the
//! HTML page works in a real browser (headless Chromium driven by Playwright for Python).

use mergefn_tests::{corpus, in_ci, workspace_root};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

fn mergefn(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mergefn"))
        .args(args)
        .output()
        .expect("mergefn runs")
}

fn json_of(out: &std::process::Output, what: &str) -> Value {
    assert!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON output")
}

/// `dups --json` and `merge --report` of `path` (with `extra` flags), checked against each
/// other; returns the dups JSON.
fn check_against_merge(path: &Path, similar: bool) -> Value {
    let p = path.to_str().unwrap();
    let mut args = vec!["dups", p, "--json", "--near-misses", "20"];
    if similar {
        args.push("--similar");
    }
    let d = json_of(&mergefn(&args), "dups");
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.json");
    let mut margs = vec![
        "merge",
        p,
        "-o",
        "/dev/null",
        "--report",
        report.to_str().unwrap(),
    ];
    if similar {
        margs.push("--merge-similar");
    }
    let out = mergefn(&margs);
    assert!(out.status.success(), "merge failed on {p}");
    let r: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();

    // Every function merge names is in exactly one group, with the same fate and target.
    let mut seen: HashMap<String, (String, Option<String>)> = HashMap::new();
    let groups = d["groups"].as_array().unwrap();
    for g in groups {
        let fs = g["functions"].as_array().unwrap();
        assert!(fs.len() >= 2, "{p}: a group of one: {g}");
        assert_eq!(g["copies"].as_u64().unwrap() as usize, fs.len());
        let bytes: Vec<u64> = fs.iter().map(|f| f["bytes"].as_u64().unwrap()).collect();
        let max = *bytes.iter().max().unwrap();
        assert_eq!(g["bytes_each"].as_u64().unwrap(), max, "{p}: {g}");
        assert_eq!(
            g["bytes_saved"].as_u64().unwrap(),
            bytes.iter().sum::<u64>() - max,
            "{p}: {g}"
        );
        for f in fs {
            let name = f["name"].as_str().unwrap().to_owned();
            let fate = f["fate"].as_str().unwrap().to_owned();
            let into = f["into"].as_str().map(str::to_owned);
            assert!(
                seen.insert(name.clone(), (fate, into)).is_none(),
                "{p}: {name} twice"
            );
        }
    }
    let merged = r["merged"].as_array().unwrap();
    let created: Vec<&str> = r["created"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    for m in merged {
        let name = m["function"].as_str().unwrap();
        if created.contains(&name) {
            // A body the pass made (`<private F>`) merged in turn: not a function of the input.
            continue;
        }
        let Some((fate, into)) = seen.get(name) else {
            panic!("{p}: merge merged {name}, dups lists it in no group");
        };
        assert_eq!(fate, m["kind"].as_str().unwrap(), "{p}: fate of {name}");
        assert_eq!(into.as_deref(), m["into"].as_str(), "{p}: target of {name}");
    }
    // Members not merged away are the survivors: one per group at most... unless both
    // members of a double-weak pair went into a new private body.
    let kept = seen.values().filter(|(f, _)| f == "kept").count();
    assert!(
        kept <= groups.len(),
        "{p}: {kept} kept in {} groups",
        groups.len()
    );
    assert_eq!(
        d["copies"].as_u64().unwrap() as usize,
        seen.len() - groups.len(),
        "{p}: copies"
    );
    // Most saved first.
    let saved: Vec<u64> = groups
        .iter()
        .map(|g| g["bytes_saved"].as_u64().unwrap())
        .collect();
    assert!(
        saved.windows(2).all(|w| w[0] >= w[1]),
        "{p}: not sorted by bytes saved"
    );
    assert_eq!(
        d["bytes_saved"].as_u64().unwrap(),
        saved.iter().sum::<u64>()
    );
    // Near misses really differ, with a rule.
    for n in d["near_misses"].as_array().unwrap() {
        assert!(
            !n["rule"].as_str().unwrap().is_empty(),
            "{p}: near miss without a rule: {n}"
        );
        assert!(
            n["verdict"].as_str().unwrap().contains("differ"),
            "{p}: {n}"
        );
    }
    d
}

#[test]
fn example_groups_are_the_template_members() {
    let ex = workspace_root().join("examples/containers.ll");
    let d = check_against_merge(&ex, false);
    // The example instantiates one stack template for six types: seven members, six copies each.
    let groups = d["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 7);
    assert!(groups
        .iter()
        .all(|g| g["copies"] == 6 && g["kind"] == "identical"));
    let origins: Vec<&str> = groups
        .iter()
        .map(|g| g["origin"].as_str().unwrap())
        .collect();
    for want in [
        "Stack<_>::push",
        "Stack<_>::pop",
        "Stack<_>::peek",
        "count_nonzero<_>",
    ] {
        assert!(origins.contains(&want), "no group for {want}: {origins:?}");
    }
    for f in groups[0]["functions"].as_array().unwrap() {
        assert_ne!(f["name"], f["demangled"], "not demangled: {f}");
    }

    // The table lists the same groups in the same order, with the summary.
    let out = mergefn(&["dups", ex.to_str().unwrap(), "--limit", "0"]);
    assert!(out.status.success());
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(
        table.contains("35 are copies of another, in 7 groups"),
        "{table}"
    );
    let mut at = 0;
    for o in &origins {
        let i = table[at..]
            .find(o)
            .unwrap_or_else(|| panic!("{o} missing or out of order"));
        at += i + o.len();
    }
    // --limit cuts the table and says how much is left.
    let out = mergefn(&["dups", ex.to_str().unwrap(), "--limit", "2"]);
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("5 more groups save"), "{table}");
}

#[test]
fn corpus_groups_are_the_merges_and_names_demangle() {
    let mut mods = Vec::new();
    for sub in ["c", "rust", "flavours"] {
        let Some(v) = corpus(sub) else { return };
        mods.extend(v);
    }
    let wanted = [
        "re2.ll",
        "zstd.ll",
        "all_linked.ll",
        "rust-serde_json.O3g.ll",
        "tinyxml2.cfi.ll",
    ];
    let mut checked = 0;
    for path in mods
        .iter()
        .filter(|p| wanted.contains(&p.file_name().unwrap().to_str().unwrap()))
    {
        let d = check_against_merge(path, false);
        assert!(
            !d["groups"].as_array().unwrap().is_empty(),
            "{}: no groups",
            path.display()
        );
        // Mangled C++ and Rust names are shown demangled.
        let fs: Vec<&Value> = d["groups"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|g| g["functions"].as_array().unwrap())
            .filter(|f| f["name"].as_str().unwrap().starts_with("_Z"))
            .collect();
        let demangled = fs.iter().filter(|f| f["name"] != f["demangled"]).count();
        assert!(
            demangled * 100 >= fs.len() * 95,
            "{}: {demangled} of {} mangled names demangled",
            path.display(),
            fs.len()
        );
        checked += 1;
    }
    assert!(
        checked >= 3 || !in_ci(),
        "too few corpus modules found: {checked}"
    );
}

#[test]
fn similar_groups_only_with_similar() {
    let dir = workspace_root().join("tests/fixtures/similar");
    let f = dir.join("only_integers_differ.ll");
    let plain = check_against_merge(&f, false);
    let with = check_against_merge(&f, true);
    let kinds = |d: &Value| -> Vec<String> {
        d["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["kind"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(!kinds(&plain).contains(&"similar".to_owned()));
    assert!(kinds(&with).contains(&"similar".to_owned()), "{with}");
    let g = with["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["kind"] == "similar")
        .unwrap();
    assert!(g["functions"].as_array().unwrap().iter().all(|f| {
        ["parameterized", "rewritten", "kept"].contains(&f["fate"].as_str().unwrap())
    }));
    // A refusal fixture gives no similar group.
    let refused = check_against_merge(&dir.join("switch_case_differs_refused.ll"), true);
    assert!(!kinds(&refused).contains(&"similar".to_owned()));
}

#[test]
fn html_page_works_in_a_browser() {
    let Some(c) = corpus("c") else { return };
    let re2 = c
        .iter()
        .find(|p| p.ends_with("re2.ll"))
        .expect("re2 in the corpus");
    let dir = tempfile::tempdir().unwrap();
    let (page, json) = (dir.path().join("d.html"), dir.path().join("d.json"));
    for module in [workspace_root().join("examples/containers.ll"), re2.clone()] {
        let m = module.to_str().unwrap();
        let out = mergefn(&[
            "dups",
            m,
            "--json",
            "-o",
            json.to_str().unwrap(),
            "--html",
            page.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let script = workspace_root().join("tests/browser/dups_page.py");
        let run = Command::new("python3")
            .arg(&script)
            .arg(&page)
            .arg(&json)
            .output()
            .expect("python3 runs");
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        );
        match run.status.code() {
            Some(0) => assert!(said.contains("ok:"), "{said}"),
            Some(3) if !in_ci() => {
                eprintln!("skipping the browser check: {said}");
                return;
            }
            _ => panic!("the page failed in the browser on {m}: {said}"),
        }
    }
}

#[test]
fn a_failed_page_leaves_no_output() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("t.txt");
    let ex = workspace_root().join("examples/containers.ll");
    let out = mergefn(&[
        "dups",
        ex.to_str().unwrap(),
        "-o",
        out_path.to_str().unwrap(),
        "--html",
        dir.path().join("no/such/dir/p.html").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
    assert!(
        !out_path.exists(),
        "the table was written although the page failed"
    );
}
