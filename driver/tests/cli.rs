//! The `mergefn` binary as a user meets it: files, streams, messages and exit statuses.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use tempfile::TempDir;

/// Malformed on line 1, with more lines after it.
const BAD_LL: &[u8] = b"define void @f(i32 %x) nonsense {\n  ret void\n}\n";

const VALID_LL: &str = "\
define i32 @f(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define i32 @g(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}
";

/// Run `mergefn` with `args` in `dir`, feeding `stdin` to it.
fn mergefn_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mergefn"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mergefn starts");
    // The child may exit without reading its input; a broken pipe here is then expected.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().expect("mergefn runs")
}

/// A scratch directory holding `files`.
fn scratch(files: &[(&str, &[u8])]) -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, content) in files {
        fs::write(dir.path().join(name), content).unwrap();
    }
    dir
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn assert_fails_with(out: &Output, code: i32, stderr_prefix: &str) {
    assert_eq!(out.status.code(), Some(code), "stderr: {}", stderr(out));
    assert!(
        stderr(out).starts_with(stderr_prefix),
        "stderr: {}",
        stderr(out)
    );
}

fn dir_entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn a_missing_input_is_reported_in_one_line() {
    let dir = scratch(&[]);
    let out = mergefn_in(dir.path(), &["print", "x.ll"], b"");
    assert_fails_with(&out, 1, "error: cannot read 'x.ll': ");
    assert_eq!(stderr(&out).lines().count(), 1);
}

#[test]
fn a_directory_as_input_is_an_error() {
    let dir = scratch(&[]);
    fs::create_dir(dir.path().join("sub")).unwrap();
    let out = mergefn_in(dir.path(), &["print", "sub"], b"");
    assert_fails_with(&out, 1, "error: cannot read 'sub': ");
}

#[test]
fn bitcode_input_asks_for_llvm_dis() {
    for magic in [
        &b"BC\xC0\xDE\x35\x14\x00\x00"[..],
        &b"\xDE\xC0\x17\x0B\x00\x00\x00\x00"[..],
    ] {
        let dir = scratch(&[("in.bc", magic)]);
        let out = mergefn_in(dir.path(), &["print", "in.bc"], b"");
        assert_fails_with(&out, 1, "error: in.bc:1:1: ");
        assert!(
            stderr(&out).contains("llvm-dis"),
            "stderr: {}",
            stderr(&out)
        );
        // The binary line is not echoed to the terminal.
        assert_eq!(stderr(&out).lines().count(), 1);
    }
}

#[test]
fn malformed_ll_shows_the_position_the_line_and_a_caret() {
    let dir = scratch(&[("bad.ll", BAD_LL)]);
    let out = mergefn_in(dir.path(), &["print", "bad.ll"], b"");
    assert_fails_with(&out, 1, "error: bad.ll:1:");
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "stderr: {err}");
    assert_eq!(lines[1], "define void @f(i32 %x) nonsense {");
    assert_eq!(lines[2].trim_start(), "^");
    let col: usize = lines[0]["error: bad.ll:1:".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(lines[2].len(), col, "the caret sits under column {col}");
}

#[test]
fn stdin_is_named_in_messages() {
    let dir = scratch(&[]);
    let out = mergefn_in(dir.path(), &["print", "-"], BAD_LL);
    assert_fails_with(&out, 1, "error: <stdin>:1:");
}

#[test]
fn invalid_json_is_reported_with_its_position() {
    let dir = scratch(&[("m.json", b"{\n  \"types\": 3\n}\n")]);
    let out = mergefn_in(dir.path(), &["print", "m.json"], b"");
    assert_fails_with(&out, 1, "error: m.json:2:");
    assert!(
        stderr(&out).contains(": invalid JSON module: "),
        "stderr: {}",
        stderr(&out)
    );
}

#[test]
fn an_unknown_flag_is_a_usage_error() {
    let dir = scratch(&[("in.ll", VALID_LL.as_bytes())]);
    let out = mergefn_in(dir.path(), &["print", "in.ll", "--no-such-flag"], b"");
    assert_fails_with(&out, 2, "error: ");
    let out = mergefn_in(dir.path(), &["print", "in.ll", "--emit", "bc"], b"");
    assert_fails_with(&out, 2, "error: ");
}

#[test]
fn bad_input_leaves_the_output_file_untouched() {
    let dir = scratch(&[("bad.ll", BAD_LL), ("out.ll", b"KEEP")]);
    let out = mergefn_in(dir.path(), &["print", "bad.ll", "-o", "out.ll"], b"");
    assert_fails_with(&out, 1, "error: bad.ll:1:");
    assert_eq!(fs::read(dir.path().join("out.ll")).unwrap(), b"KEEP");
    assert_eq!(dir_entries(dir.path()), ["bad.ll", "out.ll"]);
}

#[test]
fn an_output_in_a_missing_directory_is_an_error() {
    let dir = scratch(&[("in.ll", VALID_LL.as_bytes())]);
    let out = mergefn_in(dir.path(), &["print", "in.ll", "-o", "no/such/out.ll"], b"");
    assert_fails_with(&out, 1, "error: cannot write 'no/such/out.ll': ");
    assert_eq!(dir_entries(dir.path()), ["in.ll"]);
}

#[test]
fn a_directory_as_output_is_an_error() {
    let dir = scratch(&[("in.ll", VALID_LL.as_bytes())]);
    fs::create_dir(dir.path().join("sub")).unwrap();
    let out = mergefn_in(dir.path(), &["print", "in.ll", "-o", "sub"], b"");
    assert_fails_with(&out, 1, "error: cannot write 'sub': ");
    assert_eq!(dir_entries(&dir.path().join("sub")), Vec::<String>::new());
}

#[test]
fn dash_reads_stdin_and_writes_stdout() {
    let dir = scratch(&[("in.ll", VALID_LL.as_bytes())]);
    let from_file = mergefn_in(dir.path(), &["print", "in.ll", "-o", "out.ll"], b"");
    assert!(from_file.status.success(), "stderr: {}", stderr(&from_file));
    let from_stdin = mergefn_in(dir.path(), &["print", "-", "-o", "-"], VALID_LL.as_bytes());
    assert!(
        from_stdin.status.success(),
        "stderr: {}",
        stderr(&from_stdin)
    );
    // Like opt, the module is named after its input: the path as given, or `<stdin>`
    // (and so is its source_filename when the text names none).
    let from_file = String::from_utf8(fs::read(dir.path().join("out.ll")).unwrap()).unwrap();
    let from_stdin = String::from_utf8(from_stdin.stdout).unwrap();
    assert!(
        from_file.starts_with("; ModuleID = 'in.ll'\n"),
        "{from_file}"
    );
    assert!(
        from_stdin.starts_with("; ModuleID = '<stdin>'\n"),
        "{from_stdin}"
    );
    assert_eq!(from_stdin.replace("<stdin>", "in.ll"), from_file);
}

#[test]
fn the_output_may_be_the_input() {
    let dir = scratch(&[("in.ll", VALID_LL.as_bytes())]);
    let to_stdout = mergefn_in(dir.path(), &["print", "in.ll"], b"");
    let in_place = mergefn_in(dir.path(), &["print", "in.ll", "-o", "in.ll"], b"");
    assert!(in_place.status.success(), "stderr: {}", stderr(&in_place));
    assert_eq!(
        fs::read(dir.path().join("in.ll")).unwrap(),
        to_stdout.stdout
    );
    assert_eq!(dir_entries(dir.path()), ["in.ll"]);
}

#[cfg(unix)]
#[test]
fn outputs_are_world_readable_and_keep_existing_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let dir = scratch(&[("in.ll", VALID_LL.as_bytes()), ("private.ll", b"")]);
    let private = dir.path().join("private.ll");
    fs::set_permissions(&private, fs::Permissions::from_mode(0o600)).unwrap();
    for out in ["new.ll", "private.ll"] {
        let run = mergefn_in(dir.path(), &["print", "in.ll", "-o", out], b"");
        assert!(run.status.success(), "stderr: {}", stderr(&run));
    }
    assert_eq!(mode(&dir.path().join("new.ll")), 0o644);
    assert_eq!(mode(&private), 0o600);
}

#[test]
fn json_round_trip_gives_the_same_ll() {
    let dir = scratch(&[("in.ll", VALID_LL.as_bytes())]);
    for json_flags in [&["--emit", "json"][..], &["--emit", "json", "--pretty"][..]] {
        let to_json = mergefn_in(
            dir.path(),
            &[&["print", "in.ll", "-o", "m.json"], json_flags].concat(),
            b"",
        );
        assert!(to_json.status.success(), "stderr: {}", stderr(&to_json));
        let direct = mergefn_in(dir.path(), &["print", "in.ll"], b"");
        let via_json = mergefn_in(dir.path(), &["print", "m.json"], b"");
        assert!(via_json.status.success(), "stderr: {}", stderr(&via_json));
        assert_eq!(
            String::from_utf8_lossy(&via_json.stdout),
            String::from_utf8_lossy(&direct.stdout)
        );
    }
}

#[test]
fn help_teaches_by_example_and_lists_exit_statuses() {
    let dir = scratch(&[]);
    let out = mergefn_in(dir.path(), &["--help"], b"");
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "mergefn merge in.ll -o out.ll --report r.json",
        "Exit status:",
        "merge",
        "types",
        "explain",
        "print",
    ] {
        assert!(help.contains(needle), "--help lacks {needle:?}:\n{help}");
    }
}

/// `-j N` changes how many threads work, never the output: a module big enough for the
/// parallel reader merges to the same bytes and the same report counts on 1 and 3 threads.
#[test]
fn thread_count_does_not_change_the_output() {
    let mut big = String::new();
    for i in 0..40_000 {
        // Pairs of equal functions (i and i ^ 1 share the constant and the callee), calling
        // forward.
        big.push_str(&format!(
            "define internal i32 @f{i}(i32 %x) {{\nentry:\n  %y = add i32 %x, {}\n  %z = call i32 @f{}(i32 %y)\n  ret i32 %z\n}}\n\n",
            i / 2,
            (i / 2 * 2 + 2) % 40_000
        ));
    }
    assert!(big.len() > 4 << 20, "{} bytes", big.len());
    let dir = scratch(&[("big.ll", big.as_bytes())]);
    let mut outs = Vec::new();
    for j in ["1", "3"] {
        let out_name = format!("out{j}.ll");
        let report = format!("r{j}.json");
        let out = mergefn_in(
            dir.path(),
            &[
                "merge", "-j", j, "big.ll", "-o", &out_name, "--report", &report,
            ],
            b"",
        );
        assert!(out.status.success(), "-j {j}: {}", stderr(&out));
        let r: serde_json::Value =
            serde_json::from_slice(&fs::read(dir.path().join(&report)).unwrap()).unwrap();
        outs.push((
            fs::read(dir.path().join(&out_name)).unwrap(),
            r["counts"].clone(),
        ));
    }
    assert!(
        outs[0].0 == outs[1].0,
        "outputs differ between -j 1 and -j 3"
    );
    assert_eq!(outs[0].1, outs[1].1);
    assert!(outs[0].1["merged"].as_u64().unwrap() > 0, "{:?}", outs[0].1);

    let out = mergefn_in(dir.path(), &["merge", "-j", "0", "big.ll"], b"");
    assert_fails_with(&out, 2, "error: invalid value '0'");
}

/// `explain` answers like `cmp`: 0 when the functions are equal, 1 when they differ, 2 on
/// an error.
#[test]
fn explain_exit_status_says_equal_or_different() {
    let src =
        format!("{VALID_LL}define i32 @h(i32 %x) {{\n  %y = add i32 %x, 2\n  ret i32 %y\n}}\n");
    let dir = scratch(&[("m.ll", src.as_bytes())]);
    let same = mergefn_in(dir.path(), &["explain", "m.ll", "f", "g"], b"");
    assert_eq!(same.status.code(), Some(0), "stderr: {}", stderr(&same));
    let different = mergefn_in(dir.path(), &["explain", "m.ll", "f", "h"], b"");
    assert_eq!(
        different.status.code(),
        Some(1),
        "stderr: {}",
        stderr(&different)
    );
    assert!(!different.stdout.is_empty());
    let missing = mergefn_in(dir.path(), &["explain", "m.ll", "f", "nope"], b"");
    assert_fails_with(&missing, 2, "error: no function named '@nope'");
}

/// The outputs of one run are written together or not at all: an unwritable `--report`
/// leaves `-o` untouched, and the message names the user's path, not a temporary file.
#[test]
fn an_unwritable_report_leaves_no_output_and_names_the_report() {
    let dir = scratch(&[("m.ll", VALID_LL.as_bytes()), ("out.ll", b"old\n")]);
    fs::create_dir(dir.path().join("ro")).unwrap();
    let out = mergefn_in(
        dir.path(),
        &["merge", "m.ll", "-o", "out.ll", "--report", "ro"],
        b"",
    );
    assert_fails_with(&out, 1, "error: cannot write 'ro'");
    assert!(!stderr(&out).contains(".mergefn-"), "{}", stderr(&out));
    assert_eq!(fs::read(dir.path().join("out.ll")).unwrap(), b"old\n");
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.starts_with(".mergefn-")),
        "temporary files left: {names:?}"
    );
    // Both written when both can be.
    let ok = mergefn_in(
        dir.path(),
        &["merge", "m.ll", "-o", "out.ll", "--report", "r.json"],
        b"",
    );
    assert!(ok.status.success(), "stderr: {}", stderr(&ok));
    assert_ne!(fs::read(dir.path().join("out.ll")).unwrap(), b"old\n");
    assert!(dir.path().join("r.json").exists());
}

/// `merge --help` names every way a merged function is replaced.
#[test]
fn merge_help_names_every_outcome() {
    let dir = scratch(&[]);
    let out = mergefn_in(dir.path(), &["merge", "--help"], b"");
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for kind in ["deleted", "thunk", "alias", "replaced", "private function"] {
        assert!(help.contains(kind), "merge --help lacks {kind:?}:\n{help}");
    }
}

/// `--parse-bodies`: a body no other body could equal is, with `needed`, only scanned and
/// copied to the output (its error left to LLVM); `all`, and the default on small inputs,
/// read it and report the error. Bodies that may merge are always read.
#[test]
fn parse_bodies_decides_which_bodies_are_read() {
    let src = format!(
        "{VALID_LL}\ndefine i32 @odd(i32 %x) {{\n  %y = mul i32 %x, %nowhere\n  ret i32 %y\n}}\n"
    );
    let dir = scratch(&[("in.ll", src.as_bytes())]);
    let needed = mergefn_in(
        dir.path(),
        &["merge", "--parse-bodies", "needed", "in.ll"],
        b"",
    );
    assert_eq!(needed.status.code(), Some(0), "stderr: {}", stderr(&needed));
    let out = String::from_utf8_lossy(&needed.stdout);
    assert!(
        out.contains("%y = mul i32 %x, %nowhere"),
        "kept as written:\n{out}"
    );
    assert!(
        out.contains("tail call i32 @f"),
        "@f and @g still merge:\n{out}"
    );
    for args in [
        &["merge", "--parse-bodies", "all", "in.ll"][..],
        &["merge", "in.ll"],
    ] {
        let out = mergefn_in(dir.path(), args, b"");
        assert_fails_with(&out, 1, "error: in.ll:12:21: use of undefined value");
        assert!(
            stderr(&out).contains("%nowhere"),
            "stderr: {}",
            stderr(&out)
        );
    }
}

#[test]
fn stats_show_the_counts_and_how_the_input_was_read_only_when_it_matters() {
    let ex = mergefn_tests::workspace_root().join("examples/containers.ll");
    let ex = ex.to_str().unwrap();
    let dir = scratch(&[]);
    // As README shows it: the counters, and no reading rows for a small input read in full.
    let out = mergefn_in(dir.path(), &["merge", ex, "-o", "m.ll", "--stats"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stderr(&out);
    assert!(
        text.contains("       35 mergefunc - Number of functions merged\n"),
        "{text}"
    );
    assert!(
        text.contains("        7 mergefunc - Number of new functions created\n"),
        "{text}"
    );
    assert!(!text.contains("kept as text"), "{text}");
    // Read as big inputs are: the body no other can equal is kept as text, and said so.
    let out = mergefn_in(
        dir.path(),
        &[
            "merge",
            ex,
            "-o",
            "m.ll",
            "--stats",
            "--parse-bodies",
            "needed",
        ],
        b"",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stderr(&out);
    assert!(
        text.contains("mergefunc - bodies kept as text (no other could equal them)\n"),
        "{text}"
    );
    assert!(
        !text.contains("initializers kept as text"),
        "none here: {text}"
    );
}

/// Typed-pointer input stays typed (LLVM 14 reads the output) unless `--opaque-pointers`,
/// which reads it as LLVM 22 does and then merges exactly as `opt-22 -passes=mergefunc`.
#[test]
fn opaque_pointers_reads_typed_ir_as_llvm_22_does() {
    let fixture =
        mergefn_tests::workspace_root().join("tests/fixtures/typed/pointee_types_differ.ll");
    let src = fs::read(&fixture).expect("the fixture");
    let dir = scratch(&[("in.ll", &src)]);
    let typed = mergefn_in(dir.path(), &["merge", "in.ll", "-o", "-"], b"");
    assert!(typed.status.success(), "{}", stderr(&typed));
    let typed = String::from_utf8(typed.stdout).unwrap();
    assert!(typed.contains("define i32 @cb(%B* %p)"), "{typed}");
    assert!(
        typed.contains("bitcast (i32 (%A*)* @0 to i32 (%B*)*)"),
        "{typed}"
    );
    let opaque = mergefn_in(
        dir.path(),
        &["--opaque-pointers", "merge", "in.ll", "-o", "-"],
        b"",
    );
    assert!(opaque.status.success(), "{}", stderr(&opaque));
    let opaque = String::from_utf8(opaque.stdout).unwrap();
    assert!(!opaque.contains('*'), "{opaque}");
    assert!(opaque.contains("tail call i32 @ca(ptr %0)"), "{opaque}");
    let Some(opt) = mergefn_tests::opt22() else {
        return;
    };
    let theirs = mergefn_tests::run_opt(&opt, &["-S", "-passes=mergefunc", "-o", "-"], &src)
        .expect("opt-22 reads the fixture");
    assert_eq!(
        mergefn_tests::normalise(&opt, opaque.as_bytes()).unwrap(),
        mergefn_tests::normalise(&opt, &theirs).unwrap()
    );
}
