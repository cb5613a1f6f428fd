//! Structural type equality: the examples of "Type Equality in LLVM" (ShiftLeft), in the
//! typed-pointer IR they were written for.

mod common;

use common::module;
use mergefn_compare::types::{structurally_equal, type_classes};
use mergefn_ir::TypeData;

const ARTICLE: &str = r#"
%struct.Point = type { i32, i32 }
%struct.Point.0 = type { i32, i32 }
%struct.Point.1 = type { float, float, float }
%struct.wrapper = type { %struct.Point }
%struct.wrapper.0 = type { %struct.Point.0 }
%list = type { %list*, i32 }
%node = type { %node*, i32 }
%root = type { %node*, i32 }
%struct.A = type opaque
%struct.A.0 = type opaque
%struct.B = type opaque
%foo = type { %struct.A* }
%bar = type { %struct.A.0* }
%buzz = type { %struct.B* }
"#;

fn classes(src: &str) -> Vec<Vec<String>> {
    type_classes(&module(src))
}

fn class(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

#[test]
fn the_articles_examples_fall_into_the_articles_classes() {
    assert_eq!(
        classes(ARTICLE),
        vec![
            class(&["struct.Point", "struct.Point.0"]),
            class(&["struct.Point.1"]),
            class(&["struct.wrapper", "struct.wrapper.0"]),
            class(&["list", "node"]),
            class(&["root"]),
            class(&["struct.A", "struct.A.0"]),
            class(&["struct.B"]),
            class(&["foo", "bar"]),
            class(&["buzz"]),
        ]
    );
}

#[test]
fn literal_and_identified_structs_differ() {
    let m = module("%s = type { i32 }\n@x = global { i32 } zeroinitializer\n");
    let s = m.types.lookup(&TypeData::Named("s".into())).unwrap();
    let lit = m
        .types
        .iter()
        .find(|(_, d)| matches!(d, TypeData::Struct { .. }))
        .unwrap()
        .0;
    assert!(!structurally_equal(&m, s, &m, lit));
}

#[test]
fn packed_structs_differ_from_unpacked_ones() {
    assert_eq!(
        classes("%a = type { i8, i32 }\n%b = type <{ i8, i32 }>\n"),
        vec![class(&["a"]), class(&["b"])]
    );
}

#[test]
fn equality_holds_across_modules() {
    let a = module("%struct.Point = type { i32, i32 }\n%w = type { %struct.Point* }\n");
    let b = module("%struct.Point.7 = type { i32, i32 }\n%other = type { %struct.Point.7* }\n");
    let named =
        |m: &mergefn_ir::Module, n: &str| m.types.lookup(&TypeData::Named(n.into())).unwrap();
    assert!(structurally_equal(
        &a,
        named(&a, "w"),
        &b,
        named(&b, "other")
    ));
    assert!(!structurally_equal(
        &a,
        named(&a, "w"),
        &b,
        named(&b, "struct.Point.7")
    ));
}

#[test]
fn mutually_recursive_shapes_are_compared_by_shape() {
    let src = "%a = type { %b*, i8 }\n%b = type { %a*, i16 }\n%c = type { %d*, i8 }\n%d = type { %c*, i16 }\n";
    assert_eq!(classes(src), vec![class(&["a", "c"]), class(&["b", "d"])]);
}
