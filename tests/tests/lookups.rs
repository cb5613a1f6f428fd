//! Every lookup strategy (`--lookup tree|hybrid|hash`) finds the same equal functions, so the
//! merged modules are identical: on every merge fixture, on every corpus module, and on the
//! synthetic worst case (functions that differ only in their last constant).
//!
//! Together with `merge_vs_opt.rs` (hybrid against opt-22), this makes every strategy agree
//! with opt-22. The counts also show what each strategy is for: on the worst case the pure
//! tree and the hybrid compare many times, the keyed buckets not at all.

use mergefn_merge::{merge_functions, Lookup, Options, Report};
use mergefn_tests::{corpus, fixtures, workspace_root};

const LOOKUPS: [Lookup; 3] = [Lookup::Hybrid, Lookup::Tree, Lookup::Hash];

fn merged(src: &[u8], lookup: Lookup) -> (String, Report) {
    let mut m = mergefn_ir::parse_module(src).expect("module reads");
    let report = merge_functions(
        &mut m,
        &Options {
            lookup,
            ..Default::default()
        },
    );
    (mergefn_ir::module_to_string(&m), report)
}

/// Merge `src` under each strategy; all outputs must equal the hybrid's. Returns the reports.
fn all_agree(name: &str, src: &[u8]) -> Vec<Report> {
    let (reference, first) = merged(src, Lookup::Hybrid);
    let mut reports = vec![first];
    for lookup in &LOOKUPS[1..] {
        let (out, report) = merged(src, *lookup);
        assert!(
            out == reference,
            "{name}: --lookup {lookup:?} merges differently from hybrid: {}",
            mergefn_tests::first_difference(&reference, &out)
        );
        assert_eq!(report.counts.merged, reports[0].counts.merged, "{name}");
        reports.push(report);
    }
    reports
}

fn check_dir(paths: &[std::path::PathBuf]) {
    for p in paths {
        let src = std::fs::read(p).expect("readable");
        all_agree(&p.display().to_string(), &src);
    }
}

#[test]
fn fixtures_merge_alike_under_every_lookup() {
    let dir = workspace_root().join("tests/fixtures/merge");
    let paths = fixtures("merge");
    assert!(
        paths.len() >= 20,
        "expected the merge fixtures in {}",
        dir.display()
    );
    check_dir(&paths);
}

#[test]
fn corpus_merges_alike_under_every_lookup() {
    for sub in ["c", "rust", "typed"] {
        let Some(paths) = corpus(sub) else { return };
        check_dir(&paths);
    }
}

#[test]
fn near_identical_functions_need_no_comparison_under_hash_lookup() {
    let src = mergefn_benches::near_identical_functions(300, 20);
    let reports = all_agree("near_identical_functions", src.as_bytes());
    let (hybrid, tree, hash) = (&reports[0], &reports[1], &reports[2]);
    assert_eq!(hybrid.counts.merged, 0);
    // Hybrid and tree order by the comparator: about log2(n) comparisons per insert.
    assert!(hybrid.counts.comparisons >= 300 * 5, "{:?}", hybrid.counts);
    assert!(tree.counts.comparisons >= 300 * 5, "{:?}", tree.counts);
    // The keyed buckets see the differing constant: every function has a bucket of its own.
    assert_eq!(hash.counts.comparisons, 0, "{:?}", hash.counts);
}
