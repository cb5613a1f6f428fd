//! The parallel reader (function bodies parsed on worker threads, then brought into the main
//! module in text order) builds the same module as the serial reader: the same text when
//! printed, the same merges; its result does not depend on the number of threads; and on bad
//! input it hands over to the serial reader, so errors are the serial reader's.

use mergefn_ir::{module_to_string, parse_module, parse_module_parallel, parse_module_serial};
use mergefn_merge::{merge_functions, Options};
use mergefn_tests::{corpus, first_difference};
use std::fmt::Write;

/// Both readers on `src`: the parallel one must take it, and print what the serial one prints.
fn same_as_serial(name: &str, src: &[u8]) -> mergefn_ir::Module {
    let serial = parse_module_serial(src).unwrap_or_else(|e| panic!("{name}: {e}"));
    let parallel =
        parse_module_parallel(src).unwrap_or_else(|| panic!("{name}: parallel reader gave up"));
    let (a, b) = (module_to_string(&serial), module_to_string(&parallel));
    assert!(a == b, "{name}: {}", first_difference(&a, &b));
    parallel
}

fn merged(mut m: mergefn_ir::Module) -> String {
    merge_functions(&mut m, &Options::default());
    module_to_string(&m)
}

/// A module of `n` functions that exercises what a worker must hand back: named and literal
/// struct types, a type defined between bodies, attributes with types, constants (strings,
/// expressions, aggregates), inline asm, calls to functions defined later and to globals
/// declared at the end, metadata attachments and debug records, numbered values and globals.
fn synthetic(n: usize) -> String {
    let mut s = String::from(
        "%pair = type { i64, ptr }\n@0 = private constant [5 x i8] c\"zero\\00\"\n\
         @msg = private unnamed_addr constant [6 x i8] c\"hello\\00\"\n\n",
    );
    for i in 0..n {
        if i == n / 2 {
            // A type definition between bodies: the chunk before it is sent first.
            writeln!(s, "%late = type {{ i32, [3 x i16] }}\n").unwrap();
        }
        let late = if i > n / 2 {
            "  %l = alloca %late, align 4\n  %lp = getelementptr inbounds %late, ptr %l, i64 0, i32 1, i64 2\n  store i16 7, ptr %lp, align 2\n"
        } else {
            ""
        };
        writeln!(
            s,
            "define internal i64 @f{i}(ptr byval(%pair) align 8 %p, i64 %x) unnamed_addr {{\n\
             start:\n\
             {late}  %0 = getelementptr inbounds %pair, ptr %p, i64 0, i32 1\n\
             \x20 %1 = load ptr, ptr %0, align 8, !noundef !0\n\
             \x20 %2 = call i64 @g{next}(ptr byval(%pair) align 8 %p, i64 {k})\n\
             \x20 %3 = add nuw i64 %2, ptrtoint (ptr getelementptr inbounds (i8, ptr @msg, i64 {m}) to i64)\n\
             \x20 %s = insertvalue {{ i64, {{ i32, i8 }} }} {{ i64 {i}, {{ i32, i8 }} {{ i32 {k}, i8 1 }} }}, i64 %3, 0\n\
             \x20 %e = extractvalue {{ i64, {{ i32, i8 }} }} %s, 0\n\
             \x20 call void asm sideeffect \"nop # {m}\", \"~{{memory}}\"()\n\
             \x20 %c = icmp ult i64 %e, %x\n\
             \x20 br i1 %c, label %bb1, label %2b\n\
             bb1:\n\
             \x20   #dbg_value(i64 %x, !1, !DIExpression(), !2)\n\
             \x20 %z = call i64 @ext(ptr @0, ptr @msg, i64 %e), !dbg !2\n\
             \x20 ret i64 %z\n\
             2b:\n\
             \x20 ret i64 %e\n\
             }}\n",
            next = (i + 1) % n,
            k = i % 7,
            m = i % 5,
        )
        .unwrap();
        writeln!(
            s,
            "define internal i64 @g{i}(ptr byval(%pair) align 8 %p, i64 %y) {{\n\
             \x20 %r = mul i64 %y, {k}\n  ret i64 %r\n}}\n",
            k = i % 3 + 2
        )
        .unwrap();
    }
    s.push_str("declare i64 @ext(ptr, ptr, i64)\n\n!0 = !{}\n!1 = !{!\"x\"}\n!2 = !{!\"loc\"}\n");
    s
}

#[test]
fn synthetic_module_reads_the_same_in_parallel() {
    let src = synthetic(6000);
    assert!(src.len() > 4 << 20, "several chunks: {} bytes", src.len());
    let m = same_as_serial("synthetic", src.as_bytes());
    // And merges the same (the g's are pairwise equal by constant class).
    let serial = parse_module_serial(src.as_bytes()).expect("reads");
    assert_eq!(merged(serial), merged(m));
}

/// `synthetic(n)` and `nodes` metadata nodes after it (LLVM prints a debug build's metadata
/// last, about as much of it as code), each on a line of its own (`split`: its operands on a
/// second line starting with `!`, which a cut may fall on).
fn with_metadata(n: usize, nodes: usize, split: bool) -> String {
    let mut s = synthetic(n);
    s.push_str("!llvm.ident = !{!100000}\n!named.list = !{!100000, !100001}\n");
    for i in 0..nodes {
        let id = 100_000 + i;
        let prev = if i == 0 { 0 } else { id - 1 };
        let sep = if split { "\n" } else { " " };
        writeln!(
            s,
            "!{id} = !{{!\"node {i}: some text a debug build would hold\",{sep}!{prev}, i32 {i}}}"
        )
        .unwrap();
    }
    s
}

/// A debug build's metadata is read on all cores, a window of pieces at a time: the module is
/// the serial reader's. A node cut across lines, an id defined twice (in another window), or
/// an error is left to the serial reader, which reads the rest and says what it says.
#[test]
fn metadata_reads_the_same_in_parallel() {
    // Metadata for more than one window on any number of threads (a window is a few pieces
    // of 1 MiB per thread).
    let threads = rayon::current_num_threads();
    let nodes = 40_000 * (2 * threads + 3);
    let src = with_metadata(1000, nodes, false);
    assert!(src.len() > 4 << 20, "{} bytes", src.len());
    let before = mergefn_ir::metadata_windows_read();
    let m = same_as_serial("metadata", src.as_bytes());
    assert!(
        mergefn_ir::metadata_windows_read() >= before + 2,
        "the metadata was read on all cores, a window at a time"
    );
    assert_eq!(m.md_nodes.len(), nodes + 3);
    assert_eq!(m.named_md.len(), 2);

    // Nodes on two lines: a piece may start inside one; what the text says holds still.
    let split = with_metadata(1000, 60_000, true);
    same_as_serial("metadata on two lines", split.as_bytes());

    // An id defined twice, and a node that does not end, late in the metadata.
    let late = format!("!{} = ", 100_000 + nodes - 1000);
    let twice = src.replace(&late, "!100007 = ");
    let err = parse_module(twice.as_bytes()).expect_err("an id defined twice");
    assert_eq!(err, parse_module_serial(twice.as_bytes()).expect_err("bad"));
    assert!(err.msg.contains("already used"), "{err}");
    let open = src.replace(&format!("{late}!{{"), &format!("{late}!("));
    let err = parse_module(open.as_bytes()).expect_err("a bad node");
    assert_eq!(err, parse_module_serial(open.as_bytes()).expect_err("bad"));
    assert!(err.line > 1000, "{err}");
}

#[test]
fn corpus_reads_the_same_in_parallel() {
    for sub in ["rust", "c", "typed"] {
        let Some(paths) = corpus(sub) else { return };
        for p in paths {
            let src = std::fs::read(&p).expect("readable");
            let name = p.display().to_string();
            let m = same_as_serial(&name, &src);
            let serial = parse_module_serial(&src).expect("reads");
            assert!(merged(serial) == merged(m), "{name}: merges differently");
        }
    }
}

#[test]
fn result_does_not_depend_on_the_number_of_threads() {
    let src = synthetic(3000);
    let read_with = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool");
        pool.install(|| parse_module_parallel(src.as_bytes()).expect("parallel read"))
    };
    let one = read_with(1);
    for threads in [2, 5] {
        let m = read_with(threads);
        // Same handles, not just the same text.
        assert_eq!(m.types.len(), one.types.len(), "{threads} threads");
        assert_eq!(m.consts.len(), one.consts.len(), "{threads} threads");
        let types =
            |m: &mergefn_ir::Module| m.types.iter().map(|(_, d)| d.clone()).collect::<Vec<_>>();
        assert_eq!(types(&m), types(&one), "{threads} threads");
        assert_eq!(module_to_string(&m), module_to_string(&one));
    }
}

/// Errors in bodies left to workers are reported as the serial reader reports them: the first
/// error in the text, even when a later top-level entity is also wrong.
#[test]
fn errors_in_parallel_bodies_are_the_serial_readers() {
    let src = synthetic(6000);
    let lines: Vec<&str> = src.lines().collect();
    // A use of an undefined value in a body two thirds in, and a bad top-level line after it.
    let body_line = lines
        .iter()
        .enumerate()
        .skip(lines.len() * 2 / 3)
        .find(|(_, l)| l.contains("%r = mul i64 %y"))
        .map(|(i, _)| i)
        .expect("a g body");
    let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    bad[body_line] = bad[body_line].replace("%y", "%nope");
    let top_line = bad.len() - 3;
    bad.insert(top_line, "this is not IR".into());
    let bad = bad.join("\n");

    assert!(parse_module_parallel(bad.as_bytes()).is_none());
    let serial = parse_module_serial(bad.as_bytes()).expect_err("bad input");
    let err = parse_module(bad.as_bytes()).expect_err("bad input");
    assert_eq!(err, serial);
    assert_eq!(err.line as usize, body_line + 1, "{err}");
    assert!(err.msg.contains("%nope"), "{err}");

    // With only the top-level error, that one is reported.
    let mut top: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    top.insert(top_line, "this is not IR".into());
    let top = top.join("\n");
    let err = parse_module(top.as_bytes()).expect_err("bad input");
    assert_eq!(err, parse_module_serial(top.as_bytes()).expect_err("bad"));
    assert_eq!(err.line as usize, top_line + 1, "{err}");
}

/// A body on one line is read on the main thread, in place, and the parallel reader goes on.
/// A body that closes mid-line makes it give up (the layout said the body ends elsewhere), and
/// the module is read serially.
#[test]
fn bodies_not_laid_out_as_printed() {
    let mut src = synthetic(3000);
    src.push_str("define i32 @one_line(i32 %a) { ret i32 %a }\n");
    src.push_str("define i32 @after(i32 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n");
    same_as_serial("one-line body", src.as_bytes());

    let mut src = synthetic(3000);
    src.push_str("define i32 @closed_mid_line(i32 %a) {\n  ret i32 %a }\n");
    src.push_str("define i32 @after(i32 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n");
    assert!(parse_module_parallel(src.as_bytes()).is_none());
    let m = parse_module(src.as_bytes()).expect("reads serially");
    let serial = parse_module_serial(src.as_bytes()).expect("reads");
    assert_eq!(module_to_string(&m), module_to_string(&serial));
}

/// Bodies closed mid-line are read in place; the search for a body's end that ran past them is
/// reused, not repeated per body. (Repeated, this module took 18 s instead of 1: a regression
/// shows here as a test that runs for minutes.)
#[test]
fn bodies_read_in_place_do_not_rescan_the_rest_of_the_text() {
    let mut src = String::new();
    for i in 0..150_000 {
        writeln!(src, "define void @f{i}() {{\n  ret void }}").unwrap();
    }
    // The only line-start `}` of the module, inside a string, and not followed by a newline.
    src.push_str("@s = global [3 x i8] c\"\n}x\"\n");
    assert!(src.len() > 4 << 20);
    let m = same_as_serial("bodies closed mid-line", src.as_bytes());
    assert_eq!(m.functions().count(), 150_000);
}

/// Past 65,536 types the bodies that follow are read in place (every chunk in flight would
/// copy the table): bodies before and after the switch read the same as serially.
#[test]
fn a_huge_type_table_switches_to_reading_in_place() {
    let mut src = synthetic(1500);
    for i in 0..70_000 {
        writeln!(
            src,
            "@t{i} = global {{ i32, [{} x i8] }} zeroinitializer",
            i + 1
        )
        .unwrap();
    }
    for i in 0..20_000 {
        writeln!(
            src,
            "define i32 @late{i}(i32 %x) {{\n  %y = add i32 %x, {i}\n  ret i32 %y\n}}"
        )
        .unwrap();
    }
    let m = same_as_serial("many types", src.as_bytes());
    assert!(m.types.len() > 1 << 16, "{} types", m.types.len());
}
