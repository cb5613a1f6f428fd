//! Errors as the user sees them.
//!
//! Every failure a user can cause or fix is an [`Error`], reported on stderr as one
//! `error: ...` line (plus, for a parse error, the offending line with a caret under the
//! column, as clang and `llvm-as` show them) and exit status 1. A panic is a bug in mergefn:
//! [`run_guarded`] reports it as an internal error, also with status 1, instead of a Rust
//! backtrace. Usage errors never get here; clap reports them with status 2.

use mergefn_ir::ParseError;
use std::fmt;
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe, PanicHookInfo};
use std::process::ExitCode;

/// A failure the user can do something about.
#[derive(Debug)]
pub enum Error {
    /// An input could not be read. `name` is the path as given, or `<stdin>`.
    Read { name: String, source: io::Error },
    /// An output could not be written. `name` is the path as given, or `<stdout>`.
    Write { name: String, source: io::Error },
    /// An input is not valid textual IR.
    Parse { name: String, err: ParseError },
    /// An input that starts like JSON is not a valid JSON module.
    Json {
        name: String,
        err: serde_json::Error,
    },
    /// Anything else, as one sentence.
    Other(String),
}

impl Error {
    pub fn other(msg: impl Into<String>) -> Error {
        Error::Other(msg.into())
    }
}

/// The first line of the report, after `error: `.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { name, source } => {
                write!(f, "cannot read '{name}': {}", os_reason(source))
            }
            Error::Write { name, source } => {
                write!(f, "cannot write '{name}': {}", os_reason(source))
            }
            Error::Parse { name, err } => write!(f, "{name}:{}:{}: {}", err.line, err.col, err.msg),
            Error::Json { name, err } => {
                // serde_json appends " at line L column C"; we put the position up front instead.
                let msg = err.to_string();
                let suffix = format!(" at line {} column {}", err.line(), err.column());
                let msg = msg.strip_suffix(&suffix).unwrap_or(&msg);
                write!(
                    f,
                    "{name}:{}:{}: invalid JSON module: {msg}",
                    err.line(),
                    err.column()
                )
            }
            Error::Other(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for Error {}

/// An I/O error's reason without Rust's " (os error N)" suffix: "No such file or directory".
fn os_reason(e: &io::Error) -> String {
    let text = e.to_string();
    match e.raw_os_error() {
        Some(code) => text
            .strip_suffix(&format!(" (os error {code})"))
            .unwrap_or(&text)
            .to_owned(),
        None => text,
    }
}

/// Run `body` and turn its outcome into an exit status: the status it returns, or
/// `error_status` after reporting an error or a panic (1, except for `explain`, which answers
/// with 0 and 1 and so reports errors with 2, as `cmp` does).
pub fn run_guarded(body: impl FnOnce() -> Result<ExitCode, Error>, error_status: u8) -> ExitCode {
    panic::set_hook(Box::new(report_panic));
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(status)) => status,
        Ok(Err(e)) => {
            // If stderr itself is gone there is no one left to tell.
            let _ = write!(io::stderr().lock(), "{}", render(&e));
            ExitCode::from(error_status)
        }
        // The hook has reported it.
        Err(_) => ExitCode::from(error_status),
    }
}

/// The full report of `e`: the `error:` line and, for a parse error, the source snippet.
pub fn render(e: &Error) -> String {
    let mut out = format!("error: {e}\n");
    if let Error::Parse { err, .. } = e {
        if let Some((line, caret)) = snippet(&err.line_text, err.col) {
            out += &format!("{line}\n{caret}\n");
        }
    }
    out
}

/// Lines longer than this many characters are shown as a window around the column.
const SNIPPET_WIDTH: usize = 120;

/// The offending line and a caret line pointing at 1-based character column `col`, or `None`
/// if the line is not text worth echoing to a terminal (bitcode, other binary data).
fn snippet(line_text: &str, col: u32) -> Option<(String, String)> {
    let chars: Vec<char> = line_text
        .strip_suffix('\r')
        .unwrap_or(line_text)
        .chars()
        .collect();
    if chars.iter().any(|&c| c.is_control() && c != '\t') {
        return None;
    }
    let at = (col.max(1) - 1) as usize;
    let at = at.min(chars.len());
    let (start, end) = if chars.len() <= SNIPPET_WIDTH {
        (0, chars.len())
    } else {
        let start = at
            .saturating_sub(SNIPPET_WIDTH / 2)
            .min(chars.len() - SNIPPET_WIDTH);
        (start, start + SNIPPET_WIDTH)
    };
    let lead = if start > 0 { "..." } else { "" };
    let tail = if end < chars.len() { "..." } else { "" };
    let shown: String = chars[start..end].iter().collect();
    // Copy tabs so the caret lines up however the terminal expands them.
    let pad: String = chars[start..at]
        .iter()
        .map(|&c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    Some((
        format!("{lead}{shown}{tail}"),
        format!("{}{pad}^", " ".repeat(lead.len())),
    ))
}

fn report_panic(info: &PanicHookInfo<'_>) {
    let payload = info.payload();
    let msg = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("panic");
    let place = info
        .location()
        .map(|l| format!(" at {}:{}", l.file(), l.line()))
        .unwrap_or_default();
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "error: internal error: {msg}{place}");
    let _ = writeln!(
        err,
        "note: this is a bug in mergefn, please report it with the input that triggers it"
    );
    let trace = std::backtrace::Backtrace::capture();
    if trace.status() == std::backtrace::BacktraceStatus::Captured {
        let _ = writeln!(err, "{trace}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_error(line_text: &str, col: u32) -> Error {
        let err = ParseError {
            line: 3,
            col,
            msg: "expected type".into(),
            line_text: line_text.into(),
        };
        Error::Parse {
            name: "in.ll".into(),
            err,
        }
    }

    #[test]
    fn parse_errors_show_the_line_and_a_caret_under_the_column() {
        let e = parse_error("define void @f( {", 17);
        assert_eq!(
            render(&e),
            "error: in.ll:3:17: expected type\ndefine void @f( {\n                ^\n"
        );
    }

    #[test]
    fn the_caret_follows_tabs_and_ignores_a_carriage_return() {
        let (line, caret) = snippet("\t%x = add i8 %y\r", 7).unwrap();
        assert_eq!(line, "\t%x = add i8 %y");
        assert_eq!(caret, "\t     ^");
    }

    #[test]
    fn a_caret_past_the_end_points_just_after_the_line() {
        let (_, caret) = snippet("ret", 4).unwrap();
        assert_eq!(caret, "   ^");
        let (_, caret) = snippet("ret", 99).unwrap();
        assert_eq!(caret, "   ^");
    }

    #[test]
    fn long_lines_are_shown_as_a_window_around_the_column() {
        let text = format!("{}X{}", "a".repeat(500), "b".repeat(500));
        let (line, caret) = snippet(&text, 501).unwrap();
        assert!(line.starts_with("...") && line.ends_with("..."));
        assert_eq!(line.chars().count(), SNIPPET_WIDTH + 6);
        assert_eq!(line.chars().nth(caret.len() - 1), Some('X'));
    }

    #[test]
    fn binary_lines_are_not_echoed() {
        let e = parse_error("BC\u{FFFD}\u{FFFD}5\u{14}\0\0\u{5}\0\0\0", 1);
        assert_eq!(render(&e), "error: in.ll:3:1: expected type\n");
    }

    #[test]
    fn io_errors_read_like_a_sentence() {
        let source = io::Error::from_raw_os_error(2);
        let e = Error::Read {
            name: "x.ll".into(),
            source,
        };
        assert_eq!(
            e.to_string(),
            "cannot read 'x.ll': No such file or directory"
        );
    }

    #[test]
    fn json_errors_put_the_position_first() {
        let err = serde_json::from_str::<Vec<u32>>("[1,\n x]").unwrap_err();
        let e = Error::Json {
            name: "m.json".into(),
            err,
        };
        assert_eq!(
            e.to_string(),
            "m.json:2:2: invalid JSON module: expected value"
        );
    }
}
