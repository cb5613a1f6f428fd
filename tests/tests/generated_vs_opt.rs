//! The differential generator's bounded run: `scripts/mergefuzz.py --emit` writes random
//! modules of functions equal up to names (every linkage, visibility, DLL storage,
//! unnamed_addr and comdat; referenced from calls, initializers, aliases, block addresses,
//! metadata and debug records; bodies partly from `llvm-stress-22`), and each must merge as
//! opt-22 merges it, with output opt-22's verifier accepts. The script itself runs many more
//! (see its header); this keeps a fixed few hundred cases in every test run.

use mergefn_tests::*;
use std::path::PathBuf;
use std::process::Command;

/// Modules and cases per module of the bounded run (fixed seeds: the same cases each run).
const MODULES: u32 = 12;
const CASES_PER_MODULE: u32 = 25;

#[test]
fn generated_modules_merge_like_opt22() {
    let Some(opt) = opt22() else { return };
    let stress = PathBuf::from("/usr/lib/llvm-22/bin/llvm-stress");
    if !stress.exists() {
        assert!(!in_ci(), "llvm-stress-22 is required under CI=true");
        eprintln!("skipping: {} is missing", stress.display());
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let status = Command::new("python3")
        .arg(workspace_root().join("scripts/mergefuzz.py"))
        .args(["--emit", &dir.path().to_string_lossy()])
        .args(["--modules", &MODULES.to_string()])
        .args(["--cases-per-module", &CASES_PER_MODULE.to_string()])
        .args(["--seed", "424242"])
        .status();
    match status {
        Ok(s) => assert!(s.success(), "the generator failed: {s}"),
        Err(e) => {
            assert!(!in_ci(), "python3 is required under CI=true: {e}");
            eprintln!("skipping: cannot run python3: {e}");
            return;
        }
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .expect("generated modules")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    assert_eq!(files.len(), MODULES as usize, "every module was written");
    let mut failures = Vec::new();
    let (mut merged, mut accepted) = (0, 0);
    for f in &files {
        // A module opt-22 itself cannot merge (it aborts on its own output) says nothing.
        let src = std::fs::read(f).expect("readable");
        let mut args = vec!["-passes=mergefunc", "-disable-output"];
        if f.to_string_lossy().contains("aliases") {
            args.push("-mergefunc-use-aliases");
        }
        if f.to_string_lossy().contains("preserve_debug_info") {
            args.push("-mergefunc-preserve-debug-info");
        }
        if run_opt(&opt, &args, &src).is_err() {
            continue;
        }
        accepted += 1;
        match differential(&opt, f) {
            Ok(r) => merged += r.counts.merged,
            Err(e) => {
                let keep = std::env::temp_dir().join(f.file_name().expect("a file name"));
                let _ = std::fs::copy(f, &keep);
                failures.push(format!(
                    "{} (input kept as {}): {e}",
                    f.display(),
                    keep.display()
                ));
            }
        }
    }
    eprintln!(
        "generated: {} modules ({} cases each), {accepted} valid for opt-22, {} merge like \
         opt-22 ({merged} merges)",
        files.len(),
        CASES_PER_MODULE,
        accepted - failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        accepted * 2 > files.len(),
        "most generated modules are valid for opt-22"
    );
    assert!(merged > 0, "the generated modules merge something");
}
