//! Malformed and hostile inputs through the real `mergefn merge IN -o OUT`: every one is
//! refused with one `error: ` report (positioned `file:line:col:` when there is text to point
//! at), exit status 1 (2 for usage errors), no panic, no hang, no runaway memory, the existing
//! output file left byte for byte as it was, and no temporary file left behind.
//!
//! The binary runs under `ulimit -v` (a few GB of address space) and a time limit, so an input
//! that makes it allocate absurdly or loop fails here instead of swapping or hanging CI. The
//! truncation sweep runs mostly in-process through the libraries, the binary's own path
//! (read, verify, merge, write) for a sample of cut points.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// What the output file holds before each run; a refused input must leave it so.
const KEEP: &[u8] = b"KEEP: an older output\n";

/// Per-run limits: address space (KiB, for `ulimit -v`) and wall time.
const MEMORY_KIB: u64 = 4 << 20;
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// Run `mergefn args...` in `dir` under the limits, feeding `stdin`.
fn mergefn_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    // `sh` sets the limit and then becomes mergefn (`exec`), so the limit is mergefn's own.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_mergefn"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mergefn starts");
    // The child may exit without reading its input; a broken pipe here is then expected.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    // Drain stdout/stderr on threads so a chatty child cannot block on a full pipe.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).map(|_| v)
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).map(|_| v)
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for mergefn") {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("mergefn {args:?} ran longer than {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Output {
        status,
        stdout: out.join().unwrap().unwrap_or_default(),
        stderr: err.join().unwrap().unwrap_or_default(),
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn dir_entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Where a refusal must point.
#[derive(Clone, Copy, Debug)]
enum Pos {
    /// `file:LINE:col:`
    Line(u32),
    /// `file:line:col:`, any line.
    Any,
}

/// Whether `s` starts with `line:col:` for a line `line` (any if `None`) and some column.
fn has_position(s: &str, line: Option<u32>) -> bool {
    let mut parts = s.splitn(3, ':');
    let (Some(l), Some(c), Some(_)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    number(l) && number(c) && line.is_none_or(|want| l.parse() == Ok(want))
}

/// The failure contract for one refused run in `dir`, where `out.ll` held [`KEEP`] and
/// `inputs` were the only other files.
fn assert_refused(what: &str, dir: &Path, inputs: &[&str], out: &Output, code: i32) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "{what}: stderr: {err}");
    assert!(err.starts_with("error: "), "{what}: stderr: {err}");
    for panic_text in ["panicked", "RUST_BACKTRACE", "internal error", "overflow"] {
        assert!(!err.contains(panic_text), "{what}: stderr: {err}");
    }
    assert!(
        err.lines()
            .next()
            .is_some_and(|l| !l.chars().any(char::is_control)),
        "{what}: the first line is one printable line: {err:?}"
    );
    assert_eq!(
        fs::read(dir.join("out.ll")).unwrap(),
        KEEP,
        "{what}: the output file was touched"
    );
    let mut expected: Vec<String> = inputs.iter().map(|s| s.to_string()).collect();
    expected.push("out.ll".into());
    expected.sort();
    expected.dedup();
    assert_eq!(dir_entries(dir), expected, "{what}: files left behind");
    assert!(out.stdout.is_empty(), "{what}: nothing on stdout");
}

/// Run `mergefn merge <name> -o out.ll` on `bytes` and check it is refused at `pos` with a
/// message containing `needle`.
fn refused(what: &str, name: &str, bytes: &[u8], pos: Pos, needle: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(name), bytes).unwrap();
    fs::write(dir.path().join("out.ll"), KEEP).unwrap();
    let out = mergefn_in(dir.path(), &["merge", name, "-o", "out.ll"], b"");
    assert_refused(what, dir.path(), &[name], &out, 1);
    let err = stderr(&out);
    let after_name = err
        .strip_prefix("error: ")
        .and_then(|e| e.strip_prefix(name))
        .and_then(|e| e.strip_prefix(':'));
    match pos {
        Pos::Line(l) => assert!(
            after_name.is_some_and(|e| has_position(e, Some(l))),
            "{what}: expected {name}:{l}:<col>: in {err}"
        ),
        Pos::Any => assert!(
            after_name.is_some_and(|e| has_position(e, None)),
            "{what}: expected {name}:<line>:<col>: in {err}"
        ),
    }
    assert!(err.contains(needle), "{what}: expected {needle:?} in {err}");
    err
}

/// A valid module: merged with exit status 0, the output replaced.
fn accepted(what: &str, bytes: &[u8]) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("in.ll"), bytes).unwrap();
    fs::write(dir.path().join("out.ll"), KEEP).unwrap();
    let out = mergefn_in(dir.path(), &["merge", "in.ll", "-o", "out.ll"], b"");
    assert!(out.status.success(), "{what}: stderr: {}", stderr(&out));
    assert_eq!(dir_entries(dir.path()), ["in.ll", "out.ll"], "{what}");
    let written = fs::read(dir.path().join("out.ll")).unwrap();
    assert_ne!(written, KEEP, "{what}: the output was written");
    written
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("driver/ has a parent")
        .to_path_buf()
}

/// The merge fixtures: small real modules, one behaviour each.
fn fixtures() -> Vec<(String, Vec<u8>)> {
    let dir = workspace_root().join("tests/fixtures/merge");
    let mut v: Vec<(String, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&p).unwrap())
        })
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no fixtures in {}", dir.display());
    v
}

/// A real clang module from the corpus (`scripts/corpus.sh`); required under `CI=true`.
fn corpus_module() -> Option<Vec<u8>> {
    let p = workspace_root().join("target/corpus/c/snappy.ll");
    match fs::read(&p) {
        Ok(b) => Some(b),
        Err(_) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("{} is required under CI=true but is missing", p.display())
        }
        Err(_) => {
            eprintln!("skipping the corpus module: {} is missing", p.display());
            None
        }
    }
}

/// What the binary does with one input, in-process: read, verify, merge, write, and read the
/// output back. Either a positioned error inside the text, or a module that survives all of it.
fn library_round(what: &str, bytes: &[u8]) {
    let lines = bytes.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
    match mergefn_ir::parse_module(bytes) {
        Err(e) => {
            assert!(
                e.line >= 1 && e.line <= lines && e.col >= 1,
                "{what}: error outside the text ({lines} lines): {e}"
            );
            assert!(!e.msg.is_empty(), "{what}");
        }
        Ok(mut m) => {
            if mergefn_ir::verify_module(&m).is_err() {
                return;
            }
            mergefn_merge::merge_functions(&mut m, &mergefn_merge::Options::default());
            let text = mergefn_ir::module_to_string(&m);
            let again = mergefn_ir::parse_module(text.as_bytes())
                .unwrap_or_else(|e| panic!("{what}: our output does not read back: {e}"));
            if let Err(e) = mergefn_ir::verify_module(&again) {
                panic!("{what}: our output does not verify: {e}");
            }
        }
    }
}

#[test]
fn truncated_modules_are_refused_or_merged_never_a_crash() {
    let mut modules = fixtures();
    let corpus = corpus_module();
    let start = Instant::now();
    // In-process: every fixture cut at every byte, the corpus module at every 97th line end
    // and at a spread of byte offsets.
    for (name, bytes) in &modules {
        for n in 0..bytes.len() {
            library_round(&format!("{name} cut at {n}"), &bytes[..n]);
        }
    }
    if let Some(bytes) = &corpus {
        let line_ends: Vec<usize> = (bytes.iter().enumerate())
            .filter(|(_, &b)| b == b'\n')
            .map(|(i, _)| i)
            .collect();
        let cuts = (line_ends.iter().step_by(97).copied())
            .chain((0..bytes.len()).step_by(bytes.len() / 150 + 1));
        for n in cuts {
            library_round(&format!("snappy.ll cut at {n}"), &bytes[..n]);
        }
        modules.push(("snappy.ll".into(), bytes.clone()));
    }
    // Through the binary: each module cut at a few points inside its text.
    for (name, bytes) in &modules {
        for k in 1..4 {
            let n = bytes.len() * k / 4 + 7 * k;
            let cut = &bytes[..n.min(bytes.len() - 1)];
            let dir = tempfile::tempdir().unwrap();
            fs::write(dir.path().join("cut.ll"), cut).unwrap();
            fs::write(dir.path().join("out.ll"), KEEP).unwrap();
            let out = mergefn_in(dir.path(), &["merge", "cut.ll", "-o", "out.ll"], b"");
            if out.status.success() {
                // A cut between two entities can leave a valid module.
                library_round(name, cut);
                continue;
            }
            let what = format!("{name} cut at {n}");
            assert_refused(&what, dir.path(), &["cut.ll"], &out, 1);
            let err = stderr(&out);
            assert!(err.starts_with("error: cut.ll:"), "{what}: {err}");
        }
    }
    eprintln!("truncations took {:?}", start.elapsed());
}

/// A deterministic stream of bytes (xorshift), for "random" input that fails the same way
/// every run.
fn noise(len: usize, mut seed: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 24) as u8
        })
        .collect()
}

#[test]
fn random_bytes_are_refused() {
    for seed in 1..=8u64 {
        let mut bytes = noise(4096, seed);
        // Keep it from looking like JSON or bitcode, which have their own tests below.
        bytes[0] = b'x';
        refused(
            &format!("noise {seed}"),
            "noise.ll",
            &bytes,
            Pos::Line(1),
            "",
        );
    }
    // Random printable text over several lines.
    let text: Vec<u8> = noise(8192, 99)
        .into_iter()
        .map(|b| match b % 40 {
            0 => b'\n',
            k => b" @%!#{}[]()<>=,*\"abcdefixyz0123456789.:;"[k as usize],
        })
        .collect();
    refused("printable noise", "noise.ll", &text, Pos::Any, "");
}

#[test]
fn deep_nesting_is_refused_at_its_line() {
    let depth = 100_000;
    let cases = [
        (
            "array types",
            format!(
                "; types\n@g = global {}i32{} zeroinitializer\n",
                "[1 x ".repeat(depth),
                "]".repeat(depth)
            ),
        ),
        (
            "struct types",
            format!("; types\n%t = type {}i32{}\n", "{ ".repeat(depth), " }".repeat(depth)),
        ),
        (
            "typed pointers",
            format!("; types\n@g = global i32{} null\n", "*".repeat(depth)),
        ),
        (
            "function types",
            format!(
                "; types\ndeclare void @f({}{})\n",
                "void (".repeat(depth),
                ")".repeat(depth)
            ),
        ),
        (
            "function pointer return types",
            format!("; types\ndeclare void @f(i32{})\n", "()*".repeat(depth)),
        ),
        (
            "struct constants",
            format!("; constants\n@g = global {{}} {}{}\n", "{ ".repeat(depth), "}".repeat(depth)),
        ),
        (
            "constant expressions",
            format!(
                "; constants\n@g = global ptr {}null{}\n",
                "getelementptr (i8, ptr ".repeat(depth),
                ", i64 1)".repeat(depth)
            ),
        ),
        (
            "metadata",
            format!("; metadata\n!0 = {}{}\n", "!{".repeat(depth), "}".repeat(depth)),
        ),
        (
            "named metadata",
            format!("; metadata\n!n = !{{{}{}}}\n", "!{".repeat(depth), "}".repeat(depth)),
        ),
        (
            "metadata arguments",
            format!(
                "declare void @g(metadata)\ndefine void @f() {{\n  call void @g(metadata {}{})\n  ret void\n}}\n",
                "!{".repeat(depth),
                "}".repeat(depth)
            ),
        ),
    ];
    for (what, src) in cases {
        let line = if what == "metadata arguments" { 3 } else { 2 };
        refused(
            what,
            "deep.ll",
            src.as_bytes(),
            Pos::Line(line),
            "nesting deeper than",
        );
    }
}

#[test]
fn identified_structs_may_not_contain_themselves_or_nest_without_end() {
    let recursive = [
        ("%t = type { %t }\n", 1, "'t' is recursive"),
        (
            "%a = type { %b }\n%b = type { [2 x %a] }\n",
            2,
            "'b' is recursive",
        ),
        (
            "%a = type { { %b } }\n%b = type { %a }\n",
            2,
            "is recursive",
        ),
    ];
    for (src, line, needle) in recursive {
        refused(
            src.lines().last().unwrap(),
            "rec.ll",
            src.as_bytes(),
            Pos::Line(line),
            needle,
        );
    }
    // Pointers end the containment: a list type is fine (typed-pointer IR, LLVM 14 style).
    accepted(
        "list type",
        b"%list = type { i32, %list* }\n@head = global %list* null\n",
    );
    // A chain of 100 000 identified structs, each holding the next.
    let n = 100_000;
    let chain: String = (0..n)
        .map(|i| format!("%t{i} = type {{ %t{} }}\n", i + 1))
        .chain([format!("%t{n} = type {{ i32 }}\n")])
        .collect();
    refused(
        "a chain of structs",
        "chain.ll",
        chain.as_bytes(),
        Pos::Any,
        "levels deep",
    );
}

#[test]
fn huge_numbers_are_refused_with_llvm_messages() {
    let ten_mb_literal = format!("@g = global i8388608 {}\n", "9".repeat(10 << 20));
    let cases: Vec<(&str, String, u32, &str)> = vec![
        (
            "integer width over LLVM's maximum",
            "@g = global i8388609 0\n".into(),
            1,
            "bitwidth for integer type out of range",
        ),
        (
            "integer width over 2^32",
            "@g = global i4294967296 0\n".into(),
            1,
            "bitwidth for integer type out of range",
        ),
        (
            "integer width 0",
            "@g = global i0 0\n".into(),
            1,
            "bitwidth for integer type out of range",
        ),
        (
            "array length over 2^64",
            "@g = global [18446744073709551616 x i8] zeroinitializer\n".into(),
            1,
            "out of range",
        ),
        (
            "vector length over 2^32",
            "@g = global <4294967296 x i8> zeroinitializer\n".into(),
            1,
            "out of range",
        ),
        (
            "10 MB decimal literal for the widest integer",
            ten_mb_literal,
            1,
            "decimal digits",
        ),
        (
            "metadata id over 2^32",
            "!4294967296 = !{}\n".into(),
            1,
            "out of range",
        ),
        (
            "attribute group id over 2^32",
            "attributes #4294967296 = { nounwind }\n".into(),
            1,
            "out of range",
        ),
        (
            "alignment 2^40",
            "@g = global i32 0, align 1099511627776\n".into(),
            1,
            "huge alignments are not supported yet",
        ),
        (
            "load alignment 2^40",
            "define i32 @f(ptr %p) {\n  %x = load i32, ptr %p, align 1099511627776\n  ret i32 %x\n}\n"
                .into(),
            2,
            "huge alignments are not supported yet",
        ),
        (
            "parameter alignment 2^40",
            "define void @f(ptr align 1099511627776 %p) {\n  ret void\n}\n".into(),
            1,
            "huge alignments are not supported yet",
        ),
        (
            "alignment not a power of two",
            "define void @f() {\n  %a = alloca i32, align 3\n  ret void\n}\n".into(),
            2,
            "alignment is not a power of two",
        ),
        (
            "address space over 24 bits",
            "@g = addrspace(16777216) global i32 0\n".into(),
            1,
            "invalid address space",
        ),
        (
            "numbered local over 2^32",
            "define void @f() {\n  %4294967296 = add i32 1, 2\n  ret void\n}\n".into(),
            2,
            "expected to be numbered",
        ),
        (
            // Gaps are fine (LLVM 22), but the last number would leave none for what follows.
            "numbered local 2^32-1",
            "define void @f() {\n  %4294967295 = add i32 1, 2\n  ret void\n}\n".into(),
            2,
            "expected to be numbered",
        ),
        (
            "use of numbered local 2^32-1",
            "define i32 @f() {\n  ret i32 %4294967295\n}\n".into(),
            2,
            "use of undefined value '%4294967295'",
        ),
        (
            "use of numbered global 2^32-1",
            "@g = global ptr @4294967295\n".into(),
            1,
            "use of undefined value '@4294967295'",
        ),
    ];
    for (what, src, line, needle) in cases {
        refused(what, "big.ll", src.as_bytes(), Pos::Line(line), needle);
    }
}

#[test]
fn numbers_that_would_size_an_allocation_draw_on_a_budget() {
    // One `<N x i32> zeroinitializer` shuffle mask would be 4 N bytes; a few lines of text must
    // not make the reader allocate gigabytes.
    let shuffle = "define <1000000000 x i32> @f(<1000000000 x i32> %x) {\n  %y = shufflevector <1000000000 x i32> %x, <1000000000 x i32> %x, <1000000000 x i32> zeroinitializer\n  ret <1000000000 x i32> %y\n}\n";
    refused(
        "huge shuffle mask",
        "big.ll",
        shuffle.as_bytes(),
        Pos::Line(2),
        "memory",
    );
    // Every distinct i8388608 constant is 1 MB of words: thousands of them in a small file.
    let wide: String = (0..5000)
        .map(|i| format!("@g{i} = global i8388608 {i}\n"))
        .collect();
    refused(
        "many widest constants",
        "big.ll",
        wide.as_bytes(),
        Pos::Any,
        "memory",
    );
    // What fits is fine: the widest type, a wide constant in hexadecimal, huge array types
    // that are never materialised, huge (valid) numbered globals and metadata ids.
    accepted(
        "widest integers",
        format!(
            "define i8388608 @f(i8388608 %x) {{\n  %y = mul i8388608 %x, u0x{}\n  ret i8388608 %y\n}}\n",
            "F".repeat(100_000)
        )
        .as_bytes(),
    );
    accepted(
        "huge aggregates",
        b"@a = global [18446744073709551615 x i8] zeroinitializer\n@b = global <4294967295 x i8> zeroinitializer\n@c = global [4294967296 x i64] undef\n",
    );
    accepted(
        "huge ids",
        b"@4294967295 = global i32 0\n!4294967295 = !{}\nattributes #4294967295 = { nounwind }\ndeclare void @f() #4294967295\n",
    );
}

#[test]
fn bad_values_names_and_types_are_refused_where_they_are() {
    let cases: &[(&str, &str, u32, &str)] = &[
        (
            "undefined local",
            "define i32 @f() {\n  ret i32 %nope\n}\n",
            2,
            "undefined value '%nope'",
        ),
        (
            "undefined global",
            "@g = global ptr @nope\n",
            1,
            "undefined value '@nope'",
        ),
        (
            "undefined type",
            "@g = external global %nope\n",
            1,
            "undefined type",
        ),
        (
            "operand type mismatch",
            "define i32 @f(i64 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n",
            2,
            "'%x'",
        ),
        (
            "store through a non-pointer",
            "define void @f(i64 %p) {\n  store i32 1, i64 %p\n  ret void\n}\n",
            2,
            "",
        ),
        (
            "unknown opcode",
            "define void @f() {\n  %a = frobnicate i32 1\n  ret void\n}\n",
            2,
            "unknown instruction 'frobnicate'",
        ),
        (
            "an instruction of a newer LLVM",
            "define void @f(ptr %p) {\nentry:\n  %x = atomicload_v2 i32, ptr %p\n  ret void\n}\n",
            3,
            "'atomicload_v2'",
        ),
        (
            "a top-level entity of a newer LLVM",
            "source_filename = \"x\"\nuselistorder_v2 ptr @f, { 1, 0 }\n",
            2,
            "'uselistorder_v2'",
        ),
        (
            "a function attribute of a newer LLVM",
            "define void @f() nofrobnicate {\n  ret void\n}\n",
            1,
            "'nofrobnicate'",
        ),
        (
            "redefined local",
            "define void @f() {\n  %a = add i32 1, 2\n  %a = add i32 1, 2\n  ret void\n}\n",
            3,
            "redefinition of '%a'",
        ),
        (
            "redefined global",
            "@a = global i32 0\n@a = global i32 1\n",
            2,
            "redefinition of global '@a'",
        ),
        (
            "redefined function",
            "define void @f() {\n  ret void\n}\ndefine void @f() {\n  ret void\n}\n",
            4,
            "redefinition",
        ),
        (
            "redefined type",
            "%t = type { i32 }\n%t = type { i64 }\n",
            2,
            "redefinition of type",
        ),
        (
            "redefined metadata",
            "!0 = !{}\n!0 = !{}\n",
            2,
            "Metadata id is already used",
        ),
        (
            "a location redefined",
            "!0 = !DILocation(line: 1, scope: !0)\n!0 = !DILocation(line: 2, scope: !0)\n",
            2,
            "Metadata id is already used",
        ),
        (
            "a block without a terminator",
            "define void @f() {\n  %a = add i32 1, 2\n}\n",
            3,
            "terminator",
        ),
        (
            "a use that its definition does not dominate",
            "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  %v = add i32 1, 2\n  br label %b\nb:\n  ret i32 %v\n}\n",
            8,
            "Instruction does not dominate all uses!",
        ),
        (
            "a function return type of a function type",
            "declare void @f(i32 ()())\n",
            1,
            "invalid function return type",
        ),
    ];
    for &(what, src, line, needle) in cases {
        refused(what, "bad.ll", src.as_bytes(), Pos::Line(line), needle);
    }
}

/// The verifier's findings about a global as a whole (its linkage, attributes, attachments,
/// an alias cycle) point at the global's definition, as parse errors point at theirs.
#[test]
fn findings_about_a_global_point_at_its_definition() {
    let cases: &[(&str, &str, u32, &str)] = &[
        (
            "an alias cycle",
            "@x = global i32 0\n@a = alias i32, ptr @b\n@b = alias i32, ptr @a\n",
            2,
            "Aliases cannot form a cycle",
        ),
        (
            "a hidden dllexport function",
            "define void @ok() {\n  ret void\n}\n\ndefine hidden dllexport void @f() {\n  ret void\n}\n",
            5,
            "dllexport GlobalValue must have default or protected visibility",
        ),
        (
            "llvm.used not appending",
            "@g = global i32 0\n\n@llvm.used = global [1 x ptr] [ptr @g]\n",
            3,
            "invalid linkage for intrinsic global variable",
        ),
        (
            "builtin on a function",
            "declare void @g()\n\ndeclare void @f() #0\n\nattributes #0 = { builtin }\n",
            3,
            "Attribute 'builtin' can only be applied to a callsite.",
        ),
        (
            "two !prof attachments on a function",
            "define void @f() !prof !0 !prof !0 {\n  ret void\n}\n\n!0 = !{!\"function_entry_count\", i64 1}\n",
            1,
            "!prof",
        ),
    ];
    for &(what, src, line, needle) in cases {
        let err = refused(what, "bad.ll", src.as_bytes(), Pos::Line(line), needle);
        // Found by the verifier, as opt-22 finds each of these (checked by hand).
        assert!(
            err.contains("--no-verify"),
            "{what}: a verifier finding: {err}"
        );
    }
}

#[test]
fn broken_lexemes_are_refused_on_one_printable_line() {
    let cases: &[(&str, &[u8], u32, &str)] = &[
        (
            "unterminated string",
            b"@s = global [3 x i8] c\"ab\n\n",
            1,
            "closing quote",
        ),
        (
            "unterminated string at the end",
            b"@s = global [3 x i8] c\"ab",
            1,
            "closing quote",
        ),
        (
            "unterminated quoted name",
            b"@\"abc = global i32 0\n",
            1,
            "closing quote",
        ),
        (
            "NUL at the start",
            b"\0define void @f() {\n  ret void\n}\n",
            1,
            "\\00",
        ),
        (
            "NUL in a name",
            b"define void @f\0x() {\n  ret void\n}\n",
            1,
            "\\00",
        ),
        (
            "NUL in an instruction",
            b"define void @f() {\n  ret \0void\n}\n",
            2,
            "",
        ),
        (
            "non-UTF-8 byte in a name",
            b"define void @f\xff() {\n  ret void\n}\n",
            1,
            "\\FF",
        ),
        (
            "non-UTF-8 byte in a keyword",
            b"define void @f() {\n  r\xe9t void\n}\n",
            2,
            "",
        ),
    ];
    for &(what, src, line, needle) in cases {
        refused(what, "lex.ll", src, Pos::Line(line), needle);
    }
    // LLVM reads these; so do we, and they survive the round trip.
    for (what, src) in [
        (
            "NUL in a comment",
            &b"; a\0b\ndefine void @f() {\n  ret void\n}\n"[..],
        ),
        ("NUL in a string", b"@s = global [3 x i8] c\"a\0b\"\n"),
        (
            "non-UTF-8 in a comment",
            b"; \xff\xfe\ndefine void @f() {\n  ret void\n}\n",
        ),
        ("non-UTF-8 in a string", b"@s = global [1 x i8] c\"\xff\"\n"),
        (
            "non-UTF-8 in a quoted name",
            b"define void @\"f\xff\"() {\n  ret void\n}\n",
        ),
    ] {
        accepted(what, src);
    }
}

/// Bytes that are not UTF-8, before and after a megabyte of functions: from 1 MiB on, the
/// top level is read while other threads check the text, and the reader checks what it reads
/// in spans of its own until they are done; it must find what the check of a small input
/// finds, where it finds it.
/// 1 MiB of small distinct functions, so that a module with them is read as a big input is
/// (bodies kept as text), and its number of lines.
fn padding() -> (Vec<u8>, u32) {
    let mut pad = Vec::new();
    for n in 0.. {
        if pad.len() >= 1 << 20 {
            break;
        }
        write!(
            pad,
            "define i32 @pad{n}(i32 %x) {{\n  %y = add i32 %x, {n}\n  ret i32 %y\n}}\n\n"
        )
        .unwrap();
    }
    let lines = pad.iter().filter(|&&b| b == b'\n').count() as u32;
    (pad, lines)
}

#[test]
fn non_utf8_bytes_in_big_inputs_are_found_as_in_small_ones() {
    let (pad, pad_lines) = padding();
    let refusals: [(&str, &[u8], u32, &str); 2] = [
        (
            "non-UTF-8 byte in a name",
            b"define void @f\xff() {\n  ret void\n}\n",
            1,
            "\\FF",
        ),
        (
            "non-UTF-8 byte in a global's keyword",
            b"@g = gl\xe9bal i32 0\n",
            1,
            "",
        ),
    ];
    for (what, src, line, needle) in refusals {
        refused(
            what,
            "lex.ll",
            &[src, &pad].concat(),
            Pos::Line(line),
            needle,
        );
        let after = [&pad, src].concat();
        refused(what, "lex.ll", &after, Pos::Line(pad_lines + line), needle);
    }
    // The lines that print an escape (the padding has none).
    let odd = |out: &[u8]| -> Vec<Vec<u8>> {
        out.split(|&b| b == b'\n')
            .filter(|l| l.contains(&b'\\'))
            .map(<[u8]>::to_vec)
            .collect()
    };
    for (what, src, printed) in [
        (
            "non-UTF-8 in a comment",
            &b"; \xff\xfe\n@c = global i32 0\n"[..],
            0,
        ),
        (
            "non-UTF-8 in a string",
            b"@s = global [1 x i8] c\"\xff\"\n",
            1,
        ),
        (
            "non-UTF-8 in a quoted name",
            b"@\"g\xff\" = global i32 0\n",
            1,
        ),
        (
            "non-UTF-8 in a section name",
            b"@t = global i32 0, section \"a\xffb\"\n",
            1,
        ),
    ] {
        let small = odd(&accepted(what, src));
        assert_eq!(small.len(), printed, "{what}: {small:?}");
        for big in [[src, &pad].concat(), [&pad, src].concat()] {
            assert_eq!(odd(&accepted(what, &big)), small, "{what}");
        }
    }
}

/// LLVM 15-18 IR holds constant expressions LLVM 22 no longer reads (`icmp`, `zext`, an
/// `inrange` index): refused as opt-22 refuses them, at the same place, also where a big
/// input's bodies and initializers would otherwise be kept as text, unread.
#[test]
fn constants_llvm_22_no_longer_reads_are_refused_in_big_inputs_too() {
    let (pad, pad_lines) = padding();
    let vtable = "@vt = constant { [4 x ptr] } zeroinitializer\n@ext = external global i8\n";
    let refusals: [(&str, String, u32, &str); 4] = [
        (
            "icmp constant expression in a body",
            "define i1 @f() {\n  %c = or i1 false, icmp eq (ptr @ext, ptr null)\n  ret i1 %c\n}\n".into(),
            4,
            "icmp constexprs are no longer supported",
        ),
        (
            "zext constant expression in a body",
            "define i64 @f() {\n  %c = add i64 1, zext (i32 ptrtoint (ptr @ext to i32) to i64)\n  ret i64 %c\n}\n".into(),
            4,
            "zext constexprs are no longer supported",
        ),
        (
            "inrange index in a body",
            "define void @f(ptr %p) {\n  store ptr getelementptr inbounds ({ [4 x ptr] }, ptr @vt, i64 0, inrange i32 0, i64 2), ptr %p, align 8\n  ret void\n}\n".into(),
            4,
            "expected ')' in constantexpr",
        ),
        (
            "inrange index in an initializer",
            "@vtt = constant [2 x ptr] [ptr getelementptr inbounds ({ [4 x ptr] }, ptr @vt, i64 0, inrange i32 0, i64 2), ptr null]\n".into(),
            3,
            "expected ')' in constantexpr",
        ),
    ];
    for (what, src, line, needle) in refusals {
        let src = format!("{vtable}{src}");
        let small = refused(what, "old.ll", src.as_bytes(), Pos::Line(line), needle);
        let after = [&pad, src.as_bytes()].concat();
        let big = refused(what, "old.ll", &after, Pos::Line(pad_lines + line), needle);
        let column = |e: &str| e.split(':').nth(3).map(str::to_owned);
        assert_eq!(column(&small), column(&big), "{what}: {small} / {big}");
    }
}

#[test]
fn bitcode_is_refused_with_a_hint() {
    for magic in [
        &b"BC\xC0\xDE\x35\x14\x00\x00\x05\x00\x00\x00"[..],
        &b"\xDE\xC0\x17\x0B\x00\x00\x00\x00\x14\x00\x00\x00"[..],
    ] {
        let err = refused("bitcode", "in.bc", magic, Pos::Line(1), "llvm-dis");
        assert_eq!(err.lines().count(), 1, "binary is not echoed: {err}");
    }
}

#[test]
fn an_empty_module_is_valid_and_merges() {
    // LLVM reads an empty file (and one with only comments) as an empty module.
    for (what, src) in [
        ("empty file", &b""[..]),
        ("only comments", b"; nothing here\n;; or here\n"),
        ("only blank lines", b"\n\n  \n\t\n"),
    ] {
        let out = accepted(what, src);
        let again = mergefn_ir::parse_module(&out).expect("the output reads back");
        assert_eq!(again.functions().count(), 0, "{what}");
    }
}

#[test]
fn unreadable_inputs_are_refused_without_a_position() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("out.ll"), KEEP).unwrap();
    let out = mergefn_in(dir.path(), &["merge", "missing.ll", "-o", "out.ll"], b"");
    assert_refused("missing file", dir.path(), &[], &out, 1);
    assert!(stderr(&out).starts_with("error: cannot read 'missing.ll': "));

    fs::create_dir(dir.path().join("sub")).unwrap();
    let out = mergefn_in(dir.path(), &["merge", "sub", "-o", "out.ll"], b"");
    assert_refused("directory as input", dir.path(), &["sub"], &out, 1);
    assert!(stderr(&out).starts_with("error: cannot read 'sub': "));
}

#[test]
fn malformed_input_on_stdin_is_refused_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("out.ll"), KEEP).unwrap();
    let src = b"define void @f() {\n  ret i32 %nope\n}\n";
    let out = mergefn_in(dir.path(), &["merge", "-", "-o", "out.ll"], src);
    assert_refused("stdin", dir.path(), &[], &out, 1);
    assert!(
        stderr(&out).starts_with("error: <stdin>:2:"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn usage_errors_exit_with_status_2() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("in.ll"), b"").unwrap();
    fs::write(dir.path().join("out.ll"), KEEP).unwrap();
    for args in [
        &["merge"][..],
        &["merge", "in.ll", "-o", "out.ll", "--no-such-flag"],
        &["merge", "in.ll", "-o", "out.ll", "--lookup", "sideways"],
        &["frobnicate", "in.ll"],
    ] {
        let out = mergefn_in(dir.path(), args, b"");
        assert_refused(&format!("{args:?}"), dir.path(), &["in.ll"], &out, 2);
    }
}
