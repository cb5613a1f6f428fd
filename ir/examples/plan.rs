//! Time the scan that decides which bodies are kept as text (`lazy::plan`), alone, on all
//! cores: `cargo run --release --example plan -- in.ll [runs]`. Prints the best and median
//! of the runs and the throughput of the best.

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: plan IN.ll [RUNS]");
    let runs: usize = args
        .next()
        .map_or(20, |r| r.parse().expect("a number of runs"));
    let src = std::fs::read(&path).expect("readable input");
    let mut times = Vec::with_capacity(runs);
    let mut counts = (0, 0);
    for _ in 0..runs.max(1) {
        let t = std::time::Instant::now();
        counts = mergefn_ir::lazy::plan_counts(std::hint::black_box(&src));
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let (best, median) = (times[0], times[times.len() / 2]);
    eprintln!(
        "{path}: {} of {} bodies kept as text; best {:.2} ms ({:.0} MB/s), median {:.2} ms",
        counts.0,
        counts.1,
        best * 1e3,
        src.len() as f64 / 1e6 / best,
        median * 1e3
    );
}
