//! `--merge-similar` (not an LLVM pass, so no differential against opt-22): every fixture in
//! `tests/fixtures/similar/` states which functions merge (`; EXPECT-MERGED: f g`) and, where
//! it checks it, which of them vanish behind rewritten calls (`; EXPECT-REWRITTEN: f`), how
//! many extra parameters the shared body takes (`; EXPECT-PARAMS: n`), and text the output
//! must lack (`; EXPECT-NO-TEXT: !tbaa !`) or have (`; EXPECT-TEXT: mul nsw`). A refusal fixture also names the one
//! change that makes it merge (`; CONTROL: 'old' -> 'new'`, with
//! `; EXPECT-MERGED-CONTROL:`), so it fails if the refusal has another cause. Every output is
//! checked by opt-22's verifier, and fixtures with a `main` are built and run before and after:
//! the output must be byte-identical. On the corpus, every module merges into IR opt-22
//! verifies, and the re2 and zstd programs print what they printed before.

use mergefn_merge::{merge_functions, Kind, Options, Report};
use mergefn_tests::*;
use std::path::Path;
use std::process::Command;

fn similar_opts() -> Options {
    Options {
        merge_similar: true,
        ..Options::default()
    }
}

fn directives<'a>(text: &'a str, key: &str) -> Vec<&'a str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("; ")?.strip_prefix(key)?.strip_prefix(':'))
        .map(str::trim)
        .collect()
}

/// `'old' -> 'new'` with `\n` escapes.
fn control(spec: &str) -> (String, String) {
    let (a, b) = spec
        .split_once("' -> '")
        .unwrap_or_else(|| panic!("bad CONTROL line: {spec}"));
    let unquote = |s: &str| s.trim_matches('\'').replace("\\n", "\n");
    (unquote(a), unquote(b))
}

fn merge_text(text: &str) -> Result<(Report, String), String> {
    let mut m = mergefn_ir::parse_module(text.as_bytes()).map_err(|e| format!("parse: {e}"))?;
    let report = merge_functions(&mut m, &similar_opts());
    Ok((report, mergefn_ir::module_to_string(&m)))
}

fn names(report: &Report, kinds: &[Kind]) -> Vec<String> {
    let mut v: Vec<String> = report
        .merged
        .iter()
        .filter(|r| kinds.contains(&r.kind))
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
    let out = Command::new("/usr/lib/llvm-22/bin/clang++")
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
    let want = directives(&text, "EXPECT-MERGED")
        .first()
        .map(|s| expected(s))
        .ok_or("no EXPECT-MERGED line")?;
    let (report, out) = merge_text(&text)?;
    let got = names(&report, &[Kind::Parameterized, Kind::Rewritten]);
    if got != want {
        return Err(format!("parameterized {got:?}, expected {want:?}"));
    }
    if let Some(list) = directives(&text, "EXPECT-REWRITTEN").first() {
        let rewritten = names(&report, &[Kind::Rewritten]);
        if rewritten != expected(list) {
            return Err(format!(
                "callers rewritten for {rewritten:?}, expected {:?}",
                expected(list)
            ));
        }
    }
    if let Some(n) = directives(&text, "EXPECT-PARAMS").first() {
        let n: usize = n.parse().map_err(|_| "bad EXPECT-PARAMS")?;
        for r in report
            .merged
            .iter()
            .filter(|r| r.kind == Kind::Parameterized)
        {
            if r.args.len() != n {
                return Err(format!(
                    "{} passes {:?}, expected {n} arguments",
                    r.function, r.args
                ));
            }
        }
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
            let (a, b) = control(c);
            if !changed.contains(&a) {
                return Err(format!("CONTROL text not found: {a:?}"));
            }
            changed = changed.replace(&a, &b);
        }
        let want = directives(&text, "EXPECT-MERGED-CONTROL")
            .first()
            .map(|s| expected(s))
            .ok_or("CONTROL without EXPECT-MERGED-CONTROL")?;
        let (report, out) = merge_text(&changed)?;
        let got: Vec<String> = names(
            &report,
            &[
                Kind::Parameterized,
                Kind::Rewritten,
                Kind::Thunk,
                Kind::Deleted,
                Kind::Alias,
            ],
        );
        // An exact merge leaves one of the functions standing; a parameterized one names all.
        if !got.iter().all(|g| want.contains(g)) || got.len() + 1 < want.len() {
            return Err(format!(
                "with the CONTROL change, merged {got:?}, expected {want:?}"
            ));
        }
        verify(opt, &out)?;
    }
    if text.contains("define i32 @main()") {
        let before = run_program(dir, "before", &text)?;
        let after = run_program(dir, "after", &out)?;
        if before != after {
            return Err(format!(
                "output changed: {:?} vs {:?}",
                String::from_utf8_lossy(&before),
                String::from_utf8_lossy(&after)
            ));
        }
    }
    Ok(got.len())
}

#[test]
fn similar_fixtures_merge_as_stated_verify_and_run_the_same() {
    let Some(opt) = opt22() else { return };
    let files = fixtures("similar");
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut failures = Vec::new();
    let mut merged = 0;
    for f in &files {
        match check_fixture(&opt, f, tmp.path()) {
            Ok(n) => merged += n,
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        files.len() >= 10 && merged > 0,
        "the fixtures merge something"
    );
}

#[test]
fn similar_merge_output_verifies_on_the_corpus() {
    let Some(opt) = opt22() else { return };
    let mut files = corpus("c").unwrap_or_default();
    files.extend(
        corpus("rust")
            .unwrap_or_default()
            .into_iter()
            .filter(|f| std::fs::metadata(f).is_ok_and(|m| m.len() < 20 << 20)),
    );
    let mut failures = Vec::new();
    let mut total = 0;
    for f in &files {
        let src = std::fs::read(f).expect("read");
        let mut m = mergefn_ir::parse_module(&src).expect("the corpus parses");
        let report = merge_functions(&mut m, &similar_opts());
        total += report.counts.parameterized;
        eprintln!(
            "{}: {} functions parameterized into {} bodies",
            f.file_name().unwrap_or_default().to_string_lossy(),
            report.counts.parameterized,
            report
                .created
                .iter()
                .filter(|c| !c.starts_with('<'))
                .count()
        );
        let out = mergefn_ir::module_to_string(&m);
        if let Err(e) = verify(&opt, &out) {
            failures.push(format!(
                "{}: {}",
                f.display(),
                e.lines().next().unwrap_or("")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(total > 0, "the corpus has similar functions to merge");
}

/// The merges beyond LLVM's give the same module whichever reader read it: the parallel
/// reader (inputs of 1 MiB and more, on more than one thread) hands out global handles in
/// another order than the serial one (`-j 1`), and `--merge-similar` and `--merge-cycles`
/// once ordered what they make by handle. On the corpus modules of 1 MiB and more.
#[test]
fn similar_and_cycle_merges_do_not_depend_on_the_reader() {
    let Some(files) = corpus("c").map(|mut c| {
        c.extend(corpus("rust").unwrap_or_default());
        c
    }) else {
        return;
    };
    let opts = Options {
        merge_similar: true,
        merge_cycles: true,
        ..Options::default()
    };
    let mut compared = 0;
    for f in files
        .iter()
        .filter(|f| std::fs::metadata(f).is_ok_and(|m| (1 << 20..20 << 20).contains(&m.len())))
    {
        let src = std::fs::read(f).expect("read");
        let printed = |mut m: mergefn_ir::Module| {
            merge_functions(&mut m, &opts);
            mergefn_ir::module_to_string(&m)
        };
        let serial = printed(mergefn_ir::parse_module_serial(&src).expect("the corpus parses"));
        let Some(parallel) = mergefn_ir::parse_module_parallel(&src) else {
            continue; // text the parallel reader leaves to the serial one
        };
        let parallel = printed(parallel);
        assert!(
            serial == parallel,
            "{}: {}",
            f.display(),
            first_difference(&serial, &parallel)
        );
        compared += 1;
    }
    assert!(
        compared > 0 || !in_ci(),
        "no corpus module of 1 MiB or more was compared"
    );
}

/// Shared bodies are made in module order, whatever order the globals were first named in
/// (global ids follow first mention, and in the parallel reader the number of threads: with
/// more than one, real modules got their `.similar` bodies in another order than with
/// `-j 1`). Here a table naming the second triple first, written before or after the functions,
/// must give the same module.
#[test]
fn shared_bodies_come_in_module_order() {
    let body = |name: &str, ty: &str, c: u32| {
        let muls: String = (1..12)
            .map(|i| format!("  %a{i} = mul {ty} %a{}, %x\n", i - 1))
            .collect();
        format!(
            "define {ty} @{name}({ty} %x, ptr %p) {{\n  %a0 = add {ty} %x, {c}\n{muls}  \
             store {ty} %a11, ptr %p, align 4\n  ret {ty} %a11\n}}\n"
        )
    };
    let funcs: String = (1..4)
        .map(|c| body(&format!("a{c}"), "i64", c))
        .chain((1..4).map(|c| body(&format!("b{c}"), "i32", c)))
        .collect();
    let table = "@tbl = global [2 x ptr] [ptr @b1, ptr @a1]\n";
    let (ra, first) = merge_text(&format!("{table}{funcs}")).expect("merges");
    let (_, last) = merge_text(&format!("{funcs}{table}")).expect("merges");
    assert_eq!(ra.counts.parameterized, 6, "both triples share a body");
    assert!(first == last, "{}", first_difference(&last, &first));
}
