//! Reader and writer throughput (bytes of `.ll` per second) on real modules. `parse` is what
//! users get (function bodies on all threads for inputs of 1 MiB and more), `parse_serial` the
//! reader on one thread.
//!
//! Parsing excludes dropping the module; printing writes into a reused buffer, so neither
//! measures the allocator's work on the other side of the call.

mod common;

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mergefn_benches::{corpus_text, RE2, REGEX_AUTOMATA};
use mergefn_ir::{parse_module, parse_module_serial, write_module};

fn reader_writer(c: &mut Criterion) {
    let mut group = c.benchmark_group("reader_writer");
    for rel in [RE2, REGEX_AUTOMATA] {
        let Some(text) = corpus_text(rel) else {
            continue;
        };
        let m = parse_module(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let mut out = Vec::new();
        write_module(&m, &mut out).expect("writing to memory");

        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(BenchmarkId::new("parse", rel), |b| {
            b.iter_with_large_drop(|| parse_module(black_box(&text)).unwrap())
        });
        group.bench_function(BenchmarkId::new("parse_serial", rel), |b| {
            b.iter_with_large_drop(|| parse_module_serial(black_box(&text)).unwrap())
        });
        group.throughput(Throughput::Bytes(out.len() as u64));
        group.bench_function(BenchmarkId::new("print", rel), |b| {
            b.iter(|| {
                out.clear();
                write_module(black_box(&m), &mut out).expect("writing to memory");
            })
        });
    }
    group.finish();
}

criterion_group! { name = benches; config = common::criterion(); targets = reader_writer }
criterion_main!(benches);
