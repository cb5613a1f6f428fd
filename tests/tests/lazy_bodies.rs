//! Bodies kept as text (`mergefn_ir::lazy`, what `mergefn merge` does with inputs of 1 MiB
//! and more): merging a module read that way gives the same module as merging it read in
//! full, on hand-written modules that stress the references a kept body must bring up to
//! date, and on every corpus module; the output is valid for opt-22.

use mergefn_ir::lazy::Source;
use mergefn_ir::{parse_module_with_options, ReadOptions};
use mergefn_tests::*;

/// Merge `src` read in full; the printed output.
fn merged_in_full(src: &[u8]) -> String {
    let mut m = mergefn_ir::parse_module(src).expect("reads");
    mergefn_merge::merge_functions(&mut m, &Default::default());
    mergefn_ir::module_to_string(&m)
}

/// Merge `src` with bodies kept as text; the printed output.
fn merged_lazily(src: &[u8]) -> String {
    let source = Source::new(std::sync::Arc::new(src.to_vec()));
    let opts = ReadOptions {
        lazy_source: Some(source.clone()),
        ..Default::default()
    };
    let (mut m, hints) =
        parse_module_with_options(source.bytes(), &mut |_| {}, &opts).expect("reads");
    mergefn_merge::merge_functions_hinted(&mut m, &Default::default(), Some(&hints));
    mergefn_ir::module_to_string(&m)
}

#[test]
fn kept_bodies_follow_the_merge() {
    let files = fixtures("lazy");
    assert!(!files.is_empty());
    for f in &files {
        let src = std::fs::read(f).expect("readable");
        let full = merged_in_full(&src);
        let kept =
            lazy_agrees(&src, &full, false).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(
            kept >= 2,
            "{}: only {kept} bodies kept as text",
            f.display()
        );
        if let Some(opt) = opt22() {
            let lazy = merged_lazily(&src);
            run_opt(
                &opt,
                &["-passes=verify", "-disable-output"],
                lazy.as_bytes(),
            )
            .unwrap_or_else(|e| panic!("{}: the lazy output does not verify: {e}", f.display()));
            assert_eq!(
                normalise(&opt, full.as_bytes()).expect("normalises"),
                normalise(&opt, lazy.as_bytes()).expect("normalises"),
                "{}",
                f.display()
            );
        }
    }
}

#[test]
fn the_fixture_keeps_what_it_says() {
    let src = std::fs::read(workspace_root().join("tests/fixtures/lazy/callers_of_merged.ll"))
        .expect("readable");
    let lazy = merged_lazily(&src);
    // The unique callers are printed from their text, with @b (merged into @a or @2) and the
    // renumbered names brought up to date.
    let user = lazy
        .split("define i32 @\"user one\"")
        .nth(1)
        .expect("the user is kept");
    let user = &user[..user.find("\n}\n").expect("ends")];
    assert!(
        !user.contains("@b("),
        "a call of the merged @b is left:\n{user}"
    );
    assert!(
        user.contains("\"the end\":"),
        "kept as text (the label as written)"
    );
    assert!(
        !lazy.contains("define internal i32 @b("),
        "@b is merged away"
    );
}

#[test]
fn corpus_merges_the_same_with_bodies_kept_as_text() {
    let mut modules = 0;
    let mut kept = 0;
    for sub in ["c", "rust", "flavours", "cross", "programs", "langs"] {
        let Some(paths) = corpus(sub) else { return };
        for p in paths {
            let src = std::fs::read(&p).expect("readable");
            let full = merged_in_full(&src);
            kept +=
                lazy_agrees(&src, &full, false).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            modules += 1;
        }
    }
    eprintln!("{modules} corpus modules, {kept} bodies kept as text, same merges and output");
    assert!(
        modules == 0 || kept > 1000,
        "only {kept} bodies kept as text"
    );
}

#[test]
fn long_initializers_naming_globals_are_kept_as_text() {
    let src =
        std::fs::read(workspace_root().join("tests/fixtures/lazy/initializers_kept_as_text.ll"))
            .expect("readable");
    let source = Source::new(std::sync::Arc::new(src.clone()));
    let opts = ReadOptions {
        lazy_source: Some(source.clone()),
        ..Default::default()
    };
    let (mut m, hints) =
        parse_module_with_options(source.bytes(), &mut |_| {}, &opts).expect("reads");
    let kept = |m: &mergefn_ir::Module, name: &str| {
        let g = m.global_by_name(name).expect("defined");
        match &m.globals[g].kind {
            mergefn_ir::GlobalKind::Var(v) => v.lazy_init.is_some(),
            _ => panic!("{name} is a variable"),
        }
    };
    assert!(kept(&m, "table"), "names only: kept");
    assert!(kept(&m, "strings"), "strings only: kept");
    assert!(kept(&m, "bytes"), "a byte string alone (`c\"...\"`): kept");
    assert!(kept(&m, "casts"), "casts and getelementptr: kept");
    assert!(!kept(&m, "exprs"), "arithmetic, which may fold: read");
    assert!(kept(&m, "record"), "two variables' addresses apart: kept");
    assert!(
        !kept(&m, "same"),
        "one variable's address from itself: read"
    );
    assert!(!kept(&m, "early"), "a variable defined after it: read");
    let report = mergefn_merge::merge_functions_hinted(&mut m, &Default::default(), Some(&hints));
    assert_eq!(report.counts.initializers_kept_as_text, 5);
    let out = mergefn_ir::module_to_string(&m);
    let table = out
        .lines()
        .find(|l| l.starts_with("@table"))
        .expect("printed");
    // @b merged into @a (all uses replaced); @d is now a thunk of @c under its own name.
    assert!(!table.contains("@b,") && table.contains("ptr @a, ptr @a, ptr @c, ptr @d"));
    // The string's text is not a reference.
    assert!(out.contains("c\"@b, @b, "));
    assert!(out.contains("naming @b in its text\\00\""));
}

/// The initializers fixture made big enough for the parallel reader (which reads the top
/// level while the plan is still being made), with `extra` after its comments.
fn big_initializers_module(extra: &str) -> Vec<u8> {
    let fixture = std::fs::read_to_string(
        workspace_root().join("tests/fixtures/lazy/initializers_kept_as_text.ll"),
    )
    .expect("readable");
    let pad = "x".repeat(1 << 20);
    format!(
        "{extra}{fixture}\n@pad = global [{} x i8] c\"{pad}\"\n",
        pad.len()
    )
    .into_bytes()
}

/// Whether the variable `name` of `src`, read for merging, kept its initializer as text.
fn initializer_kept(src: &[u8], name: &str) -> bool {
    let source = Source::new(std::sync::Arc::new(src.to_vec()));
    let opts = ReadOptions {
        lazy_source: Some(source.clone()),
        ..Default::default()
    };
    let (m, _) = parse_module_with_options(source.bytes(), &mut |_| {}, &opts).expect("reads");
    let g = m.global_by_name(name).expect("defined");
    match &m.globals[g].kind {
        mergefn_ir::GlobalKind::Var(v) => v.lazy_init.is_some(),
        _ => panic!("{name} is a variable"),
    }
}

#[test]
fn initializers_read_before_the_plan_is_made_follow_it() {
    // Big: the top level (these initializers) is read while the plan is being made.
    let src = big_initializers_module("");
    assert!(
        initializer_kept(&src, "table"),
        "the plan keeps bodies as text: so is @table"
    );
    assert_eq!(merged_lazily(&src), merged_in_full(&src));
    // A numbered type: the plan keeps nothing as text (the writer renumbers types), so the
    // initializer kept as text before the plan was known must be read after all.
    let src =
        big_initializers_module("%0 = type { i32, i64 }\n@numbered = global %0 zeroinitializer\n");
    assert!(!initializer_kept(&src, "table"), "no plan: everything read");
    assert_eq!(merged_lazily(&src), merged_in_full(&src));
}

#[test]
fn twins_are_read_as_clones_and_merge_as_read() {
    let src =
        std::fs::read(workspace_root().join("tests/fixtures/lazy/twins.ll")).expect("readable");
    let source = Source::new(std::sync::Arc::new(src.clone()));
    let opts = ReadOptions {
        lazy_source: Some(source.clone()),
        ..Default::default()
    };
    let (mut m, hints) =
        parse_module_with_options(source.bytes(), &mut |_| {}, &opts).expect("reads");
    let name = |m: &mergefn_ir::Module, g| m.global_name(g).to_string();
    let twins: Vec<(String, String)> = m
        .twins
        .iter()
        .map(|&(t, g)| (name(&m, t), name(&m, g)))
        .collect();
    for (t, g) in [
        ("t2", "t1"),
        ("t3", "t1"),
        ("t4", "t1"),
        ("w2", "w1"),
        ("half_b", "half_a"),
    ] {
        assert!(
            twins.contains(&(t.to_string(), g.to_string())),
            "{t} is a twin of {g}: {twins:?}"
        );
    }
    assert_eq!(
        twins.len(),
        5,
        "self-naming and calling copies are read: {twins:?}"
    );
    let report = mergefn_merge::merge_functions_hinted(&mut m, &Default::default(), Some(&hints));
    assert_eq!(report.counts.twins, 5);
    // The same merges as reading everything (and as opt-22: `kept_bodies_follow_the_merge`).
    let full = merged_in_full(&src);
    let lazy = mergefn_ir::module_to_string(&m);
    assert_eq!(
        reprinted(full.as_bytes()).expect("reads"),
        reprinted(lazy.as_bytes()).expect("reads")
    );
}

/// Read `src` for merging (bodies kept as text where the plan says).
fn read_lazily(src: &[u8]) -> Result<mergefn_ir::Module, mergefn_ir::ParseError> {
    let source = Source::new(std::sync::Arc::new(src.to_vec()));
    let opts = ReadOptions {
        lazy_source: Some(source.clone()),
        ..Default::default()
    };
    parse_module_with_options(source.bytes(), &mut |_| {}, &opts).map(|(m, _)| m)
}

#[test]
fn metadata_and_attribute_groups_named_by_kept_bodies_are_checked() {
    // Two bodies no other equals, naming metadata and attribute groups; the numbers defined
    // run from 0 without a gap, or with one, and a body may name one that is not defined.
    // Undefined metadata is an error; an undefined attribute group is not (LLVM drops it),
    // but a body naming one is read after all, as the reader checks what it reads.
    let module = |md: &str, attrs: &str, used_md: u32, used_attr: u32| {
        format!(
            "define i32 @f(ptr %p) {{\n  %v = load i32, ptr %p, align 4, !range !{used_md}\n  ret i32 %v\n}}\n\
             define void @g(ptr %p) #{used_attr} {{\n  store i8 1, ptr %p, align 1\n  call void @h() #{used_attr}\n  ret void\n}}\n\
             declare void @h()\n{attrs}{md}"
        )
    };
    let dense_md = "!0 = !{i32 0, i32 10}\n!1 = !{i32 1, i32 9}\n";
    let gap_md = "!0 = !{i32 0, i32 10}\n!3 = !{i32 1, i32 9}\n";
    let dense_attrs = "attributes #0 = { nounwind }\nattributes #1 = { cold }\n";
    let gap_attrs = "attributes #0 = { nounwind }\nattributes #4 = { cold }\n";
    // (metadata, attribute groups, the numbers the bodies name, bodies kept as text, error)
    let cases = [
        (dense_md, dense_attrs, 1, 1, 2, None),
        (gap_md, gap_attrs, 3, 4, 2, None),
        (gap_md, dense_attrs, 3, 0, 2, None),
        (dense_md, dense_attrs, 2, 1, 0, Some("undefined metadata")),
        (gap_md, dense_attrs, 1, 1, 0, Some("undefined metadata")),
        (dense_md, dense_attrs, 1, 2, 0, None),
        (dense_md, gap_attrs, 1, 2, 0, None),
    ];
    for (md, attrs, used_md, used_attr, kept, error) in cases {
        let src = module(md, attrs, used_md, used_attr);
        let full = mergefn_ir::parse_module(src.as_bytes());
        let lazy = read_lazily(src.as_bytes());
        match error {
            None => {
                let m = lazy.unwrap_or_else(|e| panic!("{src}: {e}"));
                let as_text = m
                    .functions()
                    .filter(|&f| m.globals[f].lazy_text().is_some())
                    .count();
                assert_eq!(as_text, kept, "{src}");
                assert_eq!(
                    mergefn_ir::module_to_string(&m),
                    mergefn_ir::module_to_string(&full.expect("reads")),
                    "{src}"
                );
            }
            Some(what) => {
                let (full, lazy) = (full.unwrap_err(), lazy.unwrap_err());
                assert!(full.to_string().contains(what), "{src}: {full}");
                assert_eq!(lazy.to_string(), full.to_string(), "{src}");
            }
        }
    }
}

/// `src` with the integer constants of its bodies' instruction lines spelt another way LLVM
/// reads as the same constant, every other one: `i64 8` as `i64 u0x8`, `i8 -1` as `i8 255`,
/// `i32 0` as `i32 zeroinitializer`, `ptr null` as `ptr zeroinitializer`, `i1 true` as
/// `i1 -1`. Metadata and debug records are left as they are.
fn respelled(src: &str) -> String {
    let mut out = String::with_capacity(src.len() + src.len() / 8);
    let mut in_body = false;
    let mut n = 0u64;
    for line in src.split_inclusive('\n') {
        if line.starts_with("define ") {
            in_body = true;
        } else if line.starts_with('}') {
            in_body = false;
        }
        let plain = in_body
            && line.starts_with("  ")
            && !line.contains("metadata")
            && !line.contains("!{")
            && !line.contains("#dbg");
        if !plain {
            out.push_str(line);
            continue;
        }
        let words: Vec<&str> = line.split(' ').collect();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let ty = if i > 0 { words[i - 1] } else { "" };
            let bits = ty
                .strip_prefix('i')
                .and_then(|b| b.parse::<u32>().ok())
                .filter(|&b| (1..=64).contains(&b));
            // The number, and what follows it in the word (`,`, `)`, a newline).
            let digits = w.trim_start_matches('-').len()
                - w.trim_start_matches('-')
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            let sign = w.len() - w.trim_start_matches('-').len();
            let (num, rest) = w.split_at(sign + digits);
            let value = num.parse::<i128>().ok();
            n += 1;
            match (bits, value) {
                (Some(b), Some(v)) if sign <= 1 && n.is_multiple_of(2) => {
                    let u = (v as u128) & ((1u128 << b) - 1);
                    let spelt = match n % 3 {
                        0 if u == 0 => "zeroinitializer".to_string(),
                        0 | 1 if b > 1 => format!("u0x{u:X}"),
                        _ if b == 1 => (if u == 1 { "-1" } else { "0" }).to_string(),
                        _ if v < 0 => u.to_string(),
                        _ => (u as i128 - (1i128 << b)).to_string(),
                    };
                    out.push_str(&spelt);
                    out.push_str(rest);
                }
                _ if *w == "null" || w.starts_with("null,") || w.starts_with("null)") => {
                    if ty == "ptr" && n.is_multiple_of(2) {
                        out.push_str(&w.replacen("null", "zeroinitializer", 1));
                    } else {
                        out.push_str(w);
                    }
                }
                _ => out.push_str(w),
            }
        }
    }
    out
}

#[test]
fn respelt_constants_merge_the_same_with_bodies_kept_as_text() {
    // The plan's key hashes integer constants by value: another spelling of the same
    // constants must keep the same bodies apart and together (`lazy::literals`).
    let mut modules = 0;
    for sub in ["c", "rust"] {
        let Some(paths) = corpus(sub) else { return };
        for p in paths {
            let src = std::fs::read_to_string(&p).expect("readable");
            if !(1 << 20..12 << 20).contains(&src.len()) {
                continue;
            }
            let src = respelled(&src);
            let full = merged_in_full(src.as_bytes());
            let kept = lazy_agrees(src.as_bytes(), &full, false)
                .unwrap_or_else(|e| panic!("{} respelt: {e}", p.display()));
            assert!(kept > 0, "{}: nothing kept as text", p.display());
            modules += 1;
        }
    }
    eprintln!("{modules} corpus modules respelt, the same merges with bodies kept as text");
}

#[test]
fn respelling_changes_the_text_not_the_module() {
    let src = "define i64 @f(ptr %p, i64 %x) {\n  store i64 8, ptr %p, align 8\n  store ptr null, ptr %p, align 8\n  %a = add i64 %x, -1\n  %b = add i64 %a, 0\n  %c = icmp eq i64 %b, 300\n  ret i64 %b\n}\n";
    let again = respelled(src);
    assert_ne!(again, src);
    assert!(
        again.contains("u0x") || again.contains("zeroinitializer"),
        "{again}"
    );
    let print = |s: &str| {
        mergefn_ir::module_to_string(&mergefn_ir::parse_module(s.as_bytes()).expect("reads"))
    };
    assert_eq!(print(&again), print(src), "{again}");
}
