//! The whole pass under each lookup strategy (`Lookup::{Tree, Hybrid, Hash}`), on real modules
//! and on the synthetic worst case of [`near_identical_functions`]: `n` functions sharing
//! LLVM's structural hash, where the tree and hybrid bisect (log n comparisons per insert) and
//! the keyed `hash` buckets, which see the differing constant, compare nothing.
//!
//! Each iteration merges a fresh clone of the parsed module; cloning and dropping are outside
//! the timing.

mod common;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, SamplingMode};
use mergefn_benches::{corpus_module, near_identical_functions, RE2, REGEX_AUTOMATA};
use mergefn_ir::Module;
use mergefn_merge::{merge_functions, Lookup, Options};

const LOOKUPS: [(Lookup, &str); 3] = [
    (Lookup::Tree, "tree"),
    (Lookup::Hybrid, "hybrid"),
    (Lookup::Hash, "hash"),
];

/// Sizes of the synthetic module; the hash bucket scan at the largest takes seconds.
const SYNTHETIC_SIZES: [usize; 4] = [125, 250, 500, 1000];
/// Instructions in each synthetic function before the one that differs.
const SYNTHETIC_LEN: usize = 16;

fn bench_module(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    m: &Module,
    input: &str,
) {
    for (lookup, name) in LOOKUPS {
        let opts = Options {
            lookup,
            ..Default::default()
        };
        let counts = merge_functions(&mut m.clone(), &opts).counts;
        eprintln!(
            "{name} on {input}: {} comparisons, {} merged",
            counts.comparisons, counts.merged
        );
        group.bench_function(BenchmarkId::new(name, input), |b| {
            b.iter_batched(
                || m.clone(),
                |mut m| {
                    merge_functions(&mut m, &opts);
                    m
                },
                BatchSize::PerIteration,
            )
        });
    }
}

fn lookup(c: &mut Criterion) {
    let mut group = c.benchmark_group("lookup/real");
    group.sampling_mode(SamplingMode::Flat);
    for rel in [RE2, REGEX_AUTOMATA] {
        if let Some(m) = corpus_module(rel) {
            bench_module(&mut group, &m, rel);
        }
    }
    group.finish();

    let mut group = c.benchmark_group("lookup/synthetic");
    group.sampling_mode(SamplingMode::Flat);
    for n in SYNTHETIC_SIZES {
        let text = near_identical_functions(n, SYNTHETIC_LEN);
        let m = mergefn_ir::parse_module(text.as_bytes()).expect("the synthetic module parses");
        bench_module(&mut group, &m, &format!("n={n}"));
    }
    group.finish();
}

criterion_group! { name = benches; config = common::criterion(); targets = lookup }
criterion_main!(benches);
