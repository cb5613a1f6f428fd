//! Inputs for the Criterion benchmarks in `benches/benches/`: real modules from the corpus and
//! a synthetic worst case for the lookup structures.
//!
//! The benchmarks themselves measure; everything they need to *choose* (which module, which
//! pairs of functions) lives here, so the choice is one piece of code with tests, and so that
//! `cargo test` checks it without running a benchmark.
//!
//! The corpus (`target/corpus/`, built by `scripts/corpus.sh`) is optional: a benchmark whose
//! module is missing prints a note and measures nothing, so `cargo bench` works on a fresh
//! checkout.

use mergefn_compare::{structural_hash, FunctionComparator, GlobalNumbers};
use mergefn_ir::{GlobalId, Module};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The mid-size real module most benchmarks use: re2 (C++, 9 MB of IR, ~2000 functions merge).
pub const RE2: &str = "c/re2.ll";
/// A Rust module of similar size with few merges: lookup cost when most buckets are singletons.
pub const REGEX_AUTOMATA: &str = "rust/regex_automata.ll";

/// The text of corpus module `rel` (relative to `target/corpus/`), or `None` after printing
/// a note when the corpus has not been built.
pub fn corpus_text(rel: &str) -> Option<Vec<u8>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../target/corpus")
        .join(rel);
    match std::fs::read(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!(
                "note: skipping benchmarks on {rel}: cannot read {} ({e}); run scripts/corpus.sh",
                path.display()
            );
            None
        }
    }
}

/// Corpus module `rel`, parsed; `None` (with a note) when it is missing.
///
/// Panics if the module does not parse: the corpus is real LLVM output, so that is a reader bug.
pub fn corpus_module(rel: &str) -> Option<Module> {
    let text = corpus_text(rel)?;
    Some(mergefn_ir::parse_module(&text).unwrap_or_else(|e| panic!("{rel}: {e}")))
}

/// `n` functions that are equal except for the constant in their last instruction, each a
/// chain of `len` arithmetic instructions on its argument.
///
/// LLVM's structural hash ignores constants, so all `n` share one hash and none merge: the
/// worst case for [`mergefn_merge::Lookup::Hybrid`] and [`mergefn_merge::Lookup::Tree`], which
/// pay `log n` comparisons per insert, each walking the whole chain before it finds the
/// difference. [`mergefn_merge::Lookup::Hash`] keys by `StructuralHasher::key`, which sees the constant,
/// and compares nothing.
pub fn near_identical_functions(n: usize, len: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        writeln!(s, "define i32 @f{i}(i32 %x) {{\nentry:").unwrap();
        let mut prev = "%x".to_string();
        for j in 0..len {
            let op = if j % 2 == 0 { "add" } else { "mul" };
            writeln!(s, "  %v{j} = {op} i32 {prev}, {}", j + 3).unwrap();
            prev = format!("%v{j}");
        }
        writeln!(s, "  %r = xor i32 {prev}, {i}\n  ret i32 %r\n}}\n").unwrap();
    }
    s
}

/// Pairs of functions with the same structural hash, split by the comparator's verdict.
#[derive(Debug, Default)]
pub struct HashMates {
    /// Pairs that compare `Equal`: the comparator walks both bodies to the end.
    pub equal: Vec<(GlobalId, GlobalId)>,
    /// Pairs that share a hash but differ: the case the hash cannot spare the comparator.
    pub unequal: Vec<(GlobalId, GlobalId)>,
}

/// Up to `limit` equal and `limit` unequal pairs among the defined functions of `m`, taken in
/// hash order, each bucket paired against its first function.
pub fn hash_mates(m: &Module, limit: usize) -> HashMates {
    let mut buckets: BTreeMap<u64, Vec<GlobalId>> = BTreeMap::new();
    for f in defined_functions(m) {
        buckets.entry(structural_hash(m, f)).or_default().push(f);
    }
    let numbers = GlobalNumbers::new();
    let mut mates = HashMates::default();
    for bucket in buckets.values() {
        let Some((&first, rest)) = bucket.split_first() else {
            continue;
        };
        for &g in rest {
            let side = match FunctionComparator::new(m, first, g, &numbers).compare() {
                Ordering::Equal => &mut mates.equal,
                _ => &mut mates.unequal,
            };
            if side.len() < limit {
                side.push((first, g));
            }
        }
        if mates.equal.len() >= limit && mates.unequal.len() >= limit {
            break;
        }
    }
    mates
}

/// The functions of `m` that have a body, in module order.
pub fn defined_functions(m: &Module) -> Vec<GlobalId> {
    m.functions()
        .filter(|&f| m.function(f).is_some_and(|func| func.body.is_some()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mergefn_merge::{merge_functions, Lookup, Options};

    #[test]
    fn near_identical_functions_share_one_hash_and_never_merge() {
        let m = mergefn_ir::parse_module(near_identical_functions(20, 6).as_bytes()).unwrap();
        let fs = defined_functions(&m);
        assert_eq!(fs.len(), 20);
        assert!(fs
            .iter()
            .all(|&f| structural_hash(&m, f) == structural_hash(&m, fs[0])));
        for lookup in [Lookup::Tree, Lookup::Hash, Lookup::Hybrid] {
            let report = merge_functions(
                &mut m.clone(),
                &Options {
                    lookup,
                    ..Default::default()
                },
            );
            assert_eq!(report.counts.merged, 0, "{lookup:?}");
        }
    }

    #[test]
    fn keyed_buckets_see_the_constant_and_the_tree_bisects() {
        let n = 64;
        let m = mergefn_ir::parse_module(near_identical_functions(n, 2).as_bytes()).unwrap();
        let comparisons = |lookup| {
            merge_functions(
                &mut m.clone(),
                &Options {
                    lookup,
                    ..Default::default()
                },
            )
            .counts
            .comparisons
        };
        assert_eq!(comparisons(Lookup::Hash), 0);
        let tree = comparisons(Lookup::Tree);
        assert!(tree > n as u64 && tree < (n * 8) as u64, "{tree}");
    }

    #[test]
    fn hash_mates_are_split_by_the_comparator() {
        let text = "define i32 @a(i32 %x) {\n  %r = add i32 %x, 1\n  ret i32 %r\n}\n\
                    define i32 @b(i32 %x) {\n  %r = add i32 %x, 1\n  ret i32 %r\n}\n\
                    define i32 @c(i32 %x) {\n  %r = add i32 %x, 2\n  ret i32 %r\n}\n\
                    define i32 @d(i32 %x) {\n  ret i32 %x\n}\n";
        let m = mergefn_ir::parse_module(text.as_bytes()).unwrap();
        let id = |n: &str| m.global_by_name(n).unwrap();
        let mates = hash_mates(&m, 10);
        assert_eq!(mates.equal, vec![(id("a"), id("b"))]);
        assert_eq!(mates.unequal, vec![(id("a"), id("c"))]);
    }
}
