//! `structural_hash` is LLVM 22's `StructuralHash` bit for bit: checked against
//! `opt -passes='print<structural-hash>'` on the fixtures and the corpus. (The values decide the
//! order MergeFunctions visits candidates in, hence where thunks land.)

use mergefn_tests::*;
use std::collections::HashMap;
use std::path::Path;

fn check(opt: &Path, path: &Path) -> Result<usize, String> {
    let src = std::fs::read(path).map_err(|e| e.to_string())?;
    let out = std::process::Command::new(opt)
        .args(["-passes=print<structural-hash>", "-disable-output"])
        .arg(path)
        .output()
        .map_err(|e| e.to_string())?;
    // The printer writes to stderr: "Function <name> Hash: <hex>".
    let text = String::from_utf8_lossy(&out.stderr);
    let theirs: HashMap<&str, u64> = text
        .lines()
        .filter_map(|l| l.strip_prefix("Function "))
        .filter_map(|l| l.rsplit_once(" Hash: "))
        .map(|(n, h)| (n, u64::from_str_radix(h.trim(), 16).unwrap_or(0)))
        .collect();
    let m = mergefn_ir::parse_module(&src).map_err(|e| e.to_string())?;
    let mut n = 0;
    for f in m.functions() {
        let Some(name) = m.globals[f].common().name.as_str() else {
            continue;
        };
        if m.function(f).is_some_and(|f| f.body.is_none()) {
            continue;
        }
        let Some(&want) = theirs.get(name) else {
            continue;
        };
        let got = mergefn_compare::structural_hash(&m, f);
        if got != want {
            return Err(format!("{name}: ours {got:016x}, opt-22 {want:016x}"));
        }
        n += 1;
    }
    if n == 0 {
        return Err("no function hashes compared".into());
    }
    Ok(n)
}

#[test]
fn structural_hash_equals_llvm_on_fixtures_and_corpus() {
    let Some(opt) = opt22() else { return };
    let mut files = fixtures("merge");
    files.extend(corpus("c").unwrap_or_default());
    // The big Rust modules add a minute of opt time and nothing new: keep the small ones.
    files.extend(
        corpus("rust")
            .unwrap_or_default()
            .into_iter()
            .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() < 8 << 20)),
    );
    let mut total = 0;
    let mut failures = Vec::new();
    for f in &files {
        match check(&opt, f) {
            Ok(n) => total += n,
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    eprintln!("structural hash: {total} functions identical to opt-22's");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
