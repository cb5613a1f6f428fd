//! Time the verifier alone (`verify_module`), on all cores, on a module read as `mergefn merge`
//! reads it (bodies that cannot equal another kept as text, so not verified):
//! `cargo run --release --example verify -- in.ll [runs]`. Prints the best and median of the
//! runs.

use std::sync::Arc;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: verify IN.ll [RUNS]");
    let runs: usize = args
        .next()
        .map_or(20, |r| r.parse().expect("a number of runs"));
    let src: Arc<Vec<u8>> = Arc::new(std::fs::read(&path).expect("readable input"));
    let opts = mergefn_ir::ReadOptions {
        lazy_source: Some(mergefn_ir::lazy::Source::new(src.clone())),
        opaque_pointers: false,
    };
    let (m, _) = mergefn_ir::parse_module_with_options(&src, &mut |_| {}, &opts)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut times = Vec::with_capacity(runs);
    let mut verdict = Ok(());
    for _ in 0..runs.max(1) {
        let t = std::time::Instant::now();
        verdict = mergefn_ir::verify_module(std::hint::black_box(&m));
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    eprintln!(
        "{path}: {}; best {:.2} ms, median {:.2} ms",
        verdict.map_or_else(|e| format!("refused: {e}"), |()| "valid".into()),
        times[0] * 1e3,
        times[times.len() / 2] * 1e3
    );
}
