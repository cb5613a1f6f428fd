//! `explain` names the deciding rule and where it fired.

mod common;

use common::{function, module};
use mergefn_compare::{explain, Location};

#[test]
fn equal_functions_have_no_difference() {
    let m = module(
        "define i32 @f(i32 %a) {\n  ret i32 %a\n}\ndefine i32 @g(i32 %b) {\n  ret i32 %b\n}\n",
    );
    let e = explain(&m, function(&m, "f"), function(&m, "g"));
    assert!(e.is_equal() && e.difference.is_none());
    assert!(e.to_string().contains("are equal"), "{e}");
}

#[test]
fn argument_types_differ_in_the_signature() {
    let m = module(
        "define void @f(i32 %a) {\n  ret void\n}\ndefine void @g(i64 %a) {\n  ret void\n}\n",
    );
    let e = explain(&m, function(&m, "f"), function(&m, "g"));
    let d = e.difference.as_ref().expect("a difference");
    assert_eq!(
        (d.rule.as_str(), d.detail.as_str()),
        ("cmp_types", "i32 vs i64")
    );
    assert!(matches!(d.location, Location::Signature));
    assert!(e.ordering().is_lt());
}

#[test]
fn flag_difference_points_at_the_instruction() {
    let m = module(
        "define i32 @f(i32 %a) {\n  %x = mul i32 %a, 3\n  %r = add nsw i32 %x, 1\n  ret i32 %r\n}\n\
         define i32 @g(i32 %a) {\n  %x = mul i32 %a, 3\n  %r = add i32 %x, 1\n  ret i32 %r\n}\n",
    );
    let e = explain(&m, function(&m, "f"), function(&m, "g"));
    let d = e.difference.as_ref().expect("a difference");
    assert_eq!(d.rule, "cmp_operations");
    match &d.location {
        Location::Instruction {
            block,
            index,
            left,
            right,
        } => {
            assert_eq!((*block, *index), (0, 1));
            assert!(
                left.contains("add nsw i32 %x, 1") && !right.contains("nsw"),
                "{left} / {right}"
            );
        }
        other => panic!("expected an instruction location, got {other:?}"),
    }
    assert!(e.to_string().contains("decided by cmp_operations"), "{e}");
}

#[test]
fn different_callees_are_decided_by_global_numbers() {
    let m = module(
        "declare void @a()\ndeclare void @b()\n\
         define void @f() {\n  call void @a()\n  ret void\n}\ndefine void @g() {\n  call void @b()\n  ret void\n}\n",
    );
    let e = explain(&m, function(&m, "f"), function(&m, "g"));
    let d = e.difference.expect("a difference");
    assert_eq!(
        (d.rule.as_str(), d.detail.as_str()),
        ("cmp_global_values", "@a vs @b")
    );
}

#[test]
fn a_longer_block_is_reported_at_its_end() {
    let m = module(
        "define i32 @f(i32 %a) {\nentry:\n  br label %next\nnext:\n  ret i32 %a\n}\n\
         define i32 @g(i32 %a) {\nentry:\n  br label %next\nnext:\n  %b = add i32 %a, 0\n  ret i32 %b\n}\n",
    );
    let e = explain(&m, function(&m, "f"), function(&m, "g"));
    let d = e.difference.expect("a difference");
    // Block 1, first instruction: `ret` against `add` (opcode order decides).
    assert_eq!(d.rule, "cmp_operations");
    assert!(
        matches!(
            d.location,
            Location::Instruction {
                block: 1,
                index: 0,
                ..
            }
        ),
        "{:?}",
        d.location
    );
}

#[test]
fn constant_operands_are_described() {
    let m = module("define i32 @f(i32 %a) {\n  %r = add i32 %a, 1\n  ret i32 %r\n}\ndefine i32 @g(i32 %a) {\n  %r = add i32 %a, 2\n  ret i32 %r\n}\n");
    let d = explain(&m, function(&m, "f"), function(&m, "g"))
        .difference
        .expect("a difference");
    assert_eq!(
        (d.rule.as_str(), d.detail.as_str()),
        ("cmp_constants", "i32 1 vs i32 2")
    );
}

#[test]
fn display_reads_like_a_diagnosis() {
    let m = module(
        "define i32 @f(ptr %p) {\n  %v = load i32, ptr %p, align 4\n  ret i32 %v\n}\n\
         define i32 @g(ptr %p) {\n  %v = load i32, ptr %p, align 8\n  ret i32 %v\n}\n",
    );
    let text = explain(&m, function(&m, "f"), function(&m, "g")).to_string();
    eprintln!("{text}");
    assert!(
        text.contains("left:  %v = load i32, ptr %p, align 4"),
        "{text}"
    );
    assert!(
        text.contains("decided by cmp_operations: alignments 4 vs 8"),
        "{text}"
    );
}
