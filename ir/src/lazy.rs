//! Function bodies kept as text.
//!
//! Merging only ever changes functions that are equal to another one, and the callers of
//! those. A body that no other body could equal is never compared, hashed or rewritten: all
//! the pass needs from it is which globals it names (a rename or a "replace all uses" must
//! reach it), and all the writer needs is its text with those names, metadata numbers and
//! attribute-group numbers brought up to date. Reading such a body into instructions is most
//! of the cost of a run on real modules, so a scan finds the bodies that cannot merge before
//! the reader starts, and the reader keeps them as a [`LazyBody`]: the text and its
//! references.
//!
//! "Cannot merge" rests on a key read off the text that LLVM's comparator cannot tell apart
//! for equal functions: the multiset, over the blocks reachable from the entry (found on the
//! text's `label %x` operands), of each block's sequence of instructions, an instruction
//! being its opcode word (the first word after `%x =`) with its compare predicate, a coarse
//! class of the first type written and a load's metadata kinds (see `refine`); blind to
//! names, operands and block order. Then the globals (see `keys_with_callees`): the names of
//! the declared functions called, and, for bodies that still share a key, of the globals
//! named as operands but functions defined here (variables, declarations, aliases: merging
//! never changes them) and the integer constants among their operands (see `literals`);
//! the functions defined here that a body calls or names stand for
//! their keys, refined round after round as an automaton is minimised. Equal functions have equal instructions in the blocks
//! the comparator walks and call the same functions or ones that become equal, so equal
//! keys; a body whose key no other body shares equals no other, now or after any merge. A body may still have to be read although its key is unique:
//! a block the entry does not reach, `blockaddress`, `dso_local_equivalent`, `no_cfi`, a
//! `uselistorder` directive, a comment holding a quote (but the quoted names of a `; preds`
//! comment). And where the key itself is in doubt
//! (a block after a terminator without a label, a string that does not end, a body that does
//! not end as LLVM prints it), no body is kept as text.
//!
//! Bodies are found as the parallel reader finds them (LLVM's layout: `{` ends the header's
//! line, the body ends at the first `}` that starts a line); the reader only takes the
//! scan's word for a body whose `{` it reaches at the planned offset, names the references as
//! it passes the body and checks them once the module is read; a body the scan did not see,
//! or a reference that names nothing, makes the caller read every body. A scan that guessed
//! wrong costs a full read, never a wrong module.

use crate::module::GlobalId;
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::Hasher;
use std::sync::{Arc, LazyLock};

/// Searchers built once (building one costs about as much as searching a short line).
static METADATA: LazyLock<memchr::memmem::Finder<'static>> =
    LazyLock::new(|| memchr::memmem::Finder::new(b"metadata"));

/// A body kept as text: where in the module's [`Source`] its text lies (the bytes between its
/// `{` and `}`, a newline first and last), and the places in it that name something the
/// writer may print differently.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct LazyBody {
    /// Offset of the text in [`Module::source`](crate::Module::source).
    pub start: u32,
    /// One past its end.
    pub end: u32,
    /// The references in the text, in text order, at offsets from `start`.
    pub refs: Vec<LazyRef>,
}

/// The text a module was read from, kept when bodies stay as text (shared, not copied: a
/// mapped file stays mapped, and its pages come back from the page cache when the writer
/// needs them).
#[derive(Clone)]
pub struct Source {
    text: Arc<dyn AsRef<[u8]> + Send + Sync>,
    release: Option<Release>,
}

/// Tells the owner of a [`Source`]'s bytes that a range of them is not needed for now.
pub type Release = Arc<dyn Fn(usize, usize) + Send + Sync>;

impl Source {
    /// The text `text`.
    pub fn new(text: Arc<dyn AsRef<[u8]> + Send + Sync>) -> Source {
        Source {
            text,
            release: None,
        }
    }

    /// With a hook the reader and writer call with a byte range they are done with for now
    /// (for a mapped file: let the kernel drop those pages; they come back from the page cache
    /// if touched again). The reader scans the whole text before reading it, and the writer
    /// copies bodies from it: without this, all of it would stay resident.
    pub fn with_release(mut self, release: Release) -> Source {
        self.release = Some(release);
        self
    }

    /// The text.
    pub fn bytes(&self) -> &[u8] {
        (*self.text).as_ref()
    }

    /// Say that bytes `start..end` are not needed for now.
    pub fn release(&self, start: usize, end: usize) {
        if let Some(r) = &self.release {
            if start < end {
                r(start, end);
            }
        }
    }
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Source({} bytes)", self.bytes().len())
    }
}

impl PartialEq for Source {
    fn eq(&self, other: &Source) -> bool {
        Arc::ptr_eq(&self.text, &other.text)
    }
}

/// One reference in a lazy body's text: the bytes `at..end` (`@name`, `!7`, `#3`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LazyRef {
    /// Offset of the sigil in the body's text.
    pub at: u32,
    /// One past the reference's last byte (a closing quote included).
    pub end: u32,
    /// What it names.
    pub kind: RefKind,
}

/// What a [`LazyRef`] names.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RefKind {
    /// A global, anywhere in an instruction or debug record; `callee` when it is the callee
    /// of a direct call (`@f(`). Merging retargets it.
    Global {
        /// The global named.
        id: GlobalId,
        /// Whether this is the callee of a direct call.
        callee: bool,
        /// Whether this is in a debug record: not a use (it does not keep a function
        /// alive), it follows a replacement, and it prints as `poison` once the function
        /// is gone, as LLVM's records do.
        record: bool,
    },
    /// Metadata node `!N`.
    Md(u32),
    /// Attribute group `#N` (of a call site).
    Attr(u32),
    /// Text the writer leaves out: what LLVM 22's reader drops from a call of an intrinsic
    /// it upgrades (a lifetime marker of LLVM 15-21, which passes a size); the attribute
    /// group it names, if it is a ` #N` (still checked to be defined), else [`NO_GROUP`].
    Skip(u32),
}

/// The group of a [`RefKind::Skip`] that skips no attribute group.
pub const NO_GROUP: u32 = u32::MAX;

/// A reference as the scan finds it, before its global is known. As big as a [`LazyRef`],
/// which the reader makes of it in the same memory.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct RawRef {
    pub at: u32,
    pub end: u32,
    pub kind: RawKind,
}

const _: () = assert!(
    std::mem::size_of::<RawRef>() == std::mem::size_of::<LazyRef>()
        && std::mem::align_of::<RawRef>() == std::mem::align_of::<LazyRef>()
);

/// The name number ([`RawKind::Global`]) of a reference that has none.
pub(crate) const NO_NAME: u32 = u32::MAX;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum RawKind {
    /// `meta`: inside metadata (a debug record, a `metadata` operand, an inline node);
    /// `record`: in a debug record (see [`RefKind::Global`]). Outside records, a function
    /// that may merge cannot stand there (it would become `!{}`, or change a node's
    /// uniquing, which renaming cannot express).
    ///
    /// `name`: in a body that may be kept as text, the index of the global's name (as
    /// written) among the names such references spell, module-wide (see [`plan`]); else
    /// [`NO_NAME`].
    Global {
        callee: bool,
        meta: bool,
        record: bool,
        name: u32,
    },
    Md(u32),
    Attr(u32),
    Skip(u32),
}

/// What the scan of one body found.
#[derive(Debug)]
pub(crate) struct BodyScan {
    /// Equal for any two bodies LLVM's comparator finds equal.
    pub key: u64,
    /// Whether the body may be kept as text (if no other shares its key).
    pub lazy: bool,
    /// The functions called directly in the blocks the key covers, once per call: the hash
    /// of each one's name (`FxHasher`, without quotes). Those the module declares join the
    /// key in [`plan`].
    pub callees: Vec<u64>,
    /// Its references (when `lazy` and `refs_scanned`).
    pub refs: Vec<RawRef>,
    /// Whether `refs` were looked for, and `lazy` says whether renaming them is all a merge
    /// can do ([`scan_body`] looks at once; the plan only for the bodies that may be kept as
    /// text, [`refs_of`]).
    pub refs_scanned: bool,
    /// The blocks the entry does not reach: where their text lies (after the `{`).
    pub dead: Vec<(u32, u32)>,
    /// Where the lines of the old lifetime calls LLVM 22 erases start ([`Fate::Erased`]), in
    /// text order: no instructions to the key, left out of the text printed.
    pub erased: Vec<u32>,
    /// Where the function's name lies in the module's text, as [`global_name`] gives it
    /// (set by [`plan`]'s scan, which has the `define` line at hand).
    pub name: Option<(u32, u32)>,
}

/// A body the scan found: its `{` and `}` offsets, whether the reader keeps it as text, and
/// then its references.
#[derive(Debug)]
pub(crate) struct Planned {
    pub open: u32,
    pub close: u32,
    pub lazy: bool,
    pub refs: Vec<RawRef>,
    /// A body kept as text although others share its key: the same text as the body at this
    /// index of the plan (read, or a twin itself of an earlier one), see [`twins`].
    pub twin_of: Option<u32>,
}

/// Every body of `src` the scan found, in text order, and whether to keep it as text (see the
/// module's documentation). Empty when the module is not one this applies to: numbered types
/// (the writer renumbers them), or a body whose key the scan cannot tell. (Typed pointers are
/// found by the reader, which then reads everything.)
///
/// With it, whether `src` is UTF-8 when the plan keeps a body as text: each piece is checked
/// while the scan has it in cache, so that the reading thread need not go over the whole text
/// first. With no body kept as text the module is read again in full, which checks for
/// itself.
pub(crate) fn plan_checking_utf8(src: &[u8]) -> (Vec<Planned>, bool) {
    // Several pieces per core on small inputs too (a 1.1 MB module was one piece of 1 MiB on
    // one core and a sliver on the other).
    plan_in_pieces(src, crate::piece_bytes(src.len(), 16))
}

/// [`plan_checking_utf8`]'s plan alone.
pub(crate) fn plan(src: &[u8]) -> Vec<Planned> {
    plan_checking_utf8(src).0
}

/// How many bodies of `src` the plan keeps as text, and how many it found: the scan alone,
/// for benchmarks (`benches/`, `ir/examples/plan.rs`).
#[doc(hidden)]
pub fn plan_counts(src: &[u8]) -> (usize, usize) {
    let planned = plan(src);
    (planned.iter().filter(|p| p.lazy).count(), planned.len())
}

/// The first character boundary at or after `i`, as far as UTF-8 can tell (a start byte is
/// followed by at most three continuation bytes): pieces cut there are each UTF-8 exactly
/// when the whole text is.
fn char_start(src: &[u8], mut i: usize) -> usize {
    for _ in 0..3 {
        if src.get(i).is_some_and(|&b| (b as i8) < -0x40) {
            i += 1;
        }
    }
    i.min(src.len())
}

/// Per piece of the plan: its bodies (`{`, `}`, scan without references) and the names it
/// declares; `None` if it defines a numbered type.
type Found<'s> = Option<(Vec<(u32, u32, Option<BodyScan>)>, Vec<&'s [u8]>)>;

/// [`plan_checking_utf8`], with the text cut into pieces of `piece` bytes (the plan does not
/// depend on it).
fn plan_in_pieces(src: &[u8], piece: usize) -> (Vec<Planned>, bool) {
    if src.len() > u32::MAX as usize {
        return (Vec::new(), false);
    }
    // Pieces of the text on all cores: each finds the bodies whose `define` line starts in
    // it (a body may run on past the piece) and scans them while they are in cache.
    let ptr_bits = pointer_bits(src);
    let found: Vec<(bool, Found)> = (0..src.len().div_ceil(piece))
        .into_par_iter()
        .map(|k| {
            let (a, b) = (k * piece, ((k + 1) * piece).min(src.len()));
            let utf8 =
                simdutf8::basic::from_utf8(&src[char_start(src, a)..char_start(src, b)]).is_ok();
            (utf8, piece_plan(src, a, b, ptr_bits))
        })
        .collect();
    let utf8 = found.iter().all(|&(u, _)| u);
    let found = found.into_iter().map(|(_, f)| f);
    let mut bodies: Vec<(u32, u32, BodyScan)> = Vec::new();
    let mut declarations: FxHashSet<&[u8]> = FxHashSet::default();
    for piece in found {
        let Some((piece, declared)) = piece else {
            return (Vec::new(), false); // numbered types: the writer renumbers them
        };
        declarations.extend(declared);
        for (open, close, scan) in piece {
            // A `define` line inside the body before (never in LLVM's output) is not one.
            if bodies.last().is_some_and(|l| l.1 >= open) {
                continue;
            }
            // A body whose key is unknown could equal any other: read them all.
            let Some(scan) = scan else {
                return (Vec::new(), false);
            };
            bodies.push((open, close, scan));
        }
    }
    let Some(keys) = keys_with_callees(src, &bodies, &declarations) else {
        return (Vec::new(), false); // a name the scan cannot read: read everything
    };
    let sharing = key_counts(&keys);
    // References only for the bodies that may be kept as text: those no other shares a key
    // with, and those that may be a twin of another (the same text but for the name: see
    // [`twins`]). Finding them took a fifth of the scan's time on the Rust modules, and
    // bodies sharing a key are read in full anyway.
    let twin_text: Vec<Option<u64>> = (bodies.par_iter().zip(&keys))
        .map(|((open, close, scan), k)| {
            let candidate = scan.lazy && sharing[k] >= 2;
            candidate
                .then(|| twin_parts(src, *open, *close))
                .flatten()
                .map(|(b, a, _)| {
                    let mut h = FxHasher::default();
                    h.write(b);
                    h.write(a);
                    h.finish()
                })
        })
        .collect();
    let twin_texts = key_counts(&twin_text.iter().flatten().copied().collect::<Vec<_>>());
    let want: Vec<usize> = (0..bodies.len())
        .filter(|&i| {
            let scan = &bodies[i].2;
            scan.lazy
                && (sharing[&keys[i]] == 1 || twin_text[i].is_some_and(|h| twin_texts[&h] >= 2))
        })
        .collect();
    if refs_of(src, &mut bodies, &want).is_none() {
        return (Vec::new(), false); // a string that does not end: read everything
    }
    let twin_of = twins(src, &bodies, &keys, &sharing, &declarations);
    let planned = bodies
        .into_iter()
        .zip(keys)
        .zip(twin_of)
        .map(|(((open, close, s), key), twin_of)| {
            let lazy = s.lazy && (sharing[&key] == 1 || twin_of.is_some());
            Planned {
                open,
                close,
                lazy,
                refs: if lazy { s.refs } else { Vec::new() },
                twin_of,
            }
        })
        .collect();
    (planned, utf8)
}

/// One piece's part of [`plan_in_pieces`]: the bodies whose `define` line starts in
/// `src[a..b]` and the names the piece declares; `None` if it defines a numbered type.
fn piece_plan(src: &[u8], a: usize, b: usize, ptr_bits: Option<u32>) -> Found<'_> {
    let bodies = body_spans(src, a, b, ptr_bits);
    // Type definitions and declarations are top-level lines: look for them between
    // the bodies only (most of a module's text is bodies).
    let mut gaps = Vec::new();
    let mut at = a;
    for &(open, close, _) in &bodies {
        if open as usize > at {
            gaps.push((at, open as usize));
        }
        at = at.max(close as usize + 1);
    }
    if at < b {
        gaps.push((at, b));
    }
    if gaps.iter().any(|&(x, y)| has_numbered_types(src, x, y)) {
        return None;
    }
    let declared = gaps
        .iter()
        .flat_map(|&(x, y)| declared(src, x, y))
        .collect();
    Some((bodies, declared))
}

/// For each body, the first earlier body with the same text, if it may stand for it.
///
/// Copies of a function whose text is the same but for the name (the header, attachments
/// and body byte for byte) are the same function as far as the comparator can tell, against
/// any third one, as long as the text names neither of them (a function naming itself is
/// compared as "itself"): the pass needs to read only the first, and a copy can take a clone
/// of the first's body when the pass reaches it (`mergefn_merge` does, and keeps the clone
/// only while the copy lives). Copies are kept as text until then, which is what saves the
/// reading (and the memory) of modules with many identical functions. Only bodies that may
/// be kept as text at all qualify, none with debug records or metadata arguments (those
/// follow replacements through metadata, not the use lists), and none naming a function
/// (declared or defined here): a twin then has no place in the use lists of functions, the
/// only ones the pass keeps, and taking its clone moves no use. What this covers is many
/// identical leaf functions (generated accessors, the synthetic worst case of
/// docs/PERFORMANCE.md); copies calling functions are read as before.
fn twins(
    src: &[u8],
    bodies: &[(u32, u32, BodyScan)],
    keys: &[u64],
    sharing: &FxHashMap<u64, u32>,
    declarations: &FxHashSet<&[u8]>,
) -> Vec<Option<u32>> {
    let defined: FxHashSet<&[u8]> = bodies
        .iter()
        .filter_map(|(_, _, scan)| scan.name)
        .map(|(a, b)| &src[a as usize..b as usize])
        .collect();
    let names_a_function = |i: usize| {
        let (open, _, scan) = &bodies[i];
        let text = &src[*open as usize + 1..];
        scan.refs.iter().any(|r| {
            matches!(r.kind, RawKind::Global { .. }) && {
                let name = &text[r.at as usize + 1..r.end as usize];
                global_name(name).is_none_or(|n| defined.contains(n) || declarations.contains(n))
            }
        })
    };
    // Per body that may be a twin: the text before its name, after it, and its name (only
    // bodies whose references were looked for: [`plan_in_pieces`] looks for those of every
    // body whose text before and after its name is another's too).
    let parts = |i: usize| -> Option<(&[u8], &[u8], &[u8])> {
        let (open, close, scan) = &bodies[i];
        if !scan.lazy || !scan.refs_scanned || sharing[&keys[i]] < 2 || names_a_function(i) {
            return None;
        }
        twin_parts(src, *open, *close)
    };
    let named = |text: &[u8], name: &[u8]| memchr::memmem::find(text, name).is_some();
    let mut first: FxHashMap<u64, Vec<u32>> = FxHashMap::default();
    let mut out = vec![None; bodies.len()];
    #[allow(clippy::needless_range_loop)] // `parts(j)` reads earlier bodies by index
    for i in 0..bodies.len() {
        let Some((before, after, name)) = parts(i) else {
            continue;
        };
        if name.is_empty() || named(after, name) {
            continue;
        }
        let mut h = FxHasher::default();
        h.write(before);
        h.write(after);
        let seen = first.entry(h.finish()).or_default();
        let found = seen.iter().copied().find(|&j| {
            parts(j as usize).is_some_and(|(b, a, n)| b == before && a == after && !named(after, n))
        });
        match found {
            Some(j) => out[i] = Some(j),
            None => seen.push(i as u32),
        }
    }
    out
}

/// The text of the body at `open..=close` before its name (its `define` line up to the
/// `@`), after it (the rest of that line and the body), and its name unquoted, as [`twins`]
/// compares bodies; `None` for a body with debug records or metadata arguments.
fn twin_parts(src: &[u8], open: u32, close: u32) -> Option<(&[u8], &[u8], &[u8])> {
    let (open, close) = (open as usize, close as usize);
    let start = memchr::memrchr(b'\n', &src[..open]).map_or(0, |k| k + 1);
    let at = start + memchr::memchr(b'@', &src[start..open])?;
    let end = at + 1 + name_len(&src[at + 1..open])?;
    let body = &src[open..=close];
    if find_lit!(body, b"#dbg_").is_some() || find_lit!(body, b"metadata").is_some() {
        return None;
    }
    Some((
        &src[start..at],
        &src[end..=close],
        unquoted(&src[at + 1..end]),
    ))
}

/// The references of the bodies at indexes `want` (in text order), on all cores: each
/// body's `refs`, and `lazy` cleared where renaming them is not all a merge can do
/// ([`scan_refs`]). The names the references spell are numbered per run of bodies, from
/// the total of the runs before: a name has one number per run that spells it, which is
/// all the reader needs to look each one up once per run rather than once per reference.
/// `None` if a body holds a string that does not end.
fn refs_of(src: &[u8], bodies: &mut [(u32, u32, BodyScan)], want: &[usize]) -> Option<()> {
    type Run = (Vec<(usize, Vec<RawRef>, bool)>, u32);
    let bodies_ro: &[(u32, u32, BodyScan)] = bodies;
    let runs: Vec<Run> = want
        .par_chunks(32)
        .map(|run| {
            let mut names: FxHashMap<&[u8], u32> = FxHashMap::default();
            let mut out = Vec::with_capacity(run.len());
            for &i in run {
                let (open, close, ref scan) = bodies_ro[i];
                let text = &src[open as usize + 1..close as usize];
                let (mut refs, renamable) =
                    SCRATCH.with_borrow_mut(|s| scan_refs(text, &scan.erased, s))?;
                for r in &mut refs {
                    if let RawKind::Global { name, .. } = &mut r.kind {
                        let next = names.len() as u32;
                        *name = *names
                            .entry(&text[r.at as usize..r.end as usize])
                            .or_insert(next);
                    }
                }
                out.push((i, refs, renamable));
            }
            Some((out, names.len() as u32))
        })
        .collect::<Option<_>>()?;
    let mut names_before = 0;
    for (run, names) in runs {
        for (i, mut refs, renamable) in run {
            for r in &mut refs {
                if let RawKind::Global { name, .. } = &mut r.kind {
                    *name += names_before;
                }
            }
            let scan = &mut bodies[i].2;
            scan.refs = refs;
            scan.lazy &= renamable;
            scan.refs_scanned = true;
        }
        names_before += names;
    }
    Some(())
}

/// The bodies' keys with what their direct calls tell (see [`BodyScan::callees`]).
///
/// The comparator tells globals apart by identity, and the pass changes a call's callee only
/// from a function to one it found equal to it. So a call to a function the module only
/// declares stays one to that function whatever merges, and equal bodies call the same
/// declarations as often: each declared callee's name joins the key. A call to a function
/// defined here may come to call another one, but only one the pass finds equal to it:
/// equal bodies call, call by call, functions that are equal or become so (or themselves).
/// Bodies are refined as states of an automaton are minimised: a key is joined by the keys
/// of the defined callees, round after round, until a round splits no group of equal keys.
/// Every round's groups hold all functions that may become equal (the pairs the pass finds
/// equal form groups that the rounds never split), so any round may stop the refining.
fn keys_with_callees(
    src: &[u8],
    bodies: &[(u32, u32, BodyScan)],
    declarations: &FxHashSet<&[u8]>,
) -> Option<Vec<u64>> {
    let spread = |h: u64| h.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17);
    let defined: FxHashMap<&[u8], u32> = bodies
        .iter()
        .enumerate()
        .filter_map(|(i, (_, _, scan))| {
            let (a, b) = scan.name?;
            Some((&src[a as usize..b as usize], i as u32))
        })
        .collect();
    // The functions declared or defined here by the hash of their names, as the scan hashed
    // each callee's name while it had the text at hand (looking the names up in the text
    // again here took a cache miss per call: 80,000 of them on rust/all_linked). Two names
    // of one hash would make the hash ambiguous: then the scan cannot tell.
    const DECLARED: u32 = u32::MAX;
    let mut by_hash: FxHashMap<u64, (&[u8], u32)> = FxHashMap::default();
    let named =
        (defined.iter().map(|(&n, &i)| (n, i))).chain(declarations.iter().map(|&n| (n, DECLARED)));
    for (name, what) in named {
        let mut h = FxHasher::default();
        h.write(name);
        match by_hash.entry(h.finish()) {
            std::collections::hash_map::Entry::Occupied(mut e) => {
                if e.get().0 != name {
                    return None;
                }
                // A name declared and defined (which the reader refuses): taken as declared,
                // as before the hashes. (`defined` holds each name once.)
                e.get_mut().1 = DECLARED;
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert((name, what));
            }
        }
    }
    // Per body, its key with its declared callees, and its calls of functions defined here
    // (by body index). A callee that is neither (an alias) adds nothing; one whose name
    // shares its hash with a function's is taken for it, the same way in every body that
    // calls it.
    let (mut keys, mut calls): (Vec<u64>, Vec<Vec<u32>>) = bodies
        .par_iter()
        .map(|(_, _, scan)| {
            let mut key = scan.key;
            let mut to = Vec::new();
            for &h in &scan.callees {
                match by_hash.get(&h) {
                    Some(&(_, DECLARED)) => key = key.wrapping_add(spread(h)),
                    Some(&(_, j)) => to.push(j),
                    None => {}
                }
            }
            (key, to)
        })
        .unzip();
    // The globals a body names as operands, for the bodies that share a key so far (the
    // others need no more): a global that is not a function defined here (a variable, a
    // declaration, an alias) stays itself whatever merges, as a declared callee does; a
    // function defined here joins the calls.
    let sharing = key_counts(&keys);
    // Per body: `None` for a name the scan cannot read; else, for those sharing a key, what
    // the globals add to it and the functions defined here among them.
    type Found = Option<Option<(u64, Vec<u32>)>>;
    let operands: Vec<Found> = bodies
        .par_iter()
        .zip(&keys)
        .map(|((open, close, scan), k)| {
            if sharing[k] < 2 {
                return Some(None);
            }
            let text = &src[*open as usize + 1..*close as usize];
            let mut names = Vec::new();
            operand_globals(text, &scan.dead, &scan.erased, &mut names)?;
            let (mut add, mut to) = (0u64, Vec::new());
            for name in names {
                if let Some(&j) = defined.get(name) {
                    to.push(j);
                } else {
                    let mut h = FxHasher::default();
                    h.write(name);
                    add = add.wrapping_add(spread(h.finish().rotate_left(31)));
                }
            }
            Some(Some((add, to)))
        })
        .collect();
    for ((key, to), found) in keys.iter_mut().zip(&mut calls).zip(operands) {
        if let Some((add, more)) = found? {
            *key = key.wrapping_add(add);
            to.extend(more);
        }
    }
    let mut keys = refine_by_callees(keys, &calls);
    // Last, for the bodies that still share a key (the fewest, as this is the costliest
    // look): the integer constants among their operands; then the callers again.
    let sharing = key_counts(&keys);
    let literals: Vec<Option<u64>> = bodies
        .par_iter()
        .zip(&keys)
        .map(|((open, close, scan), k)| {
            if sharing[k] < 2 {
                return Some(0);
            }
            literal_sum(&src[*open as usize + 1..*close as usize], &scan.dead)
        })
        .collect();
    for (key, add) in keys.iter_mut().zip(literals) {
        *key = key.wrapping_add(spread(add?.rotate_left(13)));
    }
    Some(refine_by_callees(keys, &calls))
}

/// [`keys_with_callees`]' rounds: each key joined by the keys of the functions defined here
/// that the body calls or names (`calls`, by body index), until a round splits no group.
fn refine_by_callees(mut keys: Vec<u64>, calls: &[Vec<u32>]) -> Vec<u64> {
    let spread = |h: u64| h.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17);
    let groups = |keys: &[u64]| keys.iter().collect::<FxHashSet<_>>().len();
    let mut before = groups(&keys);
    // A round costs one pass over the calls; real modules settle in a few.
    for _ in 0..16 {
        let next: Vec<u64> = keys
            .iter()
            .zip(calls)
            .map(|(&k, to)| {
                to.iter().fold(
                    k.rotate_left(5).wrapping_mul(0xc2b2_ae3d_27d4_eb4f),
                    |acc, &j| acc.wrapping_add(spread(keys[j as usize])),
                )
            })
            .collect();
        let after = groups(&next);
        keys = next;
        if after == before {
            break;
        }
        before = after;
    }
    keys
}

/// The integer constants among the operands of the instructions of a body's `text` outside
/// its `dead` blocks (see [`literals`]), as a sum over the instructions: equal functions
/// have the same instructions in the blocks the comparator walks, so the same sum. Found
/// only for the bodies that share a key without them, all else refined (a second look at
/// their lines, which costs less than looking at every body's). `None` when the scan
/// cannot tell.
fn literal_sum(text: &[u8], dead: &[(u32, u32)]) -> Option<u64> {
    let mut sum = 0u64;
    for line in live_lines(text, dead) {
        // Labels, comments, debug records and the continuation lines of terminators have no
        // opcode `literals` knows. (A line the scan of the key read; `opcode` fails on none.)
        let (op, w) = opcode(line.trim_ascii_start())?;
        // Its size is no operand once LLVM 22 has read it.
        let call = matches!(op, b"call" | b"tail" | b"notail" | b"musttail");
        if call && matches!(old_lifetime(w), Lifetime::Old(_)) {
            continue;
        }
        let mut lits = Literals::default();
        literals(&mut lits, op, &w[op.len()..])?;
        if lits.count > 0 {
            let h = lits.hash.finish();
            sum = sum.wrapping_add(h.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(41));
        }
    }
    Some(sum)
}

/// The lines of a body's `text` outside its `dead` blocks (ranges of `text`, in order): the
/// lines of the blocks the comparator walks.
fn live_lines<'t, 'd>(
    text: &'t [u8],
    dead: &'d [(u32, u32)],
) -> impl Iterator<Item = &'t [u8]> + use<'t, 'd> {
    let mut dead = dead.iter().copied().peekable();
    let mut pos = 0;
    std::iter::from_fn(move || {
        while pos < text.len() {
            let eol = memchr::memchr(b'\n', &text[pos..]).map_or(text.len(), |k| pos + k);
            let line = &text[pos..eol];
            let at = pos as u32;
            pos = eol + 1;
            while dead.peek().is_some_and(|&(_, e)| e <= at) {
                dead.next();
            }
            if dead.peek().is_some_and(|&(s, e)| s <= at && at < e) {
                continue;
            }
            return Some(line);
        }
        None
    })
}

/// The globals named as operands in the lines of a body's `text` outside its `dead` blocks,
/// in text order, as [`global_name`] gives them: not in a comment, a string, metadata (an
/// inline node, a `metadata` operand, a debug record) or a `uselistorder` directive, which
/// LLVM's comparator does not look at. `None` for a name it cannot give.
fn operand_globals<'t>(
    text: &'t [u8],
    dead: &[(u32, u32)],
    erased: &[u32],
    out: &mut Vec<&'t [u8]>,
) -> Option<()> {
    for line in live_lines(text, dead) {
        if memchr::memchr(b'@', line).is_none() {
            continue;
        }
        let at = (line.as_ptr() as usize - text.as_ptr() as usize) as u32;
        if erased.binary_search(&at).is_ok() {
            continue;
        }
        let t = line.trim_ascii_start();
        if t.starts_with(b"#dbg_") || t.starts_with(b"uselistorder") {
            continue;
        }
        line_operand_globals(line, out)?;
    }
    Some(())
}

/// [`operand_globals`] for one line. A byte at a time (a `metadata` word is one only after a
/// space, `(` or `,`, not inside a local's name), over the lines that name a global only.
fn line_operand_globals<'t>(line: &'t [u8], out: &mut Vec<&'t [u8]>) -> Option<()> {
    let mut i = 0;
    while i < line.len() {
        match line[i] {
            b'"' => i += 2 + memchr::memchr(b'"', &line[i + 1..])?,
            b';' => break,
            b'!' if line[i + 1..].starts_with(b"{") || line[i + 1..].starts_with(b"DI") => break,
            b'm' if line[i..].starts_with(b"metadata ")
                && (i == 0 || matches!(line[i - 1], b' ' | b'(' | b',')) =>
            {
                break
            }
            b'@' => {
                let n = name_len(&line[i + 1..])?;
                out.push(global_name(&line[i + 1..i + 1 + n])?);
                i += 1 + n;
            }
            _ => i += 1,
        }
    }
    Some(())
}

/// The name of the function whose `define` line ends at `open` (its `{`), as [`global_name`]
/// gives it.
#[cfg(test)]
fn defined_name(src: &[u8], open: usize) -> Option<&[u8]> {
    let start = memchr::memrchr(b'\n', &src[..open]).map_or(0, |k| k + 1);
    name_in_line(&src[start..open])
}

/// The name of the function a `define` line (up to its `{`) defines, as [`global_name`]
/// gives it.
fn name_in_line(line: &[u8]) -> Option<&[u8]> {
    let at = memchr::memchr(b'@', line)?;
    let n = name_len(&line[at + 1..])?;
    global_name(&line[at + 1..at + 1 + n])
}

/// The width of a pointer in address space 0 by the module's data layout, if it is written
/// before the first body, as LLVM prints it (`p:32:32`, `p0:64:64`; 64 bits when the layout
/// does not say). `None` when the scan cannot tell.
fn pointer_bits(src: &[u8]) -> Option<u32> {
    const KEY: &[u8] = b"target datalayout = \"";
    // LLVM prints the layout at the top: look for it first, then for a body before it (a
    // search for the first body would cross a sanitizer build's many megabytes of globals).
    let at = memchr::memmem::find_iter(src, KEY).find(|&k| k == 0 || src[k - 1] == b'\n')?;
    if src.starts_with(b"define ") || memchr::memmem::find(&src[..at], b"\ndefine ").is_some() {
        return None;
    }
    let layout = &src[at + KEY.len()..];
    let layout = std::str::from_utf8(&layout[..memchr::memchr(b'"', layout)?]).ok()?;
    // The width the comparator will take (a layout the reader refuses: no key is needed).
    crate::datalayout::check(layout).ok()?;
    Some(crate::module::layout_pointer_bits(layout, 0))
}

/// The names of the functions declared on lines starting in `src[a..b]`, as
/// [`global_name`] gives them (a name it cannot give is left out: a call naming it is not
/// told apart by it).
fn declared(src: &[u8], a: usize, b: usize) -> Vec<&[u8]> {
    let from = a.saturating_sub(1);
    let mut starts: Vec<usize> = memchr::memmem::find_iter(&src[from..b], b"\ndeclare ")
        .map(|at| from + at + 1)
        .collect();
    if a == 0 && src.starts_with(b"declare ") {
        starts.insert(0, 0);
    }
    starts
        .into_iter()
        .filter_map(|s| {
            let eol = memchr::memchr(b'\n', &src[s..]).map_or(src.len(), |k| s + k);
            let line = &src[s..eol];
            let at = memchr::memchr(b'@', line)?;
            let n = name_len(&line[at + 1..])?;
            global_name(&line[at + 1..at + 1 + n])
        })
        .collect()
}

/// Whether a line starting in `src[a..b]` is `%<digits> = type ...`.
fn has_numbered_types(src: &[u8], a: usize, b: usize) -> bool {
    let numbered = |at: usize| {
        let rest = &src[at + 1..];
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        digits > 0 && rest[digits..].starts_with(b" = type")
    };
    (a == 0 && src.starts_with(b"%") && numbered(0))
        || memchr::memmem::find_iter(&src[a.saturating_sub(1)..b], b"\n%")
            .any(|k| numbered(a.saturating_sub(1) + k + 1))
}

/// The `{` and `}` offsets of every body laid out as LLVM prints it whose `define` line starts
/// in `src[a..b]`: a line starting with `define` that ends in `{`, up to the first line that
/// is `}`.
fn body_spans(
    src: &[u8],
    a: usize,
    b: usize,
    ptr_bits: Option<u32>,
) -> Vec<(u32, u32, Option<BodyScan>)> {
    let mut out = Vec::new();
    // The lines starting in the piece: their `\n` may be its last byte but one, the rest of
    // the word in the next piece. Searched for between bodies only, from the end of the last
    // one (bodies are most of the text).
    const DEFINE: &[u8] = b"\ndefine ";
    static FINDER: LazyLock<memchr::memmem::Finder<'static>> =
        LazyLock::new(|| memchr::memmem::Finder::new(DEFINE));
    let to = (b + DEFINE.len() - 1).min(src.len());
    let mut min = 0;
    let mut first = a == 0 && src.starts_with(b"define ");
    let mut from = a.saturating_sub(1);
    loop {
        let s = if std::mem::take(&mut first) {
            0
        } else {
            from = from.max(min);
            match FINDER.find(&src[from.min(to)..to]) {
                Some(at) if from + at + 1 < b => from + at + 1,
                _ => break,
            }
        };
        from = s;
        let eol = memchr::memchr(b'\n', &src[s..]).map_or(src.len(), |k| s + k);
        let mut last = eol;
        if last > s && src[last - 1] == b'\r' {
            last -= 1;
        }
        if last == s || src[last - 1] != b'{' {
            continue;
        }
        let open = last - 1;
        // The body ends at the first line that starts with `}`, if that line is just `}`.
        let (close, mut scan) = scan_body_with(&src[open + 1..], ptr_bits, false);
        let Some(close) = close.map(|c| open + 1 + c) else {
            break;
        };
        if !matches!(src.get(close + 1), None | Some(b'\n' | b'\r')) {
            min = close;
            continue;
        }
        if let Some(scan) = scan.as_mut() {
            scan.name = name_in_line(&src[s..open]).map(|n| {
                let a = n.as_ptr() as usize - src.as_ptr() as usize;
                (a as u32, (a + n.len()) as u32)
            });
        }
        out.push((open as u32, close as u32, scan));
        min = close;
    }
    out
}

/// Add to an instruction's hash what LLVM's comparator compares exactly and the text spells
/// one way only, for the opcodes where it is plain where to find it: the compare predicate,
/// the class of the first type written (the value's, the loaded, stored, allocated or
/// returned type, the source of a cast), and a load's metadata kinds. Classes are coarse
/// where the comparator is lenient: a pointer is one with the pointer-sized integer (it
/// takes a pointer in address space 0 as that integer; `ptr_bits`, when the data layout
/// says, else every integer a pointer may be as wide as), and every aggregate, named or
/// not, is one class (it compares structs by their fields). Flags, attributes and alignments
/// are left out: they have several spellings (`fast`, `align 4` or none at all). `None` when
/// the scan cannot tell (a metadata kind written with an escape).
fn refine(h: &mut FxHasher, op: &[u8], rest: &[u8], ptr_bits: Option<u32>) -> Option<()> {
    let typed = matches!(
        op,
        b"load"
            | b"store"
            | b"alloca"
            | b"phi"
            | b"ret"
            | b"select"
            | b"icmp"
            | b"fcmp"
            | b"call"
            | b"invoke"
            | b"trunc"
            | b"zext"
            | b"sext"
            | b"fptrunc"
            | b"fpext"
            | b"fptoui"
            | b"fptosi"
            | b"uitofp"
            | b"sitofp"
            | b"ptrtoint"
            | b"inttoptr"
            | b"bitcast"
            | b"addrspacecast"
            | b"add"
            | b"sub"
            | b"mul"
            | b"udiv"
            | b"sdiv"
            | b"urem"
            | b"srem"
            | b"shl"
            | b"lshr"
            | b"ashr"
            | b"and"
            | b"or"
            | b"xor"
            | b"fadd"
            | b"fsub"
            | b"fmul"
            | b"fdiv"
            | b"frem"
            | b"fneg"
    );
    if !typed {
        return Some(());
    }
    if op == b"load" {
        // The comparator compares a load's attachments but `!dbg`, kind by kind.
        load_metadata_kinds(h, rest)?;
    }
    let cmp = op == b"icmp" || op == b"fcmp";
    for word in rest
        .split(|&b| b == b' ')
        .filter(|w| !w.is_empty())
        .take(12)
    {
        if cmp && !is_fmf(word) && word != b"samesign" && word[0].is_ascii_lowercase() {
            if let Some(class) = type_class(word, ptr_bits) {
                h.write(class);
                return Some(());
            }
            h.write(word); // the predicate
            continue;
        }
        if let Some(class) = type_class(word, ptr_bits) {
            h.write(class);
            return Some(());
        }
        if word.starts_with(b"@") {
            return Some(()); // a value before any type: not a form this knows
        }
    }
    Some(())
}

/// Add to an instruction's hash the integer constants among its operands, for the opcodes
/// where each operand is plainly a type and a value: two-operand arithmetic and `icmp`
/// (`add nsw i64 %x, 8`), `store`, `ret`, `select`, `phi` and the arguments of a direct call
/// (`call void @f(i64 noundef 16, i1 false)`); `getelementptr` is left out (the comparator
/// compares a constant-index GEP by its offset, whatever the indices spell).
///
/// LLVM's comparator compares such an operand exactly: equal instructions have operands of
/// equal types (a pointer in address space 0 being the pointer-sized integer) and an integer
/// constant equals only the same integer, or, when zero, a null pointer. So the value is
/// hashed whatever the text spells it as (`-1`, `255`, `u0xFF`, `true`, `zeroinitializer`,
/// `null` all name one constant of some type), reduced to the width of its type. A value
/// that is no literal (`%x`, `undef`, a vector) adds nothing. A constant expression might
/// fold to a literal as the reader builds it (`add (i64 1, i64 2)` is `3`): one that names a
/// global and at most adds to it (casts, `getelementptr`, `add`), or an `inttoptr` of a
/// non-zero integer, cannot, and adds nothing; any other makes the scan give up (`None`).
/// LLVM prints constant expressions folded, so that only happens for hand-written text.
fn literals(h: &mut Literals, op: &[u8], rest: &[u8]) -> Option<()> {
    let mut segs = Segments::new(rest);
    match op {
        b"add" | b"sub" | b"mul" | b"udiv" | b"sdiv" | b"urem" | b"srem" | b"shl" | b"lshr"
        | b"ashr" | b"and" | b"or" | b"xor" | b"icmp" => {
            let (Some(a), Some(b)) = (segs.next_seg()?, segs.next_seg()?) else {
                return Some(());
            };
            let Some((ty, value)) = typed_value(a) else {
                return Some(());
            };
            literal(h, ty, value)?;
            literal(h, ty, b.trim_ascii())?;
        }
        b"store" | b"ret" => {
            if let Some((ty, value)) = segs.next_seg()?.and_then(typed_value) {
                literal(h, ty, value)?;
            }
        }
        b"select" => {
            for _ in 0..3 {
                if let Some((ty, value)) = segs.next_seg()?.and_then(typed_value) {
                    literal(h, ty, value)?;
                }
            }
        }
        b"phi" => {
            // `phi [flags] T [ v, %a ], [ w, %b ]`: the type once, before the first `[`.
            let Some(open) = memchr::memchr(b'[', rest) else {
                return Some(());
            };
            let Some(ty) = rest[..open].trim_ascii_end().rsplit(|&b| b == b' ').next() else {
                return Some(());
            };
            if !is_int_or_ptr(ty) {
                return Some(());
            }
            let mut segs = Segments::new(&rest[open..]);
            while let Some(seg) = segs.next_seg()? {
                let Some(inner) = seg
                    .trim_ascii()
                    .strip_prefix(b"[")
                    .and_then(|s| s.strip_suffix(b"]"))
                else {
                    break;
                };
                let mut inner = Segments::new(inner);
                if let Some(value) = inner.next_seg()? {
                    literal(h, ty, value.trim_ascii())?;
                }
            }
        }
        b"call" | b"tail" | b"musttail" | b"notail" | b"invoke" => {
            let Some((_, b)) = direct_callee(rest)? else {
                return Some(());
            };
            // After the name's closing quote, if it has one.
            let open = b + memchr::memchr(b'(', &rest[b..])?;
            let mut segs = Segments::new(&rest[open + 1..]);
            while let Some(arg) = segs.next_seg()? {
                let arg = arg.trim_ascii();
                let (ty, value) = match arg.iter().position(|&b| b == b' ') {
                    Some(k) => (&arg[..k], &arg[k + 1..]),
                    None => break, // `)`: the end of the arguments
                };
                if !is_int_or_ptr(ty) {
                    continue;
                }
                // Parameter attributes come between the type and the value, which is the
                // last word but for a constant expression.
                let value = if value.ends_with(b")") {
                    value
                } else {
                    value.rsplit(|&b| b == b' ').next().unwrap_or(value)
                };
                literal(h, ty, value)?;
                if segs.closed() {
                    break;
                }
            }
        }
        _ => {}
    }
    Some(())
}

/// Whether `ty` is a type [`literals`] hashes values of: an integer type, or `ptr`.
fn is_int_or_ptr(ty: &[u8]) -> bool {
    ty == b"ptr" || (ty.len() > 1 && ty[0] == b'i' && ty[1..].iter().all(u8::is_ascii_digit))
}

/// An operand written `[flags] T v`: its type and value, when the type is one
/// [`is_int_or_ptr`] takes and the value is in address space 0.
fn typed_value(seg: &[u8]) -> Option<(&[u8], &[u8])> {
    let seg = seg.trim_ascii();
    let mut at = 0;
    loop {
        let end = seg[at..]
            .iter()
            .position(|&b| b == b' ')
            .map_or(seg.len(), |k| at + k);
        let word = &seg[at..end];
        if is_int_or_ptr(word) {
            let value = seg[end..].trim_ascii_start();
            // A pointer elsewhere than address space 0; a function type (typed pointers).
            if value.starts_with(b"addrspace(") || value.starts_with(b"(") {
                return None;
            }
            return Some((word, value));
        }
        if end == seg.len() || !word.iter().all(|b| b.is_ascii_lowercase()) {
            return None; // not a flag or predicate word: not this form
        }
        at = end + 1;
    }
}

/// Hash the value of the operand `value` of type `ty` if it is an integer literal (see
/// [`literals`]); `None` when a constant expression might fold to one.
fn literal(h: &mut Literals, ty: &[u8], value: &[u8]) -> Option<()> {
    let value = value.trim_ascii();
    if value.contains(&b' ') || value.contains(&b'(') {
        // A constant expression.
        return opaque_expr(value).then_some(());
    }
    if let Some(v) = int_literal(ty, value)? {
        h.hash.write_u128(v);
        h.count += 1;
    }
    Some(())
}

/// The value of the one-word operand `value` of type `ty` (an integer type or `ptr`) if it
/// is an integer literal, reduced to the type's width: `Some(None)` if it is none (`%x`,
/// `undef`, `@g`), `None` for a spelling the scan does not reduce (`s0x`, more digits than
/// 128 bits hold).
fn int_literal(ty: &[u8], value: &[u8]) -> Option<Option<u128>> {
    let bits = if ty == b"ptr" {
        0
    } else {
        std::str::from_utf8(&ty[1..]).ok()?.parse::<u32>().ok()?
    };
    let v: u128 = match value {
        b"null" | b"zeroinitializer" | b"false" => 0,
        b"true" => 1,
        _ if value
            .first()
            .is_some_and(|&b| b == b'-' || b.is_ascii_digit()) =>
        {
            let (neg, digits) = match value.strip_prefix(b"-") {
                Some(d) => (true, d),
                None => (false, value),
            };
            if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
                return Some(None); // not a number (`5"` of a quoted name)
            }
            if digits.len() > 38 {
                return None; // wider than the sum below
            }
            let n = digits
                .iter()
                .fold(0u128, |n, &d| n * 10 + u128::from(d - b'0'));
            if neg {
                n.wrapping_neg()
            } else {
                n
            }
        }
        _ if value.starts_with(b"u0x") => {
            let digits = &value[3..];
            if digits.is_empty() || digits.len() > 32 {
                return None;
            }
            u128::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()?
        }
        _ if value.starts_with(b"s0x") => return None,
        _ => return Some(None), // `%x`, `undef`, `poison`, `@g`, ...
    };
    Some(Some(if bits == 0 || bits >= 128 {
        v
    } else {
        v & ((1u128 << bits) - 1)
    }))
}

/// The literals [`literals`] found in one instruction, hashed in order.
#[derive(Default)]
struct Literals {
    hash: FxHasher,
    count: u32,
}

/// Whether a constant expression cannot fold to an integer literal or null as the reader
/// builds it (see [`literals`]).
fn opaque_expr(e: &[u8]) -> bool {
    // What might cancel a global out (`sub (X, X)` is zero), or fold without one.
    const CANCELS: [&[u8]; 11] = [
        b"sub (",
        b"xor (",
        b"mul (",
        b"shl (",
        b"and (",
        b"or (",
        b"lshr (",
        b"ashr (",
        b"icmp ",
        b"fcmp ",
        b"select (",
    ];
    if CANCELS.iter().any(|k| memchr::memmem::find(e, k).is_some()) {
        return false;
    }
    // Casts, `getelementptr`s and sums of a global are not literals.
    if memchr::memchr(b'@', e).is_some() {
        return true;
    }
    if memchr::memmem::find(e, b"add (").is_some() {
        return false;
    }
    // `inttoptr (i64 8 to ptr)`, nothing else inside (parameter attributes may come first).
    let Some(at) = memchr::memmem::find(e, b"inttoptr (") else {
        return false;
    };
    let Some(inner) = e[at + 10..].strip_suffix(b" to ptr)") else {
        return false;
    };
    // Not zero in its type (`i8 256` is zero, and its `inttoptr` is `null`).
    let mut words = inner.split(|&b| b == b' ');
    matches!(
        (words.next(), words.next(), words.next()),
        (Some(ty), Some(n), None)
            if is_int_or_ptr(ty)
                && ty != b"ptr"
                && matches!(int_literal(ty, n), Some(Some(v)) if v != 0)
    )
}

/// The bytes [`Segments`] stops at: quotes, brackets and commas.
static SPECIAL: [bool; 256] = crate::lexer::byte_set(b"\"()[]{}<>,");

/// Pieces of an operand list cut at the commas outside brackets,
/// parentheses, braces and quotes; ends at an unmatched closing bracket.
struct Segments<'t> {
    s: &'t [u8],
    at: usize,
    closed: bool,
}

impl<'t> Segments<'t> {
    fn new(s: &'t [u8]) -> Self {
        Segments {
            s,
            at: 0,
            closed: false,
        }
    }

    /// Whether the list ended at an unmatched closing bracket.
    fn closed(&self) -> bool {
        self.closed
    }

    /// The next piece; `Some(None)` at the end, `None` for a string that does not end.
    fn next_seg(&mut self) -> Option<Option<&'t [u8]>> {
        if self.closed || self.at > self.s.len() {
            return Some(None);
        }
        let start = self.at;
        let mut depth = 0u32;
        let mut i = start;
        while i < self.s.len() {
            // Most bytes are none of these.
            let Some(k) = self.s[i..].iter().position(|&b| SPECIAL[b as usize]) else {
                break;
            };
            i += k;
            match self.s[i] {
                b'"' => i += 1 + memchr::memchr(b'"', &self.s[i + 1..])?,
                b'(' | b'[' | b'{' | b'<' => depth += 1,
                b')' | b']' | b'}' | b'>' => {
                    if depth == 0 {
                        self.closed = true;
                        self.at = self.s.len() + 1;
                        return Some(Some(&self.s[start..i]));
                    }
                    depth -= 1;
                }
                b',' if depth == 0 => {
                    self.at = i + 1;
                    return Some(Some(&self.s[start..i]));
                }
                _ => {}
            }
            i += 1;
        }
        self.at = self.s.len() + 1;
        Some(Some(&self.s[start..]))
    }
}

/// Add the kinds of a load's metadata attachments (`!tbaa !3, !nonnull !{}`) but `!dbg`,
/// in name order (LLVM compares them in the order of their kind numbers, one of each kind).
/// The line holds no other `!` followed by a letter: types, operands and alignments do not
/// spell one. `None` for a kind written with an escape.
fn load_metadata_kinds(h: &mut FxHasher, rest: &[u8]) -> Option<()> {
    let mut kinds: smallvec::SmallVec<[&[u8]; 4]> = smallvec::SmallVec::new();
    for at in memchr::memchr_iter(b'!', rest) {
        let word = &rest[at + 1..];
        let n = word
            .iter()
            .take_while(|&&b| {
                b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'$' | b'\\')
            })
            .count();
        let kind = &word[..n];
        if kind.is_empty() || kind[0].is_ascii_digit() || kind == b"dbg" {
            continue;
        }
        if kind.contains(&b'\\') {
            return None;
        }
        kinds.push(kind);
    }
    if kinds.len() > 1 {
        kinds.sort_unstable();
        kinds.dedup();
    }
    h.write_usize(kinds.len());
    for k in kinds {
        h.write(k);
    }
    Some(())
}

/// Fast-math flag words (`fast` stands for all of them).
fn is_fmf(w: &[u8]) -> bool {
    matches!(
        w,
        b"fast" | b"nnan" | b"ninf" | b"nsz" | b"arcp" | b"contract" | b"afn" | b"reassoc"
    )
}

/// The class of a type word for [`refine`], or `None` if `w` does not start a type. A
/// pointer is in the class of the integer as wide as `ptr_bits`; without it, of every integer
/// a pointer may be as wide as.
fn type_class(w: &[u8], ptr_bits: Option<u32>) -> Option<&[u8]> {
    let w = w.strip_suffix(b",").unwrap_or(w);
    if w.is_empty() {
        return None;
    }
    let pointer: &'static [u8] = b"P";
    Some(match w {
        b"ptr" => pointer,
        b"x86_fp80" | b"fp128" | b"ppc_fp128" => b"wide float",
        b"half" | b"bfloat" | b"float" | b"double" | b"void" => w,
        _ => match w[0] {
            b'{' | b'<' | b'[' | b'%' => b"aggregate",
            b'i' if w.len() > 1 && w[1..].iter().all(|b| b.is_ascii_digit()) => {
                let bits = std::str::from_utf8(&w[1..]).ok()?.parse::<u32>().ok();
                match (bits, ptr_bits) {
                    (Some(b), Some(p)) if b == p => pointer,
                    (Some(16 | 32 | 64), None) => pointer,
                    _ => w,
                }
            }
            b'b' if w.len() > 1 && w[1..].iter().all(|b| b.is_ascii_digit()) => w,
            _ if w.starts_with(b"target(") || w == b"token" || w == b"x86_amx" => b"other",
            _ => return None,
        },
    })
}

/// Opcode words that end a block.
fn is_terminator(w: &[u8]) -> bool {
    matches!(
        w,
        b"ret"
            | b"br"
            | b"switch"
            | b"indirectbr"
            | b"invoke"
            | b"resume"
            | b"unreachable"
            | b"cleanupret"
            | b"catchret"
            | b"catchswitch"
            | b"callbr"
    )
}

fn ident_len(s: &[u8]) -> usize {
    // As the lexer reads a name: a `\` may stand in it too.
    crate::lexer::ident_run(s, true)
}

/// A name as [`name_len`] measured it, without its quotes.
fn unquoted(name: &[u8]) -> &[u8] {
    match name {
        [b'"', inner @ .., b'"'] => inner,
        _ => name,
    }
}

/// A name after a sigil: `name`, `7` or `"quoted"`; its length, or `None` for a string that
/// does not end.
pub(crate) fn name_len(s: &[u8]) -> Option<usize> {
    if s.first() == Some(&b'"') {
        return memchr::memchr(b'"', &s[1..]).map(|k| k + 2);
    }
    Some(ident_len(s))
}

/// Scan one body from the text after its `{`: where it ends (the offset of the first line
/// starting with `}`, `None` if none does), and its key, whether it may be kept as text, and
/// its references; no scan when it cannot tell the key (the module is then read in full:
/// another body equal to this one could not be told apart).
#[cfg(test)]
pub(crate) fn scan_body(text: &[u8], ptr_bits: Option<u32>) -> (Option<usize>, Option<BodyScan>) {
    scan_body_with(text, ptr_bits, true)
}

/// [`scan_body`], its references left for later unless `with_refs` (then the scan's `lazy`
/// does not yet say whether renaming the references is all a merge can do to the body, and
/// `refs` is empty: see [`refs_of`]).
fn scan_body_with(
    text: &[u8],
    ptr_bits: Option<u32>,
    with_refs: bool,
) -> (Option<usize>, Option<BodyScan>) {
    let mut close = None;
    let scan = SCRATCH.with_borrow_mut(|s| scan_lines(text, ptr_bits, &mut close, s, with_refs));
    if close.is_none() {
        // Stopped early: find the end the plain way.
        close = find_lit!(text, b"\n}").map(|k| k + 1);
    }
    // Typed pointers (`i8*`, `[4 x i8]*`, `void (i8*)*`): the key's type classes know the
    // opaque `ptr` only (a typed pointer type can be several words, and its first says
    // nothing), so a body that spells one has no key, and no body is kept as text. A typed
    // module could not keep one anyway (`Parser::check_lazy`); one read as opaque
    // (`--opaque-pointers`, or a file mixing both spellings) is read in full.
    if scan.is_some() && crate::reader::spells_typed_pointer(&text[..close.unwrap_or(text.len())]) {
        return (close, None);
    }
    (close, scan)
}

/// The vectors a scan fills and empties for each body, kept from one body to the next on
/// each thread: grown once rather than for every body (their regrowing was 2-3% of the
/// instructions of a run on C++ modules).
#[derive(Default)]
struct Scratch {
    /// Per block: the hash of its instructions in order and their number.
    sums: Vec<(u64, u64)>,
    /// Per block: where its text starts.
    starts: Vec<u32>,
    /// Per block: where its successors start in the list of all of them.
    first_succ: Vec<u32>,
    /// Direct callees: (block, the hash of the name).
    calls: Vec<(u32, u64)>,
    /// References to globals and metadata, in text order.
    refs: Vec<RawRef>,
    /// References to attribute groups, in text order.
    attrs: Vec<RawRef>,
    /// Where the strings are.
    strings: Vec<(usize, usize)>,
    /// The locals allocas define in address space 0, where their names are.
    allocas: Vec<(u32, u32)>,
    /// The attribute groups of calls of an old form of the lifetime intrinsics
    /// ([`OldLifetime`]), where they are: left out of a body kept as text.
    skipped_groups: Vec<(u32, u32)>,
}

/// What LLVM 22's reader does with a call of an old form of the lifetime intrinsics
/// ([`OldLifetime`]), by what its pointer is (`Parser::upgrade_lifetime`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Fate {
    /// An alloca: the call stays, without its size.
    Kept,
    /// A cast or an all-zero GEP of an alloca: the call stays, on the alloca (which a body
    /// kept as text cannot spell, so it is read).
    KeptOnAlloca,
    /// Anything else (an argument, an offset into a frame as a sanitizer makes it): erased.
    Erased,
}

/// The [`Fate`] of an old lifetime call on the local `ptr` (`%name`) of a body's `text`:
/// `defs` maps the body's result names to their instructions' text (from the opcode word on),
/// made on first need. `None` when the scan cannot tell (an alloca of another address space).
fn lifetime_fate<'t>(
    text: &'t [u8],
    defs: &mut Option<FxHashMap<&'t [u8], &'t [u8]>>,
    ptr: &'t [u8],
) -> Option<Fate> {
    let defs = defs.get_or_insert_with(|| {
        let mut map = FxHashMap::default();
        let mut pos = 0;
        while pos < text.len() {
            let eol = memchr::memchr(b'\n', &text[pos..]).map_or(text.len(), |k| pos + k);
            let t = text[pos..eol].trim_ascii_start();
            pos = eol + 1;
            if t.first() == Some(&b'}') {
                break;
            }
            if t.first() != Some(&b'%') {
                continue;
            }
            let Some(n) = name_len(&t[1..]) else { continue };
            if let Some((_, w)) = opcode(t) {
                map.insert(&t[..1 + n], w);
            }
        }
        map
    });
    let mut name = ptr;
    for step in 0..64 {
        let Some(&w) = defs.get(name) else {
            return Some(Fate::Erased); // an argument
        };
        let (op, _) = opcode(w)?;
        let rest = &w[op.len()..];
        let operand = |seg: &'t [u8]| -> Option<&'t [u8]> {
            let v = seg.trim_ascii().strip_prefix(b"ptr ")?;
            let n = name_len(v.strip_prefix(b"%")?)?;
            (n > 0 && v.len() == 1 + n).then_some(v)
        };
        let next = match op {
            b"alloca" if memchr::memmem::find(w, b"addrspace(").is_some() => return None,
            b"alloca" if step == 0 => return Some(Fate::Kept),
            b"alloca" => return Some(Fate::KeptOnAlloca),
            b"bitcast" | b"addrspacecast" => {
                let v = rest.trim_ascii_start();
                let to = memchr::memmem::find(v, b" to ")?;
                operand(&v[..to])
            }
            b"getelementptr" => {
                let mut segs = Segments::new(rest);
                segs.next_seg()?; // flags and the source type
                let base = segs.next_seg()?.and_then(operand);
                let mut zero = true;
                while let Some(seg) = segs.next_seg()? {
                    let seg = seg.trim_ascii();
                    if seg.starts_with(b"!") {
                        break; // metadata attachments
                    }
                    let (ty, v) = seg.split_at(seg.iter().position(|&b| b == b' ').unwrap_or(0));
                    zero &= is_int_or_ptr(ty) && ty != b"ptr" && v.trim_ascii() == b"0";
                }
                base.filter(|_| zero)
            }
            _ => None,
        };
        match next {
            Some(n) => name = n,
            None => return Some(Fate::Erased),
        }
    }
    None
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// [`scan_body`]'s work; sets `close` when it reaches the end.
fn scan_lines(
    text: &[u8],
    ptr_bits: Option<u32>,
    close: &mut Option<usize>,
    scratch: &mut Scratch,
    with_refs: bool,
) -> Option<BodyScan> {
    // Per block (see [`Scratch`]); block 0 is the entry.
    let Scratch {
        sums,
        starts,
        first_succ,
        calls,
        allocas,
        ..
    } = scratch;
    allocas.clear();
    // Old lifetime calls LLVM 22 erases (see [`Fate`]): where their lines start.
    let mut erased: Vec<u32> = Vec::new();
    let mut defs = None;
    sums.clear();
    sums.push((0, 0));
    starts.clear();
    starts.push(0);
    calls.clear();
    first_succ.clear();
    first_succ.push(0);
    // Blocks: label → index; successors per block (by label, resolved at the end).
    let mut labels: FxHashMap<&[u8], u32> = FxHashMap::default();
    // Successors by label, all blocks' in one list (one allocation rather than one per
    // block: a Rust body has hundreds of blocks).
    let mut succ: Vec<&[u8]> = Vec::new();
    let mut after_terminator = false;
    // Whether the last terminator may continue on the next lines (`switch ... [`).
    let mut multi_line = false;
    let mut first_line = true;
    let mut lazy = true;
    let mut pos = 0;
    while pos < text.len() {
        let eol = memchr::memchr(b'\n', &text[pos..]).map_or(text.len(), |k| pos + k);
        let line = &text[pos..eol];
        if line.first() == Some(&b'}') {
            *close = Some(pos);
            break;
        }
        let line_start = pos as u32;
        pos = eol + 1;
        let t = line.trim_ascii_start();
        if t.is_empty() || t[0] == b';' || t.starts_with(b"#dbg_") {
            continue;
        }
        // A label: `name:`, `7:`, `"quoted":`.
        let n = name_len(t)?;
        if n > 0 && t.get(n) == Some(&b':') {
            let name = unquoted(&t[..n]);
            if !first_line {
                first_succ.push(succ.len() as u32);
                sums.push((0, 0));
                starts.push(line_start);
            }
            if labels.insert(name, sums.len() as u32 - 1).is_some() {
                return None;
            }
            after_terminator = false;
            first_line = false;
            continue;
        }
        first_line = false;
        if t.starts_with(b"uselistorder") {
            // Not an instruction (it comes after the terminators): it orders uses, which
            // the scan does not count.
            lazy = false;
            continue;
        }
        if after_terminator {
            // A terminator's continuation: `switch` cases and `]`; `invoke` and `callbr` go
            // on with `to label %x ...`. Anything else starts a block without a label
            // (numbered implicitly), which the scan does not follow.
            let continues = t[0] == b']'
                || (t[0] == b'i'
                    && label_refs(t).any(|at| t[..at].ends_with(b", label "))
                    && !t.starts_with(b"invoke")
                    && !t.starts_with(b"indirectbr"))
                || t.starts_with(b"to label %")
                || t.starts_with(b"unwind label %");
            if !multi_line || !continues {
                return None;
            }
            label_operands(t, &mut succ)?;
            continue;
        }
        let (op, w) = opcode(t)?;
        if op.is_empty() {
            return None;
        }
        let at = |x: &[u8]| (x.as_ptr() as usize - text.as_ptr() as usize) as u32;
        if op == b"alloca" && memchr::memmem::find(w, b"addrspace(").is_none() {
            let n = name_len(&t[1..])?;
            allocas.push((at(t), at(t) + 1 + n as u32));
        }
        let is_call = matches!(
            op,
            b"call" | b"tail" | b"musttail" | b"notail" | b"invoke" | b"callbr"
        );
        let args = &w[op.len()..];
        let callee = if is_call { direct_callee(args)? } else { None };
        let lifetime = match callee {
            Some((a, _)) if args[a..].starts_with(b"llvm.lifetime.") => old_lifetime(w),
            _ => Lifetime::Not,
        };
        let mut h = FxHasher::default();
        match lifetime {
            Lifetime::Not => {
                h.write(op);
                refine(&mut h, op, args, ptr_bits)?;
            }
            // Keyed as the call LLVM 22 reads it as, or as nothing when LLVM erases it.
            Lifetime::Old(l) => {
                let ptr = &w[l.ptr.0..l.ptr.1];
                // Allocas come first, in the entry block: a look at the few seen so far,
                // else at the definitions.
                let known = allocas.len() <= 16
                    && allocas
                        .iter()
                        .any(|&(a, b)| &text[a as usize..b as usize] == ptr);
                let fate = match known {
                    true => Fate::Kept,
                    false => lifetime_fate(text, &mut defs, ptr)?,
                };
                match fate {
                    Fate::Kept => {}
                    Fate::KeptOnAlloca => lazy = false,
                    Fate::Erased => {
                        erased.push(line_start);
                        continue;
                    }
                }
                h.write(b"call");
                refine(&mut h, b"call", b" void", ptr_bits)?;
            }
            Lifetime::Odd => return None,
        }
        // A block's instructions in order: the comparator pairs them one by one.
        let sum = sums.last_mut().expect("one block");
        sum.0 = (sum.0.rotate_left(23) ^ h.finish()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        sum.1 += 1;
        if let Some((a, b)) = callee {
            let mut h = FxHasher::default();
            h.write(&args[a..b]);
            calls.push((sums.len() as u32 - 1, h.finish()));
        }
        if is_terminator(op) {
            after_terminator = true;
            multi_line = matches!(op, b"switch" | b"invoke" | b"callbr");
            label_operands(w, &mut succ)?;
        }
    }
    if !after_terminator {
        return None; // the last block has no terminator: let the reader say so
    }
    // The comparator walks the blocks reachable from the entry, and only those: the key is
    // theirs. A body with others is not kept as text (the reader removes nothing).
    first_succ.push(succ.len() as u32);
    let mut seen = vec![false; sums.len()];
    let mut stack = vec![0u32];
    seen[0] = true;
    let (mut key, mut count) = (0u64, 0u64);
    while let Some(b) = stack.pop() {
        // Spread each block's hash before summing, so that sums of few blocks do not collide.
        key = key.wrapping_add(
            (sums[b as usize].0 ^ sums[b as usize].1)
                .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
                .rotate_left(29),
        );
        count += sums[b as usize].1;
        let (from, to) = (first_succ[b as usize], first_succ[b as usize + 1]);
        for name in &succ[from as usize..to as usize] {
            let &t = labels.get(name)?;
            if !seen[t as usize] {
                seen[t as usize] = true;
                stack.push(t);
            }
        }
    }
    if seen.contains(&false) {
        lazy = false;
    }
    let callees = (calls.iter())
        .filter(|&&(b, _)| seen[b as usize])
        .map(|&(_, h)| h)
        .collect();
    let Some(end) = *close else {
        return None; // no end: the reader reports it
    };
    let dead = (0..seen.len())
        .filter(|&b| !seen[b])
        .map(|b| (starts[b], starts.get(b + 1).map_or(end as u32, |&s| s)))
        .collect();
    let (refs, renamable) = match with_refs {
        true => scan_refs(&text[..end], &erased, scratch)?,
        false => (Vec::new(), true),
    };
    Some(BodyScan {
        key: key ^ count.wrapping_mul(0xff51_afd7_ed55_8ccd),
        lazy: lazy && renamable,
        callees,
        refs,
        refs_scanned: with_refs,
        dead,
        erased,
        name: None,
    })
}

/// An instruction's line, leading blanks trimmed (`%x = opcode ...` or `opcode ...`): its
/// opcode word (the first word after `%x =`) and its text from that word on; `None` for a
/// result name that does not end or is not followed by `=`.
fn opcode(t: &[u8]) -> Option<(&[u8], &[u8])> {
    let mut w = t;
    if w.first() == Some(&b'%') {
        let n = name_len(&w[1..])?;
        w = w[1 + n..]
            .trim_ascii_start()
            .strip_prefix(b"=")?
            .trim_ascii_start();
    }
    let end = w
        .iter()
        .position(|&b| matches!(b, b' ' | b'(' | b',' | b'\r'))
        .unwrap_or(w.len());
    Some((&w[..end], w))
}

/// How many bodies have each key.
fn key_counts(keys: &[u64]) -> FxHashMap<u64, u32> {
    let mut counts: FxHashMap<u64, u32> = FxHashMap::default();
    for &k in keys {
        *counts.entry(k).or_default() += 1;
    }
    counts
}

/// The callee of a call's text after its opcode word, if it is a global named directly: the
/// first `@name` of the line, when `(` follows it (the arguments). Its name's offsets in
/// `rest`, without quotes (see [`global_name`]); `Some(None)` when the callee is not named
/// directly, `None` when the scan cannot tell.
fn direct_callee(rest: &[u8]) -> Option<Option<(usize, usize)>> {
    let Some(at) = memchr::memchr(b'@', rest) else {
        return Some(None);
    };
    let n = name_len(&rest[at + 1..])?;
    if rest.get(at + 1 + n) != Some(&b'(') {
        return Some(None);
    }
    let name = global_name(&rest[at + 1..at + 1 + n])?;
    let a = name.as_ptr() as usize - rest.as_ptr() as usize;
    Some(Some((a, a + name.len())))
}

/// A call of `llvm.lifetime.start` or `llvm.lifetime.end` as LLVM 15-21 wrote it, a size
/// first (`call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %a) #4, !dbg !9`). LLVM 22's
/// reader rebuilds such a call without its size, its tail marker, its attributes and its
/// metadata but `!dbg` (`call void @llvm.lifetime.start.p0(ptr %a), !dbg !9`), and erases
/// one whose pointer is no alloca (`Parser::upgrade_lifetime`). The scan takes the form
/// below as the call LLVM 22 makes of it, or as nothing where LLVM erases it ([`Fate`]): in
/// the key, the literals, and a body kept as text printed without the parts LLVM drops. Any
/// other use of an old form is [`Lifetime::Odd`], and the scan gives up.
///
/// Offsets are in the text from the opcode word on.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct OldLifetime {
    /// The length of the tail marker and its blank (`tail `), 0 without one.
    pub marker: usize,
    /// `@llvm.lifetime.start.p0` (or `.end.p0`).
    pub callee: (usize, usize),
    /// The size argument, its comma and blank (`i64 8, `).
    pub size: (usize, usize),
    /// The pointer's attributes (`nonnull `), maybe empty.
    pub attrs: (usize, usize),
    /// The pointer (`%a`), a local (its [`Fate`] says what LLVM 22 makes of the call).
    pub ptr: (usize, usize),
    /// One past the call's `)`.
    pub close: usize,
}

/// What [`old_lifetime`] finds in an instruction.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Lifetime {
    /// No old form of the lifetime intrinsics.
    Not,
    /// A call of the form [`OldLifetime`] describes.
    Old(OldLifetime),
    /// An old form the scan does not take.
    Odd,
}

/// Whether the instruction `w` (from its opcode word on) uses an old form of the lifetime
/// intrinsics (see [`OldLifetime`]).
pub(crate) fn old_lifetime(w: &[u8]) -> Lifetime {
    static FINDER: LazyLock<memchr::memmem::Finder<'static>> =
        LazyLock::new(|| memchr::memmem::Finder::new(b"@llvm.lifetime."));
    let Some(at) = FINDER.find(w) else {
        return Lifetime::Not;
    };
    let Some(n) = name_len(&w[at + 1..]) else {
        return Lifetime::Odd;
    };
    let open = at + 1 + n;
    if w.get(open) != Some(&b'(') {
        return Lifetime::Odd; // named otherwise than as a callee
    }
    let args = &w[open + 1..];
    if args.starts_with(b"ptr") {
        return Lifetime::Not; // LLVM 22's own form
    }
    let name = &w[at + 1..open];
    if name != b"llvm.lifetime.start.p0" && name != b"llvm.lifetime.end.p0" {
        return Lifetime::Odd;
    }
    let marker = [&b""[..], b"tail ", b"notail ", b"musttail "]
        .into_iter()
        .find(|m| w[m.len()..at] == *b"call void ");
    let Some(marker) = marker.map(<[u8]>::len) else {
        return Lifetime::Odd;
    };
    // `i64 N, ptr `: the size, then the pointer's type.
    let Some(after) = args.strip_prefix(b"i64 ") else {
        return Lifetime::Odd;
    };
    let after = after.strip_prefix(b"-").unwrap_or(after);
    let digits = after.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || !after[digits..].starts_with(b", ptr ") {
        return Lifetime::Odd;
    }
    let size_end = w.len() - after.len() + digits + 2;
    // Attribute words (`captures(address, provenance)` holds a blank) up to the `%` pointer.
    let mut i = size_end + 4;
    let attrs_start = i;
    while w.get(i) != Some(&b'%') {
        let mut depth = 0u32;
        loop {
            match w.get(i) {
                None => return Lifetime::Odd,
                Some(b'(') => depth += 1,
                Some(b')') if depth == 0 => return Lifetime::Odd,
                Some(b')') => depth -= 1,
                Some(b' ') if depth == 0 => break,
                _ => {}
            }
            i += 1;
        }
        i += 1;
    }
    let Some(n) = name_len(&w[i + 1..]).filter(|&n| n > 0) else {
        return Lifetime::Odd;
    };
    let ptr = (i, i + 1 + n);
    if w.get(ptr.1) != Some(&b')') {
        return Lifetime::Odd;
    }
    Lifetime::Old(OldLifetime {
        marker,
        callee: (at, open),
        size: (open + 1, size_end),
        attrs: (attrs_start, ptr.0),
        ptr,
        close: ptr.1 + 1,
    })
}

/// What follows an [`OldLifetime`] call (`rest`) in a body kept as text: an attribute group
/// or none, then metadata attachments by number (`, !dbg !9, !noalias !7`), which LLVM
/// 22 drops but `!dbg`. `None` for anything else. Else where the group's `#` is, if any,
/// and each attachment's span (from its comma) and node number's `!` (all in `rest`).
type LifetimeTail = (Option<usize>, Vec<(usize, usize, usize, bool)>);
fn lifetime_tail(rest: &[u8]) -> Option<LifetimeTail> {
    let digits = |from: usize| {
        rest[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut group = None;
    let mut i = 0;
    if rest.starts_with(b" #") {
        let d = digits(2);
        if d == 0 {
            return None;
        }
        group = Some(1);
        i = 2 + d;
    }
    let mut attachments = Vec::new();
    while i < rest.len() {
        let from = i;
        if !rest[i..].starts_with(b", !") {
            return None;
        }
        i += 3;
        let kind = crate::lexer::ident_run(&rest[i..], false);
        if kind == 0 || !rest[i + kind..].starts_with(b" !") {
            return None;
        }
        let dbg = &rest[i..i + kind] == b"dbg";
        let node = i + kind + 1;
        let d = digits(node + 1);
        if d == 0 {
            return None;
        }
        i = node + 1 + d;
        attachments.push((from, i, node, dbg));
    }
    Some((group, attachments))
}

/// A global's name as written after `@`, the same for its quoted and plain spellings; `None`
/// if it holds an escape, which the scan does not decode (two spellings of one name would
/// look like two names).
fn global_name(name: &[u8]) -> Option<&[u8]> {
    let name = unquoted(name);
    (memchr::memchr(b'\\', name).is_none()).then_some(name)
}

/// The `label %x` operands of a terminator's line, added to `succ` (whose tail is the current
/// block's successors); `None` for
/// a quoted name that does not end.
fn label_operands<'t>(line: &'t [u8], succ: &mut Vec<&'t [u8]>) -> Option<()> {
    for at in label_refs(line) {
        let n = name_len(&line[at + 1..])?;
        succ.push(unquoted(&line[at + 1..at + 1 + n]));
    }
    Some(())
}

/// Where the `%` of each `label %` in `line` is: a line has few `%`, so looking for them
/// and at the word before each costs less than a substring search (whose set-up, line after
/// line, was most of the cost of finding a terminator's successors).
fn label_refs(line: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(b'%', line).filter(|&at| line[..at].ends_with(b"label "))
}

/// The references of a body's text, and whether renaming them is all a merge can do to it:
/// not so for `blockaddress`, `dso_local_equivalent`, `no_cfi`, a global named in metadata,
/// or a comment holding a `"` other than quoted names (see [`quotes_pair_as_names`]). `None`
/// if it holds a string that does not end.
///
/// Two passes of SIMD searches rather than one over every byte: `@`, `!` and strings first
/// (noting where the strings are), then `#` and `;` outside them. A reference inside a
/// comment is taken as one: renaming it there is harmless.
fn scan_refs(text: &[u8], erased: &[u32], scratch: &mut Scratch) -> Option<(Vec<RawRef>, bool)> {
    let Scratch {
        refs,
        attrs,
        strings,
        skipped_groups,
        ..
    } = scratch;
    refs.clear();
    attrs.clear();
    strings.clear();
    // The `#` of each attribute group an old lifetime call names (see [`OldLifetime`]).
    skipped_groups.clear();
    // The line the last global was on, where metadata starts in it, and whether it is a
    // debug record.
    let mut line: Option<(usize, usize, bool)> = None;
    let mut i = 0;
    while let Some(k) = memchr::memchr3(b'@', b'!', b'"', &text[i..]) {
        let at = i + k;
        match text[at] {
            b'"' => {
                let end = at + 1 + memchr::memchr(b'"', &text[at + 1..])?;
                strings.push((at, end));
                i = end + 1;
            }
            b'@' => {
                let n = name_len(&text[at + 1..])?;
                if n == 0 || (n == 2 && text[at + 1] == b'"') {
                    return None;
                }
                let end = at + 1 + n;
                let start = memchr::memrchr(b'\n', &text[..at]).map_or(0, |k| k + 1);
                let (meta, record) = match line {
                    Some((s, m, r)) if s == start => (m, r),
                    _ => {
                        let eol = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |k| at + k);
                        let l = &text[start..eol];
                        if old_constant_syntax(l) {
                            return Some((Vec::new(), false));
                        }
                        let record = l.trim_ascii_start().starts_with(b"#dbg_");
                        let m = if record {
                            start
                        } else {
                            start + metadata_from(l)
                        };
                        line = Some((start, m, record));
                        (m, record)
                    }
                };
                if forbidden_before(&text[..at]) {
                    return Some((Vec::new(), false));
                }
                if text[at + 1..end].starts_with(b"llvm.lifetime.") {
                    let eol = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |k| at + k);
                    let erase = erased.binary_search(&(start as u32)).is_ok();
                    match lifetime_refs(
                        text,
                        (start, at, eol),
                        erase,
                        refs,
                        skipped_groups,
                        strings,
                    ) {
                        Some(Some(close)) => {
                            i = close;
                            continue;
                        }
                        Some(None) => {}
                        None => return Some((Vec::new(), false)),
                    }
                }
                refs.push(RawRef {
                    at: at as u32,
                    end: end as u32,
                    kind: RawKind::Global {
                        callee: text.get(end) == Some(&b'(') && meta > at,
                        meta: meta < at,
                        record,
                        name: NO_NAME,
                    },
                });
                i = end;
            }
            _ => {
                i = at + 1;
                if let Some((n, end)) = number_after(text, at) {
                    refs.push(RawRef {
                        at: at as u32,
                        end: end as u32,
                        kind: RawKind::Md(n),
                    });
                    i = end;
                }
            }
        }
    }
    let mut s = 0;
    let mut i = 0;
    while let Some(k) = memchr::memchr2(b'#', b';', &text[i..]) {
        let at = i + k;
        i = at + 1;
        while strings.get(s).is_some_and(|&(_, e)| e < at) {
            s += 1;
        }
        if strings.get(s).is_some_and(|&(b, e)| b < at && at < e) {
            continue;
        }
        if text[at] == b';' {
            let eol = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |k| at + k);
            if !quotes_pair_as_names(&text[at..eol]) {
                return Some((Vec::new(), false));
            }
            i = eol;
        } else if let Some((n, end)) = number_after(text, at) {
            let skipped = skipped_groups
                .binary_search(&(at as u32, end as u32))
                .is_ok();
            attrs.push(match skipped {
                // With the blank before it.
                true => RawRef {
                    at: at as u32 - 1,
                    end: end as u32,
                    kind: RawKind::Skip(n),
                },
                false => RawRef {
                    at: at as u32,
                    end: end as u32,
                    kind: RawKind::Attr(n),
                },
            });
            i = end;
        }
    }
    // The two runs, each in text order, merged into a list of the size it needs.
    let mut all = Vec::with_capacity(refs.len() + attrs.len());
    let (mut a, mut b) = (refs.iter().peekable(), attrs.iter().peekable());
    while let (Some(x), Some(y)) = (a.peek(), b.peek()) {
        all.push(if x.at < y.at { *a.next()? } else { *b.next()? });
    }
    all.extend(a.chain(b));
    Some((all, true))
}

/// At the callee `@llvm.lifetime.*` (at `at`, on the line `start..eol` of `text`) of a call
/// in a body that may be kept as text: if it is an [`OldLifetime`] call, its references
/// (the callee, and what the writer leaves out) pushed to `refs` and the `#` of its
/// attribute group, if any, to `groups` (in text order); then `Some(Some(end))` with where
/// its call ends. `Some(None)` for a call in LLVM 22's form; `None` for one the writer
/// could not print as LLVM 22 reads it.
fn lifetime_refs(
    text: &[u8],
    (start, at, eol): (usize, usize, usize),
    erase: bool,
    refs: &mut Vec<RawRef>,
    groups: &mut Vec<(u32, u32)>,
    strings: &mut Vec<(usize, usize)>,
) -> Option<Option<usize>> {
    let (_, w) = opcode(text[start..eol].trim_ascii_start())?;
    let base = w.as_ptr() as usize - text.as_ptr() as usize;
    let l = match old_lifetime(w) {
        Lifetime::Old(l) if base + l.callee.0 == at => l,
        Lifetime::Not => return Some(None),
        _ => return None,
    };
    let (group, attachments) = lifetime_tail(&w[l.close..])?;
    let skip = |(a, b): (usize, usize)| RawRef {
        at: (base + a) as u32,
        end: (base + b) as u32,
        kind: RawKind::Skip(NO_GROUP),
    };
    // A quoted name is a string to the search for `#` and `;` that follows.
    if w[l.ptr.0 + 1] == b'"' {
        strings.push((base + l.ptr.0 + 1, base + l.ptr.1 - 1));
    }
    // The group's `#` and end: the search for `#` makes it a `Skip(n)`, so that it is
    // still checked to be defined.
    let group = match group {
        Some(g) => {
            let g = base + l.close + g;
            let end = number_after(text, g)?.1;
            groups.push((g as u32, end as u32));
            Some((g, end))
        }
        None => None,
    };
    if erase {
        // The whole line, its newline too, around the group.
        let line_end = (eol + 1).min(text.len());
        let upto = group.map_or(line_end, |(g, _)| g - 1);
        refs.push(RawRef {
            at: start as u32,
            end: upto as u32,
            kind: RawKind::Skip(NO_GROUP),
        });
        if let Some((_, end)) = group.filter(|&(_, end)| end < line_end) {
            refs.push(RawRef {
                at: end as u32,
                end: line_end as u32,
                kind: RawKind::Skip(NO_GROUP),
            });
        }
        return Some(Some(line_end));
    }
    if l.marker > 0 {
        refs.push(skip((0, l.marker)));
    }
    refs.push(RawRef {
        at: at as u32,
        end: (base + l.callee.1) as u32,
        kind: RawKind::Global {
            callee: true,
            meta: false,
            record: false,
            name: NO_NAME,
        },
    });
    refs.push(skip(l.size));
    if l.attrs.0 < l.attrs.1 {
        refs.push(skip(l.attrs));
    }
    let tail = base + l.close;
    for (from, to, node, dbg) in attachments {
        refs.push(match dbg {
            true => RawRef {
                at: (tail + node) as u32,
                end: (tail + to) as u32,
                kind: RawKind::Md(number_after(text, tail + node)?.0),
            },
            false => RawRef {
                at: (tail + from) as u32,
                end: (tail + to) as u32,
                kind: RawKind::Skip(NO_GROUP),
            },
        });
    }
    Some(Some(eol))
}

/// Whether `w` is an instruction LLVM 22 no longer reads as a constant expression (it keeps
/// `add`, `sub`, `xor`, `trunc`, the pointer casts, `getelementptr` and the vector ones).
pub(crate) fn no_longer_a_constant(w: &[u8]) -> bool {
    matches!(
        w,
        b"and"
            | b"or"
            | b"lshr"
            | b"ashr"
            | b"shl"
            | b"mul"
            | b"udiv"
            | b"sdiv"
            | b"urem"
            | b"srem"
            | b"fneg"
            | b"fadd"
            | b"fsub"
            | b"fmul"
            | b"fdiv"
            | b"frem"
            | b"zext"
            | b"sext"
            | b"fptrunc"
            | b"fpext"
            | b"fptoui"
            | b"fptosi"
            | b"uitofp"
            | b"sitofp"
            | b"select"
            | b"extractvalue"
            | b"insertvalue"
            | b"icmp"
            | b"fcmp"
    )
}

/// Whether the line `l` (one that names a global) may hold a constant expression LLVM 22
/// no longer reads, as IR from LLVM 15-18 does: `icmp eq (ptr @f, ptr null)`, `and (...)`,
/// `zext (...)`, an index marked `inrange` (`i64 0, inrange i32 0, i64 2`). LLVM 22 refuses
/// such a module; so does mergefn, but only for text it reads, so a body holding one is
/// read. A word before a `(` is taken as an opcode unless a sigil or name character comes
/// before it (`@or(` is a call); a string may make this say yes for nothing.
fn old_constant_syntax(l: &[u8]) -> bool {
    static INRANGE: LazyLock<memchr::memmem::Finder<'static>> =
        LazyLock::new(|| memchr::memmem::Finder::new(b"inrange "));
    if INRANGE.find(l).is_some() {
        return true;
    }
    let word_before = |end: usize| -> &[u8] {
        let end = l[..end].trim_ascii_end().len();
        let start = l[..end]
            .iter()
            .rposition(|b| !b.is_ascii_lowercase())
            .map_or(0, |k| k + 1);
        let sigil = start > 0 && !matches!(l[start - 1], b' ' | b'(' | b',' | b'[' | b'<' | b'{');
        if sigil {
            b""
        } else {
            &l[start..end]
        }
    };
    memchr::memchr_iter(b'(', l).any(|open| {
        let w = word_before(open);
        match w {
            _ if no_longer_a_constant(w) => true,
            // A predicate: `icmp eq (`.
            _ if !w.is_empty() => {
                let at = w.as_ptr() as usize - l.as_ptr() as usize;
                matches!(word_before(at), b"icmp" | b"fcmp")
            }
            _ => false,
        }
    })
}

/// Whether every `"` of a comment opens or closes a quoted local name, as in the
/// `; preds = %"a.b", %c` LLVM prints above a block (Rust's labels are quoted): the string
/// pass then paired them as the names they are. Any other quote in a comment may have
/// thrown that pass off.
fn quotes_pair_as_names(comment: &[u8]) -> bool {
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'"', &comment[i..]) {
        let open = i + k;
        if open == 0 || comment[open - 1] != b'%' {
            return false;
        }
        let Some(len) = memchr::memchr(b'"', &comment[open + 1..]) else {
            return false;
        };
        i = open + 2 + len;
    }
    true
}

/// The number right after the sigil at `at` (`!7`, `#3`) and where it ends.
fn number_after(text: &[u8], at: usize) -> Option<(u32, usize)> {
    let mut n: u32 = 0;
    let mut end = at + 1;
    while let Some(&d) = text.get(end).filter(|d| d.is_ascii_digit()) {
        n = n.checked_mul(10)?.checked_add(u32::from(d - b'0'))?;
        end += 1;
    }
    (end > at + 1).then_some((n, end))
}

/// Where metadata starts in an instruction's line (a `metadata` operand, an inline node), or
/// its length: a global named after that is not an operand (see [`RawKind::Global`]).
fn metadata_from(line: &[u8]) -> usize {
    let mut from = METADATA.find(line).unwrap_or(line.len());
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'!', &line[i..from]) {
        let at = i + k;
        let rest = &line[at..];
        if rest.starts_with(b"!{") || rest.starts_with(b"!DI") {
            from = at;
            break;
        }
        i = at + 1;
    }
    from
}

/// Whether the word before a global reference (`blockaddress(@f`, `dso_local_equivalent @f`,
/// `no_cfi @f`) makes it more than a name to rename.
fn forbidden_before(before: &[u8]) -> bool {
    let t = before.trim_ascii_end();
    let t = t.strip_suffix(b"(").unwrap_or(t).trim_ascii_end();
    t.ends_with(b"blockaddress") || t.ends_with(b"dso_local_equivalent") || t.ends_with(b"no_cfi")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scan `body` (the text between `{` and `}`).
    fn scan(body: &str) -> Option<BodyScan> {
        let text = format!("{body}}}\n");
        let (close, scan) = scan_body(text.as_bytes(), None);
        assert_eq!(close, Some(body.len()), "the body ends where it does");
        scan
    }

    fn key(body: &str) -> Option<u64> {
        scan(body).map(|s| s.key)
    }

    #[test]
    fn key_ignores_names_types_operands_and_block_order() {
        let a = "\n  %1 = add i32 %0, 1\n  br label %b\nb:\n  ret i32 %1\n";
        let b = "\n  %s = add i64 %x, 7\n  br label %\"q r\"\n\"q r\":\n  ret i64 %s\n";
        assert_eq!(key(a), key(b));
        assert!(key(a).is_some());
        let c = "\n  %1 = sub i32 %0, 1\n  br label %b\nb:\n  ret i32 %1\n";
        assert_ne!(key(a), key(c));
        // Block order does not matter to the comparator's walk.
        let d = "\n  br label %x\ny:\n  ret void\nx:\n  %1 = add i32 0, 1\n  br label %y\n";
        let e = "\n  br label %x\nx:\n  %1 = add i32 0, 1\n  br label %y\ny:\n  ret void\n";
        assert_eq!(key(d), key(e));
    }

    #[test]
    fn key_tells_types_apart_only_where_the_comparator_does() {
        let k = |t: &str, op: &str| key(&format!("\n  %1 = {op} {t} %0, 1\n  ret void\n"));
        // A pointer is compared as the pointer-sized integer; structs by their fields.
        assert_eq!(k("i64", "add"), k("ptr", "add"));
        assert_eq!(k("{ i32 }", "load"), k("%struct.S", "load"));
        assert_eq!(k("i64,", "load"), k("ptr,", "load"));
        assert_ne!(k("i8", "add"), k("i64", "add"));
        assert_ne!(k("float", "fadd"), k("double", "fadd"));
        // Flags have several spellings: left out. Predicates are kept.
        assert_eq!(k("fast float", "fadd"), k("nnan ninf float", "fadd"));
        assert_eq!(k("nuw i32", "add"), k("i32", "add"));
        assert_ne!(k("eq i32", "icmp"), k("ne i32", "icmp"));
        assert_eq!(k("samesign ult i32", "icmp"), k("ult i32", "icmp"));
        // A GEP's source type is not compared when the offset is constant.
        assert_eq!(
            k("i8, ptr", "getelementptr"),
            k("i32, ptr", "getelementptr")
        );
        // Without a data layout a pointer may be as wide as any of i16, i32, i64; with one,
        // only the integer of its width stands with it.
        assert_eq!(k("i32", "add"), k("ptr", "add"));
        let wide = |t: &str, bits| {
            let text = format!("\n  %1 = load {t}, ptr %0\n  ret void\n}}\n");
            scan_body(text.as_bytes(), bits).1.map(|s| s.key)
        };
        assert_eq!(wide("ptr", Some(64)), wide("i64", Some(64)));
        assert_ne!(wide("ptr", Some(64)), wide("i32", Some(64)));
        assert_eq!(wide("ptr", Some(32)), wide("i32", Some(32)));
        assert_ne!(wide("ptr", Some(32)), wide("i64", Some(32)));
    }

    #[test]
    fn a_loads_metadata_kinds_are_in_its_key() {
        let k = |md: &str| key(&format!("\n  %1 = load ptr, ptr %0{md}\n  ret void\n"));
        // The nodes may differ (the comparator compares their contents), the kinds may not.
        assert_eq!(k(", !tbaa !3"), k(", !tbaa !7"));
        assert_eq!(k(", !tbaa !3, !nonnull !4"), k(", !nonnull !{}, !tbaa !9"));
        assert_ne!(k(", !tbaa !3"), k(", !tbaa !3, !nonnull !4"));
        assert_ne!(k(", !tbaa !3"), k(", !range !3"));
        // `!dbg` is not compared.
        assert_eq!(k(""), k(", !dbg !5"));
        assert!(k("").is_some());
        // A kind spelled with an escape: the scan cannot tell.
        assert_eq!(k(", !tb\\61a !3"), None);
    }

    #[test]
    fn the_data_layout_gives_the_pointer_width() {
        let bits = |dl: &str| {
            pointer_bits(format!("target datalayout = \"{dl}\"\ndefine void @f() {{\n").as_bytes())
        };
        assert_eq!(
            bits("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-n8:16:32:64-S128"),
            Some(64)
        );
        assert_eq!(bits("e-m:e-p:32:32-i64:64"), Some(32));
        assert_eq!(bits("e-p0:16:16"), Some(16));
        assert_eq!(bits("e-p:x:32"), None);
        // No layout before the first body: the scan does not know.
        assert_eq!(
            pointer_bits(b"define void @f() {\n}\ntarget datalayout = \"p:32:32\"\n"),
            None
        );
    }

    /// The keys [`plan`] gives the bodies of `src`, by function name.
    fn planned_keys(src: &str) -> FxHashMap<String, (u64, bool)> {
        let bytes = src.as_bytes();
        let mut bodies = Vec::new();
        for (open, close, scan) in body_spans(bytes, 0, bytes.len(), pointer_bits(bytes)) {
            bodies.push((open, close, scan.expect("a known key")));
        }
        let declarations: FxHashSet<&[u8]> = declared(bytes, 0, bytes.len()).into_iter().collect();
        let keys = keys_with_callees(bytes, &bodies, &declarations).expect("known names");
        let lazy: Vec<bool> = plan(bytes).iter().map(|p| p.lazy).collect();
        bodies
            .iter()
            .zip(keys)
            .zip(lazy)
            .map(|(((open, _, _), k), lazy)| {
                let name = defined_name(bytes, *open as usize).expect("a name");
                (String::from_utf8(name.to_vec()).unwrap(), (k, lazy))
            })
            .collect()
    }

    #[test]
    fn integer_constants_tell_bodies_apart_however_they_are_spelled() {
        let body = |name: &str, line: &str| {
            format!("define i64 @{name}(i64 %x, ptr %p) {{\n  {line}\n  ret i64 %x\n}}\n\n")
        };
        let mut src = String::from("@g = global i64 0\n\n");
        for (name, line) in [
            ("a", "%y = add i64 %x, 8"),
            ("b", "%y = add i64 %x, 16"),
            ("c", "%y = add i64 %x, u0x10"),
            ("d", "store i64 0, ptr %p, align 8"),
            ("e", "store ptr null, ptr %p, align 8"),
            ("f", "store i8 -1, ptr %p, align 1"),
            ("h", "store i8 255, ptr %p, align 1"),
            ("i", "call void @f(i64 noundef 3, i1 true)"),
            ("j", "call void @f(i64 noundef 3, i1 1)"),
            ("k", "call void @f(i64 noundef 4, i1 true)"),
            // Offsets of a constant-index GEP are the comparator's business, not the key's.
            ("l", "%q = getelementptr i8, ptr %p, i64 8"),
            ("m", "%q = getelementptr i32, ptr %p, i64 2"),
            // Not numbers: add nothing.
            ("n", "%y = add i64 %x, ptrtoint (ptr @g to i64)"),
        ] {
            src.push_str(&body(name, line));
        }
        src.push_str("declare void @f(i64, i1)\n");
        let k = planned_keys(&src);
        assert_ne!(k["a"].0, k["b"].0);
        assert_eq!(k["b"].0, k["c"].0);
        assert_eq!(k["d"].0, k["e"].0);
        assert_eq!(k["f"].0, k["h"].0);
        assert_eq!(k["i"].0, k["j"].0);
        assert_ne!(k["i"].0, k["k"].0);
        assert_eq!(k["l"].0, k["m"].0);
        assert!(k["a"].1 && k["k"].1, "unique keys are kept as text");
        // A constant expression that might fold to a number: the scan cannot tell. An
        // `inttoptr` of a number that is zero in its type is `null`.
        let null = body("r", "store ptr inttoptr (i8 256 to ptr), ptr %p")
            + &body("s", "store ptr null, ptr %p");
        assert!(plan(null.as_bytes()).is_empty());
        let eight = body("r", "store ptr inttoptr (i64 8 to ptr), ptr %p")
            + &body("s", "store ptr null, ptr %p");
        assert!(!plan(eight.as_bytes()).is_empty());
        let folds =
            body("p", "%y = add i64 %x, add (i64 1, i64 2)") + &body("q", "%y = add i64 %x, 3");
        assert!(plan(folds.as_bytes()).is_empty());
    }

    #[test]
    fn a_body_spelling_a_typed_pointer_keeps_no_body_as_text() {
        // `ret i8* %p` and `ret i64 %p` are equal to the comparator (a pointer is the
        // pointer-sized integer), but a typed pointer's first word says nothing of its
        // class: the scan must not guess.
        let body = |name: &str, ty: &str| {
            format!("define {ty} @{name}({ty} %p) {{\n  ret {ty} %p\n}}\n\n")
        };
        let opaque = body("a", "ptr") + &body("b", "i32") + &body("c", "double");
        assert!(plan(opaque.as_bytes()).iter().any(|p| p.lazy));
        let mixed = body("a", "ptr") + &body("b", "i32") + &body("c", "i8*");
        assert!(plan(mixed.as_bytes()).is_empty());
        // A `*` in a comment or a string is none.
        let commented = body("a", "ptr")
            + &body("b", "i32")
            + "define void @c() {\n  ret void ; i8* here\n}\n\n";
        assert!(plan(commented.as_bytes()).iter().any(|p| p.lazy));
    }

    #[test]
    fn operands_tell_bodies_apart_by_the_globals_merging_cannot_change() {
        let body = |name: &str, line: &str| {
            format!("define void @{name}(ptr %metadata) {{\n  {line}\n  ret void\n}}\n\n")
        };
        let mut src = String::from("@x = global i32 0\n@y = global i32 0\n@z = global i32 0\n\n");
        for (name, line) in [
            ("a", "store ptr @x, ptr %metadata"),
            ("b", "store ptr @y, ptr %metadata"),
            // Where the comparator does not look: a comment, metadata, a string.
            ("c", "store ptr @x, ptr %metadata ; @y"),
            ("d", "store ptr @x, ptr %metadata, !foo !{ptr @y}"),
            ("e", "store ptr @x, ptr %metadata, !foo !{!\"@y\"}"),
            // Functions defined here stand for their group.
            ("f", "store ptr @g1, ptr %metadata"),
            ("h", "store ptr @g2, ptr %metadata"),
            ("i", "store ptr @k, ptr %metadata"),
            // A local's name is not the `metadata` type.
            ("m", "store ptr %metadata, ptr @x"),
            ("n", "store ptr %metadata, ptr @z"),
        ] {
            src.push_str(&body(name, line));
        }
        src.push_str(
            "define void @g1() {\n  ret void\n}\n\ndefine void @g2() {\n  ret void\n}\n\n",
        );
        src.push_str("define i32 @k() {\n  ret i32 0\n}\n\n");
        // An operand in a block the entry does not reach is not compared.
        src.push_str("define void @j(ptr %metadata) {\n  store ptr @x, ptr %metadata\n  ret void\n\ndead:\n  store ptr @y, ptr %metadata\n  ret void\n}\n");
        let k = planned_keys(&src);
        assert_ne!(k["a"].0, k["b"].0);
        assert!(k["b"].1, "no other body names @y");
        for same in ["c", "d", "e", "j"] {
            assert_eq!(k["a"].0, k[same].0, "{same}");
        }
        assert_eq!(k["g1"].0, k["g2"].0);
        assert_eq!(k["f"].0, k["h"].0);
        assert_ne!(k["f"].0, k["i"].0);
        assert_ne!(k["m"].0, k["n"].0);
    }

    #[test]
    fn calls_tell_bodies_apart_by_what_merging_cannot_change() {
        let src = "declare void @x()\ndeclare void @\"y\"()\n\n\
            define void @a() {\n  call void @x()\n  ret void\n}\n\n\
            define void @b() {\n  call void @y()\n  ret void\n}\n\n\
            define void @c() {\n  call void @\"x\"()\n  ret void\n}\n\n\
            define void @d() {\n  call void @e(i32 1)\n  ret void\n}\n\n\
            define void @e(i32 %0) {\n  %2 = add i32 %0, 1\n  ret void\n}\n\n\
            define void @f() {\n  call void @g(i32 1)\n  ret void\n}\n\n\
            define void @g(i32 %0) {\n  %2 = sub i32 %0, 1\n  ret void\n}\n\n\
            define void @h() {\n  call void @i(i32 1)\n  ret void\n}\n\n\
            define void @i(i32 %0) {\n  %2 = sub i32 %0, 1\n  ret void\n}\n\n\
            define void @r() {\n  call void @r()\n  ret void\n}\n\n\
            define void @s() {\n  call void @s()\n  ret void\n}\n";
        let k = planned_keys(src);
        // Declarations are themselves for good: the name decides (in either spelling).
        assert_ne!(k["a"].0, k["b"].0);
        assert_eq!(k["a"].0, k["c"].0);
        assert!(k["b"].1 && !k["a"].1 && !k["c"].1);
        // A defined callee may come to be another one equal to it: only its group decides.
        // @e and @g differ, so @d and @f cannot become equal; @g and @i may, so @f and @h may.
        assert_ne!(k["e"].0, k["g"].0);
        assert_ne!(k["d"].0, k["f"].0);
        assert!(k["d"].1);
        assert_eq!(k["g"].0, k["i"].0);
        assert_eq!(k["f"].0, k["h"].0);
        assert!(!k["f"].1 && !k["h"].1);
        // Calls of themselves: the comparator takes them as equal.
        assert_eq!(k["r"].0, k["s"].0);
    }

    /// Whether a body may be kept as text (`None`: its key is unknown).
    fn keepable(body: &str) -> Option<bool> {
        scan(body).map(|s| s.lazy)
    }

    #[test]
    fn unsure_bodies_are_parsed() {
        // An unreachable block: the key is that of the reachable ones, the body is read.
        let dead = "\n  ret void\ndead:\n  %1 = add i32 0, 1\n  ret void\n";
        assert_eq!(keepable(dead), Some(false));
        assert_eq!(key(dead), key("\n  ret void\n"));
        // Blocks the scan cannot follow, a missing terminator, a string that does not end:
        // the key is unknown.
        assert_eq!(key("\n  br label %1\n  ret void\n"), None);
        assert_eq!(key("\n  %1 = add i32 0, 1\n"), None);
        assert_eq!(key("\n  call void @f(ptr c\"abc)\n  ret void\n"), None);
        // Known keys, but more than renaming would be needed.
        for body in [
            "\n  store ptr blockaddress(@f, %b), ptr %p\n  ret void\n",
            "\n  ret void\n  uselistorder ptr @g, { 1, 0 }\n",
        ] {
            assert_eq!(keepable(body), Some(false), "{body}");
        }
        assert_eq!(keepable("\n  call void @g()\n  ret void\n"), Some(true));
        // A comment holding a quote would throw the strings off, but for the quoted names
        // of a `; preds` comment.
        assert_eq!(
            keepable("\n  call void @g() ; a \"quoted\" word\n  ret void\n"),
            Some(false)
        );
        assert_eq!(
            keepable("\n  call void @g() ; preds = %\"a\", \"b\"\n  ret void\n"),
            Some(false)
        );
        let preds = "\n  br label %\"a;\\22b\"\n\"a;\\22b\":  ; preds = %0, %\"a;\\22b\"\n  call void @g() #1, !dbg !2\n  br label %\"a;\\22b\"\n";
        assert_eq!(keepable(preds), Some(true));
        let refs: Vec<&str> = scan(preds)
            .unwrap()
            .refs
            .iter()
            .map(|r| &preds[r.at as usize..r.end as usize])
            .collect();
        assert_eq!(refs, ["@g", "#1", "!2"]);
    }

    #[test]
    fn references_skip_strings() {
        let t = "\n  call void @f(ptr @g, ptr c\"@x!1#2\") #3, !dbg !4 ; @no !5\n  #dbg_value(i32 %x, !6, !DIExpression(), !7)\n  store ptr @\"a b\", ptr %p\n  ret void\n";
        let s = scan(t).unwrap();
        let operand = |callee| RawKind::Global {
            callee,
            meta: false,
            record: false,
            name: NO_NAME,
        };
        let got: Vec<(&str, RawKind)> = s
            .refs
            .iter()
            .map(|r| (&t[r.at as usize..r.end as usize], r.kind))
            .collect();
        assert_eq!(
            got,
            [
                ("@f", operand(true)),
                ("@g", operand(false)),
                ("#3", RawKind::Attr(3)),
                ("!4", RawKind::Md(4)),
                // In a comment: taken as references (renaming there is harmless).
                ("@no", operand(false)),
                ("!5", RawKind::Md(5)),
                ("!6", RawKind::Md(6)),
                ("!7", RawKind::Md(7)),
                ("@\"a b\"", operand(false)),
            ]
        );
    }

    #[test]
    fn old_lifetime_calls_are_keyed_as_llvm_22_reads_them() {
        let body = |call: &str| format!("\n  %a = alloca i64, align 8\n  {call}\n  ret void\n");
        let new = key(&body("call void @llvm.lifetime.start.p0(ptr %a)"));
        assert!(new.is_some());
        for old in [
            "call void @llvm.lifetime.start.p0(i64 8, ptr %a)",
            "call void @llvm.lifetime.start.p0(i64 -1, ptr nonnull %a) #4, !dbg !9",
            "tail call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %a), !noalias !3",
            "call void @llvm.lifetime.start.p0(i64 8, ptr captures(address, provenance) %a)",
        ] {
            assert_eq!(key(&body(old)), new, "{old}");
        }
        assert_ne!(
            key(&body("tail call void @llvm.lifetime.start.p0(ptr %a)")),
            new
        );
        // On anything but an alloca, seen through casts and all-zero GEPs, LLVM 22 erases
        // the call: it is no instruction of the key, and the text leaves its line out.
        let plain =
            "\n  %a = alloca i64, align 8\n  %p = getelementptr i8, ptr %a, i64 8\n  ret void\n";
        for erased in [
            "\n  %a = alloca i64, align 8\n  %p = getelementptr i8, ptr %a, i64 8\n  call void @llvm.lifetime.start.p0(i64 8, ptr %arg) #3\n  ret void\n",
            "\n  %a = alloca i64, align 8\n  %p = getelementptr i8, ptr %a, i64 8\n  call void @llvm.lifetime.start.p0(i64 8, ptr %p)\n  ret void\n",
        ] {
            let s = scan(erased).unwrap();
            assert_eq!(s.erased.len(), 1, "{erased}");
            assert!(s.callees.is_empty() && s.lazy, "{erased}");
            assert_eq!(Some(s.key), key(plain), "{erased}");
        }
        // Kept on the alloca behind a cast or an all-zero GEP: keyed as the call, but read
        // (the text would have to name the alloca).
        let cast = "\n  %a = alloca i64, align 8\n  %p = getelementptr inbounds [1 x i64], ptr %a, i64 0, i64 0\n  call void @llvm.lifetime.start.p0(i64 8, ptr %p)\n  ret void\n";
        let s = scan(cast).unwrap();
        assert!(!s.lazy && s.erased.is_empty() && s.callees.len() == 1);
        // Forms the scan does not take.
        for odd in [
            "call void @llvm.lifetime.start.p0(i64 8, ptr getelementptr (i8, ptr @g, i64 1))",
            "call void @llvm.lifetime.start.p5(i64 8, ptr addrspace(5) %a)",
            "call void @llvm.lifetime.start.p0(i32 8, ptr %a)",
            "invoke void @llvm.lifetime.start.p0(i64 8, ptr %a) to label %x unwind label %y",
        ] {
            assert_eq!(key(&body(odd)), None, "{odd}");
        }
        // (A use other than a call is keyed as it stands: the reader reads the module in full
        // when a body kept as text names an upgraded declaration so, `Parser::check_lazy`.)
        let in_space = "\n  %a = alloca i64, align 8, addrspace(5)\n  call void @llvm.lifetime.start.p0(i64 8, ptr %a)\n  ret void\n";
        assert_eq!(key(in_space), None);
    }

    /// `t` as a body kept as text prints with the `refs` a scan found (references as
    /// written, skipped spans left out).
    fn printed(t: &str, refs: &[RawRef]) -> String {
        let mut out = String::new();
        let mut from = 0;
        for r in refs {
            out.push_str(&t[from..r.at as usize]);
            if !matches!(r.kind, RawKind::Skip(_)) {
                out.push_str(&t[r.at as usize..r.end as usize]);
            }
            from = r.end as usize;
        }
        out.push_str(&t[from..]);
        out
    }

    #[test]
    fn old_lifetime_calls_print_without_what_llvm_22_drops() {
        let t = "\n  %a = alloca i64, align 8\n  tail call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %a) #4, !dbg !9, !noalias !3\n  call void @llvm.lifetime.end.p0(i64 8, ptr %a)\n  call void @g() #5\n  ret void\n";
        let s = scan(t).unwrap();
        assert!(s.lazy);
        assert_eq!(
            printed(t, &s.refs),
            "\n  %a = alloca i64, align 8\n  call void @llvm.lifetime.start.p0(ptr %a), !dbg !9\n  call void @llvm.lifetime.end.p0(ptr %a)\n  call void @g() #5\n  ret void\n"
        );
        assert!(s.refs.contains(&RawRef {
            at: t.find(" #4").unwrap() as u32,
            end: (t.find(" #4").unwrap() + 3) as u32,
            kind: RawKind::Skip(4)
        }));
        // An erased call: its whole line is left out, its group still checked.
        let t = "\n  %a = alloca i64, align 8\n  %p = getelementptr i8, ptr %a, i64 1\n  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %p) #4, !dbg !9\n  #dbg_value(ptr %a, !5, !DIExpression(), !9)\n  ret void, !dbg !9\n";
        let s = scan(t).unwrap();
        assert!(s.lazy);
        assert_eq!(
            printed(t, &s.refs),
            "\n  %a = alloca i64, align 8\n  %p = getelementptr i8, ptr %a, i64 1\n  #dbg_value(ptr %a, !5, !DIExpression(), !9)\n  ret void, !dbg !9\n"
        );
        assert!(s.refs.iter().any(|r| r.kind == RawKind::Skip(4)));
        // Other metadata than a number after it: read in full.
        let other = "\n  %a = alloca i64, align 8\n  call void @llvm.lifetime.start.p0(i64 8, ptr %a), !noalias !{!1}\n  ret void\n";
        assert_eq!(keepable(other), Some(false));
    }

    #[test]
    fn the_size_of_an_old_lifetime_call_is_no_literal() {
        let body = |name: &str, size: &str| {
            format!("define void @{name}() {{\n  %a = alloca i64, align 8\n  call void @llvm.lifetime.start.p0(i64 {size}, ptr %a)\n  call void @h(i32 1)\n  ret void\n}}\n")
        };
        let src = format!(
            "{}{}{}declare void @h(i32)\ndeclare void @llvm.lifetime.start.p0(i64 immarg, ptr)\n",
            body("a", "8"),
            body("b", "-1"),
            body("c", "8").replace("i32 1", "i32 2")
        );
        let keys = planned_keys(&src);
        assert_eq!(keys["a"].0, keys["b"].0);
        assert_ne!(keys["a"].0, keys["c"].0);
    }

    #[test]
    fn constants_llvm_22_no_longer_reads_are_found() {
        for l in [
            "  %c = or i1 %b, icmp eq (ptr @f, ptr null)",
            "  br i1 icmp ne (ptr @g, ptr null), label %a, label %b",
            "  %x = add i64 1, zext (i32 ptrtoint (ptr @g to i32) to i64)",
            "  store ptr getelementptr inbounds ({ [4 x ptr] }, ptr @vt, i64 0, inrange i32 0, i64 2), ptr %p",
            "  %y = select i1 %c, i64 and (i64 ptrtoint (ptr @g to i64), i64 7), i64 0",
            "  %z = fadd float 1.0, fcmp true (float 1.0, float 2.0)",
        ] {
            assert!(old_constant_syntax(l.as_bytes()), "{l}");
        }
        for l in [
            "  call void @or(ptr @g) #3",
            "  call void @llvm.x.and(ptr captures(none) @g)",
            "  %c = icmp eq ptr getelementptr (i8, ptr @g, i64 1), %p",
            "  store ptr getelementptr inbounds inrange(-16, 16) ({ [4 x ptr] }, ptr @vt, i64 0, i32 0, i64 2), ptr %p",
            "  %s = select i1 %c, ptr @f, ptr @g",
        ] {
            assert!(!old_constant_syntax(l.as_bytes()), "{l}");
        }
    }

    #[test]
    fn an_opcode_ends_at_a_comma() {
        assert!(key("\n  unreachable, !dbg !5\n").is_some());
        assert_eq!(key("\n  unreachable, !dbg !5\n"), key("\n  unreachable\n"));
    }

    #[test]
    fn invoke_continues_on_the_next_line() {
        let t = "\n  invoke void @f()\n          to label %a unwind label %b\n\na:\n  ret void\n\nb:\n  %l = landingpad { ptr, i32 }\n          cleanup\n  resume { ptr, i32 } %l\n";
        assert!(key(t).is_some());
    }

    #[test]
    fn globals_in_metadata_are_marked() {
        for (body, name) in [
            (
                "\n    #dbg_value(ptr @k, !5, !DIExpression(), !7)\n  ret void\n",
                "@k",
            ),
            (
                "\n  call void @llvm.foo(metadata ptr @g)\n  ret void\n",
                "@g",
            ),
            (
                "\n  call void %fp(), !callees !{ptr @g}\n  ret void\n",
                "@g",
            ),
        ] {
            let s = scan(body).unwrap();
            assert!(s.lazy);
            let r = s
                .refs
                .iter()
                .find(|r| &body.as_bytes()[r.at as usize..r.end as usize] == name.as_bytes())
                .unwrap();
            assert_eq!(
                r.kind,
                RawKind::Global {
                    callee: false,
                    meta: true,
                    record: body.contains("#dbg_"),
                    name: NO_NAME,
                },
                "{body}"
            );
        }
    }

    #[test]
    fn switch_targets_count_as_edges() {
        let t = "\n  switch i32 %0, label %d [\n    i32 0, label %a\n  ]\na:\n  ret void\nd:\n  ret void\n";
        assert!(key(t).is_some());
    }

    #[test]
    fn spans_follow_llvm_layout() {
        let src = b"define void @f() {\n  ret void\n}\n\ndefine void @g() {\nx:\n  ret void\n}\n";
        let s = body_spans(src, 0, src.len(), None);
        assert_eq!(s.len(), 2);
        assert!(s.iter().all(|b| b.2.is_some()));
        assert_eq!(src[s[0].0 as usize], b'{');
        assert_eq!(src[s[1].1 as usize], b'}');
        let t = b"%0 = type { i32 }\n";
        assert!(has_numbered_types(t, 0, t.len()));
        let t = b"%T = type { i32 }\n%0 = add";
        assert!(!has_numbered_types(t, 0, t.len()));
        let t = b"%T = type { i32 }\n%0 = type {}";
        assert!(has_numbered_types(t, 0, t.len()));
    }

    /// A module whose `define` line starts `back` bytes before the scan's second piece.
    fn straddling(back: usize) -> String {
        let body = "define i32 @f(i32 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n";
        let mut src = String::from("@pad = global [1 x i8] c\"");
        let fill = (1 << 20) - back - src.len() - "\"\n".len();
        src.push_str(&"x".repeat(fill));
        src.push_str("\"\n");
        assert_eq!(src.len(), (1 << 20) - back);
        src.push_str(body);
        src.push_str(&body.replace("@f(", "@g(").replace("add", "sub"));
        src
    }

    #[test]
    fn a_define_line_across_two_pieces_is_found_once() {
        // `\ndefine ` across the boundary, at it, just after it.
        for back in [0, 1, 3, 7, 8, 9] {
            let src = straddling(back);
            let (found, utf8) = plan_in_pieces(src.as_bytes(), 1 << 20);
            assert!(utf8);
            assert_eq!(found.len(), 2, "{back} bytes before the boundary");
            assert!(found.iter().all(|p| p.lazy), "unique keys: kept as text");
        }
    }

    #[test]
    fn the_plan_does_not_depend_on_the_piece_size() {
        // Bodies of every kind the scan meets, many times over, cut at many places.
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/lazy");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        let mut checked = 0;
        for path in files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        {
            let src = std::fs::read(path).unwrap();
            // What a plan says, but the numbers of names (one per piece that spells them).
            let summary = |piece: usize| -> Vec<_> {
                plan_in_pieces(&src, piece)
                    .0
                    .into_iter()
                    .map(|p| {
                        let refs: Vec<_> = p
                            .refs
                            .iter()
                            .map(|r| {
                                let mut kind = r.kind;
                                if let RawKind::Global { name, .. } = &mut kind {
                                    *name = NO_NAME;
                                }
                                (r.at, r.end, kind)
                            })
                            .collect();
                        (p.open, p.close, p.lazy, p.twin_of, refs)
                    })
                    .collect()
            };
            let whole = summary(1 << 20);
            checked += whole.len();
            for piece in [97, 512, 4096] {
                assert_eq!(
                    summary(piece),
                    whole,
                    "{} in pieces of {piece}",
                    path.display()
                );
            }
        }
        assert!(checked > 20, "the fixtures have bodies: {checked}");
    }

    #[test]
    fn the_plan_checks_utf8_across_any_cut() {
        // Characters of 2, 3 and 4 bytes in a name and a string, at every offset from the
        // cuts; then each kind of broken sequence. The answer matters only with a body kept
        // as text, which each text here has.
        let body = |name: &str, text: &str| {
            format!(
                "@\"{name}\" = global [{n} x i8] c\"{text}\"\ndefine i32 @f(i32 %a) {{\n  ret i32 %a\n}}\n",
                n = text.len()
            )
        };
        let mut checked = 0;
        for pad in 0..9 {
            let good = body(&format!("{}é€𝄞", "x".repeat(pad)), "ü€𝄞😀");
            for bad in [
                &b"\xC3"[..],
                b"\xE2\x82",
                b"\xF0\x9D\x84",
                b"\x80",
                b"\xFF",
                b"\xC0\xAF",
            ] {
                let mut src = good.clone().into_bytes();
                let at = src.iter().position(|&b| b == b'c').unwrap() + 2 + pad % 3;
                src.splice(at..at, bad.iter().copied());
                for piece in 1..24 {
                    let (planned, utf8) = plan_in_pieces(&src, piece);
                    assert!(planned.iter().any(|p| p.lazy));
                    assert!(!utf8, "{src:?} in pieces of {piece}");
                    let (planned, utf8) = plan_in_pieces(good.as_bytes(), piece);
                    assert!(
                        planned.iter().any(|p| p.lazy) && utf8,
                        "{good} in pieces of {piece}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000);
    }

    /// The plan looks for references only in the bodies that may be kept as text, after the
    /// keys: what they say still decides (a `blockaddress` keeps a body from being kept as
    /// text, alone or as a twin), and the bodies kept as text have them.
    #[test]
    fn the_plan_looks_for_references_where_they_decide() {
        let src = [
            "@g = global i32 0\n",
            "define void @alone(ptr %p) {\n  store i32 1, ptr @g\n  ret void\n}\n",
            "define void @addr(ptr %p) {\n  store ptr blockaddress(@addr, %b), ptr %p\n  br label %b\nb:\n  ret void\n}\n",
            "define i32 @t1(ptr %p) {\n  store ptr blockaddress(@x, %b), ptr %p\n  ret i32 7\n}\n",
            "define i32 @t2(ptr %p) {\n  store ptr blockaddress(@x, %b), ptr %p\n  ret i32 7\n}\n",
            "define void @x() {\n  br label %b\nb:\n  ret void\n}\n",
        ]
        .concat();
        let planned = plan(src.as_bytes());
        let lazy: Vec<bool> = planned.iter().map(|p| p.lazy).collect();
        assert_eq!(lazy, [true, false, false, false, true]);
        assert!(planned.iter().all(|p| p.twin_of.is_none()));
        // @alone's reference to @g, found for the reader.
        let alone = &planned[0];
        let names: Vec<&[u8]> = (alone.refs.iter())
            .filter(|r| matches!(r.kind, RawKind::Global { .. }))
            .map(|r| &src.as_bytes()[alone.open as usize + 1..][r.at as usize..r.end as usize])
            .collect();
        assert_eq!(names, [b"@g".as_slice()]);
        assert!(planned[1].refs.is_empty() && planned[2].refs.is_empty());
    }

    #[test]
    fn twins_have_the_same_text_and_name_no_function() {
        let leaf = |name: &str, k: u32| {
            format!("define i32 @{name}(i32 %a) {{\n  %b = add i32 %a, {k}\n  ret i32 %b\n}}\n")
        };
        let src = [
            leaf("one", 1),
            leaf("two", 1),   // the same text as @one's: a twin
            leaf("three", 2), // another constant: the same key, not the same text
            leaf("four", 1),  // a twin of @one too
            "declare i32 @ext(i32)\n".to_string(),
            "define i32 @c1(i32 %a) {\n  %b = call i32 @ext(i32 %a)\n  ret i32 %b\n}\n".into(),
            "define i32 @c2(i32 %a) {\n  %b = call i32 @ext(i32 %a)\n  ret i32 %b\n}\n".into(),
        ]
        .concat();
        let planned = plan(src.as_bytes());
        let twins: Vec<Option<u32>> = planned.iter().map(|p| p.twin_of).collect();
        // @c2 names a function: read, as @c1 is.
        assert_eq!(twins, [None, Some(0), None, Some(0), None, None]);
        assert!(planned[1].lazy && planned[3].lazy && !planned[0].lazy && !planned[5].lazy);
    }
}
