//! Where LLVM 22 is known to miscompile (reported upstream), mergefn is right instead. Each
//! fixture in `tests/fixtures/divergences/` is a pair of functions LLVM 22 merges although
//! they are not interchangeable; the test checks both halves: opt-22 merges them, we do not.
//! docs/DIVERGENCES.md lists each case with its upstream issue.

use mergefn_merge::{merge_functions, Options};
use mergefn_tests::*;

#[test]
fn known_llvm_miscompiles_are_not_repeated() {
    let Some(opt) = opt22() else { return };
    let files = fixtures("divergences");
    assert!(files.len() >= 4, "the divergence fixtures are there");
    for f in &files {
        let src = std::fs::read(f).expect("readable fixture");
        let defines = |text: &str| {
            text.lines()
                .filter(|l| l.starts_with("define"))
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
        };
        let before = defines(&String::from_utf8_lossy(&src));
        let theirs = String::from_utf8(
            // -disable-verify: where LLVM 22 writes IR its own verifier rejects (a thunk
            // calling a shader entry point), opt still shows what it made.
            run_opt(
                &opt,
                &["-S", "-passes=mergefunc", "-disable-verify", "-o", "-"],
                &src,
            )
            .expect("opt runs"),
        )
        .expect("utf-8");
        let opt_changed = defines(&theirs) != before || theirs.contains("tail call");
        assert!(
            opt_changed,
            "{}: opt-22 no longer merges this pair; update docs/DIVERGENCES.md",
            f.display()
        );
        let mut m = mergefn_ir::parse_module(&src).expect("fixture parses");
        let report = merge_functions(&mut m, &Options::default());
        assert_eq!(
            report.counts.merged,
            0,
            "{}: we merged {:?}",
            f.display(),
            report.merged
        );
        // Nothing else changed either (no caller redirected to the other).
        let before = mergefn_ir::module_to_string(&mergefn_ir::parse_module(&src).expect("parses"));
        assert_eq!(
            mergefn_ir::module_to_string(&m),
            before,
            "{}: we changed the module: {:?}",
            f.display(),
            report.merged
        );
    }
}

/// Where opt-22 aborts, mergefn still decides: each fixture in `tests/fixtures/opt_crashes/`
/// is a module opt-22's `mergefunc` crashes on, and says in its comments which pair is kept
/// apart and which is merged. The test checks opt-22 still fails, our output passes opt-22's
/// verifier, and we merge exactly the functions named `*_again` into the one without the
/// suffix.
#[test]
fn llvm_crashes_are_not_repeated() {
    let Some(opt) = opt22() else { return };
    let files = fixtures("opt_crashes");
    assert!(!files.is_empty(), "the crash fixtures are there");
    for f in &files {
        let src = std::fs::read(f).expect("readable fixture");
        assert!(
            run_opt(&opt, &["-S", "-passes=mergefunc", "-o", "-"], &src).is_err(),
            "{}: opt-22 no longer fails on this module; update docs/DIVERGENCES.md",
            f.display()
        );
        let mut m = mergefn_ir::parse_module(&src).expect("fixture parses");
        let report = merge_functions(&mut m, &Options::default());
        let mut merged: Vec<(String, String)> = report
            .merged
            .iter()
            .map(|r| (r.function.clone(), r.into.clone()))
            .collect();
        merged.sort();
        let mut expected: Vec<(String, String)> = String::from_utf8_lossy(&src)
            .lines()
            .filter_map(|l| l.strip_prefix("define internal void @"))
            .filter_map(|l| l.split('(').next())
            .filter_map(|name| {
                let base = name.strip_suffix("_again")?;
                Some((name.to_string(), base.to_string()))
            })
            .collect();
        expected.sort();
        assert!(
            !expected.is_empty(),
            "{}: names no pair to merge",
            f.display()
        );
        assert_eq!(merged, expected, "{}", f.display());
        let out = mergefn_ir::module_to_string(&m);
        run_opt(&opt, &["-passes=verify", "-disable-output"], out.as_bytes())
            .unwrap_or_else(|e| panic!("{}: our output is invalid: {e}", f.display()));
    }
}

/// LLVM 22's self-address miscompile (llvm/llvm-project#213206), met by a real build flag:
/// `tests/fixtures/divergences/self_address_profile.c` built with `-finstrument-functions`
/// reports each function it enters by the address the function passes to the profiling
/// hooks. Built as is, after mergefn and after opt-22 (clang-22 from the IR at `-O0`): ours
/// prints what the original prints; opt-22's reports the wrong function.
#[test]
fn an_instrumented_program_reports_the_same_functions_after_merging() {
    let Some(opt) = opt22() else { return };
    let clang = std::path::PathBuf::from("/usr/lib/llvm-22/bin/clang");
    if !clang.exists() {
        assert!(!in_ci(), "LLVM 22's clang is required under CI=true");
        eprintln!("skipping: {} is missing", clang.display());
        return;
    }
    let src = workspace_root().join("tests/fixtures/divergences/self_address_profile.c");
    let dir = tempfile::tempdir().expect("temp dir");
    let ll = dir.path().join("profile.ll");
    let status = std::process::Command::new(&clang)
        .args(["-O1", "-finstrument-functions", "-S", "-emit-llvm", "-w"])
        .arg(&src)
        .arg("-o")
        .arg(&ll)
        .status()
        .expect("clang runs");
    assert!(status.success(), "clang-22 compiles {}", src.display());
    let text = std::fs::read(&ll).expect("IR written");

    let mut m = mergefn_ir::parse_module(&text).expect("clang's IR parses");
    merge_functions(&mut m, &Options::default());
    let ours = dir.path().join("ours.ll");
    std::fs::write(&ours, mergefn_ir::module_to_string(&m)).expect("written");
    let theirs = dir.path().join("theirs.ll");
    let merged = run_opt(&opt, &["-S", "-passes=mergefunc", "-o", "-"], &text).expect("opt runs");
    std::fs::write(&theirs, merged).expect("written");

    let run = |ll: &std::path::Path| -> String {
        let exe = ll.with_extension("exe");
        let built = std::process::Command::new(&clang)
            .args(["-O0", "-w"])
            .arg(ll)
            .arg("-o")
            .arg(&exe)
            .status()
            .expect("clang runs");
        assert!(built.success(), "{} builds", ll.display());
        let out = std::process::Command::new(&exe).output().expect("runs");
        assert!(out.status.success(), "{} runs", exe.display());
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let original = run(&ll);
    assert!(
        original.contains("enter twice_b"),
        "the original reports its calls:\n{original}"
    );
    assert_eq!(
        run(&ours),
        original,
        "mergefn changed what the program reports"
    );
    assert_ne!(
        run(&theirs),
        original,
        "opt-22 no longer loses the profile: update docs/DIVERGENCES.md"
    );
}
