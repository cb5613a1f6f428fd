//! The reader's use hints (which instructions of each body name a global) give the same use
//! index as reading every instruction, on every corpus module, read in parallel or serially,
//! and on a module whose globals hide in constant expressions, bundles and forward references.

use mergefn_ir::uses::{UseHints, UseIndex};
use mergefn_ir::{parse_module_with_hints, GlobalId, Module};
use mergefn_tests::corpus;

/// The index from `hints` equals the full one, list by list; returns how many uses it holds.
fn same_index(name: &str, m: &Module, hints: &UseHints) -> usize {
    let full = UseIndex::build(m);
    let (hinted, _) = UseIndex::build_hinted(m, Some(hints), |_| true, |_, _| ());
    let mut uses = 0;
    for g in m.live_globals() {
        assert_eq!(
            full.users(g),
            hinted.users(g),
            "{name}: uses of @{} differ with the reader's hints",
            m.global_name(g)
        );
        uses += full.users(g).len();
    }
    uses
}

#[test]
fn hints_give_the_full_index_on_the_corpus() {
    let mut hinted_bodies = 0;
    for sub in ["c", "rust", "typed"] {
        let Some(paths) = corpus(sub) else { return };
        for p in paths {
            let src = std::fs::read(&p).expect("readable");
            let name = p.display().to_string();
            // Big inputs take the parallel reader; small ones the serial one.
            let (m, hints) = parse_module_with_hints(&src, &mut |_| {}).expect("reads");
            same_index(&name, &m, &hints);
            hinted_bodies += m.functions().filter(|&f| hints.get(f).is_some()).count();
        }
    }
    assert!(
        hinted_bodies > 1000,
        "only {hinted_bodies} bodies had hints"
    );
}

#[test]
fn hints_cover_globals_in_expressions_bundles_and_forward_references() {
    let src = b"declare void @h(ptr)
@t = global [2 x ptr] [ptr @f, ptr @g]
define void @f() {
entry:
  br label %next
later:
  %p = phi ptr [ getelementptr (i8, ptr @t, i64 8), %next ]
  call void @h(ptr %p) [ \"deopt\"(ptr @g) ]
  ret void
next:
  %q = getelementptr i8, ptr %r, i64 1
  %r = getelementptr i8, ptr @t, i64 0
  store ptr blockaddress(@f, %later), ptr %q
  br label %later
}
define void @g() {
  ret void
}
";
    let (m, hints) = parse_module_with_hints(src, &mut |_| {}).expect("reads");
    let uses = same_index("inline module", &m, &hints);
    assert!(uses >= 6, "{uses} uses");
    let f: GlobalId = m.global_by_name("f").unwrap();
    let g: GlobalId = m.global_by_name("g").unwrap();
    assert_eq!(hints.get(g).map(|l| l.len()), Some(0));
    assert!(hints.get(f).is_some_and(|l| !l.is_empty()));
}
