//! Differential tests of `mergefn-merge` against `opt-22 -passes=mergefunc`.
//!
//! For each hand-written fixture (one behaviour each, in `tests/fixtures/merge/`) and each
//! corpus module, both outputs are normalised with `opt-22 -S` and must be identical; our
//! output must also pass `opt-22 -passes=verify`. Fixtures whose name contains `aliases` run
//! with aliases enabled on both sides.

use mergefn_tests::*;

#[test]
fn fixtures_merge_like_opt22() {
    let Some(opt) = opt22() else { return };
    let dir = workspace_root().join("tests/fixtures/merge");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut merged = 0;
    for f in &files {
        match differential(&opt, f) {
            Ok(r) => merged += r.counts.merged,
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    eprintln!(
        "merge fixtures: {} of {} agree with opt-22 ({merged} merges)",
        files.len() - failures.len(),
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(merged > 0, "the fixtures merge something");
}

fn corpus_differential(sub: &str) {
    let (Some(opt), Some(files)) = (opt22(), corpus(sub)) else {
        return;
    };
    let filter = std::env::var("MERGEFN_CORPUS_FILTER").unwrap_or_default();
    let mut failures = Vec::new();
    for f in files
        .iter()
        .filter(|f| f.to_string_lossy().contains(&filter))
    {
        let src = std::fs::read(f).expect("read a corpus module");
        match differential_text(&opt, f, &without_divergence_triggers(&src)) {
            Ok(r) => eprintln!(
                "{}: {} merged ({} thunks, {} deleted, {} new), identical to opt-22",
                f.file_name().unwrap_or_default().to_string_lossy(),
                r.counts.merged,
                r.counts.thunks,
                r.counts.deleted,
                r.counts.new_functions
            ),
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn clang_corpus_merges_like_opt22() {
    corpus_differential("c");
}

#[test]
fn rust_corpus_merges_like_opt22() {
    corpus_differential("rust");
}

#[test]
fn build_flavour_corpus_merges_like_opt22() {
    corpus_differential("flavours");
}

#[test]
fn cross_target_corpus_merges_like_opt22() {
    corpus_differential("cross");
}
