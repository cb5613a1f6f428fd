//! The reader/writer round trip on real IR: `opt -S original` and `opt -S (print original)`
//! must be identical. LLVM 22 normalises opaque-pointer modules; LLVM 14 the typed ones.

use mergefn_tests::*;
use std::path::Path;

fn roundtrip(opt: &Path, path: &Path) -> Result<(), String> {
    let src = std::fs::read(path).map_err(|e| e.to_string())?;
    let m = mergefn_ir::parse_module(&src)
        .map_err(|e| format!("parse error at {e}\n  {}", e.line_text))?;
    let printed = mergefn_ir::module_to_string(&m);
    let expected = normalise(opt, &src).map_err(|e| format!("opt rejects the original: {e}"))?;
    let actual = normalise(opt, printed.as_bytes()).map_err(|e| {
        let _ = std::fs::write("/tmp/mergefn-roundtrip-fail.ll", &printed);
        format!(
            "opt rejects our output (saved to /tmp/mergefn-roundtrip-fail.ll): {}",
            e.lines().take(3).collect::<Vec<_>>().join("\n")
        )
    })?;
    if expected != actual {
        let _ = std::fs::write("/tmp/mergefn-roundtrip-fail.ll", &printed);
        return Err(format!(
            "normalised outputs differ at {}",
            first_difference(&expected, &actual)
        ));
    }
    // Printing is a fixed point: reading our output and printing again changes nothing.
    let again = mergefn_ir::parse_module(printed.as_bytes())
        .map_err(|e| format!("cannot re-read our output: {e}"))?;
    let printed_again = mergefn_ir::module_to_string(&again);
    if printed_again != printed {
        return Err(format!(
            "printing our own output again changes it at {}",
            first_difference(&printed, &printed_again)
        ));
    }
    Ok(())
}

fn run(sub: &str, opt: Option<std::path::PathBuf>) {
    let (Some(opt), Some(files)) = (opt, corpus(sub)) else {
        return;
    };
    let filter = std::env::var("MERGEFN_CORPUS_FILTER").unwrap_or_default();
    let mut failures = Vec::new();
    let mut n = 0;
    for f in files
        .iter()
        .filter(|f| f.to_string_lossy().contains(&filter))
    {
        n += 1;
        if let Err(e) = roundtrip(&opt, f) {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    eprintln!(
        "round trip: {} of {n} {sub} modules identical after normalisation",
        n - failures.len()
    );
    assert!(
        failures.is_empty(),
        "round trip failed:\n{}",
        failures.join("\n")
    );
}

#[test]
fn rust_corpus_round_trips_through_opt22() {
    run("rust", opt22());
}

#[test]
fn clang_corpus_round_trips_through_opt22() {
    run("c", opt22());
}

#[test]
fn build_flavour_corpus_round_trips_through_opt22() {
    // -O2 -g, -Os -g, line tables, CFI, kCFI, sanitizers, coverage, OpenMP, LTO bitcode.
    run("flavours", opt22());
}

#[test]
fn cross_target_corpus_round_trips_through_opt22() {
    run("cross", opt22());
}

#[test]
fn other_front_end_corpus_round_trips_through_opt22() {
    run("langs", opt22());
}

#[test]
fn typed_pointer_corpus_round_trips_through_opt14() {
    run("typed", opt14());
}
