//! The command-line grammar. Help text lives here, next to the flags it describes, so that
//! `mergefn --help` and `mergefn <command> --help` are the user's manual.
//!
//! Each subcommand has its own `*Args` struct, handed unchanged to its `cmd_*` function in
//! [`crate::commands`]. Adding a flag means adding a field here and reading it there.

use crate::io::{FileArg, Format};
use crate::progress::When;
use clap::{Args, Parser, Subcommand, ValueEnum};

const ABOUT: &str = "Merge equivalent functions in LLVM IR";

const LONG_ABOUT: &str = "\
Merge equivalent functions in LLVM IR.

mergefn finds functions in an LLVM module whose bodies are equivalent, in the sense of
LLVM's MergeFunctions pass (`opt -passes=mergefunc`): the same instructions over the same
operands, up to differences that cannot change the generated code. It keeps one body of
each group and replaces every other function in one of four ways, as LLVM would: deleted
(every use now refers to the survivor), a thunk (the name stays, tail-calling the survivor),
an alias (with --use-aliases), or replaced (its direct callers call the survivor, it stays);
when both functions may be replaced at link time (weak, linkonce_odr, ...) the body moves to
a new private function and both names become thunks of it, or vanish if nothing uses them.
With --merge-similar it also merges functions that differ only in constants (kind
`parameterized` or `rewritten` in the report); with --merge-cycles, mutually recursive
groups of equal functions (`cycle: true` in the report).

It reads textual IR (.ll, as written by `clang -S -emit-llvm` or `llvm-dis`) and a JSON
dump of its own IR model; the format is detected from the content. Bitcode (.bc) must be
converted with `llvm-dis` first.";

const AFTER_HELP: &str = "\
Examples:
  mergefn merge in.ll -o out.ll --report r.json
  clang -S -emit-llvm -o - a.c | mergefn merge - --stats > merged.ll
  mergefn explain in.ll f g
  mergefn dups in.ll --html dups.html
  mergefn print in.ll --emit json --pretty -o in.json

Exit status:
  0  success
  1  error: unreadable or malformed input, output that cannot be written, internal error
  2  usage error: unknown flag, missing or invalid argument
  `explain` answers like cmp: 0 equal, 1 different, 2 any error";

#[derive(Debug, Parser)]
#[command(
    name = "mergefn",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = AFTER_HELP,
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// Threads to use [default: one per core]; the output is the same for any number
    #[arg(
        short = 'j',
        long,
        global = true,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..),
        long_help = "\
Threads to use [default: one per core]. mergefn reads big inputs (1 MiB and more),
verifies, hashes and prints on this many threads; the output is the same for any number.
`-j 1` runs on one thread."
    )]
    pub threads: Option<u16>,

    /// When to show a progress bar on stderr (only ever on a terminal)
    #[arg(
        long,
        global = true,
        value_enum,
        value_name = "WHEN",
        default_value_t = When::Auto,
        long_help = "\
When to show a progress bar on stderr through reading, verifying, merging and writing:
`auto` for inputs of 100 MiB and more, `always`, or `never`. It is only ever drawn on a
terminal, never into a pipe or a log."
    )]
    pub progress: When,

    /// No progress bar (the same as --progress never)
    #[arg(short, long, global = true)]
    pub quiet: bool,

    /// Read typed-pointer IR (`i8*`, LLVM 14) as LLVM 22 does: every pointer is `ptr`
    #[arg(
        long,
        global = true,
        long_help = "\
Read typed-pointer IR (`i8*`, `%T*`: LLVM 14 and before) as LLVM 22 reads it: every pointer
is `ptr`, and the output is opaque-pointer IR that only LLVM 15 and later read. Merges are
then exactly those of `opt-22 -passes=mergefunc` on the same file. Without it, a module that
spells only typed pointers stays typed and prints as LLVM 14 printed it, so LLVM 14's tools
still read the output; a thunk between functions whose pointee types differ then casts with
`bitcast`, as LLVM 14's did, and such thunks (unlike LLVM 22's, which need no cast) do not
merge with each other afterwards. A module that spells `ptr` anywhere (outside comments and
strings) is read as LLVM 22 reads it either way."
    )]
    pub opaque_pointers: bool,
}

impl Cli {
    /// When to show progress, `--quiet` winning.
    pub fn progress_when(&self) -> When {
        if self.quiet {
            When::Never
        } else {
            self.progress
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Merge equivalent functions and write the smaller module
    #[command(
        long_about = "\
Merge equivalent functions and write the smaller module.

Reads INPUT, merges every group of equivalent functions as LLVM's MergeFunctions pass
does, and writes the result to OUTPUT (and the --report, all outputs or none). The kept
body is unchanged; each other function is, as LLVM decides:
  deleted   every use now refers to the survivor (local or unused linkonce_odr copies)
  thunk     it keeps its name and address and tail-calls the survivor
  alias     an alias of the survivor (--use-aliases, where its address is insignificant)
  replaced  its direct callers call the survivor; it stays (too small for a thunk)
When both may be replaced at link time (weak, linkonce_odr, ...) the body first moves to
a new private function, which both names then call or alias (the report names it
<private NAME>). With --merge-similar, functions that differ only in constants also
share a body (`parameterized`, `rewritten`); with --merge-cycles, functions equal up to
which of two equal functions they call (mutual recursion) merge too, in the same four ways.",
        after_help = "\
Examples:
  mergefn merge in.ll -o out.ll --report r.json
  mergefn merge in.ll -o out.ll --use-aliases --stats
  clang -S -emit-llvm -o - a.c | mergefn merge - > merged.ll"
    )]
    Merge(MergeArgs),

    /// Show where the duplicate code is: groups of functions merging would fold
    #[command(
        long_about = "\
Show where the duplicate code is: the groups of functions that `merge` would fold.

Runs the merge on a copy of INPUT (nothing is written back) and lists each group of
functions that become one: demangled names (C++ and Rust), the template or generic they
come from (its arguments shown as `<_>`), instruction counts, estimated machine bytes, and
what merging saves, most first. With --similar, groups of functions that differ only in
constants (what `merge --merge-similar` folds) are included. The JSON and HTML outputs
also list near misses: functions of the same shape that do not merge, with the
comparator's verdict saying where they differ.

Bytes are the cost model's estimates for the module's target, good for ranking, not a
linker map.",
        after_help = "\
Examples:
  mergefn dups in.ll
  mergefn dups in.ll --limit 0 --similar
  mergefn dups in.ll --json > dups.json
  mergefn dups in.ll --html dups.html && xdg-open dups.html"
    )]
    Dups(DupsArgs),

    /// Show the module's types as mergefn interns them
    #[command(after_help = "\
Examples:
  mergefn types in.ll
  mergefn types in.ll --json > types.json")]
    Types(TypesArgs),

    /// Explain why two functions do or do not merge
    #[command(
        long_about = "\
Explain why two functions do or do not merge.

Compares functions F and G of INPUT with the same comparator `merge` uses and reports
the verdict: equal, or the first difference found and where it is.",
        after_help = "\
Examples:
  mergefn explain in.ll f g
  mergefn explain in.ll @_ZN3foo3barEv @_ZN3foo3bazEv && echo same

Exit status (like cmp):
  0  the functions are equal (they would merge)
  1  they differ
  2  error: unreadable input, no such function, usage"
    )]
    Explain(ExplainArgs),

    /// Read a module and write it back, as .ll or JSON
    #[command(
        long_about = "\
Read a module and write it back, as .ll or JSON.

Checks that mergefn reads a file, normalises its text, and converts between .ll and the
JSON dump of mergefn's IR model. `print` of a JSON dump gives the same .ll as `print` of
the module it was made from.",
        after_help = "\
Examples:
  mergefn print in.ll
  mergefn print in.ll --emit json --pretty -o in.json
  mergefn print in.json -o in.ll"
    )]
    Print(PrintArgs),
}

/// The help shared by every INPUT argument.
const INPUT_HELP: &str = "Input module: .ll text or mergefn JSON; `-` reads stdin";

#[derive(Debug, Args)]
pub struct MergeArgs {
    #[arg(value_name = "INPUT", help = INPUT_HELP)]
    pub input: FileArg,

    /// Skip the IR verifier that runs after reading (types of returns, calls and stores, phi
    /// nodes against the CFG, placement of phis and terminators)
    #[arg(long)]
    pub no_verify: bool,

    /// Where to write the merged module; `-` is stdout
    #[arg(short, long, value_name = "OUTPUT", default_value = "-")]
    pub output: FileArg,

    /// Also write a JSON report of every group of merged functions and how each was replaced
    #[arg(long, value_name = "R.json")]
    pub report: Option<FileArg>,

    /// Replace merged functions by aliases where linkage allows, instead of thunks
    #[arg(long)]
    pub use_aliases: bool,

    /// Beyond LLVM: after the exact merges, functions that differ only in constant
    /// operands (integers, globals they use, functions they call) share one body that takes
    /// the differing values as extra parameters; each becomes a thunk passing its own. Only
    /// where the estimated machine code shrinks
    #[arg(long)]
    pub merge_similar: bool,

    /// Beyond LLVM: after the exact merges, also merge functions that are equal once the
    /// functions they call directly are taken as equal when those are too, recursively:
    /// mutually recursive groups (f -> g -> f and f' -> g' -> f') and what calls into them
    #[arg(long)]
    pub merge_cycles: bool,

    /// Keep debug info of merged functions as LLVM's -mergefunc-preserve-debug-info does:
    /// a merged function keeps its name, entry block debug info for its parameters and its
    /// callers, and becomes a thunk in place
    #[arg(long)]
    pub preserve_debug_info: bool,

    /// Print statistics (functions seen, compared, merged) to stderr
    #[arg(long)]
    pub stats: bool,

    /// How to find, for each function, the already-seen function equal to it. Every
    /// strategy merges the same functions into the same output; they differ in speed
    #[arg(long, value_enum, value_name = "HOW", default_value_t = Lookup::Hash)]
    pub lookup: Lookup,

    /// Which function bodies to read in full. A body that no other body could equal (by
    /// a key read off its text: its instructions' opcodes) can never merge; with `needed`
    /// it is only scanned for the globals, metadata and attribute groups it names, and goes
    /// to the output as it was written, those names brought up to date. Its instructions are
    /// then neither parsed nor verified: errors inside it are left to the next LLVM tool
    #[arg(long, value_enum, value_name = "WHICH", default_value_t = Bodies::Auto)]
    pub parse_bodies: Bodies,
}

/// Which bodies `merge` reads in full (`--parse-bodies`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Bodies {
    /// Every body: all of them parsed and verified
    All,
    /// Only bodies that may merge (those sharing their opcode key with another)
    Needed,
    /// `needed` for inputs of 1 MiB and more (compiler output, where reading is most of
    /// the time), `all` for smaller ones (the default). `--merge-similar`, `--merge-cycles`
    /// and `--preserve-debug-info` always read every body
    Auto,
}

/// Strategies for finding equal functions; all give the same merges, at different costs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lookup {
    /// An ordered tree over the comparator's total order alone
    Tree,
    /// Buckets keyed by a fine structural key (opcodes, types, which values and globals each operand names, integer constants), each in comparator order: most lookups need one comparison or none (the default)
    Hash,
    /// Ordered by LLVM's structural hash first, then the comparator (LLVM's scheme)
    Hybrid,
}

#[derive(Debug, Args)]
pub struct DupsArgs {
    #[arg(value_name = "INPUT", help = INPUT_HELP)]
    pub input: FileArg,

    /// Skip the IR verifier that runs after reading (types of returns, calls and stores, phi
    /// nodes against the CFG, placement of phis and terminators)
    #[arg(long)]
    pub no_verify: bool,

    /// Where to write the table (or the JSON); `-` is stdout
    #[arg(short, long, value_name = "OUTPUT", default_value = "-")]
    pub output: FileArg,

    /// Write JSON for tools instead of the table: every group with its functions, and the
    /// near misses
    #[arg(long)]
    pub json: bool,

    /// Also write a self-contained HTML page to browse: groups, their functions, sizes and
    /// the verdict on each near miss
    #[arg(long, value_name = "PAGE.html")]
    pub html: Option<FileArg>,

    /// Include functions that differ only in constants (what --merge-similar folds)
    #[arg(long)]
    pub similar: bool,

    /// Include mutually recursive groups of equal functions (what --merge-cycles folds)
    #[arg(long)]
    pub cycles: bool,

    /// Groups in the table; 0 shows all (JSON and HTML always have all)
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub limit: usize,

    /// Near misses to explain in the JSON and HTML; 0 for none
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub near_misses: usize,
}

#[derive(Debug, Args)]
pub struct TypesArgs {
    #[arg(value_name = "INPUT", help = INPUT_HELP)]
    pub input: FileArg,

    /// Skip the IR verifier that runs after reading (types of returns, calls and stores, phi
    /// nodes against the CFG, placement of phis and terminators)
    #[arg(long)]
    pub no_verify: bool,

    /// Print JSON instead of one line per type
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[arg(value_name = "INPUT", help = INPUT_HELP)]
    pub input: FileArg,

    /// Skip the IR verifier that runs after reading (types of returns, calls and stores, phi
    /// nodes against the CFG, placement of phis and terminators)
    #[arg(long)]
    pub no_verify: bool,

    /// The first function's name, with or without the leading `@`
    #[arg(value_name = "F")]
    pub f: String,

    /// The second function's name, with or without the leading `@`
    #[arg(value_name = "G")]
    pub g: String,
}

#[derive(Debug, Args)]
pub struct PrintArgs {
    #[arg(value_name = "INPUT", help = INPUT_HELP)]
    pub input: FileArg,

    /// Skip the IR verifier that runs after reading (types of returns, calls and stores, phi
    /// nodes against the CFG, placement of phis and terminators)
    #[arg(long)]
    pub no_verify: bool,

    /// Where to write the module; `-` is stdout
    #[arg(short, long, value_name = "OUTPUT", default_value = "-")]
    pub output: FileArg,

    /// Output format
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Ll)]
    pub emit: Format,

    /// Indent JSON output for reading (no effect on .ll)
    #[arg(long)]
    pub pretty: bool,
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }
}
