//! Shared helpers: parse a fixture, compare its `@f` and `@g`, and ask opt-22 for its verdict.

// Each test binary uses a subset of these.
#![allow(dead_code)]

use mergefn_compare::{detailed_hash, explain, structural_hash, FunctionComparator, GlobalNumbers};
use mergefn_ir::writer::type_to_string;
use mergefn_ir::{GlobalId, Module};
use std::cmp::Ordering;
use std::path::PathBuf;
use std::process::Command;

pub fn module(src: &str) -> Module {
    mergefn_ir::parse_module(src.as_bytes())
        .unwrap_or_else(|e| panic!("fixture does not parse: {e}\n{src}"))
}

pub fn function(m: &Module, name: &str) -> GlobalId {
    m.global_by_name(name)
        .unwrap_or_else(|| panic!("no @{name} in fixture"))
}

/// Compare `@f` with `@g`, checking antisymmetry and that equal functions hash equal and have
/// equal lookup keys.
pub fn compare_f_g(m: &Module) -> Ordering {
    let (f, g) = (function(m, "f"), function(m, "g"));
    let n = GlobalNumbers::new();
    let fg = FunctionComparator::new(m, f, g, &n).compare();
    let gf = FunctionComparator::new(m, g, f, &n).compare();
    assert_eq!(
        fg,
        gf.reverse(),
        "cmp(f, g) = {fg:?} but cmp(g, f) = {gf:?}"
    );
    if fg.is_eq() {
        assert_eq!(
            structural_hash(m, f),
            structural_hash(m, g),
            "equal functions must hash equal"
        );
        assert_eq!(
            detailed_hash(m, f),
            detailed_hash(m, g),
            "equal functions must have equal keys (--lookup hash)"
        );
    }
    fg
}

/// opt-22's binary: `$MERGEFN_OPT`, else the Debian/Ubuntu LLVM 22 location.
fn opt() -> Option<PathBuf> {
    let p = std::env::var_os("MERGEFN_OPT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin/opt"));
    p.exists().then_some(p)
}

/// The fixture as opt should see it: `@f` and `@g` internal and called from a new function, so
/// MergeFunctions may replace one by the other outright instead of writing a thunk (which it
/// skips for tiny functions).
fn for_opt(src: &str, m: &Module) -> String {
    let mut out = String::new();
    for line in src.lines() {
        let is_fg = line.starts_with("define ") && (line.contains(" @f(") || line.contains(" @g("));
        if is_fg && !line.contains(" internal ") {
            out.push_str("define internal ");
            out.push_str(&line["define ".len()..]);
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out.push_str("define void @__mergefn_user() {\n");
    for name in ["f", "g"] {
        let f = m.function(function(m, name)).expect("a function");
        let args: Vec<String> = f
            .params
            .iter()
            .map(|p| format!("{} poison", type_to_string(m, p.ty)))
            .collect();
        out.push_str(&format!(
            "  call {} @{name}({})\n",
            type_to_string(m, f.fn_ty),
            args.join(", ")
        ));
    }
    out.push_str("  ret void\n}\n");
    out
}

/// Whether LLVM 22's MergeFunctions merges `@f` and `@g` of `src`: `None` if opt is not
/// installed or cannot read the fixture (byte types, typed pointers). Merged means one of the
/// two is gone, or became a thunk calling the other.
pub fn llvm_merges(src: &str, m: &Module) -> Option<bool> {
    let opt = opt()?;
    let dir = std::env::temp_dir().join(format!("mergefn-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join(format!("{:016x}.ll", fxhash(src)));
    std::fs::write(&path, for_opt(src, m)).ok()?;
    let out = Command::new(opt)
        .args(["-passes=mergefunc", "-S", "-o", "-"])
        .arg(&path)
        .output()
        .ok()?;
    let _ = std::fs::remove_file(&path);
    if !out.status.success() {
        return None;
    }
    let m = mergefn_ir::parse_module(&out.stdout).ok()?;
    let thunk_to = |name: &str, other: &str| -> bool {
        let Some(id) = m.global_by_name(name) else {
            return true;
        };
        let Some(f) = m.function(id) else { return true };
        let Some(body) = &f.body else { return false };
        let calls_other = |i| {
            body.insts[i]
                .callee()
                .and_then(|v| v.as_const())
                .and_then(|c| m.consts.as_global(c))
                .is_some_and(|g| m.global_name(g) == other)
        };
        let mut insts = body.insts_in_order();
        let thunk = insts.all(|i| {
            let op = body.insts[i].opcode;
            op.is_cast() || op == mergefn_ir::Opcode::Ret || calls_other(i)
        });
        thunk && body.insts_in_order().filter(|&i| calls_other(i)).count() == 1
    };
    Some(thunk_to("g", "f") || thunk_to("f", "g"))
}

fn fxhash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// The fixture's `@f` and `@g` are equal (`expect_equal`) or not, for us and for opt-22.
pub fn check(src: &str, expect_equal: bool) {
    let m = module(src);
    let ours = compare_f_g(&m).is_eq();
    let why = explain(&m, function(&m, "f"), function(&m, "g"));
    assert_eq!(
        ours,
        expect_equal,
        "expected {}, comparator says:\n{why}",
        if expect_equal { "equal" } else { "different" }
    );
    if let Some(llvm) = llvm_merges(src, &m) {
        assert_eq!(
            llvm,
            expect_equal,
            "opt-22 disagrees with the expectation ({}); comparator says:\n{why}",
            if llvm {
                "it merges"
            } else {
                "it does not merge"
            }
        );
    }
}

/// `equal!(name, src)`: a test that `@f` and `@g` of `src` are equal.
#[macro_export]
macro_rules! equal {
    ($name:ident, $src:expr) => {
        #[test]
        fn $name() {
            common::check($src, true)
        }
    };
}

/// `differ!(name, src)`: a test that `@f` and `@g` of `src` are not equal.
#[macro_export]
macro_rules! differ {
    ($name:ident, $src:expr) => {
        #[test]
        fn $name() {
            common::check($src, false)
        }
    };
}
