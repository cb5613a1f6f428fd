//! `--merge-cycles` (beyond LLVM, so no differential against opt-22): every fixture in
//! `tests/fixtures/cycles/` states which functions the cycle step merges
//! (`; EXPECT-CYCLE-MERGED: f g`, empty for a refusal), text the output must have or lack
//! (`; EXPECT-TEXT:`, `; EXPECT-NO-TEXT:`), and for a refusal the one change that makes it
//! merge (`; CONTROL: 'old' -> 'new'`, `; EXPECT-CYCLE-MERGED-CONTROL:`), so it fails if the
//! refusal has another cause. LLVM's own rule (the default mode) must merge none of the
//! functions named: these merges are exactly what it cannot do. Every output is checked by
//! opt-22's verifier, and each fixture's `main` is built and run before and after merging:
//! the output must be byte-identical. On the corpus, every module merges into IR opt-22
//! verifies.

use mergefn_merge::{merge_functions, Options, Report};
use mergefn_tests::*;
use std::path::Path;
use std::process::Command;

fn opts(cycles: bool) -> Options {
    Options {
        merge_cycles: cycles,
        ..Options::default()
    }
}

fn directives<'a>(text: &'a str, key: &str) -> Vec<&'a str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("; ")?.strip_prefix(key)?.strip_prefix(':'))
        .map(str::trim)
        .collect()
}

fn merge_text(text: &str, cycles: bool) -> Result<(Report, String), String> {
    let mut m = mergefn_ir::parse_module(text.as_bytes()).map_err(|e| format!("parse: {e}"))?;
    let report = merge_functions(&mut m, &opts(cycles));
    Ok((report, mergefn_ir::module_to_string(&m)))
}

fn cycle_merged(report: &Report) -> Vec<String> {
    let mut v: Vec<String> = report
        .merged
        .iter()
        .filter(|r| r.cycle)
        .map(|r| r.function.clone())
        .collect();
    v.sort();
    v
}

fn expected(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn verify(opt: &Path, text: &str) -> Result<(), String> {
    run_opt(opt, &["-passes=verify", "-disable-output"], text.as_bytes())
        .map(|_| ())
        .map_err(|e| format!("opt-22 rejects the output: {e}\n{text}"))
}

/// Build `text` with clang-22 and run it; its stdout.
fn run_program(dir: &Path, label: &str, text: &str) -> Result<Vec<u8>, String> {
    let ll = dir.join(format!("{label}.ll"));
    let exe = dir.join(label);
    std::fs::write(&ll, text).map_err(|e| e.to_string())?;
    let out = Command::new("/usr/lib/llvm-22/bin/clang")
        .args(["-O0", "-w"])
        .arg(&ll)
        .arg("-o")
        .arg(&exe)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "{label} does not build: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let run = Command::new(&exe).output().map_err(|e| e.to_string())?;
    if !run.status.success() {
        return Err(format!("{label} exits with {:?}", run.status));
    }
    Ok(run.stdout)
}

fn check_fixture(opt: &Path, path: &Path, dir: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let want = directives(&text, "EXPECT-CYCLE-MERGED")
        .first()
        .map(|s| expected(s))
        .ok_or("no EXPECT-CYCLE-MERGED line")?;
    let (plain, _) = merge_text(&text, false)?;
    let llvm_merged: Vec<&String> = plain
        .merged
        .iter()
        .map(|r| &r.function)
        .filter(|f| want.contains(f))
        .collect();
    if !llvm_merged.is_empty() {
        return Err(format!("LLVM's rule already merges {llvm_merged:?}"));
    }
    let (report, out) = merge_text(&text, true)?;
    let got = cycle_merged(&report);
    if got != want {
        return Err(format!("cycle-merged {got:?}, expected {want:?}"));
    }
    if report.counts.cycles != got.len() {
        return Err(format!(
            "counts.cycles {} for {got:?}",
            report.counts.cycles
        ));
    }
    for gone in directives(&text, "EXPECT-NO-TEXT") {
        if out.contains(gone) {
            return Err(format!("the output still has {gone:?}:\n{out}"));
        }
    }
    for kept in directives(&text, "EXPECT-TEXT") {
        if !out.contains(kept) {
            return Err(format!("the output lacks {kept:?}:\n{out}"));
        }
    }
    verify(opt, &out)?;
    let controls = directives(&text, "CONTROL");
    if !controls.is_empty() {
        let mut changed = text.clone();
        for c in &controls {
            let (a, b) = c
                .split_once("' -> '")
                .ok_or_else(|| format!("bad CONTROL line: {c}"))?;
            let (a, b) = (a.trim_matches('\''), b.trim_matches('\''));
            if !changed.contains(a) {
                return Err(format!("CONTROL text not found: {a:?}"));
            }
            changed = changed.replace(a, b);
        }
        let want = directives(&text, "EXPECT-CYCLE-MERGED-CONTROL")
            .first()
            .map(|s| expected(s))
            .ok_or("CONTROL without EXPECT-CYCLE-MERGED-CONTROL")?;
        let (report, out) = merge_text(&changed, true)?;
        let got = cycle_merged(&report);
        if got != want {
            return Err(format!(
                "with the CONTROL change, cycle-merged {got:?}, expected {want:?}"
            ));
        }
        verify(opt, &out)?;
    }
    let before = run_program(dir, "before", &text)?;
    let after = run_program(dir, "after", &out)?;
    if before != after {
        return Err(format!(
            "output changed: {:?} vs {:?}",
            String::from_utf8_lossy(&before),
            String::from_utf8_lossy(&after)
        ));
    }
    Ok(got.len())
}

#[test]
fn cycle_fixtures_merge_as_stated_verify_and_run_the_same() {
    let Some(opt) = opt22() else { return };
    let files = fixtures("cycles");
    assert!(files.len() >= 8, "fixtures missing: {files:?}");
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut failures = Vec::new();
    let mut merged = 0;
    for f in &files {
        match check_fixture(&opt, f, tmp.path()) {
            Ok(n) => merged += n,
            Err(e) => failures.push(format!("{}: {e}", f.file_name().unwrap().to_string_lossy())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        merged >= 10,
        "only {merged} functions cycle-merged over all fixtures"
    );
}

/// On real modules: `--merge-cycles` output verifies, merges at least what the default mode
/// merges, and its extra merges are all marked.
#[test]
fn corpus_merges_with_cycles_verify() {
    let Some(opt) = opt22() else { return };
    let mut mods = Vec::new();
    for sub in ["c", "rust", "flavours"] {
        let Some(v) = corpus(sub) else { return };
        mods.extend(v);
    }
    let wanted = [
        "re2.ll",
        "zstd.ll",
        "fmtlib.ll",
        "tinyxml2.ll",
        "all_linked.ll",
        "rust-serde_json.O3g.ll",
        "zstd.O2g.ll",
    ];
    let mut checked = 0;
    let mut total_cycle = 0;
    for path in mods
        .iter()
        .filter(|p| wanted.contains(&p.file_name().unwrap().to_str().unwrap()))
    {
        let text = std::fs::read(path).unwrap();
        let mut m = mergefn_ir::parse_module(&text).unwrap();
        let plain = merge_functions(&mut m.clone(), &opts(false));
        let report = merge_functions(&mut m, &opts(true));
        let extra = report.merged.iter().filter(|r| r.cycle).count();
        assert_eq!(report.counts.cycles, extra, "{}", path.display());
        assert!(
            report.counts.merged >= plain.counts.merged,
            "{}: fewer merges with --merge-cycles",
            path.display()
        );
        let out = mergefn_ir::module_to_string(&m);
        verify(&opt, &out)
            .unwrap_or_else(|e| panic!("{}: {}", path.display(), &e[..e.len().min(2000)]));
        eprintln!("{}: {extra} cycle merges", path.display());
        total_cycle += extra;
        checked += 1;
    }
    assert!(
        checked >= 4 || !in_ci(),
        "too few corpus modules: {checked}"
    );
    eprintln!("{total_cycle} cycle merges in {checked} modules");
}
