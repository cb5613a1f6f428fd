//! What the reader's test files share: LLVM 22's `opt`, and running it on a module's text.

#![allow(dead_code)] // each test file uses its own part

use std::path::{Path, PathBuf};

/// LLVM 22's `opt`, when installed (required under `CI=true`, as in the `tests` crate).
pub fn opt22() -> Option<PathBuf> {
    let p = PathBuf::from("/usr/lib/llvm-22/bin/opt");
    if p.exists() {
        Some(p)
    } else if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("LLVM 22 (/usr/lib/llvm-22/bin/opt) is required under CI=true but is missing");
    } else {
        None
    }
}

/// opt-22 run on `src` with `args`: its standard output, or its first line of errors.
pub fn run_opt(opt: &Path, args: &[&str], src: &str) -> Result<String, String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(opt)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("opt starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(src.as_bytes())
        .unwrap();
    let out = child.wait_with_output().expect("opt runs");
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        Err(err.lines().next().unwrap_or_default().to_owned())
    }
}
