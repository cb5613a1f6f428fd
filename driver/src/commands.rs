//! One function per subcommand: `cmd_x` takes the parsed `XArgs` from [`crate::cli`] and does
//! the whole job, reading inputs and writing outputs through [`crate::io`].
//!

use crate::cli::{Bodies, Command, DupsArgs, ExplainArgs, Lookup, MergeArgs, PrintArgs, TypesArgs};
use crate::diag::Error;
use crate::io::{self, FileArg, Format};
use crate::progress::{Progress, When};
use mergefn_merge as merge;
use std::process::ExitCode;
use std::time::Instant;

/// Run the subcommand the user chose, reading inputs as `read` says; the exit status on
/// success.
pub fn run(command: Command, progress: When, read: io::Reading) -> Result<ExitCode, Error> {
    match command {
        Command::Merge(args) => cmd_merge(&args, progress, read).map(|()| ExitCode::SUCCESS),
        Command::Dups(args) => cmd_dups(&args, read).map(|()| ExitCode::SUCCESS),
        Command::Types(args) => cmd_types(&args, read).map(|()| ExitCode::SUCCESS),
        Command::Explain(args) => cmd_explain(&args, read),
        Command::Print(args) => cmd_print(&args, progress, read).map(|()| ExitCode::SUCCESS),
    }
}

/// `mergefn merge`: merge equivalent functions and write the module, and the report if asked.
pub fn cmd_merge(args: &MergeArgs, when: When, read: io::Reading) -> Result<(), Error> {
    let start = Instant::now();
    let progress = Progress::new(when, args.input.len());
    // Only LLVM's own merges are decided on opcode keys; the others look at every body.
    let bodies = if args.merge_similar || args.merge_cycles || args.preserve_debug_info {
        Bodies::All
    } else {
        args.parse_bodies
    };
    let (mut m, hints) =
        io::load_module_with_hints(&args.input, !args.no_verify, bodies, read, &progress)?;
    let parsed = Instant::now();
    progress.stage("merge", None, false);
    let lookup = match args.lookup {
        Lookup::Tree => merge::Lookup::Tree,
        Lookup::Hash => merge::Lookup::Hash,
        Lookup::Hybrid => merge::Lookup::Hybrid,
    };
    let opts = merge::Options {
        use_aliases: args.use_aliases,
        preserve_debug_info: args.preserve_debug_info,
        lookup,
        merge_similar: args.merge_similar,
        merge_cycles: args.merge_cycles,
    };
    // The module is as read (the verifier only reads it): the reader's use hints hold.
    let report = merge::merge_functions_hinted(&mut m, &opts, hints.as_ref());
    let merged = Instant::now();
    // Every output is prepared before any is put in place: all of them, or none.
    let mut outputs = vec![io::prepare_module(
        &args.output,
        &m,
        Format::Ll,
        false,
        &progress,
    )?];
    let printed = Instant::now();
    let timings = serde_json::json!({
        "parse": (parsed - start).as_secs_f64(),
        "merge": (merged - parsed).as_secs_f64(),
        "print": (printed - merged).as_secs_f64(),
    });
    if let Some(dest) = &args.report {
        let mut value = serde_json::to_value(&report)
            .map_err(|e| Error::other(format!("cannot encode the report: {e}")))?;
        value["timings_s"] = timings.clone();
        outputs.push(io::prepare_output(dest, |w| {
            serde_json::to_writer_pretty(&mut *w, &value)?;
            w.write_all(b"\n")
        })?);
    }
    io::commit(outputs)?;
    progress.finish();
    if args.stats {
        eprint!("{}", stats_text(&report, &timings));
    }
    // The process ends here: freeing a big module piece by piece would only cost time.
    std::mem::forget(m);
    Ok(())
}

/// `--stats`: the counts for a person, in the style of `opt -stats`.
fn stats_text(r: &merge::Report, t: &serde_json::Value) -> String {
    let c = &r.counts;
    let rows = [
        (c.functions, "functions in the module"),
        (c.eligible, "functions eligible for merging"),
        (c.candidates, "functions sharing a hash with another"),
        (
            c.kept_as_text,
            "bodies kept as text (no other could equal them)",
        ),
        (c.twins, "bodies read as a clone of the same text"),
        (c.initializers_kept_as_text, "initializers kept as text"),
        (c.comparisons as usize, "function comparisons"),
        (c.merged, "Number of functions merged"),
        (c.thunks, "Number of thunks generated"),
        (c.aliases, "Number of aliases generated"),
        (c.new_functions, "Number of new functions created"),
        (c.deleted, "functions deleted outright"),
        (c.replaced, "functions kept, callers redirected"),
    ];
    let mut s = String::from(
        "===-------------------------------------------------------------------------===\n",
    );
    s.push_str("                          ... Statistics Collected ...\n");
    s.push_str(
        "===-------------------------------------------------------------------------===\n\n",
    );
    // How the input was read (`--parse-bodies`), said only when something was kept as
    // text (as `opt -stats` shows only the counters that moved).
    let reading = [
        "bodies kept as text (no other could equal them)",
        "bodies read as a clone of the same text",
        "initializers kept as text",
    ];
    for (n, what) in rows {
        if n == 0 && reading.contains(&what) {
            continue;
        }
        s.push_str(&format!("{n:>9} mergefunc - {what}\n"));
    }
    s.push_str(&format!(
        "\ntime: parse {:.3}s, merge {:.3}s, print {:.3}s\n",
        t["parse"].as_f64().unwrap_or(0.0),
        t["merge"].as_f64().unwrap_or(0.0),
        t["print"].as_f64().unwrap_or(0.0)
    ));
    s
}

/// `mergefn dups`: the groups merging would fold, as a table, JSON, and an HTML page.
pub fn cmd_dups(args: &DupsArgs, read: io::Reading) -> Result<(), Error> {
    let m = io::load_module(&args.input, !args.no_verify, read)?;
    let d = crate::dups::find(
        &m,
        &args.input.input_name(),
        args.similar,
        args.cycles,
        args.near_misses,
    );
    // The page first: stdout, unlike a file, cannot be taken back if the page then failed.
    let mut outputs = Vec::new();
    if let Some(page) = &args.html {
        outputs.push(io::prepare_output(page, |w| {
            w.write_all(crate::dups::html(&d).as_bytes())
        })?);
    }
    outputs.push(io::prepare_output(&args.output, |w| {
        if args.json {
            serde_json::to_writer_pretty(&mut *w, &d)?;
            w.write_all(b"\n")
        } else {
            w.write_all(crate::dups::table(&d, args.limit).as_bytes())
        }
    })?);
    io::commit(outputs)?;
    std::mem::forget(m);
    Ok(())
}

/// `mergefn types`: classes of structurally equal identified structs.
pub fn cmd_types(args: &TypesArgs, read: io::Reading) -> Result<(), Error> {
    let m = io::load_module(&args.input, !args.no_verify, read)?;
    let classes = mergefn_compare::types::type_classes(&m);
    io::write_output(&FileArg::Std, |w| {
        if args.json {
            serde_json::to_writer_pretty(&mut *w, &serde_json::json!({ "classes": classes }))?;
            return w.write_all(b"\n");
        }
        for class in &classes {
            let names: Vec<String> = class.iter().map(|n| format!("%{n}")).collect();
            writeln!(w, "{}", names.join(" = "))?;
        }
        Ok(())
    })
}

/// `mergefn explain`: say why two functions do or do not merge.
/// Exits 0 when the functions are equal, 1 when they differ (errors: 2), like `cmp`.
pub fn cmd_explain(args: &ExplainArgs, read: io::Reading) -> Result<ExitCode, Error> {
    let m = io::load_module(&args.input, !args.no_verify, read)?;
    let find = |name: &str| {
        let name = name.strip_prefix('@').unwrap_or(name);
        match m.global_by_name(name) {
            Some(g) if m.function(g).is_some_and(|f| f.body.is_some()) => Ok(g),
            Some(_) => Err(Error::other(format!(
                "'@{name}' is not a function definition in {}",
                args.input.input_name()
            ))),
            None => Err(Error::other(format!(
                "no function named '@{name}' in {}",
                args.input.input_name()
            ))),
        }
    };
    let (f, g) = (find(&args.f)?, find(&args.g)?);
    let e = mergefn_compare::explain(&m, f, g);
    io::write_output(&FileArg::Std, |w| writeln!(w, "{e}"))?;
    Ok(if e.is_equal() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `mergefn print`: read a module and write it back in the chosen format.
pub fn cmd_print(args: &PrintArgs, when: When, read: io::Reading) -> Result<(), Error> {
    let progress = Progress::new(when, args.input.len());
    let (m, _) =
        io::load_module_with_hints(&args.input, !args.no_verify, Bodies::All, read, &progress)?;
    let out = io::prepare_module(&args.output, &m, args.emit, args.pretty, &progress)?;
    io::commit(vec![out])?;
    progress.finish();
    std::mem::forget(m);
    Ok(())
}
