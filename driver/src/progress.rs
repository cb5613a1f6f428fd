//! The progress bar of long runs: one line on stderr that follows a run through its stages
//! (read, verify, merge, write), with bytes where a stage knows them.
//!
//! Shown only where a person watches and waits: stderr is a terminal and the input is big
//! ([`AUTO_MIN_BYTES`]), or `--progress always` on a terminal. Never in pipes or logs (the
//! bar draws only to a terminal) and never with `--progress never` or `--quiet`. When hidden,
//! every call is a no-op.

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal, Write};
use std::time::Duration;

/// Inputs at least this big get a bar with `--progress auto`: smaller ones finish within a
/// second or two.
pub const AUTO_MIN_BYTES: u64 = 100 << 20;

/// When to show the progress bar.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, ValueEnum)]
pub enum When {
    /// On a terminal, for inputs of 100 MiB and more
    #[default]
    Auto,
    /// On a terminal, whatever the input's size
    Always,
    /// Never
    Never,
}

/// A progress bar, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// The bar for a run over an input of `input_len` bytes (unknown for stdin).
    pub fn new(when: When, input_len: Option<u64>) -> Progress {
        let wanted = match when {
            When::Never => false,
            When::Always => true,
            When::Auto => input_len.is_some_and(|n| n >= AUTO_MIN_BYTES),
        };
        if !wanted || !io::stderr().is_terminal() {
            return Progress { bar: None };
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }

    /// A bar that never shows.
    pub fn hidden() -> Progress {
        Progress { bar: None }
    }

    /// Start stage `name`: over `total` bytes when known, counting bytes of unknown total when
    /// `bytes`, else a spinner with the time spent.
    pub fn stage(&self, name: &str, total: Option<u64>, bytes: bool) {
        let Some(bar) = &self.bar else { return };
        let style = match (total, bytes) {
            (Some(_), _) => ProgressStyle::with_template(
                "{spinner} {msg:<7} [{bar:30}] {bytes}/{total_bytes} ({bytes_per_sec}, {eta})",
            ),
            (None, true) => {
                ProgressStyle::with_template("{spinner} {msg:<7} {bytes} ({bytes_per_sec})")
            }
            (None, false) => ProgressStyle::with_template("{spinner} {msg:<7} {elapsed}"),
        };
        // Each stage counts its own bytes and time.
        bar.reset();
        bar.set_message(name.to_owned());
        bar.set_length(total.unwrap_or(0));
        if let Ok(style) = style {
            bar.set_style(style.progress_chars("=> "));
        }
    }

    /// Bytes done so far in the current stage.
    pub fn set(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    /// Remove the bar: the run is over (or failed, and its message comes next).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    /// `w`, counting what goes through it on the bar.
    pub fn writer<'a>(&'a self, w: &'a mut dyn Write) -> Counting<'a> {
        Counting {
            inner: w,
            progress: self,
            done: 0,
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A writer that reports the bytes written through it to a [`Progress`].
pub struct Counting<'a> {
    inner: &'a mut dyn Write,
    progress: &'a Progress,
    done: u64,
}

impl Write for Counting<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        let before = self.done;
        self.done += n as u64;
        // The writer writes in small pieces: tell the bar once per MiB.
        if before >> 20 != self.done >> 20 {
            self.progress.set(self.done);
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
