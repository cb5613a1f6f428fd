//! Files and streams: the only place the driver touches the file system.
//!
//! Inputs are read whole before anything is written, so an output may name its own input.
//! Outputs to files are written to a temporary file in the destination's directory and renamed
//! over the destination only once complete: on any failure the destination is untouched and
//! the temporary file is gone (it is deleted on drop, including while unwinding).

use crate::cli::Bodies;
use crate::diag::Error;
use crate::progress::Progress;
use clap::ValueEnum;
use mergefn_ir::uses::UseHints;
use mergefn_ir::Module;
use std::ffi::OsString;
use std::fs;
use std::io::{self, BufWriter, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

/// A file named on the command line, where `-` means stdin (for inputs) or stdout (for outputs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileArg {
    Std,
    Path(PathBuf),
}

impl From<OsString> for FileArg {
    fn from(s: OsString) -> Self {
        if s == "-" {
            FileArg::Std
        } else {
            FileArg::Path(s.into())
        }
    }
}

impl FileArg {
    /// The size of the file, when it is one (`None` for stdin, or if it cannot be read).
    pub fn len(&self) -> Option<u64> {
        match self {
            FileArg::Std => None,
            FileArg::Path(p) => fs::metadata(p).ok().map(|m| m.len()),
        }
    }

    /// The name to show in messages about this input.
    pub fn input_name(&self) -> String {
        self.name("<stdin>")
    }

    /// The name to show in messages about this output.
    pub fn output_name(&self) -> String {
        self.name("<stdout>")
    }

    fn name(&self, std_name: &str) -> String {
        match self {
            FileArg::Std => std_name.to_owned(),
            FileArg::Path(p) => p.display().to_string(),
        }
    }
}

/// The formats a module is read from and written to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// LLVM textual IR
    Ll,
    /// serde JSON of mergefn's IR model
    Json,
}

impl Format {
    /// Detect the format of `bytes`: JSON if the first non-whitespace byte is `{`, else .ll
    /// (an .ll file cannot start with `{`). Bitcode is left to the .ll reader, which names it.
    pub fn detect(bytes: &[u8]) -> Format {
        match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'{') => Format::Json,
            _ => Format::Ll,
        }
    }
}

/// The bytes of an input: a regular file is mapped, not copied; anything else is read.
pub enum InputBytes {
    Mapped(memmap2::Mmap),
    Read(Vec<u8>),
}

impl std::ops::Deref for InputBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            InputBytes::Mapped(m) => m,
            InputBytes::Read(v) => v,
        }
    }
}

impl AsRef<[u8]> for InputBytes {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl InputBytes {
    /// Let the kernel drop the mapped pages wholly inside `start..end` (see
    /// [`InputBytes::release_before`]).
    fn release_range(&self, start: usize, end: usize) {
        const PAGE: usize = 4096;
        let InputBytes::Mapped(map) = self else {
            return;
        };
        let (a, b) = (
            start.next_multiple_of(PAGE),
            end.min(map.len()) & !(PAGE - 1),
        );
        if a < b {
            // SAFETY: as in `release_before`: a private read-only file mapping.
            let _ =
                unsafe { map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, a, b - a) };
        }
    }

    /// Tell the kernel that the mapped bytes before `offset` are not needed for now, so that
    /// they stop counting against our memory: a big input then streams through the reader
    /// instead of staying resident next to the module built from it. Touching them again
    /// (an error message quoting an early line) simply reads them back from the page cache.
    fn release_before(&self, released: &mut usize, offset: usize) {
        const STEP: usize = 1 << 20;
        let InputBytes::Mapped(map) = self else {
            return;
        };
        let end = offset & !(STEP - 1);
        if end > *released {
            // SAFETY: the map is a private read-only file mapping, so dropping its pages only
            // means they are read again from the file when next touched.
            let _ = unsafe {
                map.unchecked_advise_range(
                    memmap2::UncheckedAdvice::DontNeed,
                    *released,
                    end - *released,
                )
            };
            *released = end;
        }
    }
}

/// Read all of `input`: map it if it is a regular file, else read it into memory.
///
/// A mapped input must not be truncated by another process while we read it; build tools
/// write their outputs whole, as we do (see [`write_output`]).
pub fn read_input(input: &FileArg) -> Result<InputBytes, Error> {
    let read = match input {
        FileArg::Std => {
            let mut buf = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut buf)
                .map(|_| InputBytes::Read(buf))
        }
        FileArg::Path(p) => map_or_read(p),
    };
    read.map_err(|source| Error::Read {
        name: input.input_name(),
        source,
    })
}

fn map_or_read(path: &Path) -> io::Result<InputBytes> {
    let file = fs::File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::new(ErrorKind::IsADirectory, "Is a directory"));
    }
    if meta.is_file() && meta.len() > 0 {
        // SAFETY: see `read_input`; the map lives as long as the bytes borrowed from it.
        if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
            let _ = map.advise(memmap2::Advice::Sequential);
            return Ok(InputBytes::Mapped(map));
        }
    }
    let mut buf = Vec::with_capacity(meta.len() as usize);
    (&file).read_to_end(&mut buf)?;
    Ok(InputBytes::Read(buf))
}

/// Inputs from this size on read only the bodies a merge may need, under `--parse-bodies
/// auto` (see [`Bodies`]).
pub const LAZY_FROM: usize = 1 << 20;

/// How every subcommand reads `.ll` text (the global options that say it).
#[derive(Copy, Clone, Debug, Default)]
pub struct Reading {
    /// `--opaque-pointers`: typed pointers (`i8*`) read as LLVM 22 reads them, as `ptr`.
    pub opaque_pointers: bool,
}

/// Read a module from `input`, in whichever format it is, and (when `verify`) run the IR
/// verifier on it; a finding is reported at the instruction's position, like a parse error.
pub fn load_module(input: &FileArg, verify: bool, read: Reading) -> Result<Module, Error> {
    load_module_with_hints(input, verify, Bodies::All, read, &Progress::hidden()).map(|(m, _)| m)
}

/// [`load_module`], with the reader's use hints for `.ll` input (see
/// `mergefn_ir::uses::UseHints`), showing the stages on `progress`.
pub fn load_module_with_hints(
    input: &FileArg,
    verify: bool,
    lazy: Bodies,
    read: Reading,
    progress: &Progress,
) -> Result<(Module, Option<UseHints>), Error> {
    let bytes = std::sync::Arc::new(read_input(input)?);
    let name = input.input_name();
    progress.stage("read", Some(bytes.len() as u64), true);
    let (mut m, hints) = match Format::detect(&bytes) {
        Format::Ll => {
            let mut released = 0;
            let keep = match lazy {
                Bodies::All => false,
                Bodies::Needed => true,
                Bodies::Auto => bytes.len() >= LAZY_FROM,
            };
            let opts = mergefn_ir::ReadOptions {
                lazy_source: keep.then(|| {
                    let mapped = bytes.clone();
                    mergefn_ir::lazy::Source::new(bytes.clone())
                        .with_release(std::sync::Arc::new(move |a, b| mapped.release_range(a, b)))
                }),
                opaque_pointers: read.opaque_pointers,
            };
            let (m, hints) = mergefn_ir::parse_module_with_options(
                &bytes,
                &mut |offset| {
                    progress.set(offset as u64);
                    bytes.release_before(&mut released, offset)
                },
                &opts,
            )
            .map_err(|err| Error::Parse {
                name: name.clone(),
                err,
            })?;
            (m, Some(hints))
        }
        Format::Json => {
            let mut m: Module = serde_json::from_slice(&bytes).map_err(|err| Error::Json {
                name: name.clone(),
                err,
            })?;
            m.rebuild_indexes();
            (m, None)
        }
    };
    // Like opt, the module is known by the name its input was given on the command line
    // (`<stdin>` for `-`); the writer prints it as the `; ModuleID` comment. A JSON dump
    // keeps the name of the text it was read from.
    if m.module_id.is_none() || matches!(Format::detect(&bytes), Format::Ll) {
        m.module_id = Some(name.as_str().into());
    }
    if verify {
        progress.stage("verify", None, false);
        if let Err(e) = mergefn_ir::verify_module(&m) {
            let msg = format!("{e}; use --no-verify to skip this check");
            return Err(match e.offset {
                Some(off) => Error::Parse {
                    name,
                    err: mergefn_ir::reader::position(&bytes, off, msg),
                },
                None => Error::other(format!("{name}: {msg}")),
            });
        }
    }
    // Read and verified: nothing needs the text now but the writer, which takes the bodies
    // kept as text back from the page cache as it prints them.
    bytes.release_range(0, bytes.len());
    Ok((m, hints))
}

/// Write `m` to `dest` in `format` (`pretty` indents JSON), prepared only (see [`Pending`]).
pub fn prepare_module(
    dest: &FileArg,
    m: &Module,
    format: Format,
    pretty: bool,
    progress: &Progress,
) -> Result<Pending, Error> {
    progress.stage("write", None, true);
    prepare_output(dest, |w| {
        let w = &mut progress.writer(w);
        match (format, pretty) {
            (Format::Ll, _) => return mergefn_ir::write_module(m, w),
            (Format::Json, false) => serde_json::to_writer(&mut *w, m)?,
            (Format::Json, true) => serde_json::to_writer_pretty(&mut *w, m)?,
        }
        w.write_all(b"\n")
    })
}

/// Write `dest` with `write`, atomically when `dest` is a regular file (see the module doc).
///
/// A reader that goes away early (`mergefn print big.ll | head`) is not an error: the broken
/// pipe on stdout just ends the output.
pub fn write_output(
    dest: &FileArg,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), Error> {
    commit(vec![prepare_output(dest, write)?])
}

/// An output written to a temporary file beside its destination, not yet in place: the
/// outputs of one run are all prepared, then all committed ([`commit`]), so that a failure
/// in any of them (an unwritable `--report`) leaves none written. Dropping one removes its
/// temporary file.
pub struct Pending(Option<(tempfile::NamedTempFile, PathBuf, String)>);

/// Write `dest`'s content with `write`: to a temporary file for a regular file (placed by
/// [`commit`]); straight to stdout, a device or a FIFO, which cannot be replaced.
pub fn prepare_output(
    dest: &FileArg,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<Pending, Error> {
    let failed = |source| Error::Write {
        name: dest.output_name(),
        source,
    };
    match dest {
        FileArg::Std => {
            let mut w = BufWriter::new(io::stdout().lock());
            match write(&mut w).and_then(|()| w.flush()) {
                Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(failed(e)),
                _ => Ok(Pending(None)),
            }
        }
        FileArg::Path(p) => prepare_file(p, write)
            .map(|t| Pending(t.map(|(tmp, path)| (tmp, path, dest.output_name()))))
            .map_err(|e| failed(without_paths(e))),
    }
}

/// Put prepared outputs in place (a rename each, in the same directory).
pub fn commit(outputs: Vec<Pending>) -> Result<(), Error> {
    for Pending(p) in outputs {
        if let Some((tmp, dest, name)) = p {
            tmp.persist(&dest).map_err(|e| Error::Write {
                name,
                source: without_paths(e.error),
            })?;
        }
    }
    Ok(())
}

/// The error without the temporary file's path that `tempfile` adds to its messages: the
/// user named another file, and the message names that one.
fn without_paths(e: io::Error) -> io::Error {
    match e.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::new(e.kind(), e.kind().to_string()),
    }
}

/// Write `path`'s new content to a temporary file in its directory, with the permissions it
/// will have; `None` when `path` is a device or FIFO (`-o /dev/null`), written in place.
fn prepare_file(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<Option<(tempfile::NamedTempFile, PathBuf)>> {
    // `fs::metadata` follows symlinks: we replace what the link points to, not the link.
    let existing = match fs::metadata(path) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let perms = match &existing {
        Some(meta) if meta.is_dir() => {
            return Err(io::Error::new(ErrorKind::IsADirectory, "Is a directory"))
        }
        // A device or a FIFO cannot be replaced by renaming; write it in place.
        Some(meta) if !meta.is_file() => {
            let mut w = BufWriter::new(fs::OpenOptions::new().write(true).open(path)?);
            write(&mut w).and_then(|()| w.flush())?;
            return Ok(None);
        }
        Some(meta) => Some(meta.permissions()),
        None => new_file_permissions(),
    };
    let dest = if existing.is_some() {
        fs::canonicalize(path)?
    } else {
        path.to_owned()
    };
    let dir = match dest.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let tmp = tempfile::Builder::new()
        .prefix(".mergefn-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    let mut w = BufWriter::new(Writeback::new(tmp));
    write(&mut w)?;
    let tmp = w.into_inner().map_err(io::IntoInnerError::into_error)?.file;
    if let Some(perms) = perms {
        tmp.as_file().set_permissions(perms)?;
    }
    Ok(Some((tmp, dest)))
}

/// An output's temporary file that has the kernel start writing each megabyte to disk once it
/// is written, rather than all at once when the file is renamed into place.
///
/// Replacing an existing file by renaming makes ext4 (`auto_da_alloc`) and btrfs start
/// writing the new file back in the rename itself, so that a crash does not leave an empty
/// file behind. On this project's benchmark machine that was 7 ms of a 40 ms run writing an
/// 8 MiB module and 30 ms of all_linked's 230 ms; started as the text is written, part of the
/// same work overlaps with printing (docs/PERFORMANCE.md, the nineteenth session). Nothing is
/// waited for, the rename keeps its protection, and elsewhere than on Linux this is a plain
/// file.
#[derive(Debug)]
struct Writeback {
    file: tempfile::NamedTempFile,
    /// Bytes written so far, and how many of them writeback was started for.
    written: u64,
    started: u64,
}

impl Writeback {
    const STEP: u64 = 1 << 20;

    fn new(file: tempfile::NamedTempFile) -> Self {
        Writeback {
            file,
            written: 0,
            started: 0,
        }
    }

    /// Start writing back the bytes written since the last call: a hint, its failure
    /// changes nothing.
    fn start_writeback(&mut self) {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            let (from, len) = (self.started, self.written - self.started);
            if let (Ok(from), Ok(len)) = (i64::try_from(from), i64::try_from(len)) {
                // SAFETY: a system call on a descriptor this value owns, with no memory
                // passed to it.
                let _ = unsafe {
                    libc::sync_file_range(
                        self.file.as_file().as_raw_fd(),
                        from,
                        len,
                        libc::SYNC_FILE_RANGE_WRITE,
                    )
                };
            }
        }
        self.started = self.written;
    }
}

impl Write for Writeback {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.file.write(buf)?;
        self.written += n as u64;
        if self.written - self.started >= Self::STEP {
            self.start_writeback();
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Permissions for a file we create: on Unix `rw-r--r--`, as a compiler's outputs usually are,
/// since the temporary file starts out private; elsewhere the temporary file's own.
fn new_file_permissions() -> Option<fs::Permissions> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(fs::Permissions::from_mode(0o644))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{FileArg, Format};
    use std::ffi::OsString;

    #[test]
    fn an_output_written_with_early_writeback_is_written_whole() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        let tmp = tempfile::NamedTempFile::new_in(dir.path()).unwrap();
        let path = tmp.path().to_owned();
        let mut w = std::io::BufWriter::new(super::Writeback::new(tmp));
        let mut expected = Vec::new();
        // Pieces of every size around the buffer's and the step's, to 3.5 MiB.
        let mut k = 0u32;
        while expected.len() < 7 << 19 {
            let piece: Vec<u8> = (0..(k * 7919) % 300_000).map(|i| (i ^ k) as u8).collect();
            w.write_all(&piece).unwrap();
            expected.extend_from_slice(&piece);
            k += 1;
        }
        let inner = w.into_inner().unwrap();
        assert_eq!(inner.written, expected.len() as u64);
        // Writeback was started for every whole megabyte but the last one written.
        assert!(inner.started >= 2 << 20 && inner.started <= inner.written);
        assert_eq!(std::fs::read(&path).unwrap(), expected);
    }

    #[test]
    fn dash_means_the_standard_stream() {
        assert_eq!(FileArg::from(OsString::from("-")), FileArg::Std);
        assert_eq!(
            FileArg::from(OsString::from("./-")),
            FileArg::Path("./-".into())
        );
    }

    #[test]
    fn json_is_detected_by_its_first_brace() {
        assert_eq!(Format::detect(b" \n\t{\"types\":[]}"), Format::Json);
        assert_eq!(
            Format::detect(b"define void @f() {\n  ret void\n}\n"),
            Format::Ll
        );
        assert_eq!(Format::detect(b"; {\n"), Format::Ll);
        assert_eq!(Format::detect(b""), Format::Ll);
        assert_eq!(Format::detect(b"BC\xC0\xDE"), Format::Ll);
    }
}
