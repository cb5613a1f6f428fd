//! The `.ll` reader: a recursive-descent parser over [`Lexer`] tokens.
//!
//! It reads what clang and rustc print (LLVM 15–22 syntax), LLVM ≤ 14 typed-pointer syntax,
//! and the byte type. Forward references are resolved with placeholders: a use of `%x` before
//! its definition reserves an [`Inst`] (or [`Block`]) handle that the definition then fills in;
//! a use of `@g` before its definition reserves a [`GlobalId`]. Anything still reserved at the
//! end is an "undefined value" error at the first use.
//!
//! Nesting (types, constants, metadata) is bounded by [`MAX_DEPTH`] so hostile input cannot
//! overflow the stack.
//!
//! # Layout
//!
//! This file holds the entry points ([`parse_module`] and its variants, [`position`]),
//! [`ParseError`], the limits, and the `Parser` itself: its state, token handling and the
//! helpers every part of the grammar uses. The grammar is read in one room per area, each
//! an `impl Parser` block:
//!
//! - `reader/globals.rs`: the top level (the loop over entities, end-of-module checks),
//!   comdats, global variables, aliases, ifuncs, function headers, summary entries;
//! - `reader/attrs.rs`: attribute groups and attribute lists;
//! - `reader/types.rs`: type definitions and the type grammar;
//! - `reader/constants.rs`: values, constants, constant expressions, operator flags;
//! - `reader/metadata.rs`: metadata definitions, operands, attachments, debug records;
//! - `reader/body.rs`: function bodies, local names and their placeholders, blocks;
//! - `reader/instructions.rs`: instructions, calls and other call-like instructions;
//! - `reader/batch.rs`: the parallel reader, which hands function bodies to other threads;
//! - `reader/lazy_bodies.rs`: bodies kept as text ([`crate::lazy`]), and their references;
//! - `reader/upgrade.rs`: LLVM 22's upgrades of intrinsic declarations and their calls, once
//!   the module is read.

use crate::attr::{Attr, AttrList};
use crate::function::{Block, Body};
use crate::inst::*;
use crate::lexer::{unescape, Lexer, Tok, Token, NUL_IN_NAME};
use crate::module::*;
use crate::types::Type;
use rustc_hash::FxHashMap;
use std::fmt;

mod attrs;
mod batch;
pub(crate) use attrs::is_attribute_keyword;
mod body;
mod constants;
mod di;
mod dwarf_names;
mod globals;
mod instructions;
mod lazy_bodies;
mod metadata;
#[doc(hidden)]
pub use metadata::metadata_windows_read;
mod types;
mod upgrade;

/// The address space of a forward reference whose use names no pointer type
/// (`blockaddress(@f, %bb)`, a reference in a body kept as text).
const UNKNOWN_AS: u32 = u32::MAX;

/// How many bytes after a token [`Parser::text`] checks for UTF-8 with it, before the whole
/// text is known to be.
const UTF8_SPAN: usize = 64 << 10;

/// How deep types, constants and metadata may nest before the reader gives up.
pub const MAX_DEPTH: u32 = 512;

/// LLVM's `IntegerType::MAX_INT_BITS`: the widest integer (and byte) type.
pub const MAX_INT_BITS: u32 = 1 << 23;

/// Bookkeeping that keeps hostile input from exhausting the stack or memory: numbers in the
/// text that would size an allocation (integer widths of constants, shuffle masks written as
/// `zeroinitializer`) draw on a budget proportional to the input, and type nesting is measured
/// through suffixes (`T*`, `T (...)`) that do not recurse in the parser.
#[derive(Default)]
struct Guard {
    /// Deepest nesting level reached while parsing the type under construction.
    type_hw: u32,
    /// Bytes that number-sized allocations may still take (see [`Guard::budget`]).
    spent: u64,
    /// Metadata node ids defined so far, for LLVM's "Metadata id is already used".
    md_ids: IdSet,
    /// Where each identified struct is defined (for errors found once all are known).
    type_defs: FxHashMap<Type, u32>,
    /// Whether `Module::order` lists some global twice: where it was first used, and later
    /// where it was defined (which is the place that counts).
    order_has_uses: bool,
}

/// A set of metadata ids: a bit each below [`IdSet::BITS`] (LLVM numbers a module's nodes
/// from 0 without gaps, and a debug build defines hundreds of thousands: a hash set cost
/// three hash operations a node), a hash set for the rest.
#[derive(Default)]
pub(crate) struct IdSet {
    bits: Vec<u64>,
    big: rustc_hash::FxHashSet<u32>,
    len: usize,
    max: Option<u32>,
}

impl IdSet {
    /// Ids below this take a bit (128 KiB at most, whatever the input).
    const BITS: u32 = 1 << 20;

    /// Add `id`; whether it was not there.
    pub(crate) fn insert(&mut self, id: u32) -> bool {
        let new = if id < Self::BITS {
            let (word, bit) = ((id / 64) as usize, 1u64 << (id % 64));
            if word >= self.bits.len() {
                self.bits.resize(word + 1, 0);
            }
            let new = self.bits[word] & bit == 0;
            self.bits[word] |= bit;
            new
        } else {
            self.big.insert(id)
        };
        if new {
            self.len += 1;
            self.max = self.max.max(Some(id));
        }
        new
    }

    /// Take `id` out (it was inserted).
    pub(crate) fn remove(&mut self, id: u32) {
        let was = if id < Self::BITS {
            let (word, bit) = ((id / 64) as usize, 1u64 << (id % 64));
            let was = self.bits.get(word).is_some_and(|w| w & bit != 0);
            if was {
                self.bits[word] &= !bit;
            }
            was
        } else {
            self.big.remove(&id)
        };
        if was {
            self.len -= 1;
            if self.max == Some(id) {
                let in_bits = (self.bits.iter().enumerate().rev())
                    .find(|(_, &w)| w != 0)
                    .map(|(k, w)| k as u32 * 64 + 63 - w.leading_zeros());
                self.max = self.big.iter().copied().max().or(in_bits);
            }
        }
    }

    pub(crate) fn contains(&self, id: u32) -> bool {
        if id < Self::BITS {
            (self.bits.get((id / 64) as usize)).is_some_and(|w| w & (1 << (id % 64)) != 0)
        } else {
            self.big.contains(&id)
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn max(&self) -> Option<u32> {
        self.max
    }
}

/// Token text for a message: its first line, at most 40 characters, control characters and
/// bytes that are not UTF-8 escaped as `\XX` (so a message stays one printable line).
fn shown(b: &[u8]) -> String {
    const MAX: usize = 40;
    let line = b.split(|&c| c == b'\n').next().unwrap_or_default();
    let mut out = String::new();
    let mut n = 0;
    let mut cut = line.len() < b.len();
    'chunks: for chunk in line.utf8_chunks() {
        let valid = chunk.valid().chars().map(|c| match c.is_control() {
            true => Err(c as u32),
            false => Ok(c),
        });
        let invalid = chunk.invalid().iter().map(|&x| Err(u32::from(x)));
        for piece in valid.chain(invalid) {
            if n == MAX {
                cut = true;
                break 'chunks;
            }
            match piece {
                Ok(c) => out.push(c),
                Err(x) => out += &format!("\\{x:02X}"),
            }
            n += 1;
        }
    }
    if cut {
        out += "...";
    }
    out
}

/// How deep identified structs may nest, counting the types in between (`{ [2 x %T] }`).
pub const MAX_STRUCT_DEPTH: u32 = MAX_DEPTH;

impl Guard {
    /// Bytes of wide-integer words and expanded shuffle masks a module of `src_len` bytes
    /// may allocate: far more than any real module needs, far less than `i8388608` constants
    /// or `<4294967295 x i32> zeroinitializer` masks repeated in a small file would take.
    fn budget(src_len: usize) -> u64 {
        (64 << 20) + 64 * src_len as u64
    }
}

/// A reader error with a 1-based position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line of the error.
    pub line: u32,
    /// 1-based column of the error, in characters (invalid UTF-8 counted as U+FFFD).
    pub col: u32,
    /// What is wrong, in the style of LLVM's `LLParser` messages.
    pub msg: String,
    /// The text of the offending line (for caret display).
    pub line_text: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.msg)
    }
}

impl std::error::Error for ParseError {}

type PResult<T> = Result<T, ParseError>;

/// Parse a module from `.ll` text: LLVM 22's textual IR (opaque pointers), and the
/// typed-pointer IR of LLVM 14 and earlier. Large inputs have their function bodies read on
/// several threads ([`parse_module_parallel`]), giving the module a serial read gives.
///
/// The result is not verified: call [`verify_module`](crate::verify_module) before handing
/// it to a pass that assumes well-formed SSA.
///
/// # Example
///
/// ```
/// let m = mergefn_ir::parse_module(b"define void @f() {\n  ret void\n}\n")?;
/// let f = m.global_by_name("f").unwrap();
/// assert!(!m.function(f).unwrap().is_declaration());
///
/// let err = mergefn_ir::parse_module(b"define void @f() {\n  frobnicate void\n}\n").unwrap_err();
/// assert_eq!(err.line, 2);
/// # Ok::<(), mergefn_ir::ParseError>(())
/// ```
pub fn parse_module(src: &[u8]) -> Result<Module, ParseError> {
    parse_module_with_progress(src, &mut |_| {})
}

/// [`parse_module`], calling `done_before(offset)` after each top-level entity: the reader
/// will not look at the text before `offset` again unless it reports an error. A caller that
/// maps big inputs can release those pages early.
///
/// Big inputs are read on all of rayon's threads (function bodies in parallel, see
/// `reader/batch.rs`); the module is the same as [`parse_module_serial`]'s, printed or compared.
pub fn parse_module_with_progress(
    src: &[u8],
    done_before: &mut dyn FnMut(usize),
) -> Result<Module, ParseError> {
    parse_module_with_hints(src, done_before).map(|(m, _)| m)
}

/// [`parse_module_with_progress`], also returning which instructions of each body name a
/// global ([`UseHints`](crate::uses::UseHints)): noted while each body is read, they let a use
/// index skip the other instructions, as LLVM's use lists are kept while it parses.
pub fn parse_module_with_hints(
    src: &[u8],
    done_before: &mut dyn FnMut(usize),
) -> Result<(Module, crate::uses::UseHints), ParseError> {
    parse_module_with_options(src, done_before, &ReadOptions::default())
}

/// How to read a module.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// With the text being read (the same bytes as `src`), keep the bodies that cannot equal
    /// any other body as text ([`crate::lazy`]): they are not parsed, checked or verified
    /// beyond a scan of their text, and print as read, with their references to globals,
    /// metadata and attribute groups brought up to date. The module keeps the text
    /// ([`Module::source`]). What a merge needs; a module read this way is for merging and
    /// printing, not for analyses that look into every body.
    pub lazy_source: Option<crate::lazy::Source>,
    /// Read typed pointers (`i8*`, LLVM 14 and before) as LLVM 22 reads them: every pointer
    /// is `ptr`, and the module is opaque. Without it, a module that spells only typed
    /// pointers stays typed ([`Module::typed_pointers`]) and prints as LLVM 14 printed it.
    pub opaque_pointers: bool,
}

/// Whether `m` has functions in more than one address space (see
/// [`parse_module_with_options`]).
fn functions_in_several_spaces(m: &Module) -> bool {
    let mut spaces = m
        .functions()
        .filter_map(|g| m.function(g).map(|f| f.common.addrspace));
    spaces
        .next()
        .is_some_and(|first| spaces.any(|a| a != first))
}

/// [`parse_module_with_hints`] with [`ReadOptions`].
pub fn parse_module_with_options(
    src: &[u8],
    done_before: &mut dyn FnMut(usize),
    opts: &ReadOptions,
) -> Result<(Module, crate::uses::UseHints), ParseError> {
    let same_text = |s: &crate::lazy::Source| std::ptr::eq(s.bytes(), src);
    if let Some(source) = opts.lazy_source.as_ref().filter(|s| same_text(s)) {
        // The scan touches every page of the text; the reader then releases the pages behind
        // itself as it goes (`done_before`), not all at once now: it would fault them all
        // back in, and the stalls cost more than the scan (rust/all_linked: 9 ms of
        // unmapping on the main thread, then 30 ms of misses naming globals).
        let r = if batch::worth_it(src) {
            // The plan is made on rayon's threads while this one reads the top level up to
            // the first body, which is where the plan is first needed: a sanitizer build has
            // megabytes of global variables there, read while both cores scan the bodies.
            // A plan that keeps no body as text makes the reader give up at that point.
            rayon::in_place_scope(|s| {
                let (tx, rx) = std::sync::mpsc::sync_channel(1);
                s.spawn(move |_| {
                    let _ = tx.send(crate::lazy::plan_checking_utf8(src));
                });
                batch::parse(src, done_before, Some(rx), opts.opaque_pointers)
            })
        } else {
            // The plan made here, handed over as the parallel reader's is: a plan that keeps
            // no body as text makes `await_plan` give up in both.
            let (tx, rx) = std::sync::mpsc::sync_channel(1);
            let _ = tx.send(crate::lazy::plan_checking_utf8(src));
            let mut p = Parser::new(src);
            p.plan_rx = Some(rx);
            p.decide_pointer_spelling(opts.opaque_pointers);
            p.module(done_before).ok().map(|()| (p.m, p.hints))
        };
        // Functions in more than one address space may merge across them, and a call then
        // names the survivor in its own space: text kept as written cannot follow that
        // (`call addrspace(1) void @f()` would name a function of another space).
        if let Some(mut r) = r.filter(|(m, _)| !functions_in_several_spaces(m)) {
            r.0.source = Some(source.clone());
            return Ok(r);
        }
        // An error, a plan that keeps no body as text, a body the scan misjudged, or
        // functions in several address spaces: read everything, which gives the error as
        // always.
    }
    if batch::worth_it(src) {
        if let Some(r) = batch::parse(src, done_before, None, opts.opaque_pointers) {
            return Ok(r);
        }
        // An error, or text the parallel reader does not take: the serial reader gives the
        // answer, and the same first error as always.
    }
    let mut p = Parser::new(src);
    p.decide_pointer_spelling(opts.opaque_pointers);
    p.module(done_before)?;
    Ok((p.m, p.hints))
}

/// [`parse_module`] with function bodies parsed on rayon's threads, whatever the input's size;
/// `None` when the text needs the serial reader (an error, or a body not laid out as LLVM
/// prints it). [`parse_module`] uses this for big inputs; tests and benches call it directly.
pub fn parse_module_parallel(src: &[u8]) -> Option<Module> {
    batch::parse(src, &mut |_| {}, None, false).map(|(m, _)| m)
}

/// [`parse_module`] on the calling thread only: the reference the parallel reader is tested
/// against.
pub fn parse_module_serial(src: &[u8]) -> Result<Module, ParseError> {
    let mut p = Parser::new(src);
    p.decide_pointer_spelling(false);
    p.module(&mut |_| {})?;
    Ok(p.m)
}

/// Whether `src` spells the opaque pointer type (`ptr` as a word where a type can stand) and
/// whether it spells a typed pointer (`*` right after a type: `i8*`, `%T*`, `)*`, `]*`, ...).
/// Names (`%ptr`, `@ptr`), strings, metadata strings (`!"ptr"`) and comments (LDC's
/// `; [debug variable = ptr]`) do not count.
fn pointer_spellings(src: &[u8]) -> (bool, bool) {
    let opaque = memchr::memmem::find_iter(src, b"ptr").any(|i| {
        let before = if i == 0 { b'\n' } else { src[i - 1] };
        let after = src.get(i + 3).copied().unwrap_or(b'\n');
        matches!(
            before,
            b' ' | b'\t' | b'\n' | b'(' | b',' | b'[' | b'<' | b'{'
        ) && matches!(
            after,
            b' ' | b'\t' | b'\n' | b'\r' | b',' | b')' | b']' | b'>' | b'}' | b'*'
        ) && !in_comment_or_string(src, i)
    });
    let typed = !opaque && spells_typed_pointer(src);
    (opaque, typed)
}

/// Whether `src` spells a typed pointer (`*` right after a type: `i8*`, `%T*`, `)*`, `]*`,
/// ...) outside comments and strings.
pub(crate) fn spells_typed_pointer(src: &[u8]) -> bool {
    memchr::memchr_iter(b'*', src).any(|i| {
        i > 0
            && {
                let b = src[i - 1];
                b.is_ascii_alphanumeric() || matches!(b, b')' | b']' | b'}' | b'>' | b'*' | b'"')
            }
            && !in_comment_or_string(src, i)
    })
}

/// Whether byte `i` of `src` is in a comment (after a `;` outside quotes on its line) or
/// inside a quoted string or name: a `*` there is no pointer type (`; the const_mask* tests`).
fn in_comment_or_string(src: &[u8], i: usize) -> bool {
    let start = memchr::memrchr(b'\n', &src[..i]).map_or(0, |k| k + 1);
    let mut quoted = false;
    for &b in &src[start..i] {
        match b {
            b'"' => quoted = !quoted,
            b';' if !quoted => return true,
            _ => {}
        }
    }
    quoted
}

#[derive(Copy, Clone, Debug)]
enum Local {
    Arg(u32),
    Inst(Inst),
    Block(Block),
}

/// A local name as a key: borrowed from the text unless it had to be unescaped or made up.
type Key<'a> = std::borrow::Cow<'a, str>;

/// Per-function parsing state.
#[derive(Default)]
struct FnState<'a> {
    names: FxHashMap<Key<'a>, Local>,
    /// Placeholders not yet defined, with the byte offset of their first use.
    pending: FxHashMap<Key<'a>, u32>,
    defined_blocks: Vec<bool>,
    next_num: u32,
    params: Vec<Type>,
    /// The function takes variable arguments (which only a `musttail` call may forward).
    varargs: bool,
}

struct Parser<'a> {
    src: &'a [u8],
    lex: Lexer<'a>,
    tok: Token,
    m: Module,
    /// Globals referenced before their definition, with first-use offset.
    pending_globals: FxHashMap<GlobalId, u32>,
    next_global_num: u32,
    depth: u32,
    guard: Guard,
    body: Body,
    fs: FnState<'a>,
    in_function: bool,
    /// Whether the instruction being read named a global (anywhere in it).
    saw_global: bool,
    /// The body's instructions that name a global, in the order read.
    global_insts: Vec<Inst>,
    /// For each body read: its instructions that name a global, in arena order.
    pub(crate) hints: crate::uses::UseHints,
    /// Identified structs that have a `%T = type ...` definition.
    defined_types: rustc_hash::FxHashSet<Type>,
    /// Identified structs found sized ([`crate::types::TypeTable::is_sized`]), asked of by
    /// `alloca`, `load`, `store` and `getelementptr`.
    sized_structs: rustc_hash::FxHashSet<Type>,
    type_first_use: FxHashMap<Type, u32>,
    /// The type each `%name` read as a type stands for, by its text (quoted or not): a C++ module
    /// names its structs at every `alloca`, `getelementptr` and declaration, and looking a
    /// name up took two allocations and three hash lookups. (A name's meaning never changes
    /// once read: an alias defined after a use of its name is an error.)
    type_names: FxHashMap<&'a [u8], Type>,
    /// Literal struct types and flat array types read, by their text on one line
    /// (`{ i64, ptr, [3 x i16] }`, `[39 x i8]`), with the levels of nesting they took: a
    /// coverage or sanitizer build repeats one such type at each of thousands of globals
    /// ([`Parser::struct_literal_seen`]).
    struct_literals: FxHashMap<&'a [u8], (Type, u32)>,
    /// Whether the linkage keyword `external` was written for the global being parsed.
    external_written: bool,
    asm_dedup: FxHashMap<InlineAsm, AsmId>,
    /// `inrange(lo, hi)` seen among the flags of the GEP expression being parsed.
    gep_inrange: Option<(i64, i64)>,
    /// End offset of the last consumed token (for slicing raw text).
    last_end: u32,
    /// Interned call-site attribute lists and metadata kind names: most call sites of a module
    /// repeat a few attribute lists, so sharing them saves memory and later comparisons.
    attr_lists: rustc_hash::FxHashSet<std::sync::Arc<AttrList>>,
    /// Reused by [`Parser::attrs_into`].
    attr_scratch: thin_vec::ThinVec<Attr>,
    md_kinds: rustc_hash::FxHashSet<std::sync::Arc<str>>,
    /// First use of each `!N` referenced from instructions, functions and globals.
    md_first_use: FxHashMap<u32, u32>,
    /// Each `blockaddress` read: the constant, and where its function and its block are
    /// named (checked once every body is read, [`Parser::check_block_addresses`]).
    block_addresses: Vec<(crate::constant::Const, u32, u32)>,
    /// How far [`Parser::body_lines_estimate`] has looked ahead.
    scanned_to: usize,
    /// Whether all of `src` is UTF-8 (checked once, so tokens need no check of their own).
    src_is_utf8: bool,
    /// Until that is known: a span of `src` found to be UTF-8 and to start and end at
    /// characters, checked whole when a token outside it needed its text ([`Parser::text`]).
    utf8_span: std::cell::Cell<(u32, u32)>,
    /// Bodies left for worker threads, when reading in parallel.
    defer: Option<Box<batch::Deferred>>,
    /// The nodes the metadata definitions read from their bytes reference
    /// ([`Parser::plain_def`]), a bit per id: checked against the defined nodes at the end
    /// without a second look at those definitions' text (a list of the references with
    /// their places took 8-12 MB more peak memory on debug builds).
    md_referenced: Vec<u64>,
    /// Reused by [`Parser::plain_def`]: the nodes one definition references.
    md_scratch: Vec<u64>,
    /// Per node of `m.md_nodes` so far: whether its references are in `md_referenced`.
    md_noted: Vec<bool>,
    /// Whether the metadata is read on this thread only, from where reading it on all cores
    /// met something unusual ([`Parser::metadata_window_in_parallel`]).
    md_serial: bool,
    /// LLVM's lexer mode `IgnoreColonInIdentifiers`: a summary entry sets it and never sets
    /// it back (only a `memory(...)` attribute does), so after one a name followed by `:`
    /// is no label: LLVM 22 then refuses a debug-info field or a block labelled by name.
    /// While it is set, bodies and metadata are read on this thread, in text order.
    colon_ignored: bool,
    /// The module spells the opaque `ptr` somewhere: a typed spelling `T*` then means `ptr`,
    /// as LLVM 22 reads it ([`Parser::decide_pointer_spelling`]).
    opaque_only: bool,
    /// The data layout's program address space ([`Module::program_addrspace`]), kept at hand.
    program_as: u32,
    /// Where the first debug record (`#dbg_value`) and the first call of a debug intrinsic
    /// (`llvm.dbg.value`) were read: LLVM refuses a module that mixes the two formats.
    dbg_record_at: Option<u32>,
    dbg_call_at: Option<u32>,
    /// The next [`Parser::parse_type`] may read `void` (set by `parse_result_type`).
    allow_void: bool,
    /// Use-list order directives on globals and constants, checked against their uses once
    /// the module is read: (directive offset, value, number of indexes).
    module_uselists: Vec<(u32, crate::value::Value, usize)>,
    /// `uselistorder_bb` directives, checked once the module is read.
    bb_uselists: Vec<BbUseList>,
    /// Comdats named by globals before they were defined (offset, name), each to be defined
    /// by the end of the module.
    comdat_uses: Vec<(u32, Box<str>)>,
    /// Names of the comdats defined so far.
    comdat_names: rustc_hash::FxHashSet<Box<str>>,
    /// Bodies to keep as text ([`crate::lazy`]), in text order, and the next one to reach.
    lazy_plan: Vec<crate::lazy::Planned>,
    lazy_next: usize,
    /// The plan, while it is still being made (see [`Parser::await_plan`]).
    plan_rx: Option<std::sync::mpsc::Receiver<(Vec<crate::lazy::Planned>, bool)>>,
    /// Where the plan's answer to "is the text UTF-8" goes when it arrives, for the threads
    /// reading bodies beside this one ([`batch::parse`]).
    utf8_out: Option<&'a std::sync::atomic::AtomicBool>,
    /// The plan's index of the body being read (set at its `{`), and the functions of the
    /// planned bodies by index, for the twins ([`crate::lazy`]).
    plan_at: Option<usize>,
    plan_funcs: rustc_hash::FxHashMap<u32, GlobalId>,
    /// The functions whose bodies, and the variables whose initializers, are kept as text,
    /// checked by [`Parser::check_lazy`] once the module is read.
    lazy_bodies: Vec<GlobalId>,
    /// References of those bodies to check once the module is read (offset, global): globals
    /// named in metadata.
    lazy_meta: Vec<(u32, GlobalId)>,
    /// The largest metadata and attribute group numbers those bodies name (checked once the
    /// module is read).
    lazy_md_max: Option<u32>,
    lazy_attr_max: Option<u32>,
    /// Whether a body kept as text leaves out text of a call the reader upgrades
    /// ([`crate::lazy::RefKind::Skip`]): checked against the upgrades once the module is read.
    lazy_skips: bool,
    /// A body was read that the plan did not scan (see [`Parser::lazy_body`]).
    lazy_unsure: bool,
    /// The global each name the plan numbered names (the `name` of [`crate::lazy::RawKind::Global`]), once
    /// looked up: a name keeps its global from its first use on (a placeholder is filled in
    /// place when its definition comes).
    lazy_names: Vec<GlobalId>,
    /// A top-level entity other than `target` and `source_filename` has been read: LLVM 22
    /// takes the target's definitions only before any.
    past_target: bool,
}

/// A `uselistorder_bb @f, %bb, {...}` directive, as read.
struct BbUseList {
    at: u32,
    func: Token,
    label: Token,
    indexes: usize,
}

/// While the module is read, a global's name is the key it is looked up by, and LLVM's
/// numbered globals (`@0`) are keyed by their number, as digits, until they lose their names
/// at the end of reading. A global *named* with digits only (`@"0"`, quoted) is another
/// global: its key starts with a NUL, which no name can hold ([`NUL_IN_NAME`]), and the
/// prefix is dropped at the end of reading.
fn digit_name_key(t: Token, name: String) -> String {
    if t.kind == Tok::Global && !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
        format!("{DIGIT_NAME}{name}")
    } else {
        name
    }
}

/// The prefix of the key of a global named with digits only ([`digit_name_key`]).
const DIGIT_NAME: char = '\0';

/// A global's name as the text writes it: its key without [`DIGIT_NAME`].
fn shown_name(key: &str) -> &str {
    key.strip_prefix(DIGIT_NAME).unwrap_or(key)
}

/// Where a token starts in the text, counting its sigil and opening quote (token spans cover
/// only the name).
fn token_offset(t: Token) -> u32 {
    let sigil = matches!(
        t.kind,
        Tok::Local | Tok::Global | Tok::Comdat | Tok::MetaName | Tok::AttrGroup | Tok::DbgRecord
    );
    let opening = match t.kind {
        Tok::Str => 1,
        Tok::CStr => 2,
        _ => {
            u32::from(t.quoted && t.kind != Tok::Label)
                + u32::from(t.quoted && t.kind == Tok::Label)
        }
    };
    t.start.saturating_sub(u32::from(sigil) + opening)
}

impl<'a> Parser<'a> {
    fn new(src: &'a [u8]) -> Self {
        Self::with_utf8(src, simdutf8::basic::from_utf8(src).is_ok())
    }

    /// A parser over `src` whose UTF-8 validity is already known.
    fn with_utf8(src: &'a [u8], src_is_utf8: bool) -> Self {
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        Parser {
            src,
            lex,
            tok,
            m: Module::default(),
            pending_globals: FxHashMap::default(),
            next_global_num: 0,
            depth: 0,
            guard: Guard::default(),
            body: Body::default(),
            fs: FnState::default(),
            in_function: false,
            saw_global: false,
            global_insts: Vec::new(),
            hints: Default::default(),
            defined_types: Default::default(),
            sized_structs: Default::default(),
            type_first_use: FxHashMap::default(),
            type_names: FxHashMap::default(),
            struct_literals: FxHashMap::default(),
            external_written: false,
            asm_dedup: FxHashMap::default(),
            gep_inrange: None,
            last_end: 0,
            attr_lists: Default::default(),
            attr_scratch: thin_vec::ThinVec::new(),
            md_kinds: Default::default(),
            scanned_to: 0,
            md_first_use: FxHashMap::default(),
            block_addresses: Vec::new(),
            src_is_utf8,
            utf8_span: std::cell::Cell::new((0, 0)),
            defer: None,
            md_referenced: Vec::new(),
            md_scratch: Vec::new(),
            md_noted: Vec::new(),
            md_serial: false,
            colon_ignored: false,
            opaque_only: false,
            program_as: 0,
            dbg_record_at: None,
            dbg_call_at: None,
            allow_void: false,
            module_uselists: Vec::new(),
            bb_uselists: Vec::new(),
            comdat_uses: Vec::new(),
            comdat_names: Default::default(),
            lazy_plan: Vec::new(),
            lazy_next: 0,
            plan_rx: None,
            utf8_out: None,
            plan_at: None,
            plan_funcs: Default::default(),
            lazy_bodies: Vec::new(),
            lazy_meta: Vec::new(),
            lazy_md_max: None,
            lazy_attr_max: None,
            lazy_skips: false,
            lazy_unsure: false,
            lazy_names: Vec::new(),
            past_target: false,
        }
    }

    /// Decide, before reading, how pointers are spelled. LLVM 22 reads every `T*` as `ptr`;
    /// modules written by LLVM 14 and before spell only `T*`, and mergefn keeps those typed
    /// (printing them as LLVM 14 did, so they can be compared with its `opt`). So a module
    /// that spells `ptr` anywhere is opaque and its `T*` are `ptr` (a file mixing both, as
    /// hand-edited tests do, reads as LLVM 22 reads it); one that spells `T*` and never `ptr`
    /// is typed from its first line, so that an `alloca` before the first `T*` has a typed
    /// result too. A word `ptr` in a comment or a string does not make a typed module opaque
    /// (LDC, on LLVM 14, writes `; [debug variable = ptr]` after its instructions): its
    /// output must stay readable by the LLVM 14 that wrote it.
    /// With `opaque` (`ReadOptions::opaque_pointers`), every module reads as opaque.
    fn decide_pointer_spelling(&mut self, opaque: bool) {
        let (spelled, typed) = pointer_spellings(self.src);
        if opaque || spelled {
            self.opaque_only = true;
        } else if typed {
            self.m.typed_pointers = true;
        }
    }

    fn bump(&mut self) -> Token {
        let t = self.tok;
        self.last_end = t.end + u32::from(t.quoted || matches!(t.kind, Tok::Str | Tok::CStr));
        self.tok = self.lex.next_token();
        t
    }

    /// Source text kept verbatim (metadata, attributes). Bytes that are not UTF-8 can only
    /// stand inside quoted strings, where `\XX` means the same byte, so they are escaped.
    fn raw_text(&self, start: usize, end: usize) -> std::borrow::Cow<'a, str> {
        if let Some(s) = self.valid_str(start, end) {
            return std::borrow::Cow::Borrowed(s);
        }
        let b = &self.src[start..end];
        match std::str::from_utf8(b) {
            Ok(s) => std::borrow::Cow::Borrowed(s),
            Err(_) => {
                let mut out = String::with_capacity(b.len() + 8);
                for chunk in b.utf8_chunks() {
                    out.push_str(chunk.valid());
                    for &x in chunk.invalid() {
                        out.push_str(&format!("\\{x:02X}"));
                    }
                }
                std::borrow::Cow::Owned(out)
            }
        }
    }

    /// Whether offset `i` of `src` starts a character (or is its end).
    fn char_start(&self, i: usize) -> bool {
        self.src.get(i).is_none_or(|&b| (b as i8) >= -0x40)
    }

    /// `src[start..end]` as text, `None` if either end falls inside a character.
    ///
    /// # Safety
    /// `start..end` lies in a span of `src` that is valid UTF-8.
    unsafe fn str_in_utf8(&self, start: usize, end: usize) -> Option<&'a str> {
        (self.char_start(start) && self.char_start(end)).then(|| {
            // SAFETY: the slice lies in valid UTF-8 (the caller's promise) and both its ends
            // are character boundaries, so it is valid UTF-8 too.
            unsafe { std::str::from_utf8_unchecked(&self.src[start..end]) }
        })
    }

    /// `src[start..end]` as text without checking it again, when the whole input is known to
    /// be UTF-8 and both ends fall on character boundaries.
    fn valid_str(&self, start: usize, end: usize) -> Option<&'a str> {
        // SAFETY: all of `src` is UTF-8.
        self.src_is_utf8
            .then(|| unsafe { self.str_in_utf8(start, end) })
            .flatten()
    }

    fn text(&self, t: Token) -> &'a str {
        let (start, end) = (t.start as usize, t.end as usize);
        self.valid_str(start, end)
            .or_else(|| self.checked_str(start, end))
            .unwrap_or_else(|| std::str::from_utf8(&self.src[start..end]).unwrap_or("\u{fffd}"))
    }

    /// `src[start..end]` as text, when it lies in a span checked to be UTF-8: before the
    /// whole text is known to be (the plan checks it on other threads while this one reads
    /// the top level), a token's text is checked with the [`UTF8_SPAN`] bytes after it, at
    /// once: a check per token costs more than reading the token. `None` when the token
    /// itself is not UTF-8 (or starts or ends inside a character).
    fn checked_str(&self, start: usize, end: usize) -> Option<&'a str> {
        let (a, b) = self.utf8_span.get();
        if !(a as usize <= start && end <= b as usize) {
            // From the character `start` is in, to a character start after `end`.
            let mut from = start;
            while from > 0 && !self.char_start(from) {
                from -= 1;
            }
            let mut to = (end + UTF8_SPAN).min(self.src.len());
            while !self.char_start(to) {
                to += 1;
            }
            // Up to the first byte that is not UTF-8, if that is past the token.
            let valid = match simdutf8::compat::from_utf8(&self.src[from..to]) {
                Ok(_) => to,
                Err(e) => from + e.valid_up_to(),
            };
            if valid < end {
                return None;
            }
            self.utf8_span.set((from as u32, valid as u32));
        }
        // SAFETY: `start..end` lies in `utf8_span`, which is valid UTF-8.
        unsafe { self.str_in_utf8(start, end) }
    }

    fn cur_text(&self) -> &'a str {
        self.text(self.tok)
    }

    fn is_word(&self, w: &str) -> bool {
        // A word is ASCII (the lexer makes it of identifier characters): its bytes say.
        self.tok.kind == Tok::Word
            && self.src[self.tok.start as usize..self.tok.end as usize] == *w.as_bytes()
    }

    fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    fn error_at<T>(&self, offset: u32, msg: impl Into<String>) -> PResult<T> {
        Err(self.make_error(offset, msg.into()))
    }

    /// LLVM's message for a cast its opcode cannot make.
    fn invalid_cast(&self, from: Type, to: Type) -> String {
        format!(
            "invalid cast opcode for cast from '{}' to '{}'",
            crate::writer::type_to_string(&self.m, from),
            crate::writer::type_to_string(&self.m, to)
        )
    }

    fn make_error(&self, offset: u32, msg: String) -> ParseError {
        // A name holding NUL is the lexer's error in LLVM, before any the parser finds there.
        if self.tok.kind == Tok::Error && self.tok.quoted && offset >= token_offset(self.tok) {
            // At the sigil of `%"..."`, `@"..."`, `$"..."`; at the quote of a label `"...":`.
            let quote = token_offset(self.tok);
            let sigil = quote
                .checked_sub(1)
                .filter(|&s| matches!(self.src[s as usize], b'%' | b'@' | b'$'));
            return position(self.src, sigil.unwrap_or(quote), NUL_IN_NAME.into());
        }
        position(self.src, offset, msg)
    }

    fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        self.error_at(token_offset(self.tok), msg)
    }

    fn describe(&self) -> String {
        let b = &self.src[self.tok.start as usize..self.tok.end as usize];
        match self.tok.kind {
            Tok::Eof => "end of file".into(),
            Tok::Error => match b.iter().position(|&c| c == b'"') {
                Some(q) if q <= 2 && !b[q + 1..].contains(&b'"') => {
                    "a string or quoted name without its closing quote".into()
                }
                _ => format!("invalid token '{}'", shown(b)),
            },
            _ => format!("'{}'", shown(b)),
        }
    }

    fn expect(&mut self, k: Tok, what: &str) -> PResult<Token> {
        if self.tok.kind == k {
            Ok(self.bump())
        } else {
            self.err(format!("expected {what}, found {}", self.describe()))
        }
    }

    /// Whether label `t` is one LLVM's lexer reads as a name (`entry:`, not `"entry":` or
    /// `0:`), which it does not take for a label once colons are ignored
    /// ([`Parser::colon_ignored`]).
    fn label_is_a_name(&self, t: Token) -> bool {
        !t.quoted
            && self
                .src
                .get(t.start as usize)
                .is_some_and(|&c| c.is_ascii_alphabetic() || matches!(c, b'$' | b'.' | b'_'))
    }

    /// [`Self::expect`] with LLParser's own words when the token is not there.
    fn expect_msg(&mut self, k: Tok, msg: &str) -> PResult<Token> {
        if self.tok.kind == k {
            Ok(self.bump())
        } else {
            self.err(msg)
        }
    }

    fn expect_word(&mut self, w: &str) -> PResult<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            self.err(format!("expected '{w}', found {}", self.describe()))
        }
    }

    /// The name a token spells, borrowed from the text unless it is quoted.
    fn name_str(&self, t: Token) -> std::borrow::Cow<'a, str> {
        if t.quoted {
            self.escaped_name(t).into()
        } else {
            self.text(t).into()
        }
    }

    fn name_of(&self, t: Token) -> Box<str> {
        // Quoted names, and metadata names (`!\5Cname`), may hold `\XX` escapes.
        if t.quoted || (t.kind == Tok::MetaName && self.text(t).contains('\\')) {
            self.escaped_name(t).into()
        } else {
            self.text(t).into()
        }
    }

    /// The name token `t` spells with its `\XX` escapes resolved, as a key
    /// ([`digit_name_key`]).
    fn escaped_name(&self, t: Token) -> String {
        let raw = &self.src[t.start as usize..t.end as usize];
        digit_name_key(t, crate::lexer::name_from_bytes(unescape(raw)))
    }

    fn string_bytes(&self, t: Token) -> Box<[u8]> {
        unescape(&self.src[t.start as usize..t.end as usize]).into_boxed_slice()
    }

    /// A string's text; bytes that are not UTF-8 kept as [`crate::lexer::name_from_bytes`]
    /// keeps them (a section name is bytes to LLVM, so they print back as they were).
    fn expect_string(&mut self) -> PResult<Box<str>> {
        let t = self.expect(Tok::Str, "a string constant")?;
        Ok(self.string_text(t))
    }

    fn string_text(&self, t: Token) -> Box<str> {
        crate::lexer::name_from_bytes(unescape(&self.src[t.start as usize..t.end as usize])).into()
    }

    fn parse_u64(&mut self) -> PResult<u64> {
        let t = self.expect(Tok::Int, "an integer")?;
        // Alignments, metadata ids, indices: short runs of decimal digits, read directly.
        let digits = &self.src[t.start as usize..t.end as usize];
        if (1..=19).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit) {
            return Ok(digits
                .iter()
                .fold(0u64, |n, &d| n * 10 + u64::from(d - b'0')));
        }
        // `u0x...` is an unsigned integer anywhere one is (`[u0x20 x i8]`, as LLVM's lexer
        // reads it); `s0x...` is a signed one, which LLParser refuses here.
        let parsed = match self.text(t).strip_prefix("u0x") {
            Some(hex) => u64::from_str_radix(hex, 16).ok(),
            None if digits.starts_with(b"s0x") => {
                return self.error_at(token_offset(t), "expected integer");
            }
            None => self.text(t).parse::<u64>().ok(),
        };
        parsed.map_or_else(
            || self.error_at(token_offset(t), "integer out of range"),
            Ok,
        )
    }

    fn parse_u32(&mut self) -> PResult<u32> {
        let t = self.tok;
        let v = self.parse_u64()?;
        u32::try_from(v).or_else(|_| self.error_at(token_offset(t), "integer out of range"))
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        self.guard.type_hw = self.guard.type_hw.max(self.depth);
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Take `bytes` of a number-sized allocation from the budget, or fail at `offset`.
    fn spend(&mut self, bytes: u64, offset: u32, what: &str) -> PResult<()> {
        self.guard.spent = self.guard.spent.saturating_add(bytes);
        if self.guard.spent > Guard::budget(self.src.len()) {
            return self.error_at(
                offset,
                format!("{what} would need more memory than an input of this size may use"),
            );
        }
        Ok(())
    }

    /// An alignment in bytes: a power of two, at most 2^32 (LLVM's `Value::MaximumAlignment`).
    fn parse_align(&mut self) -> PResult<u64> {
        let t = self.tok;
        let a = self.parse_u64()?;
        if !a.is_power_of_two() {
            return self.error_at(token_offset(t), "alignment is not a power of two");
        }
        if a > 1 << 32 {
            return self.error_at(token_offset(t), "huge alignments are not supported yet");
        }
        Ok(a)
    }

    /// Raw source text of a balanced `open ... close` group starting at the current token
    /// (which must be `open`). Leaves the parser after the group.
    /// Skip a balanced `(...)` or `{...}` group starting at the current token, leaving
    /// `last_end` after its closing bracket; callers slice the text they need.
    fn skip_group(&mut self) -> PResult<()> {
        let (open, close) = match self.tok.kind {
            Tok::LParen => (b'(', b')'),
            Tok::LBrace => (b'{', b'}'),
            _ => return self.err(format!("expected '(' or '{{', found {}", self.describe())),
        };
        let mut depth = 0usize;
        let mut i = self.tok.start as usize;
        while i < self.src.len() {
            let c = self.src[i];
            if c == open {
                depth += 1;
                if depth > MAX_DEPTH as usize {
                    return self
                        .error_at(i as u32, format!("nesting deeper than {MAX_DEPTH} levels"));
                }
            } else if c == close {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            } else if c == b'"' {
                match memchr::memchr(b'"', &self.src[i + 1..]) {
                    Some(n) => i += n + 1,
                    None => return self.err("unterminated string"),
                }
            } else if c == b'\n' && open == b'{' && depth > 64 {
                return self.err("metadata nesting too deep");
            }
            i += 1;
        }
        if i >= self.src.len() {
            return self.err(format!("unbalanced '{}'", open as char));
        }
        self.lex.pos = i + 1;
        self.last_end = i as u32 + 1;
        self.tok = self.lex.next_token();
        Ok(())
    }

    /// End offset of the last consumed token.
    fn prev_end(&self) -> u32 {
        self.last_end
    }
}

/// A [`ParseError`] for byte `offset` of `src` (also used to place verifier errors).
pub fn position(src: &[u8], offset: u32, msg: String) -> ParseError {
    let offset = (offset as usize).min(src.len());
    let before = &src[..offset];
    let line = memchr::memchr_iter(b'\n', before).count() as u32 + 1;
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |p| p + 1);
    let line_end = memchr::memchr(b'\n', &src[offset..]).map_or(src.len(), |p| offset + p);
    let col = String::from_utf8_lossy(&src[line_start..offset])
        .chars()
        .count() as u32
        + 1;
    let line_text = String::from_utf8_lossy(&src[line_start..line_end]).into_owned();
    ParseError {
        line,
        col,
        msg,
        line_text,
    }
}

#[cfg(test)]
mod tests {
    use super::IdSet;

    /// The set of metadata ids against a plain hash set: ids on both sides of
    /// [`IdSet::BITS`], repeats, and removals (of the largest too).
    #[test]
    fn id_set_is_a_set() {
        let mut set = IdSet::default();
        let mut plain = std::collections::BTreeSet::new();
        let ids = [
            0,
            5,
            64,
            5,
            IdSet::BITS - 1,
            IdSet::BITS,
            u32::MAX,
            63,
            IdSet::BITS,
            7,
        ];
        for id in ids {
            assert_eq!(set.insert(id), plain.insert(id), "insert {id}");
            assert_eq!(set.len(), plain.len());
            assert_eq!(set.max(), plain.last().copied());
        }
        for id in [u32::MAX, 5, IdSet::BITS - 1, IdSet::BITS, 1000] {
            if plain.remove(&id) {
                set.remove(id);
            }
            assert_eq!(set.len(), plain.len(), "remove {id}");
            assert_eq!(set.max(), plain.last().copied(), "remove {id}");
        }
        for id in ids.into_iter().chain([1, 2, 100, IdSet::BITS + 1]) {
            assert_eq!(set.contains(id), plain.contains(&id), "contains {id}");
        }
    }
}
