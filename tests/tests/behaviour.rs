//! Behaviour preserved, shown by running programs.
//!
//! Each module in `target/corpus/programs/` is a real library llvm-link'ed with a small
//! deterministic driver of ours (`tests/programs/`, built by `scripts/corpus.sh`). We compile
//! it to an executable three times — as is, after mergefn, after `opt-22 -passes=mergefunc` —
//! run the same workload on each, and require byte-identical stdout and stderr and the same
//! exit status. The modules are compiled at `-O0`: with thousands of functions that is several
//! times faster than `-O1` overall, and it runs the merged code as written (thunks, redirected
//! calls) rather than what the inliner leaves of it.

use mergefn_merge::{merge_functions, Options};
use mergefn_tests::*;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// LLVM 22's `clang++`, or `None` (outside CI) when it is missing.
fn clangxx22() -> Option<PathBuf> {
    let p = PathBuf::from("/usr/lib/llvm-22/bin/clang++");
    if p.exists() {
        return Some(p);
    }
    if in_ci() {
        panic!(
            "LLVM 22's clang++ ({}) is required under CI=true but is missing",
            p.display()
        );
    }
    eprintln!(
        "skipping: {} is missing (run .ci/run or scripts/corpus.sh)",
        p.display()
    );
    None
}

/// `target/corpus/programs/<name>.ll`, or `None` (outside CI) when it has not been built.
fn program(name: &str) -> Option<PathBuf> {
    let files = corpus("programs")?;
    let found = files
        .into_iter()
        .find(|f| f.file_stem().is_some_and(|s| s == name));
    if found.is_none() {
        let what = format!("target/corpus/programs/{name}.ll");
        if in_ci() {
            panic!("{what} is required under CI=true but is missing");
        }
        eprintln!("skipping: {what} is missing (run scripts/corpus.sh)");
    }
    found
}

/// What one run printed.
#[derive(PartialEq, Eq)]
struct Outcome {
    status: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl std::fmt::Debug for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "status {:?}, {} bytes of stdout, {} bytes of stderr",
            self.status,
            self.stdout.len(),
            self.stderr.len()
        )
    }
}

/// Compile `ll` into the executable `exe` at `-O0`. The Rust program (`rust_prog`) is
/// compiled to an object and linked with rustc's own link line (`scripts/link-rust.sh`).
fn build(clang: &Path, ll: &Path, exe: &Path) -> Result<Duration, String> {
    let start = Instant::now();
    let rust_args = ll
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("rust_prog"))
        .then(|| workspace_root().join("target/corpus/programs/rust_prog.d/link.args"));
    let out = match &rust_args {
        None => Command::new(clang)
            .args(["-O0", "-w"])
            .arg(ll)
            .arg("-o")
            .arg(exe)
            .arg("-lpthread")
            .output(),
        Some(args) => {
            let obj = exe.with_extension("o");
            let c = Command::new(clang.with_file_name("clang"))
                .args(["-O0", "-w", "-c", "-fPIC"])
                .arg(ll)
                .arg("-o")
                .arg(&obj)
                .output()
                .map_err(|e| format!("cannot run clang: {e}"))?;
            if !c.status.success() {
                return Err(format!(
                    "{} does not compile: {}",
                    ll.display(),
                    String::from_utf8_lossy(&c.stderr)
                ));
            }
            Command::new("bash")
                .arg(workspace_root().join("scripts/link-rust.sh"))
                .arg(args)
                .arg(&obj)
                .arg(exe)
                .output()
        }
    }
    .map_err(|e| format!("cannot run {}: {e}", clang.display()))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!(
            "{} does not build: {}",
            ll.display(),
            err.lines().take(10).collect::<Vec<_>>().join("\n")
        ));
    }
    Ok(start.elapsed())
}

/// Run `exe` (no arguments, empty stdin) with a time limit.
fn run(exe: &Path) -> Result<(Outcome, Duration), String> {
    const LIMIT: Duration = Duration::from_secs(60);
    let start = Instant::now();
    let mut child = Command::new(exe)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let mut so = child.stdout.take().expect("piped stdout");
    let mut se = child.stderr.take().expect("piped stderr");
    let t_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = so.read_to_end(&mut v);
        v
    });
    let t_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = se.read_to_end(&mut v);
        v
    });
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break s;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{} ran longer than {LIMIT:?}", exe.display()));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    let stdout = t_out.join().unwrap_or_default();
    let stderr = t_err.join().unwrap_or_default();
    #[cfg(unix)]
    let status = {
        use std::os::unix::process::ExitStatusExt;
        // A signal (e.g. SIGSEGV from a bad thunk) shows as 128 + signal.
        status.code().or_else(|| status.signal().map(|s| 128 + s))
    };
    #[cfg(not(unix))]
    let status = status.code();
    Ok((
        Outcome {
            status,
            stdout,
            stderr,
        },
        elapsed,
    ))
}

/// The first differing line of two outputs.
fn diff(a: &[u8], b: &[u8]) -> String {
    first_difference(&String::from_utf8_lossy(a), &String::from_utf8_lossy(b))
}

fn compare(what: &str, expected: &Outcome, actual: &Outcome) -> Result<(), String> {
    if expected == actual {
        return Ok(());
    }
    let mut msg = format!("{what}: behaviour changed: expected {expected:?}, got {actual:?}");
    if expected.stdout != actual.stdout {
        msg += &format!("\nstdout {}", diff(&expected.stdout, &actual.stdout));
    }
    if expected.stderr != actual.stderr {
        msg += &format!("\nstderr {}", diff(&expected.stderr, &actual.stderr));
    }
    Err(msg)
}

fn defines(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("define ")).count()
}

/// Build and run `name` before and after merging (mergefn, then opt-22 as a sanity check).
fn behaves_the_same(name: &str, min_merged: usize) {
    behaves_the_same_with(name, None, &Options::default(), min_merged)
}

/// [`behaves_the_same`] with mergefn's `opts`, on the program first optimised by
/// `opt-22 -O<level>` when `level` is given (as a release build's IR is merged).
fn behaves_the_same_with(name: &str, level: Option<u8>, opts: &Options, min_merged: usize) {
    let (Some(opt), Some(clang), Some(module)) = (opt22(), clangxx22(), program(name)) else {
        return;
    };
    let source = workspace_root().join("tests/programs");
    let stale = std::fs::read_dir(&source)
        .into_iter()
        .flatten()
        .flatten()
        .any(|e| {
            let newer = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
            e.file_name()
                .to_string_lossy()
                .starts_with(name.split("_prog").next().unwrap_or(name))
                && newer(&e.path()) > newer(&module)
        });
    if stale {
        eprintln!(
            "warning: {} is older than its driver in tests/programs/; rerun scripts/corpus.sh",
            module.display()
        );
    }
    // Removed on success only: on failure the modules and executables stay for a look.
    let dir = tempfile::Builder::new()
        .prefix(&format!("mergefn-behaviour-{name}-"))
        .tempdir()
        .expect("temp dir")
        .keep();
    let keep = |msg: String| format!("{msg}\n(files kept in {})", dir.display());
    let total = Instant::now();
    let mut src = std::fs::read(&module).expect("read the program module");
    let module = match level {
        Some(l) => {
            src = run_opt(&opt, &[&format!("-O{l}"), "-S", "-o", "-"], &src)
                .unwrap_or_else(|e| panic!("opt-22 -O{l} failed: {e}"));
            let p = dir.join(format!("{name}.O{l}.ll"));
            std::fs::write(&p, &src).expect("write the optimised module");
            p
        }
        None => module,
    };
    let src_text = String::from_utf8_lossy(&src);
    let n_defines = defines(&src_text);

    // mergefn.
    let t = Instant::now();
    let mut m = mergefn_ir::parse_module(&src)
        .unwrap_or_else(|e| panic!("{}: parse error at {e}", module.display()));
    let report = merge_functions(&mut m, opts);
    let ours = mergefn_ir::module_to_string(&m);
    let t_ours = t.elapsed();
    drop(m);
    let ours_ll = dir.join(format!("{name}.mergefn.ll"));
    std::fs::write(&ours_ll, &ours).expect("write our module");

    // opt-22.
    let t = Instant::now();
    let theirs = run_opt(&opt, &["-S", "-passes=mergefunc", "-o", "-"], &src)
        .unwrap_or_else(|e| panic!("opt-22 -passes=mergefunc failed: {e}"));
    let t_opt = t.elapsed();
    let theirs_ll = dir.join(format!("{name}.opt.ll"));
    std::fs::write(&theirs_ll, &theirs).expect("write opt's module");

    eprintln!(
        "{name}: {n_defines} defines; mergefn merged {} ({} thunks, {} deleted, {} new) -> {} defines in {:.2}s; \
         opt-22 -> {} defines in {:.2}s",
        report.counts.merged,
        report.counts.thunks,
        report.counts.deleted,
        report.counts.new_functions,
        defines(&ours),
        t_ours.as_secs_f64(),
        defines(&String::from_utf8_lossy(&theirs)),
        t_opt.as_secs_f64(),
    );

    let mut results = Vec::new();
    for (label, ll) in [
        ("original", module.clone()),
        ("mergefn", ours_ll),
        ("opt-22", theirs_ll),
    ] {
        let exe = dir.join(format!("{name}.{label}"));
        let built = build(&clang, &ll, &exe)
            .unwrap_or_else(|e| panic!("{}", keep(format!("{label}: {e}"))));
        let (outcome, ran) =
            run(&exe).unwrap_or_else(|e| panic!("{}", keep(format!("{label}: {e}"))));
        eprintln!(
            "{name} [{label}]: built in {:.2}s, ran in {:.2}s: {outcome:?}",
            built.as_secs_f64(),
            ran.as_secs_f64()
        );
        results.push((label, outcome));
    }
    let original = &results[0].1;
    assert_eq!(
        original.status,
        Some(0),
        "{name}: the original program fails: {}",
        String::from_utf8_lossy(&original.stdout)
    );
    assert!(
        !original.stdout.is_empty(),
        "{name}: the original program prints nothing"
    );
    let mut failures = Vec::new();
    for (label, outcome) in &results[1..] {
        if let Err(e) = compare(&format!("{name} after {label}"), original, outcome) {
            failures.push(e);
        }
    }
    eprintln!("{name}: total {:.2}s", total.elapsed().as_secs_f64());
    if !failures.is_empty() {
        panic!("{}", keep(failures.join("\n")));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let merged = report.counts.merged + report.counts.parameterized;
    assert!(
        merged >= min_merged,
        "{name}: mergefn merged {merged} functions, expected at least {min_merged}"
    );
}

#[test]
fn re2_program_behaves_the_same_after_merging() {
    // Template-heavy C++: thousands of merges.
    behaves_the_same("re2_prog", 1000);
}

#[test]
fn zstd_program_behaves_the_same_after_merging() {
    behaves_the_same("zstd_prog", 100);
}

#[test]
fn re2_and_zstd_programs_behave_the_same_after_merging_similar_functions_and_cycles() {
    // Release builds' IR (opt -O1 and -O2 first): merged with --merge-similar at -O1, with
    // --merge-cycles and --merge-similar together at -O2.
    let similar = Options {
        merge_similar: true,
        ..Options::default()
    };
    let both = Options {
        merge_similar: true,
        merge_cycles: true,
        ..Options::default()
    };
    for (level, opts) in [(1, &similar), (2, &both)] {
        behaves_the_same_with("re2_prog", Some(level), opts, 10);
        behaves_the_same_with("zstd_prog", Some(level), opts, 10);
    }
}

#[test]
fn rust_program_behaves_the_same_after_merging() {
    // rustc's IR of a generic-heavy program (opt-level=2), linked against the standard
    // library as rustc links it: LLVM's merges, then cycles and similar functions too.
    behaves_the_same("rust_prog", 0);
    let both = Options {
        merge_similar: true,
        merge_cycles: true,
        ..Options::default()
    };
    behaves_the_same_with("rust_prog", None, &both, 5);
}

#[test]
fn re2_program_built_at_o2_with_debug_info_behaves_the_same_after_merging() {
    // `-O2 -g`: what is left to merge after the inliner, with debug records everywhere.
    behaves_the_same("re2_prog.O2g", 10);
}

#[test]
fn zstd_program_built_at_o2_with_debug_info_behaves_the_same_after_merging() {
    behaves_the_same("zstd_prog.O2g", 1);
}

#[test]
fn exception_handling_program_behaves_the_same_after_merging() {
    // C++ exceptions through merged functions (tests/programs/eh_workload.cc): containers
    // that throw, guards destroyed while unwinding, handlers that differ only in the type
    // they catch (never merged); then, optimised by opt-22 -O1, similar functions and cycles
    // too (a thrower's guard destructor, called on the unwinding path, becomes a parameter).
    behaves_the_same("eh_prog", 100);
    let both = Options {
        merge_similar: true,
        merge_cycles: true,
        ..Options::default()
    };
    behaves_the_same_with("eh_prog", Some(1), &both, 1);
}

#[test]
fn exception_handling_program_built_at_o2_with_debug_info_behaves_the_same_after_merging() {
    behaves_the_same("eh_prog.O2g", 1);
}
