//! The comparator on real pairs of functions that share a structural hash — the only pairs
//! MergeFunctions ever compares under its default lookup — split into pairs that compare
//! equal (the whole of both bodies is walked) and pairs that differ despite the hash (the
//! cost the hash cannot save); and the structural hash itself, per function.

mod common;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use mergefn_benches::{corpus_module, defined_functions, hash_mates, RE2};
use mergefn_compare::{structural_hash, FunctionComparator, GlobalNumbers};

/// Pairs of each kind to time per iteration.
const PAIRS: usize = 500;

fn comparator(c: &mut Criterion) {
    let Some(m) = corpus_module(RE2) else { return };
    let mates = hash_mates(&m, PAIRS);
    let functions = defined_functions(&m);
    eprintln!(
        "comparator on {RE2}: {} equal and {} unequal same-hash pairs, {} defined functions",
        mates.equal.len(),
        mates.unequal.len(),
        functions.len()
    );
    // One numbering for the whole run, as the pass shares one across all its comparisons.
    let numbers = GlobalNumbers::new();

    let mut group = c.benchmark_group("comparator");
    for (name, pairs) in [
        ("equal_pairs", &mates.equal),
        ("unequal_same_hash_pairs", &mates.unequal),
    ] {
        group.throughput(Throughput::Elements(pairs.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for &(f, g) in pairs {
                    black_box(FunctionComparator::new(&m, f, g, &numbers).compare());
                }
            })
        });
    }
    group.throughput(Throughput::Elements(functions.len() as u64));
    group.bench_function("structural_hash", |b| {
        b.iter(|| {
            for &f in &functions {
                black_box(structural_hash(&m, f));
            }
        })
    });
    group.finish();
}

criterion_group! { name = benches; config = common::criterion(); targets = comparator }
criterion_main!(benches);
