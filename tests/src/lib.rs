//! Shared helpers for the end-to-end tests: finding LLVM 22's `opt`, the real-IR corpus, and
//! normalising modules through `opt -S`.
//!
//! Tests that need `opt-22` or the corpus fail (never skip) when `CI=true`; on a developer
//! machine without them they print why and return early.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Whether we run under CI, where missing tools are failures.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

fn require(what: &str) -> Option<()> {
    if in_ci() {
        panic!("{what} is required under CI=true but is missing");
    }
    eprintln!("skipping: {what} is missing (run .ci/run or scripts/corpus.sh)");
    None
}

/// Path to LLVM 22's `opt`, or `None` (outside CI) when it is not installed.
pub fn opt22() -> Option<PathBuf> {
    let p = PathBuf::from("/usr/lib/llvm-22/bin/opt");
    if p.exists() {
        Some(p)
    } else {
        require("LLVM 22 (/usr/lib/llvm-22/bin/opt)").map(|_| p)
    }
}

/// Path to LLVM 14's `opt` (for typed-pointer IR).
pub fn opt14() -> Option<PathBuf> {
    let p = PathBuf::from("/usr/lib/llvm-14/bin/opt");
    if p.exists() {
        Some(p)
    } else {
        require("LLVM 14 (/usr/lib/llvm-14/bin/opt)").map(|_| p)
    }
}

/// The hand-written modules under `tests/fixtures/<sub>/`, sorted by name.
pub fn fixtures(sub: &str) -> Vec<PathBuf> {
    let dir = workspace_root().join("tests/fixtures").join(sub);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    v.sort();
    v
}

/// `text` read and printed again (in full): two modules that are the same print the same.
pub fn reprinted(text: &[u8]) -> Result<String, String> {
    let m = mergefn_ir::parse_module(text).map_err(|e| e.to_string())?;
    Ok(mergefn_ir::module_to_string(&m))
}

/// The corpus modules under `target/corpus/<sub>/`, sorted by name; `None` (outside CI) when the
/// corpus has not been built.
pub fn corpus(sub: &str) -> Option<Vec<PathBuf>> {
    let dir = workspace_root().join("target/corpus").join(sub);
    let Ok(rd) = std::fs::read_dir(&dir) else {
        return require(&format!("the corpus ({})", dir.display())).map(|_| Vec::new());
    };
    let mut v: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    v.sort();
    if v.is_empty() {
        require(&format!("the corpus ({})", dir.display()))?;
    }
    Some(v)
}

/// Run `opt` with `args` on `input` (bytes on stdin); returns stdout, or stderr as the error.
pub fn run_opt(opt: &Path, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let mut child = Command::new(opt)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", opt.display()))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = feeder.join();
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// `opt -S` output with the lines that legitimately differ between two prints of one module
/// removed (`; ModuleID`, `source_filename`).
pub fn normalise(opt: &Path, input: &[u8]) -> Result<String, String> {
    let out = run_opt(opt, &["-S", "-o", "-"], input)?;
    let text = String::from_utf8_lossy(&out);
    // Comdats are a set; opt prints them in hash-table order, which depends on how the table
    // was filled. Sort them so that order does not count.
    let mut comdats: Vec<&str> = text.lines().filter(|l| l.starts_with('$')).collect();
    comdats.sort_unstable();
    let mut comdats = comdats.into_iter();
    Ok(text
        .lines()
        .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
        .map(|l| {
            if l.starts_with('$') {
                comdats.next().unwrap_or(l)
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n"))
}

/// The first differing line of two texts, for failure messages.
pub fn first_difference(a: &str, b: &str) -> String {
    for (k, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  expected: {x}\n  actual:   {y}", k + 1);
        }
    }
    format!(
        "lengths differ: {} vs {} lines",
        a.lines().count(),
        b.lines().count()
    )
}

/// Merge the module at `path` with mergefn and with `opt -passes=mergefunc` (both with
/// aliases when the file name contains `aliases`, both preserving debug info when it
/// contains `preserve_debug_info`); our output must pass opt's verifier and both,
/// normalised, must be identical. Our output is saved in the temp directory when not.
pub fn differential(opt: &Path, path: &Path) -> Result<mergefn_merge::Report, String> {
    let src = std::fs::read(path).map_err(|e| e.to_string())?;
    differential_text(opt, path, &src)
}

/// [`differential`] on `src`, the text of `path` (the path names the options and the saved
/// output).
pub fn differential_text(
    opt: &Path,
    path: &Path,
    src: &[u8],
) -> Result<mergefn_merge::Report, String> {
    let aliases = path.to_string_lossy().contains("aliases");
    let preserve_debug_info = path.to_string_lossy().contains("preserve_debug_info");
    let mut args = vec!["-S", "-passes=mergefunc", "-o", "-"];
    if aliases {
        args.push("-mergefunc-use-aliases");
    }
    if preserve_debug_info {
        args.push("-mergefunc-preserve-debug-info");
    }
    let theirs = run_opt(opt, &args, src).map_err(|e| format!("opt failed: {e}"))?;
    let expected = normalise(opt, &theirs)?;
    let mut m = mergefn_ir::parse_module(src).map_err(|e| format!("parse error at {e}"))?;
    let report = mergefn_merge::merge_functions(
        &mut m,
        &mergefn_merge::Options {
            use_aliases: aliases,
            preserve_debug_info,
            ..Default::default()
        },
    );
    let ours = mergefn_ir::module_to_string(&m);
    let save = std::env::temp_dir().join(format!(
        "mergefn-diff-{}.ll",
        path.file_stem().unwrap_or_default().to_string_lossy()
    ));
    let actual = normalise(opt, ours.as_bytes()).map_err(|e| {
        let _ = std::fs::write(&save, &ours);
        format!(
            "opt rejects our output (saved to {}): {}",
            save.display(),
            e.lines().next().unwrap_or("")
        )
    })?;
    run_opt(opt, &["-passes=verify", "-disable-output"], ours.as_bytes())
        .map_err(|e| format!("our output does not verify: {e}"))?;
    if !preserve_debug_info {
        lazy_agrees(src, &ours, aliases)?;
    }
    if expected != actual {
        let _ = std::fs::write(&save, &ours);
        return Err(format!(
            "differs from opt-22 (ours saved to {}) at {}",
            save.display(),
            first_difference(&expected, &actual)
        ));
    }
    Ok(report)
}

/// Merging `src` read with its unmergeable bodies kept as text (`mergefn_ir::lazy`, what
/// `mergefn merge` does with inputs of 1 MiB and more) gives the module `full`, the output of
/// merging it read in full: both outputs, read again in full and printed, are the same text.
/// (The lazy output's kept bodies are the input's text; reading and printing them puts them
/// in the writer's form.)
pub fn lazy_agrees(src: &[u8], full: &str, use_aliases: bool) -> Result<usize, String> {
    let source = mergefn_ir::lazy::Source::new(std::sync::Arc::new(src.to_vec()));
    let opts = mergefn_ir::ReadOptions {
        lazy_source: Some(source.clone()),
        ..Default::default()
    };
    let (mut m, hints) = mergefn_ir::parse_module_with_options(source.bytes(), &mut |_| {}, &opts)
        .map_err(|e| format!("lazy read: parse error at {e}"))?;
    let report = mergefn_merge::merge_functions_hinted(
        &mut m,
        &mergefn_merge::Options {
            use_aliases,
            ..Default::default()
        },
        Some(&hints),
    );
    let kept = report.counts.kept_as_text;
    let lazy = mergefn_ir::module_to_string(&m);
    let again = |text: &str, what: &str| {
        reprinted(text.as_bytes()).map_err(|e| format!("{what} output does not read again: {e}"))
    };
    let (a, b) = (
        again(full, "the full read's")?,
        again(&lazy, "the lazy read's")?,
    );
    if a != b {
        let save = std::env::temp_dir().join("mergefn-lazy-output.ll");
        let _ = std::fs::write(&save, &lazy);
        return Err(format!(
            "merging with bodies kept as text ({kept} of them) differs (saved to {}) at {}",
            save.display(),
            first_difference(&a, &b)
        ));
    }
    Ok(kept)
}

/// `src` without what makes LLVM 22 and mergefn differ on purpose (docs/DIVERGENCES.md), so a
/// real module can be compared with opt-22 exactly: the `!kcfi_type` attachments of function
/// definitions (LLVM merges functions whose kCFI types differ; we keep them apart). The
/// divergences themselves are pinned by `tests/fixtures/divergences/`.
pub fn without_divergence_triggers(src: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let text = String::from_utf8_lossy(src);
    if !text.contains("!kcfi_type") {
        return std::borrow::Cow::Borrowed(src);
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if line.starts_with("define ") && line.contains(" !kcfi_type !") {
            let mut l = line.to_string();
            while let Some(i) = l.find(" !kcfi_type !") {
                let end = l[i + 13..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(l.len(), |n| i + 13 + n);
                l.replace_range(i..end, "");
            }
            out.push_str(&l);
        } else {
            out.push_str(line);
        }
    }
    std::borrow::Cow::Owned(out.into_bytes())
}

/// How many lines `diff a b` marks (`<` or `>`): the size of a shortest edit script between
/// the two texts' lines (Myers' algorithm; `None` when it exceeds `limit`).
pub fn differing_lines(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<&str> = a.lines().collect();
    let b: Vec<&str> = b.lines().collect();
    let pre = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suf = a[pre..]
        .iter()
        .rev()
        .zip(b[pre..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a, b) = (&a[pre..a.len() - suf], &b[pre..b.len() - suf]);
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max = ((n + m) as usize).min(limit) as isize;
    let off = max + 1;
    let mut v = vec![0isize; 2 * max as usize + 3];
    for d in 0..=max {
        let mut k = -d;
        while k <= d {
            let i = (k + off) as usize;
            let mut x = if k == -d || (k != d && v[i - 1] < v[i + 1]) {
                v[i + 1]
            } else {
                v[i - 1] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[i] = x;
            if x >= n && y >= m {
                return Some(d as usize);
            }
            k += 2;
        }
    }
    None
}

/// The first lines where `ours` and `theirs` part, with a few lines of each after, for
/// failure messages.
pub fn first_differences(theirs: &str, ours: &str, lines: usize) -> String {
    let t: Vec<&str> = theirs.lines().collect();
    let o: Vec<&str> = ours.lines().collect();
    let k = t.iter().zip(&o).take_while(|(x, y)| x == y).count();
    let show = |v: &[&str]| {
        v.iter()
            .skip(k)
            .take(lines)
            .map(|l| format!("    {l}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!(
        "from line {}:\n  opt-22:\n{}\n  mergefn:\n{}",
        k + 1,
        show(&t),
        show(&o)
    )
}

/// Merge `src` (the text of `path`) with mergefn and with `opt -passes=mergefunc`, both
/// printed as they print (no normalisation; opt reads stdin, so both name the module
/// `<stdin>`); returns opt's line count and the number of lines `diff` would mark.
pub fn printed_differential(opt: &Path, path: &Path, src: &[u8]) -> Result<(usize, usize), String> {
    let aliases = path.to_string_lossy().contains("aliases");
    let preserve_debug_info = path.to_string_lossy().contains("preserve_debug_info");
    let mut args = vec!["-S", "-passes=mergefunc", "-o", "-"];
    if aliases {
        args.push("-mergefunc-use-aliases");
    }
    if preserve_debug_info {
        args.push("-mergefunc-preserve-debug-info");
    }
    let theirs = run_opt(opt, &args, src).map_err(|e| format!("opt failed: {e}"))?;
    let theirs = String::from_utf8_lossy(&theirs);
    let mut m = mergefn_ir::parse_module(src).map_err(|e| format!("parse error at {e}"))?;
    m.module_id = Some("<stdin>".into());
    mergefn_merge::merge_functions(
        &mut m,
        &mergefn_merge::Options {
            use_aliases: aliases,
            preserve_debug_info,
            ..Default::default()
        },
    );
    let ours = mergefn_ir::module_to_string(&m);
    let lines = theirs.lines().count();
    let allowed = lines / 200; // 0.5%
    match differing_lines(&theirs, &ours, allowed) {
        Some(d) => Ok((lines, d)),
        None => Err(format!(
            "more than {allowed} of {lines} lines differ from opt-22's output; {}",
            first_differences(&theirs, &ours, 8)
        )),
    }
}
