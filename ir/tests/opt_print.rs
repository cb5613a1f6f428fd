//! The writer prints a module as `opt-22 -S` prints it, line for line: each test reads a
//! module, names it `<stdin>` (as opt names what it reads from standard input) and expects
//! exactly what `opt-22 -S < module` printed for it.

use mergefn_ir::{module_to_string, parse_module};

fn printed(src: &str) -> String {
    let mut m = parse_module(src.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{}", e.line_text));
    m.module_id = Some("<stdin>".into());
    let out = module_to_string(&m);
    // What we print reads back and prints the same.
    let mut again = parse_module(out.as_bytes()).unwrap_or_else(|e| panic!("re-read: {e}\n{out}"));
    again.module_id = Some("<stdin>".into());
    assert_eq!(
        module_to_string(&again),
        out,
        "printing is not a fixed point"
    );
    out
}

fn assert_printed(src: &str, expected: &str) {
    let out = printed(src);
    if out != expected {
        let k = out
            .lines()
            .zip(expected.lines())
            .take_while(|(a, b)| a == b)
            .count();
        panic!(
            "differs from opt-22 at line {}:\n  opt-22:  {:?}\n  mergefn: {:?}\n--- ours:\n{out}",
            k + 1,
            expected.lines().nth(k),
            out.lines().nth(k)
        );
    }
}

#[test]
fn module_id_names_the_input_and_source_filename_defaults_to_it() {
    let mut m = parse_module(b"define void @f() {\n  ret void\n}\n").unwrap();
    assert!(
        !module_to_string(&m).contains("ModuleID"),
        "no identifier, no comment"
    );
    m.module_id = Some("dir/in.ll".into());
    let out = module_to_string(&m);
    assert!(
        out.starts_with("; ModuleID = 'dir/in.ll'\nsource_filename = \"dir/in.ll\"\n"),
        "{out}"
    );
    let mut m = parse_module(b"source_filename = \"a.c\"\n").unwrap();
    m.module_id = Some("x.ll".into());
    assert_eq!(
        module_to_string(&m),
        "; ModuleID = 'x.ll'\nsource_filename = \"a.c\"\n"
    );
}

/// opt prints `; Function Attrs:` before definitions and declarations, with the function's
/// attributes but the string ones; attribute groups are renumbered by first use and unused ones dropped.
#[test]
fn function_attrs_comment_lists_the_non_string_attributes() {
    assert_printed(
        r#"define void @f() #1 {
  call void @g() #2
  ret void
}
declare void @g() #0
declare void @h()
attributes #0 = { nounwind "a"="b" }
attributes #1 = { noinline nounwind uwtable "x" }
attributes #2 = { cold }
attributes #3 = { cold nounwind }
"#,
        r#"; ModuleID = '<stdin>'
source_filename = "<stdin>"

; Function Attrs: noinline nounwind uwtable
define void @f() #0 {
  call void @g() #2
  ret void
}

; Function Attrs: nounwind
declare void @g() #1

declare void @h()

attributes #0 = { noinline nounwind uwtable "x" }
attributes #1 = { nounwind "a"="b" }
attributes #2 = { cold }
"#,
    );
}

/// `; preds = ...` from column 50 after every label but the entry's, in use-list order (the
/// last branch first; a switch naming a block twice lists it twice), `; No predecessors!`
/// for unreachable blocks, one space after a label that reaches column 50.
#[test]
fn block_labels_name_their_predecessors() {
    assert_printed(
        r#"define void @f(i32 %n) {
entry:
  switch i32 %n, label %exit [
    i32 0, label %loop
    i32 1, label %loop
  ]
loop:
  br i1 true, label %loop, label %a_block_with_a_rather_long_name_that_goes_past_column_fifty
a_block_with_a_rather_long_name_that_goes_past_column_fifty:
  br label %exit
dead:
  br label %exit
exit:
  ret void
}
define void @u() {
  br label %1
1:
  br label %"quoted name"
"quoted name":
  ret void
}
"#,
        r#"; ModuleID = '<stdin>'
source_filename = "<stdin>"

define void @f(i32 %n) {
entry:
  switch i32 %n, label %exit [
    i32 0, label %loop
    i32 1, label %loop
  ]

loop:                                             ; preds = %loop, %entry, %entry
  br i1 true, label %loop, label %a_block_with_a_rather_long_name_that_goes_past_column_fifty

a_block_with_a_rather_long_name_that_goes_past_column_fifty: ; preds = %loop
  br label %exit

dead:                                             ; No predecessors!
  br label %exit

exit:                                             ; preds = %dead, %a_block_with_a_rather_long_name_that_goes_past_column_fifty, %entry
  ret void
}

define void @u() {
  br label %1

1:                                                ; preds = %0
  br label %"quoted name"

"quoted name":                                    ; preds = %1
  ret void
}
"#,
    );
}

/// Backslashes print as `\\\\` in strings and quoted names; other bytes outside printable
/// ASCII and `"` as `\\XX`.
#[test]
fn strings_escape_backslash_as_two_backslashes() {
    assert_printed(
        r#"@s = constant [6 x i8] c"a\5Cb\22\0A\FF"
@"we\5Cird name" = global i32 0
define void @"f\5C"() section "sec\5Cx" {
  ret void
}
"#,
        r#"; ModuleID = '<stdin>'
source_filename = "<stdin>"

@s = constant [6 x i8] c"a\\b\22\0A\FF"
@"we\\ird name" = global i32 0

define void @"f\\"() section "sec\\x" {
  ret void
}
"#,
    );
}

/// Strings are bytes to LLVM: a byte that is not UTF-8 in a section, partition, sync scope,
/// bundle tag or attribute value prints back as the byte it was, not as a replacement
/// character. (opt-22 prints a `gc` name and an attribute's key unescaped; we escape them,
/// so they are not in this test.)
#[test]
fn strings_keep_bytes_that_are_not_utf8() {
    assert_printed(
        r#"@g = global i32 0, section "a\FFb", partition "p\FE"
define void @f() #0 section "s\C3" {
  fence syncscope("x\FF") seq_cst
  call void @h() [ "t\FFag"() ]
  ret void
}
declare void @h()
attributes #0 = { "key"="v\FEal" }
"#,
        r#"; ModuleID = '<stdin>'
source_filename = "<stdin>"

@g = global i32 0, section "a\FFb", partition "p\FE"

define void @f() #0 section "s\C3" {
  fence syncscope("x\FF") seq_cst
  call void @h() [ "t\FFag"() ]
  ret void
}

declare void @h()

attributes #0 = { "key"="v\FEal" }
"#,
    );
}

/// `zeroinitializer` of a scalar is the type's null value, the plain constant: `i32 0`,
/// `0.000000e+00`, `null`, and as such an `immarg` (LLVM reads `i32 zeroinitializer` as
/// `ConstantInt` 0).
#[test]
fn zeroinitializer_of_a_scalar_is_its_null_value() {
    let src = r#"declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)
define void @f(ptr %p) {
  store i32 zeroinitializer, ptr %p
  store float zeroinitializer, ptr %p
  store ptr zeroinitializer, ptr %p
  %x = add i8 zeroinitializer, u0x3
  call void @llvm.prefetch.p0(ptr %p, i32 zeroinitializer, i32 u0x3, i32 1)
  ret void
}
"#;
    let m = parse_module(src.as_bytes()).expect("reads");
    assert!(mergefn_ir::verify_module(&m).is_ok(), "an immarg of zero");
    let out = printed(src);
    for line in [
        "  store i32 0, ptr %p",
        "  store float 0.000000e+00, ptr %p",
        "  store ptr null, ptr %p",
        "  %x = add i8 0, 3",
        "  call void @llvm.prefetch.p0(ptr %p, i32 0, i32 3, i32 1)",
    ] {
        assert!(out.lines().any(|l| l.starts_with(line)), "{line}\n{out}");
    }
}

/// A blank line before the types, between comdats, before the variables, the aliases, each
/// function, the attribute groups, the named metadata and the metadata nodes; none between
/// variables or between aliases.
#[test]
fn blank_lines_separate_the_groups() {
    assert_printed(
        r#"%T = type { i32 }
$c = comdat any
$d = comdat any
@x = global %T zeroinitializer, comdat($c)
@y = global i32 1, comdat($d)
@a = alias i32, ptr @y
@b = alias i32, ptr @y
define void @f() #0 {
  ret void
}
define void @g() #0 {
  ret void
}
attributes #0 = { nounwind }
!llvm.ident = !{!0}
!0 = !{!"ident"}
"#,
        r#"; ModuleID = '<stdin>'
source_filename = "<stdin>"

%T = type { i32 }

$c = comdat any

$d = comdat any

@x = global %T zeroinitializer, comdat($c)
@y = global i32 1, comdat($d)

@a = alias i32, ptr @y
@b = alias i32, ptr @y

; Function Attrs: nounwind
define void @f() #0 {
  ret void
}

; Function Attrs: nounwind
define void @g() #0 {
  ret void
}

attributes #0 = { nounwind }

!llvm.ident = !{!0}

!0 = !{!"ident"}
"#,
    );
}

/// dso_local is implied by private and internal linkage and by hidden or protected visibility
/// (but for extern_weak): opt prints it only where it is not.
#[test]
fn private_and_hidden_globals_print_no_dso_local() {
    assert_printed(
        r#"@p = private dso_local global i32 0
@i = internal dso_local global i32 0
@h = dso_local hidden global i32 1
@q = dso_local protected global i32 1
@w = extern_weak dso_local hidden global i32
@d = dso_local global i32 2
define private dso_local void @pf() {
  ret void
}
define dso_local void @df() {
  call void @pf()
  ret void
}
"#,
        r#"; ModuleID = '<stdin>'
source_filename = "<stdin>"

@p = private global i32 0
@i = internal global i32 0
@h = hidden global i32 1
@q = protected global i32 1
@w = extern_weak dso_local hidden global i32
@d = dso_local global i32 2

define private void @pf() {
  ret void
}

define dso_local void @df() {
  call void @pf()
  ret void
}
"#,
    );
}

/// Identified structs print in the order LLVM's TypeFinder meets them (variables, then
/// functions, each type before the types inside it), and unused ones not at all.
#[test]
fn named_types_print_in_type_finder_order() {
    assert_printed(
        r#"%D = type { i32 }
%A = type { %B, i8 }
%B = type { i16 }
%C = type { ptr }
%E = type { %A }
@g = global %C zeroinitializer
define void @f() {
  %a = alloca %E, align 8
  %b = alloca %A, align 8
  ret void
}
"#,
        r#"; ModuleID = '<stdin>'
source_filename = "<stdin>"

%C = type { ptr }
%E = type { %A }
%A = type { %B, i8 }
%B = type { i16 }

@g = global %C zeroinitializer

define void @f() {
  %a = alloca %E, align 8
  %b = alloca %A, align 8
  ret void
}
"#,
    );
}

/// Metadata nodes are renumbered as opt's SlotTracker numbers them: named metadata first,
/// then attachments function by function, each node followed by the nodes it refers to;
/// nodes nothing uses are dropped.
#[test]
fn metadata_renumbered_by_first_use() {
    assert_printed(
        r#"define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !7, !range !9
  ret i32 %v
}
!llvm.ident = !{!5}
!3 = !{!"unused"}
!5 = !{!"ident"}
!6 = !{!"root"}
!7 = !{!8, !8, i64 0}
!8 = !{!"int", !6, i64 0}
!9 = !{i32 0, i32 10}
"#,
        r#"; ModuleID = '<stdin>'
source_filename = "<stdin>"

define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !1, !range !4
  ret i32 %v
}

!llvm.ident = !{!0}

!0 = !{!"ident"}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"root"}
!4 = !{i32 0, i32 10}
"#,
    );
}

/// opt gives an intrinsic's declaration the intrinsic's own attributes, whatever the text said.
#[test]
fn intrinsic_declarations_get_the_intrinsics_own_attributes() {
    assert_printed(
        r#"declare void @llvm.lifetime.start.p0(ptr captures(none)) #0
declare void @llvm.assume(i1 noundef) #0
declare void @llvm.trap() #1
declare i32 @llvm.umax.i32(i32, i32) #2
attributes #0 = { mustprogress nobuiltin nocallback nofree nosync nounwind willreturn }
attributes #1 = { cold nobuiltin noreturn nounwind }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#,
        r#"; ModuleID = '<stdin>'
source_filename = "<stdin>"

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #1

; Function Attrs: cold noreturn nounwind memory(inaccessiblemem: write)
declare void @llvm.trap() #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umax.i32(i32, i32) #3

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #2 = { cold noreturn nounwind memory(inaccessiblemem: write) }
attributes #3 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
"#,
    );
}

/// Doubles and floats print as `%e` with six digits when that reads back exactly, in
/// hexadecimal otherwise.
#[test]
fn floats_print_in_decimal_when_exact() {
    assert_printed(
        r#"@a = global double 1.5
@b = global double 0x3FB999999999999A
@c = global float 0x3FB99999A0000000
@d = global double -0.0
@e = global double 1.0e100
@f = global float 2.5
@g = global double 0x3FF0000000000001
@h = global half 0xH3C00
"#,
        r#"; ModuleID = '<stdin>'
source_filename = "<stdin>"

@a = global double 1.500000e+00
@b = global double 1.000000e-01
@c = global float 0x3FB99999A0000000
@d = global double -0.000000e+00
@e = global double 1.000000e+100
@f = global float 2.500000e+00
@g = global double 0x3FF0000000000001
@h = global half 0xH3C00
"#,
    );
}

/// A module that spells both `i8*` and `ptr` (hand-edited tests do) reads as LLVM 22 reads it:
/// every typed spelling is `ptr`.
#[test]
fn mixed_pointer_spellings_read_as_opaque_pointers() {
    assert_printed(
        "define i8* @f(i8* %p) {\n  %q = getelementptr i8, i8* %p, i64 1\n  ret i8* %q\n}\ndefine ptr @g(ptr %p) {\n  ret ptr %p\n}\n",
        "; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"\n\ndefine ptr @f(ptr %p) {\n  %q = getelementptr i8, ptr %p, i64 1\n  ret ptr %q\n}\n\ndefine ptr @g(ptr %p) {\n  ret ptr %p\n}\n",
    );
}

/// A module spelling only typed pointers stays typed (as LLVM 14 wrote it), from its first
/// line: an `alloca` before the first `i32*` has the typed result its uses expect.
#[test]
fn typed_modules_are_typed_from_the_first_alloca() {
    let src = "define i32 @f(i32 %x) {\n  %a = alloca i32, align 4\n  store i32 %x, i32* %a, align 4\n  %v = load i32, i32* %a, align 4\n  ret i32 %v\n}\n";
    let out = printed(src);
    assert!(out.contains("store i32 %x, i32* %a, align 4"), "{out}");
    // Names and strings that contain `ptr` do not make a module opaque.
    let named = "@ptr = global i8* null\n@s = constant [4 x i8] c\"ptr\\00\"\ndefine i8* @g() {\n  %ptr = load i8*, i8** @ptr\n  ret i8* %ptr\n}\n";
    let out = printed(named);
    assert!(out.contains("load i8*, i8** @ptr"), "{out}");
}

/// A constant GEP whose indices are all zero is its base pointer, as LLVM's constant folder
/// makes it while reading; one with a non-zero index or `inrange` stays.
#[test]
fn constant_geps_of_zero_indices_are_their_base() {
    assert_printed(
        "@g = global [4 x i8] zeroinitializer\n@x = global ptr getelementptr (i8, ptr @g, i64 0)\n@y = global ptr getelementptr inbounds ([4 x i8], ptr @g, i64 0, i64 0)\n@z = global ptr getelementptr inbounds ([4 x i8], ptr @g, i64 0, i64 1)\n@w = global ptr getelementptr inbounds inrange(0, 4) ([4 x i8], ptr @g, i64 0, i64 0)\n",
        "; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"\n\n@g = global [4 x i8] zeroinitializer\n@x = global ptr @g\n@y = global ptr @g\n@z = global ptr getelementptr inbounds ([4 x i8], ptr @g, i64 0, i64 1)\n@w = global ptr getelementptr inbounds inrange(0, 4) ([4 x i8], ptr @g, i64 0, i64 0)\n",
    );
}

/// `uselistorder label %bb, {...}` reorders a block's uses, and with them the `; preds =`
/// comment (opt-22 prints `%a, %b` here, `%b, %a` without the directive); like `opt -S`
/// (without `-preserve-ll-uselistorder`) the directive itself is not printed.
#[test]
fn uselistorder_orders_the_predecessors() {
    // Not `printed`: without the directive, reading our output back gives LLVM's default
    // order, as reading opt's own output back does.
    let print = |src: &str| module_to_string(&parse_module(src.as_bytes()).expect("valid"));
    let with = "define i32 @f(i1 %c, i1 %d) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %join\nb:\n  br i1 %d, label %join, label %a\njoin:\n  ret i32 0\n  uselistorder label %join, { 1, 0 }\n  uselistorder label %a, { 1, 0 }\n}\n";
    let out = print(with);
    assert!(
        out.contains("join:                                             ; preds = %a, %b\n"),
        "{out}"
    );
    assert!(
        out.contains("a:                                                ; preds = %entry, %b\n"),
        "{out}"
    );
    assert!(!out.contains("uselistorder"), "{out}");
    let without: String = with
        .lines()
        .filter(|l| !l.contains("uselistorder"))
        .map(|l| format!("{l}\n"))
        .collect();
    let out = print(&without);
    assert!(
        out.contains("join:                                             ; preds = %b, %a\n"),
        "{out}"
    );
    assert!(
        out.contains("a:                                                ; preds = %b, %entry\n"),
        "{out}"
    );
}

/// With a program address space (`P1` in the data layout), functions live there unless they
/// say otherwise, and opt prints every function's and every call's address space, 0 included
/// (Assembler `ifunc-program-addrspace.ll`: dropping `addrspace(0)` moved a resolver to
/// address space 1 and made the output invalid).
#[test]
fn program_address_space_is_the_default_and_printed() {
    assert_printed(
        "target datalayout = \"P1\"\n\
         @i = ifunc void (), ptr @r0\n\
         declare void @ext()\n\
         define ptr @r0() addrspace(0) {\n  ret ptr null\n}\n\
         define void @f() {\n  call void @ext()\n  call addrspace(0) void @r0()\n  ret void\n}\n",
        "; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"\ntarget datalayout = \"P1\"\n\n\
         @i = ifunc void (), ptr @r0\n\n\
         declare void @ext() addrspace(1)\n\n\
         define ptr @r0() addrspace(0) {\n  ret ptr null\n}\n\n\
         define void @f() addrspace(1) {\n  call addrspace(1) void @ext()\n  call addrspace(0) void @r0()\n  ret void\n}\n",
    );
}

/// Global numbers may skip ahead, and `@""` is an unnamed global that takes the next number
/// (Assembler `skip-value-numbers-globals.ll`: two `@""` were read as one name defined twice).
#[test]
fn empty_global_names_take_the_next_number() {
    assert_printed(
        "@5 = global i8 0\n@\"\" = global i8 1\n@10 = alias i8, ptr @5\ndeclare ptr @\"\"(ptr)\n\
         define void @t(ptr %p) {\n  store ptr @6, ptr %p, align 8\n  store ptr @11, ptr %p, align 8\n  ret void\n}\n",
        "; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"\n\n@0 = global i8 0\n@1 = global i8 1\n\n\
         @2 = alias i8, ptr @0\n\ndeclare ptr @3(ptr)\n\n\
         define void @t(ptr %p) {\n  store ptr @1, ptr %p, align 8\n  store ptr @3, ptr %p, align 8\n  ret void\n}\n",
    );
}

/// Overloaded intrinsics take the names their types give, as LLVM 22's reader renames them:
/// undeclared ones are declared in the order of their written names (the last call's type
/// first), a declaration without its suffix or with a wrong one is replaced, and target
/// spellings LLVM upgrades become the generic intrinsic. The declarations, in order, are those
/// `opt-22 -S` printed for the same module (their attributes aside); the old five-argument
/// memcpy, which LLVM upgrades in another way, comes last under today's name.
#[test]
fn intrinsics_are_renamed_to_their_mangled_names() {
    let src = "define void @f(i8 %c, i16 %d, i32 %e, double %x) {\n\
               call i8 @llvm.umax(i8 %c, i8 %c)\n  call i32 @llvm.smax(i32 %e, i32 %e)\n\
               call i16 @llvm.umax(i16 %d, i16 %d)\n  call i8 @llvm.umax(i8 %c, i8 %c)\n\
               call void @llvm.trap()\n  call void @llvm.assume(i1 true)\n\
               %s = call i8 @llvm.scmp.i32.i8(i32 %e, i32 %e)\n\
               %k = call i1 @llvm.is.fpclass(double %x, i32 1)\n\
               %t = call ptr @llvm.aarch64.thread.pointer()\n  ret void\n}\n\
               declare i1 @llvm.is.fpclass(double, i32)\ndeclare ptr @llvm.aarch64.thread.pointer()\n\
               declare void @llvm.memcpy.p0i8.p0i8.i64(ptr, ptr, i64, i32, i1)\n";
    let out = printed(src);
    let declared: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("declare"))
        .map(|l| l.split('(').next().unwrap())
        .collect();
    assert_eq!(
        declared,
        [
            "declare void @llvm.assume",
            "declare i8 @llvm.scmp.i8.i32",
            "declare i32 @llvm.smax.i32",
            "declare void @llvm.trap",
            "declare i8 @llvm.umax.i8",
            "declare i16 @llvm.umax.i16",
            "declare i1 @llvm.is.fpclass.f64",
            "declare ptr @llvm.thread.pointer.p0",
            // Upgraded in its turn, after the declarations of the undeclared ones.
            "declare void @llvm.memcpy.p0.p0.i64",
        ],
        "{out}"
    );
    assert!(
        out.contains("call i8 @llvm.scmp.i8.i32(i32 %e, i32 %e)"),
        "{out}"
    );
    assert!(out.contains("call ptr @llvm.thread.pointer.p0()"), "{out}");
}

/// LLVM 22 makes distinct the first composite type of each ODR identifier; a later one of
/// another tag (rustc's `DW_TAG_variant_part`, which shares its enum's identifier) stays
/// uniqued (DebugInfo/Generic/discriminated-union.ll).
#[test]
fn only_the_first_composite_type_of_an_identifier_becomes_distinct() {
    assert_printed(
        "!named = !{!0, !1, !2}\n\
         !0 = !DICompositeType(tag: DW_TAG_structure_type, name: \"E\", size: 64, elements: !3, identifier: \"e\")\n\
         !1 = !DICompositeType(tag: DW_TAG_variant_part, scope: !0, size: 64, identifier: \"e\")\n\
         !2 = !DICompositeType(tag: DW_TAG_structure_type, name: \"F\", size: 64, identifier: \"f\")\n\
         !3 = !{!1}\n",
        "; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"\n\n\
         !named = !{!0, !2, !3}\n\n\
         !0 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: \"E\", size: 64, elements: !1, identifier: \"e\")\n\
         !1 = !{!2}\n\
         !2 = !DICompositeType(tag: DW_TAG_variant_part, scope: !0, size: 64, identifier: \"e\")\n\
         !3 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: \"F\", size: 64, identifier: \"f\")\n",
    );
}

/// A `!DIExpression` defined as a numbered node is printed inline wherever it is named, in
/// other nodes and in named metadata too (Assembler `DIGlobalVariableExpression.ll`: the
/// reference was left pointing at a node that is never printed).
#[test]
fn expressions_named_from_node_text_are_printed_inline() {
    assert_printed(
        "!named = !{!0, !1}\n!0 = !DIExpression(DW_OP_constu, 42, DW_OP_stack_value)\n!1 = !{!0}\n",
        "; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"\n\n\
         !named = !{!DIExpression(DW_OP_constu, 42, DW_OP_stack_value), !0}\n\n\
         !0 = !{!DIExpression(DW_OP_constu, 42, DW_OP_stack_value)}\n",
    );
}

/// A quoted name of digits (`%"1"`) is a name, not the number `%1` (both in one body), and
/// prints quoted; `-3:` and `$N:` are labels (LLVM 19's `block-labels.ll`).
#[test]
fn quoted_numbers_and_odd_labels_are_names() {
    assert_printed(
        "define i32 @f(i32 %X) {\n  br label %1\n1:\n  br label %\"1\"\n\"1\":\n  br label %-3\n-3:\n  br label %$N\n$N:\n  %\"7\" = add i32 %X, 1\n  ret i32 %\"7\"\n}\n",
        "; ModuleID = '<stdin>'
source_filename = \"<stdin>\"

define i32 @f(i32 %X) {
  br label %1

1:                                                ; preds = %0
  br label %\"1\"

\"1\":                                              ; preds = %1
  br label %-3

-3:                                               ; preds = %\"1\"
  br label %\"$N\"

\"$N\":                                             ; preds = %-3
  %\"7\" = add i32 %X, 1
  ret i32 %\"7\"
}
",
    );
}

/// A 128-bit float written with other than 32 digits is read as LLVM's lexer splits it:
/// 16 digits (when there are as many) then up to 16 more, the rest dropped
/// (CodeGen/AArch64/vecreduce-fmul-legalization-strict.ll of LLVM 19 writes 34).
#[test]
fn fp128_digits_split_as_llvm_splits_them() {
    let out = printed(
        "define void @f(ptr %p) {\n  store fp128 0xL00000000000000003fff00000000000000, ptr %p\n  store fp128 0xLAAAAAAAAAAAAAAAA1234, ptr %p\n  store fp128 0xL1234, ptr %p\n  ret void\n}\n",
    );
    for line in [
        "  store fp128 0xL00000000000000003FFF000000000000, ptr %p",
        "  store fp128 0xLAAAAAAAAAAAAAAAA0000000000001234, ptr %p",
        "  store fp128 0xL00000000000000000000000000001234, ptr %p",
    ] {
        assert!(out.lines().any(|l| l == line), "no {line:?} in:\n{out}");
    }
}

/// Two integers under `add`, `sub` or `xor` are folded while reading, as LLVM's constant
/// folder does, wrapping whatever the flags say (CodeGen/X86/large-constants.ll of LLVM 19:
/// two functions that differ only so merge).
#[test]
fn integer_constant_expressions_fold_while_reading() {
    let out = printed(
        "define void @f(ptr %p) {\n  store i64 add (i64 4096, i64 8), ptr %p\n  store i8 add nuw (i8 255, i8 1), ptr %p\n  store i16 sub (i16 1, i16 2), ptr %p\n  store i32 xor (i32 12, i32 10), ptr %p\n  store i128 add (i128 18446744073709551615, i128 1), ptr %p\n  %v = load i64, ptr inttoptr (i64 add (i64 51250129900, i64 8) to ptr)\n  ret void\n}\n",
    );
    for line in [
        "  store i64 4104, ptr %p",
        "  store i8 0, ptr %p",
        "  store i16 -1, ptr %p",
        "  store i32 6, ptr %p",
        "  store i128 18446744073709551616, ptr %p",
        "  %v = load i64, ptr inttoptr (i64 51250129908 to ptr)",
    ] {
        assert!(out.lines().any(|l| l == line), "no {line:?} in:\n{out}");
    }
}

/// `s0x...` is a signed number as wide as its significant bits, so any value but zero is
/// negative once widened, as LLVM's lexer reads it (Feature/constexpr.ll of LLVM 19).
#[test]
fn signed_hex_integers_are_as_wide_as_their_significant_bits() {
    let out = printed(
        "@a = global i64 u0x00001\n@b = global i64 s0x0012312\n@c = global i8 s0x7\n@d = global i32 s0x0\n@e = global i8 s0xFFF\n@f = global i128 s0x8000000000000000\n",
    );
    for line in [
        "@a = global i64 1",
        "@b = global i64 -56558",
        "@c = global i8 -1",
        "@d = global i32 0",
        "@e = global i8 -1",
        "@f = global i128 -9223372036854775808",
    ] {
        assert!(out.lines().any(|l| l == line), "no {line:?} in:\n{out}");
    }
}
