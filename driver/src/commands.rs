//! One function per subcommand: `cmd_x` takes the parsed `XArgs` from [`crate::cli`] and does
//! the whole job, reading inputs and writing outputs through [`crate::io`].
//!
//! `merge`, `types` and `explain` are placeholders until the merge pass and comparator land.

use crate::cli::{Command, ExplainArgs, MergeArgs, PrintArgs, TypesArgs};
use crate::diag::Error;
use crate::io;

/// Run the subcommand the user chose.
pub fn run(command: Command) -> Result<(), Error> {
    match command {
        Command::Merge(args) => cmd_merge(&args),
        Command::Types(args) => cmd_types(&args),
        Command::Explain(args) => cmd_explain(&args),
        Command::Print(args) => cmd_print(&args),
    }
}

/// `mergefn merge`: merge equivalent functions and write the module, and the report if asked.
pub fn cmd_merge(_args: &MergeArgs) -> Result<(), Error> {
    not_implemented("merge")
}

/// `mergefn types`: show the module's interned types.
pub fn cmd_types(_args: &TypesArgs) -> Result<(), Error> {
    not_implemented("types")
}

/// `mergefn explain`: say why two functions do or do not merge.
pub fn cmd_explain(_args: &ExplainArgs) -> Result<(), Error> {
    not_implemented("explain")
}

/// `mergefn print`: read a module and write it back in the chosen format.
pub fn cmd_print(args: &PrintArgs) -> Result<(), Error> {
    let m = io::load_module(&args.input)?;
    io::save_module(&args.output, &m, args.emit, args.pretty)
}

fn not_implemented(command: &str) -> Result<(), Error> {
    Err(Error::other(format!(
        "`mergefn {command}` is not implemented yet"
    )))
}
