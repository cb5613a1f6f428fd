//! Small hand-written modules: each pins one reader/writer behaviour, checked by reading,
//! printing, and reading the print again (a fixed point).

use mergefn_ir::{module_to_string, parse_module};

fn fixed_point(src: &str) -> String {
    let m = parse_module(src.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{}", e.line_text));
    let out = module_to_string(&m);
    let m2 = parse_module(out.as_bytes())
        .unwrap_or_else(|e| panic!("re-read: {e}\n{}\n---\n{out}", e.line_text));
    assert_eq!(module_to_string(&m2), out, "printing is not a fixed point");
    out
}

#[test]
fn calls_and_returns() {
    let out = fixed_point(
        "declare void @g(ptr)\ndefine i32 @f(ptr noundef %p) #0 align 2 {\n  call void @g(ptr noundef %p) #1\n  store i32 0, ptr %p, align 4\n  br label %next\nnext:\n  ret i32 0\n}\nattributes #0 = { nounwind }\nattributes #1 = { cold }\n",
    );
    assert!(out.contains("call void @g(ptr noundef %p) #1"), "{out}");
}

#[test]
fn debug_records_and_inline_metadata() {
    let src = "define void @f(i32 %x) !dbg !3 {\n    #dbg_value(i32 %x, !4, !DIExpression(), !5)\n  call void @llvm.foo(metadata !DIExpression(DW_OP_plus_uconst, 4), metadata !{i32 1})\n  ret void, !dbg !5\n}\ndeclare void @llvm.foo(metadata, metadata)\n!3 = distinct !{}\n!4 = !{}\n!5 = !{}\n";
    let out = fixed_point(src);
    // Renumbered as opt numbers them: !3, !4, !5 become !0, !1, !2 (in the order of use).
    assert!(out.contains("define void @f(i32 %x) !dbg !0 {"), "{out}");
    assert!(
        out.contains("#dbg_value(i32 %x, !1, !DIExpression(), !2)"),
        "{out}"
    );
    assert!(
        out.contains("metadata !DIExpression(DW_OP_plus_uconst, 4), metadata !{i32 1}"),
        "{out}"
    );
}

/// The byte-type RFC's examples: `bN` values in loads, stores, casts, shifts and `bytecast`
/// with and without `exact`, print stably and keep `bN` apart from `iN`.
#[test]
fn byte_type_rfc_examples_print_stably() {
    let src = r#"define i8 @lower(ptr %src, ptr %dst, ptr %p) {
  %v = load b64, ptr %src
  store b64 %v, ptr %dst
  %w = load b16, ptr %p
  %c = trunc b16 %w to b8
  %a = bytecast b8 %c to i8
  %s = lshr b16 %w, 8
  %d = trunc b16 %s to b8
  %b = bytecast exact b8 %d to i8
  %q = bytecast b64 %v to ptr
  %f = freeze b64 %v
  %x = bitcast i32 7 to b32
  %y = bytecast b32 %x to i32
  %vec = bytecast <2 x b8> <b8 1, b8 2> to <2 x i8>
  ret i8 %a
}
"#;
    let out = fixed_point(src);
    for needle in [
        "load b64, ptr %src",
        "bytecast b8 %c to i8",
        "bytecast exact b8 %d to i8",
        "trunc b16 %w to b8",
        "<2 x b8> <b8 1, b8 2>",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in\n{out}");
    }
    let m = parse_module(src.as_bytes()).expect("valid");
    assert!(m.types.lookup(&mergefn_ir::TypeData::Byte(8)).is_some());
    assert_ne!(
        m.types.lookup(&mergefn_ir::TypeData::Byte(8)),
        m.types.lookup(&mergefn_ir::TypeData::Int(8)),
        "b8 is not i8"
    );
}

#[test]
fn musttail_forwards_variadic_arguments() {
    let src = "declare void @callee(ptr, ...)\ndefine void @thunk(ptr %this, ...) {\n  musttail call void (ptr, ...) @callee(ptr %this, ...)\n  ret void\n}\n";
    let out = fixed_point(src);
    assert!(out.contains("@callee(ptr %this, ...)"), "{out}");
}

/// Old IR writes unnamed instructions without `%N =` and `phi`s may name them ahead: each
/// takes the next number and resolves the forward reference to it, several at once.
#[test]
fn unnamed_instructions_resolve_the_numbers_named_ahead() {
    let out = fixed_point(
        "define i32 @a(i32 %x) {\nentry:\n  icmp sgt i32 %x, 1\n  br i1 %0, label %bb, label %bb2\nbb:\n  %z = phi i32 [ %1, %bb ], [ 1, %entry ]\n  %w = phi i32 [ %2, %bb ], [ 1, %entry ]\n  mul i32 %z, %w\n  add i32 %z, 1\n  br i1 %0, label %bb, label %bb2\nbb2:\n  ret i32 0\n}\n",
    );
    assert!(out.contains("%1 = mul i32 %z, %w"), "{out}");
    assert!(out.contains("%2 = add i32 %z, 1"), "{out}");
    // A number named ahead with another type than its instruction's is still refused.
    let e = parse_module(
        b"define i32 @a() {\nentry:\n  br label %bb\nbb:\n  %z = phi i64 [ %0, %bb ], [ 1, %entry ]\n  add i32 1, 1\n  br label %bb\n}\n",
    )
    .expect_err("the types differ");
    assert_eq!((e.line, e.col), (6, 3), "{e}");
}

/// A struct named only inside a metadata node (`!{%T undef}`) is still defined in the print,
/// as LLVM's type finder walks the metadata too; one nothing names is not.
#[test]
fn structs_named_only_in_metadata_are_defined() {
    let out = fixed_point(
        "%T = type { i32 }\n%\"U[]\" = type { i64 }\n%Unused = type { i8 }\n!named = !{!0}\n!0 = !{%T undef, %\"U[]\" zeroinitializer, !\"%Unused\"}\n",
    );
    assert!(out.contains("%T = type { i32 }"), "{out}");
    assert!(out.contains("%\"U[]\" = type { i64 }"), "{out}");
    assert!(!out.contains("%Unused = type"), "{out}");
}

/// In a module that spells `ptr`, every `T*` is `ptr`, however many stars: `i8**` too. Only
/// the keyword takes no star, reported at the star as LLVM reports it.
#[test]
fn stars_after_a_typed_pointer_are_pointers_again() {
    let out = fixed_point("define void @f(i8** %q, ptr (i32)* %r, ptr %s) {\n  ret void\n}\n");
    assert!(
        out.contains("define void @f(ptr %q, ptr %r, ptr %s)"),
        "{out}"
    );
    // `ret` reads a type that starts with `void` as a type, as LLVM does.
    let out = fixed_point("define void ()* @r(ptr %p) {\n  ret void ()* null\n}\n");
    assert!(out.contains("ret ptr null"), "{out}");
    for (src, col) in [
        ("define void @f(ptr* %p) {\n  ret void\n}\n", 19),
        (
            "define void @f(ptr addrspace(1)* %p) {\n  ret void\n}\n",
            32,
        ),
    ] {
        let e = parse_module(src.as_bytes()).expect_err("ptr*");
        assert_eq!((e.line, e.col), (1, col), "{e}");
        assert!(e.msg.contains("ptr* is invalid - use ptr instead"), "{e}");
    }
}

/// A calling convention by number reads in both spellings, `cc 42` and LLVM's printed `cc42`.
#[test]
fn numbered_calling_conventions_read_in_one_word_too() {
    let out = fixed_point(
        "declare cc42 i32 @g(...)\ndefine cc 10 void @f() {\n  %v = call cc42 i32 (...) @g(i32 1)\n  ret void\n}\n",
    );
    assert!(out.contains("declare cc 42 i32 @g(...)"), "{out}");
    assert!(out.contains("define cc 10 void @f()"), "{out}");
    assert!(out.contains("call cc 42 i32 (...) @g(i32 1)"), "{out}");
}

/// A 16-bit float may be written with a double's bits when it holds them exactly (a NaN
/// keeps the top of its payload), as LLVM converts them; otherwise it is refused.
#[test]
fn sixteen_bit_floats_take_a_doubles_bits_when_exact() {
    let out = fixed_point(
        "@a = global bfloat 0x7FF8000000000000\n@b = global half 0x3FF0000000000000\n@c = global half 0x7FF4000000000000\n@d = global half 0xFFF0000000000000\n",
    );
    for line in [
        "@a = global bfloat 0xR7FC0",
        "@b = global half 0xH3C00",
        "@c = global half 0xH7D00",
        "@d = global half 0xHFC00",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    for src in [
        "@a = global half 0x7FF8000000000001\n",
        "@a = global half 0x3FF0000000000001\n",
    ] {
        let e = parse_module(src.as_bytes()).expect_err("inexact");
        assert!(
            e.msg.contains("floating point constant invalid for type"),
            "{e}"
        );
    }
}

/// A variable's attributes are read as LLVM reads a function's: keyword ones too, and
/// `align 4` without a comma is such an attribute, not the alignment.
#[test]
fn variables_take_keyword_attributes() {
    let out = fixed_point(
        "@g = external global i32 align 4\n@h = global i32 0 \"a\"=\"b\" alignstack(8)\n",
    );
    assert!(out.contains("@g = external global i32 align 4"), "{out}");
    assert!(out.contains("alignstack(8)"), "{out}");
    assert!(!out.contains(", align 4"), "{out}");
}

#[test]
fn numbered_values_may_skip_numbers_as_in_llvm_22() {
    // LLVM 22 reads increasing numbers with gaps; printing renumbers them densely.
    let out = fixed_point(
        "define i32 @f(i32 %0) {\n  %5 = add i32 %0, 1\n  br label %7\n7:\n  %9 = add i32 %5, 2\n  ret i32 %9\n}\n",
    );
    assert!(out.contains("%2 = add i32 %0, 1"), "{out}");
    assert!(out.contains("%4 = add i32 %2, 2"), "{out}");
    // Decreasing numbers are still an error, with LLVM's message.
    let e = parse_module(
        b"define i32 @f(i32 %0) {\n  %5 = add i32 %0, 1\n  %3 = add i32 %5, 2\n  ret i32 %3\n}\n",
    )
    .expect_err("numbers must increase");
    assert_eq!((e.line, e.col), (3, 3), "{e}");
    assert!(
        e.msg.contains("expected to be numbered '%6' or greater"),
        "{e}"
    );
}

#[test]
fn undefined_metadata_is_an_error_at_its_first_use() {
    let e = parse_module(b"define void @f() {\n  ret void, !dbg !7\n}\n!0 = !{}\n")
        .expect_err("!7 is not defined");
    assert_eq!((e.line, e.col), (2, 19), "{e}");
    assert!(e.msg.contains("use of undefined metadata '!7'"), "{e}");
    fixed_point("define void @f() {\n  ret void, !dbg !0\n}\n!0 = !{}\n");
}

/// A global named with digits only (`@"0"`) is a name, not LLVM's numbered global `@0`: both
/// may stand in one module, each reference finds its own, and the name prints quoted. Messages
/// about a global point at its `@`, quoted or not, as opt-22's do.
#[test]
fn a_global_named_with_digits_is_not_a_numbered_global() {
    let out = fixed_point(
        "@0 = global i32 1\n@\"0\" = global i32 2, comdat\n$\"0\" = comdat any\n@\"12\" = global ptr @\"0\"\n@1 = global ptr @0\ndefine ptr @f() {\n  ret ptr @\"0\"\n}\n",
    );
    for line in [
        "@0 = global i32 1",
        "@\"0\" = global i32 2, comdat",
        "@\"12\" = global ptr @\"0\"",
        "@1 = global ptr @0",
        "  ret ptr @\"0\"",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}\n{out}");
    }
    let e = parse_module(b"define ptr @f() {\n  ret ptr @\"9\"\n}\n")
        .expect_err("@\"9\" is not defined");
    assert_eq!((e.line, e.col), (2, 11), "{e}");
    assert!(e.msg.contains("use of undefined value '@9'"), "{e}");
    let e = parse_module(b"define ptr @f() {\n  ret ptr @x9\n}\n").expect_err("@x9 is not defined");
    assert_eq!((e.line, e.col), (2, 11), "{e}");
    let e = parse_module(b"@0 = global i32 1\n@\"0\" = global i32 2\n@\"0\" = global i32 3\n")
        .expect_err("@\"0\" is defined twice");
    assert_eq!((e.line, e.col), (3, 1), "{e}");
    assert!(e.msg.contains("redefinition of global '@0'"), "{e}");
}

/// A comdat may be named before its definition; one never defined is refused where it is
/// first named (opt-22's message and place), whether by name or implicitly, and not where a
/// global names a comdat defined before it.
#[test]
fn undefined_comdats_are_an_error_at_their_first_use() {
    let e = parse_module(b"$c = comdat any\n@b = global i32 0, comdat($c)\n@a = global i32 0, comdat($d)\n@x = global i32 0, comdat($d)\n")
        .expect_err("$d is not defined");
    assert_eq!((e.line, e.col), (3, 27), "{e}");
    assert!(e.msg.contains("use of undefined comdat '$d'"), "{e}");
    let e =
        parse_module(b"$c = comdat any\n@c = global i32 0, comdat\n@e = global i32 0, comdat\n")
            .expect_err("$e is not defined");
    assert_eq!((e.line, e.col), (3, 20), "{e}");
    assert!(e.msg.contains("use of undefined comdat '$e'"), "{e}");
    let out = fixed_point("@a = global i32 0, comdat($d)\n@e = global i32 0, comdat\n$d = comdat any\n$e = comdat any\n");
    assert!(out.contains("@a = global i32 0, comdat($d)"), "{out}");
    assert!(out.contains("@e = global i32 0, comdat\n"), "{out}");
}

/// A declaration's metadata attachments come before its header, as clang writes debug info
/// (`-g`), CFI type ids (`-fsanitize=cfi`) and kCFI types; a named metadata node right after a
/// declaration is a node of its own, not an attachment.
#[test]
fn declaration_attachments_precede_the_header() {
    let src = "declare !dbg !0 !type !1 !kcfi_type !2 noundef i32 @printf(ptr noundef, ...) local_unnamed_addr\ndeclare void @g()\n!llvm.ident = !{!3}\n!0 = !{}\n!1 = !{i64 0, !\"t\"}\n!2 = !{i32 7}\n!3 = !{!\"c\"}\n";
    let out = fixed_point(src);
    // Renumbered as opt numbers them: named metadata first, then the attachments.
    assert!(
        out.contains("declare !dbg !1 !type !2 !kcfi_type !3 noundef i32 @printf(ptr noundef, ...) local_unnamed_addr\n"),
        "{out}"
    );
    assert!(out.contains("declare void @g()\n"), "{out}");
    assert!(out.contains("!llvm.ident = !{!0}"), "{out}");
}

/// Module summary entries (`^N = ...`, llvm-dis of (Thin)LTO bitcode) are read and dropped,
/// as opt-22 prints such a module: with and without parentheses, over several lines.
#[test]
fn module_summary_entries_are_dropped() {
    let src = "define void @f() {\n  ret void\n}\n^0 = module: (path: \"a (b\", hash: (0, 0, 0, 0, 0))\n^1 = gv: (name: \"f\", summaries: (function: (module: ^0,\n  flags: (linkage: external), insts: 1)))\n^2 = flags: 8\n^3 = blockcount: 0\n";
    let out = fixed_point(src);
    assert!(!out.contains('^'), "{out}");
    assert!(out.contains("define void @f()"), "{out}");
}

/// Named types that are not structs stand for their type (LLVM prints the type itself).
#[test]
fn named_non_struct_types_are_their_type() {
    let out = fixed_point("%0 = type [2 x { i32, i8 }]\n%p = type ptr\n%v = type <4 x i32>\n@g = global %0 zeroinitializer\ndefine %p @f(%p %x, %v %w) {\n  %a = getelementptr %0, %p %x, i64 0, i64 1, i32 1\n  ret %p %a\n}\n");
    assert!(
        out.contains("@g = global [2 x { i32, i8 }] zeroinitializer"),
        "{out}"
    );
    assert!(out.contains("define ptr @f(ptr %x, <4 x i32> %w)"), "{out}");
    assert!(!out.contains("%0 = type"), "{out}");
}

/// A block without a label after a terminator takes the next number; `uselistorder` lines
/// inside a body are dropped, as opt -S does.
#[test]
fn implicitly_numbered_blocks_and_uselistorder() {
    let out = fixed_point("define i32 @f(i1 %c, i32 %x) {\n  br i1 %c, label %1, label %2\n  ret i32 %x\n  ret i32 %x\n  uselistorder i32 %x, { 1, 0 }\n}\n");
    assert!(out.contains("br i1 %c, label %1, label %2\n\n1:"), "{out}");
    assert!(!out.contains("uselistorder"), "{out}");
}

/// Intrinsics called without a declaration are declared, after the text's own globals in
/// the order of their names, as LLVM does.
#[test]
fn undeclared_intrinsics_are_declared() {
    let out = fixed_point("define void @f(i1 %c) {\n  call void @llvm.assume(i1 %c)\n  %x = call i32 @llvm.ctpop.i32(i32 7)\n  ret void\n}\ndefine void @z() {\n  ret void\n}\n");
    let a = out.find("declare void @llvm.assume(i1)").expect(&out);
    let b = out.find("declare i32 @llvm.ctpop.i32(i32)").expect(&out);
    let z = out.find("define void @z()").expect(&out);
    assert!(z < a && a < b, "{out}");
}

/// Decimal half and bfloat constants, when exact (LLVM refuses the others).
#[test]
fn decimal_sixteen_bit_floats() {
    let out = fixed_point("@a = global half 1.5\n@b = global bfloat 2.25\n@c = global half 5.9604644775390625e-08\n@d = global half -65504.0\n");
    for want in [
        "half 0xH3E00",
        "bfloat 0xR4010",
        "half 0xH0001",
        "half 0xHFBFF",
    ] {
        assert!(out.contains(want), "{want}: {out}");
    }
    for bad in [
        "@x = global half 1.1\n",
        "@x = global bfloat 3.0e+38\n",
        "@x = global fp128 1.5\n",
    ] {
        assert!(parse_module(bad.as_bytes()).is_err(), "{bad}");
    }
}

/// A literal struct type is read once per text (`Parser::struct_literal_seen`): the same text
/// again is the same type, a quoted and a plain spelling of a name are one name, and a text
/// holding a comment or a line break is read in full each time.
#[test]
fn repeated_literal_struct_types_are_the_types_first_read() {
    let src = "%t = type { i8 }\n@a = global { i32, %t } zeroinitializer\n@b = global { i32, %\"t\" } zeroinitializer\n@c = global { i32, %t } zeroinitializer\n@d = global { i32, ; a comment }\n %t } zeroinitializer\n@e = global { i32, [2 x { i32, %t }] } zeroinitializer\n@f = global { i32, %t } { i32 1, %t { i8 2 } }\n@p = global <{ i32, %t }> zeroinitializer\n@q = global <{ i32, %t }> zeroinitializer\n@v = global <2 x i32> zeroinitializer\n@w = global { <{ i32, %t }>, <2 x i32> } zeroinitializer\n";
    let out = fixed_point(src);
    // Packed the same: `<{ ... }>` read once per text, a vector beside it.
    let expected = [
        "@a = global { i32, %t } zeroinitializer",
        "@b = global { i32, %t } zeroinitializer",
        "@c = global { i32, %t } zeroinitializer",
        "@d = global { i32, %t } zeroinitializer",
        "@e = global { i32, [2 x { i32, %t }] } zeroinitializer",
        "@f = global { i32, %t } { i32 1, %t { i8 2 } }",
        "@p = global <{ i32, %t }> zeroinitializer",
        "@q = global <{ i32, %t }> zeroinitializer",
        "@v = global <2 x i32> zeroinitializer",
        "@w = global { <{ i32, %t }>, <2 x i32> } zeroinitializer",
    ];
    for line in expected {
        assert!(out.lines().any(|l| l == line), "{line}\n{out}");
    }
}

/// The nesting limit holds for a literal struct type read before at a shallower depth: the
/// module reads (or is refused, with the same message) whether or not it came first.
#[test]
fn a_literal_struct_type_read_before_still_counts_against_the_nesting_limit() {
    let mut outcomes = Vec::new();
    for depth in 505..=515 {
        // Plain and packed structs in turn.
        let (open, close) = if depth % 2 == 1 {
            ("<{", "}>")
        } else {
            ("{", "}")
        };
        let deep = format!(
            "@deep = global {}{open} i32, i64 {close}{} zeroinitializer\n",
            "[1 x ".repeat(depth),
            "]".repeat(depth)
        );
        let alone = parse_module(deep.as_bytes())
            .map(|_| ())
            .map_err(|e| e.to_string());
        let after = format!("@shallow = global {open} i32, i64 {close} zeroinitializer\n{deep}");
        let after = parse_module(after.as_bytes())
            .map(|_| ())
            .map_err(|e| e.to_string().replace("2:", "1:"));
        assert_eq!(
            alone.is_ok(),
            after.is_ok(),
            "depth {depth}: {alone:?} / {after:?}"
        );
        outcomes.push(alone.is_ok());
        if let (Err(a), Err(b)) = (&alone, &after) {
            assert!(
                a.contains("nesting deeper than") && b.contains("nesting deeper than"),
                "{a} / {b}"
            );
        }
    }
    // The depths straddle the limit: both outcomes are seen.
    assert!(
        outcomes.contains(&true) && outcomes.contains(&false),
        "{outcomes:?}"
    );
}

/// The same for a flat array type (`[2 x i64]`, read once per text too), and repeated
/// array types print as written.
#[test]
fn an_array_type_read_before_still_counts_against_the_nesting_limit() {
    let mut outcomes = Vec::new();
    for depth in 505..=515 {
        let deep = format!(
            "@deep = global {}[2 x i64]{} zeroinitializer\n",
            "{ ".repeat(depth),
            " }".repeat(depth)
        );
        let alone = parse_module(deep.as_bytes())
            .map(|_| ())
            .map_err(|e| e.to_string());
        let after = format!("@shallow = global [2 x i64] zeroinitializer\n{deep}");
        let after = parse_module(after.as_bytes())
            .map(|_| ())
            .map_err(|e| e.to_string().replace("2:", "1:"));
        assert_eq!(alone, after, "depth {depth}");
        outcomes.push(alone.is_ok());
    }
    assert!(
        outcomes.contains(&true) && outcomes.contains(&false),
        "{outcomes:?}"
    );
    let src = "%t = type { i8 }\n@a = global [2 x %t] zeroinitializer\n@b = global [2 x %t] zeroinitializer\n@c = global [3 x [2 x %t]] zeroinitializer\n@e = global [2 x <4 x i8>] zeroinitializer\n@f = global [2 x <4 x i8>] zeroinitializer\n";
    let out = fixed_point(src);
    for line in [
        "@a = global [2 x %t] zeroinitializer",
        "@b = global [2 x %t] zeroinitializer",
        "@c = global [3 x [2 x %t]] zeroinitializer",
        "@e = global [2 x <4 x i8>] zeroinitializer",
        "@f = global [2 x <4 x i8>] zeroinitializer",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}\n{out}");
    }
}

/// The mask of a `shufflevector` expression on scalable vectors is itself scalable (Bitcode/
/// vscale-shuffle.ll, Transforms/VectorCombine/pr88796.ll: `<2 x i32> zeroinitializer`
/// made opt refuse the print).
#[test]
fn scalable_shufflevector_expressions_keep_a_scalable_mask() {
    let out = fixed_point(
        "define <vscale x 2 x i64> @f() {\n  %i = add <vscale x 2 x i64> undef, shufflevector (<vscale x 2 x i64> insertelement (<vscale x 2 x i64> undef, i64 1, i32 0), <vscale x 2 x i64> undef, <vscale x 2 x i32> zeroinitializer)\n  ret <vscale x 2 x i64> %i\n}\n",
    );
    assert!(
        out.contains("<vscale x 2 x i64> undef, <vscale x 2 x i32> zeroinitializer)"),
        "{out}"
    );
}

/// A word ends as LLVM's lexer ends it: an integer type at its last digit (`i16-1` is the
/// type `i16` and the number `-1`), a keyword at its last letter, digit or `_`
/// (CodeGen/AArch64/neon-bitwise-instructions.ll of LLVM 19).
#[test]
fn an_integer_type_ends_at_its_last_digit() {
    let out = fixed_point(
        "define <4 x i16> @f(<4 x i16> %b) {\n  %t = xor <4 x i16> %b, < i16 -1, i16 -1, i16 -1, i16-1 >\n  ret <4 x i16> %t\n}\n",
    );
    assert!(
        out.contains("%t = xor <4 x i16> %b, <i16 -1, i16 -1, i16 -1, i16 -1>"),
        "{out}"
    );
    // A label keeps every name character, `-` and `.` too.
    let out = fixed_point("define void @f() {\nentry.a-1:\n  ret void\n}\n");
    assert!(out.contains("entry.a-1:"), "{out}");
}
