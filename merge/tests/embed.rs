//! The embedding example (`examples/embed.rs`, also shown in README.md) on the shipped
//! `examples/containers.ll`: its logic runs here, and README's copy is checked to be the same
//! program.

#[path = "../examples/embed.rs"]
#[allow(dead_code)] // its `main` is the example binary's, unused here
mod embed;

const EXAMPLE: &str = include_str!("../examples/embed.rs");
const README: &str = include_str!("../../README.md");

#[test]
fn embed_example_merges_containers() {
    let ll = include_bytes!("../../examples/containers.ll");
    let out = embed::run(ll, "_ZNK5StackIP1AE4peekEm", "_ZNK5StackIP1BE4peekEm").unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "@_ZNK5StackIP1AE4peekEm vs @_ZNK5StackIP1BE4peekEm: Equal"
    );
    assert_eq!(
        lines[1],
        "_ZNK5StackIP1BE4peekEm -> <private _ZNK5StackIP1AE4peekEm> (Deleted)"
    );
    // 42 functions merged away (six instances of seven members), all deleted behind seven
    // new private bodies, as opt-22 -passes=mergefunc does (README's example).
    let merged = lines.iter().filter(|l| l.ends_with("(Deleted)")).count();
    assert_eq!(merged, 42);
    assert!(lines.contains(&"8 definitions left"), "{out}");
    let counts: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    assert_eq!(counts["functions"], 47);
    assert_eq!(counts["merged"], 35);
    assert_eq!(counts["new_functions"], 7);
    assert_eq!(counts["deleted"], 42);
}

#[test]
fn embed_example_reports_unknown_names() {
    let ll = include_bytes!("../../examples/containers.ll");
    let err = embed::run(ll, "_ZNK5StackIP1AE4peekEm", "nope").unwrap_err();
    assert_eq!(err.to_string(), "no @nope");
}

/// README.md's "Embedding mergefn" section shows the example program verbatim.
#[test]
fn readme_shows_the_embed_example() {
    let section = README
        .split_once("## Embedding mergefn")
        .expect("README has an \"Embedding mergefn\" section")
        .1;
    let code = section
        .split_once("```rust\n")
        .and_then(|(_, rest)| rest.split_once("```\n"))
        .expect("a ```rust block in that section")
        .0;
    assert_eq!(
        code, EXAMPLE,
        "README's example differs from merge/examples/embed.rs"
    );
}
