//! One behaviour of the comparator per test: `@f` and `@g` of each fixture are equal or not.
//!
//! Every fixture is also given to opt-22's MergeFunctions when it is installed (see
//! `common::llvm_merges`), which must agree; fixtures opt cannot read (byte types, typed
//! pointers) are checked against the comparator only.

mod common;

const X86_64: &str = "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n";

fn on_x86_64(body: &str) -> String {
    format!("{X86_64}{body}")
}

macro_rules! equal_x86 {
    ($name:ident, $src:expr) => {
        #[test]
        fn $name() {
            common::check(&on_x86_64($src), true)
        }
    };
}

macro_rules! differ_x86 {
    ($name:ident, $src:expr) => {
        #[test]
        fn $name() {
            common::check(&on_x86_64($src), false)
        }
    };
}

// ---- signature ------------------------------------------------------------------------------

equal_x86! { identical_bodies_are_equal, r#"
define i32 @f(i32 %a) {
  %r = add i32 %a, 1
  ret i32 %r
}
define i32 @g(i32 %b) {
  %s = add i32 %b, 1
  ret i32 %s
}
"# }

equal_x86! { ptr_and_i64_arguments_are_equal_on_64_bit_targets, r#"
define void @f(ptr %p) {
  ret void
}
define void @g(i64 %p) {
  ret void
}
"# }

differ_x86! { ptr_and_i32_arguments_differ_on_64_bit_targets, r#"
define void @f(ptr %p) {
  ret void
}
define void @g(i32 %p) {
  ret void
}
"# }

equal! { ptr_and_i32_arguments_are_equal_on_32_bit_targets, r#"
target datalayout = "e-p:32:32-i64:64"
define void @f(ptr %p) {
  ret void
}
define void @g(i32 %p) {
  ret void
}
"# }

differ_x86! { pointers_outside_address_space_zero_are_not_integers, r#"
define void @f(ptr addrspace(1) %p) {
  ret void
}
define void @g(i64 %p) {
  ret void
}
"# }

differ_x86! { return_types_differ, r#"
define i32 @f() {
  ret i32 0
}
define i64 @g() {
  ret i64 0
}
"# }

differ_x86! { function_attributes_differ, r#"
define void @f() nounwind {
  ret void
}
define void @g() {
  ret void
}
"# }

equal_x86! { attribute_groups_expand_to_their_attributes, r#"
define void @f() #0 {
  ret void
}
define void @g() nounwind "frame-pointer"="all" {
  ret void
}
attributes #0 = { "frame-pointer"="all" nounwind }
"# }

differ_x86! { string_attribute_values_differ, r#"
define void @f() "frame-pointer"="all" {
  ret void
}
define void @g() "frame-pointer"="none" {
  ret void
}
"# }

equal_x86! { legacy_readnone_is_memory_none, r#"
define void @f() readnone {
  ret void
}
define void @g() memory(none) {
  ret void
}
"# }

equal_x86! { nocapture_is_captures_none, r#"
define void @f(ptr nocapture %p) {
  ret void
}
define void @g(ptr captures(none) %p) {
  ret void
}
"# }

differ_x86! { parameter_attributes_differ, r#"
define void @f(ptr noalias %p) {
  ret void
}
define void @g(ptr %p) {
  ret void
}
"# }

equal_x86! { type_attributes_compare_types_with_pointer_coercion, r#"
define void @f(ptr byval(ptr) %p) {
  ret void
}
define void @g(ptr byval(i64) %p) {
  ret void
}
"# }

differ_x86! { type_attributes_differ_by_type, r#"
define void @f(ptr byval(i32) %p) {
  ret void
}
define void @g(ptr byval(i64) %p) {
  ret void
}
"# }

differ_x86! { sections_differ, r#"
define void @f() section "a" {
  ret void
}
define void @g() section "b" {
  ret void
}
"# }

differ_x86! { gc_strategies_differ, r#"
define void @f() gc "statepoint-example" {
  ret void
}
define void @g() {
  ret void
}
"# }

differ_x86! { calling_conventions_differ, r#"
define fastcc void @f() {
  ret void
}
define void @g() {
  ret void
}
"# }

differ_x86! { varargs_differ, r#"
define void @f(i32 %a, ...) {
  ret void
}
define void @g(i32 %a) {
  ret void
}
"# }

equal_x86! { personality_and_linkage_are_not_compared, r#"
declare i32 @p1(...)
declare i32 @p2(...)
define internal void @f() personality ptr @p1 {
  ret void
}
define void @g() personality ptr @p2 {
  ret void
}
define void @use() {
  call void @f()
  ret void
}
"# }

// ---- operations -----------------------------------------------------------------------------

differ_x86! { different_nsw_flags_differ, r#"
define i32 @f(i32 %a) {
  %r = add nsw i32 %a, 1
  ret i32 %r
}
define i32 @g(i32 %a) {
  %r = add i32 %a, 1
  ret i32 %r
}
"# }

differ_x86! { different_opcodes_differ, r#"
define i32 @f(i32 %a) {
  %r = add i32 %a, 1
  ret i32 %r
}
define i32 @g(i32 %a) {
  %r = sub i32 %a, 1
  ret i32 %r
}
"# }

differ_x86! { different_constants_differ, r#"
define i32 @f(i32 %a) {
  %r = add i32 %a, 1
  ret i32 %r
}
define i32 @g(i32 %a) {
  %r = add i32 %a, 2
  ret i32 %r
}
"# }

differ_x86! { swapped_arguments_differ, r#"
define i32 @f(i32 %a, i32 %b) {
  %r = sub i32 %a, %b
  ret i32 %r
}
define i32 @g(i32 %a, i32 %b) {
  %r = sub i32 %b, %a
  ret i32 %r
}
"# }

differ_x86! { trunc_wrap_flags_differ, r#"
define i8 @f(i32 %a) {
  %r = trunc nuw i32 %a to i8
  ret i8 %r
}
define i8 @g(i32 %a) {
  %r = trunc i32 %a to i8
  ret i8 %r
}
"# }

differ_x86! { disjoint_flags_differ, r#"
define i32 @f(i32 %a) {
  %r = or disjoint i32 %a, 1
  ret i32 %r
}
define i32 @g(i32 %a) {
  %r = or i32 %a, 1
  ret i32 %r
}
"# }

differ_x86! { nneg_flags_differ, r#"
define i64 @f(i32 %a) {
  %r = zext nneg i32 %a to i64
  ret i64 %r
}
define i64 @g(i32 %a) {
  %r = zext i32 %a to i64
  ret i64 %r
}
"# }

differ_x86! { fast_math_flags_differ, r#"
define double @f(double %a) {
  %r = fadd fast double %a, 1.0
  ret double %r
}
define double @g(double %a) {
  %r = fadd double %a, 1.0
  ret double %r
}
"# }

differ_x86! { predicates_differ, r#"
define i1 @f(i32 %a) {
  %r = icmp slt i32 %a, 0
  ret i1 %r
}
define i1 @g(i32 %a) {
  %r = icmp ult i32 %a, 0
  ret i1 %r
}
"# }

differ_x86! { samesign_differs, r#"
define i1 @f(i32 %a, i32 %b) {
  %r = icmp samesign ult i32 %a, %b
  ret i1 %r
}
define i1 @g(i32 %a, i32 %b) {
  %r = icmp ult i32 %a, %b
  ret i1 %r
}
"# }

// ---- memory ---------------------------------------------------------------------------------

differ_x86! { load_alignments_differ, r#"
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}
define i32 @g(ptr %p) {
  %v = load i32, ptr %p, align 8
  ret i32 %v
}
"# }

equal! { omitted_alignment_is_the_abi_alignment, r#"
define i64 @f(ptr %p) {
  %v = load i64, ptr %p
  store i64 %v, ptr %p
  %a = alloca i64
  ret i64 %v
}
define i64 @g(ptr %p) {
  %v = load i64, ptr %p, align 4
  store i64 %v, ptr %p, align 4
  %a = alloca i64, align 8
  ret i64 %v
}
"# }

equal_x86! { implicit_alloca_size_is_i32_one, r#"
define ptr @f() {
  %a = alloca i64, align 8
  ret ptr %a
}
define ptr @g() {
  %a = alloca i64, i32 1, align 8
  ret ptr %a
}
"# }

differ_x86! { alloca_types_differ, r#"
define ptr @f() {
  %a = alloca i64, align 8
  ret ptr %a
}
define ptr @g() {
  %a = alloca double, align 8
  ret ptr %a
}
"# }

differ_x86! { volatility_differs, r#"
define i32 @f(ptr %p) {
  %v = load volatile i32, ptr %p, align 4
  ret i32 %v
}
define i32 @g(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}
"# }

differ_x86! { atomic_orderings_differ, r#"
define i32 @f(ptr %p) {
  %v = load atomic i32, ptr %p acquire, align 4
  ret i32 %v
}
define i32 @g(ptr %p) {
  %v = load atomic i32, ptr %p seq_cst, align 4
  ret i32 %v
}
"# }

differ_x86! { sync_scopes_differ, r#"
define void @f(ptr %p) {
  store atomic i32 0, ptr %p syncscope("singlethread") seq_cst, align 4
  ret void
}
define void @g(ptr %p) {
  store atomic i32 0, ptr %p seq_cst, align 4
  ret void
}
"# }

equal_x86! { load_range_metadata_compares_by_content, r#"
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !range !0
  ret i32 %v
}
define i32 @g(ptr %p) {
  %v = load i32, ptr %p, align 4, !range !1
  ret i32 %v
}
!0 = !{i32 0, i32 10}
!1 = !{i32 0, i32 10}
"# }

differ_x86! { load_range_metadata_differs, r#"
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !range !0
  ret i32 %v
}
define i32 @g(ptr %p) {
  %v = load i32, ptr %p, align 4, !range !1
  ret i32 %v
}
!0 = !{i32 0, i32 10}
!1 = !{i32 0, i32 11}
"# }

differ_x86! { load_nonnull_metadata_counts, r#"
define ptr @f(ptr %p) {
  %v = load ptr, ptr %p, align 8, !nonnull !0
  ret ptr %v
}
define ptr @g(ptr %p) {
  %v = load ptr, ptr %p, align 8
  ret ptr %v
}
!0 = !{}
"# }

equal_x86! { tbaa_nodes_compare_only_shallowly, r#"
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !0
  ret i32 %v
}
define i32 @g(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !3
  ret i32 %v
}
!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char"}
!3 = !{!4, !4, i64 0}
!4 = !{!"float", !2, i64 0}
"# }

differ_x86! { constants_inside_load_metadata_differ, r#"
define ptr @f(ptr %p) {
  %v = load ptr, ptr %p, align 8, !align !0
  ret ptr %v
}
define ptr @g(ptr %p) {
  %v = load ptr, ptr %p, align 8, !align !1
  ret ptr %v
}
!0 = !{i64 8}
!1 = !{i64 16}
"# }

equal_x86! { store_metadata_is_not_compared, r#"
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !nontemporal !0
  ret void
}
define void @g(ptr %p) {
  store i32 0, ptr %p, align 4
  ret void
}
!0 = !{i32 1}
"# }

equal_x86! { debug_locations_are_ignored, r#"
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !dbg !3
  ret void
}
define void @g(ptr %p) {
  store i32 0, ptr %p, align 4
  ret void
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = !DILocation(line: 1, scope: !4)
!4 = distinct !DISubprogram(name: "f", scope: !2, file: !2, line: 1, unit: !1)
"# }

equal_x86! { debug_intrinsics_are_not_instructions, r#"
declare void @llvm.dbg.value(metadata, metadata, metadata)
define void @f(i32 %x) {
  call void @llvm.dbg.value(metadata i32 %x, metadata !5, metadata !DIExpression()), !dbg !6
  ret void
}
define void @g(i32 %x) {
  ret void
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!4 = distinct !DISubprogram(name: "f", scope: !2, file: !2, line: 1, unit: !1)
!5 = !DILocalVariable(name: "x", scope: !4, file: !2, line: 1)
!6 = !DILocation(line: 1, scope: !4)
"# }

// ---- GEPs -----------------------------------------------------------------------------------

equal_x86! { geps_with_one_constant_offset_are_equal, r#"
define ptr @f(ptr %p) {
  %q = getelementptr { i32, i64 }, ptr %p, i64 0, i32 1
  ret ptr %q
}
define ptr @g(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 8
  ret ptr %q
}
"# }

equal_x86! { gep_offsets_use_the_data_layout_sizes, r#"
%s = type { i8, i64, [3 x i16] }
define ptr @f(ptr %p) {
  %q = getelementptr [2 x %s], ptr %p, i64 1, i64 1, i32 2, i64 1
  ret ptr %q
}
define ptr @g(ptr %p) {
  %q = getelementptr i16, ptr %p, i64 45
  ret ptr %q
}
"# }

differ_x86! { gep_offsets_differ, r#"
define ptr @f(ptr %p) {
  %q = getelementptr i32, ptr %p, i64 1
  ret ptr %q
}
define ptr @g(ptr %p) {
  %q = getelementptr i32, ptr %p, i64 2
  ret ptr %q
}
"# }

differ_x86! { variable_geps_differ_by_source_type, r#"
define ptr @f(ptr %p, i64 %i) {
  %q = getelementptr i32, ptr %p, i64 %i
  ret ptr %q
}
define ptr @g(ptr %p, i64 %i) {
  %q = getelementptr i64, ptr %p, i64 %i
  ret ptr %q
}
"# }

// ---- calls ----------------------------------------------------------------------------------

differ_x86! { different_callees_differ, r#"
declare void @a()
declare void @b()
define void @f() {
  call void @a()
  ret void
}
define void @g() {
  call void @b()
  ret void
}
"# }

equal_x86! { self_recursion_is_equal, r#"
define i32 @f(i32 %n) {
  %r = call i32 @f(i32 %n)
  ret i32 %r
}
define i32 @g(i32 %n) {
  %r = call i32 @g(i32 %n)
  ret i32 %r
}
"# }

// The same data, but only @f calls itself: @g calls @f. (The comparator's shortcut for
// identical bodies must not take this for equal.)
differ_x86! { identical_data_calling_one_of_the_two_differs, r#"
define i32 @f(i32 %n) {
  %a = add i32 %n, 1
  %r = call i32 @f(i32 %a)
  %s = mul i32 %r, 3
  ret i32 %s
}
define i32 @g(i32 %n) {
  %a = add i32 %n, 1
  %r = call i32 @f(i32 %a)
  %s = mul i32 %r, 3
  ret i32 %s
}
"# }

differ_x86! { call_site_attributes_differ, r#"
declare void @a()
define void @f() {
  call void @a() nounwind
  ret void
}
define void @g() {
  call void @a()
  ret void
}
"# }

differ_x86! { tail_call_kinds_differ, r#"
declare void @a()
define void @f() {
  tail call void @a()
  call void @a()
  ret void
}
define void @g() {
  call void @a()
  call void @a()
  ret void
}
"# }

differ_x86! { call_range_metadata_differs, r#"
declare i32 @a()
define i32 @f() {
  %r = call i32 @a(), !range !0
  ret i32 %r
}
define i32 @g() {
  %r = call i32 @a(), !range !1
  ret i32 %r
}
!0 = !{i32 0, i32 10}
!1 = !{i32 0, i32 11}
"# }

differ_x86! { operand_bundle_tags_differ, r#"
declare void @a()
define void @f(i32 %x) {
  call void @a() [ "deopt"(i32 %x) ]
  ret void
}
define void @g(i32 %x) {
  call void @a() [ "other"(i32 %x) ]
  ret void
}
"# }

differ_x86! { operand_bundle_inputs_differ, r#"
declare void @a()
define void @f(i32 %x) {
  call void @a() [ "deopt"(i32 %x) ]
  ret void
}
define void @g(i32 %x) {
  call void @a() [ "deopt"(i32 1) ]
  ret void
}
"# }

differ_x86! { metadata_string_arguments_differ, r#"
declare void @llvm.foo(metadata)
define void @f() {
  call void @llvm.foo(metadata !"a")
  ret void
}
define void @g() {
  call void @llvm.foo(metadata !"b")
  ret void
}
"# }

equal_x86! { metadata_node_arguments_count_as_equal, r#"
declare void @llvm.foo(metadata)
define void @f() {
  call void @llvm.foo(metadata !0)
  ret void
}
define void @g() {
  call void @llvm.foo(metadata !1)
  ret void
}
!0 = !{!"a"}
!1 = !{!"b"}
"# }

equal_x86! { identical_inline_asm_is_equal, r#"
define void @f() {
  call void asm sideeffect "nop", ""()
  ret void
}
define void @g() {
  call void asm sideeffect "nop", ""()
  ret void
}
"# }

differ_x86! { inline_asm_strings_differ, r#"
define void @f() {
  call void asm sideeffect "nop", ""()
  ret void
}
define void @g() {
  call void asm sideeffect "pause", ""()
  ret void
}
"# }

differ_x86! { inline_asm_side_effects_differ, r#"
define void @f() {
  call void asm sideeffect "nop", ""()
  ret void
}
define void @g() {
  call void asm "nop", ""()
  ret void
}
"# }

// ---- constants ------------------------------------------------------------------------------

equal_x86! { strings_equal_arrays_of_their_bytes, r#"
define void @f(ptr %p) {
  store [2 x i8] c"ab", ptr %p, align 1
  ret void
}
define void @g(ptr %p) {
  store [2 x i8] [i8 97, i8 98], ptr %p, align 1
  ret void
}
"# }

equal_x86! { zeroinitializer_equals_an_aggregate_of_zeros, r#"
define void @f(ptr %p) {
  store { i32, [2 x ptr] } zeroinitializer, ptr %p, align 8
  ret void
}
define void @g(ptr %p) {
  store { i32, [2 x ptr] } { i32 0, [2 x ptr] [ptr null, ptr null] }, ptr %p, align 8
  ret void
}
"# }

equal_x86! { splat_equals_the_explicit_vector, r#"
define <4 x i32> @f(<4 x i32> %v) {
  %r = add <4 x i32> %v, splat (i32 1)
  ret <4 x i32> %r
}
define <4 x i32> @g(<4 x i32> %v) {
  %r = add <4 x i32> %v, <i32 1, i32 1, i32 1, i32 1>
  ret <4 x i32> %r
}
"# }

differ_x86! { undef_and_poison_differ, r#"
define i32 @f() {
  ret i32 undef
}
define i32 @g() {
  ret i32 poison
}
"# }

differ_x86! { different_globals_differ, r#"
@a = global i32 0
@b = global i32 0
define ptr @f() {
  ret ptr @a
}
define ptr @g() {
  ret ptr @b
}
"# }

differ_x86! { constant_gep_flags_differ, r#"
@a = global [4 x i32] zeroinitializer
define ptr @f() {
  ret ptr getelementptr inbounds (i8, ptr @a, i64 4)
}
define ptr @g() {
  ret ptr getelementptr (i8, ptr @a, i64 4)
}
"# }

equal_x86! { equal_constant_expressions_are_equal, r#"
@a = global i32 0
define i64 @f() {
  ret i64 add (i64 ptrtoint (ptr @a to i64), i64 1)
}
define i64 @g() {
  ret i64 add (i64 ptrtoint (ptr @a to i64), i64 1)
}
"# }

equal_x86! { own_block_addresses_are_equal, r#"
define void @f() {
entry:
  indirectbr ptr blockaddress(@f, %next), [label %next]
next:
  ret void
}
define void @g() {
entry:
  indirectbr ptr blockaddress(@g, %next), [label %next]
next:
  ret void
}
"# }

// ---- control flow ---------------------------------------------------------------------------

equal_x86! { block_layout_order_is_irrelevant, r#"
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}
define i32 @g(i1 %c) {
entry:
  br i1 %c, label %a, label %b
b:
  ret i32 2
a:
  ret i32 1
}
"# }

differ_x86! { swapped_branch_targets_differ, r#"
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}
define i32 @g(i1 %c) {
entry:
  br i1 %c, label %b, label %a
a:
  ret i32 1
b:
  ret i32 2
}
"# }

equal_x86! { unreachable_blocks_are_ignored, r#"
define i32 @f() {
entry:
  ret i32 0
dead:
  ret i32 1
}
define i32 @g() {
entry:
  ret i32 0
}
"# }

differ_x86! { switch_case_values_differ, r#"
define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %d [ i32 1, label %a ]
a:
  ret i32 1
d:
  ret i32 0
}
define i32 @g(i32 %x) {
entry:
  switch i32 %x, label %d [ i32 2, label %a ]
a:
  ret i32 1
d:
  ret i32 0
}
"# }

differ_x86! { phi_incoming_blocks_differ, r#"
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %r = phi i32 [ 1, %a ], [ 2, %b ]
  ret i32 %r
}
define i32 @g(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %r = phi i32 [ 1, %b ], [ 2, %a ]
  ret i32 %r
}
"# }

// ---- aggregates, vectors, atomics -------------------------------------------------------------

differ_x86! { shuffle_masks_differ, r#"
define <2 x i32> @f(<2 x i32> %a, <2 x i32> %b) {
  %r = shufflevector <2 x i32> %a, <2 x i32> %b, <2 x i32> <i32 0, i32 3>
  ret <2 x i32> %r
}
define <2 x i32> @g(<2 x i32> %a, <2 x i32> %b) {
  %r = shufflevector <2 x i32> %a, <2 x i32> %b, <2 x i32> <i32 0, i32 2>
  ret <2 x i32> %r
}
"# }

differ_x86! { extractvalue_indices_differ, r#"
define i32 @f({ i32, i32 } %a) {
  %r = extractvalue { i32, i32 } %a, 0
  ret i32 %r
}
define i32 @g({ i32, i32 } %a) {
  %r = extractvalue { i32, i32 } %a, 1
  ret i32 %r
}
"# }

differ_x86! { cmpxchg_weakness_differs, r#"
define { i32, i1 } @f(ptr %p) {
  %r = cmpxchg weak ptr %p, i32 0, i32 1 seq_cst seq_cst, align 4
  ret { i32, i1 } %r
}
define { i32, i1 } @g(ptr %p) {
  %r = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst, align 4
  ret { i32, i1 } %r
}
"# }

differ_x86! { atomicrmw_operations_differ, r#"
define i32 @f(ptr %p) {
  %r = atomicrmw add ptr %p, i32 1 seq_cst, align 4
  ret i32 %r
}
define i32 @g(ptr %p) {
  %r = atomicrmw sub ptr %p, i32 1 seq_cst, align 4
  ret i32 %r
}
"# }

differ_x86! { fence_orderings_differ, r#"
define void @f() {
  fence acquire
  ret void
}
define void @g() {
  fence seq_cst
  ret void
}
"# }

// ---- byte types and typed pointers (opt-22 reads neither) -----------------------------------

differ_x86! { byte_and_integer_types_differ, r#"
define void @f(b8 %x) {
  ret void
}
define void @g(i8 %x) {
  ret void
}
"# }

differ_x86! { bytecast_exactness_differs, r#"
define i8 @f(b8 %x) {
  %r = bytecast exact b8 %x to i8
  ret i8 %r
}
define i8 @g(b8 %x) {
  %r = bytecast b8 %x to i8
  ret i8 %r
}
"# }

equal_x86! { typed_pointers_coerce_like_opaque_ones, r#"
define void @f(i32* %p) {
  ret void
}
define void @g(i64 %p) {
  ret void
}
"# }

equal_x86! { typed_pointers_of_different_pointees_are_equal, r#"
define i32* @f(i32* %p) {
  ret i32* %p
}
define i8* @g(i8* %p) {
  ret i8* %p
}
"# }

// ---- more constants -------------------------------------------------------------------------

differ_x86! { struct_constants_differ_by_element, r#"
define void @f(ptr %p) {
  store { i32, i32 } { i32 1, i32 2 }, ptr %p, align 4
  ret void
}
define void @g(ptr %p) {
  store { i32, i32 } { i32 1, i32 3 }, ptr %p, align 4
  ret void
}
"# }

differ_x86! { string_contents_differ, r#"
define void @f(ptr %p) {
  store [2 x i8] c"ab", ptr %p, align 1
  ret void
}
define void @g(ptr %p) {
  store [2 x i8] c"ac", ptr %p, align 1
  ret void
}
"# }

differ_x86! { positive_and_negative_zero_differ, r#"
define double @f() {
  ret double 0.0
}
define double @g() {
  ret double -0.0
}
"# }

differ_x86! { metadata_constant_arguments_differ, r#"
declare void @llvm.foo(metadata)
define void @f() {
  call void @llvm.foo(metadata i32 1)
  ret void
}
define void @g() {
  call void @llvm.foo(metadata i32 2)
  ret void
}
"# }

differ_x86! { dso_local_equivalents_differ_by_function, r#"
declare void @a()
declare void @b()
define ptr @f() {
  ret ptr dso_local_equivalent @a
}
define ptr @g() {
  ret ptr dso_local_equivalent @b
}
"# }

equal_x86! { dso_local_equivalents_of_one_function_are_equal, r#"
declare void @a()
define ptr @f() {
  ret ptr dso_local_equivalent @a
}
define ptr @g() {
  ret ptr dso_local_equivalent @a
}
"# }

differ_x86! { invoke_and_call_differ, r#"
declare void @a()
declare i32 @p(...)
define void @f() personality ptr @p {
entry:
  invoke void @a() to label %ok unwind label %lp
ok:
  ret void
lp:
  %x = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %x
}
define void @g() personality ptr @p {
entry:
  call void @a()
  br label %ok
ok:
  ret void
}
"# }

equal_x86! { identical_invokes_are_equal, r#"
declare void @a()
declare i32 @p(...)
define void @f() personality ptr @p {
entry:
  invoke void @a() to label %ok unwind label %lp
ok:
  ret void
lp:
  %x = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %x
}
define void @g() personality ptr @p {
entry:
  invoke void @a() to label %ok unwind label %lp
lp:
  %x = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %x
ok:
  ret void
}
"# }

equal_x86! { aggregates_of_undef_are_undef, r#"
define void @f(ptr %p) {
  store [2 x i32] [i32 undef, i32 undef], ptr %p, align 4
  store { i8, i8 } { i8 poison, i8 poison }, ptr %p, align 1
  ret void
}
define void @g(ptr %p) {
  store [2 x i32] undef, ptr %p, align 4
  store { i8, i8 } poison, ptr %p, align 1
  ret void
}
"# }

equal_x86! { zero_strings_and_empty_structs_are_zeroinitializer, r#"
define void @f(ptr %p) {
  store [2 x i8] c"\00\00", ptr %p, align 1
  store {} {}, ptr %p, align 1
  ret void
}
define void @g(ptr %p) {
  store [2 x i8] zeroinitializer, ptr %p, align 1
  store {} zeroinitializer, ptr %p, align 1
  ret void
}
"# }

differ_x86! { mixed_undef_and_poison_aggregates_are_not_undef, r#"
define void @f(ptr %p) {
  store [2 x i32] [i32 undef, i32 poison], ptr %p, align 4
  ret void
}
define void @g(ptr %p) {
  store [2 x i32] undef, ptr %p, align 4
  ret void
}
"# }

equal_x86! { ptrauth_defaults_are_explicit_zero_and_null, r#"
@a = global i32 0
define ptr @f() {
  ret ptr ptrauth (ptr @a, i32 0)
}
define ptr @g() {
  ret ptr ptrauth (ptr @a, i32 0, i64 0, ptr null)
}
"# }

differ_x86! { ptrauth_discriminators_differ, r#"
@a = global i32 0
define ptr @f() {
  ret ptr ptrauth (ptr @a, i32 0, i64 1)
}
define ptr @g() {
  ret ptr ptrauth (ptr @a, i32 0, i64 2)
}
"# }

equal_x86! { no_cfi_of_one_function_is_equal, r#"
declare void @a()
define ptr @f() {
  ret ptr no_cfi @a
}
define ptr @g() {
  ret ptr no_cfi @a
}
"# }
