//! Read a `.ll` file and print it back, timing both halves: `cargo run --release --example
//! read_write -- in.ll > out.ll`. A quick way to measure reader and writer throughput.

fn main() {
    let path = std::env::args().nth(1).expect("usage: read_write IN.ll");
    let src = std::fs::read(&path).expect("readable input");
    let t = std::time::Instant::now();
    let m = match mergefn_ir::parse_module(&src) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {path}:{e}");
            std::process::exit(1);
        }
    };
    let parsed = t.elapsed();
    let t = std::time::Instant::now();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    mergefn_ir::write_module(&m, &mut out).expect("stdout");
    let written = t.elapsed();
    let mb = src.len() as f64 / 1e6;
    eprintln!(
        "read {mb:.1} MB in {:.3}s ({:.0} MB/s), wrote in {:.3}s",
        parsed.as_secs_f64(),
        mb / parsed.as_secs_f64(),
        written.as_secs_f64()
    );
}
