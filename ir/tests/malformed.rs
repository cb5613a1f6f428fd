//! The reader never panics: malformed, truncated and random input gives an error with a
//! position, and deep nesting is refused instead of overflowing the stack.

mod common;
use common::{opt22, run_opt};
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
            "define void @f() {\n  ret void\n}\n^0 = module: (path: \"x\", hash: (0, 0\n",
            "found end of file while parsing summary entry",
            5,
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
        // A `.` that starts no label: once a word of no bytes, on which the reader spun.
        (
            "define void @f() {\n  call void .x()\n  ret void\n}\n",
            "expected a callee, found invalid token '.'",
            2,
        ),
        ("@g = global i32 0, .x\n", "invalid token '.'", 1),
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
    // 2000 cases a run; `PROPTEST_CASES` asks for more (a hunt for hangs and panics).
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000),
        ..ProptestConfig::default()
    })]

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
        ("define <2 x i32> @f(<2 x i32> %a, <2 x i32> %b) {\n  %s = shufflevector <2 x i32> %a, <2 x i32> %b, <2 x i32> <i32 0, i32 4>\n  ret <2 x i32> %s\n}\n", "invalid shufflevector operands"),
    ];
    for (src, needle) in cases {
        if let Some(e) = verifier_finding(src, needle) {
            assert!(e.offset.is_some(), "{src}: the finding has a position");
        }
    }
}

/// Read `src` and verify it: with an empty `needle` the module must verify, otherwise the
/// verifier must report a finding whose message contains `needle` (returned).
fn verifier_finding(src: &str, needle: &str) -> Option<mergefn_ir::VerifyError> {
    let m = parse_module(src.as_bytes()).expect("the reader accepts it");
    let r = mergefn_ir::verify_module(&m);
    if needle.is_empty() {
        assert!(r.is_ok(), "{src}: {r:?}");
        return None;
    }
    let e = r.expect_err(src);
    assert!(e.msg.contains(needle), "{src}: {e}");
    Some(e)
}

/// What `opt -passes=verify` says about `src`: `None` if it accepts it, else its first line.
fn opt_verdict(opt: &std::path::Path, src: &str) -> Option<String> {
    run_opt(opt, &["-passes=verify", "-disable-output", "-"], src).err()
}

/// The reader's verdict on `src` (case `label`) is LLVM's: accepted when `msg` is empty,
/// otherwise refused with exactly `msg`, the error returned for its position.
fn reader_says(src: &str, label: &str, msg: &str) -> Option<mergefn_ir::ParseError> {
    match parse_module(src.as_bytes()) {
        Ok(_) => {
            assert!(msg.is_empty(), "{label}: accepted, LLVM says {msg}");
            None
        }
        Err(e) => {
            assert_eq!(e.msg, msg, "{label}");
            Some(e)
        }
    }
}

/// opt-22 agrees with `msg` on `src` (case `label`): it accepts it when `msg` is empty,
/// otherwise its message ends with `msg`.
fn opt_says(opt: &std::path::Path, src: &str, label: &str, msg: &str) {
    match opt_verdict(opt, src) {
        None => assert!(msg.is_empty(), "{label}: opt-22 accepts it"),
        Some(v) => assert!(
            !msg.is_empty() && v.ends_with(msg),
            "{label}: opt-22 says {v}"
        ),
    }
}

/// SSA dominance, as LLVM's verifier checks it: (source, expected message or "" for valid).
const DOMINANCE_CASES: &[(&str, &str)] = &[
    // Use before the definition in the same block.
    (
        "define i32 @f(i32 %x) {\n  %a = add i32 %b, 1\n  %b = add i32 %x, 1\n  ret i32 %a\n}\n",
        "Instruction does not dominate all uses!",
    ),
    // Use in a block the definition's block does not dominate.
    (
        "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  %v = add i32 1, 2\n  br label %b\nb:\n  %w = add i32 %v, 1\n  ret i32 %w\n}\n",
        "Instruction does not dominate all uses!",
    ),
    // A phi's incoming value must dominate the end of the incoming block, not the phi.
    (
        "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %join\na:\n  %v = add i32 1, 2\n  br label %join\njoin:\n  %p = phi i32 [ %v, %entry ], [ %v, %a ]\n  ret i32 %p\n}\n",
        "Instruction does not dominate all uses!",
    ),
    // A phi's incoming value defined in a block that does not dominate the back edge.
    (
        "define i32 @f(i1 %c) {\nentry:\n  br label %a\na:\n  %p = phi i32 [ 0, %entry ], [ %q, %b ]\n  br i1 %c, label %b, label %exit\nb:\n  br label %a\nexit:\n  %q = add i32 1, 2\n  ret i32 %p\n}\n",
        "Instruction does not dominate all uses!",
    ),
    // Valid: a definition in the entry block used by a phi of a loop, and a phi using a value
    // defined later in its own block along the back edge.
    (
        "define i32 @f(i32 %n) {\nentry:\n  %init = add i32 %n, 1\n  br label %loop\nloop:\n  %i = phi i32 [ %init, %entry ], [ %next, %loop ]\n  %next = add i32 %i, 1\n  %done = icmp eq i32 %next, 100\n  br i1 %done, label %exit, label %loop\nexit:\n  ret i32 %i\n}\n",
        "",
    ),
    // Valid: in an unreachable block anything goes, even an instruction using itself.
    (
        "define void @f() {\nentry:\n  ret void\ndead:\n  %x = add i32 %x, 1\n  %y = add i32 %z, 1\n  %z = add i32 %y, 1\n  br label %dead\n}\n",
        "",
    ),
    // Valid: a phi's use on an edge from an unreachable block is not checked.
    (
        "define i32 @f() {\nentry:\n  br label %exit\ndead:\n  br label %exit\nexit:\n  %p = phi i32 [ 0, %entry ], [ %q, %dead ]\n  %q = add i32 %p, 1\n  ret i32 %q\n}\n",
        "",
    ),
    // A definition in an unreachable block dominates no reachable use.
    (
        "define i32 @f() {\nentry:\n  br label %exit\ndead:\n  %v = add i32 1, 2\n  br label %exit\nexit:\n  %p = phi i32 [ 0, %entry ], [ %v, %dead ]\n  %q = add i32 %v, 1\n  ret i32 %q\n}\n",
        "Instruction does not dominate all uses!",
    ),
    // In a reachable block only phis may use their own value.
    (
        "define i32 @f() {\nentry:\n  %x = add i32 %x, 1\n  ret i32 %x\n}\n",
        "Only PHI nodes may reference their own value!",
    ),
    // An invoke's result is defined on its normal edge: not in the unwind destination...
    (
        "declare i32 @g()\ndeclare i32 @pers(...)\ndefine i32 @f() personality ptr @pers {\nentry:\n  %r = invoke i32 @g() to label %ok unwind label %lp\nok:\n  ret i32 %r\nlp:\n  %l = landingpad { ptr, i32 } cleanup\n  ret i32 %r\n}\n",
        "Instruction does not dominate all uses!",
    ),
    // ... nor past a normal destination that has other predecessors (a critical edge) ...
    (
        "declare i32 @g()\ndeclare i32 @pers(...)\ndefine i32 @f(i1 %c) personality ptr @pers {\nentry:\n  br i1 %c, label %inv, label %ok\ninv:\n  %r = invoke i32 @g() to label %ok unwind label %lp\nok:\n  %x = add i32 %r, 1\n  ret i32 %x\nlp:\n  %l = landingpad { ptr, i32 } cleanup\n  ret i32 0\n}\n",
        "Instruction does not dominate all uses!",
    ),
    // ... but a phi for that edge may use it, as may what the normal destination dominates.
    (
        "declare i32 @g()\ndeclare i32 @pers(...)\ndefine i32 @f(i1 %c) personality ptr @pers {\nentry:\n  br i1 %c, label %inv, label %ok\ninv:\n  %r = invoke i32 @g() to label %ok unwind label %lp\nok:\n  %x = phi i32 [ %r, %inv ], [ 0, %entry ]\n  ret i32 %x\nlp:\n  %l = landingpad { ptr, i32 } cleanup\n  ret i32 0\n}\n",
        "",
    ),
    (
        "declare i32 @g()\ndeclare i32 @pers(...)\ndefine i32 @f(i1 %c) personality ptr @pers {\nentry:\n  %r = invoke i32 @g() to label %ok unwind label %lp\nok:\n  %p = phi i32 [ %r, %entry ]\n  br i1 %c, label %more, label %done\nmore:\n  br label %done\ndone:\n  %q = phi i32 [ %r, %ok ], [ %r, %more ]\n  ret i32 %q\nlp:\n  %l = landingpad { ptr, i32 } cleanup\n  ret i32 0\n}\n",
        "",
    ),
    // Since LLVM 17 a callbr's result is usable in its indirect destinations too.
    (
        "define i32 @f() {\nentry:\n  %r = callbr i32 asm \"\", \"=r,!i\"() to label %ok [label %ind]\nok:\n  ret i32 %r\nind:\n  ret i32 %r\n}\n",
        "",
    ),
    // Operand-bundle inputs are operands.
    (
        "declare void @g()\ndefine void @f() {\nentry:\n  call void @g() [ \"deopt\"(i32 %x) ]\n  %x = add i32 1, 2\n  ret void\n}\n",
        "Instruction does not dominate all uses!",
    ),
    // Valid: several edges from one switch, one phi entry each.
    (
        "define i32 @f(i32 %x) {\nentry:\n  %v = add i32 %x, 1\n  switch i32 %x, label %d [ i32 1, label %d\n i32 2, label %d ]\nd:\n  %p = phi i32 [ %v, %entry ], [ %v, %entry ], [ %v, %entry ]\n  ret i32 %p\n}\n",
        "",
    ),
];

#[test]
fn the_verifier_checks_ssa_dominance() {
    for &(src, needle) in DOMINANCE_CASES {
        if let Some(e) = verifier_finding(src, needle) {
            let off = e.offset.expect("the finding has a position") as usize;
            // The position is the using instruction's, on a line of its own.
            let line = src[off..].lines().next().unwrap();
            assert!(
                line.contains('%') && !line.ends_with(':'),
                "{src}: reported at {line:?}"
            );
        }
    }
}

#[test]
fn llvm_agrees_on_the_dominance_cases() {
    let Some(opt) = opt22() else {
        eprintln!("skipped: LLVM 22's opt is not installed");
        return;
    };
    for &(src, needle) in DOMINANCE_CASES {
        let verdict = opt_verdict(&opt, src);
        if needle.is_empty() {
            assert_eq!(verdict, None, "opt rejects valid case:\n{src}");
        } else {
            let v = verdict.unwrap_or_else(|| panic!("opt accepts invalid case:\n{src}"));
            assert!(v.contains(needle), "opt says {v:?} for:\n{src}");
        }
    }
}

#[test]
fn the_first_failing_function_in_module_order_is_reported() {
    // Enough functions that the parallel verifier splits them; the 2nd and 3rd bad ones
    // must never win over the first.
    let mut src = String::new();
    for k in 0..400 {
        let body = if [123, 124, 300].contains(&k) {
            "  %a = add i32 %b, 1\n  %b = add i32 %x, 1\n  ret i32 %a\n"
        } else {
            "  %a = add i32 %x, 1\n  %b = add i32 %a, 1\n  ret i32 %b\n"
        };
        src += &format!("define i32 @f{k}(i32 %x) {{\n{body}}}\n");
    }
    let m = parse_module(src.as_bytes()).unwrap();
    for _ in 0..20 {
        let e = mergefn_ir::verify_module(&m).expect_err("f123 is invalid");
        assert_eq!(e.function, "f123", "{e}");
    }
}

#[test]
fn the_verifier_refuses_alias_cycles_as_llvm_does() {
    let cases = [
        ("@a = alias i32, ptr @a\n", true),
        ("@a = alias i32, ptr @b\n@b = alias i32, ptr @a\n", true),
        (
            "@a = alias i32, getelementptr (i8, ptr @b, i64 4)\n@b = alias i32, ptr @a\n",
            true,
        ),
        // An alias into a cycle is refused too; chains and aliases of variables are fine.
        (
            "@x = alias i32, ptr @a\n@a = alias i32, ptr @b\n@b = alias i32, ptr @a\n",
            true,
        ),
        (
            "@g = global i32 0\n@a = alias i32, ptr @b\n@b = alias i32, ptr @c\n@c = alias i32, ptr @g\n",
            false,
        ),
        (
            "@g = global ptr @a\n@a = alias ptr, ptr @g\n",
            false,
        ),
    ];
    let opt = opt22();
    for (src, cycle) in cases {
        let m = parse_module(src.as_bytes()).expect("the reader accepts it");
        let r = mergefn_ir::verify_module(&m);
        assert_eq!(r.is_err(), cycle, "{src}: {r:?}");
        if let Err(e) = r {
            assert!(e.msg.contains("Aliases cannot form a cycle"), "{e}");
            assert!(!e.to_string().contains("in function"), "{e}");
        }
        if let Some(opt) = &opt {
            let v = opt_verdict(opt, src);
            assert_eq!(v.is_some(), cycle, "opt says {v:?} for:\n{src}");
        }
    }
    // A long chain costs linear time, not quadratic.
    let n = 200_000;
    let chain: String = std::iter::once("@g0 = global i32 0\n".to_string())
        .chain(
            (1..n)
                .rev()
                .map(|i| format!("@g{i} = alias i32, ptr @g{}\n", i - 1)),
        )
        .collect();
    let m = parse_module(chain.as_bytes()).unwrap();
    let start = std::time::Instant::now();
    assert!(mergefn_ir::verify_module(&m).is_ok());
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
}

#[test]
fn wide_integer_constants_read_and_print_in_linear_time() {
    let print_one = |src: &str| {
        let m = parse_module(src.as_bytes()).unwrap_or_else(|e| panic!("{src}: {e}"));
        let out = module_to_string(&m);
        let line = out
            .lines()
            .find(|l| l.starts_with("@g"))
            .unwrap()
            .to_owned();
        line.split(' ').nth(4).unwrap().to_owned()
    };
    // Decimal up to MAX_DECIMAL_PRINT_BITS significant bits, wrapping as LLVM does.
    for (ty, lit, want) in [
        ("i8", "1000000000000000000000300", "44"),
        (
            "i129",
            "340282366920938463463374607431768211456",
            "-340282366920938463463374607431768211456",
        ),
        ("i70", "-1180591620717411303424", "0"),
        (
            "i256",
            "-57896044618658097711785492504343953926634992332820282019728792003956564819968",
            "-57896044618658097711785492504343953926634992332820282019728792003956564819968",
        ),
    ] {
        assert_eq!(print_one(&format!("@g = global {ty} {lit}\n")), want);
    }
    let digits: String = (0..1200)
        .map(|k| char::from(b'1' + (k * 7 % 9) as u8))
        .collect();
    for lit in [digits.clone(), format!("-{digits}")] {
        assert_eq!(print_one(&format!("@g = global i4096 {lit}\n")), lit);
    }
    // Wider values print in hexadecimal (which LLVM reads), and read back the same.
    let hex = format!("u0x{}", "F".repeat(200_000));
    let src = format!("@g = global i8388608 {hex}\n");
    let start = std::time::Instant::now();
    assert_eq!(print_one(&src), hex);
    let long = format!("@g = global i8388608 {}\n", "7".repeat(500_000));
    let printed = print_one(&long);
    assert_eq!(
        print_one(&format!("@g = global i8388608 {printed}\n")),
        printed
    );
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    // Past MAX_DECIMAL_DIGITS significant digits, decimal is refused (hexadecimal is not).
    let e = parse_module(format!("@g = global i8388608 {}\n", "7".repeat(600_000)).as_bytes())
        .expect_err("too long");
    assert!(e.msg.contains("hexadecimal"), "{e}");
    let zeros = format!("@g = global i8 {}5\n", "0".repeat(600_000));
    assert_eq!(print_one(&zeros), "5", "leading zeros do not count");
}

#[test]
fn dominance_stays_fast_on_hostile_control_flow() {
    let n = 50_000;
    // An irreducible ladder entered at both ends: the iterative algorithm needs O(n) passes.
    let mut ladder = format!(
        "define void @f(i1 %c) {{\nentry:\n  br i1 %c, label %b0, label %b{}\n",
        n - 1
    );
    for i in 0..n {
        let up = if i + 1 < n {
            format!("b{}", i + 1)
        } else {
            "exit".into()
        };
        let down = if i > 0 {
            format!("b{}", i - 1)
        } else {
            "exit".into()
        };
        ladder += &format!("b{i}:\n  br i1 %c, label %{up}, label %{down}\n");
    }
    ladder += "exit:\n  ret void\n}\n";
    // A deep chain whose every block also branches to one exit: one pass is O(n²).
    let mut fan = String::from("define void @g(i1 %c) {\nb0:\n  br label %b1\n");
    for i in 1..n {
        fan += &format!("b{i}:\n  br i1 %c, label %b{}, label %exit\n", i + 1);
    }
    fan += &format!("b{n}:\n  br label %exit\nexit:\n  ret void\n}}\n");
    // The same shapes, now using a value where its definition does not dominate.
    let bad_ladder = ladder.replace(
        "exit:\n  ret void",
        "exit:\n  %x = add i32 %y, 1\n  ret void\nnever:\n  %y = add i32 1, 1\n  br label %exit",
    );
    for (what, src, ok) in [
        ("ladder", &ladder, true),
        ("fan-in", &fan, true),
        ("bad ladder", &bad_ladder, false),
    ] {
        let m = parse_module(src.as_bytes()).unwrap_or_else(|e| panic!("{what}: {e}"));
        let start = std::time::Instant::now();
        let r = mergefn_ir::verify_module(&m);
        assert_eq!(r.is_ok(), ok, "{what}: {r:?}");
        assert!(
            start.elapsed().as_secs() < 10,
            "{what}: {:?}",
            start.elapsed()
        );
    }
}

/// Inputs the fuzzers found, kept so that what they broke stays fixed: each must read (or be
/// refused) without a panic, and whatever reads must print to text that reads back to the same
/// print.
#[test]
fn fuzz_crashers_stay_fixed() {
    let crashers: &[&[u8]] = &[
        // reader, 2026-11-23: a metadata name needing an escape was printed quoted
        // (`!"\5C"`), which no reader accepts; LLVM writes `!\5C` and unescapes it.
        b"; ll238}\n!\\ = !{i32 67 9}\n",
    ];
    for input in crashers {
        if let Ok(m) = mergefn_ir::parse_module(input) {
            let out = mergefn_ir::module_to_string(&m);
            let again = mergefn_ir::parse_module(out.as_bytes())
                .unwrap_or_else(|e| panic!("our output does not read back: {e}\n{out}"));
            assert_eq!(
                mergefn_ir::module_to_string(&again),
                out,
                "not a fixed point"
            );
        }
    }
}

/// Attribute arguments as LLVM 22's parser takes them: (source, true if valid). Attributes
/// that take none refuse parentheses, those that need one refuse to go without, and keywords
/// of later LLVMs are not attributes.
const ATTRIBUTE_SHAPES: &[(&str, bool)] = &[
    ("declare void @f(ptr dead_on_return)\n", true),
    ("declare void @f(ptr dead_on_return(8))\n", false),
    ("declare void @f() noinline(3)\n", false),
    ("declare void @f(ptr dereferenceable)\n", false),
    (
        "declare void @f(ptr dereferenceable(8) align 8, ptr align(4) byval(i32))\n",
        true,
    ),
    ("declare void @f(ptr byval)\n", false),
    ("declare void @f() uwtable\n", true),
    (
        "declare void @f() uwtable(sync) vscale_range(1,16) memory(none)\n",
        true,
    ),
    ("declare void @f() vscale_range\n", false),
    ("declare void @f() denormal_fpenv(ieee)\n", false),
    ("declare void @f() no_callback\n", false),
    ("attributes #0 = { alignstack=16 }\n", true),
    ("attributes #0 = { noinline=1 }\n", false),
    // allocsize names two parameters; initializes takes ordered, disjoint, non-empty ranges.
    ("declare ptr @f(i32, i32) allocsize(0, 1)\n", true),
    ("declare ptr @f(i32, i32) allocsize(0, 0)\n", false),
    ("declare void @f(ptr initializes((0, 4), (8, 12)))\n", true),
    ("declare void @f(ptr initializes((4, 0)))\n", false),
    ("declare void @f(ptr initializes((0, 4), (4, 8)))\n", false),
];

/// The reader accepts exactly the valid cases, and refuses the others with a position.
fn assert_reader_verdicts(cases: &[(&str, bool)]) {
    for &(src, valid) in cases {
        match parse_module(src.as_bytes()) {
            Ok(_) => assert!(valid, "accepted but LLVM 22 refuses it: {src}"),
            Err(e) => {
                assert!(!valid, "refused but valid: {src}: {e}");
                assert!(e.line >= 1 && e.col >= 1, "{e}");
            }
        }
    }
}

/// opt-22 agrees with each case's verdict (when it is installed; required under `CI=true`).
fn assert_opt_verdicts(cases: &[(&str, bool)]) {
    let Some(opt) = opt22() else { return };
    for &(src, valid) in cases {
        let verdict = opt_verdict(&opt, src);
        assert_eq!(verdict.is_none(), valid, "{src}: opt-22 says {verdict:?}");
    }
}

#[test]
fn attribute_arguments_take_llvm_22s_shapes() {
    assert_reader_verdicts(ATTRIBUTE_SHAPES);
}

#[test]
fn llvm_agrees_on_the_attribute_shapes() {
    assert_opt_verdicts(ATTRIBUTE_SHAPES);
}

/// LLVM 22's other checks while parsing, each with a valid neighbour: (source, true if valid).
const PARSER_CHECKS: &[(&str, bool)] = &[
    // LLVM 22 keeps no use lists for plain data and ignores a use-list order given for one
    // (CodeGen/X86/stack-protector-no-return.ll of LLVM 19); other constants are checked.
    ("declare void @g(ptr)\ndefine void @f() {\n  ret void\n}\nuselistorder i32 0, { 1, 0, 2 }\n", true),
    ("declare void @g(ptr)\ndefine void @f() {\n  ret void\n}\nuselistorder ptr null, { 1, 0, 2 }\n", true),
    ("declare void @g(ptr)\ndefine void @f() {\n  ret void\n}\nuselistorder [2 x i32] [i32 1, i32 2], { 1, 0, 2 }\n", true),
    ("declare void @g(ptr)\ndefine void @f() {\n  ret void\n}\nuselistorder [2 x i1] [i1 true, i1 false], { 1, 0, 2 }\n", false),
    ("declare void @g(ptr)\ndefine void @f() {\n  ret void\n}\nuselistorder { i32, i32 } { i32 1, i32 2 }, { 1, 0, 2 }\n", false),
    ("declare void @g(ptr)\ndefine void @f() {\n  ret void\n}\nuselistorder ptr @g, { 1, 0, 2 }\n", false),
    // `u0x...` is an unsigned integer wherever one is (CodeGen/X86/huge-stack-offset2.ll).
    ("@a = global [u0x2 x i8] zeroinitializer\n", true),
    // Constant expressions LLVM 22 no longer has (in IR spelling `ptr`).
    ("@g = global i32 0\n@x = global i64 add (i64 ptrtoint (ptr @g to i64), i64 1)\n", true),
    ("@g = global i32 0\n@x = global i64 mul (i64 ptrtoint (ptr @g to i64), i64 2)\n", false),
    ("@g = global i32 0\n@x = global i64 zext (i32 ptrtoint (ptr @g to i32) to i64)\n", false),
    ("@g = global i32 0\n@x = global i1 icmp eq (ptr @g, ptr null)\n", false),
    // Casts their opcode cannot make.
    ("@x = constant ptr inttoptr (i64 0 to ptr)\n", true),
    ("@x = constant ptr trunc (i64 0 to ptr)\n", false),
    ("define i32 @f(i64 %x) {\n  %r = trunc i64 %x to i32\n  ret i32 %r\n}\n", true),
    ("define i64 @f(i32 %x) {\n  %r = trunc i32 %x to i64\n  ret i64 %r\n}\n", false),
    ("define double @f(float %x) {\n  %r = fpext float %x to double\n  ret double %r\n}\n", true),
    ("define float @f(double %x) {\n  %r = fpext double %x to float\n  ret float %r\n}\n", false),
    ("define ptr @f(ptr addrspace(1) %x) {\n  %r = addrspacecast ptr addrspace(1) %x to ptr\n  ret ptr %r\n}\n", true),
    ("define ptr @f(ptr %x) {\n  %r = addrspacecast ptr %x to ptr\n  ret ptr %r\n}\n", false),
    ("define i64 @f(double %x) {\n  %r = bitcast double %x to i64\n  ret i64 %r\n}\n", true),
    ("define i32 @f(double %x) {\n  %r = bitcast double %x to i32\n  ret i32 %r\n}\n", false),
    ("define i64 @f(ptr %x) {\n  %r = bitcast ptr %x to i64\n  ret i64 %r\n}\n", false),
    ("define <2 x i32> @f(<2 x i64> %x) {\n  %r = trunc <2 x i64> %x to <2 x i32>\n  ret <2 x i32> %r\n}\n", true),
    ("define <4 x i32> @f(<2 x i64> %x) {\n  %r = trunc <2 x i64> %x to <4 x i32>\n  ret <4 x i32> %r\n}\n", false),
    // Local linkage keeps default visibility and no DLL storage class.
    ("@g = internal global i32 0\n", true),
    ("@g = internal hidden global i32 0\n", false),
    ("@g = private dllexport global i32 0\n", false),
    ("define internal protected void @f() {\n  ret void\n}\n", false),
    // Attribute arguments.
    ("declare void @f() allockind(\"alloc,zeroed\")\n", true),
    ("declare void @f() allockind(\"alloc,poisons_memory\")\n", false),
    ("declare void @f() allockind(\"\")\n", false),
    ("declare void @f(ptr align () %p)\n", false),
    ("declare void @f() uwtable(async)\n", true),
    ("declare void @f() uwtable(fast)\n", false),
    // Struct indices of a GEP: constant i32s within the struct.
    ("define ptr @f(ptr %p) {\n  %q = getelementptr {i32, i64}, ptr %p, i64 0, i32 1\n  ret ptr %q\n}\n", true),
    ("define ptr @f(ptr %p) {\n  %q = getelementptr {i32, i64}, ptr %p, i64 0, i64 1\n  ret ptr %q\n}\n", false),
    ("define ptr @f(ptr %p) {\n  %q = getelementptr {i32, i64}, ptr %p, i64 0, i32 2\n  ret ptr %q\n}\n", false),
    ("define ptr @f(ptr %p) {\n  %q = getelementptr i32, ptr %p, i64 0, i32 0\n  ret ptr %q\n}\n", false),
    ("define <2 x ptr> @f(<2 x ptr> %p) {\n  %q = getelementptr {i32, i32}, <2 x ptr> %p, <2 x i32> zeroinitializer, <2 x i32> <i32 1, i32 1>\n  ret <2 x ptr> %q\n}\n", true),
    ("define <2 x ptr> @f(<2 x ptr> %p) {\n  %q = getelementptr {i32, i32}, <2 x ptr> %p, <2 x i32> zeroinitializer, <2 x i32> <i32 0, i32 1>\n  ret <2 x ptr> %q\n}\n", false),
    // No constant of an opaque struct type, nor of one whose body comes later.
    ("%t = type opaque\n@x = external global %t\n", true),
    ("%t = type opaque\n@x = global %t undef\n", false),
    ("%t = type opaque\n@x = global %t zeroinitializer\n", false),
    ("@x = global %t poison\n%t = type { i32 }\n", false),
    ("%t = type { i32 }\n@x = global %t poison\n", true),
    // Specialised metadata nodes of LLVM 22 only.
    ("!named = !{!0}\n!0 = !DIFile(filename: \"a.c\", directory: \"/\")\n", true),
    ("!named = !{!0}\n!0 = !DIFragment(offset: 0, size: 8)\n", false),
    ("!named = !{!0}\n!0 = !DIArgList()\n", false),
    // Vector GEPs: every vector operand has the same number of lanes.
    ("@x = global <2 x ptr> getelementptr (i32, <2 x ptr> zeroinitializer, <2 x i64> <i64 1, i64 2>)\n", true),
    ("@x = global <2 x ptr> getelementptr (i32, <4 x ptr> zeroinitializer, <2 x i64> <i64 1, i64 2>)\n", false),
    ("define <2 x ptr> @f(<2 x ptr> %p, <4 x i64> %i) {\n  %q = getelementptr i32, <2 x ptr> %p, <4 x i64> %i\n  ret <2 x ptr> %q\n}\n", false),
    // Where attributes apply: return values, parameters, functions (call sites included).
    ("declare noreturn void @f()\n", false),
    ("declare void @f(i32 noreturn)\n", false),
    ("declare sret(i32) ptr @f()\n", false),
    ("declare void @f(ptr sret(i32) nofree readonly) nofree readnone\n", true),
    ("declare void @f() builtin\n", false),
    ("declare void @f() #0\nattributes #0 = { nonnull }\n", false),
    ("declare void @f() #0\nattributes #0 = { align=4 alignstack=8 \"k\"=\"v\" }\n", true),
    ("declare void @f()\ndefine void @g() {\n  call noreturn void @f()\n  ret void\n}\n", false),
    ("declare void @f(i32)\ndefine void @g() {\n  call void @f(i32 noreturn 0)\n  ret void\n}\n", false),
    ("declare void @f()\ndefine void @g() {\n  call void @f() nonnull\n  ret void\n}\n", false),
    ("declare void @f()\ndefine void @g() {\n  call void @f() align 8\n  ret void\n}\n", false),
    ("declare void @f()\ndefine void @g() {\n  call void @f() builtin\n  ret void\n}\n", true),
    // No scalable vector indexes a struct (an array takes one).
    ("define <vscale x 2 x ptr> @f(<vscale x 2 x ptr> %a) {\n  %w = getelementptr {i32, i32}, <vscale x 2 x ptr> %a, <vscale x 2 x i32> zeroinitializer, <vscale x 2 x i32> zeroinitializer\n  ret <vscale x 2 x ptr> %w\n}\n", false),
    ("define <vscale x 2 x ptr> @f(<vscale x 2 x ptr> %a) {\n  %w = getelementptr [2 x i32], <vscale x 2 x ptr> %a, <vscale x 2 x i32> zeroinitializer, <vscale x 2 x i32> zeroinitializer\n  ret <vscale x 2 x ptr> %w\n}\n", true),
    // What each atomicrmw operation takes.
    ("define void @f(ptr %p) {\n  %v = atomicrmw fadd ptr %p, <2 x half> zeroinitializer seq_cst\n  ret void\n}\n", true),
    ("define void @f(ptr %p) {\n  %v = atomicrmw xchg ptr %p, ptr null seq_cst\n  ret void\n}\n", true),
    ("define void @f(ptr %p) {\n  %v = atomicrmw usub_sat ptr %p, i128 0 seq_cst\n  ret void\n}\n", true),
    ("define void @f(ptr %p) {\n  %v = atomicrmw xchg ptr %p, <2 x i16> zeroinitializer seq_cst\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  %v = atomicrmw add ptr %p, i24 0 seq_cst\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  %v = atomicrmw add ptr %p, float 1.0 seq_cst\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  %v = atomicrmw fsub ptr %p, i32 2 seq_cst\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  %v = atomicrmw bogus ptr %p, i32 2 seq_cst\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  %v = atomicrmw fadd ptr %p, <vscale x 2 x half> zeroinitializer seq_cst\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  %v = atomicrmw xchg ptr %p, x86_fp80 0xK0 seq_cst\n  ret void\n}\n", false),
    // Aggregate indexes, cmpxchg operand types, what an alloca and a phi may hold.
    ("define void @f() {\n  %a = extractvalue [0 x i32] undef, 0\n  ret void\n}\n", false),
    ("define void @f() {\n  %a = extractvalue <2 x i32> undef, 1\n  ret void\n}\n", false),
    ("define void @f() {\n  %a = insertvalue { i32, i32 } undef, ptr null, 0\n  ret void\n}\n", false),
    ("define void @f() {\n  %a = insertvalue {i32, [2 x i8]} undef, i8 0, 1, 1\n  ret void\n}\n", true),
    ("define void @f(ptr %p) {\n  %a = cmpxchg ptr %p, i32 0, i64 0 acq_rel monotonic\n  ret void\n}\n", false),
    ("define void @f() {\n  %a = alloca i32 (i32)\n  ret void\n}\n", false),
    ("define void @f() {\nentry:\n  ret void\nbb:\n  %p = phi label [ %bb, %bb ]\n  br label %bb\n}\n", false),
    // ptrauth constants: base pointer, i32 key, i64 discriminator, pointer address discriminator.
    ("@v = global i32 0\n@a = global ptr ptrauth (ptr @v, i32 2, i64 65535, ptr @v)\n", true),
    ("@a = global ptr ptrauth (i32 42, i32 0)\n", false),
    ("@v = global i32 0\n@a = global ptr ptrauth (ptr @v, i32 2, ptr null)\n", false),
    ("@v = global i32 0\n@a = global ptr ptrauth (ptr @v, i32 2, i64 1, i8 0)\n", false),
    // A pointer and a vector of one pointer bitcast both ways; bundles may take metadata.
    ("define <1 x ptr> @f(ptr %a) {\n  %b = bitcast ptr %a to <1 x ptr>\n  ret <1 x ptr> %b\n}\n", true),
    ("define ptr @f(<1 x ptr> %a) {\n  %b = bitcast <1 x ptr> %a to ptr\n  ret ptr %b\n}\n", true),
    ("define <2 x ptr> @f(ptr %a) {\n  %b = bitcast ptr %a to <2 x ptr>\n  ret <2 x ptr> %b\n}\n", false),
    ("declare void @g()\ndefine void @f() {\n  call void @g() [ \"x\"(metadata !\"release\", i32 0) ]\n  ret void\n}\n", true),
    // Intrinsics are only declared.
    ("define void @llvm.foo() {\n  ret void\n}\n", false),
    // Comdats, DLL storage, removed types, range types, incompatible attributes.
    ("$v = comdat any\n$v = comdat any\n", false),
    ("@v = global i32 0, comdat($v)\n", false),
    ("define void @0() comdat {\n  ret void\n}\n", false),
    ("$g = comdat any\n@g = global i32 0, comdat\n@h = global i32 0, comdat($g)\n", true),
    ("declare dso_local dllimport void @f()\n", false),
    ("define x86_mmx @f(x86_mmx %a) {\n  ret x86_mmx %a\n}\n", false),
    ("declare void @f(i8 range(<4 x i32> 0, 0))\n", false),
    // Use-list order directives: indexes, and the value's uses.
    ("@g = global i32 0\n@a1 = alias i32, ptr @g\n@a2 = alias i32, ptr @g\nuselistorder ptr @g, { 1, 0 }\n", true),
    ("@g = global i32 0\n@a1 = alias i32, ptr @g\n@a2 = alias i32, ptr @g\nuselistorder ptr @g, { 0, 1 }\n", false),
    ("@g = global i32 0\n@a1 = alias i32, ptr @g\n@a2 = alias i32, ptr @g\nuselistorder ptr @g, { 1, 0, 2 }\n", false),
    ("@g = global i32 0\n@a1 = alias i32, ptr @g\nuselistorder ptr @g, { 1, 0 }\n", false),
    ("@g = global i32 0\n@a1 = alias i32, ptr @g\n@a2 = alias i32, ptr @g\nuselistorder ptr @g, { 1, 1 }\n", false),
    ("define i32 @f(i32 %x) {\n  %a = add i32 %x, %x\n  ret i32 %a\n  uselistorder i32 %x, { 1, 0 }\n}\n", true),
    ("define i32 @f(i32 %x) {\n  %a = add i32 %x, 1\n  ret i32 %a\n  uselistorder i32 %x, { 1, 0 }\n}\n", false),
    ("define void @f() {\n  unreachable\n  uselistorder i32 %v, { 1, 0 }\n}\n", false),
    ("define i32 @f(i32 %x) {\n  %a = add i32 %x, %x\n  ret i32 %a\n  uselistorder i32 %x, { 1, 0 }\n  ret i32 0\n}\n", false),
    ("define void @f(i1 %c) {\nentry:\n  br i1 %c, label %bb, label %bb\nbb:\n  ret void\n}\nuselistorder_bb @f, %bb, { 1, 0 }\n", true),
    ("define void @f(i1 %c) {\nentry:\n  br i1 %c, label %bb, label %bb\nbb:\n  ret void\n}\nuselistorder_bb @f, %nobb, { 1, 0 }\n", false),
    ("declare void @f()\nuselistorder_bb @f, %bb, { 1, 0 }\n", false),
    // A `blockaddress` is no use of its function (in LLVM 22 it holds only the block).
    ("@t = constant ptr blockaddress(@f, %b)\ndefine void @f() {\n  br label %b\nb:\n  ret void\n}\ndefine void @g() {\n  call void @f()\n  call void @f()\n  ret void\n}\nuselistorder ptr @f, { 1, 0 }\n", true),
    ("@t = constant ptr blockaddress(@f, %b)\ndefine void @f() {\n  br label %b\nb:\n  ret void\n}\ndefine void @g() {\n  call void @f()\n  call void @f()\n  ret void\n}\nuselistorder ptr @f, { 1, 2, 0 }\n", false),
    ("@f = global i1 0\nuselistorder_bb @f, %bb, { 1, 0 }\n", false),
    // Attributes the verifier refuses on parameters.
    ("declare void @f(ptr byval(void()))\n", false),
    ("declare void @llvm.x(i32 immarg)\ndeclare void @llvm.y(i32 range(i32 0, 4) immarg)\n", true),
    ("declare void @llvm.x(i32 zeroext immarg)\n", false),
    ("declare void @f(i32 immarg)\n", false),
    // `void` only as a function's or call's result.
    ("@g = global void\n", false),
    ("declare void @f(void)\n", false),
    ("%t = type { void }\n", false),
    ("define void @f() {\n  %a = alloca void\n  ret void\n}\n", false),
    ("declare void @f(ptr byval(void))\n", false),
    ("declare void @f(target(\"atype\", void))\n", true),
    // A phi of an unreachable block may have no incoming values; a global's string attributes.
    ("define void @f() {\nentry:\n  ret void\ndead:\n  %r = phi i32\n  ret void\n}\n", true),
    ("@g = global i32 7 \"key\" = \"value\" \"k2\"\n", true),
    ("@g = global ptr null\ndeclare void @f(void ()*)\ndefine void @h() {\n  call void @h()\n  ret void\n}\n", true),
    // Atomic orderings each instruction can take, and explicit alignment of atomic accesses.
    ("define void @f(ptr %p) {\n  %v = load atomic i32, ptr %p acquire, align 4\n  ret void\n}\n", true),
    ("define void @f(ptr %p) {\n  %v = load atomic i32, ptr %p release, align 4\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  %v = load atomic i32, ptr %p acquire\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  store atomic i32 0, ptr %p release, align 4\n  ret void\n}\n", true),
    ("define void @f(ptr %p) {\n  store atomic i32 0, ptr %p acq_rel, align 4\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  store atomic i32 0, ptr %p seq_cst\n  ret void\n}\n", false),
    ("define void @f() {\n  fence acquire\n  ret void\n}\n", true),
    ("define void @f() {\n  fence monotonic\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  %v = atomicrmw add ptr %p, i32 1 monotonic\n  ret void\n}\n", true),
    ("define void @f(ptr %p) {\n  %v = atomicrmw add ptr %p, i32 1 unordered\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  %v = cmpxchg ptr %p, i32 0, i32 1 monotonic seq_cst\n  ret void\n}\n", true),
    ("define void @f(ptr %p) {\n  %v = cmpxchg ptr %p, i32 0, i32 1 unordered monotonic\n  ret void\n}\n", false),
    ("define void @f(ptr %p) {\n  %v = cmpxchg ptr %p, i32 0, i32 1 acq_rel release\n  ret void\n}\n", false),
];

#[test]
fn the_reader_checks_what_llvm_22s_parser_checks() {
    assert_reader_verdicts(PARSER_CHECKS);
}

#[test]
fn llvm_agrees_on_the_parser_checks() {
    assert_opt_verdicts(PARSER_CHECKS);
}

/// Alias-scope metadata, as LLVM's verifier checks it: (the list's nodes, the expected
/// finding or "" when valid). Each is attached as `!alias.scope !0` to a load.
const SCOPE_CASES: &[(&str, &str)] = &[
    (
        "!0 = !{!1}\n!1 = distinct !{!1, !2, !\"scope\"}\n!2 = distinct !{!2, !\"domain\"}\n",
        "",
    ),
    (
        "!0 = !{!1}\n!1 = !{!\"scope\", !2}\n!2 = !{!\"domain\"}\n",
        "",
    ),
    (
        "!0 = !{!\"not a node\"}\n",
        "scope list must consist of MDNodes",
    ),
    (
        "!0 = !{!1}\n!1 = !{!1}\n",
        "scope must have two or three operands",
    ),
    (
        "!0 = !{!1}\n!1 = !{!2, !2}\n!2 = !{!2}\n",
        "first scope operand must be self-referential or string",
    ),
    (
        "!0 = !{!1}\n!1 = !{!1, !2, !2}\n!2 = !{!2}\n",
        "third scope operand must be string (if used)",
    ),
    (
        "!0 = !{!1}\n!1 = !{!1, !\"x\"}\n",
        "second scope operand must be MDNode",
    ),
    (
        "!0 = !{!1}\n!1 = !{!1, !2}\n!2 = !{}\n",
        "domain must have one or two operands",
    ),
    (
        "!0 = !{!1}\n!1 = !{!1, !2}\n!2 = !{!3}\n!3 = !{}\n",
        "first domain operand must be self-referential or string",
    ),
    (
        "!0 = !{!1}\n!1 = !{!1, !2}\n!2 = !{!2, i1 false}\n",
        "second domain operand must be string (if used)",
    ),
];

fn scope_module(nodes: &str) -> String {
    format!("define i8 @f(ptr %p) {{\n  %v = load i8, ptr %p, align 1, !alias.scope !0\n  ret i8 %v\n}}\n{nodes}")
}

#[test]
fn the_verifier_checks_alias_scopes() {
    for &(nodes, needle) in SCOPE_CASES {
        verifier_finding(&scope_module(nodes), needle);
    }
}

#[test]
fn llvm_agrees_on_the_alias_scope_cases() {
    let Some(opt) = opt22() else { return };
    for &(nodes, needle) in SCOPE_CASES {
        let src = scope_module(nodes);
        let verdict = opt_verdict(&opt, &src);
        match verdict {
            None => assert!(needle.is_empty(), "{src}: opt-22 accepts it"),
            Some(v) => assert!(
                !needle.is_empty() && v.contains(needle),
                "{src}: opt-22 says {v}"
            ),
        }
    }
}

/// A function may carry `builtin` only on call sites: through an attribute group the reader
/// takes it, and the verifier refuses it as LLVM's does.
#[test]
fn builtin_through_a_group_is_refused_on_functions_only() {
    let on_function = "declare void @f() #0\nattributes #0 = { builtin }\n";
    let on_call = "declare void @f()\ndefine void @g() {\n  call void @f() #0\n  ret void\n}\nattributes #0 = { builtin }\n";
    verifier_finding(
        on_function,
        "Attribute 'builtin' can only be applied to a callsite.",
    );
    verifier_finding(on_call, "");
    if let Some(opt) = opt22() {
        let v = opt_verdict(&opt, on_function).expect("opt-22 refuses it");
        assert!(v.contains("can only be applied to a callsite"), "{v}");
        assert_eq!(opt_verdict(&opt, on_call), None);
    }
}

/// Data layout strings, each with LLVM 22's message ("" when valid): the reader refuses what
/// `DataLayout::parse` refuses, with the same words.
const DATALAYOUTS: &[(&str, &str)] = &[
    (
        "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128",
        "",
    ),
    ("E-m:o-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64", ""),
    ("pu1:64:64-pe2:32:32:32:16-ni:1:2-P1-A5-G3-s0:64", ""),
    (
        "Fi24",
        "ABI alignment must be a power of two times the byte width",
    ),
    ("i8:16", "i8 must be 8-bit aligned"),
    (
        "S24",
        "stack natural alignment must be a power of two times the byte width",
    ),
    ("S0", "stack natural alignment must be non-zero"),
    ("G16777216", "address space must be a 24-bit integer"),
    (
        "p:64:64:64:128",
        "index size cannot be larger than the pointer size",
    ),
    ("p:0:64", "pointer size must be a non-zero 24-bit integer"),
    ("pz1:64:64", "'z' is not a valid pointer specification flag"),
    (
        "p:64",
        "malformed specification, must be of the form \"p[<n>]:<size>:<abi>[:<pref>[:<idx>]]\"",
    ),
    (
        "i64:64:32",
        "preferred alignment cannot be less than the ABI alignment",
    ),
    (
        "i64:64:65536",
        "preferred alignment must be a 16-bit integer",
    ),
    (
        "i16:8:8:8",
        "malformed specification, must be of the form \"i<size>:<abi>[:<pref>]\"",
    ),
    ("v0:8", "size must be a non-zero 24-bit integer"),
    ("a1:8", "size must be zero"),
    ("e--m:e", "empty specification is not allowed"),
    ("ee", "malformed specification, must be just 'e' or 'E'"),
    ("ni:0", "address space 0 cannot be non-integral"),
    ("m:q", "unknown mangling mode"),
    ("Fx8", "unknown function pointer alignment type 'x'"),
    ("n8::16", "size component cannot be empty"),
    ("x", "unknown specifier 'x'"),
];

#[test]
fn data_layouts_are_checked_as_llvm_checks_them() {
    for &(dl, msg) in DATALAYOUTS {
        let src = format!("target datalayout = \"{dl}\"\n");
        if let Some(e) = reader_says(&src, dl, msg) {
            assert_eq!((e.line, e.col), (1, 21), "{dl}: at the string");
        }
    }
}

#[test]
fn llvm_agrees_on_the_data_layouts() {
    let Some(opt) = opt22() else { return };
    for &(dl, msg) in DATALAYOUTS {
        opt_says(&opt, &format!("target datalayout = \"{dl}\"\n"), dl, msg);
    }
}

/// A function with one debug record (`RECORD` stands for it), and LLVM's metadata for it.
const RECORD_MODULE: &str = "define void @f(i32 %a) !dbg !7 {\nentry:\n  RECORD\n  ret void\n}\n\
declare void @llvm.dbg.value(metadata, metadata, metadata)\n\
!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!3}\n\
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"c\", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)\n\
!1 = !DIFile(filename: \"a.c\", directory: \"/\")\n!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n\
!7 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, type: !8, unit: !0)\n\
!8 = !DISubroutineType(types: !{})\n\
!12 = !DILocalVariable(name: \"a\", arg: 1, scope: !7, file: !1, line: 1, type: !13)\n\
!13 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n!14 = !DILocation(line: 1, scope: !7)\n\
!15 = !DILabel(scope: !7, name: \"l\", file: !1, line: 1)\n!16 = distinct !DIAssignID()\n";

/// Debug records as LLParser reads them: (the record line, LLVM's message or "" if valid).
const RECORDS: &[(&str, &str)] = &[
    ("#dbg_value(i32 %a, !12, !DIExpression(), !14)", ""),
    ("#dbg_declare_value(i32 %a, !12, !DIExpression(), !14)", ""),
    ("#dbg_label(!15, !14)", ""),
    ("#dbg_assign(i32 %a, !12, !DIExpression(), !16, ptr undef, !DIExpression(), !14)", ""),
    ("#dbg_bogus(i32 %a, !12, !DIExpression(), !14)", "expected debug record type here"),
    ("#dbg_value(i32 %a, i32 0, !DIExpression(), !14)", "expected '!' here"),
    ("#dbg_value(i32 %a, !12, !DIExpression(), i32 0)", "expected '!' here"),
    ("#dbg_value(i32 %a, !12, !DIExpression())", "Expected ',' here"),
    ("#dbg_assign(i32 %a, !12, !DIExpression(), !14)", "Expected ',' here"),
    (
        "ret void\n  #dbg_value(i32 %a, !12, !DIExpression(), !14)\n}\ndefine void @g() {",
        "expected instruction opcode",
    ),
    (
        "#dbg_value(i32 %a, !12, !DIExpression(), !14)\n  call void @llvm.dbg.value(metadata i32 %a, metadata !12, metadata !DIExpression()), !dbg !14",
        "llvm.dbg intrinsic should not appear in a module using non-intrinsic debug info",
    ),
    (
        "call void @llvm.dbg.value(metadata i32 %a, metadata !12, metadata !DIExpression()), !dbg !14\n  #dbg_value(i32 %a, !12, !DIExpression(), !14)",
        "debug record should not appear in a module containing debug info intrinsics",
    ),
];

#[test]
fn debug_records_are_read_as_llparser_reads_them() {
    let opt = opt22();
    for &(record, msg) in RECORDS {
        let src = RECORD_MODULE.replace("RECORD", record);
        reader_says(&src, record, msg);
        if let Some(opt) = &opt {
            opt_says(opt, &src, record, msg);
        }
    }
}

/// Debug-info node fields, as LLParser checks them: (the node, LLVM's message or "").
const DI_FIELDS: &[(&str, &str)] = &[
    ("!DIFile(filename: \"a.c\", directory: \"/\", checksumkind: CSK_MD5, checksum: \"595f44fec1e92a71d3e9e77456ba80d1\")", ""),
    ("!DIFile(filename: \"a.c\", directory: \"/\", checksumkind: CSK_None, checksum: \"\")", "invalid checksum kind 'CSK_None'"),
    ("!DIFile(filename: \"a.c\", directory: \"/\", checksumkind: \"CSK_MD5\", checksum: \"00\")", "invalid checksum kind 'CSK_MD5'"),
    ("!DIFile(filename: \"a.c\", directory: \"/\", checksumkind: FullDebug, checksum: \"00\")", "invalid checksum kind 'FullDebug'"),
    ("!DIFile(filename: \"a.c\", directory: \"/\", checksumkind: 1, checksum: \"00\")", "invalid checksum kind 'checksumkind'"),
    ("!DILocation(line: 3, column: 7, scope: !1)", ""),
    ("!DILocation(line: 3)", "missing required field 'scope'"),
    (
        "!DILocation(line: 3, scope: null)",
        "'scope' cannot be null",
    ),
    (
        "!DILocation(line: 3, scope: !1, line: 4)",
        "field 'line' cannot be specified more than once",
    ),
    (
        "!DILocation(line: 3, column: 65536, scope: !1)",
        "value for 'column' too large, limit is 65535",
    ),
    (
        "!DILocation(line: 4294967296, scope: !1)",
        "value for 'line' too large, limit is 4294967295",
    ),
    (
        "!DIFile(filename: \"a.c\")",
        "missing required field 'directory'",
    ),
    ("!DIEnumerator(name: \"a\", value: 1)", ""),
    ("!DIEnumerator(value: 1)", "missing required field 'name'"),
    (
        "!DISubprogram(name: \"f\", isDefinition: true)",
        "missing 'distinct', required for !DISubprogram that is a Definition",
    ),
    (
        "distinct !DISubprogram(name: \"f\", spFlags: DISPFlagDefinition, unit: !2)",
        "",
    ),
    (
        "!DICompileUnit(language: DW_LANG_C99, file: !3)",
        "missing 'distinct', required for !DICompileUnit",
    ),
    (
        "distinct !DICompileUnit(file: !3)",
        "missing one of 'language' or 'sourceLanguageName', required for !DICompileUnit",
    ),
    (
        "!DISubrange(count: 9223372036854775808)",
        "value for 'count' too large, limit is 9223372036854775807",
    ),
    ("!DISubrange(count: null)", "'count' cannot be null"),
    (
        "!DILexicalBlockFile(scope: !1)",
        "missing required field 'discriminator'",
    ),
    (
        "!DIGlobalVariable(name: \"\", type: !4)",
        "'name' cannot be empty",
    ),
    // Nameless, as clang emits them for string literals (the corpus caught a rule that
    // required the name).
    (
        "distinct !DIGlobalVariable(scope: null, file: !3, line: 1, type: !4, isLocal: true, isDefinition: true)",
        "",
    ),
    // Named constants: tags, languages, flags.
    (
        "!DIDerivedType(tag: DW_TAG_member, baseType: !4, flags: DIFlagPublic | 3 | DIFlagBitField)",
        "",
    ),
    (
        "!DIBasicType(name: \"x\", flags: DIFlagPublic | DIFlagUnknown)",
        "invalid debug info flag 'DIFlagUnknown'",
    ),
    ("!DIBasicType(name: \"x\", flags: DIFlagZero)", "invalid debug info flag 'DIFlagZero'"),
    (
        "!DISubprogram(name: \"f\", spFlags: DISPFlagPure | DISPFlagBogus)",
        "invalid subprogram debug info flag 'DISPFlagBogus'",
    ),
    ("!GenericDINode(tag: DW_TAG_badtag)", "invalid DWARF tag 'DW_TAG_badtag'"),
    ("!GenericDINode(tag: \"string\")", "expected DWARF tag"),
    (
        "distinct !DICompileUnit(language: DW_LANG_NoSuchLanguage, file: !3)",
        "invalid DWARF language 'DW_LANG_NoSuchLanguage'",
    ),
    ("distinct !DICompileUnit(language: DW_LANG_Rust, file: !3)", ""),
    // Expression elements: operations, encodings, unsigned 64-bit numbers.
    (
        "!DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_constu, 18446744073709551615)",
        "",
    ),
    (
        "!DIExpression(DW_OP_constu, 18446744073709551616)",
        "element too large, limit is 18446744073709551615",
    ),
    ("!DIExpression(DIOpArg(0, ptr))", "expected unsigned integer"),
    // Each kind has LLVM 22's fields and no others: later LLVMs added some.
    (
        "!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, dwarfAddressSpace: 1)",
        "",
    ),
    (
        "!DIDerivedType(tag: DW_TAG_ptr_to_member_type, baseType: !4, addressSpace: 1)",
        "invalid field 'addressSpace'",
    ),
    ("!DIBasicType(name: \"int\", size: 32, flags: 0)", ""),
    (
        "!DIBasicType(name: \"int\", size: 32, file: !3)",
        "invalid field 'file'",
    ),
    (
        "distinct !DICompileUnit(language: DW_LANG_C99, file: !3, sysroot: \"/\")",
        "",
    ),
    (
        "distinct !DICompileUnit(language: DW_LANG_C99, file: !3, dialect: DW_LANG_DIALECT_simt)",
        "invalid field 'dialect'",
    ),
    ("distinct !DIAssignID()", ""),
    ("distinct !DIAssignID(id: 1)", "expected ')' here"),
    // The other named constants: DWARF names by their prefix (an unknown one "invalid", a
    // word of another kind "expected"), LLVM's own words, numbers within each field's limit.
    ("!DISubroutineType(cc: DW_CC_LLVM_DeviceKernel, types: null)", ""),
    ("!DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: null)", "invalid DWARF calling convention 'DW_CC_LLVM_OpenCLKernel'"),
    ("!DISubroutineType(cc: DW_ATE_signed, types: null)", "expected DWARF calling convention"),
    ("!DISubroutineType(cc: 255, types: null)", ""),
    ("!DISubroutineType(cc: 256, types: null)", "value for 'cc' too large, limit is 255"),
    ("!DISubroutineType(cc: -1, types: null)", "expected unsigned integer"),
    ("!DIBasicType(name: \"x\", size: 80, encoding: DW_ATE_HP_imaginary_float90)", ""),
    ("!DIBasicType(name: \"x\", size: 80, encoding: DW_ATE_HP_float80)", "invalid DWARF type attribute encoding 'DW_ATE_HP_float80'"),
    ("!DIStringType(name: \"x\", size: 8, encoding: 300)", "value for 'encoding' too large, limit is 255"),
    ("!DIBasicType(name: \"x\", size: 8, encoding: \"x\")", "expected DWARF type attribute encoding"),
    ("!DISubprogram(name: \"f\", virtuality: DW_VIRTUALITY_pure_virtual, spFlags: 0)", ""),
    ("!DISubprogram(name: \"f\", virtuality: DW_VIRTUALITY_abstract, spFlags: 0)", "invalid DWARF virtuality code 'DW_VIRTUALITY_abstract'"),
    ("!DISubprogram(name: \"f\", virtuality: 3, spFlags: 0)", "value for 'virtuality' too large, limit is 2"),
    // Each field's form, as LLParser reads it: metadata, a string, a boolean, an integer
    // within the field's bounds, or metadata or such an integer.
    ("!DICompositeType(tag: DW_TAG_structure_type, elements: 1)", "expected metadata operand"),
    ("!DICompositeType(tag: DW_TAG_structure_type, elements: !{})", ""),
    ("!DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, extraData: i32 7)", ""),
    ("!DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, extraData: true)", "expected metadata operand"),
    ("!DIBasicType(name: !\"b\")", "expected string constant"),
    ("!DISubprogram(name: \"f\", spFlags: 0, isLocal: 1)", "expected 'true' or 'false'"),
    ("!DIBasicType(name: \"b\", align: 4294967296)", "value for 'align' too large, limit is 4294967295"),
    ("!DIBasicType(name: \"b\", align: \"8\")", "expected unsigned integer"),
    ("!DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, ptrAuthKey: 8)", "value for 'ptrAuthKey' too large, limit is 7"),
    ("!DISubrange(count: !DIExpression(), lowerBound: !DIExpression())", ""),
    ("!DIBasicType(name: \"b\", size: -8)", "expected unsigned integer"),
    ("!DIBasicType(name: \"b\", size: 18446744073709551616)", "value for 'size' too large, limit is 18446744073709551615"),
    ("!DISubrange(count: -2)", "value for 'count' too small, limit is -1"),
    ("!DISubrange(count: 5, lowerBound: \"0\")", "expected metadata operand"),
    ("!DISubprogram(name: \"f\", spFlags: 0, thisAdjustment: 2147483648)", "value for 'thisAdjustment' too large, limit is 2147483647"),
    ("!DISubprogram(name: \"f\", spFlags: 0, thisAdjustment: null)", "expected signed integer"),
    ("!DIEnumerator(name: \"e\", value: 340282366920938463463374607431768211456)", ""),
    ("!DIEnumerator(name: \"e\", value: !1)", "expected integer"),
    ("distinct !DICompileUnit(language: DW_LANG_C99, file: !3, dwoId: 18446744073709551616)", "value for 'dwoId' too large, limit is 18446744073709551615"),
    ("!DIModule(scope: null, name: \"m\", includePath: !1)", "expected string constant"),
    ("!DIModule(scope: null, name: \"m\", isDecl: 1)", "expected 'true' or 'false'"),
    ("distinct !DICompileUnit(language: DW_LANG_C99, file: !3, flags: 1)", "expected string constant"),
    // Flags: names or numbers of 32 bits, `|` between them.
    ("!DIBasicType(name: \"b\", flags: DIFlagPublic | 7)", ""),
    ("!DIBasicType(name: \"b\", flags: DIFlagPublic | true)", "expected debug info flag"),
    ("!DIBasicType(name: \"b\", flags: 4294967296)", "expected 32-bit integer (too large)"),
    ("!DISubprogram(name: \"f\", spFlags: DIFlagPublic)", "expected debug info flag"),
    ("distinct !DICompileUnit(language: DW_LANG_C99, file: !3, flags: \"-O2 | -g\")", ""),
    // Without `spFlags`, a subprogram is a definition unless `isDefinition: false`.
    ("!DISubprogram(name: \"f\")", "missing 'distinct', required for !DISubprogram that is a Definition"),
    ("!DISubprogram(name: \"f\", isLocal: true)", "missing 'distinct', required for !DISubprogram that is a Definition"),
    ("!DISubprogram(name: \"f\", isDefinition: false)", ""),
    ("!DISubprogram(name: \"f\", spFlags: DISPFlagPure | 8)", "missing 'distinct', required for !DISubprogram that is a Definition"),
    ("!DISubprogram(name: \"f\", spFlags: DISPFlagPure | 16)", ""),
    ("!DIMacro(type: DW_MACINFO_invalid, name: \"x\")", "invalid DWARF macinfo type 'DW_MACINFO_invalid'"),
    ("!DIMacro(type: define, name: \"x\")", "expected DWARF macinfo type"),
    ("!DIMacroFile(type: 256, file: !3, nodes: !{})", "value for 'type' too large, limit is 255"),
    ("distinct !DICompileUnit(language: DW_LANG_C99, file: !3, emissionKind: GNU)", "expected emission kind"),
    ("distinct !DICompileUnit(language: DW_LANG_C99, file: !3, emissionKind: -1)", "expected unsigned integer"),
    ("distinct !DICompileUnit(language: DW_LANG_C99, file: !3, nameTableKind: Apple)", ""),
    ("distinct !DICompileUnit(language: DW_LANG_C99, file: !3, nameTableKind: FullDebug)", "expected nameTable kind"),
    ("distinct !DICompileUnit(language: DW_LANG_C99, file: !3, nameTableKind: 4)", "value for 'nameTableKind' too large, limit is 3"),
    ("distinct !DICompileUnit(sourceLanguageName: DW_LNAME_Rust, file: !3)", ""),
    ("distinct !DICompileUnit(sourceLanguageName: DW_LNAME_Rusty, file: !3)", "invalid DWARF source language name 'DW_LNAME_Rusty'"),
    ("distinct !DICompileUnit(sourceLanguageName: DW_LANG_C99, file: !3)", "expected DWARF source language name"),
    ("distinct !DICompileUnit(sourceLanguageName: 4294967296, file: !3)", "value for 'sourceLanguageName' too large, limit is 4294967295"),
    ("!DICompositeType(tag: DW_TAG_enumeration_type, name: \"e\", enumKind: DW_APPLE_ENUM_KIND_Open)", ""),
    ("!DICompositeType(tag: DW_TAG_enumeration_type, name: \"e\", enumKind: DW_APPLE_ENUM_KIND_Ajar)", "invalid DWARF enum kind code 'DW_APPLE_ENUM_KIND_Ajar'"),
    ("!DICompositeType(tag: DW_TAG_enumeration_type, name: \"e\", enumKind: 2)", "value for 'enumKind' too large, limit is 1"),
    ("!DIFixedPointType(name: \"x\", size: 8, encoding: DW_ATE_signed_fixed, kind: Decimal, factor: -3)", ""),
    ("!DIFixedPointType(name: \"x\", size: 8, encoding: DW_ATE_signed_fixed, kind: Octal, factor: 1)", "expected fixed-point kind"),
    ("!DIFixedPointType(name: \"x\", size: 8, encoding: DW_ATE_signed_fixed, kind: 3, factor: 1)", "value for 'kind' too large, limit is 2"),
];

#[test]
fn debug_info_fields_are_checked_as_llparser_checks_them() {
    let opt = opt22();
    for &(node, msg) in DI_FIELDS {
        let src = format!(
            "!named = !{{!0}}\n!0 = {node}\n\
             !1 = distinct !DISubprogram(name: \"g\", spFlags: DISPFlagDefinition, unit: !2)\n\
             !2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3)\n\
             !3 = !DIFile(filename: \"a.c\", directory: \"/\")\n\
             !4 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
        );
        reader_says(&src, node, msg);
        if let Some(opt) = &opt {
            opt_says(opt, &src, node, msg);
        }
    }
}

/// `noinline` and `alwaysinline` together, inline or through a group: LLVM's verifier refuses
/// the function.
#[test]
fn noinline_and_alwaysinline_are_incompatible() {
    let msg = "Attributes 'noinline and alwaysinline' are incompatible!";
    for src in [
        "define void @f() alwaysinline noinline {\n  ret void\n}\n",
        "declare void @f() noinline #0\nattributes #0 = { alwaysinline }\n",
    ] {
        verifier_finding(src, msg);
        if let Some(opt) = opt22() {
            let v = opt_verdict(&opt, src).expect("opt-22 refuses it");
            assert!(v.contains(msg), "{v}");
        }
    }
    verifier_finding("define void @f() alwaysinline {\n  ret void\n}\n", "");
}

/// LLParser's errors with their exact words: (source, LLVM 22's message or "" when valid).
const LLPARSER_MESSAGES: &[(&str, &str)] = &[
    // A tuple's operands are read without the function's values.
    ("define void @f(i32 %v) {\n  ret void, !foo !{i32 %v}\n}\n", "invalid use of function-local name"),
    ("declare void @llvm.bar(metadata)\ndefine void @f(i32 %v) {\n  call void @llvm.bar(metadata !{i32 0, !{i32 %v}})\n  ret void\n}\n", "invalid use of function-local name"),
    ("%T = type { i32 }\ndeclare void @llvm.bar(metadata)\ndefine void @f(i32 %v) {\n  call void @llvm.bar(metadata !{%T zeroinitializer, i32 0})\n  call void @llvm.bar(metadata i32 %v)\n  ret void, !foo !{!\"%v\"}\n}\n", ""),
    ("define void @f() {\n  ret void, !bar !{metadata !0}\n}\n!0 = !{}\n", "invalid metadata-value-metadata roundtrip"),
    ("!named = !{!0}\n!0 = !{!\"metadata\", !1}\n!1 = !{}\n", ""),
    // Quoted names may not hold NUL (metadata strings may).
    ("define void @f() {\n  %\"a\\00\" = add i32 0, 0\n  ret void\n}\n", "NUL character is not allowed in names"),
    ("define void @f() {\nentry:\n  br label %\"b\\00\"\n\"b\\00\":\n  ret void\n}\n", "NUL character is not allowed in names"),
    ("@\"g\\00\" = global i32 0\n", "NUL character is not allowed in names"),
    ("@\"g\\01\" = global i32 0, !foo !0\n!0 = !{!\"\\00\"}\n", ""),
    // Only a musttail call forwards variable arguments, and in a varargs function it must.
    ("declare void @g(...)\ndefine void @f(...) {\n  musttail call void (...) @g(...)\n  ret void\n}\n", ""),
    ("declare void @g(...)\ndefine void @f() {\n  musttail call void (...) @g(...)\n  ret void\n}\n", "unexpected ellipsis in argument list for musttail call in non-varargs function"),
    ("declare void @g(...)\ndefine void @f(...) {\n  call void (...) @g(...)\n  ret void\n}\n", "unexpected ellipsis in argument list for non-musttail call"),
    ("declare void @g(...)\ndefine void @f(...) {\n  musttail call void (...) @g(i32 0)\n  ret void\n}\n", "expected '...' at end of argument list for musttail call in varargs function"),
    // An alloca's size, alignment, address space and metadata, in that order.
    ("target datalayout = \"A1\"\ndefine void @f() {\n  %a = alloca i32, i32 2, align 4, addrspace(1), !foo !0\n  ret void\n}\n!0 = !{}\n", ""),
    ("target datalayout = \"A1\"\ndefine void @f() {\n  %a = alloca i32, addrspace(1), align 4\n  ret void\n}\n", "expected metadata after comma"),
    ("define void @f() {\n  %a = alloca i32, align 4, i32 1\n  ret void\n}\n", "expected metadata or 'addrspace'"),
    // Only some target types have a zero value.
    ("define void @f() {\n  %a = freeze target(\"spirv.Event\") zeroinitializer\n  %b = freeze target(\"aarch64.svcount\") zeroinitializer\n  ret void\n}\n", ""),
    ("define void @f() {\n  %a = freeze target(\"unknown\") zeroinitializer\n  ret void\n}\n", "invalid type for null constant"),
    // A forward reference's pointer type is the definition's.
    ("@a = alias i32, ptr addrspace(1) @g\n@g = addrspace(1) global i32 0\n", ""),
    ("@a = alias i32, ptr addrspace(1) @g\n@g = global i32 0\n", "forward reference and definition of global have different types"),
    ("@p = global ptr addrspace(1) @g\n@g = alias i32, ptr @x\n@x = global i32 0\n", "forward reference and definition of alias have different types"),
    ("@p = global ptr addrspace(1) @f\ndeclare void @f()\n", "invalid forward reference to function 'f' with wrong type: expected 'ptr' but was 'ptr addrspace(1)'"),
    ("define void @h() {\n  call void @f()\n  ret void\n}\ndeclare void @f() addrspace(1)\n", "invalid forward reference to function 'f' with wrong type: expected 'ptr addrspace(1)' but was 'ptr'"),
    ("define void @h() {\nbb:\n  ret void\n}\n@p = global ptr addrspace(1) blockaddress(@f, %bb)\ndefine void @f() addrspace(1) {\n  br label %bb\nbb:\n  ret void\n}\n", ""),
    // A block address names a block of a function's body, not its entry.
    ("define void @f() {\nentry:\n  br label %bb\nbb:\n  ret void\n}\ndefine ptr @h() {\n  ret ptr blockaddress(@f, %bb)\n}\n", ""),
    ("define void @f() {\nentry:\n  br label %bb\nbb:\n  ret void\n}\ndefine ptr @h() {\n  ret ptr blockaddress(@f, %nope)\n}\n", "referenced value is not a basic block"),
    ("define ptr @h() {\n  ret ptr blockaddress(@f, %entry)\n}\ndefine void @f() {\nentry:\n  br label %bb\nbb:\n  ret void\n}\n", "blockaddress may not be used with the entry block!"),
    ("declare void @f()\n@p = global ptr blockaddress(@f, %bb)\n", "cannot take blockaddress inside a declaration"),
    ("@g = global i32 0\n@p = global ptr blockaddress(@g, %bb)\n", "expected function name in blockaddress"),
    // Summary entries, skipped as LLParser skips them without an index: the kinds it names,
    // balanced parentheses, the numbers of `flags` and `blockcount`.
    ("^0 = module: (path: \"a\", hash: (0, 0, 0, 0, 0))\n^1 = gv : (guid: 1, note: \"(\")\n^2 = flags: 8\n^3=blockcount:0\n@x = global i32 0\n", ""),
    ("^0 = typeidCompatibleVTable: (name: \"a\", summary: ((offset: 16, ^1)))\n", "Expected 'gv', 'module', 'typeid', 'flags' or 'blockcount' at the start of summary entry"),
    ("^0 = ()\n", "Expected 'gv', 'module', 'typeid', 'flags' or 'blockcount' at the start of summary entry"),
    ("^0 gv: ()\n", "expected '=' here"),
    ("^ = gv: ()\n", "expected top-level entity"),
    ("^0 = gv (guid: 1)\n", "expected ':' at start of summary entry"),
    ("^0 = gv: x\n", "expected '(' at start of summary entry"),
    ("^0 = gv: (guid: (1)\n", "found end of file while parsing summary entry"),
    ("^0 = flags 8\n", "expected ':' here"),
    ("^0 = blockcount: -1\n", "expected integer"),
    // After a summary entry LLVM's lexer ignores colons in names, until a `memory(...)`.
    ("^0 = flags: 8\n!0 = !DIFile(filename: \"a\", directory: \"\")\n", "expected field label here"),
    ("^0 = flags: 8\ndefine void @f() {\nentry:\n  ret void\n}\n", "expected instruction opcode"),
    ("^0 = flags: 8\ndefine void @f() {\n\"entry\":\n  br label %1\n1:\n  ret void\n}\n!0 = !{!\"a:b\"}\n", ""),
    ("^0 = flags: 8\ndefine void @f() memory(argmem: read) {\nentry:\n  ret void\n}\n!0 = !DIFile(filename: \"a\", directory: \"\")\n", ""),
    // An intrinsic called without a declaration is one LLVM knows (target intrinsics aside).
    ("define void @f() {\n  call void @llvm.donothing()\n  call i8 @llvm.umax.i8(i8 0, i8 1)\n  call void @llvm.x86.sse2.pause()\n  ret void\n}\n", ""),
    ("define void @f() {\n  call i8 @llvm.foobar(i8 0, i16 1)\n  ret void\n}\n", "unknown intrinsic 'llvm.foobar'"),
    ("define void @f(ptr %p) {\n  %q = call ptr (ptr, ...) @llvm.structured.gep.p0(ptr elementtype(i32) %p, i32 0)\n  ret void\n}\n", "unknown intrinsic 'llvm.structured.gep.p0'"),
    ("declare void @llvm.foobar()\ndefine void @f() {\n  call void @llvm.foobar()\n  ret void\n}\n", ""),
    // ... called with a signature it can have.
    ("define void @f(<2 x i32> %v) {\n  %a = call i8 @llvm.umax(i8 0, i8 1)\n  %b = call <2 x i32> @llvm.smin.v2i32(<2 x i32> %v, <2 x i32> %v)\n  %c = call float @llvm.fma.f32(float 0.0, float 1.0, float 2.0)\n  ret void\n}\n", ""),
    ("define void @f() {\n  call i8 @llvm.umax(i8 0, i16 1)\n  ret void\n}\n", "invalid intrinsic signature"),
    ("define void @f() {\n  %r = call double @llvm.fabs(float 0.0)\n  ret void\n}\n", "invalid intrinsic signature"),
    ("define void @f() {\n  %r = call i32 @llvm.fshl.i32(i32 0, i32 1)\n  ret void\n}\n", "invalid intrinsic signature"),
    // A widening multiply takes vectors of half as wide integers.
    ("define void @f(<2 x i32> %a) {\n  %r = call <2 x i64> @llvm.aarch64.neon.smull.v2i64(<2 x i32> %a, <2 x i32> %a)\n  ret void\n}\n", ""),
    ("define void @f(<2 x i32> %a) {\n  %r = call <2 x i1> @llvm.aarch64.neon.smull.v2i1(<2 x i32> %a, <2 x i32> %a)\n  ret void\n}\n", "invalid intrinsic signature"),
    ("define void @f(<2 x i16> %a) {\n  %r = call <2 x i64> @llvm.arm.neon.vmullu.v2i64(<2 x i16> %a, <2 x i16> %a)\n  ret void\n}\n", "invalid intrinsic signature"),
    // AMDGPU intrinsics are LLVM 22's (called without a declaration).
    ("define void @f() {\n  call void @llvm.amdgcn.s.barrier()\n  ret void\n}\n", ""),
    ("define void @f(ptr addrspace(1) %p) {\n  %d = call <4 x i32> @llvm.amdgcn.global.load.b128(ptr addrspace(1) %p)\n  ret void\n}\n", "unknown intrinsic 'llvm.amdgcn.global.load.b128'"),
    // References inside metadata nodes name defined nodes.
    ("!named = !{!0}\n!0 = !{!0, !\"!1\", !2}\n!2 = !{}\n", ""),
    ("!named = !{!0}\n!0 = !{i32 1, ; a comment naming !7\n  !\"x\"}\n", ""),
    ("!named = !{!0}\n!0 = !{!0, !1}\n", "use of undefined metadata '!1'"),
    ("!named = !{!0}\n!0 = !{!DILocation(line: 1, scope: !2)}\n", "use of undefined metadata '!2'"),
];

#[test]
fn llparser_errors_have_llvms_words() {
    let opt = opt22();
    for &(src, msg) in LLPARSER_MESSAGES {
        reader_says(src, src, msg);
        if let Some(opt) = &opt {
            opt_says(opt, src, src, msg);
        }
    }
}

/// LLParser refusals and LLVM 22's position for each, as (source, message, line, column);
/// each has valid neighbours beside it ("" and no position).
const LLPARSER_POSITIONS: &[(&str, &str, u32, u32)] = &[
    // The target's definitions come before every other entity (LLVM 19's split LTO tests
    // put a second module's after the first's).
    ("@g = global i32 0\ntarget datalayout = \"e\"\n", "expected top-level entity", 2, 1),
    ("module asm \"x\"\ntarget triple = \"x86_64\"\n", "expected top-level entity", 2, 1),
    ("source_filename = \"a\"\ntarget datalayout = \"e\"\n; c\ntarget triple = \"x86_64\"\n@g = global i32 0\n", "", 0, 0),
    // An undeclared intrinsic is declared with its call's type: LLVM 22's `coro.end` returns
    // `void`, while the obsolete two-argument one is upgraded.
    ("define void @f(ptr %h) {\n  call i1 @llvm.coro.end(ptr %h, i1 0, token none)\n  ret void\n}\n", "invalid intrinsic signature", 2, 11),
    ("define void @f(ptr %h) {\n  call void (ptr, i1, token, ...) @llvm.coro.end(ptr %h, i1 0, token none)\n  ret void\n}\n", "invalid intrinsic signature", 2, 35),
    ("define void @f(ptr %h) {\n  call i1 @llvm.coro.end(ptr %h, i1 0)\n  ret void\n}\n", "", 0, 0),
    ("define void @f(ptr %h) {\n  call void @llvm.coro.end(ptr %h, i1 0, token none)\n  ret void\n}\n", "", 0, 0),
    // A constant `getelementptr` may not step over a scalable type; an instruction may.
    ("@g = global i32 0\ndefine ptr @f() {\n  ret ptr getelementptr (<vscale x 1 x i8>, ptr @g, i64 1)\n}\n", "invalid base element for constant getelementptr", 3, 11),
    ("@g = global i32 0\n@h = global ptr getelementptr ([2 x <vscale x 1 x i8>], ptr @g, i64 1)\n", "invalid base element for constant getelementptr", 2, 17),
    ("@g = global i32 0\ndefine ptr @f() {\n  ret ptr getelementptr (target(\"aarch64.svcount\"), ptr @g, i64 1)\n}\n", "invalid base element for constant getelementptr", 3, 11),
    ("@g = global i32 0\n@h = global ptr getelementptr ([2 x <4 x i8>], ptr @g, i64 1)\ndefine ptr @f() {\n  %p = getelementptr <vscale x 1 x i8>, ptr @g, i64 1\n  ret ptr %p\n}\n", "", 0, 0),
    // Fast-math flags only on floating-point phis, selects and calls (an array of them, or
    // a literal struct of one such type repeated); at the opcode, or at a call's flags.
    ("define void @f(i1 %c, i32 %a) {\n  %s = select nnan i1 %c, i32 %a, i32 %a\n  ret void\n}\n", "fast-math-flags specified for select without floating-point scalar or vector return type", 2, 8),
    ("define void @f(i32 %a) {\ne:\n  br label %b\nb:\n  %p = phi nnan i32 [ %a, %e ]\n  ret void\n}\n", "fast-math-flags specified for phi without floating-point scalar or vector return type", 5, 8),
    ("declare i64 @g()\ndefine void @f() {\n  %r = tail call fast i64 @g()\n  ret void\n}\n", "fast-math-flags specified for call without floating-point scalar or vector return type", 3, 13),
    ("declare void @g()\ndefine void @f() {\n  call fast void @g()\n  ret void\n}\n", "fast-math-flags specified for call without floating-point scalar or vector return type", 3, 8),
    ("%S = type { float, float }\ndeclare %S @g()\ndefine void @f() {\n  %r = call nnan %S @g()\n  ret void\n}\n", "fast-math-flags specified for call without floating-point scalar or vector return type", 4, 13),
    ("declare { float, double } @g()\ndefine void @f() {\n  %r = call nnan { float, double } @g()\n  ret void\n}\n", "fast-math-flags specified for call without floating-point scalar or vector return type", 3, 13),
    ("declare [2 x <2 x half>] @g()\ndeclare { <2 x float>, <2 x float> } @h()\ndefine void @f(i1 %c, float %x) {\n  %a = call nnan [2 x <2 x half>] @g()\n  %b = call fast { <2 x float>, <2 x float> } @h()\n  %s = select nnan i1 %c, float %x, float %x\n  ret void\n}\n", "", 0, 0),
    // An array of functions, labels, metadata or tokens does not exist.
    ("@foo = external global [4 x i32 (i32)]\n", "invalid array element type", 1, 29),
    ("@foo = external global [2 x [4 x token]]\n", "invalid array element type", 1, 34),
    // `!DIAssignID()` must be distinct and has no fields; a compile unit must be distinct,
    // reported at the `!` of the kind.
    ("!1 = !DIAssignID()\n", "missing 'distinct', required for !DIAssignID()", 1, 6),
    ("!1 = distinct !DIAssignID(0)\n", "expected ')' here", 1, 27),
    ("define void @f() {\n  ret void, !DIAssignID !1\n}\n!1 = distinct !DIAssignID()\n", "", 0, 0),
    ("!0 = !DICompileUnit(language: DW_LANG_C99, file: !1)\n!1 = !DIFile(filename: \"a\", directory: \"b\")\n", "missing 'distinct', required for !DICompileUnit", 1, 6),
    // A parameter may not be a label, nor an identified struct without a body so far.
    ("%u = type opaque\ndefine void @f(%u %a) {\n  ret void\n}\n", "invalid type for function argument", 2, 16),
    ("declare void @f(i32, %u)\n%u = type { i32 }\n", "invalid type for function argument", 1, 22),
    ("%s = type { void (%s)* }\n", "invalid type for function argument", 1, 19),
    ("declare void @f(label)\n", "invalid type for function argument", 1, 17),
    ("!named = !{!0}\n!0 = !DIFile(filename: \"a.c\", directory: \"/\", checksumkind: CSK_None, checksum: \"\")\n", "invalid checksum kind 'CSK_None'", 2, 61),
    ("%u = type opaque\n%t = type { i32 }\ndeclare %u @f({ %u } %a, [2 x %u], %t, ptr)\n", "", 0, 0),    // ... nor a call's argument, at its type (X86/asm-block-labels.ll).
    ("define void @f() {\n  call void asm \"\", \"X\"(label %b)\n  br label %b\nb:\n  ret void\n}\n", "invalid type for function argument", 2, 25),
    ("%T = type opaque\ndeclare void @g(...)\ndefine void @f() {\n  call void (...) @g(%T poison)\n  ret void\n}\n", "invalid type for function argument", 4, 22),
    // A load takes a pointer and gives a first-class type, which an identified struct without
    // a body so far is not (X86/cfguard-x86-vectorcall.ll); reported at the pointer.
    ("define void @f(ptr %p) {\n  %v = load %T, ptr %p, align 8\n  ret void\n}\n%T = type { double }\n", "load operand must be a pointer to a first class type", 2, 17),
    ("define void @f(i32 %x) {\n  %v = load i32, i32 %x\n  ret void\n}\n", "load operand must be a pointer to a first class type", 2, 18),
    ("%T = type { double }\ndefine void @f(ptr %p) {\n  %v = load %T, ptr %p, align 8\n  call void asm \"\", \"r\"(ptr %p)\n  ret void\n}\n", "", 0, 0),
    // A select's operands, as `SelectInst::areInvalidOperands` judges them, at the condition
    // (AArch64/sve-bad-select.ll).
    ("define void @f(<2 x i1> %m, <4 x i32> %w) {\n  %r = select <2 x i1> %m, <4 x i32> %w, <4 x i32> %w\n  ret void\n}\n", "vector select requires selected vectors to have the same vector length as select condition", 2, 15),
    ("define void @f(<2 x i1> %m, <vscale x 2 x i32> %s) {\n  %r = select <2 x i1> %m, <vscale x 2 x i32> %s, <vscale x 2 x i32> %s\n  ret void\n}\n", "vector select requires selected vectors to have the same vector length as select condition", 2, 15),
    ("define void @f(<2 x i1> %m, i32 %a) {\n  %r = select <2 x i1> %m, i32 %a, i32 %a\n  ret void\n}\n", "selected values for vector select must be vectors", 2, 15),
    ("define void @f(<2 x i32> %v) {\n  %r = select <2 x i32> %v, <2 x i32> %v, <2 x i32> %v\n  ret void\n}\n", "vector select condition element type must be i1", 2, 15),
    ("define void @f(i32 %a) {\n  %r = select i32 %a, i32 %a, i32 %a\n  ret void\n}\n", "select condition must be i1 or <n x i1>", 2, 15),
    ("define void @f(i1 %c, i32 %a, i64 %b) {\n  %r = select i1 %c, i32 %a, i64 %b\n  ret void\n}\n", "both values to select must have same type", 2, 15),
    ("define void @f(i1 %c) {\n  %r = select i1 %c, token none, token none\n  ret void\n}\n", "select values cannot have token type", 2, 15),
    ("define void @f(<2 x i1> %m, <2 x i32> %v, i1 %c) {\n  %r = select <2 x i1> %m, <2 x i32> %v, <2 x i32> %v\n  %s = select i1 %c, <2 x i32> %v, <2 x i32> %v\n  ret void\n}\n", "", 0, 0),
    // What has no size cannot be allocated, loaded, stored or stepped over without an
    // explicit alignment (which leaves it to the verifier): an identified struct without a
    // body so far, a target type laid out as nothing, a struct holding a scalable vector
    // other than a repeated one. At the type; a store's at its value, a GEP's at the pointer.
    ("%X = type opaque\ndefine void @f() {\n  %t = alloca %X\n  ret void\n}\n", "Cannot allocate unsized type", 3, 15),
    ("define void @f() {\n  %t = alloca %T\n  ret void\n}\n%T = type { i32 }\n", "Cannot allocate unsized type", 2, 15),
    ("define void @f() {\n  %a = alloca { i32, <vscale x 1 x i32> }\n  ret void\n}\n", "Cannot allocate unsized type", 2, 15),
    ("define void @f() {\n  %a = alloca target(\"foo\")\n  ret void\n}\n", "Cannot allocate unsized type", 2, 15),
    ("define void @f(ptr %x) {\n  %a = load { i32, <vscale x 1 x i32> }, ptr %x\n  ret void\n}\n", "loading unsized types is not allowed", 2, 13),
    ("define void @f(ptr %x, { i32, <vscale x 1 x i32> } %b) {\n  store { i32, <vscale x 1 x i32> } %b, ptr %x\n  ret void\n}\n", "storing unsized types is not allowed", 2, 9),
    ("%X = type opaque\ndefine void @f(ptr %p) {\n  %a = getelementptr %X, ptr %p, i32 1\n  ret void\n}\n", "base element of getelementptr must be sized", 3, 26),
    ("%T = type { <vscale x 1 x double>, <vscale x 1 x double> }\ndefine void @f(ptr %p) {\n  %a = getelementptr %T, ptr %p, i32 0\n  ret void\n}\n", "getelementptr cannot target structure that contains scalable vector type", 3, 26),
    ("define void @f(ptr %p) {\n  %a = getelementptr i32, ptr %p, i32 0, i32 1\n  ret void\n}\n", "invalid getelementptr indices", 2, 27),
    ("%X = type opaque\n@x = global i32 0\n@g = global ptr getelementptr (%X, ptr @x, i32 1)\n", "base element of getelementptr must be sized", 3, 17),
    ("%X = type opaque\n%V = type { <vscale x 1 x i32>, <vscale x 1 x i32> }\ndefine void @f(ptr %p, { i32 } %s) {\n  %a = alloca %V\n  %b = alloca [2 x <vscale x 1 x i32>]\n  %c = alloca target(\"aarch64.svcount\")\n  %e = load %V, ptr %p\n  store { i32 } %s, ptr %p\n  ret void\n}\n", "", 0, 0),
    // With an alignment the reader takes the type; it is sized by the end of the module.
    ("define void @f(ptr %p) {\n  %d = alloca %T, align 4\n  ret void\n}\n%T = type { i32 }\n", "", 0, 0),
    // Vector elements are scalars, pointers, and target types that say they may be.
    ("define void @f() {\n  %a = alloca <2 x x86_amx>, align 4\n  ret void\n}\n", "invalid vector element type", 2, 20),
    ("declare void @f(<2 x { i32 }>)\n", "invalid vector element type", 1, 22),
    ("declare void @f(<2 x target(\"aarch64.svcount\")>)\n", "invalid vector element type", 1, 22),
    ("declare void @f(<2 x target(\"llvm.test.vectorelement\")>, <2 x half>, <2 x ptr>)\n", "", 0, 0),
    ("%a = type { <2 x %b> }\n%b = type { %a }\n", "invalid vector element type", 1, 18),
    // What no alloca and no global may hold.
    ("define void @f() {\n  alloca x86_amx\n  ret void\n}\n", "invalid type for alloca", 2, 10),
    ("@GV = external global token\n", "invalid type for global variable", 1, 23),
    ("@GV = external global x86_amx\n", "invalid type for global variable", 1, 23),
    ("@GV = external global i32 ()\n", "invalid type for global variable", 1, 23),
    ("@GV = global token none\n", "invalid type for global variable", 1, 14),
    ("declare void @f()\nattributes #0 = {  }\n", "attribute group has no attributes", 2, 1),
    // `vscale_range(0)` and `(0, 0)` are no attribute at all (LLVM's builder drops them).
    ("declare void @f()\nattributes #0 = { vscale_range(0) }\n", "attribute group has no attributes", 2, 1),
    ("declare void @f()\nattributes #0 = { vscale_range(0, 00) }\n", "attribute group has no attributes", 2, 1),
    ("declare void @f()\nattributes #0 = { vscale_range(0, 2) }\n", "", 0, 0),
    // Only target types LLVM gives a zero value take `zeroinitializer`.
    ("define void @f() {\n  %a = call target(\"spirv.Image\") @g(target(\"spirv.Image\") zeroinitializer)\n  ret void\n}\ndeclare target(\"spirv.Image\") @g(target(\"spirv.Image\"))\n", "invalid type for null constant", 2, 60),
    ("define void @f() {\n  %a = call target(\"spirv.Event\") @g(target(\"spirv.Event\") zeroinitializer)\n  ret void\n}\ndeclare target(\"spirv.Event\") @g(target(\"spirv.Event\"))\n", "", 0, 0),
];

#[test]
fn llparser_refusals_are_where_llvm_puts_them() {
    let opt = opt22();
    for &(src, msg, line, col) in LLPARSER_POSITIONS {
        if let Some(e) = reader_says(src, src, msg) {
            assert_eq!((e.line, e.col), (line, col), "{src}");
        }
        if let Some(opt) = &opt {
            opt_says(opt, src, src, msg);
            if let Some(v) = opt_verdict(opt, src) {
                assert!(
                    v.contains(&format!("<stdin>:{line}:{col}: error:")),
                    "{src}: opt-22 says {v}"
                );
            }
        }
    }
}

/// Verifier rules, each with LLVM 22's message ("" when valid): (source, message).
const VERIFIER_MESSAGES: &[(&str, &str)] = &[
    // An assumption with operand bundles assumes only them; `llvm.threadlocal.address`
    // takes a thread-local global.
    ("define void @f(ptr %p, i1 %c) {\n  call void @llvm.assume(i1 %c) [ \"align\"(ptr %p, i64 8) ]\n  ret void\n}\ndeclare void @llvm.assume(i1)\n", "assume with operand bundles must have i1 true condition"),
    ("define void @f(ptr %p, i1 %c) {\n  call void @llvm.assume(i1 true) [ \"align\"(ptr %p, i64 8) ]\n  call void @llvm.assume(i1 %c)\n  ret void\n}\ndeclare void @llvm.assume(i1)\n", ""),
    ("define ptr @f(ptr %p) {\n  %a = call ptr @llvm.threadlocal.address.p0(ptr %p)\n  ret ptr %a\n}\ndeclare ptr @llvm.threadlocal.address.p0(ptr)\n", "llvm.threadlocal.address first argument must be a GlobalValue"),
    ("@g = global i32 0\ndefine ptr @f() {\n  %a = call ptr @llvm.threadlocal.address.p0(ptr @g)\n  ret ptr %a\n}\ndeclare ptr @llvm.threadlocal.address.p0(ptr)\n", "llvm.threadlocal.address operand isThreadLocal() must be true"),
    ("@g = thread_local global i32 0\ndefine ptr @f() {\n  %a = call ptr @llvm.threadlocal.address.p0(ptr @g)\n  ret ptr %a\n}\ndeclare ptr @llvm.threadlocal.address.p0(ptr)\n", ""),
    // A global variable by itself: only arrays append, `common` is zero, writable and in
    // no comdat, nothing scalable, no target type that may not be global.
    ("@llvm.used = appending global i32 0\n", "Only global arrays can have appending linkage!"),
    ("@a = appending global [1 x i32] [i32 0]\n$v = comdat any\n@v = common global i32 0, comdat($v)\n", "'common' global may not be in a Comdat!"),
    ("@v = common global i32 1\n", "'common' global must have a zero initializer!"),
    ("@v = common constant i32 0\n", "'common' global may not be marked constant!"),
    ("@v = common global { i32, [2 x i8] } { i32 0, [2 x i8] zeroinitializer }\n", ""),
    ("@g = global <vscale x 4 x i32> zeroinitializer\n", "Globals cannot contain scalable types"),
    ("@g = external global { i32, [2 x <vscale x 4 x i32>] }\n", "Globals cannot contain scalable types"),
    ("@g = external global target(\"foo\")\n", "Global @g has illegal target extension type"),
    ("@g = external global [2 x target(\"spirv.Image\")]\n@h = external global target(\"amdgcn.named.barrier\", 0)\n", ""),
    // Function attributes: parameters one of a kind, values in range.
    ("declare void @a(ptr swiftself %a, ptr swiftself %b)\n", "Cannot have multiple 'swiftself' parameters!"),
    ("declare void @a(ptr swiftasync %a, ptr swiftasync %b)\n", "Cannot have multiple 'swiftasync' parameters!"),
    ("declare void @a(ptr swifterror %a, ptr swifterror %b)\n", "Cannot have multiple 'swifterror' parameters!"),
    ("declare void @a(ptr sret(i32) %a, ptr sret(i32) %b)\n", "Cannot have multiple 'sret' parameters!"),
    ("declare void @a(i32, i32, ptr sret(i32) %a)\n", "Attribute 'sret' is not on first or second parameter!"),
    ("declare void @a(ptr nest %a, ptr nest %b)\n", "More than one parameter has attribute nest!"),
    ("declare ptr @a(ptr returned %a, ptr returned %b)\n", "More than one parameter has attribute returned!"),
    ("declare void @a(ptr inalloca(i32) %a, i32)\n", "inalloca isn't on the last parameter!"),
    ("declare void @a(i32, ptr sret(i32) %a, ptr swiftself %s, ptr swiftasync %c, ptr swifterror %e, ptr nest %n, ptr inalloca(i8) %i)\n", ""),
    ("declare void @a(x86_amx)\n", "Function takes x86_amx but isn't an intrinsic"),
    ("declare x86_amx @a()\n", "Function returns a x86_amx but isn't an intrinsic"),
    ("define void @f() jumptable {\n  ret void\n}\n", "Attribute 'jumptable' requires 'unnamed_addr'"),
    ("define void @f() local_unnamed_addr jumptable {\n  ret void\n}\n", "Attribute 'jumptable' requires 'unnamed_addr'"),
    ("define void @f() unnamed_addr jumptable {\n  ret void\n}\n", ""),
    ("declare ptr @a(ptr) vscale_range(0, 1)\n", "'vscale_range' minimum must be greater than 0"),
    ("declare ptr @b(ptr) vscale_range(8, 1)\n", "'vscale_range' minimum cannot be greater than maximum"),
    ("declare ptr @c(ptr) vscale_range(3, 16)\n", "'vscale_range' minimum must be power-of-two value"),
    ("declare ptr @d(ptr) vscale_range(2, 5)\n", "'vscale_range' maximum must be power-of-two value"),
    ("declare ptr @a(ptr) vscale_range(2, 0)\ndeclare ptr @b(ptr) vscale_range(4)\ndeclare ptr @c(ptr) vscale_range(0, 0)\n", ""),
    ("declare ptr @a(i64) allockind(\"alloc,free\")\n", "'allockind()' requires exactly one of alloc, realloc, and free"),
    ("declare ptr @a(i64) allockind(\"aligned\")\n", "'allockind()' requires exactly one of alloc, realloc, and free"),
    ("declare void @a(ptr) allockind(\"free,zeroed\")\n", "'allockind(\"free\")' doesn't allow uninitialized, zeroed, or aligned modifiers."),
    ("declare ptr @a(i64) allockind(\"alloc,zeroed,uninitialized\")\n", "'allockind()' can't be both zeroed and uninitialized"),
    ("declare ptr @a(i64) allockind(\"alloc,zeroed,aligned\")\ndeclare void @b(ptr) allockind(\"free\")\n", ""),
    ("define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"warn-stack-size\"=\"-1\" }\n", "\"warn-stack-size\" takes an unsigned integer: -1"),
    ("define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"patchable-function-entry\"=\"0x1\" }\n", "\"patchable-function-entry\" takes an unsigned integer: 0x1"),
    ("define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"patchable-function-prefix\"=\"99999999999\" }\n", "\"patchable-function-prefix\" takes an unsigned integer: 99999999999"),
    ("define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"frame-pointer\" }\n", "invalid value for 'frame-pointer' attribute: "),
    ("define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"warn-stack-size\"=\"4096\" \"patchable-function-entry\"=\"2\" \"no-infs-fp-math\" }\n", ""),
    ("define noundef void @f() {\n  ret void\n}\n", "Attribute 'noundef' applied to incompatible type!"),
    ("define noundef { i32, ptr } @f() {\n  ret { i32, ptr } zeroinitializer\n}\n", ""),
    ("declare void @llvm.x86.tilestored64.internal(i16, i16, ptr, i64, x86_amx)\ndefine void @f(ptr %p) {\n  call void @llvm.x86.tilestored64.internal(i16 8, i16 8, ptr %p, i64 64, x86_amx bitcast (<256 x i32> zeroinitializer to x86_amx))\n  ret void\n}\n", "const x86_amx is not allowed in argument!"),
    ("!llvm.module.flags = !{!0}\n!0 = !{i32 1, !\"SemanticInterposition\", float 1.0}\n", "SemanticInterposition metadata requires constant integer argument"),
    ("!llvm.module.flags = !{!0}\n!0 = !{i32 1, !\"SemanticInterposition\", i32 1}\n", ""),
    // A function's `!prof`: the name of its count, then the count.
    ("define i32 @f() !prof !0 {\n  ret i32 0\n}\n!0 = !{i32 123, i32 3}\n", "expected string with name of the !prof annotation"),
    ("define i32 @f() !prof !0 {\n  ret i32 0\n}\n!0 = !{!\"function_entry_count\"}\n", "!prof annotations should have no less than 2 operands"),
    ("define i32 @f() !prof !0 {\n  ret i32 0\n}\n!0 = !{!\"some_other_count\", i64 200}\n", "first operand should be 'function_entry_count' or 'synthetic_function_entry_count'"),
    ("define i32 @f() !prof !0 {\n  ret i32 0\n}\n!0 = !{!\"function_entry_count\", !\"x\"}\n", "expected integer argument to function_entry_count"),
    ("define i32 @f() !prof !0 {\n  ret i32 0\n}\ndefine i32 @g() !prof !1 {\n  ret i32 0\n}\n!0 = !{!\"function_entry_count\", i64 200, i64 77}\n!1 = !{!\"synthetic_function_entry_count\", i64 3}\n", ""),
    // Instructions: phis name each block with one value, `resume` needs a personality,
    // `!fpmath` a floating-point result, `speculatable` call sites a speculatable callee,
    // indirect calls return no token or tile.
    ("define i32 @f(i32 %i, i32 %j, i1 %c) {\n  br i1 %c, label %a, label %a\na:\n  %p = phi i32 [ %i, %0 ], [ %j, %0 ]\n  ret i32 %p\n}\n", "PHI node has multiple entries for the same basic block with different incoming values!"),
    ("define i32 @f(i32 %i, i1 %c) {\n  br i1 %c, label %a, label %a\na:\n  %p = phi i32 [ %i, %0 ], [ %i, %0 ]\n  ret i32 %p\n}\n", ""),
    ("define void @f() {\n  resume { ptr, i32 } undef\n}\n", "ResumeInst needs to be in a function with a personality."),
    ("define void @f(i32 %i) {\n  %s = add i32 %i, %i, !fpmath !0\n  ret void\n}\n!0 = !{float 2.5}\n", "fpmath requires a floating point result!"),
    ("define void @f(float %x) {\n  %s = fadd float %x, %x, !fpmath !0\n  ret void\n}\n!0 = !{float 2.5}\n", ""),
    ("declare i32 @g()\ndefine i32 @f() {\n  %r = call i32 @g() #0\n  ret i32 %r\n}\nattributes #0 = { speculatable }\n", "speculatable attribute may not apply to call sites"),
    ("declare i32 @g() #0\ndefine i32 @f() {\n  %r = call i32 @g() #0\n  ret i32 %r\n}\nattributes #0 = { speculatable }\n", ""),
    ("define void @f(ptr %p) {\n  %t = call token %p()\n  ret void\n}\n", "Return type cannot be token for indirect call!"),
    ("define void @f(ptr %p) {\n  %t = call x86_amx %p()\n  ret void\n}\n", "Return type cannot be x86_amx for indirect call!"),
    // Sizes the reader leaves to the verifier, against the module's final types.
    ("%X = type opaque\ndefine void @f() {\n  %d = alloca %X, align 4\n  ret void\n}\n", "Cannot allocate unsized type"),
    ("define void @f(ptr %p) {\n  %d = load { i32, <vscale x 1 x i32> }, ptr %p, align 4\n  ret void\n}\n", "loading unsized types is not allowed"),
    ("define void @f(ptr %p, { i32, <vscale x 1 x i32> } %v) {\n  store { i32, <vscale x 1 x i32> } %v, ptr %p, align 4\n  ret void\n}\n", "storing unsized types is not allowed"),
    ("%X = type opaque\ndefine void @f(ptr %p) {\n  %g = getelementptr %X, ptr %p\n  ret void\n}\n", "GEP into unsized type!"),
    // `va_start` reads variable arguments: only in a varargs function.
    ("define void @f(ptr %a) {\n  call void @llvm.va_start.p0(ptr %a)\n  ret void\n}\ndeclare void @llvm.va_start.p0(ptr)\n", "va_start called in a non-varargs function"),
    ("define void @f(ptr %a, ...) {\n  call void @llvm.va_start.p0(ptr %a)\n  call void @llvm.va_end.p0(ptr %a)\n  ret void\n}\ndeclare void @llvm.va_start.p0(ptr)\ndeclare void @llvm.va_end.p0(ptr)\n", ""),
    // String attributes whose values LLVM reads, on functions and on calls.
    ("define void @f() \"frame-pointer\"=\"arst\" {\n  ret void\n}\n", "invalid value for 'frame-pointer' attribute: arst"),
    ("declare void @g()\ndefine void @f() {\n  call void @g() \"no-jump-tables\"=\"yes\"\n  ret void\n}\n", "invalid value for 'no-jump-tables' attribute: yes"),
    ("define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"sign-return-address\"=\"x\" }\n", "invalid value for 'sign-return-address' attribute: x"),
    ("define void @f() \"frame-pointer\"=\"non-leaf-no-reserve\" \"no-infs-fp-math\"=\"true\" \"sign-return-address\"=\"non-leaf\" \"approx-func-fp-math\"=\"yes\" {\n  ret void\n}\n", ""),
    // A declaration (for the linker: available_externally too) is in no comdat.
    ("$c = comdat any\ndeclare void @f() comdat($c)\n", "Declaration may not be in a Comdat!"),
    ("$c = comdat any\n@g = external global i32, comdat($c)\n", "Declaration may not be in a Comdat!"),
    ("$c = comdat any\ndefine available_externally void @f() comdat($c) {\n  ret void\n}\n", "Declaration may not be in a Comdat!"),
    ("$c = comdat any\ndefine void @f() comdat($c) {\n  ret void\n}\n@g = global i32 0, comdat($c)\n", ""),
    // Only intrinsics take or return tokens.
    ("declare void @f(token)\n", "Function takes token but isn't an intrinsic"),
    ("declare token @f()\n", "Function returns a token but isn't an intrinsic"),
    ("declare void @llvm.foo(token)\n", ""),
    // A naked function may not use its arguments, but a debug record may name one.
    ("declare void @u(ptr)\ndefine void @f(ptr %a) naked {\n  call void @u(ptr %a)\n  unreachable\n}\n", "cannot use argument of naked function"),
    ("declare void @u(ptr)\ndefine void @f(ptr %a) #0 {\n  call void @u(ptr null) [ \"deopt\"(ptr %a) ]\n  unreachable\n}\nattributes #0 = { naked }\n", "cannot use argument of naked function"),
    ("declare void @u(ptr)\ndefine void @f(ptr %a) naked {\n  call void @u(ptr null)\n  unreachable\n}\ndefine void @g(ptr %a) {\n  call void @u(ptr %a)\n  ret void\n}\n", ""),
    // Attributes against the types of parameters, results and call arguments.
    ("declare signext i8 @f(ptr nonnull align 4 %p, <2 x ptr> align 8 %v, i32 range(i32 0, 4) %r, [2 x float] nofpclass(nan) %a)\n", ""),
    ("declare void @f(float signext)\n", "Attribute 'signext' applied to incompatible type!"),
    ("declare void @f(i32 dead_on_unwind %arg)\n", "Attribute 'dead_on_unwind' applied to incompatible type!"),
    ("declare void @f(i32 align 4)\n", "Attribute 'align 4' applied to incompatible type!"),
    ("declare void @f(<2 x i32> nofpclass(nan))\n", "Attribute 'nofpclass(nan)' applied to incompatible type!"),
    ("declare void @f(ptr)\ndeclare i32 @p(...)\ndefine void @g() personality ptr @p {\n  invoke void @f(ptr signext null)\n    to label %r unwind label %u\nr:\n  ret void\nu:\n  %l = landingpad { ptr, i32 } cleanup\n  ret void\n}\n", "Attribute 'signext' applied to incompatible type!"),
    ("%o = type opaque\ndeclare void @f(ptr byref(%o))\n", "Attribute 'byref' does not support unsized types!"),
    ("%o = type opaque\ndeclare void @f(ptr byval({ i32, %o }))\n", "Attribute 'byval' does not support unsized types!"),
    ("declare void @f(ptr byval([2147483648 x i16]))\n", "huge 'byval' arguments are unsupported"),
    ("declare void @f(ptr byval([2147483647 x i16]))\n", ""),
    ("declare void @f(ptr elementtype(i32))\n", "Attribute 'elementtype' can only be applied to intrinsics and inline asm."),
    // What variadic arguments may carry.
    ("declare void @f(...)\ndefine void @g() {\n  call void (...) @f(ptr sret({}) null)\n  ret void\n}\n", "Attribute 'sret' cannot be used for vararg call arguments!"),
    ("declare void @f(...)\ndefine void @g() {\n  %a = alloca i32\n  call void (...) @f(ptr inalloca(i32) %a, i32 0)\n  ret void\n}\n", "inalloca isn't on the last argument!"),
    ("declare void @f(...)\ndefine void @g() {\n  call void (...) @f(ptr byval(i32) null, i32 zeroext 0)\n  ret void\n}\n", ""),
    // DLL storage and visibility.
    ("declare protected dllexport void @f()\n@g = available_externally dllimport global i32 0\n", ""),
    ("declare hidden dllexport void @f()\n", "dllexport GlobalValue must have default or protected visibility"),
    ("declare protected dllimport void @f()\n", "dllimport GlobalValue must have default visibility"),
    ("define dllimport void @f() {\n  ret void\n}\n", "Global is marked as dllimport, but not external"),
    // An ifunc's resolver is a function (through casts and aliases).
    ("define ptr @r() {\n  ret ptr null\n}\n@a = alias ptr (), ptr @r\n@i = ifunc void (), ptr @a\n", ""),
    ("define ptr @r() {\n  ret ptr null\n}\n@i = ifunc void (), ptr getelementptr (i8, ptr @r, i32 4)\n", "IFunc must have a Function resolver"),
    // The special arrays.
    ("define void @c() {\n  ret void\n}\n@a = global i32 0\n@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @c, ptr null }]\n@llvm.used = appending global [2 x ptr] [ptr @a, ptr getelementptr (i8, ptr @c, i64 0)], section \"llvm.metadata\"\n", ""),
    ("@llvm.global_ctors = appending global [1 x { i32, ptr, i8 }] zeroinitializer\n", "wrong type for intrinsic global variable"),
    ("@llvm.global_dtors = appending global [1 x { i32, ptr }] zeroinitializer\n", "the third field of the element type is mandatory, specify ptr null to migrate from the obsoleted 2-field form"),
    ("@llvm.global_ctors = appending global [0 x { i32, ptr, ptr }] zeroinitializer\n@u = global ptr @llvm.global_ctors\n", "invalid uses of intrinsic global variable"),
    ("@a = global i32 0\n@llvm.used = global [1 x ptr] [ptr @a]\n", "invalid linkage for intrinsic global variable"),
    ("@llvm.used = appending global [1 x ptr] zeroinitializer\n", "wrong initializer for intrinsic global variable"),
    ("@a = global i32 0\n@llvm.compiler.used = appending global [2 x ptr] [ptr @a, ptr null]\n", "invalid llvm.compiler.used member"),
    ("@0 = global i32 0\n@llvm.used = appending global [1 x ptr] [ptr @0]\n", "members of llvm.used must be named"),
    // Which instructions take which attachments.
    ("define void @f(ptr %p) {\n  %a = load ptr, ptr %p, !align !0, !nonnull !1, !dereferenceable !0, !invariant.group !1\n  %b = inttoptr i64 0 to ptr, !dereferenceable_or_null !0\n  store i32 0, ptr %p, !invariant.group !1\n  fence release, !mmra !2\n  ret void\n}\n!0 = !{i64 4}\n!1 = !{}\n!2 = !{!\"a\", !\"b\"}\n", ""),
    ("declare ptr @g()\ndefine void @f() {\n  %a = call ptr @g(), !align !0\n  ret void\n}\n!0 = !{i64 4}\n", "align applies only to load instructions, use attributes for calls or invokes"),
    ("define void @f(ptr %p) {\n  %a = load i32, ptr %p, !align !0\n  ret void\n}\n!0 = !{i64 4}\n", "align applies only to pointer types"),
    ("define void @f() {\n  %a = alloca ptr, !dereferenceable !0\n  ret void\n}\n!0 = !{i64 4}\n", "dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions, use attributes for calls or invokes"),
    ("define void @f() {\n  %a = inttoptr i64 0 to ptr, !nonnull !0\n  ret void\n}\n!0 = !{}\n", "nonnull applies only to load instructions, use attributes for calls or invokes"),
    ("define void @f() {\n  %a = alloca i32, !invariant.group !0\n  ret void\n}\n!0 = !{}\n", "invariant.group metadata is only for loads and stores"),
    ("define void @f(i32 %x) {\n  %a = add i32 %x, 1, !range !0\n  ret void\n}\n!0 = !{i32 0, i32 1}\n", "Ranges are only for loads, calls and invokes!"),
    ("define void @f(i32 %x) {\n  %a = add i32 %x, 1, !mmra !0\n  ret void\n}\n!0 = !{!\"a\", !\"b\"}\n", "!mmra metadata attached to unexpected instruction kind"),
    // An intrinsic is only called.
    ("declare void @llvm.trap()\ndefine void @f() {\n  call void @llvm.trap()\n  ret void\n}\n", ""),
    ("declare i32 @llvm.umax.i32(i32, i32)\n@g = global ptr @llvm.umax.i32\n", "Invalid user of intrinsic instruction!"),
    ("declare void @llvm.trap()\n@g = global [1 x ptr] [ptr @llvm.trap]\n", "Invalid user of intrinsic instruction!"),
    ("declare void @llvm.trap()\ndeclare void @g(ptr)\ndefine void @f() {\n  call void @g(ptr @llvm.trap)\n  ret void\n}\n", "Invalid user of intrinsic instruction!"),
    // Exception handling: pads where unwinding lands, cleanupret from a cleanuppad.
    ("declare i32 @g()\ndefine i32 @f() {\n  %a = invoke i32 @g()\n    to label %l unwind label %l\nl:\n  ret i32 0\n}\n", "The unwind destination does not have an exception handling instruction!"),
    ("declare i32 @p(...)\ndefine void @f() personality ptr @p {\nentry:\n  br label %c\nc:\n  cleanupret from undef unwind to caller\n}\n", "CleanupReturnInst needs to be provided a CleanupPad"),
    ("declare i32 @p(...)\ndeclare void @g()\ndefine void @f() personality ptr @p {\nentry:\n  invoke void @g()\n    to label %ok unwind label %c\nok:\n  ret void\nc:\n  %pad = cleanuppad within none []\n  cleanupret from %pad unwind to caller\n}\n", ""),
    // callbr's label constraints and indirect destinations.
    ("define void @f() {\n  callbr void asm \"\", \"!i,!i\"()\n    to label %a [label %b, label %c]\na:\n  ret void\nb:\n  ret void\nc:\n  ret void\n}\n", ""),
    ("define void @f() {\n  callbr void asm \"\", \"!i\"()\n    to label %a [label %b, label %c]\na:\n  ret void\nb:\n  ret void\nc:\n  ret void\n}\n", "Number of label constraints does not match number of callbr dests"),
    // Operand bundles.
    ("define void @f(ptr %p) {\n  call void %p() [ \"kcfi\"(i32 1), \"deopt\"(i32 0) ]\n  ret void\n}\n", ""),
    ("define void @f(ptr %p) {\n  call void %p() [ \"kcfi\"(i32 1), \"kcfi\"(i32 1) ]\n  ret void\n}\n", "Multiple kcfi operand bundles"),
    ("define void @f(ptr %p) {\n  call void %p() [ \"kcfi\"(i64 1) ]\n  ret void\n}\n", "Kcfi bundle operand must be an i32 constant"),
    ("define void @f(ptr %p) {\n  call void %p() [ \"deopt\"(), \"deopt\"() ]\n  ret void\n}\n", "Multiple deopt operand bundles"),
    ("define void @f(ptr %p) {\n  call void %p() [ \"ptrauth\"(i32 0) ]\n  ret void\n}\n", "Expected exactly two ptrauth bundle operands"),
    // Calling conventions of entry points.
    ("define amdgpu_kernel void @k() {\n  ret void\n}\ndefine fastcc void @f() {\n  call fastcc void @f()\n  ret void\n}\n", ""),
    ("define amdgpu_kernel i32 @k() {\n  ret i32 0\n}\n", "Calling convention requires void return type"),
    ("declare amdgpu_ps void @k(ptr sret(i32))\n", "Calling convention does not allow sret"),
    ("declare amdgpu_cs void @k(ptr byval(i32))\n", "Calling convention disallows byval"),
    ("declare fastcc void @f(...)\n", "Calling convention does not support varargs or perfect forwarding!"),
    ("declare amdgpu_kernel void @k()\ndefine void @f() {\n  call amdgpu_kernel void @k()\n  ret void\n}\n", "calling convention does not permit calls"),
    // allocsize names integer parameters.
    ("declare ptr @f(i32, i64) allocsize(0, 1)\n", ""),
    ("declare ptr @f(i32) allocsize(1)\n", "'allocsize' element size argument is out of bounds"),
    ("declare ptr @f(i32, ptr) #0\nattributes #0 = { allocsize(0, 1) }\n", "'allocsize' number of elements argument must refer to an integer parameter"),
    // Intrinsics any module may call.
    ("declare void @llvm.gcroot(ptr, ptr)\ndefine void @f() gc \"shadow-stack\" {\n  %a = alloca ptr\n  call void @llvm.gcroot(ptr %a, ptr null)\n  ret void\n}\n", ""),
    ("declare void @llvm.gcroot(ptr, ptr)\ndefine void @f() {\n  %a = alloca ptr\n  call void @llvm.gcroot(ptr %a, ptr null)\n  ret void\n}\n", "Enclosing function does not use GC."),
    ("declare void @llvm.localescape(...)\ndefine void @f() {\n  %a = alloca i32\n  call void (...) @llvm.localescape(ptr %a)\n  call void (...) @llvm.localescape(ptr %a)\n  ret void\n}\n", "multiple calls to llvm.localescape in one function"),
    ("declare void @llvm.localescape(...)\ndefine void @f() {\nentry:\n  %a = alloca i32\n  br label %b\nb:\n  call void (...) @llvm.localescape(ptr %a)\n  ret void\n}\n", "llvm.localescape used outside of entry block"),
    ("declare void @llvm.experimental.guard(i1, ...)\ndefine void @f(i1 %c) {\n  call void (i1, ...) @llvm.experimental.guard(i1 %c)\n  ret void\n}\n", "experimental_guard must have exactly one \"deopt\" operand bundle"),
    // Attached metadata: how often, and what it holds.
    ("@a = external global i8\n@b = external global i8, !associated !0, !absolute_symbol !1\ndefine void @f() !kcfi_type !2 {\n  ret void, !annotation !3\n}\n!0 = !{ptr @a}\n!1 = !{i64 0, i64 256}\n!2 = !{i32 10}\n!3 = !{!\"auto-init\", !{!\"a\", !\"b\"}}\n", ""),
    ("define void @f() !kcfi_type !0 !kcfi_type !0 {\n  ret void\n}\n!0 = !{i32 10}\n", "function must have a single !kcfi_type attachment"),
    ("@b = external global i32, !absolute_symbol !0\n!0 = !{}\n", "It should have at least one range!"),
    ("@b = external global i8, !associated !0\n!0 = !{i32 1}\n", "associated value must be pointer typed"),
    ("@b = external global i8, !associated !0\n!0 = !{!\"s\"}\n", "associated metadata must be ValueAsMetadata"),
    ("@b = external global i8, !associated !0\n!0 = !{}\n", "associated metadata must have one operand"),
    ("define void @f() {\n  ret void, !annotation !0\n}\n!0 = !{}\n", "annotation must have at least one operand"),
    ("define void @f() {\n  ret void, !annotation !0\n}\n!0 = !{!{i32 1}}\n", "operands must be a string or a tuple of strings"),
    // Access groups.
    ("define void @f(ptr %p) {\n  %a = load i8, ptr %p, !llvm.access.group !0\n  %b = load i8, ptr %p, !llvm.access.group !1\n  ret void\n}\n!0 = distinct !{}\n!1 = !{!0, !2}\n!2 = distinct !{}\n", ""),
    ("define void @f(ptr %p) {\n  %a = load i8, ptr %p, !llvm.access.group !0\n  ret void\n}\n!0 = !{!1}\n!1 = !{}\n", "Access scope list contains invalid access scope"),
    ("define void @f(ptr %p) {\n  %a = load i8, ptr %p, !llvm.access.group !0\n  ret void\n}\n!0 = !{!\"x\"}\n", "Access scope list must consist of MDNodes"),
    // Module flags.
    ("!llvm.module.flags = !{!0, !1}\n!0 = !{i32 8, !\"PIC Level\", i32 2}\n!1 = !{i32 5, !\"CG Profile\", !2}\n!2 = !{!3}\n!3 = !{null, null, i64 1}\n", ""),
    ("!llvm.module.flags = !{!0}\n!0 = !{i32 1, !\"a\"}\n", "incorrect number of operands in module flag"),
    ("!llvm.module.flags = !{!0}\n!0 = !{i32 9, !\"a\", i32 1}\n", "invalid behavior operand in module flag (unexpected constant)"),
    ("!llvm.module.flags = !{!0}\n!0 = !{!\"x\", !\"a\", i32 1}\n", "invalid behavior operand in module flag (expected constant integer)"),
    ("!llvm.module.flags = !{!0}\n!0 = !{i32 1, i32 2, i32 1}\n", "invalid ID operand in module flag (expected metadata string)"),
    ("!llvm.module.flags = !{!0}\n!0 = !{i32 5, !\"CG Profile\", !1}\n!1 = !{!\"\"}\n", "expected a MDNode triple"),
    // Compiler and command-line strings: one string per entry.
    ("!llvm.ident = !{!0, !1}\n!llvm.commandline = !{!2}\n!0 = !{!\"clang\"}\n!1 = !{!\"rustc\"}\n!2 = !{!\"-O2\"}\n", ""),
    ("!llvm.ident = !{!0}\n!0 = !{!\"a\", !\"b\"}\n", "incorrect number of operands in llvm.ident metadata"),
    ("!llvm.ident = !{!0}\n!0 = !{i32 1}\n", "invalid value for llvm.ident metadata entry operand(the operand should be a string)"),
    ("!llvm.commandline = !{!0}\n!0 = !{}\n", "incorrect number of operands in llvm.commandline metadata"),
    ("!llvm.commandline = !{!0}\n!0 = !{null}\n", "invalid value for llvm.commandline metadata entry operand(the operand should be a string)"),
    ("declare void @f(ptr inalloca(i32))\ndefine void @g() {\n  %a = alloca inalloca i32\n  call void @f(ptr inalloca(i32) %a)\n  ret void\n}\n", ""),
    ("declare void @f(ptr inalloca(i32))\ndefine void @g() {\n  %a = alloca i32\n  call void @f(ptr inalloca(i32) %a)\n  ret void\n}\n", "inalloca argument for call has mismatched alloca"),
    ("declare half @llvm.fptrunc.round(float, metadata)\ndefine half @f(float %a) {\n  %r = call half @llvm.fptrunc.round(float %a, metadata !\"round.upward\")\n  ret half %r\n}\n", ""),
    ("declare half @llvm.fptrunc.round(float, metadata)\ndefine half @f(float %a) {\n  %r = call half @llvm.fptrunc.round(float %a, metadata !\"round.test\")\n  ret half %r\n}\n", "unsupported rounding mode argument"),
    ("declare <4 x i32> @llvm.get.active.lane.mask.v4i32.i32(i32, i32)\ndefine <4 x i32> @f(i32 %a, i32 %b) {\n  %r = call <4 x i32> @llvm.get.active.lane.mask.v4i32.i32(i32 %a, i32 %b)\n  ret <4 x i32> %r\n}\n", "get_active_lane_mask: element type is not i1"),
    // An intrinsic is called with the type it is declared with (any `llvm.` name).
    ("declare i64 @llvm.read_register.i64(metadata)\ndefine i64 @f() {\n  %r = call i64 @llvm.read_register.i64(metadata !0)\n  ret i64 %r\n}\n!0 = !{!\"sp\"}\n", ""),
    ("define i32 @f() {\n  %r = call i32 @llvm.read_register.i64(metadata !0)\n  ret i32 %r\n}\ndeclare i64 @llvm.read_register.i64(metadata)\n!0 = !{!\"sp\"}\n", "Intrinsic called with incompatible signature"),
    ("declare i32 @llvm.umax(i32, i32)\ndefine void @f() {\n  call i8 @llvm.umax(i8 1, i8 2)\n  ret void\n}\n", "Intrinsic called with incompatible signature"),
    ("define void @f() {\n  call i32 @llvm.foobar()\n  ret void\n}\ndeclare void @llvm.foobar()\n", "Intrinsic called with incompatible signature"),
    ("define void @f() {\n  call i8 @llvm.umax(i8 1, i8 2)\n  call i32 @llvm.umax(i32 1, i32 2)\n  ret void\n}\n", ""),
    // What some intrinsics must be told by `elementtype`.
    ("define void @f(ptr %p) {\n  %a = call i64 @llvm.aarch64.ldxr.p0(ptr elementtype(i32) %p)\n  %b = call i32 @llvm.aarch64.stxr.p0(i64 0, ptr elementtype(i32) %p)\n  %c = call i32 @llvm.arm.strex.p0(i32 0, ptr elementtype(i32) %p)\n  %d = call i32 @llvm.arm.ldaex.p0(ptr elementtype(i32) %p)\n  %e = call ptr @llvm.preserve.struct.access.index.p0.p0(ptr elementtype({ i32 }) %p, i32 0, i32 0)\n  ret void\n}\n", ""),
    ("define void @f(ptr %p) {\n  %a = call i64 @llvm.aarch64.ldxr.p0(ptr %p)\n  ret void\n}\n", "Intrinsic requires elementtype attribute on first argument."),
    ("define void @f(ptr %p) {\n  %c = call i32 @llvm.arm.strex.p0(i32 0, ptr %p)\n  ret void\n}\n", "Intrinsic requires elementtype attribute on second argument."),
    ("define void @f(ptr %p) {\n  %e = call ptr @llvm.preserve.array.access.index.p0.p0(ptr %p, i32 0, i32 0)\n  ret void\n}\n", "Intrinsic requires elementtype attribute on first argument."),
    ("declare void @g()\ndeclare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)\ndefine void @f() gc \"statepoint-example\" {\n  %t = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, ptr elementtype(void ()) @g, i32 0, i32 0, i32 0, i32 0)\n  ret void\n}\n", ""),
    ("declare void @g()\ndeclare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)\ndefine void @f() gc \"statepoint-example\" {\n  %t = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, ptr @g, i32 0, i32 0, i32 0, i32 0)\n  ret void\n}\n", "gc.statepoint callee argument must have elementtype attribute"),
    // Debug-info nodes judged on their text, where something that survives stripping the
    // debug information reaches them (broken or unversioned debug information is stripped).
    ("!named = !{!0}\n!0 = !DIExpression(DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_dup, DW_OP_swap, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 8)\n", ""),
    ("!named = !{!0}\n!0 = !DIExpression(DW_OP_lit5)\n", "invalid expression"),
    ("!named = !{!0}\n!0 = !DIExpression(0, 1, 9, 7, 2)\n", "invalid expression"),
    ("define void @f() !foo !0 {\n  ret void, !bar !0\n}\n!0 = !{!1}\n!1 = !DIExpression(DW_OP_stack_value, DW_OP_deref)\n", "invalid expression"),
    ("!0 = !DIExpression(DW_OP_swap)\n", ""),
    ("define void @f() !dbg !0 {\n  ret void\n}\n!0 = !{!1}\n!1 = !DIExpression(DW_OP_lit5)\n!llvm.dbg.cu = !{!0}\n", ""),
    ("!named = !{!0}\n!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())\n!1 = distinct !DIGlobalVariable(name: \"g\", type: !2, isDefinition: true)\n!2 = !DIBasicType(name: \"int\", size: 32)\n", ""),
    ("!named = !{!0}\n!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())\n!1 = distinct !DIGlobalVariable(name: \"g\", isDefinition: true)\n", "missing global variable type"),
    ("!named = !{!0}\n!0 = !DIGlobalVariable(name: \"g\", type: null)\n", "missing global variable type"),
    ("!named = !{!0}\n!0 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64, dwarfAddressSpace: 1)\n", ""),
    ("!named = !{!0}\n!0 = !DIDerivedType(tag: DW_TAG_const_type, baseType: null, dwarfAddressSpace: 1)\n", "DWARF address space only applies to pointer or reference types"),
    // Macros define or undefine, macro files start a file; a fixed-point type's encoding and
    // factors fit its kind.
    ("!named = !{!0}\n!0 = !DIMacro(type: DW_MACINFO_undef, name: \"x\")\n", ""),
    ("!named = !{!0}\n!0 = !DIMacro(type: DW_MACINFO_start_file, name: \"x\")\n", "invalid macinfo type"),
    ("!named = !{!0}\n!0 = !DIMacro(type: 255, name: \"x\")\n", "invalid macinfo type"),
    ("!named = !{!0}\n!0 = !DIMacroFile(file: null, nodes: !{})\n", ""),
    ("!named = !{!0}\n!0 = !DIMacroFile(type: DW_MACINFO_define, file: null, nodes: !{})\n", "invalid macinfo type"),
    ("!named = !{!0}\n!0 = !DIFixedPointType(name: \"x\", size: 8, encoding: 14, kind: 2, numerator: 2, denominator: 3)\n", ""),
    ("!named = !{!0}\n!0 = !DIFixedPointType(name: \"x\", size: 8, encoding: DW_ATE_signed, kind: Binary, factor: 1)\n", "invalid encoding"),
    ("!named = !{!0}\n!0 = !DIFixedPointType(name: \"x\", size: 8, encoding: DW_ATE_signed_fixed, kind: Rational, factor: 1)\n", "factor should be 0 for rationals"),
    ("!named = !{!0}\n!0 = !DIFixedPointType(name: \"x\", size: 8, encoding: DW_ATE_signed_fixed, kind: Binary, factor: 1, numerator: 2)\n", "numerator and denominator should be 0 for non-rationals"),
    ("@g = global i32 0, !foo !0, !dbg !1\n!llvm.module.flags = !{!3}\n!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n!0 = !DIGlobalVariable(name: \"g\")\n!1 = !DIGlobalVariableExpression(var: !0, expr: !DIExpression())\n", ""),
    // `immarg` parameters take constants: the declaration's, or LLVM's own for its intrinsics.
    ("define void @f(ptr %p) {\n  %a = call ptr @llvm.frameaddress.p0(i32 0)\n  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %p, i64 8, i1 immarg false)\n  %b = call i32 @llvm.udiv.fix.sat.i32(i32 1, i32 2, i32 3)\n  ret void\n}\n", ""),
    ("define void @f(i32 %x) {\n  %a = call ptr @llvm.frameaddress.p0(i32 %x)\n  ret void\n}\n", "immarg operand has non-immediate parameter"),
    ("define void @f(ptr %p, i1 %v) {\n  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %p, i64 8, i1 %v)\n  ret void\n}\n", "immarg operand has non-immediate parameter"),
    ("define void @f(ptr %p, i32 %e) {\n  call void @llvm.memset.element.unordered.atomic.p0.i32(ptr align 4 %p, i8 0, i32 8, i32 %e)\n  ret void\n}\n", "immarg operand has non-immediate parameter"),
    ("declare void @llvm.x86.bogus(i32 immarg)\ndefine void @f(i32 %x) {\n  call void @llvm.x86.bogus(i32 %x)\n  ret void\n}\n", "immarg operand has non-immediate parameter"),
    ("declare void @llvm.x86.bogus(i32)\ndefine void @f(i32 %x) {\n  call void @llvm.x86.bogus(i32 immarg %x)\n  ret void\n}\n", "immarg may not apply only to call sites"),
    // An assumption's bundles are named for attributes.
    ("define void @f(ptr %p) {\n  call void @llvm.assume(i1 true) [ \"align\"(ptr %p, i64 8), \"ignore\"(), \"separate_storage\"(ptr %p, ptr %p), \"nonnull\"(ptr %p) ]\n  ret void\n}\n", ""),
    ("define void @f(ptr %p) {\n  call void @llvm.assume(i1 true) [ \"adazdazd\"() ]\n  ret void\n}\n", "tags must be valid attribute names"),
    // Inline asm: indirect constraints take pointers with `elementtype`, direct ones none.
    ("define i32 @f(ptr %p, i32 %x) {\n  call void asm \"\", \"=*rm,r\"(ptr elementtype(i32) %p, i32 %x)\n  %r = call i32 asm \"\", \"=r,*m,{ax},~{memory},~{dirflag}\"(ptr elementtype(i32) %p, i32 %x)\n  ret i32 %r\n}\n", ""),
    ("define void @f(i32 %p, i32 %x) {\n  call void asm \"\", \"=*rm,r\"(i32 %p, i32 %x)\n  ret void\n}\n", "Operand for indirect constraint must have pointer type"),
    ("define void @f(ptr %p, i32 %x) {\n  call void asm \"\", \"=*rm,r\"(ptr %p, i32 %x)\n  ret void\n}\n", "Operand for indirect constraint must have elementtype attribute"),
    ("define void @f(ptr %p) {\n  call void asm \"\", \"=*rm,r\"(ptr elementtype(i32) %p, ptr elementtype(i32) %p)\n  ret void\n}\n", "Elementtype attribute can only be applied for indirect constraints"),
    // Memory profile: MemInfoBlocks of a call stack, a type and pairs of integers.
    ("declare ptr @m(i64)\ndefine void @f() {\n  %c = call ptr @m(i64 8), !memprof !0, !callsite !2\n  ret void\n}\n!0 = !{!1}\n!1 = !{!2, !\"cold\", !3}\n!2 = !{i64 1, i64 2}\n!3 = !{i64 4, i64 5}\n", ""),
    ("declare ptr @m(i64)\ndefine void @f() {\n  %c = call ptr @m(i64 8), !memprof !0\n  ret void\n}\n!0 = !{!1}\n!1 = !{!2, !\"cold\", !\"tag\"}\n!2 = !{i64 1}\n", "Not all !memprof MemInfoBlock operands 2 to N are MDNode"),
    ("declare ptr @m(i64)\ndefine void @f() {\n  %c = call ptr @m(i64 8), !memprof !0\n  ret void\n}\n!0 = !{!1}\n!1 = !{!2}\n!2 = !{i64 1}\n", "Each !memprof MemInfoBlock should have at least 2 operands"),
    ("declare ptr @m(i64)\ndefine void @f() {\n  %c = call ptr @m(i64 8), !callsite !0\n  ret void\n}\n!0 = !{!\"x\"}\n", "call stack metadata operand should be constant integer"),
    ("define void @f(ptr %p) {\n  %c = load i8, ptr %p, !callsite !0\n  ret void\n}\n!0 = !{i64 1}\n", "!callsite metadata should only exist on calls"),
    // `immarg` values within their ranges: declared, or LLVM's own for its intrinsics.
    ("declare void @llvm.x86.bogus(i32 immarg range(i32 -2, 4))\ndefine void @f() {\n  call void @llvm.x86.bogus(i32 -2)\n  ret void\n}\n", ""),
    ("declare void @llvm.x86.bogus(i32 immarg range(i32 -2, 4))\ndefine void @f() {\n  call void @llvm.x86.bogus(i32 4)\n  ret void\n}\n", "immarg value 4 out of range [-2, 4)"),
    ("declare void @llvm.x86.bogus(i32 immarg range(i32 4, 1))\ndefine void @f() {\n  call void @llvm.x86.bogus(i32 0)\n  call void @llvm.x86.bogus(i32 7)\n  ret void\n}\n", ""),
    ("define void @f(ptr %p) {\n  call void @llvm.nvvm.fence.proxy.tensormap_generic.acquire.cta(ptr %p, i32 128)\n  ret void\n}\n", ""),
    ("define void @f(ptr %p) {\n  call void @llvm.nvvm.fence.proxy.tensormap_generic.acquire.sys(ptr %p, i32 129)\n  ret void\n}\n", "immarg value 129 out of range [128, 129)"),
    ("define void @f() {\n  call void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32 96)\n  ret void\n}\n", ""),
    ("define void @f() {\n  call void @llvm.nvvm.setmaxnreg.dec.sync.aligned.u32(i32 16)\n  ret void\n}\n", "immarg value 16 out of range [24, 257)"),
    ("define void @f() {\n  call void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32 95)\n  ret void\n}\n", "reg_count argument to nvvm.setmaxnreg must be in multiples of 8"),
    // Target intrinsics' own rules.
    ("define void @f(ptr %p, i64 %m) {\n  call void @llvm.aarch64.range.prefetch(ptr %p, i32 1, i32 1, i64 %m)\n  ret void\n}\n", ""),
    ("define void @f(ptr %p, i64 %m) {\n  call void @llvm.aarch64.range.prefetch(ptr %p, i32 2, i32 0, i64 %m)\n  ret void\n}\n", "write argument to llvm.aarch64.range.prefetch must be 0 or 1"),
    ("define void @f(ptr %p, i64 %m) {\n  call void @llvm.aarch64.range.prefetch(ptr %p, i32 0, i32 2, i64 %m)\n  ret void\n}\n", "stream argument to llvm.aarch64.range.prefetch must be 0 or 1"),
    ("define void @f(i32 %x) {\n  call void @llvm.arm.mcrr(i32 0, i32 1, i32 %x, i32 %x, i32 4)\n  ret void\n}\n", ""),
    ("define void @f(i32 %x) {\n  call void @llvm.arm.mcrr(i32 0, i32 1, i32 %x, i32 %x, i32 %x)\n  ret void\n}\n", "immarg operand has non-immediate parameter"),
    ("define void @f(i32 %x) {\n  %r = call { i32, i32 } @llvm.arm.mrrc2(i32 0, i32 %x, i32 0)\n  ret void\n}\n", "immarg operand has non-immediate parameter"),
    ("target triple = \"amdgcn-amd-amdhsa\"\ndefine void @f() {\n  %a = alloca i32, addrspace(5)\n  ret void\n}\n", ""),
    ("target triple = \"amdgcn-amd-amdhsa\"\ndefine void @f() {\n  %a = alloca i32\n  ret void\n}\n", "alloca on amdgpu must be in addrspace(5)"),
    ("define void @f(ptr addrspace(4) %p) {\n  call void @llvm.amdgcn.s.prefetch.data.p4(ptr addrspace(4) %p, i32 31)\n  ret void\n}\n", ""),
    ("define void @f(ptr addrspace(3) %p) {\n  call void @llvm.amdgcn.s.prefetch.data.p3(ptr addrspace(3) %p, i32 31)\n  ret void\n}\n", "llvm.amdgcn.s.prefetch.data only supports global or constant memory"),
    ("define void @f(i32 inreg %a, i32 %b) {\n  call void @llvm.amdgcn.init.exec.from.input(i32 %a, i32 0)\n  ret void\n}\n", ""),
    ("define void @f(i32 inreg %a, i32 %b) {\n  call void @llvm.amdgcn.init.exec.from.input(i32 %b, i32 0)\n  ret void\n}\n", "only inreg arguments to the parent function are valid as inputs to this intrinsic"),
    ("define void @f(ptr addrspace(1) %p) {\n  %r = call i32 @llvm.amdgcn.cooperative.atomic.load.32x4B.p1(ptr addrspace(1) %p, i32 0, metadata !0)\n  ret void\n}\n!0 = !{!\"agent\"}\n", ""),
    ("define void @f(ptr addrspace(3) %p) {\n  %r = call i32 @llvm.amdgcn.cooperative.atomic.load.32x4B.p3(ptr addrspace(3) %p, i32 0, metadata !0)\n  ret void\n}\n!0 = !{!\"agent\"}\n", "cooperative atomic intrinsics require a generic or global pointer"),
    ("define void @f(ptr %p) {\n  call void @llvm.amdgcn.cooperative.atomic.store.8x16B.p0(ptr %p, <4 x i32> zeroinitializer, i32 0, metadata !{})\n  ret void\n}\n", "cooperative atomic intrinsics require that the last argument is a metadata string"),
    ("declare amdgpu_gfx_whole_wave i32 @g(i1, i32 inreg)\ndefine amdgpu_cs void @f(i32 %x) {\n  %r = call i32 (ptr, ...) @llvm.amdgcn.call.whole.wave(ptr @g, i32 inreg %x)\n  ret void\n}\n", ""),
    ("define amdgpu_cs void @f(ptr %g, i32 %x) {\n  %r = call i32 (ptr, ...) @llvm.amdgcn.call.whole.wave(ptr %g, i32 %x)\n  ret void\n}\n", "Indirect whole wave calls are not allowed"),
    ("declare amdgpu_gfx_whole_wave i32 @g(i1, i32 inreg)\ndefine amdgpu_cs void @f(i32 %x) {\n  %r = call i32 (ptr, ...) @llvm.amdgcn.call.whole.wave(ptr @g, i32 %x)\n  ret void\n}\n", "Argument inreg attributes must match"),
    // Argument types LLVM derives from an intrinsic's overloaded ones.
    ("define <4 x i32> @f(ptr %p, <4 x i1> %m, <4 x i32> %v) {\n  %r = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr %p, <4 x i1> %m, <4 x i32> %v)\n  ret <4 x i32> %r\n}\n", ""),
    ("declare <vscale x 4 x i32> @llvm.masked.load.nxv4i32.p0(ptr, <4 x i1>, <vscale x 4 x i32>)\ndefine void @f(ptr %p, <4 x i1> %m, <vscale x 4 x i32> %v) {\n  %r = call <vscale x 4 x i32> @llvm.masked.load.nxv4i32.p0(ptr %p, <4 x i1> %m, <vscale x 4 x i32> %v)\n  ret void\n}\n", "Intrinsic has incorrect argument type!"),
    ("declare void @llvm.masked.scatter.v4i32.v4p0(<4 x i32>, <4 x ptr>, <8 x i1>)\ndefine void @f(<4 x i32> %v, <4 x ptr> %p, <8 x i1> %m) {\n  call void @llvm.masked.scatter.v4i32.v4p0(<4 x i32> %v, <4 x ptr> %p, <8 x i1> %m)\n  ret void\n}\n", "Intrinsic has incorrect argument type!"),
    ("declare void @llvm.nvvm.cp.async.bulk.global.to.shared.cta(ptr addrspace(3), ptr addrspace(3), ptr addrspace(1), i32, i64, i1 immarg)\ndefine void @f(ptr addrspace(3) %d, ptr addrspace(1) %s) {\n  call void @llvm.nvvm.cp.async.bulk.global.to.shared.cta(ptr addrspace(3) %d, ptr addrspace(3) %d, ptr addrspace(1) %s, i32 8, i64 0, i1 false)\n  ret void\n}\n", ""),
    ("declare void @llvm.nvvm.cp.async.bulk.global.to.shared.cta(ptr addrspace(3), ptr addrspace(3), ptr addrspace(1), i32, i32, i32, i64, i1 immarg)\ndefine void @f(ptr addrspace(3) %d, ptr addrspace(1) %s) {\n  call void @llvm.nvvm.cp.async.bulk.global.to.shared.cta(ptr addrspace(3) %d, ptr addrspace(3) %d, ptr addrspace(1) %s, i32 8, i32 0, i32 0, i64 0, i1 false)\n  ret void\n}\n", "Intrinsic has incorrect argument type!"),
    ("declare i32 @llvm.umax.i32(i32, i64)\ndefine void @f(i32 %a, i64 %b) {\n  %r = call i32 @llvm.umax.i32(i32 %a, i64 %b)\n  ret void\n}\n", "Intrinsic has incorrect argument type!"),
    ("declare void @llvm.nvvm.cp.async.bulk.global.to.shared.cta(ptr addrspace(3), ptr addrspace(3), ptr addrspace(1), i32, i64)\ndefine void @f(ptr addrspace(3) %d, ptr addrspace(1) %s) {\n  call void @llvm.nvvm.cp.async.bulk.global.to.shared.cta(ptr addrspace(3) %d, ptr addrspace(3) %d, ptr addrspace(1) %s, i32 8, i64 0)\n  ret void\n}\n", "Callsite was not defined with variable arguments!"),
    // The coroutine intrinsics whose signatures changed by LLVM 22.
    ("declare void @llvm.coro.end(ptr, i1, token)\ndeclare void @llvm.coro.end.async(ptr, i1, ...)\ndeclare i1 @llvm.coro.alloc(token)\ndeclare ptr @llvm.coro.frame()\ndefine void @f(ptr %h) {\n  call void @llvm.coro.end(ptr %h, i1 false, token none)\n  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %h, i1 false, i32 0)\n  %a = call i1 @llvm.coro.alloc(token none)\n  %p = call ptr @llvm.coro.frame()\n  ret void\n}\n", ""),
    ("declare i1 @llvm.coro.end(ptr, i1)\ndefine void @f(ptr %h) {\n  call i1 @llvm.coro.end(ptr %h, i1 false)\n  ret void\n}\n", ""),
    ("declare i1 @llvm.coro.end(ptr, i1, token)\ndefine void @f(ptr %h) {\n  %r = call i1 @llvm.coro.end(ptr %h, i1 false, token none)\n  ret void\n}\n", "Intrinsic has incorrect return type!"),
    ("declare i1 @llvm.coro.end.async(ptr, i1, ...)\ndefine void @f(ptr %h) {\n  %r = call i1 (ptr, i1, ...) @llvm.coro.end.async(ptr %h, i1 false)\n  ret void\n}\n", "Intrinsic has incorrect return type!"),
    ("declare ptr @llvm.coro.alloc(token)\ndefine void @f() {\n  %r = call ptr @llvm.coro.alloc(token none)\n  ret void\n}\n", "Intrinsic has incorrect return type!"),
    ("declare ptr @llvm.coro.frame(token)\ndefine void @f() {\n  %r = call ptr @llvm.coro.frame(token none)\n  ret void\n}\n", "Intrinsic has incorrect argument type!"),
    ("declare void @llvm.coro.end(ptr)\ndefine void @f(ptr %h) {\n  call void @llvm.coro.end(ptr %h)\n  ret void\n}\n", "Callsite was not defined with variable arguments!"),
    ("declare void @llvm.coro.end.async(ptr, i1)\ndefine void @f(ptr %h) {\n  call void @llvm.coro.end.async(ptr %h, i1 false)\n  ret void\n}\n", "Callsite was not defined with variable arguments!"),
    ("declare void @llvm.coro.end(ptr, i1, token, ...)\ndefine void @f(ptr %h) {\n  call void (ptr, i1, token, ...) @llvm.coro.end(ptr %h, i1 false, token none)\n  ret void\n}\n", "Intrinsic was not defined with variable arguments!"),
    ("declare void @llvm.coro.end.async(ptr, ...)\ndefine void @f(ptr %h) {\n  call void (ptr, ...) @llvm.coro.end.async(ptr %h)\n  ret void\n}\n", "Intrinsic was not defined with variable arguments!"),
    ("declare void @llvm.coro.end.async(ptr, i1, i32, ...)\ndefine void @f(ptr %h) {\n  call void (ptr, i1, i32, ...) @llvm.coro.end.async(ptr %h, i1 false, i32 0)\n  ret void\n}\n", "Intrinsic has incorrect argument type!"),
    // A denormal mode is a mode for results, then optionally one for inputs.
    ("declare void @g()\ndefine void @f() #0 {\n  call void @g() \"denormal-fp-math-f32\"=\"dynamic\"\n  ret void\n}\nattributes #0 = { \"denormal-fp-math\"=\"preserve-sign,ieee\" \"denormal-fp-math-f32\"=\",positive-zero\" }\n", ""),
    ("define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"denormal-fp-math\"=\"positive-zero-sign,ieee\" }\n", "invalid value for 'denormal-fp-math' attribute: positive-zero-sign,ieee"),
    ("declare void @f() \"denormal-fp-math-f32\"=\"ieee,ieee,ieee\"\n", "invalid value for 'denormal-fp-math-f32' attribute: ieee,ieee,ieee"),
    ("declare void @g()\ndefine void @f() {\n  call void @g() #0\n  ret void\n}\nattributes #0 = { \"denormal-fp-math\"=\"IEEE\" }\n", "invalid value for 'denormal-fp-math' attribute: IEEE"),
    // A `clang.arc.attachedcall` bundle names one ObjC runtime function, on a call returning
    // a pointer (or nothing, never).
    ("declare ptr @foo()\ndeclare void @nr() noreturn\ndeclare ptr @objc_claimAutoreleasedReturnValue(ptr)\ndeclare ptr @llvm.objc.retainAutoreleasedReturnValue(ptr)\ndefine void @f() {\n  %a = call ptr @foo() [ \"clang.arc.attachedcall\"(ptr @llvm.objc.retainAutoreleasedReturnValue) ]\n  %b = call ptr @foo() [ \"clang.arc.attachedcall\"(ptr @objc_claimAutoreleasedReturnValue) ]\n  call void @nr() [ \"clang.arc.attachedcall\"(ptr @objc_claimAutoreleasedReturnValue) ]\n  ret void\n}\n", ""),
    ("declare ptr @foo()\ndefine void @f() {\n  %a = call ptr @foo() [ \"clang.arc.attachedcall\"() ]\n  ret void\n}\n", "operand bundle \"clang.arc.attachedcall\" requires one function as an argument"),
    ("declare ptr @foo()\n@g = global i32 0\ndefine void @f() {\n  %a = call ptr @foo() [ \"clang.arc.attachedcall\"(ptr @g) ]\n  ret void\n}\n", "operand bundle \"clang.arc.attachedcall\" requires one function as an argument"),
    ("declare ptr @foo()\ndeclare ptr @llvm.objc.retain(ptr)\ndefine void @f() {\n  %a = call ptr @foo() [ \"clang.arc.attachedcall\"(ptr @llvm.objc.retain) ]\n  ret void\n}\n", "invalid function argument"),
    ("declare i32 @foo()\ndefine void @f() {\n  %a = call i32 @foo() [ \"clang.arc.attachedcall\"() ]\n  ret void\n}\n", "a call with operand bundle \"clang.arc.attachedcall\" must call a function returning a pointer or a non-returning function that has a void return type"),
    ("declare void @foo()\ndeclare ptr @objc_claimAutoreleasedReturnValue(ptr)\ndefine void @f() {\n  call void @foo() [ \"clang.arc.attachedcall\"(ptr @objc_claimAutoreleasedReturnValue) ]\n  ret void\n}\n", "a call with operand bundle \"clang.arc.attachedcall\" must call a function returning a pointer or a non-returning function that has a void return type"),
    ("declare ptr @foo()\ndeclare ptr @objc_claimAutoreleasedReturnValue(ptr)\ndefine void @f() {\n  %a = call ptr @foo() [ \"clang.arc.attachedcall\"(ptr @objc_claimAutoreleasedReturnValue), \"clang.arc.attachedcall\"(ptr @objc_claimAutoreleasedReturnValue) ]\n  ret void\n}\n", "Multiple \"clang.arc.attachedcall\" operand bundles"),    // `!range` and `!absolute_symbol`: pairs of integers of the value's (scalar) type, an
    // address's width for a symbol (AMDGPU/lds-*.ll in LLVM 19's CodeGen tests).
    ("define <2 x i8> @f(ptr %p) {\n  %v = load <2 x i8>, ptr %p, !range !0\n  ret <2 x i8> %v\n}\n!0 = !{i8 0, i8 1}\n", ""),
    ("define i32 @f(ptr %p) {\n  %v = load i32, ptr %p, !range !0\n  ret i32 %v\n}\n!0 = !{i64 0, i64 1}\n", "Range types must match instruction type!"),
    ("declare i8 @g()\ndefine i8 @f() {\n  %v = call i8 @g(), !range !{i32 0, i32 1}\n  ret i8 %v\n}\n", "Range types must match instruction type!"),
    ("define i32 @f(ptr %p) {\n  %v = load i32, ptr %p, !range !0\n  ret i32 %v\n}\n!0 = !{i32 0, i64 1}\n", "Range pair types must match!"),
    ("define i32 @f(ptr %p) {\n  %v = load i32, ptr %p, !range !0\n  ret i32 %v\n}\n!0 = !{i32 0, i32 1, i32 5}\n", "Unfinished range!"),
    ("@g = addrspace(3) global i32 0, !absolute_symbol !0\n!0 = !{i32 0, i32 1}\n", "Range types must match instruction type!"),
    ("target datalayout = \"p3:32:32\"\n@g = addrspace(3) global i32 0, !absolute_symbol !0\n@h = global i32 0, !absolute_symbol !1\n!0 = !{i32 0, i32 1}\n!1 = !{i64 0, i64 1}\n", ""),
    // `target-features` lists `+feature` and `-feature` (AMDGPU/bug-deadlanes.ll).
    ("declare void @g()\ndefine void @f() #0 {\n  call void @g() #1\n  ret void\n}\nattributes #0 = { \"target-features\"=\"+a,-b\" }\nattributes #1 = { \"target-features\"=\"\" }\n", ""),
    ("define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"target-features\"=\"+a,,b\" }\n", "target-features attribute should not contain an empty string"),
    ("declare void @g()\ndefine void @f() {\n  call void @g() #0\n  ret void\n}\nattributes #0 = { \"target-features\"=\"+a,\" }\n", "target-features attribute should not contain an empty string"),
    ("define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"target-features\"=\"a,+b\" }\n", "target feature 'a' must start with a '+' or '-'"),
    // `ptrmask`'s mask is as wide as the pointer's index (AArch64/lower-ptrmask-arm64_32.ll,
    // AMDGPU/ptrmask.ll); `get.dynamic.area.offset` as a stack pointer (AArch64/arm64_32.ll).
    ("target datalayout = \"p:32:32-p7:160:256:256:32\"\ndefine void @f(ptr addrspace(3) %p, ptr addrspace(7) %q, ptr addrspace(1) %r) {\n  %a = call ptr addrspace(3) @llvm.ptrmask.p3.i32(ptr addrspace(3) %p, i32 -8)\n  %b = call ptr addrspace(7) @llvm.ptrmask.p7.i32(ptr addrspace(7) %q, i32 -8)\n  %c = call i32 @llvm.get.dynamic.area.offset.i32()\n  ret void\n}\n", ""),
    ("define ptr @f(ptr %p) {\n  %r = call ptr @llvm.ptrmask.p0.i32(ptr %p, i32 -8)\n  ret ptr %r\n}\n", "llvm.ptrmask intrinsic second argument bitwidth must match pointer index type size of first argument"),
    ("define <2 x ptr> @f(<2 x ptr> %p, <2 x i32> %m) {\n  %r = call <2 x ptr> @llvm.ptrmask.v2p0.v2i32(<2 x ptr> %p, <2 x i32> %m)\n  ret <2 x ptr> %r\n}\n", "llvm.ptrmask intrinsic second argument bitwidth must match pointer index type size of first argument"),
    ("define i64 @f() {\n  %r = call i64 @llvm.get.dynamic.area.offset.i64()\n  ret i64 %r\n}\n", ""),
    ("define i32 @f() {\n  %r = call i32 @llvm.get.dynamic.area.offset.i32()\n  ret i32 %r\n}\n", "get_dynamic_area_offset result type must be scalar integer matching alloca address space width"),
    // A splice index within [-VL, VL-1], VL scaled by `vscale_range` (RISCV/rvv/vp-splice.ll).
    ("define <vscale x 2 x i32> @f(<vscale x 2 x i32> %a, <vscale x 2 x i1> %m, i32 %e) #0 {\n  %r = call <vscale x 2 x i32> @llvm.experimental.vp.splice.nxv2i32(<vscale x 2 x i32> %a, <vscale x 2 x i32> %a, i32 -4, <vscale x 2 x i1> %m, i32 %e, i32 %e)\n  %s = call <vscale x 2 x i32> @llvm.experimental.vp.splice.nxv2i32(<vscale x 2 x i32> %a, <vscale x 2 x i32> %a, i32 3, <vscale x 2 x i1> %m, i32 %e, i32 %e)\n  ret <vscale x 2 x i32> %r\n}\nattributes #0 = { vscale_range(2,0) }\n", ""),
    ("define <vscale x 2 x i32> @f(<vscale x 2 x i32> %a, <vscale x 2 x i1> %m, i32 %e) {\n  %r = call <vscale x 2 x i32> @llvm.experimental.vp.splice.nxv2i32(<vscale x 2 x i32> %a, <vscale x 2 x i32> %a, i32 2, <vscale x 2 x i1> %m, i32 %e, i32 %e)\n  ret <vscale x 2 x i32> %r\n}\n", "The splice index exceeds the range [-VL, VL-1] where VL is the known minimum number of elements in the vector. For scalable vectors the minimum number of elements is determined from vscale_range."),
    ("define <4 x i32> @f(<4 x i32> %a, <4 x i1> %m, i32 %e) {\n  %r = call <4 x i32> @llvm.experimental.vp.splice.v4i32(<4 x i32> %a, <4 x i32> %a, i32 -5, <4 x i1> %m, i32 %e, i32 %e)\n  ret <4 x i32> %r\n}\n", "The splice index exceeds the range [-VL, VL-1] where VL is the known minimum number of elements in the vector. For scalable vectors the minimum number of elements is determined from vscale_range."),
    // `gcroot` roots a stack slot, with metadata unless the slot holds a pointer (X86/GC/fat.ll).
    ("@m = global i32 0\ndeclare void @llvm.gcroot(ptr, ptr)\ndefine void @f() gc \"shadow-stack\" {\n  %p = alloca i32\n  %c = addrspacecast ptr %p to ptr addrspace(1)\n  %d = addrspacecast ptr addrspace(1) %c to ptr\n  call void @llvm.gcroot(ptr %d, ptr @m)\n  %q = alloca ptr\n  call void @llvm.gcroot(ptr %q, ptr null)\n  ret void\n}\n", ""),
    ("declare void @llvm.gcroot(ptr, ptr)\ndefine void @f(ptr %p) gc \"shadow-stack\" {\n  call void @llvm.gcroot(ptr %p, ptr null)\n  ret void\n}\n", "llvm.gcroot parameter #1 must be an alloca."),
    ("declare void @llvm.gcroot(ptr, ptr)\ndefine void @f(ptr %q) gc \"shadow-stack\" {\n  %p = alloca i32\n  call void @llvm.gcroot(ptr %p, ptr %q)\n  ret void\n}\n", "llvm.gcroot parameter #2 must be a constant."),
    ("declare void @llvm.gcroot(ptr, ptr)\ndefine void @f() {\n  %p = alloca i32\n  call void @llvm.gcroot(ptr %p, ptr null)\n  ret void\n}\n", "llvm.gcroot parameter #1 must either be a pointer alloca, or argument #2 must be a non-null constant."),
    // One landing pad type per function (X86/inconsistent_landingpad.ll).
    ("declare void @g()\ndeclare i32 @p(...)\ndefine void @f() personality ptr @p {\n  invoke void @g() to label %a unwind label %b\na:\n  ret void\nb:\n  %x = landingpad { ptr, i32 } cleanup\n  ret void\n}\ndefine void @h() personality ptr @p {\n  invoke void @g() to label %a unwind label %b\na:\n  ret void\nb:\n  %x = landingpad { ptr, i64 } cleanup\n  ret void\n}\n", ""),
    ("declare void @g()\ndeclare i32 @p(...)\ndefine void @f() personality ptr @p {\n  invoke void @g() to label %a unwind label %b\na:\n  invoke void @g() to label %c unwind label %d\nb:\n  %x = landingpad { ptr, i32 } cleanup\n  ret void\nc:\n  ret void\nd:\n  %y = landingpad { ptr, i64 } cleanup\n  ret void\n}\n", "The landingpad instruction should have a consistent result type inside a function."),
    // Entry points take no `byref` argument on the stack (AMDGPU/kernel-argument-dag-lowering.ll),
    // argument by argument.
    ("target datalayout = \"A5\"\ndefine amdgpu_kernel void @f(ptr byref(i32) %p, ptr addrspace(4) byref(i32) %q) {\n  ret void\n}\ndefine spir_kernel void @g(ptr addrspace(5) byref(i32) %p) {\n  ret void\n}\n", ""),
    ("define amdgpu_kernel void @f(ptr byref(i32) %p) {\n  ret void\n}\n", "Calling convention disallows stack byref"),
    ("define amdgpu_ps void @f(ptr byref(i32) %p, ptr byval(i32) %q) {\n  ret void\n}\n", "Calling convention disallows stack byref"),
    // A `musttail` call: the caller's prototype and calling convention, then returned at once
    // (AArch64/preserve_nonecc_musttail.ll).
    ("declare ptr @g(ptr)\ndeclare tailcc void @t(i32)\ndefine ptr @f(ptr %p) {\n  %r = musttail call ptr @g(ptr %p)\n  %b = bitcast ptr %r to ptr\n  ret ptr %b\n}\ndefine tailcc void @h() {\n  musttail call tailcc void @t(i32 0)\n  ret void\n}\n", ""),
    ("declare void @g()\ndefine void @f() {\n  musttail call void asm \"\", \"\"()\n  ret void\n}\n", "cannot use musttail call with inline asm"),
    ("declare fastcc i32 @g()\ndefine void @f() {\n  %r = musttail call fastcc i32 @g()\n  ret void\n}\n", "cannot guarantee tail call due to mismatched return types"),
    ("declare preserve_nonecc void @g(ptr)\ndefine void @f(ptr %a) {\n  musttail call preserve_nonecc void @g(ptr %a)\n  %x = add i32 0, 0\n  ret void\n}\n", "cannot guarantee tail call due to mismatched calling conv"),
    ("declare void @g(i32)\ndefine void @f() {\n  musttail call void @g(i32 0)\n  %x = add i32 0, 0\n  ret void\n}\n", "musttail call must precede a ret with an optional bitcast"),
    ("declare ptr @g(ptr)\ndefine ptr @f(ptr %p) {\n  %r = musttail call ptr @g(ptr %p)\n  %b = bitcast ptr %p to ptr\n  ret ptr %b\n}\n", "bitcast following musttail call must use the call"),
    ("declare ptr @g(ptr)\ndefine ptr @f(ptr %p) {\n  %r = musttail call ptr @g(ptr %p)\n  ret ptr %p\n}\n", "musttail call result must be returned"),
    ("declare void @g(i32)\ndefine void @f() {\n  musttail call void @g(i32 0)\n  ret void\n}\n", "cannot guarantee tail call due to mismatched parameter counts"),
    // LLVM gives an intrinsic's declaration the intrinsic's own attributes, whatever is
    // written (CodeGen/X86/windows-seh-EHa-RegisterLiveness.ll); another function keeps its.
    ("declare void @llvm.donothing() #0\ndeclare i32 @llvm.ctpop.i32(i32 inreg) #0\nattributes #0 = { nobuiltin allocsize(0) }\n", ""),
    ("declare void @g() #0\nattributes #0 = { nobuiltin allocsize(0) }\n", "'allocsize' element size argument is out of bounds"),
    // An intrinsic's parameters need not match the caller's (CodeGen/X86/icall-branch-funnel.ll).
    ("declare i32 @llvm.ctpop.i32(i32)\ndefine i32 @f(i32 %a, i32 %b) {\n  %r = musttail call i32 @llvm.ctpop.i32(i32 %a)\n  ret i32 %r\n}\n", ""),
    ("declare i32 @g(i64)\ndefine i32 @f(i32 %p) {\n  %r = musttail call i32 @g(i64 0)\n  ret i32 undef\n}\n", "cannot guarantee tail call due to mismatched parameter types"),
];

/// Findings about one call (its intrinsic's signature, its bundles, its attributes), each
/// reported at the call: (source, message, the call's text).
const CALL_FINDINGS: &[(&str, &str, &str)] = &[
    ("declare i1 @llvm.coro.end(ptr, i1, token)\ndefine void @f(ptr %h) {\n  %r = call i1 @llvm.coro.end(ptr %h, i1 false, token none)\n  ret void\n}\n", "Intrinsic has incorrect return type!", "%r = call i1 @llvm.coro.end"),
    ("declare ptr @foo()\ndefine void @f() {\n  %a = call ptr @foo()\n  %b = call ptr @foo() [ \"clang.arc.attachedcall\"() ]\n  ret void\n}\n", "requires one function as an argument", "%b = call ptr @foo()"),
    ("declare void @g()\ndefine void @f() {\n  call void @g()\n  call void @g() #0\n  ret void\n}\nattributes #0 = { \"denormal-fp-math\"=\"x\" }\n", "invalid value for 'denormal-fp-math' attribute: x", "call void @g() #0"),
];

#[test]
fn call_findings_are_reported_at_the_call() {
    for &(src, msg, call) in CALL_FINDINGS {
        let e = verifier_finding(src, msg).expect("a finding");
        let off = e.offset.expect("the finding has a position") as usize;
        assert!(
            src[off..].starts_with(call),
            "{src}: reported at {:?}",
            &src[off..]
        );
    }
}

#[test]
fn the_verifier_checks_what_llvm_22s_verifier_checks() {
    let opt = opt22();
    for &(src, msg) in VERIFIER_MESSAGES {
        verifier_finding(src, msg);
        if let Some(opt) = &opt {
            opt_says(opt, src, src, msg);
        }
    }
}
