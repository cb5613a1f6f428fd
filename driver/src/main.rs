//! The `mergefn` binary: parse the command line, run one subcommand, turn the outcome into a
//! message and an exit status.
//!
//! This crate owns files, flags, output and exit codes; everything about IR lives in the
//! library crates. The modules split that job:
//! - [`cli`]: the command-line grammar and its help text (clap derive);
//! - [`commands`]: one `cmd_*` function per subcommand, taking its parsed arguments;
//! - [`io`]: reading inputs whole, detecting their format, writing outputs atomically;
//! - [`dups`]: the duplicates report (`mergefn dups`): groups, names, sizes, table and HTML;
//! - [`progress`]: the progress bar of long runs (indicatif), on terminals only;
//! - [`diag`]: the [`diag::Error`] type, how errors are shown, and the last-resort panic guard.

mod cli;
mod commands;
mod diag;
mod dups;
mod io;
mod progress;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Usage errors leave here with status 2, `--help` and `--version` with 0 (clap's convention).
    let cli = cli::Cli::parse();
    if let Some(n) = cli.threads {
        // Only fails if a pool exists already, which cannot happen this early.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(n))
            .build_global();
    }
    let error_status = match cli.command {
        cli::Command::Explain(_) => 2,
        _ => 1,
    };
    let when = cli.progress_when();
    let read = io::Reading {
        opaque_pointers: cli.opaque_pointers,
    };
    diag::run_guarded(|| commands::run(cli.command, when, read), error_status)
}

/// jemalloc rather than the system allocator: reading allocates per instruction (operand
/// lists, attributes, metadata) on several threads, where jemalloc's thread caches cost a
/// fifth less CPU than glibc's malloc for the same peak memory.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's options, read before `main`: one arena. By default each thread allocates from
/// an arena of its own (four per core), and what the reader's threads allocate (the bodies,
/// the metadata) lives on to the end in half-used pages of several arenas: one arena costs
/// 7-23% less peak memory on the corpus' big modules for the same time (threads still take
/// small allocations from caches of their own). `_RJEM_MALLOC_CONF` in the environment
/// overrides it.
#[cfg(not(target_env = "msvc"))]
#[used]
#[export_name = "_rjem_malloc_conf"]
static MALLOC_CONF: &u8 = &b"narenas:1\0"[0];
