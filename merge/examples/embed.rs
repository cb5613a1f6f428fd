//! Embedding mergefn: parse a module, compare two of its functions, merge it, print the report.
//! `cargo run -p mergefn-merge --example embed -- IN.ll F G`
use mergefn_compare::{FunctionComparator, GlobalNumbers};
use mergefn_merge::{merge_functions, Options};
use std::error::Error;

/// Compare functions `f` and `g` of the module in `ll`, merge the module; what to print.
pub fn run(ll: &[u8], f: &str, g: &str) -> Result<String, Box<dyn Error>> {
    let mut m = mergefn_ir::parse_module(ll)?;
    mergefn_ir::verify_module(&m)?;
    let find = |name: &str| m.global_by_name(name).ok_or(format!("no @{name}"));
    let (fid, gid) = (find(f)?, find(g)?);
    let order = FunctionComparator::new(&m, fid, gid, &GlobalNumbers::new()).compare();
    let mut out = format!("@{f} vs @{g}: {order:?}\n");
    let report = merge_functions(&mut m, &Options::default());
    for r in &report.merged {
        out += &format!("{} -> {} ({:?})\n", r.function, r.into, r.kind);
    }
    let merged_ll = mergefn_ir::module_to_string(&m);
    out += &format!(
        "{} definitions left\n",
        merged_ll.matches("\ndefine ").count()
    );
    Ok(out + &serde_json::to_string(&report.counts)? + "\n")
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, f, g] = &args[..] else {
        return Err("usage: embed IN.ll F G".into());
    };
    print!("{}", run(&std::fs::read(path)?, f, g)?);
    Ok(())
}
