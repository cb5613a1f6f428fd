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
    assert!(
        out.contains("#dbg_value(i32 %x, !4, !DIExpression(), !5)"),
        "{out}"
    );
    assert!(
        out.contains("metadata !DIExpression(DW_OP_plus_uconst, 4), metadata !{i32 1}"),
        "{out}"
    );
}
