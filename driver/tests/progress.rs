//! The progress bar: drawn on a terminal (a pseudo-terminal from `script(1)` here) when asked
//! or for big inputs, never into a pipe, never with `--quiet` or `--progress never`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/containers.ll")
}

/// Run mergefn with `args` on a pseudo-terminal; what the terminal showed.
fn on_terminal(args: &str) -> Option<String> {
    let cmd = format!("{} {args}", env!("CARGO_BIN_EXE_mergefn"));
    let out = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .output();
    match out {
        Ok(o) if o.status.success() => Some(String::from_utf8_lossy(&o.stdout).into_owned()),
        Ok(o) => panic!(
            "mergefn failed on a terminal: {}",
            String::from_utf8_lossy(&o.stdout)
        ),
        Err(e) => {
            assert!(
                !mergefn_tests::in_ci(),
                "script(1) (util-linux) is required under CI=true: {e}"
            );
            eprintln!("skipping: no script(1): {e}");
            None
        }
    }
}

#[test]
fn bar_on_a_terminal_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o.ll");
    let ex = example();
    let Some(shown) = on_terminal(&format!(
        "merge {} -o {} --progress always",
        ex.display(),
        out.display()
    )) else {
        return;
    };
    for stage in ["read", "merge", "write"] {
        assert!(shown.contains(stage), "stage {stage} not shown: {shown:?}");
    }
    assert!(out.exists(), "the output was not written");
}

#[test]
fn no_bar_when_quiet_never_small_or_piped() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o.ll");
    let ex = example();
    for flags in ["--progress always --quiet", "--progress never", ""] {
        let Some(shown) = on_terminal(&format!(
            "merge {} -o {} {flags}",
            ex.display(),
            out.display()
        )) else {
            return;
        };
        assert!(
            shown.is_empty(),
            "with '{flags}' the terminal showed {shown:?}"
        );
    }
    // A pipe is not a terminal: nothing, even when asked.
    let o = Command::new(env!("CARGO_BIN_EXE_mergefn"))
        .args([
            "merge",
            ex.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--progress",
            "always",
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(
        o.stderr.is_empty(),
        "stderr in a pipe: {:?}",
        String::from_utf8_lossy(&o.stderr)
    );
}
