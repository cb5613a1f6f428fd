//! The reader never panics: malformed, truncated and random input gives an error with a
//! position, and deep nesting is refused instead of overflowing the stack.

use mergefn_ir::{module_to_string, parse_module};
use proptest::prelude::*;

const SAMPLE: &str = r#"target datalayout = "e-m:e-i64:64-n8:16:32:64-S128"
%struct.S = type { i32, ptr, [4 x i8] }
@g = internal global %struct.S { i32 1, ptr @g, [4 x i8] c"abc\00" }, align 8
@s = private unnamed_addr constant [6 x i8] c"hello\00"
declare i32 @printf(ptr, ...)
define i32 @f(i32 %x, ptr %p) #0 {
entry:
  %a = add nsw i32 %x, 1
  %c = icmp sgt i32 %a, 10
  br i1 %c, label %then, label %else
then:
  %q = getelementptr inbounds %struct.S, ptr %p, i64 0, i32 1
  %v = load ptr, ptr %q, align 8
  %r = call i32 (ptr, ...) @printf(ptr @s, i32 %a)
  br label %else
else:
  %phi = phi i32 [ %a, %entry ], [ %r, %then ]
  switch i32 %phi, label %done [
    i32 1, label %done
  ]
done:
  ret i32 %phi
}
attributes #0 = { nounwind "frame-pointer"="all" }
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"wchar_size", i32 4}
"#;

#[test]
fn sample_reads_and_is_a_fixed_point() {
    let m = parse_module(SAMPLE.as_bytes()).expect("sample is valid");
    let out = module_to_string(&m);
    let again = module_to_string(&parse_module(out.as_bytes()).expect("our output reads back"));
    assert_eq!(out, again);
}

#[test]
fn every_truncation_is_an_error_or_a_module_never_a_panic() {
    let bytes = SAMPLE.as_bytes();
    let mut errors = 0;
    for n in 0..bytes.len() {
        if let Err(e) = parse_module(&bytes[..n]) {
            errors += 1;
            assert!(e.line >= 1 && e.col >= 1, "position is 1-based: {e}");
        }
    }
    assert!(
        errors > bytes.len() / 2,
        "most truncations are invalid ({errors})"
    );
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    for depth in [1_000usize, 100_000] {
        let ty = format!("{}i32{}", "[1 x ".repeat(depth), "]".repeat(depth));
        let src = format!("@g = global {ty} zeroinitializer\n");
        let e = parse_module(src.as_bytes()).expect_err("too deep");
        assert!(e.msg.contains("nesting"), "{e}");
        let c = format!(
            "@g = global {{}} {}{}\n",
            "{ ".repeat(depth),
            "}".repeat(depth)
        );
        assert!(parse_module(c.as_bytes()).is_err());
    }
}

#[test]
fn undefined_and_duplicate_names_are_errors_with_positions() {
    let cases = [
        (
            "define void @f() {\n  ret i32 %x\n}\n",
            "undefined value '%x'",
            2,
        ),
        (
            "define void @f() {\n  call void @nope()\n  ret void\n}\n",
            "undefined value '@nope'",
            2,
        ),
        (
            "@a = global i32 0\n@a = global i32 1\n",
            "redefinition of global '@a'",
            2,
        ),
        (
            "define void @f() {\n  %a = add i32 1, 2\n  %a = add i32 1, 2\n  ret void\n}\n",
            "redefinition of '%a'",
            3,
        ),
        (
            "define void @f() {\n  %a = add i32 1, 2\n}\n",
            "terminator",
            3,
        ),
        (
            "define void @f() {\n  %a = frobnicate i32 1\n  ret void\n}\n",
            "unknown instruction 'frobnicate'",
            2,
        ),
        ("@s = global [3 x i8] c\"ab\n", "", 1),
    ];
    let bitcode: (&[u8], &str, u32) = (b"BC\xC0\xDE\x35\x14", "llvm-dis", 1);
    for (src, needle, line) in cases
        .iter()
        .map(|&(s, n, l)| (s.as_bytes(), n, l))
        .chain([bitcode])
    {
        let e = parse_module(src).expect_err("invalid");
        let src = String::from_utf8_lossy(src);
        assert!(e.msg.contains(needle), "{src:?}: {e}");
        assert_eq!(e.line, line, "{src:?}: {e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_module(&bytes);
    }

    #[test]
    fn mutated_modules_never_panic(pos in 0usize..SAMPLE.len(), byte in any::<u8>(), cut in 0usize..SAMPLE.len()) {
        let mut b = SAMPLE.as_bytes().to_vec();
        b[pos] = byte;
        b.truncate(cut.max(pos + 1));
        if let Ok(m) = parse_module(&b) {
            // Whatever reads must verify (either way) without panicking, print and read back.
            let _ = mergefn_ir::verify_module(&m);
            let out = module_to_string(&m);
            prop_assert!(parse_module(out.as_bytes()).is_ok(), "our print of a mutated module does not read back:\n{}", out);
        }
    }
}

#[test]
fn the_verifier_catches_what_the_reader_cannot() {
    let cases = [
        ("define i32 @f() {\nentry:\n  br label %next\nnext:\n  %p = phi i32 [ 1, %entry ]\n  ret i32 %p\nother:\n  br label %next\n}\n", "PHINode should have one entry for each predecessor"),
        ("define i32 @f(i64 %x) {\n  ret i64 %x\n}\n", "return type does not match"),
        ("define void @f() {\nentry:\n  %a = add i32 1, 2\n  br label %x\nx:\n  %p = phi i32 [ %a, %entry ]\n  ret void\n}\n", ""),
        ("define void @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  %x = add i32 1, 1\n  %p = phi i32 [ 1, %entry ], [ 2, %a ]\n  ret void\n}\n", "PHI nodes not grouped"),
        ("define void @f() {\nentry:\n  br label %entry\n}\n", "Entry block to function must not have predecessors"),
    ];
    for (src, needle) in cases {
        let m = parse_module(src.as_bytes()).expect("the reader accepts it");
        let r = mergefn_ir::verify_module(&m);
        if needle.is_empty() {
            assert!(r.is_ok(), "{src}: {r:?}");
        } else {
            let e = r.expect_err(src);
            assert!(e.msg.contains(needle), "{src}: {e}");
            assert!(e.offset.is_some(), "{src}: the finding has a position");
        }
    }
}
