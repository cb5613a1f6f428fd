//! `mergefn merge` as users run it on big real modules: bodies that cannot merge are kept as
//! text (inputs of 1 MiB and more), the input is mapped and its pages released behind the
//! reader and the writer. The output must be the module the library makes when it reads
//! every body (both read again in full and printed), and valid for opt-22.

use mergefn_tests::{corpus, opt22, reprinted, run_opt};
use std::path::Path;
use std::process::Command;

/// The corpus module `sub/name`, if built.
fn module(sub: &str, name: &str) -> Option<std::path::PathBuf> {
    corpus(sub)?.into_iter().find(|p| p.ends_with(name))
}

/// Run `mergefn merge INPUT -o OUT` with `args` more; the output's bytes.
fn merge(input: &Path, out: &Path, args: &[&str]) -> Vec<u8> {
    let run = Command::new(env!("CARGO_BIN_EXE_mergefn"))
        .arg("merge")
        .arg(input)
        .arg("-o")
        .arg(out)
        .args(args)
        .output()
        .expect("mergefn runs");
    assert!(
        run.status.success(),
        "{}: {}",
        input.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    std::fs::read(out).unwrap()
}

#[test]
fn the_binary_merges_big_modules_as_a_full_read_does() {
    let mut checked = 0;
    let mut kept = 0;
    for (sub, name) in [
        ("c", "re2.ll"),
        ("rust", "all_linked.ll"),
        ("flavours", "zstd.O2g.ll"),
        ("flavours", "re2.O2g.ll"),
        ("programs", "zstd_prog.O2g.ll"),
    ] {
        let Some(path) = module(sub, name) else {
            continue;
        };
        let dir = tempfile::tempdir().unwrap();
        let report = dir.path().join("r.json");
        let report_arg = report.to_str().unwrap();
        let ours = merge(&path, &dir.path().join("out.ll"), &["--report", report_arg]);
        let r: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
        kept += r["counts"]["kept_as_text"].as_u64().unwrap_or(0);
        let src = std::fs::read(&path).unwrap();
        let mut full = mergefn_ir::parse_module(&src).expect("reads");
        mergefn_merge::merge_functions(&mut full, &Default::default());
        let again = |text: &[u8]| reprinted(text).expect("the output reads again");
        let (a, b) = (
            again(mergefn_ir::module_to_string(&full).as_bytes()),
            again(&ours),
        );
        // The binary names the module after its input path; the library leaves it unnamed.
        let strip = |s: &str| {
            s.lines()
                .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert!(
            strip(&a) == strip(&b),
            "{}: the binary's output differs from a full read's",
            path.display()
        );
        if let Some(opt) = opt22() {
            run_opt(&opt, &["-passes=verify", "-disable-output"], &ours)
                .unwrap_or_else(|e| panic!("{}: output does not verify: {e}", path.display()));
        }
        checked += 1;
    }
    assert!(
        checked == 0 || kept > 1000,
        "only {kept} bodies kept as text"
    );
}

/// Every lookup strategy gives the same output with bodies kept as text.
#[test]
fn every_lookup_gives_the_same_output() {
    let Some(path) = module("c", "re2.ll") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let outputs: Vec<Vec<u8>> = ["hash", "tree", "hybrid"]
        .iter()
        .map(|lookup| {
            let out = dir.path().join(format!("{lookup}.ll"));
            merge(&path, &out, &["--lookup", lookup])
        })
        .collect();
    assert!(outputs[0] == outputs[1], "tree differs from hash");
    assert!(outputs[0] == outputs[2], "hybrid differs from hash");
}
