//! LLVM 22's reader upgrades obsolete intrinsic signatures (`AutoUpgrade`), and so does ours:
//! each case is a small module whose print must hold the calls and the declarations, in
//! order, that opt-22 prints for it, and (differential, with opt-22 installed: required
//! under `CI=true`) `opt -S` of our print must equal `opt -S` of the module itself.

mod common;
use common::{opt22, run_opt};
use mergefn_ir::{module_to_string, parse_module};

/// `opt -S` of `src`, without the lines naming the input.
fn opt_print(opt: &std::path::Path, src: &str) -> String {
    let out = run_opt(opt, &["-S", "-o", "-", "-"], src)
        .unwrap_or_else(|e| panic!("opt-22 refuses it: {e}\n{src}"));
    out.lines()
        .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Our print of `src`.
fn printed(src: &str) -> String {
    let m = parse_module(src.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{src}"));
    module_to_string(&m)
}

/// The names of the functions `text` declares, in order.
fn declared(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("declare "))
        .filter_map(|l| {
            let at = l.find('@')?;
            let name = &l[at + 1..];
            Some(name[..name.find('(')?].to_owned())
        })
        .collect()
}

/// `src` reads into a module whose print declares `decls` in that order and holds each of
/// `calls` as a line; with opt-22, `opt -S` of that print equals `opt -S` of `src`.
fn assert_upgraded(src: &str, decls: &[&str], calls: &[&str]) {
    let ours = printed(src);
    assert_eq!(declared(&ours), decls, "declarations of our print:\n{ours}");
    for call in calls {
        assert!(
            ours.lines().any(|l| l.trim_start() == *call),
            "no `{call}` in our print:\n{ours}"
        );
    }
    if let Some(opt) = opt22() {
        let theirs = opt_print(&opt, src);
        assert_eq!(
            opt_print(&opt, &ours),
            theirs,
            "after opt -S, our print differs from the module:\n{ours}"
        );
        assert_eq!(declared(&theirs), decls, "opt-22's declarations:\n{theirs}");
    }
}

#[test]
fn ctlz_and_cttz_get_their_i1() {
    assert_upgraded(
        "declare i8 @llvm.ctlz.i8(i8)\n\
         declare <2 x i32> @llvm.cttz.v2i32(<2 x i32>)\n\
         declare void @g()\n\
         define i8 @f(i8 %a, <2 x i32> %v) {\n\
         \x20 %r = tail call i8 @llvm.ctlz.i8(i8 noundef %a) #0, !foo !0\n\
         \x20 %s = call <2 x i32> @llvm.cttz.v2i32(<2 x i32> %v) [ \"x\"(i32 1) ]\n\
         \x20 call i8 @llvm.ctlz.i8(i8 1)\n\
         \x20 ret i8 %r\n\
         }\n\
         attributes #0 = { nounwind }\n\
         !0 = !{}\n",
        // The old declarations go, the new ones come last in the same order; the calls are
        // built anew, without the old ones' attributes, markers, bundles and metadata.
        &["g", "llvm.ctlz.i8", "llvm.cttz.v2i32"],
        &[
            "%r = call i8 @llvm.ctlz.i8(i8 %a, i1 false)",
            "%s = call <2 x i32> @llvm.cttz.v2i32(<2 x i32> %v, i1 false)",
            "%1 = call i8 @llvm.ctlz.i8(i8 1, i1 false)",
        ],
    );
}

#[test]
fn coro_end_gets_a_token_and_returns_void() {
    assert_upgraded(
        "declare i1 @llvm.coro.end(ptr, i1)\n\
         define void @f(ptr %p) {\n\
         \x20 call i1 @llvm.coro.end(ptr %p, i1 true)\n\
         \x20 ret void\n\
         }\n",
        &["llvm.coro.end"],
        &["call void @llvm.coro.end(ptr %p, i1 true, token none)"],
    );
}

#[test]
fn a_variadic_coro_end_is_upgraded_too() {
    // LLVM counts the fixed parameters only.
    assert_upgraded(
        "declare i1 @llvm.coro.end(ptr, i1, ...)\n\
         define void @f(ptr %p) {\n\
         \x20 call i1 (ptr, i1, ...) @llvm.coro.end(ptr %p, i1 false)\n\
         \x20 ret void\n\
         }\n",
        &["llvm.coro.end"],
        &["call void @llvm.coro.end(ptr %p, i1 false, token none)"],
    );
}

#[test]
fn objectsize_gets_four_arguments_and_its_pointers_name() {
    assert_upgraded(
        "declare i32 @llvm.objectsize.i32(ptr, i1)\n\
         declare i64 @llvm.objectsize.i64.p0(ptr, i1, i1)\n\
         declare i32 @llvm.objectsize.i32.unnamed(ptr, i1, i1, i1)\n\
         declare i16 @llvm.objectsize.i16(ptr addrspace(1), i1, i1, i1)\n\
         define void @f(ptr %p, ptr addrspace(1) %q) {\n\
         \x20 %a = call i32 @llvm.objectsize.i32(ptr %p, i1 true)\n\
         \x20 %b = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false, i1 true) #0\n\
         \x20 %c = call i32 @llvm.objectsize.i32.unnamed(ptr %p, i1 false, i1 true, i1 true) #0\n\
         \x20 %d = call i16 @llvm.objectsize.i16(ptr addrspace(1) %q, i1 false, i1 true, i1 true)\n\
         \x20 ret void\n\
         }\n\
         attributes #0 = { nounwind }\n",
        // `.unnamed` finds the declaration `llvm.objectsize.i32` made first.
        &[
            "llvm.objectsize.i32.p0",
            "llvm.objectsize.i64.p0",
            "llvm.objectsize.i16.p1",
        ],
        &[
            "%a = call i32 @llvm.objectsize.i32.p0(ptr %p, i1 true, i1 false, i1 false)",
            "%b = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false, i1 true, i1 false)",
            "%c = call i32 @llvm.objectsize.i32.p0(ptr %p, i1 false, i1 true, i1 true)",
            "%d = call i16 @llvm.objectsize.i16.p1(ptr addrspace(1) %q, i1 false, i1 true, i1 true)",
        ],
    );
}

#[test]
fn masked_memory_alignment_becomes_an_attribute() {
    assert_upgraded(
        "declare <2 x double> @llvm.masked.load.v2f64(ptr, i32, <2 x i1>, <2 x double>)\n\
         declare void @llvm.masked.store.v2f64.p0(<2 x double>, ptr, i32, <2 x i1>)\n\
         declare <4 x i32> @llvm.masked.gather.v4i32(<4 x ptr>, i32, <4 x i1>, <4 x i32>)\n\
         declare void @llvm.masked.scatter.v4i32.v4p0(<4 x i32>, <4 x ptr>, i32, <4 x i1>)\n\
         define void @f(ptr %p, <2 x i1> %m, <2 x double> %v, <4 x ptr> %q, <4 x i1> %n) {\n\
         \x20 %l = call nnan <2 x double> @llvm.masked.load.v2f64(ptr nonnull %p, i32 8, <2 x i1> %m, <2 x double> %v) #0\n\
         \x20 call void @llvm.masked.store.v2f64.p0(<2 x double> %l, ptr align 4 %p, i32 2, <2 x i1> %m)\n\
         \x20 %g = call <4 x i32> @llvm.masked.gather.v4i32(<4 x ptr> %q, i32 1, <4 x i1> %n, <4 x i32> poison)\n\
         \x20 call void @llvm.masked.scatter.v4i32.v4p0(<4 x i32> %g, <4 x ptr> %q, i32 16, <4 x i1> %n)\n\
         \x20 ret void\n\
         }\n\
         attributes #0 = { nounwind }\n",
        &[
            "llvm.masked.load.v2f64.p0",
            "llvm.masked.store.v2f64.p0",
            "llvm.masked.gather.v4i32.v4p0",
            "llvm.masked.scatter.v4i32.v4p0",
        ],
        &[
            "%l = call <2 x double> @llvm.masked.load.v2f64.p0(ptr align 8 %p, <2 x i1> %m, <2 x double> %v)",
            "call void @llvm.masked.store.v2f64.p0(<2 x double> %l, ptr align 2 %p, <2 x i1> %m)",
            "%g = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> align 1 %q, <4 x i1> %n, <4 x i32> poison)",
            "call void @llvm.masked.scatter.v4i32.v4p0(<4 x i32> %g, <4 x ptr> align 16 %q, <4 x i1> %n)",
        ],
    );
}

#[test]
fn masked_memory_calls_keep_their_tail_marker_and_metadata() {
    // Unlike the other rebuilt calls (Transforms/GVN/masked-load-store-vn-crash.ll); their
    // attributes still go.
    assert_upgraded(
        "declare <2 x i64> @llvm.masked.load.v2i64.p0(ptr, i32 immarg, <2 x i1>, <2 x i64>)\n\
         declare void @llvm.masked.store.v2i64.p0(<2 x i64>, ptr, i32, <2 x i1>)\n\
         define void @f(ptr %p, <2 x i1> %m) {\n\
         \x20 %l = tail call <2 x i64> @llvm.masked.load.v2i64.p0(ptr nonnull %p, i32 8, <2 x i1> %m, <2 x i64> undef) #0, !foo !0\n\
         \x20 notail call void @llvm.masked.store.v2i64.p0(<2 x i64> %l, ptr %p, i32 1, <2 x i1> %m)\n\
         \x20 ret void\n\
         }\n\
         attributes #0 = { nounwind }\n\
         !0 = !{}\n",
        &["llvm.masked.load.v2i64.p0", "llvm.masked.store.v2i64.p0"],
        &[
            "%l = tail call <2 x i64> @llvm.masked.load.v2i64.p0(ptr align 8 %p, <2 x i1> %m, <2 x i64> undef), !foo !0",
            "notail call void @llvm.masked.store.v2i64.p0(<2 x i64> %l, ptr align 1 %p, <2 x i1> %m)",
        ],
    );
}

#[test]
fn annotations_get_a_null_annotation_argument() {
    // Only `llvm.var.annotation` under that name and `llvm.ptr.annotation.*` (Bitcode/
    // upgrade-var-annotation.ll); the rebuilt call keeps no `tail`, attributes or metadata.
    assert_upgraded(
        "define void @f(ptr addrspace(1) %a, ptr %s, ptr %file, i32 %line) {\n\
         \x20 tail call void @llvm.var.annotation(ptr addrspace(1) %a, ptr %s, ptr %file, i32 %line) #0, !foo !0\n\
         \x20 %p = call ptr addrspace(1) @llvm.ptr.annotation.p1(ptr addrspace(1) %a, ptr %s, ptr %file, i32 %line)\n\
         \x20 ret void\n\
         }\n\
         declare void @llvm.var.annotation(ptr addrspace(1), ptr, ptr, i32)\n\
         declare ptr addrspace(1) @llvm.ptr.annotation.p1(ptr addrspace(1), ptr, ptr, i32)\n\
         attributes #0 = { nounwind }\n\
         !0 = !{}\n",
        &["llvm.var.annotation.p1.p0", "llvm.ptr.annotation.p1.p0"],
        &[
            "call void @llvm.var.annotation.p1.p0(ptr addrspace(1) %a, ptr %s, ptr %file, i32 %line, ptr null)",
            "%p = call ptr addrspace(1) @llvm.ptr.annotation.p1.p0(ptr addrspace(1) %a, ptr %s, ptr %file, i32 %line, ptr null)",
        ],
    );
}

#[test]
fn a_renamed_declaration_is_a_new_one_with_the_old_calling_convention() {
    // Linkage, `unnamed_addr`, visibility and section stay with the old one
    // (Transforms/GlobalOpt/cleanup-pointer-root-users-gep-constexpr.ll).
    assert_upgraded(
        "define void @f(ptr %p, ptr %q) {\n\
         \x20 call fastcc void @llvm.memcpy.p0i8.p0i8.i64(ptr %p, ptr %q, i64 8, i1 false)\n\
         \x20 call void @llvm.memset.p0i8.i64(ptr %p, i8 0, i64 8, i1 false)\n\
         \x20 ret void\n\
         }\n\
         declare hidden fastcc void @llvm.memcpy.p0i8.p0i8.i64(ptr, ptr, i64, i1) local_unnamed_addr\n\
         declare extern_weak void @llvm.memset.p0i8.i64(ptr, i8, i64, i1) unnamed_addr section \"s\"\n",
        &["llvm.memcpy.p0.p0.i64", "llvm.memset.p0.i64"],
        &["call fastcc void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 8, i1 false)"],
    );
    let ours = printed(
        "declare dso_local void @llvm.memcpy.p0i8.p0i8.i64(ptr, ptr, i64, i1) local_unnamed_addr\n\
         define void @f(ptr %p) {\n\
         \x20 call void @llvm.memcpy.p0i8.p0i8.i64(ptr %p, ptr %p, i64 8, i1 false)\n\
         \x20 ret void\n\
         }\n",
    );
    assert!(
        (ours.lines()).any(|l| l.starts_with("declare void @llvm.memcpy.p0.p0.i64(")
            && !l.contains("unnamed_addr")),
        "{ours}"
    );
}

#[test]
fn strided_vp_and_cttz_elts_take_their_mangled_names() {
    // Analysis/CostModel/RISCV/gep.ll, Analysis/CostModel/AArch64/cttz_elts.ll: a misnamed
    // undeclared one is declared under its right name in its turn, before the declarations
    // renamed.
    assert_upgraded(
        "define void @f(ptr %p, <2 x i1> %m, i32 %n) {\n\
         \x20 %l = call <2 x i8> @llvm.experimental.vp.strided.load.v2i8.i64(ptr %p, i64 2, <2 x i1> %m, i32 %n)\n\
         \x20 call void @llvm.experimental.vp.strided.store.v2i8.i64(<2 x i8> %l, ptr %p, i64 2, <2 x i1> %m, i32 %n)\n\
         \x20 %a = call i32 @llvm.experimental.cttz.elts.i32.v161(<16 x i1> undef, i1 true)\n\
         \x20 %b = call i32 @llvm.experimental.cttz.elts.i32.v2i1(<2 x i1> %m, i1 true)\n\
         \x20 ret void\n\
         }\n\
         declare <2 x i8> @llvm.experimental.vp.strided.load.v2i8.i64(ptr, i64, <2 x i1>, i32)\n\
         declare void @llvm.experimental.vp.strided.store.v2i8.i64(<2 x i8>, ptr, i64, <2 x i1>, i32)\n",
        &[
            "llvm.experimental.cttz.elts.i32.v16i1",
            "llvm.experimental.cttz.elts.i32.v2i1",
            "llvm.experimental.vp.strided.load.v2i8.p0.i64",
            "llvm.experimental.vp.strided.store.v2i8.p0.i64",
        ],
        &["%a = call i32 @llvm.experimental.cttz.elts.i32.v16i1(<16 x i1> undef, i1 true)"],
    );
}

#[test]
fn memory_intrinsics_alignment_becomes_attributes() {
    // The call keeps its attributes (an `align` gives way); 0 means none, and any other
    // value is rounded down to a power of two.
    assert_upgraded(
        "declare void @llvm.memcpy.p0i8.p0i8.i64(ptr, ptr, i64, i32, i1)\n\
         declare void @llvm.memset.p0i8.i64(ptr, i8, i64, i32, i1)\n\
         declare void @llvm.memmove.p0.p0.i32(ptr, ptr, i32, i32, i1)\n\
         define void @f(ptr %a, ptr %b) {\n\
         \x20 tail call void @llvm.memcpy.p0i8.p0i8.i64(ptr align 16 nonnull %a, ptr noundef %b, i64 8, i32 4, i1 false) #0, !foo !0\n\
         \x20 call void @llvm.memset.p0i8.i64(ptr %a, i8 0, i64 8, i32 0, i1 false) #0\n\
         \x20 call void @llvm.memmove.p0.p0.i32(ptr align 2 %a, ptr %b, i32 8, i32 0, i1 false)\n\
         \x20 call void @llvm.memcpy.p0i8.p0i8.i64(ptr %a, ptr %b, i64 8, i32 3, i1 true) [ \"x\"(i32 1) ]\n\
         \x20 ret void\n\
         }\n\
         attributes #0 = { nounwind }\n\
         !0 = !{}\n",
        &[
            "llvm.memcpy.p0.p0.i64",
            "llvm.memset.p0.i64",
            "llvm.memmove.p0.p0.i32",
        ],
        &[
            "call void @llvm.memcpy.p0.p0.i64(ptr nonnull align 4 %a, ptr noundef align 4 %b, i64 8, i1 false) #2",
            "call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 8, i1 false) #2",
            "call void @llvm.memmove.p0.p0.i32(ptr %a, ptr %b, i32 8, i1 false)",
            "call void @llvm.memcpy.p0.p0.i64(ptr align 2 %a, ptr align 2 %b, i64 8, i1 true)",
        ],
    );
}

#[test]
fn invariant_and_prefetch_take_their_pointers_name() {
    // Only renamed: the calls keep their attributes and metadata; an existing declaration
    // of the right name is reused where it is.
    assert_upgraded(
        "declare ptr @llvm.invariant.start(i64, ptr nocapture)\n\
         declare void @llvm.invariant.end.unnamed(ptr, i64, ptr nocapture)\n\
         declare void @llvm.prefetch.p0(ptr, i32, i32, i32)\n\
         declare void @llvm.prefetch.unnamed(ptr, i32, i32, i32)\n\
         declare void @llvm.prefetch(ptr, i32, i32, i32)\n\
         define void @f(ptr %p) {\n\
         \x20 %i = call ptr @llvm.invariant.start(i64 1, ptr nonnull %p) #0, !foo !0\n\
         \x20 call void @llvm.invariant.end.unnamed(ptr %i, i64 1, ptr %p)\n\
         \x20 call void @llvm.prefetch.unnamed(ptr %p, i32 0, i32 3, i32 1) #0\n\
         \x20 call void @llvm.prefetch(ptr %p, i32 1, i32 3, i32 1)\n\
         \x20 ret void\n\
         }\n\
         attributes #0 = { nounwind }\n\
         !0 = !{}\n",
        &[
            "llvm.prefetch.p0",
            "llvm.invariant.start.p0",
            "llvm.invariant.end.p0",
        ],
        &[
            "%i = call ptr @llvm.invariant.start.p0(i64 1, ptr nonnull %p) #0, !foo !0",
            "call void @llvm.invariant.end.p0(ptr %i, i64 1, ptr %p)",
            "call void @llvm.prefetch.p0(ptr %p, i32 0, i32 3, i32 1) #0",
            "call void @llvm.prefetch.p0(ptr %p, i32 1, i32 3, i32 1)",
        ],
    );
}

#[test]
fn stackprotectorcheck_calls_go_and_their_records_move_on() {
    let src = "declare void @llvm.stackprotectorcheck(ptr)\n\
               @guard = external global ptr\n\
               define void @f(i32 %x) !dbg !6 {\n\
               \x20   #dbg_value(i32 %x, !7, !DIExpression(), !5)\n\
               \x20 call void @llvm.stackprotectorcheck(ptr @guard), !dbg !5\n\
               \x20   #dbg_value(i32 1, !7, !DIExpression(), !5)\n\
               \x20 ret void\n\
               }\n\
               define void @g() {\n\
               \x20 call void @llvm.stackprotectorcheck(ptr @guard)\n\
               \x20 ret void\n\
               }\n\
               !llvm.module.flags = !{!0}\n\
               !llvm.dbg.cu = !{!3}\n\
               !0 = !{i32 2, !\"Debug Info Version\", i32 3}\n\
               !3 = distinct !DICompileUnit(language: DW_LANG_C99, file: !4, emissionKind: FullDebug)\n\
               !4 = !DIFile(filename: \"a.c\", directory: \"/\")\n\
               !5 = !DILocation(line: 1, scope: !6)\n\
               !6 = distinct !DISubprogram(name: \"f\", scope: !4, file: !4, unit: !3, spFlags: DISPFlagDefinition)\n\
               !7 = !DILocalVariable(name: \"x\", scope: !6)\n";
    assert_upgraded(src, &[], &["ret void"]);
    let ours = printed(src);
    assert!(!ours.contains("stackprotectorcheck"), "{ours}");
    let body: Vec<&str> = ours
        .lines()
        .skip_while(|l| !l.starts_with("define void @f"))
        .take(4)
        .collect();
    assert_eq!(
        body[1..],
        [
            "    #dbg_value(i32 %x, !4, !DIExpression(), !5)",
            "    #dbg_value(i32 1, !4, !DIExpression(), !5)",
            "  ret void"
        ],
        "{ours}"
    );
}

#[test]
fn lifetime_calls_drop_their_sizes_and_attributes() {
    assert_upgraded(
        "declare void @llvm.lifetime.start(i64, ptr nocapture)\n\
         declare void @llvm.lifetime.end.p0(i64, ptr nocapture)\n\
         define void @f(ptr %p) {\n\
         \x20 %a = alloca i32\n\
         \x20 %b = getelementptr i8, ptr %a, i64 0\n\
         \x20 tail call void @llvm.lifetime.start(i64 4, ptr nonnull %b) #0, !foo !0\n\
         \x20 call void @llvm.lifetime.start(i64 4, ptr %p)\n\
         \x20 call void @llvm.lifetime.end.p0(i64 4, ptr %a) #0\n\
         \x20 ret void\n\
         }\n\
         attributes #0 = { nounwind }\n\
         !0 = !{}\n",
        &[
            "llvm.lifetime.start.i64",
            "llvm.lifetime.start.p0",
            "llvm.lifetime.end.i64",
            "llvm.lifetime.end.p0",
        ],
        &[
            "call void @llvm.lifetime.start.p0(ptr %a)",
            "call void @llvm.lifetime.end.p0(ptr %a)",
        ],
    );
}

#[test]
fn lifetime_of_a_cast_alloca_names_the_alloca_in_its_address_space() {
    // Transforms/Mem2Reg/alloca_addrspace.ll: through an `addrspacecast`, the call names the
    // alloca itself and the declaration of its pointer type.
    assert_upgraded(
        "target datalayout = \"e-p:64:64-p5:32:32-A5\"\n\
         define void @f() {\n\
         \x20 %a = alloca i8, addrspace(5)\n\
         \x20 %b = alloca i8\n\
         \x20 %c = addrspacecast ptr addrspace(5) %a to ptr\n\
         \x20 call void @llvm.lifetime.start.p0(i64 2, ptr %b)\n\
         \x20 call void @llvm.lifetime.start.p0(i64 2, ptr %c)\n\
         \x20 ret void\n\
         }\n\
         declare void @llvm.lifetime.start.p0(i64, ptr)\n",
        &[
            "llvm.lifetime.start.i64",
            "llvm.lifetime.start.p0",
            "llvm.lifetime.start.p5",
        ],
        &[
            "call void @llvm.lifetime.start.p0(ptr %b)",
            "call void @llvm.lifetime.start.p5(ptr addrspace(5) %a)",
        ],
    );
}

#[test]
fn an_upgrade_never_gives_its_group_the_number_of_an_undefined_one() {
    // A function naming `#0`, which the text never defines, has no attributes; the group of
    // the new declaration must not become its #0 (Analysis/ScalarEvolution/sdiv.ll,
    // DebugInfo/Generic/assignment-tracking/*).
    let src = "define void @f() #0 {\n\
               \x20 %a = alloca i32\n\
               \x20 call void @llvm.lifetime.start.p0(i64 4, ptr %a) #3\n\
               \x20 ret void\n\
               }\n\
               declare void @llvm.lifetime.start.p0(i64, ptr)\n";
    assert_upgraded(
        src,
        &["llvm.lifetime.start.i64", "llvm.lifetime.start.p0"],
        &["call void @llvm.lifetime.start.p0(ptr %a)"],
    );
    let ours = printed(src);
    assert!(ours.contains("define void @f() {"), "{ours}");
}

#[test]
fn every_upgrade_appends_in_the_order_of_the_old_declarations() {
    // Renamed ones, rebuilt ones and lifetime ones take their turns in module order.
    assert_upgraded(
        "declare void @llvm.prefetch(ptr, i32, i32, i32)\n\
         declare void @llvm.lifetime.start.p0(i64, ptr)\n\
         declare i8 @llvm.ctlz.i8(i8)\n\
         declare ptr @llvm.invariant.start(i64, ptr)\n\
         declare i32 @llvm.objectsize.i32(ptr, i1)\n\
         define void @f(ptr %p, i8 %x) {\n\
         \x20 %a = alloca i8\n\
         \x20 call void @llvm.lifetime.start.p0(i64 1, ptr %a)\n\
         \x20 %o = call i32 @llvm.objectsize.i32(ptr %p, i1 false)\n\
         \x20 %i = call ptr @llvm.invariant.start(i64 1, ptr %p)\n\
         \x20 %c = call i8 @llvm.ctlz.i8(i8 %x)\n\
         \x20 call void @llvm.prefetch(ptr %p, i32 0, i32 3, i32 1)\n\
         \x20 ret void\n\
         }\n",
        &[
            "llvm.prefetch.p0",
            "llvm.lifetime.start.i64",
            "llvm.lifetime.start.p0",
            "llvm.ctlz.i8",
            "llvm.invariant.start.p0",
            "llvm.objectsize.i32.p0",
        ],
        &["%c = call i8 @llvm.ctlz.i8(i8 %x, i1 false)"],
    );
}

#[test]
fn an_intrinsic_called_without_a_declaration_is_upgraded_too() {
    assert_upgraded(
        "define i8 @f(i8 %a, ptr %p) {\n\
         \x20 %r = call i8 @llvm.ctlz.i8(i8 %a)\n\
         \x20 call void @llvm.stackprotectorcheck(ptr %p)\n\
         \x20 ret i8 %r\n\
         }\n",
        &["llvm.ctlz.i8"],
        &["%r = call i8 @llvm.ctlz.i8(i8 %a, i1 false)"],
    );
}

/// A gather or scatter with alignment 0 gets its element's ABI alignment under the module's
/// data layout (a load or store with 0 is refused: see below); one layout names `i64`'s, the
/// other does not, and LLVM's default gives `i64` 4 bytes.
#[test]
fn zero_alignment_of_a_gather_or_scatter_becomes_the_elements_abi_alignment() {
    let body = "declare <4 x i64> @llvm.masked.gather.v4i64(<4 x ptr>, i32, <4 x i1>, <4 x i64>)\n\
                declare void @llvm.masked.scatter.v4f64.v4p0(<4 x double>, <4 x ptr>, i32, <4 x i1>)\n\
                define void @f(<4 x ptr> %q, <4 x i1> %n, <4 x double> %d) {\n\
                \x20 %g = call <4 x i64> @llvm.masked.gather.v4i64(<4 x ptr> %q, i32 0, <4 x i1> %n, <4 x i64> poison)\n\
                \x20 call void @llvm.masked.scatter.v4f64.v4p0(<4 x double> %d, <4 x ptr> %q, i32 0, <4 x i1> %n)\n\
                \x20 ret void\n\
                }\n";
    let decls = [
        "llvm.masked.gather.v4i64.v4p0",
        "llvm.masked.scatter.v4f64.v4p0",
    ];
    for (layout, i64_align, f64_align) in [("", 4, 8), ("e-i64:64-f64:32-n8:16:32:64", 8, 4)] {
        let src = format!("target datalayout = \"{layout}\"\n{body}");
        let calls = [
            format!("%g = call <4 x i64> @llvm.masked.gather.v4i64.v4p0(<4 x ptr> align {i64_align} %q, <4 x i1> %n, <4 x i64> poison)"),
            format!("call void @llvm.masked.scatter.v4f64.v4p0(<4 x double> %d, <4 x ptr> align {f64_align} %q, <4 x i1> %n)"),
        ];
        let calls: Vec<&str> = calls.iter().map(String::as_str).collect();
        assert_upgraded(&src, &decls, &calls);
    }
}

/// Intrinsics called without a declaration under a name their types do not give are
/// declared under the right one: the vector histogram and the matrix intrinsics.
#[test]
fn histogram_and_matrix_intrinsics_take_the_names_of_their_types() {
    assert_upgraded(
        "define void @f(<4 x ptr> %p, <4 x i1> %m, <4 x double> %a, ptr %q) {\n\
         \x20 call void @llvm.experimental.vector.histogram.add.v4p0.i64(<4 x ptr> %p, i8 1, <4 x i1> %m)\n\
         \x20 %c = call <4 x double> @llvm.matrix.multiply(<4 x double> %a, <4 x double> %a, i32 2, i32 2, i32 2)\n\
         \x20 %t = call <4 x double> @llvm.matrix.transpose(<4 x double> %a, i32 2, i32 2)\n\
         \x20 %l = call <4 x double> @llvm.matrix.column.major.load(ptr %q, i64 2, i1 false, i32 2, i32 2)\n\
         \x20 call void @llvm.matrix.column.major.store(<4 x double> %a, ptr %q, i32 2, i1 false, i32 2, i32 2)\n\
         \x20 ret void\n\
         }\n",
        &[
            "llvm.experimental.vector.histogram.add.v4p0.i8",
            "llvm.matrix.column.major.load.v4f64.i64",
            "llvm.matrix.column.major.store.v4f64.i32",
            "llvm.matrix.multiply.v4f64.v4f64.v4f64",
            "llvm.matrix.transpose.v4f64",
        ],
        &["%c = call <4 x double> @llvm.matrix.multiply.v4f64.v4f64.v4f64(<4 x double> %a, <4 x double> %a, i32 2, i32 2, i32 2)"],
    );
}

/// The target-independent overloaded intrinsics of LLVM 22 that the table lacked (vector
/// predication, constrained floating point, the interleaves of three to eight, fixed point
/// with saturation, ...) take the names of their types when called without a declaration,
/// one declaration per call type, the last call's first; among them the names that extend
/// another intrinsic's (`vp.load.ff`, `vp.cttz.elts`, `sdiv.fix.sat`, `loop.decrement.reg`)
/// and `experimental.vector.extract.last.active`, which is not the old name of
/// `vector.extract`.
#[test]
fn the_other_overloaded_intrinsics_take_the_names_of_their_types() {
    assert_upgraded(
        "define void @f(<4 x i32> %a, <vscale x 2 x i64> %b, <4 x float> %x, <2 x double> %y, <4 x i1> %m, <vscale x 2 x i1> %n, ptr %p, ptr addrspace(1) %q, i32 %i, i64 %j, float %s, double %d) {\n\
         \x20 %va = call <4 x i32> @llvm.vp.add(<4 x i32> %a, <4 x i32> %a, <4 x i1> %m, i32 4)\n\
         \x20 %vb = call <vscale x 2 x i64> @llvm.vp.add(<vscale x 2 x i64> %b, <vscale x 2 x i64> %b, <vscale x 2 x i1> %n, i32 2)\n\
         \x20 %la = call <4 x i32> @llvm.vp.load(ptr %p, <4 x i1> %m, i32 4)\n\
         \x20 %lb = call <vscale x 2 x i64> @llvm.vp.load(ptr addrspace(1) %q, <vscale x 2 x i1> %n, i32 2)\n\
         \x20 %fa = call { <4 x i32>, i32 } @llvm.vp.load.ff(ptr %p, <4 x i1> %m, i32 4)\n\
         \x20 %fb = call { <vscale x 2 x i64>, i32 } @llvm.vp.load.ff(ptr addrspace(1) %q, <vscale x 2 x i1> %n, i32 2)\n\
         \x20 %ra = call float @llvm.vp.reduce.fadd(float %s, <4 x float> %x, <4 x i1> %m, i32 4)\n\
         \x20 %rb = call double @llvm.vp.reduce.fadd(double %d, <2 x double> %y, <2 x i1> zeroinitializer, i32 2)\n\
         \x20 %ca = call <4 x i32> @llvm.vp.fptosi(<4 x float> %x, <4 x i1> %m, i32 4)\n\
         \x20 %cb = call <2 x i64> @llvm.vp.fptosi(<2 x double> %y, <2 x i1> zeroinitializer, i32 2)\n\
         \x20 %ea = call i32 @llvm.vp.cttz.elts(<4 x i32> %a, i1 false, <4 x i1> %m, i32 4)\n\
         \x20 %eb = call i64 @llvm.vp.cttz.elts(<vscale x 2 x i64> %b, i1 true, <vscale x 2 x i1> %n, i32 2)\n\
         \x20 %xa = call float @llvm.experimental.constrained.fadd(float %s, float %s, metadata !\"round.dynamic\", metadata !\"fpexcept.strict\") #0\n\
         \x20 %xb = call <2 x double> @llvm.experimental.constrained.fadd(<2 x double> %y, <2 x double> %y, metadata !\"round.dynamic\", metadata !\"fpexcept.strict\") #0\n\
         \x20 %ka = call i32 @llvm.experimental.constrained.fptosi(float %s, metadata !\"fpexcept.strict\") #0\n\
         \x20 %kb = call i64 @llvm.experimental.constrained.fptosi(double %d, metadata !\"fpexcept.strict\") #0\n\
         \x20 %sa = call { float, float } @llvm.sincos(float %s)\n\
         \x20 %sb = call { <2 x double>, <2 x double> } @llvm.sincos(<2 x double> %y)\n\
         \x20 %ia = call <12 x i32> @llvm.vector.interleave3(<4 x i32> %a, <4 x i32> %a, <4 x i32> %a)\n\
         \x20 %ib = call <6 x double> @llvm.vector.interleave3(<2 x double> %y, <2 x double> %y, <2 x double> %y)\n\
         \x20 %da = call { <4 x i32>, <4 x i32>, <4 x i32> } @llvm.vector.deinterleave3(<12 x i32> %ia)\n\
         \x20 %db = call { <2 x double>, <2 x double>, <2 x double> } @llvm.vector.deinterleave3(<6 x double> %ib)\n\
         \x20 %ma = call <4 x i1> @llvm.experimental.vector.match(<4 x i32> %a, <4 x i32> %a, <4 x i1> %m)\n\
         \x20 %mb = call <vscale x 2 x i1> @llvm.experimental.vector.match(<vscale x 2 x i64> %b, <2 x i64> zeroinitializer, <vscale x 2 x i1> %n)\n\
         \x20 %pa = call i32 @llvm.experimental.vector.extract.last.active(<4 x i32> %a, <4 x i1> %m, i32 %i)\n\
         \x20 %pb = call i64 @llvm.experimental.vector.extract.last.active(<vscale x 2 x i64> %b, <vscale x 2 x i1> %n, i64 %j)\n\
         \x20 call void @llvm.experimental.memset.pattern(ptr %p, i32 %i, i64 %j, i1 false)\n\
         \x20 call void @llvm.experimental.memset.pattern(ptr addrspace(1) %q, double %d, i32 %i, i1 false)\n\
         \x20 %qa = call i32 @llvm.sdiv.fix.sat(i32 %i, i32 %i, i32 2)\n\
         \x20 %qb = call i64 @llvm.sdiv.fix.sat(i64 %j, i64 %j, i32 2)\n\
         \x20 %oa = call i32 @llvm.loop.decrement.reg(i32 %i, i32 1)\n\
         \x20 %ob = call i64 @llvm.loop.decrement.reg(i64 %j, i64 1)\n\
         \x20 %ga = call i32 @llvm.experimental.get.vector.length(i32 %i, i32 4, i1 true)\n\
         \x20 %gb = call i32 @llvm.experimental.get.vector.length(i64 %j, i32 2, i1 true)\n\
         \x20 %ta = call { i32, i1 } @llvm.test.start.loop.iterations(i32 %i)\n\
         \x20 %tb = call { i64, i1 } @llvm.test.start.loop.iterations(i64 %j)\n\
         \x20 %ha = call half @llvm.fptrunc.round(float %s, metadata !\"round.downward\")\n\
         \x20 %hb = call <2 x float> @llvm.fptrunc.round(<2 x double> %y, metadata !\"round.upward\")\n\
         \x20 ret void\n\
         }\n\
         attributes #0 = { strictfp }\n",
        &[
            "llvm.experimental.constrained.fadd.v2f64",
            "llvm.experimental.constrained.fadd.f32",
            "llvm.experimental.constrained.fptosi.i64.f64",
            "llvm.experimental.constrained.fptosi.i32.f32",
            "llvm.experimental.get.vector.length.i64",
            "llvm.experimental.get.vector.length.i32",
            "llvm.experimental.memset.pattern.p1.f64.i32",
            "llvm.experimental.memset.pattern.p0.i32.i64",
            "llvm.experimental.vector.extract.last.active.nxv2i64",
            "llvm.experimental.vector.extract.last.active.v4i32",
            "llvm.experimental.vector.match.nxv2i64.v2i64",
            "llvm.experimental.vector.match.v4i32.v4i32",
            "llvm.fptrunc.round.v2f32.v2f64",
            "llvm.fptrunc.round.f16.f32",
            "llvm.loop.decrement.reg.i64",
            "llvm.loop.decrement.reg.i32",
            "llvm.sdiv.fix.sat.i64",
            "llvm.sdiv.fix.sat.i32",
            "llvm.sincos.v2f64",
            "llvm.sincos.f32",
            "llvm.test.start.loop.iterations.i64",
            "llvm.test.start.loop.iterations.i32",
            "llvm.vector.deinterleave3.v6f64",
            "llvm.vector.deinterleave3.v12i32",
            "llvm.vector.interleave3.v6f64",
            "llvm.vector.interleave3.v12i32",
            "llvm.vp.add.nxv2i64",
            "llvm.vp.add.v4i32",
            "llvm.vp.cttz.elts.i64.nxv2i64",
            "llvm.vp.cttz.elts.i32.v4i32",
            "llvm.vp.fptosi.v2i64.v2f64",
            "llvm.vp.fptosi.v4i32.v4f32",
            "llvm.vp.load.nxv2i64.p1",
            "llvm.vp.load.v4i32.p0",
            "llvm.vp.load.ff.nxv2i64.p1",
            "llvm.vp.load.ff.v4i32.p0",
            "llvm.vp.reduce.fadd.v2f64",
            "llvm.vp.reduce.fadd.v4f32",
        ],
        &[
            "%fa = call { <4 x i32>, i32 } @llvm.vp.load.ff.v4i32.p0(ptr %p, <4 x i1> %m, i32 4)",
            "%pb = call i64 @llvm.experimental.vector.extract.last.active.nxv2i64(<vscale x 2 x i64> %b, <vscale x 2 x i1> %n, i64 %j)",
            "call void @llvm.experimental.memset.pattern.p1.f64.i32(ptr addrspace(1) %q, double %d, i32 %i, i1 false)",
        ],
    );
}

/// Today's signatures stay as written: in place, the calls with their attributes.
#[test]
fn current_signatures_are_not_upgraded() {
    let src = "declare i8 @llvm.ctlz.i8(i8, i1)\n\
               declare void @llvm.coro.end(ptr, i1, token)\n\
               declare i32 @llvm.objectsize.i32.p0(ptr, i1, i1, i1)\n\
               declare <2 x double> @llvm.masked.load.v2f64.p0(ptr, <2 x i1>, <2 x double>)\n\
               declare ptr @llvm.invariant.start.p0(i64, ptr)\n\
               declare void @llvm.prefetch.p0(ptr, i32, i32, i32)\n\
               declare void @llvm.lifetime.start.p0(ptr)\n\
               define void @f(i8 %x, ptr %p, <2 x i1> %m) {\n\
               \x20 %a = alloca i8\n\
               \x20 call void @llvm.lifetime.start.p0(ptr %a) #0\n\
               \x20 %c = tail call i8 @llvm.ctlz.i8(i8 %x, i1 true) #0\n\
               \x20 call void @llvm.coro.end(ptr %p, i1 false, token none)\n\
               \x20 %o = call i32 @llvm.objectsize.i32.p0(ptr %p, i1 false, i1 true, i1 false) #0\n\
               \x20 %l = call <2 x double> @llvm.masked.load.v2f64.p0(ptr align 4 %p, <2 x i1> %m, <2 x double> poison) #0\n\
               \x20 %i = call ptr @llvm.invariant.start.p0(i64 1, ptr %p)\n\
               \x20 call void @llvm.prefetch.p0(ptr %p, i32 0, i32 3, i32 1)\n\
               \x20 ret void\n\
               }\n\
               attributes #0 = { nounwind }\n";
    assert_upgraded(
        src,
        &[
            "llvm.ctlz.i8",
            "llvm.coro.end",
            "llvm.objectsize.i32.p0",
            "llvm.masked.load.v2f64.p0",
            "llvm.invariant.start.p0",
            "llvm.prefetch.p0",
            "llvm.lifetime.start.p0",
        ],
        &[
            "call void @llvm.lifetime.start.p0(ptr %a) #0",
            "%c = tail call i8 @llvm.ctlz.i8(i8 %x, i1 true) #0",
            "%o = call i32 @llvm.objectsize.i32.p0(ptr %p, i1 false, i1 true, i1 false) #0",
            "%l = call <2 x double> @llvm.masked.load.v2f64.p0(ptr align 4 %p, <2 x i1> %m, <2 x double> poison) #0",
        ],
    );
}

/// Typed-pointer IR (LLVM 14's) keeps its forms, as LLVM 14 read them.
#[test]
fn typed_pointer_modules_keep_the_old_forms() {
    let src = "declare i8 @llvm.ctlz.i8(i8)\n\
               declare i32 @llvm.objectsize.i32.p0i8(i8*, i1)\n\
               declare void @llvm.stackprotectorcheck(i8**)\n\
               declare <2 x double> @llvm.masked.load.v2f64.p0v2f64(<2 x double>*, i32, <2 x i1>, <2 x double>)\n\
               declare void @llvm.lifetime.start.p0i8(i64, i8*)\n\
               define i8 @f(i8 %a, i8* %p, <2 x double>* %q, <2 x i1> %m) {\n\
               \x20 %x = alloca i8\n\
               \x20 call void @llvm.lifetime.start.p0i8(i64 1, i8* %x)\n\
               \x20 %r = call i8 @llvm.ctlz.i8(i8 %a)\n\
               \x20 %s = call i32 @llvm.objectsize.i32.p0i8(i8* %p, i1 false)\n\
               \x20 call void @llvm.stackprotectorcheck(i8** null)\n\
               \x20 %l = call <2 x double> @llvm.masked.load.v2f64.p0v2f64(<2 x double>* %q, i32 4, <2 x i1> %m, <2 x double> undef)\n\
               \x20 ret i8 %r\n\
               }\n";
    let ours = printed(src);
    assert_eq!(
        declared(&ours),
        [
            "llvm.ctlz.i8",
            "llvm.objectsize.i32.p0i8",
            "llvm.stackprotectorcheck",
            "llvm.masked.load.v2f64.p0v2f64",
            "llvm.lifetime.start.p0i8",
        ],
        "{ours}"
    );
    for line in src.lines().filter(|l| l.contains(" call ")) {
        assert!(ours.contains(line), "`{line}` changed:\n{ours}");
    }
}

/// What LLVM 22 makes of an obsolete call it cannot upgrade: the reader refuses the module
/// with LLVM's words (and opt-22 refuses it too).
#[test]
fn calls_that_cannot_be_upgraded_are_refused_as_llvm_refuses_them() {
    let store = |align: &str| {
        format!(
            "declare void @llvm.masked.store.v4i32.p0(<4 x i32>, ptr, i32, <4 x i1>)\n\
             define void @f(<4 x i32> %v, ptr %p, <4 x i1> %m, i32 %a) {{\n\
             \x20 call void @llvm.masked.store.v4i32.p0(<4 x i32> %v, ptr %p, i32 {align}, <4 x i1> %m)\n\
             \x20 ret void\n\
             }}\n"
        )
    };
    // (module, our message, its line, whether opt-22's message is ours)
    let cases = [
        (store("3"), "Invalid alignment argument", 3, true),
        (store("%a"), "Invalid alignment argument", 3, true),
        (store("0"), "Invalid zero alignment argument", 3, true),
        // LLVM reads a constant there without looking: what it says is an accident.
        (
            "declare void @llvm.memset.p0.i64(ptr, i8, i64, i32, i1)\n\
             define void @f(ptr %p, i32 %a) {\n\
             \x20 call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 8, i32 %a, i1 false)\n\
             \x20 ret void\n\
             }\n"
            .to_owned(),
            "the alignment argument of a memory intrinsic is not a constant",
            3,
            false,
        ),
        (
            "declare i1 @llvm.coro.end(ptr, i1)\n\
             define i1 @f(ptr %p) {\n\
             \x20 %c = call i1 @llvm.coro.end(ptr %p, i1 true)\n\
             \x20 ret i1 %c\n\
             }\n"
            .to_owned(),
            "Instruction has a name, but provides a void value!",
            3,
            true,
        ),
        (
            "declare i8 @llvm.ctlz.i8(i8)\n\
             declare i32 @pers(...)\n\
             define i8 @f(i8 %a) personality ptr @pers {\n\
             \x20 %r = invoke i8 @llvm.ctlz.i8(i8 %a) to label %ok unwind label %bad\n\
             ok:\n\
             \x20 ret i8 %r\n\
             bad:\n\
             \x20 %l = landingpad { ptr, i32 } cleanup\n\
             \x20 ret i8 0\n\
             }\n"
            .to_owned(),
            "Basic Block in function 'f' does not have terminator!",
            4,
            true,
        ),
    ];
    let opt = opt22();
    for (src, msg, line, llvms) in cases {
        let e = parse_module(src.as_bytes()).expect_err(&src);
        assert_eq!((e.msg.as_str(), e.line), (msg, line), "{src}");
        if let Some(opt) = &opt {
            let v =
                run_opt(opt, &["-passes=verify", "-disable-output", "-"], &src).expect_err(&src);
            assert!(!llvms || v.ends_with(msg), "{src}: opt-22 says {v}");
        }
    }
}

#[test]
fn va_intrinsics_take_their_pointers_name_and_thread_pointer_is_rebuilt() {
    // `va_start`, `va_end` and `va_copy` are renamed, their calls kept whole; the call of
    // `llvm.thread.pointer` is rebuilt, losing its `tail`, attributes and metadata
    // (CodeGen/AArch64/arm64-builtins-linux.ll of LLVM 19).
    assert_upgraded(
        "define void @f(ptr %a, ptr %b, ...) {\n\
         \x20 tail call void @llvm.va_start(ptr %a), !foo !0\n\
         \x20 tail call void @llvm.va_copy(ptr %b, ptr %a) #0\n\
         \x20 tail call void @llvm.va_end(ptr %a)\n\
         \x20 %t = tail call ptr @llvm.thread.pointer() #0, !foo !0\n\
         \x20 ret void\n\
         }\n\
         declare void @llvm.va_start(ptr)\n\
         declare void @llvm.va_end(ptr)\n\
         declare void @llvm.va_copy(ptr, ptr)\n\
         declare ptr @llvm.thread.pointer()\n\
         attributes #0 = { nounwind }\n\
         !0 = !{}\n",
        &[
            "llvm.va_start.p0",
            "llvm.va_end.p0",
            "llvm.va_copy.p0",
            "llvm.thread.pointer.p0",
        ],
        &[
            "tail call void @llvm.va_start.p0(ptr %a), !foo !0",
            "tail call void @llvm.va_copy.p0(ptr %b, ptr %a) #0",
            "tail call void @llvm.va_end.p0(ptr %a)",
            "%t = call ptr @llvm.thread.pointer.p0()",
        ],
    );
}

#[test]
fn experimental_vector_intrinsics_take_their_names_of_today() {
    // Called without declarations: declared in the order of the old names, as LLVM does
    // (CodeGen/AArch64/partial-reduction-add.ll of LLVM 19).
    assert_upgraded(
        "define <4 x i32> @f(<4 x i32> %a, <8 x i32> %b, <4 x float> %c) {\n\
         \x20 %r = call <4 x i32> @llvm.experimental.vector.reverse.v4i32(<4 x i32> %a)\n\
         \x20 %p = call <4 x i32> @llvm.experimental.vector.partial.reduce.add.v4i32.v4i32.v8i32(<4 x i32> %a, <8 x i32> %b)\n\
         \x20 %s = call <vscale x 4 x i32> @llvm.experimental.stepvector.nxv4i32()\n\
         \x20 %i = call <8 x i32> @llvm.experimental.vector.interleave2.v8i32(<4 x i32> %a, <4 x i32> %a)\n\
         \x20 %d = call {<4 x i32>, <4 x i32>} @llvm.experimental.vector.deinterleave2.v8i32(<8 x i32> %b)\n\
         \x20 %x = call <4 x i32> @llvm.experimental.vector.extract.v4i32.v8i32(<8 x i32> %b, i64 0)\n\
         \x20 %y = call i32 @llvm.experimental.vector.reduce.smax.v4i32(<4 x i32> %a)\n\
         \x20 %z = call float @llvm.experimental.vector.reduce.v2.fadd.f32.v4f32(float 0.0, <4 x float> %c)\n\
         \x20 ret <4 x i32> %r\n\
         }\n",
        &[
            "llvm.stepvector.nxv4i32",
            "llvm.vector.deinterleave2.v8i32",
            "llvm.vector.extract.v4i32.v8i32",
            "llvm.vector.interleave2.v8i32",
            "llvm.vector.partial.reduce.add.v4i32.v8i32",
            "llvm.vector.reduce.smax.v4i32",
            "llvm.vector.reduce.fadd.v4f32",
            "llvm.vector.reverse.v4i32",
        ],
        &[
            "%p = call <4 x i32> @llvm.vector.partial.reduce.add.v4i32.v8i32(<4 x i32> %a, <8 x i32> %b)",
            "%z = call float @llvm.vector.reduce.fadd.v4f32(float 0.000000e+00, <4 x float> %c)",
        ],
    );
}

#[test]
fn vector_splice_becomes_left_or_right_by_the_offsets_sign() {
    // The last call is upgraded first, so `left` (of @g) is declared first; every rebuilt
    // call loses its name, `tail` and metadata.
    assert_upgraded(
        "declare <4 x i32> @llvm.vector.splice.v4i32(<4 x i32>, <4 x i32>, i32)\n\
         define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b) {\n\
         \x20 %sq = tail call <4 x i32> @llvm.vector.splice.v4i32(<4 x i32> %a, <4 x i32> %b, i32 -2), !foo !0\n\
         \x20 %sp = call <4 x i32> @llvm.experimental.vector.splice.v4i32(<4 x i32> %a, <4 x i32> %sq, i32 1)\n\
         \x20 ret <4 x i32> %sp\n\
         }\n\
         define <4 x i32> @g(<4 x i32> %a, <4 x i32> %b) {\n\
         \x20 %sq = call <4 x i32> @llvm.vector.splice.v4i32(<4 x i32> %a, <4 x i32> %b, i32 0)\n\
         \x20 ret <4 x i32> %sq\n\
         }\n\
         !0 = !{}\n",
        &["llvm.vector.splice.left.v4i32", "llvm.vector.splice.right.v4i32"],
        &[
            "%1 = call <4 x i32> @llvm.vector.splice.right.v4i32(<4 x i32> %a, <4 x i32> %b, i32 2)",
            "%2 = call <4 x i32> @llvm.vector.splice.left.v4i32(<4 x i32> %a, <4 x i32> %1, i32 1)",
            "%1 = call <4 x i32> @llvm.vector.splice.left.v4i32(<4 x i32> %a, <4 x i32> %b, i32 0)",
        ],
    );
    // An offset that is not a constant: LLVM stops with a fatal error, mergefn refuses it.
    let src = "define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b, i32 %n) {\n\
               \x20 %s = call <4 x i32> @llvm.vector.splice.v4i32(<4 x i32> %a, <4 x i32> %b, i32 %n)\n\
               \x20 ret <4 x i32> %s\n\
               }\n";
    let Err(err) = parse_module(src.as_bytes()) else {
        panic!("a splice by a variable is read");
    };
    assert!(
        err.to_string()
            .contains("Invalid llvm.vector.splice offset argument"),
        "{err}"
    );
}

#[test]
fn a_star_in_a_comment_or_string_leaves_a_module_without_pointers_opaque() {
    // A module that spells no pointer type is read as LLVM 22 reads it, so its intrinsics
    // are upgraded; a `*` in a comment or a string is no typed pointer
    // (CodeGen/AArch64/vector-compress.ll of LLVM 19). The undeclared intrinsic called under
    // the name of one of its types becomes that type's declaration, after the one made for
    // the last call.
    assert_upgraded(
        "@s = constant [3 x i8] c\"a*b\"\n\
         define <4 x i32> @f(<4 x i32> %v, <4 x i1> %m) {\n\
         \x20 %o = call <4 x i32> @llvm.experimental.vector.compress.v4i32(<4 x i32> %v, <4 x i1> %m, <4 x i32> undef)\n\
         \x20 ret <4 x i32> %o\n\
         }\n\
         ; the const_mask* tests\n\
         define <3 x i32> @g(<3 x i32> %v, <3 x i1> %m) {\n\
         \x20 %o = call <3 x i32> @llvm.experimental.vector.compress.v4i32(<3 x i32> %v, <3 x i1> %m, <3 x i32> undef)\n\
         \x20 ret <3 x i32> %o\n\
         }\n",
        &[
            "llvm.experimental.vector.compress.v3i32",
            "llvm.experimental.vector.compress.v4i32",
        ],
        &["%o = call <3 x i32> @llvm.experimental.vector.compress.v3i32(<3 x i32> %v, <3 x i1> %m, <3 x i32> undef)"],
    );
}

#[test]
fn target_intrinsics_made_generic_take_the_generic_names() {
    // `llvm.aarch64.rbit.*` is `llvm.bitreverse.*` to LLVM 22, so functions calling one and
    // the other merge (CodeGen/AArch64/rbit.ll of LLVM 19); the calls keep their names.
    assert_upgraded(
        "define <8 x i8> @a(<8 x i8> %t, <2 x float> %f, i32 %x) {\n\
         \x20 %r = call <8 x i8> @llvm.aarch64.neon.rbit.v8i8(<8 x i8> %t)\n\
         \x20 %s = call <2 x float> @llvm.aarch64.neon.frintn.v2f32(<2 x float> %f)\n\
         \x20 %u = call <8 x i8> @llvm.arm.neon.vcnt.v8i8(<8 x i8> %t)\n\
         \x20 %v = call i32 @llvm.aarch64.rbit.i32(i32 %x)\n\
         \x20 ret <8 x i8> %r\n\
         }\n\
         declare i32 @llvm.aarch64.rbit.i32(i32)\n",
        &[
            "llvm.roundeven.v2f32",
            "llvm.bitreverse.v8i8",
            "llvm.ctpop.v8i8",
            "llvm.bitreverse.i32",
        ],
        &[
            "%r = call <8 x i8> @llvm.bitreverse.v8i8(<8 x i8> %t)",
            "%v = call i32 @llvm.bitreverse.i32(i32 %x)",
        ],
    );
}

#[test]
fn declarations_named_as_each_others_types_want_swap_names() {
    // Each declaration has the name the other's type mangles to (what a link that renamed
    // struct types leaves: Assembler `remangle.ll`). LLVM renames the one in the way to
    // `<name>.renamed` and declares the wanted name anew; the renamed one is remangled in
    // its turn. So the calls swap names, and both old declarations go.
    assert_upgraded(
        "%fum = type { [8 x i8] }\n\
         %fum.1 = type { [4 x i8] }\n\
         declare %fum.1 @\"llvm.ssa.copy.s_fums\"(%fum.1)\n\
         declare %fum @\"llvm.ssa.copy.s_fum.1s\"(%fum)\n\
         define void @f(%fum %a, %fum.1 %b, ptr %p) {\n\
         \x20 %b.copy = call %fum.1 @\"llvm.ssa.copy.s_fums\"(%fum.1 %b)\n\
         \x20 %a.copy = call %fum @\"llvm.ssa.copy.s_fum.1s\"(%fum %a)\n\
         \x20 ret void\n\
         }\n",
        &["llvm.ssa.copy.s_fum.1s", "llvm.ssa.copy.s_fums"],
        &[
            "%b.copy = call %fum.1 @llvm.ssa.copy.s_fum.1s(%fum.1 %b)",
            "%a.copy = call %fum @llvm.ssa.copy.s_fums(%fum %a)",
        ],
    );
}

#[test]
fn arm_neon_vclz_is_ctlz_with_its_i1() {
    // Bitcode/arm32_neon_vcnt_upgrade.ll of LLVM 19, read as LLVM 22 reads it.
    assert_upgraded(
        "define <4 x i16> @f(ptr %A) {\n\
         \x20 %a = load <4 x i16>, ptr %A\n\
         \x20 %b = call <4 x i16> @llvm.arm.neon.vclz.v4i16(<4 x i16> %a)\n\
         \x20 ret <4 x i16> %b\n\
         }\n\
         declare <4 x i16> @llvm.arm.neon.vclz.v4i16(<4 x i16>) nounwind readnone\n",
        &["llvm.ctlz.v4i16"],
        &["%b = call <4 x i16> @llvm.ctlz.v4i16(<4 x i16> %a, i1 false)"],
    );
}
