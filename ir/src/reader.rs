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

use crate::attr::{Attr, AttrList, AttrSet};
use crate::constant::{ApInt, Const, ConstData, ConstExpr};
use crate::function::{Block, BlockData, Body, Function, Param};
use crate::inst::*;
use crate::lexer::{unescape, Lexer, Tok, Token};
use crate::metadata::{DbgRecord, MdAttachment, MdNode, Metadata, NamedMd};
use crate::module::*;
use crate::types::{FloatKind, StructBody, Type, TypeData, TypeTable};
use crate::value::Value;
use cranelift_entity::EntityRef;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::fmt;
use thin_vec::ThinVec;

mod batch;

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
    md_ids: rustc_hash::FxHashSet<u32>,
    /// Where each identified struct is defined (for errors found once all are known).
    type_defs: FxHashMap<Type, u32>,
    /// Whether `Module::order` lists some global twice: where it was first used, and later
    /// where it was defined (which is the place that counts).
    order_has_uses: bool,
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

/// The identified struct that contains itself (LLVM: "identified structure type 'T' is
/// recursive") or nests deeper than [`MAX_STRUCT_DEPTH`], if any, with the message. The walk
/// keeps its own stack, so the passes that recurse over types afterwards (the comparator, the
/// data layout) can rely on bounded depth. Pointers end the walk: `%list = type { ptr, %list* }`
/// is fine.
fn struct_nesting_error(tt: &TypeTable, defs: &FxHashMap<Type, u32>) -> Option<(Type, String)> {
    fn child(tt: &TypeTable, t: Type, k: usize) -> Option<Type> {
        match tt.get(t) {
            TypeData::Struct { elems, .. } => elems.get(k).copied(),
            TypeData::Named(_) => tt.body(t)?.elems.get(k).copied(),
            TypeData::Array(_, e) | TypeData::Vector { elem: e, .. } => (k == 0).then_some(*e),
            TypeData::Func { ret, params, .. } => match k {
                0 => Some(*ret),
                _ => params.get(k - 1).copied(),
            },
            TypeData::TargetExt { types, .. } => types.get(k).copied(),
            _ => None,
        }
    }
    const UNSEEN: u32 = u32::MAX;
    const ON_STACK: u32 = u32::MAX - 1;
    let named = |t: Type| matches!(tt.get(t), TypeData::Named(_));
    let name = |t: Type| tt.struct_name(t).unwrap_or_default().to_owned();
    // Depth of each finished type (a leaf is 0), or UNSEEN / ON_STACK.
    let mut depth = vec![UNSEEN; tt.len()];
    // (type, next child, 1 + the deepest child so far)
    let mut stack: Vec<(Type, usize, u32)> = Vec::new();
    for &root in tt.named_structs() {
        if depth[root.index()] != UNSEEN {
            continue;
        }
        depth[root.index()] = ON_STACK;
        stack.push((root, 0, 0));
        while let Some(top) = stack.last_mut() {
            let (t, k, d) = *top;
            if let Some(c) = child(tt, t, k) {
                top.1 += 1;
                match depth[c.index()] {
                    UNSEEN => {
                        depth[c.index()] = ON_STACK;
                        stack.push((c, 0, 0));
                    }
                    ON_STACK => {
                        // A cycle: `c` and everything above it on the stack. It closes at
                        // the identified struct on it defined last, as LLVM reports it.
                        let from = stack.iter().rposition(|e| e.0 == c).unwrap_or(0);
                        let t = stack[from..]
                            .iter()
                            .map(|e| e.0)
                            .filter(|&t| named(t))
                            .max_by_key(|t| defs.get(t).copied().unwrap_or(0))
                            .unwrap_or(c);
                        let msg = format!("identified structure type '{}' is recursive", name(t));
                        return Some((t, msg));
                    }
                    cd => top.2 = d.max(cd + 1),
                }
            } else {
                stack.pop();
                if d > MAX_STRUCT_DEPTH && named(t) {
                    let msg = format!(
                        "identified structure type '{}' nests types {d} levels deep; at most {MAX_STRUCT_DEPTH} are supported",
                        name(t)
                    );
                    return Some((t, msg));
                }
                depth[t.index()] = d;
                if let Some(parent) = stack.last_mut() {
                    parent.2 = parent.2.max(d + 1);
                }
            }
        }
    }
    None
}

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
    if batch::worth_it(src) {
        if let Some(r) = batch::parse(src, done_before) {
            return Ok(r);
        }
        // An error, or text the parallel reader does not take: the serial reader gives the
        // answer, and the same first error as always.
    }
    let mut p = Parser::new(src);
    p.module(done_before)?;
    Ok((p.m, p.hints))
}

/// [`parse_module`] with function bodies parsed on rayon's threads, whatever the input's size;
/// `None` when the text needs the serial reader (an error, or a body not laid out as LLVM
/// prints it). [`parse_module`] uses this for big inputs; tests and benches call it directly.
pub fn parse_module_parallel(src: &[u8]) -> Option<Module> {
    batch::parse(src, &mut |_| {}).map(|(m, _)| m)
}

/// [`parse_module`] on the calling thread only: the reference the parallel reader is tested
/// against.
pub fn parse_module_serial(src: &[u8]) -> Result<Module, ParseError> {
    let mut p = Parser::new(src);
    p.module(&mut |_| {})?;
    Ok(p.m)
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
    type_first_use: FxHashMap<Type, u32>,
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
    attr_scratch: Vec<Attr>,
    md_kinds: rustc_hash::FxHashSet<std::sync::Arc<str>>,
    /// First use of each `!N` referenced from instructions, functions and globals.
    md_first_use: FxHashMap<u32, u32>,
    /// How far [`Parser::body_lines_estimate`] has looked ahead.
    scanned_to: usize,
    /// Whether all of `src` is UTF-8 (checked once, so tokens need no check of their own).
    src_is_utf8: bool,
    /// Bodies left for worker threads, when reading in parallel.
    defer: Option<Box<batch::Deferred>>,
}

/// Attribute keywords of LLVM 22 plus the LLVM ≤ 14 ones it dropped (kept sorted for readers).
const ATTR_WORDS: &[&str] = &[
    "align",
    "alignstack",
    "allocalign",
    "allockind",
    "allocptr",
    "allocsize",
    "alwaysinline",
    "argmemonly",
    "builtin",
    "byref",
    "byval",
    "captures",
    "cold",
    "convergent",
    "coro_elide_safe",
    "coro_only_destroy_when_complete",
    "dead_on_return",
    "dead_on_unwind",
    "denormal_fpenv",
    "dereferenceable",
    "dereferenceable_or_null",
    "disable_sanitizer_instrumentation",
    "elementtype",
    "fn_ret_thunk_extern",
    "hot",
    "hybrid_patchable",
    "immarg",
    "inaccessiblemem_or_argmemonly",
    "inaccessiblememonly",
    "inalloca",
    "initializes",
    "inlinehint",
    "inreg",
    "jumptable",
    "memory",
    "minsize",
    "mustprogress",
    "naked",
    "nest",
    "no_callback",
    "no_create_undef_or_poison",
    "no_sanitize_address",
    "no_sanitize_hwaddress",
    "noalias",
    "nobuiltin",
    "nocallback",
    "nocapture",
    "nocf_check",
    "nocreateundeforpoison",
    "nodivergencesource",
    "noduplicate",
    "noext",
    "nofpclass",
    "nofree",
    "noimplicitfloat",
    "noinline",
    "nomerge",
    "nonlazybind",
    "nonnull",
    "noprofile",
    "norecurse",
    "noredzone",
    "noreturn",
    "nosanitize_bounds",
    "nosanitize_coverage",
    "nosync",
    "noundef",
    "nounwind",
    "null_pointer_is_valid",
    "optdebug",
    "optforfuzzing",
    "optnone",
    "optsize",
    "preallocated",
    "presplitcoroutine",
    "range",
    "readnone",
    "readonly",
    "returned",
    "returns_twice",
    "safestack",
    "sanitize_address",
    "sanitize_address_dyninit",
    "sanitize_alloc_token",
    "sanitize_hwaddress",
    "sanitize_memory",
    "sanitize_memtag",
    "sanitize_numerical_stability",
    "sanitize_realtime",
    "sanitize_realtime_blocking",
    "sanitize_thread",
    "sanitize_type",
    "shadowcallstack",
    "signext",
    "skipprofile",
    "speculatable",
    "speculative_load_hardening",
    "sret",
    "ssp",
    "sspreq",
    "sspstrong",
    "strictfp",
    "swiftasync",
    "swifterror",
    "swiftself",
    "uwtable",
    "vscale_range",
    "willreturn",
    "writable",
    "writeonly",
    "zeroext",
];

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

const TYPE_ATTRS: [&str; 6] = [
    "byval",
    "byref",
    "sret",
    "inalloca",
    "preallocated",
    "elementtype",
];

impl<'a> Parser<'a> {
    fn new(src: &'a [u8]) -> Self {
        Self::with_utf8(src, std::str::from_utf8(src).is_ok())
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
            type_first_use: FxHashMap::default(),
            external_written: false,
            asm_dedup: FxHashMap::default(),
            gep_inrange: None,
            last_end: 0,
            attr_lists: Default::default(),
            attr_scratch: Vec::new(),
            md_kinds: Default::default(),
            scanned_to: 0,
            md_first_use: FxHashMap::default(),
            src_is_utf8,
            defer: None,
        }
    }

    // ---- token helpers -------------------------------------------------------------------

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

    /// `src[start..end]` as text without checking it again, when the whole input is known to
    /// be UTF-8 and both ends fall on character boundaries.
    fn valid_str(&self, start: usize, end: usize) -> Option<&'a str> {
        let boundary = |i: usize| self.src.get(i).is_none_or(|&b| (b as i8) >= -0x40);
        (self.src_is_utf8 && boundary(start) && boundary(end)).then(|| {
            // SAFETY: `src` is valid UTF-8 and both ends of the slice are character
            // boundaries, so the slice is valid UTF-8 too.
            unsafe { std::str::from_utf8_unchecked(&self.src[start..end]) }
        })
    }

    fn text(&self, t: Token) -> &'a str {
        let (start, end) = (t.start as usize, t.end as usize);
        self.valid_str(start, end)
            .unwrap_or_else(|| std::str::from_utf8(&self.src[start..end]).unwrap_or("\u{fffd}"))
    }

    fn cur_text(&self) -> &'a str {
        self.text(self.tok)
    }

    fn is_word(&self, w: &str) -> bool {
        self.tok.kind == Tok::Word && self.cur_text() == w
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

    fn make_error(&self, offset: u32, msg: String) -> ParseError {
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
            String::from_utf8_lossy(&unescape(&self.src[t.start as usize..t.end as usize]))
                .into_owned()
                .into()
        } else {
            self.text(t).into()
        }
    }

    fn name_of(&self, t: Token) -> Box<str> {
        // Quoted names, and metadata names (`!\5Cname`), may hold `\XX` escapes.
        if t.quoted || (t.kind == Tok::MetaName && self.text(t).contains('\\')) {
            String::from_utf8_lossy(&unescape(&self.src[t.start as usize..t.end as usize])).into()
        } else {
            self.text(t).into()
        }
    }

    fn string_bytes(&self, t: Token) -> Box<[u8]> {
        unescape(&self.src[t.start as usize..t.end as usize]).into_boxed_slice()
    }

    fn expect_string(&mut self) -> PResult<Box<str>> {
        let t = self.expect(Tok::Str, "a string constant")?;
        Ok(String::from_utf8_lossy(&self.string_bytes(t)).into())
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
        self.text(t)
            .parse::<u64>()
            .or_else(|_| self.error_at(token_offset(t), "integer out of range"))
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

    // ---- module level --------------------------------------------------------------------

    fn module(&mut self, done_before: &mut dyn FnMut(usize)) -> PResult<()> {
        if self.src.starts_with(b"BC\xC0\xDE") || self.src.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]) {
            return self.error_at(
                0,
                "this is LLVM bitcode, not textual IR; convert it with `llvm-dis` first",
            );
        }
        loop {
            let keep = match &self.defer {
                Some(d) => d.keep_from(self.tok.start),
                None => self.tok.start,
            };
            done_before(keep as usize);
            if self.defer.is_some() {
                self.pump(false)?;
            }
            match self.tok.kind {
                Tok::Eof => break,
                Tok::Word => self.top_word()?,
                Tok::Local => self.type_def()?,
                Tok::Global => self.global_def()?,
                Tok::Comdat => self.comdat_def()?,
                Tok::MetaName => self.named_md()?,
                Tok::Exclaim => self.md_def()?,
                Tok::Error if self.src.get(self.tok.start as usize) == Some(&b'^') => {
                    self.summary_entry()?
                }
                _ => {
                    return self.err(format!(
                        "expected a top-level entity, found {}",
                        self.describe()
                    ))
                }
            }
        }
        if self.defer.is_some() {
            self.pump(true)?;
        }
        self.finish_module()
    }

    /// LLVM declares an intrinsic a module calls without declaring it (`call void
    /// @llvm.assume(i1 %c)` alone is valid): an undefined `@llvm.*` that some call names as
    /// its callee becomes a declaration of that call's function type, appended in the order
    /// of first use as LLVM appends them. (LLVM also gives it the intrinsic's attributes; opt
    /// adds those again whenever it reads the declaration.)
    fn declare_called_intrinsics(&mut self) {
        let mut wanted: Vec<(u32, GlobalId)> = self
            .pending_globals
            .iter()
            .filter(|(&g, _)| {
                matches!(&self.m.globals[g].common().name, Name::Named(n) if n.starts_with("llvm."))
            })
            .map(|(&g, &off)| (off, g))
            .collect();
        if wanted.is_empty() {
            return;
        }
        wanted.sort_unstable();
        let mut types: FxHashMap<GlobalId, Type> = FxHashMap::default();
        for f in self.m.functions() {
            let Some(body) = self.m.function(f).and_then(|f| f.body.as_ref()) else {
                continue;
            };
            for d in body.insts.values() {
                let (Some(callee), Some(info)) = (d.callee(), d.call_info()) else {
                    continue;
                };
                if let Some(g) = callee.as_const().and_then(|c| self.m.consts.as_global(c)) {
                    types.entry(g).or_insert(info.fn_ty);
                }
            }
        }
        for (_, g) in wanted {
            let Some(&fn_ty) = types.get(&g) else {
                continue;
            };
            let Some((_, params, _)) = self.m.types.func_parts(fn_ty) else {
                continue;
            };
            let params: Vec<Param> = params
                .iter()
                .map(|&ty| Param {
                    ty,
                    name: Name::Unnamed,
                })
                .collect();
            let name = self.m.globals[g].common().name.clone();
            self.m.globals[g].kind = GlobalKind::Function(Box::new(Function {
                common: GlobalCommon {
                    name,
                    ..Default::default()
                },
                fn_ty,
                attrs: AttrList {
                    params: vec![AttrSet::default(); params.len()],
                    ..Default::default()
                },
                params,
                cc: Default::default(),
                align: None,
                gc: None,
                prefix: None,
                prologue: None,
                personality: None,
                md: Vec::new(),
                body: None,
            }));
            // Printed after everything the text defined, in first-use order.
            self.m.order.retain(|&x| x != g);
            self.m.order.push(g);
            self.pending_globals.remove(&g);
        }
    }

    fn finish_module(&mut self) -> PResult<()> {
        self.m.globals.shrink_to_fit();
        if self.guard.order_has_uses {
            let mut seen = vec![false; self.m.globals.len()];
            let mut order: Vec<GlobalId> = (self.m.order.iter().rev())
                .filter(|g| !std::mem::replace(&mut seen[g.index()], true))
                .copied()
                .collect();
            order.reverse();
            self.m.order = order;
        }
        // `!N` references outside metadata nodes must name a defined node (references inside
        // a node's text are not parsed, so not checked).
        if let Some((&id, &off)) = self
            .md_first_use
            .iter()
            .filter(|(id, _)| !self.guard.md_ids.contains(id))
            .min_by_key(|(_, &o)| o)
        {
            return self.error_at(off, format!("use of undefined metadata '!{id}'"));
        }
        self.declare_called_intrinsics();
        // Before numbered names are dropped, so that the message can show them.
        if let Some((&g, &off)) = self.pending_globals.iter().min_by_key(|(_, &o)| o) {
            let name = self.m.global_name(g);
            return self.error_at(off, format!("use of undefined value '@{name}'"));
        }
        // `@0`-style names are LLVM's numbered (unnamed) globals; the writer renumbers them.
        let numbered: Vec<GlobalId> = self
            .m
            .globals
            .iter()
            .filter(|(_, g)| matches!(&g.common().name, Name::Named(n) if n.bytes().all(|b| b.is_ascii_digit())))
            .map(|(id, _)| id)
            .collect();
        for g in numbered {
            self.m.globals[g].common_mut().name = Name::Unnamed;
        }
        self.m.rebuild_names();
        // Identified structs used but never defined are opaque; that is LLVM's rule too, except
        // LLVM requires a definition. Insist on one, like LLVM.
        // (`named_structs` lists only defined structs, so look at the ones used.)
        let undefined = (self.type_first_use.iter())
            .filter(|(t, _)| !self.defined_types.contains(t))
            .min_by_key(|(_, &off)| off);
        if let Some((&t, &off)) = undefined {
            let name = self.m.types.struct_name(t).unwrap_or("").to_string();
            return self.error_at(off, format!("use of undefined type named '%{name}'"));
        }
        if let Some((t, msg)) = struct_nesting_error(&self.m.types, &self.guard.type_defs) {
            let off = self.guard.type_defs.get(&t).copied().unwrap_or(0);
            return self.error_at(off, msg);
        }
        Ok(())
    }

    fn top_word(&mut self) -> PResult<()> {
        let w = self.cur_text();
        match w {
            "source_filename" => {
                self.bump();
                self.expect(Tok::Equal, "'='")?;
                let t = self.expect(Tok::Str, "a string")?;
                self.m.source_filename = Some(self.string_bytes(t));
            }
            "target" => {
                self.bump();
                if self.eat_word("datalayout") {
                    self.expect(Tok::Equal, "'='")?;
                    self.m.datalayout = Some(self.expect_string()?);
                } else if self.eat_word("triple") {
                    self.expect(Tok::Equal, "'='")?;
                    self.m.triple = Some(self.expect_string()?);
                } else {
                    return self.err("expected 'datalayout' or 'triple' after 'target'");
                }
            }
            "module" => {
                self.bump();
                self.expect_word("asm")?;
                let t = self.expect(Tok::Str, "a string")?;
                self.m.module_asm.push(self.string_bytes(t));
            }
            "define" | "declare" => self.function()?,
            "attributes" => self.attr_group()?,
            "uselistorder" | "uselistorder_bb" => {
                // Use-list order directives only matter to bitcode round trips; skip the line.
                let nl = memchr::memchr(b'\n', &self.src[self.tok.start as usize..])
                    .map_or(self.src.len(), |n| self.tok.start as usize + n);
                self.lex.pos = nl;
                self.tok = self.lex.next_token();
            }
            "deplibs" => return self.err("'deplibs' is no longer supported"),
            _ => {
                return self.err(format!(
                    "expected a top-level entity, found {}",
                    self.describe()
                ))
            }
        }
        Ok(())
    }

    fn type_def(&mut self) -> PResult<()> {
        let nt = self.bump();
        let name = self.name_of(nt);
        self.expect(Tok::Equal, "'='")?;
        self.expect_word("type")?;
        let is_struct = match self.tok.kind {
            Tok::LBrace => true,
            Tok::Less => self
                .lex
                .src
                .get(self.lex.pos..)
                .is_some_and(|r| r.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')),
            Tok::Word => self.cur_text() == "opaque",
            _ => false,
        };
        if !is_struct {
            // `%0 = type [4 x i8]`: a name for a type that is not a struct. LLVM refuses it
            // where the name was used before (that use made an opaque struct of it).
            if self.m.types.alias(&name).is_some()
                || self
                    .m
                    .types
                    .lookup(&TypeData::Named(name.clone()))
                    .is_some()
            {
                return self.error_at(
                    token_offset(nt),
                    format!(
                        "redefinition of type '%{name}' (non-struct types may not be recursive)"
                    ),
                );
            }
            let ty = self.parse_type()?;
            self.m.types.set_alias(&name, ty);
            return Ok(());
        }
        let t = self.m.types.named(&name);
        if !self.defined_types.insert(t) {
            return self.error_at(token_offset(nt), format!("redefinition of type '%{name}'"));
        }
        self.guard.type_defs.insert(t, token_offset(nt));
        if self.eat_word("opaque") {
            self.m.types.set_body(t, None);
            return Ok(());
        }
        // Fix the print order now; the body follows (it may refer to `t` itself).
        self.m.types.set_body(t, None);
        let packed = self.tok.kind == Tok::Less;
        if packed {
            self.bump();
        }
        let elems = self.struct_elems()?;
        if packed {
            self.expect(Tok::Greater, "'>'")?;
        }
        self.m.types.set_body(t, Some(StructBody { elems, packed }));
        Ok(())
    }

    fn comdat_def(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = self.name_of(t);
        self.expect(Tok::Equal, "'='")?;
        self.expect_word("comdat")?;
        let k = self.expect(Tok::Word, "a comdat selection kind")?;
        let kind = self.text(k);
        if !matches!(
            kind,
            "any" | "exactmatch" | "largest" | "nodeduplicate" | "noduplicates" | "samesize"
        ) {
            return self.error_at(
                token_offset(k),
                format!("unknown comdat selection kind '{kind}'"),
            );
        }
        self.m.comdats.push(Comdat {
            name,
            kind: kind.into(),
        });
        Ok(())
    }

    /// A metadata node definition's right-hand side, kept as text: `[distinct] !{...}` or
    /// `[distinct] !DIKind(...)`.
    fn md_node_text(&mut self) -> PResult<Box<str>> {
        let start = token_offset(self.tok) as usize;
        self.eat_word("distinct");
        match self.tok.kind {
            Tok::Exclaim => {
                self.bump();
                if self.tok.kind != Tok::LBrace {
                    return self.err(format!(
                        "expected '{{' after '!', found {}",
                        self.describe()
                    ));
                }
                self.skip_group()?;
            }
            Tok::MetaName => {
                self.bump();
                if self.tok.kind != Tok::LParen {
                    return self.err(format!(
                        "expected '(' after a specialised metadata kind, found {}",
                        self.describe()
                    ));
                }
                self.skip_group()?;
            }
            _ => {
                return self.err(format!(
                    "expected a metadata node, found {}",
                    self.describe()
                ))
            }
        }
        Ok(self.raw_text(start, self.last_end as usize).into())
    }

    fn named_md(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = self.name_of(t);
        self.expect(Tok::Equal, "'='")?;
        if self.tok.kind != Tok::Exclaim {
            return self.err("expected '!{' in named metadata");
        }
        let text = self.md_node_text()?;
        self.m.named_md.push(NamedMd { name, text });
        Ok(())
    }

    fn md_def(&mut self) -> PResult<()> {
        let bang = self.bump();
        let id = self.parse_u32()?;
        if !self.guard.md_ids.insert(id) {
            return self.error_at(bang.start, "Metadata id is already used");
        }
        self.expect(Tok::Equal, "'='")?;
        let text = self.md_node_text()?;
        self.m.md_nodes.push(MdNode { id, text });
        Ok(())
    }

    fn attr_group(&mut self) -> PResult<()> {
        self.bump();
        let g = self.expect(Tok::AttrGroup, "'#N'")?;
        let id: u32 = self
            .text(g)
            .parse()
            .or_else(|_| self.error_at(g.start, "attribute group number out of range"))?;
        self.expect(Tok::Equal, "'='")?;
        self.expect(Tok::LBrace, "'{'")?;
        let mut set = AttrSet::default();
        while self.tok.kind != Tok::RBrace {
            if !self.attr(&mut set, true)? {
                return self.err(format!("expected an attribute, found {}", self.describe()));
            }
        }
        self.bump();
        self.m.attr_groups.insert(id, set.attrs);
        Ok(())
    }

    /// Parse one attribute if the current token starts one. Words that are types, calling
    /// conventions or other keywords are not attributes; the caller decides what they are.
    fn attr(&mut self, set: &mut AttrSet, in_group: bool) -> PResult<bool> {
        match self.tok.kind {
            Tok::AttrGroup => {
                let t = self.bump();
                let id = self.text(t).parse().or_else(|_| {
                    self.error_at(token_offset(t), "attribute group number out of range")
                })?;
                set.groups.push(id);
                Ok(true)
            }
            Tok::Str => {
                let k = self.bump();
                let key: Box<str> = String::from_utf8_lossy(&self.string_bytes(k)).into();
                let val = if self.eat(Tok::Equal) {
                    Some(self.expect_string()?)
                } else {
                    None
                };
                set.attrs.push(Attr::Str(key, val));
                Ok(true)
            }
            Tok::Word => {
                let w = self.cur_text();
                if !self.is_attr_word(w) {
                    return Ok(false);
                }
                let start = self.tok.start;
                self.bump();
                if TYPE_ATTRS.contains(&w) && self.tok.kind == Tok::LParen {
                    self.bump();
                    let ty = self.parse_type()?;
                    self.expect(Tok::RParen, "')'")?;
                    set.attrs.push(Attr::Type(w.into(), ty));
                    return Ok(true);
                }
                let end = match self.tok.kind {
                    Tok::LParen => {
                        self.skip_group()?;
                        self.prev_end()
                    }
                    Tok::Equal if in_group => {
                        self.bump();
                        let t = self.expect(Tok::Int, "an integer")?;
                        t.end
                    }
                    Tok::Int if w == "align" => {
                        self.parse_align()?;
                        self.prev_end()
                    }
                    _ => start + w.len() as u32,
                };
                let text = self.raw_text(start as usize, end as usize);
                set.attrs.push(Attr::Other(text.into()));
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Attributes (not in a group) into `set` for as long as there are some. They are gathered
    /// in a buffer the parser keeps, so that the set's list is allocated once at its final
    /// size rather than regrown attribute by attribute (calls carry several per argument).
    fn attrs_into(&mut self, set: &mut AttrSet) -> PResult<()> {
        let mut scratch = AttrSet {
            attrs: std::mem::take(&mut self.attr_scratch),
            groups: std::mem::take(&mut set.groups),
        };
        let r = loop {
            match self.attr(&mut scratch, false) {
                Ok(true) => {}
                Ok(false) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        set.groups = std::mem::take(&mut scratch.groups);
        set.attrs.append(&mut scratch.attrs);
        self.attr_scratch = scratch.attrs;
        r
    }

    /// End offset of the last consumed token.
    fn prev_end(&self) -> u32 {
        self.last_end
    }

    fn is_attr_word(&self, w: &str) -> bool {
        // A hash set: one hash and one comparison, where a binary search over the sorted list
        // costs seven string comparisons for every attribute of every call.
        static SET: std::sync::OnceLock<rustc_hash::FxHashSet<&'static str>> =
            std::sync::OnceLock::new();
        SET.get_or_init(|| ATTR_WORDS.iter().copied().collect())
            .contains(w)
    }

    // ---- types -------------------------------------------------------------------------------

    fn parse_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    fn note_struct_use(&mut self, t: Type, off: u32) {
        self.type_first_use.entry(t).or_insert(off);
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let start = self.tok.start;
        let outer_hw = std::mem::replace(&mut self.guard.type_hw, self.depth);
        let mut ty = match self.tok.kind {
            Tok::Word => {
                let w = self.bump();
                let s = self.text(w);
                let b = s.as_bytes();
                match s {
                    "void" => self.m.types.void(),
                    "label" => self.m.types.label(),
                    "metadata" => self.m.types.metadata(),
                    "token" => self.m.types.token(),
                    "x86_amx" => self.m.types.intern(TypeData::X86Amx),
                    "x86_mmx" => self.m.types.intern(TypeData::X86Mmx),
                    "half" => self.m.types.intern(TypeData::Float(FloatKind::Half)),
                    "bfloat" => self.m.types.intern(TypeData::Float(FloatKind::BFloat)),
                    "float" => self.m.types.intern(TypeData::Float(FloatKind::Float)),
                    "double" => self.m.types.intern(TypeData::Float(FloatKind::Double)),
                    "x86_fp80" => self.m.types.intern(TypeData::Float(FloatKind::X86Fp80)),
                    "fp128" => self.m.types.intern(TypeData::Float(FloatKind::Fp128)),
                    "ppc_fp128" => self.m.types.intern(TypeData::Float(FloatKind::PpcFp128)),
                    "ptr" => {
                        let a = self.opt_addrspace()?;
                        self.m.types.ptr(a)
                    }
                    "target" => self.target_ext_type()?,
                    _ if b.len() > 1
                        && (b[0] == b'i' || b[0] == b'b')
                        && b[1..].iter().all(u8::is_ascii_digit) =>
                    {
                        let n: u32 = s[1..].parse().unwrap_or(u32::MAX);
                        if n == 0 || n > MAX_INT_BITS {
                            return self
                                .error_at(w.start, "bitwidth for integer type out of range");
                        }
                        if b[0] == b'i' {
                            self.m.types.int(n)
                        } else {
                            self.m.types.intern(TypeData::Byte(n))
                        }
                    }
                    _ => return self.error_at(w.start, format!("expected a type, found '{s}'")),
                }
            }
            Tok::Local => {
                let t = self.bump();
                let name = self.name_of(t);
                if let Some(ty) = self.m.types.alias(&name) {
                    ty
                } else {
                    let ty = self.m.types.named(&name);
                    self.note_struct_use(ty, t.start);
                    ty
                }
            }
            Tok::LBrace => {
                let elems = self.struct_elems()?;
                self.m.types.intern(TypeData::Struct {
                    elems,
                    packed: false,
                })
            }
            Tok::Less => {
                self.bump();
                if self.tok.kind == Tok::LBrace {
                    let elems = self.struct_elems()?;
                    self.expect(Tok::Greater, "'>'")?;
                    self.m.types.intern(TypeData::Struct {
                        elems,
                        packed: true,
                    })
                } else {
                    let scalable = self.eat_word("vscale");
                    if scalable {
                        self.expect_word("x")?;
                    }
                    let n = self.parse_u32()?;
                    self.expect_word("x")?;
                    let elem = self.parse_type()?;
                    self.expect(Tok::Greater, "'>'")?;
                    if n == 0 {
                        return self.error_at(start, "zero element vector is illegal");
                    }
                    self.m.types.intern(TypeData::Vector {
                        len: n,
                        elem,
                        scalable,
                    })
                }
            }
            Tok::LSquare => {
                self.bump();
                let n = self.parse_u64()?;
                self.expect_word("x")?;
                let elem = self.parse_type()?;
                self.expect(Tok::RSquare, "']'")?;
                self.m.types.intern(TypeData::Array(n, elem))
            }
            _ => return self.err(format!("expected a type, found {}", self.describe())),
        };
        // Suffixes: typed pointers and function types. They nest without recursing here, so
        // they count against MAX_DEPTH on top of the levels the type so far takes.
        let mut levels = self.guard.type_hw.saturating_sub(self.depth);
        loop {
            match self.tok.kind {
                Tok::Star => {
                    self.bump();
                    ty = self.typed_ptr(ty, 0, start)?;
                }
                Tok::Word if self.cur_text() == "addrspace" && self.peek_addrspace_star() => {
                    let a = self.opt_addrspace()?;
                    self.expect(Tok::Star, "'*'")?;
                    ty = self.typed_ptr(ty, a, start)?;
                }
                Tok::LParen => {
                    if matches!(
                        self.m.types.get(ty),
                        TypeData::Func { .. } | TypeData::Label | TypeData::Metadata
                    ) {
                        return self.err("invalid function return type");
                    }
                    ty = self.fn_type_params(ty)?;
                    levels = levels.max(self.guard.type_hw.saturating_sub(self.depth));
                }
                _ => break,
            }
            levels += 1;
            if self.depth + levels > MAX_DEPTH {
                return self.err(format!("nesting deeper than {MAX_DEPTH} levels"));
            }
        }
        self.guard.type_hw = outer_hw.max(self.depth + levels);
        Ok(ty)
    }

    fn typed_ptr(&mut self, pointee: Type, a: u32, start: u32) -> PResult<Type> {
        if matches!(self.m.types.get(pointee), TypeData::Ptr(_)) {
            return self.error_at(start, "ptr* is invalid - use ptr instead");
        }
        if matches!(
            self.m.types.get(pointee),
            TypeData::Void | TypeData::Label | TypeData::Metadata
        ) {
            return self.error_at(start, "pointer to this type is invalid");
        }
        self.m.typed_pointers = true;
        Ok(self.m.types.intern(TypeData::TypedPtr(pointee, a)))
    }

    /// Whether the tokens ahead are `addrspace(N)*` (typed pointer suffix).
    fn peek_addrspace_star(&self) -> bool {
        let mut l = Lexer {
            src: self.src,
            pos: self.lex.pos,
        };
        l.next_token().kind == Tok::LParen
            && l.next_token().kind == Tok::Int
            && l.next_token().kind == Tok::RParen
            && l.next_token().kind == Tok::Star
    }

    fn opt_addrspace(&mut self) -> PResult<u32> {
        if self.is_word("addrspace") {
            self.bump();
            self.expect(Tok::LParen, "'('")?;
            let n = if self.tok.kind == Tok::Str {
                // Symbolic address spaces ("A", "G", "P") from the data layout.
                let s = self.expect_string()?;
                return self.err(format!("symbolic address space \"{s}\" is not supported"));
            } else {
                let t = self.tok;
                let n = self.parse_u32()?;
                if n >= 1 << 24 {
                    return self.error_at(
                        token_offset(t),
                        "invalid address space, must be a 24-bit integer",
                    );
                }
                n
            };
            self.expect(Tok::RParen, "')'")?;
            Ok(n)
        } else {
            Ok(0)
        }
    }

    fn target_ext_type(&mut self) -> PResult<Type> {
        self.expect(Tok::LParen, "'('")?;
        let name = self.expect_string()?;
        let mut types = Vec::new();
        let mut ints = Vec::new();
        while self.eat(Tok::Comma) {
            if self.tok.kind == Tok::Int {
                ints.push(self.parse_u32()?);
            } else {
                if !ints.is_empty() {
                    return self.err("target extension type parameters must come before integers");
                }
                types.push(self.parse_type()?);
            }
        }
        self.expect(Tok::RParen, "')'")?;
        Ok(self
            .m
            .types
            .intern(TypeData::TargetExt { name, types, ints }))
    }

    fn struct_elems(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LBrace, "'{'")?;
        let mut elems = Vec::new();
        if !self.eat(Tok::RBrace) {
            loop {
                elems.push(self.parse_type()?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrace, "'}'")?;
        }
        Ok(elems)
    }

    fn fn_type_params(&mut self, ret: Type) -> PResult<Type> {
        self.expect(Tok::LParen, "'('")?;
        let mut params = Vec::new();
        let mut varargs = false;
        if !self.eat(Tok::RParen) {
            loop {
                if self.eat(Tok::DotDotDot) {
                    varargs = true;
                    break;
                }
                params.push(self.parse_type()?);
                // Old IR allows attributes inside function types; drop them.
                let mut junk = AttrSet::default();
                while self.attr(&mut junk, false)? {}
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')'")?;
        }
        Ok(self.m.types.intern(TypeData::Func {
            ret,
            params,
            varargs,
        }))
    }

    // ---- globals -----------------------------------------------------------------------------

    /// Get or reserve the global named by token `t`.
    fn global_ref(&mut self, t: Token) -> GlobalId {
        self.saw_global = true;
        let name = self.name_str(t);
        if let Some(g) = self.m.global_by_name(&name) {
            return g;
        }
        self.placeholder_global(name.into(), t.start)
    }

    /// Reserve a handle for global `name`, first used at `offset` and not defined yet.
    fn placeholder_global(&mut self, name: Box<str>, offset: u32) -> GlobalId {
        let placeholder = GlobalKind::Var(Box::new(GlobalVar {
            common: GlobalCommon {
                name: Name::Named(name),
                ..Default::default()
            },
            value_ty: self.m.types.int(8),
            constant: false,
            externally_initialized: false,
            init: None,
            align: None,
            extra: Vec::new(),
            md: Vec::new(),
            attrs: AttrSet::default(),
        }));
        let g = self.m.add_global(placeholder);
        self.pending_globals.insert(g, offset);
        g
    }

    /// Linkage and the other prefix keywords shared by globals and functions.
    fn global_prefix(&mut self, c: &mut GlobalCommon) -> PResult<()> {
        loop {
            if self.tok.kind != Tok::Word {
                return Ok(());
            }
            let w = self.cur_text();
            if let Some((l, _)) = Linkage::ALL.iter().find(|(_, k)| *k == w) {
                c.linkage = *l;
                if w == "external" {
                    self.external_written = true;
                }
            } else {
                match w {
                    "dso_local" => c.dso_local = true,
                    "dso_preemptable" => c.dso_local = false,
                    "default" => c.visibility = Visibility::Default,
                    "hidden" => c.visibility = Visibility::Hidden,
                    "protected" => c.visibility = Visibility::Protected,
                    "dllimport" => c.dll = DllStorage::Import,
                    "dllexport" => c.dll = DllStorage::Export,
                    "unnamed_addr" => c.unnamed_addr = UnnamedAddr::Global,
                    "local_unnamed_addr" => c.unnamed_addr = UnnamedAddr::Local,
                    "thread_local" => {
                        self.bump();
                        if self.tok.kind == Tok::LParen {
                            self.bump();
                            let m = self.expect(Tok::Word, "a TLS model")?;
                            c.thread_local = Some(self.text(m).into());
                            self.expect(Tok::RParen, "')'")?;
                        } else {
                            c.thread_local = Some("".into());
                        }
                        continue;
                    }
                    "addrspace" => {
                        c.addrspace = self.opt_addrspace()?;
                        continue;
                    }
                    _ => return Ok(()),
                }
            }
            self.bump();
        }
    }

    fn global_def(&mut self) -> PResult<()> {
        let nt = self.bump();
        let name = self.name_of(nt);
        let numbered = !nt.quoted && name.bytes().all(|b| b.is_ascii_digit());
        if numbered {
            self.next_global_num = name.parse::<u32>().unwrap_or(0).wrapping_add(1);
        }
        self.expect(Tok::Equal, "'='")?;
        self.global_body(Name::Named(name), nt.start)
    }

    fn global_body(&mut self, name: Name, name_off: u32) -> PResult<()> {
        let mut common = GlobalCommon {
            name,
            ..Default::default()
        };
        self.global_prefix(&mut common)?;
        let externally_initialized = self.eat_word("externally_initialized");
        let kind = if self.eat_word("alias") || self.is_word("ifunc") {
            let ifunc = self.eat_word("ifunc");
            let value_ty = self.parse_type()?;
            self.expect(Tok::Comma, "','")?;
            let target = if self.tok.kind == Tok::Word
                && matches!(
                    self.cur_text(),
                    "bitcast" | "getelementptr" | "addrspacecast" | "inttoptr"
                ) {
                let t = self.tok;
                match self.const_expr(None, t)? {
                    Value::Const(c) => c,
                    _ => return self.error_at(token_offset(t), "expected a constant aliasee"),
                }
            } else {
                let aty = self.parse_type()?;
                self.parse_const(aty)?
            };
            let mut md = Vec::new();
            while self.eat(Tok::Comma) {
                if self.eat_word("partition") {
                    common.partition = Some(self.expect_string()?);
                } else if self.tok.kind == Tok::MetaName {
                    md.push(self.md_attachment()?);
                } else {
                    return self.err(format!("unexpected {} after alias", self.describe()));
                }
            }
            GlobalKind::Alias(Box::new(Alias {
                common,
                value_ty,
                target,
                ifunc,
                md,
            }))
        } else {
            let constant = if self.eat_word("constant") {
                true
            } else if self.eat_word("global") {
                false
            } else {
                return self.err(format!(
                    "expected 'global', 'constant', 'alias' or 'ifunc', found {}",
                    self.describe()
                ));
            };
            let value_ty = self.parse_type()?;
            let is_decl =
                matches!(common.linkage, Linkage::ExternWeak) || self.last_was_external(&common);
            let init = if !is_decl {
                Some(self.parse_const(value_ty)?)
            } else {
                None
            };
            let mut gv = GlobalVar {
                common,
                value_ty,
                constant,
                externally_initialized,
                init,
                align: None,
                extra: Vec::new(),
                md: Vec::new(),
                attrs: AttrSet::default(),
            };
            while self.eat(Tok::Comma) {
                if self.eat_word("section") {
                    gv.common.section = Some(self.expect_string()?);
                } else if self.eat_word("partition") {
                    gv.common.partition = Some(self.expect_string()?);
                } else if self.is_word("comdat") {
                    gv.common.comdat = Some(self.comdat_ref()?);
                } else if self.eat_word("align") {
                    gv.align = Some(self.parse_align()?);
                } else if self.is_word("code_model") {
                    let s = self.tok.start;
                    self.bump();
                    self.expect(Tok::Str, "a string")?;
                    gv.extra
                        .push(self.raw_text(s as usize, self.prev_end() as usize).into());
                } else if self.tok.kind == Tok::Word
                    && matches!(
                        self.cur_text(),
                        "no_sanitize_address"
                            | "no_sanitize_hwaddress"
                            | "sanitize_address_dyninit"
                            | "sanitize_memtag"
                    )
                {
                    let t = self.bump();
                    gv.extra.push(self.text(t).into());
                } else if self.tok.kind == Tok::MetaName {
                    gv.md.push(self.md_attachment()?);
                } else {
                    return self.err(format!("unexpected {} in global variable", self.describe()));
                }
            }
            while self.tok.kind == Tok::AttrGroup {
                self.attr(&mut gv.attrs, false)?;
            }
            GlobalKind::Var(Box::new(gv))
        };
        self.define_global(kind, name_off)?;
        Ok(())
    }

    fn last_was_external(&self, c: &GlobalCommon) -> bool {
        // `external global T` has no initializer; `external` is the default linkage, so we
        // have to look at the text: was the keyword written?
        c.linkage == Linkage::External && self.external_written
    }

    fn define_global(&mut self, kind: GlobalKind, name_off: u32) -> PResult<GlobalId> {
        let name = match &kind {
            GlobalKind::Function(f) => f.common.name.clone(),
            GlobalKind::Var(v) => v.common.name.clone(),
            GlobalKind::Alias(a) => a.common.name.clone(),
        };
        self.external_written = false;
        if let Name::Named(n) = &name {
            if let Some(g) = self.m.global_by_name(n) {
                if self.pending_globals.remove(&g).is_none() {
                    return self.error_at(name_off, format!("redefinition of global '@{n}'"));
                }
                self.m.globals[g].kind = kind;
                // Keep LLVM's order: a global is placed where it is defined, not first used.
                // Its place from the first use goes in `finish_module` (all at once: removing
                // each here would be quadratic in the number of globals).
                self.m.order.push(g);
                self.guard.order_has_uses = true;
                return Ok(g);
            }
        }
        Ok(self.m.add_global(kind))
    }

    fn comdat_ref(&mut self) -> PResult<Box<str>> {
        self.expect_word("comdat")?;
        if self.eat(Tok::LParen) {
            let t = self.expect(Tok::Comdat, "'$name'")?;
            self.expect(Tok::RParen, "')'")?;
            Ok(self.name_of(t))
        } else {
            Ok("".into())
        }
    }

    /// The shared name of metadata kind token `t` (`!noalias` -> "noalias").
    fn intern_md_kind(&mut self, t: Token) -> std::sync::Arc<str> {
        // Looked up by the text itself first: a kind repeats on most instructions.
        let text = self.text(t);
        if !t.quoted && !text.contains('\\') {
            if let Some(k) = self.md_kinds.get(text) {
                return k.clone();
            }
        }
        let name = self.name_of(t);
        if let Some(k) = self.md_kinds.get(&*name) {
            return k.clone();
        }
        let k: std::sync::Arc<str> = name.into();
        self.md_kinds.insert(k.clone());
        k
    }

    fn md_attachment(&mut self) -> PResult<MdAttachment> {
        let k = self.expect(Tok::MetaName, "a metadata kind")?;
        let kind = self.intern_md_kind(k);
        let md = self.parse_metadata()?;
        Ok(MdAttachment { kind, md })
    }

    // ---- metadata ----------------------------------------------------------------------------

    fn parse_metadata(&mut self) -> PResult<Metadata> {
        self.enter()?;
        let r = self.parse_metadata_inner();
        self.leave();
        r
    }

    fn parse_metadata_inner(&mut self) -> PResult<Metadata> {
        let start = token_offset(self.tok);
        match self.tok.kind {
            Tok::Exclaim => {
                self.bump();
                match self.tok.kind {
                    Tok::Int => {
                        let off = token_offset(self.tok);
                        let id = self.parse_u32()?;
                        self.md_first_use.entry(id).or_insert(off);
                        Ok(Metadata::Ref(id))
                    }
                    Tok::LBrace => {
                        self.skip_group()?;
                        Ok(Metadata::Text(
                            self.raw_text(start as usize, self.last_end as usize).into(),
                        ))
                    }
                    Tok::Str => {
                        self.bump();
                        Ok(Metadata::Text(
                            self.raw_text(start as usize, self.prev_end() as usize)
                                .into(),
                        ))
                    }
                    _ => self.err(format!("expected metadata, found {}", self.describe())),
                }
            }
            Tok::MetaName => {
                let t = self.bump();
                let name = self.text(t);
                if self.tok.kind != Tok::LParen {
                    return self.error_at(token_offset(t), format!("expected '(' after '!{name}'"));
                }
                if name == "DIArgList" {
                    self.bump();
                    let mut items = Vec::new();
                    if !self.eat(Tok::RParen) {
                        loop {
                            let ty = self.parse_type()?;
                            let v = self.parse_value(ty)?;
                            items.push((ty, v));
                            if !self.eat(Tok::Comma) {
                                break;
                            }
                        }
                        self.expect(Tok::RParen, "')'")?;
                    }
                    return Ok(Metadata::ArgList(items));
                }
                self.skip_group()?;
                Ok(Metadata::Text(
                    self.raw_text(start as usize, self.last_end as usize).into(),
                ))
            }
            _ => {
                let ty = self.parse_type()?;
                let v = self.parse_value(ty)?;
                Ok(Metadata::Value(ty, v))
            }
        }
    }

    // ---- constants ---------------------------------------------------------------------------

    fn parse_const(&mut self, ty: Type) -> PResult<Const> {
        let t = self.tok;
        match self.parse_value(ty)? {
            Value::Const(c) => Ok(c),
            _ => self.error_at(token_offset(t), "expected a constant value"),
        }
    }

    fn typed_const(&mut self) -> PResult<Const> {
        let ty = self.parse_type()?;
        self.parse_const(ty)
    }

    fn int_const(&mut self, ty: Type, v: u64) -> Const {
        let bits = match self.m.types.get(ty) {
            TypeData::Int(b) | TypeData::Byte(b) => *b,
            _ => 64,
        };
        self.m.consts.intern(ConstData::Int {
            ty,
            val: ApInt::from_u64(bits, v),
        })
    }

    fn float_bits(&self, kind: FloatKind, t: Token) -> PResult<u128> {
        let s = self.text(t);
        if let Some(hex) = s.strip_prefix("0x") {
            let (prefix, digits) = match hex.as_bytes().first() {
                Some(b'K' | b'L' | b'M' | b'H' | b'R') => (hex.as_bytes()[0], &hex[1..]),
                _ => (b'0', hex),
            };
            let v = u128::from_str_radix(digits, 16)
                .or_else(|_| self.error_at(token_offset(t), "malformed hexadecimal float"))?;
            return match (prefix, kind) {
                (b'0', FloatKind::Double) => Ok(v),
                (b'0', FloatKind::Float) => {
                    let d = f64::from_bits(v as u64);
                    let f = d as f32;
                    if (f as f64).to_bits() != d.to_bits() && !d.is_nan() {
                        return self
                            .error_at(token_offset(t), "floating point constant invalid for type");
                    }
                    if d.is_nan() {
                        // Keep the payload's top bits, as LLVM's conversion does.
                        let bits = v as u64;
                        let sign = ((bits >> 63) as u32) << 31;
                        let mant = ((bits >> 29) & 0x7f_ffff) as u32;
                        return Ok((sign | 0x7f80_0000 | mant) as u128);
                    }
                    Ok(f.to_bits() as u128)
                }
                (b'0', FloatKind::Half | FloatKind::BFloat) if v >> 64 == 0 => self.error_at(
                    token_offset(t),
                    "use 0xH (half) or 0xR (bfloat) hexadecimal for 16-bit floats",
                ),
                (b'H', FloatKind::Half) | (b'R', FloatKind::BFloat) => Ok(v & 0xffff),
                (b'K', FloatKind::X86Fp80) => Ok(v),
                (b'L', FloatKind::Fp128) | (b'M', FloatKind::PpcFp128) => Ok(v),
                _ => self.error_at(
                    token_offset(t),
                    "floating point constant does not match its type",
                ),
            };
        }
        let d: f64 = s
            .parse()
            .or_else(|_| self.error_at(token_offset(t), "malformed floating point constant"))?;
        match kind {
            FloatKind::Double => Ok(d.to_bits() as u128),
            FloatKind::Float => {
                let f = d as f32;
                if f as f64 != d && !d.is_nan() {
                    return self
                        .error_at(token_offset(t), "floating point constant invalid for type");
                }
                Ok(f.to_bits() as u128)
            }
            // As in LLVM, a decimal 16-bit constant must be exactly representable.
            FloatKind::Half => exact_small_float(d, 11, -14, 15)
                .map(u128::from)
                .ok_or(())
                .or_else(|_| {
                    self.error_at(token_offset(t), "floating point constant invalid for type")
                }),
            FloatKind::BFloat => exact_small_float(d, 8, -126, 127)
                .map(u128::from)
                .ok_or(())
                .or_else(|_| {
                    self.error_at(token_offset(t), "floating point constant invalid for type")
                }),
            // LLVM reads decimal constants as doubles and takes them for half, bfloat, float
            // and double only.
            _ => self.error_at(
                token_offset(t),
                format!(
                    "floating point constant does not have type '{}'",
                    kind.keyword()
                ),
            ),
        }
    }

    /// Parse a value of type `ty`: a local, a global, or a constant.
    fn parse_value(&mut self, ty: Type) -> PResult<Value> {
        self.enter()?;
        let r = self.parse_value_inner(ty);
        self.leave();
        r
    }

    fn parse_value_inner(&mut self, ty: Type) -> PResult<Value> {
        let t = self.tok;
        let tyd = self.m.types.get(ty).clone();
        let c = match t.kind {
            Tok::Local => return self.local_use(ty),
            Tok::Global => {
                self.bump();
                let g = self.global_ref(t);
                if !self.m.types.is_pointer(ty) {
                    return self.error_at(token_offset(t), "global value must have pointer type");
                }
                ConstData::Global { ty, global: g }
            }
            Tok::Int => {
                self.bump();
                let s = self.text(t);
                let bits = match tyd {
                    TypeData::Int(b) | TypeData::Byte(b) => b,
                    TypeData::Float(_) => {
                        return self.error_at(
                            token_offset(t),
                            "integer constant for a floating point type (write it as 1.0)",
                        )
                    }
                    _ => {
                        return self
                            .error_at(token_offset(t), "integer constant must have integer type")
                    }
                };
                if bits > 64 {
                    let bytes = u64::from(bits.div_ceil(64)) * 8;
                    self.spend(bytes, token_offset(t), "this wide integer constant")?;
                }
                let val = if let Some(h) = s.strip_prefix("u0x").or_else(|| s.strip_prefix("s0x")) {
                    ApInt::parse_hex(bits, h)
                } else {
                    ApInt::parse_decimal(bits, s)
                };
                let val = val.ok_or_else(|| {
                    let msg = if s.len() > ApInt::MAX_DECIMAL_DIGITS && !s.contains('x') {
                        format!(
                            "integer constant with more than {} significant decimal digits; write it in hexadecimal (u0x...)",
                            ApInt::MAX_DECIMAL_DIGITS
                        )
                    } else {
                        "malformed integer constant".into()
                    };
                    self.make_error(token_offset(t), msg)
                })?;
                ConstData::Int { ty, val }
            }
            Tok::Float => {
                self.bump();
                let kind = match tyd {
                    TypeData::Float(k) => k,
                    _ => {
                        return self
                            .error_at(token_offset(t), "floating point constant invalid for type")
                    }
                };
                ConstData::Float {
                    ty,
                    bits: self.float_bits(kind, t)?,
                }
            }
            Tok::CStr => {
                self.bump();
                let bytes = self.string_bytes(t);
                match tyd {
                    TypeData::Array(n, e)
                        if n == bytes.len() as u64
                            && matches!(
                                self.m.types.get(e),
                                TypeData::Int(8) | TypeData::Byte(8)
                            ) => {}
                    _ => {
                        return self
                            .error_at(token_offset(t), "constant string does not match its type")
                    }
                }
                ConstData::Bytes { ty, bytes }
            }
            Tok::LBrace => {
                let elems = self.const_list(Tok::LBrace, Tok::RBrace)?;
                self.check_struct(ty, &elems, false, t.start)?;
                ConstData::Struct { ty, elems }
            }
            Tok::LSquare => {
                let elems = self.const_list(Tok::LSquare, Tok::RSquare)?;
                match tyd {
                    TypeData::Array(n, e)
                        if n == elems.len() as u64
                            && elems.iter().all(|&c| self.m.consts.ty(c) == e) => {}
                    _ => {
                        return self
                            .error_at(token_offset(t), "array constant does not match its type")
                    }
                }
                ConstData::Array { ty, elems }
            }
            Tok::Less => {
                self.bump();
                if self.tok.kind == Tok::LBrace {
                    let elems = self.const_list(Tok::LBrace, Tok::RBrace)?;
                    self.expect(Tok::Greater, "'>'")?;
                    self.check_struct(ty, &elems, true, t.start)?;
                    ConstData::Struct { ty, elems }
                } else {
                    let mut elems = Vec::new();
                    if !self.eat(Tok::Greater) {
                        loop {
                            elems.push(self.typed_const()?);
                            if !self.eat(Tok::Comma) {
                                break;
                            }
                        }
                        self.expect(Tok::Greater, "'>'")?;
                    }
                    match tyd {
                        TypeData::Vector {
                            len,
                            elem,
                            scalable: false,
                        } if len as usize == elems.len()
                            && elems.iter().all(|&c| self.m.consts.ty(c) == elem) => {}
                        _ => {
                            return self.error_at(
                                token_offset(t),
                                "vector constant does not match its type",
                            )
                        }
                    }
                    ConstData::Vector { ty, elems }
                }
            }
            Tok::Word => return self.word_value(ty, t),
            _ => return self.err(format!("expected a value, found {}", self.describe())),
        };
        Ok(Value::Const(self.m.consts.intern(c)))
    }

    fn check_struct(&self, ty: Type, elems: &[Const], packed: bool, off: u32) -> PResult<()> {
        match self.m.types.struct_fields(ty) {
            Some((fields, p)) if p == packed && fields.len() == elems.len() => {
                for (f, c) in fields.iter().zip(elems) {
                    if self.m.consts.ty(*c) != *f {
                        return self.error_at(
                            off,
                            "struct constant element does not match the struct's field type",
                        );
                    }
                }
                Ok(())
            }
            _ => self.error_at(off, "struct constant does not match its type"),
        }
    }

    fn const_list(&mut self, open: Tok, close: Tok) -> PResult<Vec<Const>> {
        self.expect(open, "'{'")?;
        let mut v = Vec::new();
        if self.eat(close) {
            return Ok(v);
        }
        loop {
            v.push(self.typed_const()?);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(close, "closing bracket")?;
        Ok(v)
    }

    fn word_value(&mut self, ty: Type, t: Token) -> PResult<Value> {
        let w = self.text(t);
        let tyd = self.m.types.get(ty).clone();
        let c = match w {
            "true" | "false" => {
                if !matches!(tyd, TypeData::Int(1)) {
                    return self.err("'true'/'false' need type i1");
                }
                self.bump();
                return Ok(Value::Const(self.int_const(ty, (w == "true") as u64)));
            }
            "null" => {
                if !self.m.types.is_pointer(ty) {
                    return self.err("null must be a pointer type");
                }
                ConstData::Null(ty)
            }
            "none" => {
                if !matches!(tyd, TypeData::Token) {
                    return self.err("none must be of token type");
                }
                ConstData::None(ty)
            }
            "undef" => ConstData::Undef(ty),
            "poison" => ConstData::Poison(ty),
            "zeroinitializer" => ConstData::Zero(ty),
            "asm" => return self.inline_asm(ty),
            _ => return self.const_expr(Some(ty), t),
        };
        if matches!(
            tyd,
            TypeData::Void | TypeData::Label | TypeData::Func { .. } | TypeData::Metadata
        ) {
            return self.err(format!("invalid type for constant '{w}'"));
        }
        self.bump();
        Ok(Value::Const(self.m.consts.intern(c)))
    }

    fn inline_asm(&mut self, ty: Type) -> PResult<Value> {
        self.bump();
        let mut a = InlineAsm {
            fn_ty: ty,
            asm: Box::new([]),
            constraints: Box::new([]),
            sideeffect: false,
            alignstack: false,
            inteldialect: false,
            unwind: false,
        };
        loop {
            if self.eat_word("sideeffect") {
                a.sideeffect = true;
            } else if self.eat_word("alignstack") {
                a.alignstack = true;
            } else if self.eat_word("inteldialect") {
                a.inteldialect = true;
            } else if self.eat_word("unwind") {
                a.unwind = true;
            } else {
                break;
            }
        }
        let s = self.expect(Tok::Str, "an asm string")?;
        a.asm = self.string_bytes(s);
        self.expect(Tok::Comma, "','")?;
        let c = self.expect(Tok::Str, "a constraint string")?;
        a.constraints = self.string_bytes(c);
        let id = match self.asm_dedup.get(&a) {
            Some(&id) => id,
            None => {
                let id = self.m.asms.push(a.clone());
                self.asm_dedup.insert(a, id);
                id
            }
        };
        Ok(Value::Asm(id))
    }

    /// A constant expression of type `ty`, or of the type it implies when `ty` is `None`
    /// (LLVM ≤ 14 aliasees: `alias T, bitcast (...)`).
    fn const_expr(&mut self, want: Option<Type>, t: Token) -> PResult<Value> {
        let w = self.text(t);
        let ty = want.unwrap_or_else(|| self.m.types.void());
        match w {
            "splat" => {
                self.bump();
                self.expect(Tok::LParen, "'('")?;
                let elem = self.typed_const()?;
                self.expect(Tok::RParen, "')'")?;
                if self.m.types.element(ty) != Some(self.m.consts.ty(elem))
                    || self.m.types.vector_len(ty).is_none()
                {
                    return self.error_at(
                        token_offset(t),
                        "splat element does not match the vector type",
                    );
                }
                return Ok(Value::Const(
                    self.m.consts.intern(ConstData::Splat { ty, elem }),
                ));
            }
            "blockaddress" => {
                self.bump();
                self.expect(Tok::LParen, "'('")?;
                // LLVM writes the function untyped (`blockaddress(@f, %bb)`); a typed one
                // (`ptr @f`) is accepted too.
                let func = if self.tok.kind == Tok::Global {
                    let g = self.bump();
                    let global = self.global_ref(g);
                    self.m.consts.intern(ConstData::Global { ty, global })
                } else {
                    self.typed_const()?
                };
                self.expect(Tok::Comma, "','")?;
                let b = self.expect(Tok::Local, "a block name")?;
                let block = self.name_of(b);
                self.expect(Tok::RParen, "')'")?;
                return Ok(Value::Const(
                    self.m
                        .consts
                        .intern(ConstData::BlockAddress { ty, func, block }),
                ));
            }
            "dso_local_equivalent" | "no_cfi" => {
                self.bump();
                let g = self.expect(Tok::Global, "a global")?;
                let gid = self.global_ref(g);
                let fty = ty;
                let func = self.m.consts.intern(ConstData::Global {
                    ty: fty,
                    global: gid,
                });
                let d = if w == "no_cfi" {
                    ConstData::NoCfi { ty, func }
                } else {
                    ConstData::DsoLocalEquivalent { ty, func }
                };
                return Ok(Value::Const(self.m.consts.intern(d)));
            }
            "ptrauth" => {
                self.bump();
                self.expect(Tok::LParen, "'('")?;
                let mut ops = vec![self.typed_const()?];
                while self.eat(Tok::Comma) {
                    ops.push(self.typed_const()?);
                }
                self.expect(Tok::RParen, "')'")?;
                return Ok(Value::Const(
                    self.m.consts.intern(ConstData::PtrAuth { ty, ops }),
                ));
            }
            _ => {}
        }
        let Some(op) = Opcode::from_keyword(w) else {
            return self.error_at(token_offset(t), format!("expected a value, found '{w}'"));
        };
        self.bump();
        let mut e = ConstExpr::new(op, ty);
        if op.is_cast() {
            self.cast_flags(op, &mut e.flags);
            self.expect(Tok::LParen, "'('")?;
            e.ops.push(self.typed_const()?);
            self.expect_word("to")?;
            let to = self.parse_type()?;
            self.expect(Tok::RParen, "')'")?;
            if want.is_some_and(|w| w != to) {
                return self.error_at(
                    token_offset(t),
                    "constant expression type does not match its use",
                );
            }
            e.ty = to;
        } else if op == Opcode::GetElementPtr {
            self.gep_flags(&mut e.flags);
            self.expect(Tok::LParen, "'('")?;
            let source = self.parse_type()?;
            e.source_ty = Some(source);
            while self.eat(Tok::Comma) {
                if self.eat_word("inrange") {
                    // LLVM ≤ 18 marks one index `inrange`.
                    e.inrange_index = Some(e.ops.len() as u32);
                }
                e.ops.push(self.typed_const()?);
            }
            self.expect(Tok::RParen, "')'")?;
            if want.is_none() {
                let Some(&base) = e.ops.first() else {
                    return self.error_at(token_offset(t), "getelementptr needs a base pointer");
                };
                let base_ty = self.m.consts.ty(base);
                let idx: SmallVec<[Option<u64>; 4]> = e.ops[1..]
                    .iter()
                    .map(|&c| self.const_index(Value::Const(c)))
                    .collect();
                e.ty = self
                    .gep_result(source, base_ty, &idx, None)
                    .ok_or_else(|| {
                        self.make_error(token_offset(t), "invalid getelementptr indices".into())
                    })?;
            }
        } else if matches!(op, Opcode::ICmp | Opcode::FCmp) {
            let p = self.expect(Tok::Word, "a predicate")?;
            e.pred = CmpPred::parse(op == Opcode::ICmp, self.text(p));
            if e.pred.is_none() {
                return self.error_at(token_offset(p), "unknown comparison predicate");
            }
            self.expect(Tok::LParen, "'('")?;
            e.ops.push(self.typed_const()?);
            self.expect(Tok::Comma, "','")?;
            e.ops.push(self.typed_const()?);
            self.expect(Tok::RParen, "')'")?;
        } else if op.is_binary()
            || matches!(
                op,
                Opcode::ExtractElement
                    | Opcode::InsertElement
                    | Opcode::ShuffleVector
                    | Opcode::Select
            )
        {
            self.binop_flags(op, &mut e.flags);
            self.expect(Tok::LParen, "'('")?;
            e.ops.push(self.typed_const()?);
            while self.eat(Tok::Comma) {
                e.ops.push(self.typed_const()?);
            }
            self.expect(Tok::RParen, "')'")?;
            if want.is_none() {
                e.ty = self.m.consts.ty(e.ops[0]);
            }
            if op == Opcode::ShuffleVector && e.ops.len() == 3 {
                let m = e.ops.pop().expect("three operands");
                e.mask = self.shuffle_mask(m, token_offset(t))?;
            }
        } else {
            return self.error_at(
                token_offset(t),
                format!("'{w}' is not a constant expression in LLVM 22"),
            );
        }
        if let Some(src) = self.gep_inrange.take() {
            e.inrange = Some(src);
        }
        Ok(Value::Const(
            self.m.consts.intern(ConstData::Expr(Box::new(e))),
        ))
    }

    fn shuffle_mask(&mut self, c: Const, off: u32) -> PResult<Vec<i32>> {
        // A mask written as one value stands for as many lanes as its type says.
        let lanes = match self.m.consts.get(c) {
            ConstData::Vector { .. } => 0,
            &ConstData::Zero(ty)
            | &ConstData::Undef(ty)
            | &ConstData::Poison(ty)
            | &ConstData::Splat { ty, .. } => self.m.types.vector_len(ty).map_or(0, |v| v.0),
            _ => 0,
        };
        self.spend(u64::from(lanes) * 4, off, "this shufflevector mask")?;
        let elem = |c: Const| match self.m.consts.get(c) {
            ConstData::Int { val, .. } => val.as_i64().unwrap_or(-1) as i32,
            _ => -1,
        };
        Ok(match self.m.consts.get(c) {
            ConstData::Vector { elems, .. } => elems.iter().map(|&e| elem(e)).collect(),
            ConstData::Zero(t) | ConstData::Undef(t) | ConstData::Poison(t) => {
                let n = self.m.types.vector_len(*t).map_or(0, |v| v.0) as usize;
                let v = if matches!(self.m.consts.get(c), ConstData::Zero(_)) {
                    0
                } else {
                    -1
                };
                vec![v; n]
            }
            ConstData::Splat { ty, elem: e } => {
                vec![elem(*e); self.m.types.vector_len(*ty).map_or(0, |v| v.0) as usize]
            }
            _ => Vec::new(),
        })
    }

    fn cast_flags(&mut self, op: Opcode, f: &mut Flags) {
        loop {
            let bit = match (op, self.tok.kind, self.cur_text()) {
                (Opcode::Trunc, Tok::Word, "nuw") => Flags::NUW,
                (Opcode::Trunc, Tok::Word, "nsw") => Flags::NSW,
                (Opcode::ZExt | Opcode::UIToFP, Tok::Word, "nneg") => Flags::NNEG,
                (Opcode::ByteCast, Tok::Word, "exact") => Flags::EXACT,
                _ => return,
            };
            f.set(bit);
            self.bump();
        }
    }

    fn gep_flags(&mut self, f: &mut Flags) {
        loop {
            let bit = match self.cur_text() {
                "inbounds" => Flags::INBOUNDS,
                "nusw" => Flags::NUSW,
                "nuw" => Flags::NUW,
                "inrange" if self.tok.kind == Tok::Word => {
                    // `inrange(lo, hi)` on a constant GEP.
                    self.bump();
                    if self.expect(Tok::LParen, "'('").is_err() {
                        return;
                    }
                    let lo = self.signed_int();
                    let _ = self.expect(Tok::Comma, "','");
                    let hi = self.signed_int();
                    let _ = self.expect(Tok::RParen, "')'");
                    self.gep_inrange = Some((lo, hi));
                    continue;
                }
                _ => return,
            };
            if self.tok.kind != Tok::Word {
                return;
            }
            f.set(bit);
            self.bump();
        }
    }

    fn signed_int(&mut self) -> i64 {
        let t = self.bump();
        self.text(t).parse().unwrap_or(0)
    }

    fn binop_flags(&mut self, op: Opcode, f: &mut Flags) {
        loop {
            if self.tok.kind != Tok::Word {
                return;
            }
            let bit = match (op, self.cur_text()) {
                (Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl, "nuw") => Flags::NUW,
                (Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl, "nsw") => Flags::NSW,
                (Opcode::UDiv | Opcode::SDiv | Opcode::LShr | Opcode::AShr, "exact") => {
                    Flags::EXACT
                }
                (Opcode::Or, "disjoint") => Flags::DISJOINT,
                _ => return,
            };
            f.set(bit);
            self.bump();
        }
    }

    fn fast_math(&mut self) -> FastMath {
        let mut f = 0u8;
        while self.tok.kind == Tok::Word {
            let w = self.cur_text();
            if w == "fast" {
                f |= FastMath::ALL;
            } else if let Some(i) = FastMath::NAMES.iter().position(|&n| n == w) {
                f |= 1 << i;
            } else {
                break;
            }
            self.bump();
        }
        FastMath(f)
    }

    // ---- functions ---------------------------------------------------------------------------

    fn function(&mut self) -> PResult<()> {
        let is_define = self.cur_text() == "define";
        self.bump();
        // A declaration's metadata attachments come first (`declare !dbg !7 i32 @f()`); after
        // its header, a `!name` starts the next top-level entity (named metadata).
        let mut md = Vec::new();
        while !is_define && self.tok.kind == Tok::MetaName {
            md.push(self.md_attachment()?);
        }
        let mut common = GlobalCommon::default();
        self.global_prefix(&mut common)?;
        let cc = self.calling_conv()?;
        let mut attrs = AttrList::default();
        self.attrs_into(&mut attrs.ret)?;
        let ret = self.parse_type()?;
        let nt = self.expect(Tok::Global, "a function name")?;
        let name = self.name_of(nt);
        if !nt.quoted && name.bytes().all(|b| b.is_ascii_digit()) {
            self.next_global_num = name.parse::<u32>().unwrap_or(0).wrapping_add(1);
        }
        common.name = Name::Named(name);
        self.expect(Tok::LParen, "'('")?;
        let mut params = Vec::new();
        let mut varargs = false;
        if !self.eat(Tok::RParen) {
            loop {
                if self.eat(Tok::DotDotDot) {
                    varargs = true;
                    break;
                }
                let ty = self.parse_type()?;
                let mut pa = AttrSet::default();
                self.attrs_into(&mut pa)?;
                let name = if self.tok.kind == Tok::Local {
                    let t = self.bump();
                    Name::Named(self.name_of(t))
                } else {
                    Name::Unnamed
                };
                params.push(Param { ty, name });
                attrs.params.push(pa);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')'")?;
        }
        let fn_ty = self.m.types.intern(TypeData::Func {
            ret,
            params: params.iter().map(|p| p.ty).collect(),
            varargs,
        });
        let mut f = Function {
            common,
            fn_ty,
            params,
            cc,
            attrs,
            align: None,
            gc: None,
            prefix: None,
            prologue: None,
            personality: None,
            md,
            body: None,
        };
        loop {
            match self.tok.kind {
                Tok::Word => match self.cur_text() {
                    "unnamed_addr" => {
                        self.bump();
                        f.common.unnamed_addr = UnnamedAddr::Global;
                    }
                    "local_unnamed_addr" => {
                        self.bump();
                        f.common.unnamed_addr = UnnamedAddr::Local;
                    }
                    "addrspace" => f.common.addrspace = self.opt_addrspace()?,
                    "section" => {
                        self.bump();
                        f.common.section = Some(self.expect_string()?);
                    }
                    "partition" => {
                        self.bump();
                        f.common.partition = Some(self.expect_string()?);
                    }
                    "comdat" => f.common.comdat = Some(self.comdat_ref()?),
                    "align" if self.peek_is_int() => {
                        self.bump();
                        f.align = Some(self.parse_align()?);
                    }
                    "gc" => {
                        self.bump();
                        f.gc = Some(self.expect_string()?);
                    }
                    "prefix" => {
                        self.bump();
                        f.prefix = Some(self.typed_const()?);
                    }
                    "prologue" => {
                        self.bump();
                        f.prologue = Some(self.typed_const()?);
                    }
                    "personality" => {
                        self.bump();
                        f.personality = Some(self.typed_const()?);
                    }
                    _ => {
                        if !self.attr(&mut f.attrs.func, false)? {
                            break;
                        }
                    }
                },
                Tok::AttrGroup | Tok::Str => {
                    self.attr(&mut f.attrs.func, false)?;
                }
                Tok::MetaName if is_define => f.md.push(self.md_attachment()?),
                _ => break,
            }
        }
        if is_define {
            if self.tok.kind != Tok::LBrace {
                return self.err(format!(
                    "expected '{{' to start the function body, found {}",
                    self.describe()
                ));
            }
            // Also for a body left to a worker (which names the parameters again): a repeated
            // parameter name is reported here, at its place among the top-level errors.
            self.begin_body(&f.params)?;
            let deferred = self.deferrable_body().map(|end| (end, f.params.clone()));
            if deferred.is_none() {
                self.body = Body::with_capacity(self.body_lines_estimate());
                self.function_body()?;
                // The capacity was estimated from the text; give back what was not used.
                self.body.shrink_to_fit();
                f.body = Some(std::mem::take(&mut self.body));
            }
            let hint = deferred.is_none().then(|| self.take_global_insts());
            // Numbered parameters are printed by the writer; forget their text names.
            for p in &mut f.params {
                if matches!(&p.name, Name::Named(n) if n.bytes().all(|b| b.is_ascii_digit())) {
                    p.name = Name::Unnamed;
                }
            }
            let g = self.define_global(GlobalKind::Function(Box::new(f)), nt.start)?;
            if let Some(hint) = hint {
                self.hints.set(g, hint);
            }
            if let Some((end, params)) = deferred {
                self.defer_body(g, params, end);
            }
            return Ok(());
        }
        self.define_global(GlobalKind::Function(Box::new(f)), nt.start)?;
        Ok(())
    }

    /// Skip a module summary entry (`^N = gv: (...)`, as `llvm-dis` writes ThinLTO and LTO
    /// bitcode's index): the summary describes the module for the thin link and is not part
    /// of the IR. opt-22 reads it and prints a module without it, and so do we.
    fn summary_entry(&mut self) -> PResult<()> {
        let start = self.tok.start as usize;
        let open = memchr::memchr(b'(', &self.src[start..]);
        let newline = memchr::memchr(b'\n', &self.src[start..]).unwrap_or(self.src.len() - start);
        match open.filter(|&o| o < newline) {
            // `^N = kind: (...)`, possibly over several lines.
            Some(open) => {
                self.lex.pos = start + open + 1;
                if self.lex.balanced_parens().is_none() {
                    return self.err("unterminated module summary entry");
                }
            }
            // `^N = flags: 8`, `^N = blockcount: 0`.
            None => self.lex.pos = start + newline,
        }
        self.tok = self.lex.next_token();
        Ok(())
    }

    /// Start a body: reset the per-function tables (keeping their capacity) and name the
    /// parameters.
    fn begin_body(&mut self, params: &[Param]) -> PResult<()> {
        self.fs.names.clear();
        self.fs.pending.clear();
        self.fs.defined_blocks.clear();
        self.fs.next_num = 0;
        self.fs.params.clear();
        self.fs.params.extend(params.iter().map(|p| p.ty));
        for (i, p) in params.iter().enumerate() {
            let key: Key<'a> = match &p.name {
                Name::Named(n) => n.to_string().into(),
                Name::Unnamed => {
                    let k = self.fs.next_num.to_string().into();
                    self.fs.next_num = self.fs.next_num.wrapping_add(1);
                    k
                }
            };
            if let Name::Named(n) = &p.name {
                if n.bytes().all(|b| b.is_ascii_digit()) {
                    self.fs.next_num = n.parse::<u32>().unwrap_or(0).wrapping_add(1);
                }
            }
            if self
                .fs
                .names
                .insert(key.clone(), Local::Arg(i as u32))
                .is_some()
            {
                return self.err(format!("redefinition of argument '%{key}'"));
            }
        }
        Ok(())
    }

    /// An estimate of the instruction count of the body starting at the current `{`: the
    /// indented lines up to the first `}` that starts a line (how printed IR ends a body).
    /// Each byte is scanned at most once: a body that starts before the end found by an
    /// earlier scan (bodies written on one line) just gets a small estimate.
    /// The instructions of the body just read that name a global, in arena order (a
    /// forward-referenced instruction gets its handle before it is read).
    fn take_global_insts(&mut self) -> Box<[Inst]> {
        let mut v = std::mem::take(&mut self.global_insts);
        v.sort_unstable();
        v.dedup();
        v.into_boxed_slice()
    }

    fn body_lines_estimate(&mut self) -> usize {
        let start = self.tok.start as usize;
        if start < self.scanned_to {
            return 4;
        }
        let rest = &self.src[start..];
        let end = memchr::memmem::find(rest, b"\n}").unwrap_or(rest.len());
        self.scanned_to = start + end;
        // Instructions (and debug records) are the indented lines; labels and blanks are not.
        memchr::memmem::find_iter(&rest[..end], b"\n  ")
            .count()
            .max(1)
    }

    fn peek_is_int(&self) -> bool {
        let mut l = Lexer {
            src: self.src,
            pos: self.lex.pos,
        };
        l.next_token().kind == Tok::Int
    }

    fn calling_conv(&mut self) -> PResult<CallConv> {
        if self.tok.kind != Tok::Word {
            return Ok(CallConv(None));
        }
        let w = self.cur_text();
        if w == "cc" {
            self.bump();
            let n = self.parse_u32()?;
            return Ok(CallConv(Some(format!("cc {n}").into())));
        }
        if CallConv::KEYWORDS.contains(&w) {
            self.bump();
            return Ok(CallConv(if w == "ccc" { None } else { Some(w.into()) }));
        }
        Ok(CallConv(None))
    }

    fn value_type(&self, v: Value) -> Type {
        match v {
            Value::Arg(i) => self.fs.params[i as usize],
            Value::Inst(i) => self.body.insts[i].ty,
            Value::Const(c) => self.m.consts.ty(c),
            Value::Block(_) => self
                .m
                .types
                .lookup(&TypeData::Label)
                .expect("label type interned"),
            Value::Asm(a) => self.m.asms[a].fn_ty,
            Value::Md(_) => self
                .m
                .types
                .lookup(&TypeData::Metadata)
                .expect("metadata type interned"),
        }
    }

    /// A use of a local name with expected type `ty`.
    fn local_use(&mut self, ty: Type) -> PResult<Value> {
        let t = self.bump();
        if !self.in_function {
            return self.error_at(token_offset(t), "local value used outside a function body");
        }
        let key = self.name_str(t);
        let is_label = matches!(self.m.types.get(ty), TypeData::Label);
        let v = match self.fs.names.get(key.as_ref()) {
            Some(&Local::Arg(i)) => Value::Arg(i),
            Some(&Local::Inst(i)) => Value::Inst(i),
            Some(&Local::Block(b)) => Value::Block(b),
            None => {
                self.fs.pending.insert(key.clone(), t.start);
                if is_label {
                    let b = self.body.blocks.push(BlockData {
                        name: Name::Named(key.as_ref().into()),
                        ..Default::default()
                    });
                    self.fs.defined_blocks.push(false);
                    self.fs.names.insert(key.clone(), Local::Block(b));
                    Value::Block(b)
                } else {
                    let i = self.body.insts.push(InstData::new(Opcode::Freeze, ty));
                    self.fs.names.insert(key.clone(), Local::Inst(i));
                    Value::Inst(i)
                }
            }
        };
        if is_label != matches!(v, Value::Block(_)) || (!is_label && self.value_type(v) != ty) {
            return self.error_at(
                token_offset(t),
                format!("'%{key}' defined with a different type than this use expects"),
            );
        }
        Ok(v)
    }

    fn function_body(&mut self) -> PResult<()> {
        self.in_function = true;
        self.bump(); // {
        let label_ty = self.m.types.label();
        let _ = label_ty;
        self.m.types.metadata();
        let mut cur: Option<Block> = None;
        let mut records: Vec<DbgRecord> = Vec::new();
        loop {
            match self.tok.kind {
                Tok::RBrace => {
                    if let Some(b) = cur {
                        return self.unterminated(b);
                    }
                    self.bump();
                    break;
                }
                Tok::Eof => return self.err("expected '}' at the end of the function body"),
                Tok::Label => {
                    let t = self.bump();
                    if let Some(b) = cur {
                        return self.unterminated(b);
                    }
                    cur = Some(self.define_block(Some(t))?);
                }
                Tok::DbgRecord => records.push(self.dbg_record()?),
                // Use-list order directives only matter to bitcode round trips (opt -S drops
                // them too); skip the line.
                Tok::Word if cur.is_none() && self.cur_text() == "uselistorder" => {
                    let nl = memchr::memchr(b'\n', &self.src[self.tok.start as usize..])
                        .map_or(self.src.len(), |n| self.tok.start as usize + n);
                    self.lex.pos = nl;
                    self.tok = self.lex.next_token();
                }
                _ => {
                    let b = match cur {
                        Some(b) => b,
                        None => {
                            // A block without a label, first or after a terminator, takes the
                            // next number (`%1` after `%0`), as in LLVM.
                            let b = self.define_block(None)?;
                            cur = Some(b);
                            b
                        }
                    };
                    let at = token_offset(self.tok);
                    self.saw_global = false;
                    let i = self.instruction()?;
                    if self.saw_global {
                        self.global_insts.push(i);
                    }
                    self.body.source_offsets[i] = at;
                    if !records.is_empty() {
                        let d = self.body.insts[i]
                            .debug
                            .get_or_insert_with(Default::default);
                        d.records = std::mem::take(&mut records);
                    }
                    self.body.blocks[b].insts.push(i);
                    if self.body.insts[i].opcode.is_terminator() {
                        cur = None;
                    }
                }
            }
        }
        self.in_function = false;
        if let Some(b) = cur {
            return self.unterminated(b);
        }
        if self.body.layout.is_empty() {
            return self.err("function body requires at least one basic block");
        }
        if let Some((k, &off)) = self.fs.pending.iter().min_by_key(|(_, &o)| o) {
            return self.error_at(off, format!("use of undefined value '%{k}'"));
        }
        Ok(())
    }

    fn unterminated<T>(&self, b: Block) -> PResult<T> {
        let name = match &self.body.blocks[b].name {
            Name::Named(n) => format!("basic block '%{n}'"),
            Name::Unnamed => "the entry block".into(),
        };
        self.err(format!(
            "{name} does not end with a terminator instruction (ret, br, switch, unreachable, ...)"
        ))
    }

    /// Take the number `text` (of token `t`) for a local value or block. LLVM 22 allows gaps:
    /// numbers only have to increase. `expected` starts the message, up to the number.
    fn claim_number(&mut self, t: Token, text: &str, expected: &str) -> PResult<()> {
        let n: u32 = text.parse().unwrap_or(u32::MAX);
        if n < self.fs.next_num || n == u32::MAX {
            return self.error_at(
                token_offset(t),
                format!("{expected}{}' or greater", self.fs.next_num),
            );
        }
        self.fs.next_num = n + 1;
        Ok(())
    }

    fn define_block(&mut self, label: Option<Token>) -> PResult<Block> {
        let (key, name): (Key<'a>, Name) = match label {
            Some(t) => {
                let k = self.name_str(t);
                if !t.quoted && k.bytes().all(|c| c.is_ascii_digit()) {
                    self.claim_number(t, &k, "label expected to be numbered '")?;
                    (k, Name::Unnamed)
                } else {
                    let name = Name::Named(k.as_ref().into());
                    (k, name)
                }
            }
            None => {
                let k: Key<'a> = self.fs.next_num.to_string().into();
                self.fs.next_num = self.fs.next_num.wrapping_add(1);
                (k, Name::Unnamed)
            }
        };
        let b = match self.fs.names.get(key.as_ref()) {
            Some(&Local::Block(b)) if self.fs.pending.remove(key.as_ref()).is_some() => {
                self.body.blocks[b].name = name;
                self.fs.defined_blocks[b.as_u32() as usize] = true;
                b
            }
            Some(_) => {
                let off = label.map_or(self.tok.start, |t| t.start);
                return self.error_at(off, format!("redefinition of '%{key}'"));
            }
            None => {
                let b = self.body.blocks.push(BlockData {
                    name,
                    ..Default::default()
                });
                self.fs.defined_blocks.push(true);
                self.fs.names.insert(key, Local::Block(b));
                b
            }
        };
        self.body.layout.push(b);
        Ok(b)
    }

    fn dbg_record(&mut self) -> PResult<DbgRecord> {
        let t = self.bump();
        let kind: Box<str> = self
            .text(t)
            .strip_prefix("dbg_")
            .unwrap_or(self.text(t))
            .into();
        self.expect(Tok::LParen, "'('")?;
        let mut ops = Vec::new();
        if !self.eat(Tok::RParen) {
            loop {
                ops.push(self.parse_metadata()?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')'")?;
        }
        Ok(DbgRecord { kind, ops })
    }

    /// Parse one instruction (with its optional `%name =`) and define its name.
    fn instruction(&mut self) -> PResult<Inst> {
        let start = self.tok.start;
        let name_tok = if self.tok.kind == Tok::Local {
            let t = self.bump();
            self.expect(Tok::Equal, "'='")?;
            Some(t)
        } else {
            None
        };
        let data = self.inst_body()?;
        let void = self.m.types.is_void(data.ty);
        match name_tok {
            Some(t) => {
                if void {
                    return self.error_at(
                        token_offset(t),
                        "instructions returning void cannot have a name",
                    );
                }
                let key = self.name_str(t);
                let numbered = !t.quoted && key.bytes().all(|c| c.is_ascii_digit());
                if numbered {
                    self.claim_number(t, &key, "instruction expected to be numbered '%")?;
                }
                let name = if numbered {
                    Name::Unnamed
                } else {
                    Name::Named(key.as_ref().into())
                };
                self.define_inst(key, name, data, t.start)
            }
            None => {
                let i = self.body.insts.push(data);
                if !void {
                    let key: Key<'a> = self.fs.next_num.to_string().into();
                    self.fs.next_num = self.fs.next_num.wrapping_add(1);
                    if self.fs.names.insert(key.clone(), Local::Inst(i)).is_some() {
                        return self.error_at(start, format!("redefinition of '%{key}'"));
                    }
                }
                Ok(i)
            }
        }
    }

    fn define_inst(&mut self, key: Key<'a>, name: Name, data: InstData, off: u32) -> PResult<Inst> {
        match self.fs.names.get(key.as_ref()) {
            Some(&Local::Inst(i)) if self.fs.pending.remove(key.as_ref()).is_some() => {
                if self.body.insts[i].ty != data.ty {
                    return self.error_at(
                        off,
                        format!("'%{key}' defined with a different type than its earlier use"),
                    );
                }
                self.body.insts[i] = data;
                self.body.inst_names.set(i, name);
                Ok(i)
            }
            Some(_) => self.error_at(off, format!("redefinition of '%{key}'")),
            None => {
                let i = self.body.insts.push(data);
                self.body.inst_names.set(i, name);
                self.fs.names.insert(key, Local::Inst(i));
                Ok(i)
            }
        }
    }

    fn typed_value(&mut self) -> PResult<(Type, Value)> {
        let ty = self.parse_type()?;
        let v = self.parse_value(ty)?;
        Ok((ty, v))
    }

    fn label_value(&mut self) -> PResult<Value> {
        self.expect_word("label")?;
        let l = self.m.types.label();
        self.parse_value(l)
    }

    /// Trailing `, align N` / `, !md !N` after memory instructions; returns alignment.
    fn trailing(&mut self, d: &mut InstData, allow_align: bool) -> PResult<Option<u64>> {
        let mut align = None;
        while self.tok.kind == Tok::Comma {
            self.bump();
            if allow_align && self.is_word("align") {
                self.bump();
                align = Some(self.parse_align()?);
            } else if self.tok.kind == Tok::MetaName {
                self.inst_md(d)?;
            } else {
                return self.err(format!(
                    "expected ', !kind !N' or ', align N', found {}",
                    self.describe()
                ));
            }
        }
        Ok(align)
    }

    fn inst_md(&mut self, d: &mut InstData) -> PResult<()> {
        let a = self.md_attachment()?;
        if &*a.kind == "dbg" {
            d.debug.get_or_insert_with(Default::default).loc = Some(a.md);
        } else {
            // Exact size: most instructions carry one or two attachments.
            let old = std::mem::take(&mut d.md);
            let mut md = ThinVec::with_capacity(old.len() + 1);
            md.extend(old);
            md.push(a);
            d.md = md;
        }
        Ok(())
    }

    fn sync_scope(&mut self) -> PResult<Option<Box<str>>> {
        if self.eat_word("syncscope") {
            self.expect(Tok::LParen, "'('")?;
            let s = self.expect_string()?;
            self.expect(Tok::RParen, "')'")?;
            Ok(Some(s))
        } else {
            Ok(None)
        }
    }

    /// `[syncscope("s")] ordering` of an atomic load, store or fence.
    fn atomic(&mut self) -> PResult<Atomic> {
        let scope = self.sync_scope()?;
        Ok(Atomic {
            ordering: self.ordering()?,
            scope,
        })
    }

    fn ordering(&mut self) -> PResult<Ordering> {
        let t = self.expect(Tok::Word, "an atomic ordering")?;
        Ordering::parse(self.text(t)).ok_or_else(|| {
            self.make_error(
                token_offset(t),
                format!("unknown atomic ordering '{}'", self.text(t)),
            )
        })
    }

    fn i1_type(&mut self, like: Type) -> Type {
        let i1 = self.m.types.int(1);
        self.m.types.with_scalar(like, i1)
    }

    fn inst_body(&mut self) -> PResult<InstData> {
        let t = self.tok;
        if t.kind != Tok::Word {
            return self.err(format!(
                "expected an instruction, found {}",
                self.describe()
            ));
        }
        let w = self.text(t);
        // Call prefixes.
        let tail = match w {
            "tail" => Some(TailKind::Tail),
            "musttail" => Some(TailKind::MustTail),
            "notail" => Some(TailKind::NoTail),
            _ => None,
        };
        if let Some(tk) = tail {
            self.bump();
            if !self.is_word("call") {
                return self.err("expected 'call' after tail-call marker");
            }
            let mut d = self.call_like(Opcode::Call)?;
            if let InstExtra::Call(ci) = &mut d.extra {
                ci.tail = tk;
            }
            return Ok(d);
        }
        let Some(op) = Opcode::from_keyword(w) else {
            return self.error_at(token_offset(t), format!("unknown instruction '{w}'"));
        };
        self.bump();
        let void = self.m.types.void();
        let mut d = InstData::new(op, void);
        use Opcode::*;
        match op {
            Ret => {
                if !self.eat_word("void") {
                    let (ty, v) = self.typed_value()?;
                    d.operands.push(v);
                    let _ = ty;
                }
            }
            Br => {
                if self.is_word("label") {
                    d.operands.push(self.label_value()?);
                } else {
                    let i1 = self.m.types.int(1);
                    self.expect_word("i1")?;
                    d.operands.push(self.parse_value(i1)?);
                    self.expect(Tok::Comma, "','")?;
                    d.operands.push(self.label_value()?);
                    self.expect(Tok::Comma, "','")?;
                    d.operands.push(self.label_value()?);
                }
            }
            Switch => {
                let (ty, v) = self.typed_value()?;
                d.operands.push(v);
                self.expect(Tok::Comma, "','")?;
                d.operands.push(self.label_value()?);
                self.expect(Tok::LSquare, "'['")?;
                while !self.eat(Tok::RSquare) {
                    let cty = self.parse_type()?;
                    if cty != ty {
                        return self.err("switch case type does not match the condition");
                    }
                    d.operands.push(Value::Const(self.parse_const(ty)?));
                    self.expect(Tok::Comma, "','")?;
                    d.operands.push(self.label_value()?);
                }
            }
            IndirectBr => {
                d.operands.push(self.typed_value()?.1);
                self.expect(Tok::Comma, "','")?;
                self.expect(Tok::LSquare, "'['")?;
                if !self.eat(Tok::RSquare) {
                    loop {
                        d.operands.push(self.label_value()?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare, "']'")?;
                }
            }
            Invoke | CallBr => {
                self.tok = t;
                self.lex.pos = t.end as usize;
                return self.call_like(op);
            }
            Call => {
                self.tok = t;
                self.lex.pos = t.end as usize;
                return self.call_like(op);
            }
            Resume => d.operands.push(self.typed_value()?.1),
            Unreachable => {}
            CleanupRet => {
                self.expect_word("from")?;
                let tok = self.m.types.token();
                d.operands.push(self.parse_value(tok)?);
                self.expect_word("unwind")?;
                if self.eat_word("to") {
                    self.expect_word("caller")?;
                    d.extra = InstExtra::HasUnwind(false);
                } else {
                    d.operands.push(self.label_value()?);
                    d.extra = InstExtra::HasUnwind(true);
                }
            }
            CatchRet => {
                self.expect_word("from")?;
                let tok = self.m.types.token();
                d.operands.push(self.parse_value(tok)?);
                self.expect_word("to")?;
                d.operands.push(self.label_value()?);
            }
            CatchSwitch => {
                self.expect_word("within")?;
                d.operands.push(self.pad_parent()?);
                self.expect(Tok::LSquare, "'['")?;
                loop {
                    d.operands.push(self.label_value()?);
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
                self.expect(Tok::RSquare, "']'")?;
                self.expect_word("unwind")?;
                if self.eat_word("to") {
                    self.expect_word("caller")?;
                    d.extra = InstExtra::HasUnwind(false);
                } else {
                    d.operands.push(self.label_value()?);
                    d.extra = InstExtra::HasUnwind(true);
                }
                d.ty = self.m.types.token();
            }
            CatchPad | CleanupPad => {
                self.expect_word("within")?;
                d.operands.push(self.pad_parent()?);
                self.expect(Tok::LSquare, "'['")?;
                if !self.eat(Tok::RSquare) {
                    loop {
                        d.operands.push(self.typed_value()?.1);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare, "']'")?;
                }
                d.ty = self.m.types.token();
            }
            FNeg => {
                d.fmf = self.fast_math();
                let (ty, v) = self.typed_value()?;
                d.operands.push(v);
                d.ty = ty;
            }
            _ if op.is_binary() => {
                self.binop_flags(op, &mut d.flags);
                if op.is_fp_math() {
                    d.fmf = self.fast_math();
                }
                let (ty, a) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let b = self.parse_value(ty)?;
                d.operands.extend([a, b]);
                d.ty = ty;
            }
            Alloca => {
                let mut inalloca = false;
                let mut swifterror = false;
                loop {
                    if self.eat_word("inalloca") {
                        inalloca = true;
                    } else if self.eat_word("swifterror") {
                        swifterror = true;
                    } else {
                        break;
                    }
                }
                let allocated = self.parse_type()?;
                let mut align = None;
                let mut addrspace = 0;
                while self.eat(Tok::Comma) {
                    if self.eat_word("align") {
                        align = Align::new(self.parse_align()?);
                    } else if self.is_word("addrspace") {
                        addrspace = self.opt_addrspace()?;
                    } else if self.tok.kind == Tok::MetaName {
                        self.inst_md(&mut d)?;
                    } else {
                        d.operands.push(self.typed_value()?.1);
                    }
                }
                d.ty = self
                    .m
                    .types
                    .pointer_to(allocated, addrspace, self.m.typed_pointers);
                d.extra = InstExtra::Alloca {
                    allocated,
                    align,
                    addrspace,
                    inalloca,
                    swifterror,
                };
            }
            Load => {
                let atomic = self.eat_word("atomic");
                if self.eat_word("volatile") {
                    d.flags.set(Flags::VOLATILE);
                }
                d.ty = self.parse_type()?;
                self.expect(Tok::Comma, "','")?;
                d.operands.push(self.typed_value()?.1);
                let at = if atomic {
                    Some(Box::new(self.atomic()?))
                } else {
                    None
                };
                let align = self.trailing(&mut d, true)?;
                d.extra = InstExtra::Load {
                    align: align.and_then(Align::new),
                    atomic: at,
                };
                return Ok(d);
            }
            Store => {
                let atomic = self.eat_word("atomic");
                if self.eat_word("volatile") {
                    d.flags.set(Flags::VOLATILE);
                }
                d.operands.push(self.typed_value()?.1);
                self.expect(Tok::Comma, "','")?;
                d.operands.push(self.typed_value()?.1);
                let at = if atomic {
                    Some(Box::new(self.atomic()?))
                } else {
                    None
                };
                let align = self.trailing(&mut d, true)?;
                d.extra = InstExtra::Store {
                    align: align.and_then(Align::new),
                    atomic: at,
                };
                return Ok(d);
            }
            Fence => {
                d.extra = InstExtra::Fence(Box::new(self.atomic()?));
            }
            CmpXchg => {
                let weak = self.eat_word("weak");
                if self.eat_word("volatile") {
                    d.flags.set(Flags::VOLATILE);
                }
                d.operands.push(self.typed_value()?.1);
                self.expect(Tok::Comma, "','")?;
                let (ty, cmp) = self.typed_value()?;
                d.operands.push(cmp);
                self.expect(Tok::Comma, "','")?;
                d.operands.push(self.typed_value()?.1);
                let scope = self.sync_scope()?;
                let success = self.ordering()?;
                let failure = self.ordering()?;
                let i1 = self.m.types.int(1);
                d.ty = self.m.types.intern(TypeData::Struct {
                    elems: vec![ty, i1],
                    packed: false,
                });
                let align = self.trailing(&mut d, true)?;
                d.extra = InstExtra::CmpXchg(Box::new(CmpXchgInfo {
                    weak,
                    success,
                    failure,
                    scope,
                    align,
                }));
                return Ok(d);
            }
            AtomicRmw => {
                if self.eat_word("volatile") {
                    d.flags.set(Flags::VOLATILE);
                }
                let o = self.expect(Tok::Word, "an atomicrmw operation")?;
                let rop: Box<str> = self.text(o).into();
                d.operands.push(self.typed_value()?.1);
                self.expect(Tok::Comma, "','")?;
                let (ty, v) = self.typed_value()?;
                d.operands.push(v);
                d.ty = ty;
                let scope = self.sync_scope()?;
                let ordering = self.ordering()?;
                let align = self.trailing(&mut d, true)?;
                d.extra = InstExtra::AtomicRmw(Box::new(AtomicRmwInfo {
                    op: rop,
                    ordering,
                    scope,
                    align,
                }));
                return Ok(d);
            }
            GetElementPtr => {
                self.gep_flags(&mut d.flags);
                let source = self.parse_type()?;
                let mut any_vec: Option<(u32, bool)> = None;
                let mut idx_consts: SmallVec<[Option<u64>; 4]> = SmallVec::new();
                let mut first = true;
                while self.eat(Tok::Comma) {
                    if self.tok.kind == Tok::MetaName {
                        self.inst_md(&mut d)?;
                        while self.eat(Tok::Comma) {
                            self.inst_md(&mut d)?;
                        }
                        break;
                    }
                    let (ty, v) = self.typed_value()?;
                    if let Some(vl) = self.m.types.vector_len(ty) {
                        any_vec = Some(vl);
                    }
                    if first {
                        first = false;
                    } else {
                        idx_consts.push(self.const_index(v));
                    }
                    d.operands.push(v);
                }
                if d.operands.is_empty() {
                    return self.err("getelementptr needs a base pointer");
                }
                let base_ty = self.value_type(d.operands[0]);
                d.ty = self
                    .gep_result(source, base_ty, &idx_consts, any_vec)
                    .ok_or_else(|| {
                        self.make_error(token_offset(t), "invalid getelementptr indices".into())
                    })?;
                d.extra = InstExtra::Gep { source };
                return Ok(d);
            }
            _ if op.is_cast() => {
                self.cast_flags(op, &mut d.flags);
                if matches!(op, FPTrunc | FPExt) {
                    d.fmf = self.fast_math();
                }
                d.operands.push(self.typed_value()?.1);
                self.expect_word("to")?;
                d.ty = self.parse_type()?;
            }
            ICmp | FCmp => {
                if op == ICmp && self.eat_word("samesign") {
                    d.flags.set(Flags::SAMESIGN);
                }
                if op == FCmp {
                    d.fmf = self.fast_math();
                }
                let p = self.expect(Tok::Word, "a predicate")?;
                let pred = CmpPred::parse(op == ICmp, self.text(p)).ok_or_else(|| {
                    self.make_error(
                        token_offset(p),
                        format!("unknown predicate '{}'", self.text(p)),
                    )
                })?;
                let (ty, a) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let b = self.parse_value(ty)?;
                d.operands.extend([a, b]);
                d.ty = self.i1_type(ty);
                d.extra = InstExtra::Cmp(pred);
            }
            Phi => {
                d.fmf = self.fast_math();
                let ty = self.parse_type()?;
                d.ty = ty;
                let l = self.m.types.label();
                loop {
                    self.expect(Tok::LSquare, "'['")?;
                    let v = self.parse_value(ty)?;
                    self.expect(Tok::Comma, "','")?;
                    let b = self.parse_value(l)?;
                    self.expect(Tok::RSquare, "']'")?;
                    d.operands.extend([v, b]);
                    if self.tok.kind != Tok::Comma {
                        break;
                    }
                    // `, !md` ends the incoming list.
                    let mut l2 = Lexer {
                        src: self.src,
                        pos: self.lex.pos,
                    };
                    if l2.next_token().kind != Tok::LSquare {
                        break;
                    }
                    self.bump();
                }
            }
            Select => {
                d.fmf = self.fast_math();
                let (_, c) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let (ty, a) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let (_, b) = self.typed_value()?;
                d.operands.extend([c, a, b]);
                d.ty = ty;
            }
            VAArg => {
                d.operands.push(self.typed_value()?.1);
                self.expect(Tok::Comma, "','")?;
                d.ty = self.parse_type()?;
            }
            ExtractElement => {
                let (ty, v) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let (_, i) = self.typed_value()?;
                d.operands.extend([v, i]);
                d.ty = self.m.types.element(ty).ok_or_else(|| {
                    self.make_error(token_offset(t), "extractelement needs a vector".into())
                })?;
            }
            InsertElement => {
                let (ty, v) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let (_, e) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let (_, i) = self.typed_value()?;
                d.operands.extend([v, e, i]);
                d.ty = ty;
            }
            ShuffleVector => {
                let (ty, a) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let (_, b) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let (mty, m) = self.typed_value()?;
                d.operands.extend([a, b]);
                let mc = m.as_const().ok_or_else(|| {
                    self.make_error(
                        token_offset(t),
                        "shufflevector mask must be a constant".into(),
                    )
                })?;
                let (mlen, scalable) = self.m.types.vector_len(mty).unwrap_or((0, false));
                let elem = self.m.types.element(ty).ok_or_else(|| {
                    self.make_error(token_offset(t), "shufflevector needs vectors".into())
                })?;
                d.extra =
                    InstExtra::Shuffle(ThinVec::from(self.shuffle_mask(mc, token_offset(t))?));
                d.ty = self.m.types.intern(TypeData::Vector {
                    len: mlen,
                    elem,
                    scalable,
                });
            }
            ExtractValue => {
                let (ty, v) = self.typed_value()?;
                d.operands.push(v);
                let mut idx = Vec::new();
                let mut cur = ty;
                while self.tok.kind == Tok::Comma {
                    let mut l2 = Lexer {
                        src: self.src,
                        pos: self.lex.pos,
                    };
                    if l2.next_token().kind != Tok::Int {
                        break;
                    }
                    self.bump();
                    let i = self.parse_u32()?;
                    cur = self.m.types.member(cur, i as u64).ok_or_else(|| {
                        self.make_error(token_offset(t), "invalid extractvalue index".into())
                    })?;
                    idx.push(i);
                }
                d.ty = cur;
                d.extra = InstExtra::Indices(ThinVec::from(idx));
            }
            InsertValue => {
                let (ty, v) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let (_, e) = self.typed_value()?;
                d.operands.extend([v, e]);
                let mut idx = Vec::new();
                while self.tok.kind == Tok::Comma {
                    let mut l2 = Lexer {
                        src: self.src,
                        pos: self.lex.pos,
                    };
                    if l2.next_token().kind != Tok::Int {
                        break;
                    }
                    self.bump();
                    idx.push(self.parse_u32()?);
                }
                d.ty = ty;
                d.extra = InstExtra::Indices(ThinVec::from(idx));
            }
            LandingPad => {
                d.ty = self.parse_type()?;
                let cleanup = self.eat_word("cleanup");
                let mut filters = Vec::new();
                loop {
                    let f = if self.eat_word("catch") {
                        false
                    } else if self.eat_word("filter") {
                        true
                    } else {
                        break;
                    };
                    d.operands.push(self.typed_value()?.1);
                    filters.push(f);
                }
                d.extra = InstExtra::LandingPad(Box::new(LandingPadInfo { cleanup, filters }));
            }
            Freeze => {
                let (ty, v) = self.typed_value()?;
                d.operands.push(v);
                d.ty = ty;
            }
            _ => return self.error_at(token_offset(t), format!("unsupported instruction '{w}'")),
        }
        self.trailing(&mut d, false)?;
        Ok(d)
    }

    /// Result type of a GEP: a pointer in the base's address space (to the indexed type, with
    /// typed pointers), a vector of them when any operand is a vector.
    fn gep_result(
        &mut self,
        source: Type,
        base_ty: Type,
        idx: &[Option<u64>],
        vector: Option<(u32, bool)>,
    ) -> Option<Type> {
        let scalar_base = self.m.types.scalar(base_ty);
        let base_as = self.m.types.pointer_addrspace(scalar_base)?;
        let vector = vector.or_else(|| self.m.types.vector_len(base_ty));
        let scalar = if self.m.typed_pointers {
            let mut cur = source;
            for i in idx.iter().skip(1) {
                cur = self.m.types.member(cur, i.unwrap_or(0))?;
            }
            self.m.types.intern(TypeData::TypedPtr(cur, base_as))
        } else {
            self.m.types.ptr(base_as)
        };
        Some(match vector {
            Some((len, scalable)) => self.m.types.intern(TypeData::Vector {
                len,
                elem: scalar,
                scalable,
            }),
            None => scalar,
        })
    }

    fn const_index(&self, v: Value) -> Option<u64> {
        match v {
            Value::Const(c) => match self.m.consts.get(c) {
                ConstData::Int { val, .. } => val.as_u64(),
                ConstData::Zero(_) => Some(0),
                _ => None,
            },
            _ => None,
        }
    }

    fn pad_parent(&mut self) -> PResult<Value> {
        let tok = self.m.types.token();
        if self.is_word("none") {
            return self.parse_value(tok);
        }
        self.parse_value(tok)
    }

    /// `call`, `invoke`, `callbr`, starting at the opcode keyword.
    fn call_like(&mut self, op: Opcode) -> PResult<InstData> {
        let t = self.bump();
        let void = self.m.types.void();
        let mut d = InstData::new(op, void);
        d.fmf = self.fast_math();
        let cc = self.calling_conv()?;
        let mut attrs = AttrList::default();
        self.attrs_into(&mut attrs.ret)?;
        let addrspace = if self.is_word("addrspace") {
            Some(self.opt_addrspace()?)
        } else {
            None
        };
        let ty = self.parse_type()?;
        let explicit_fn = self.m.types.func_parts(ty).is_some();
        // The callee: parse with a provisional pointer type; fixed up once arguments are known.
        let callee_state = (self.lex.pos, self.tok);
        let callee_is_asm = self.is_word("asm");
        let mut callee_raw: Option<Value> = None;
        if !callee_is_asm {
            if explicit_fn && !self.m.typed_pointers {
                let p = self.m.types.ptr(addrspace.unwrap_or(0));
                callee_raw = Some(self.parse_value(p)?);
            }
        } else {
            // Skip for now; parsed after arguments when the function type is known.
            self.skip_asm_tokens()?;
        }
        let after_callee = if callee_raw.is_none() && !callee_is_asm {
            // Defer: remember position, parse arguments first by skipping the callee token(s).
            self.skip_value_tokens()?;
            true
        } else {
            false
        };
        self.expect(Tok::LParen, "'(' to start the argument list")?;
        let mut args: Vec<Value> = Vec::new();
        let mut arg_tys: Vec<Type> = Vec::new();
        let mut forwards_varargs = false;
        if !self.eat(Tok::RParen) {
            loop {
                if self.eat(Tok::DotDotDot) {
                    // musttail forwarding of varargs.
                    forwards_varargs = true;
                    break;
                }
                let aty = self.parse_type()?;
                let mut pa = AttrSet::default();
                self.attrs_into(&mut pa)?;
                let v = if matches!(self.m.types.get(aty), TypeData::Metadata) {
                    let md = self.parse_metadata()?;
                    Value::Md(self.body.md_args.push(md))
                } else {
                    self.parse_value(aty)?
                };
                args.push(v);
                arg_tys.push(aty);
                attrs.params.push(pa);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')'")?;
        }
        let fn_ty = if explicit_fn {
            ty
        } else {
            self.m.types.intern(TypeData::Func {
                ret: ty,
                params: arg_tys.clone(),
                varargs: false,
            })
        };
        let (ret, params, varargs) = {
            let (r, p, v) = self.m.types.func_parts(fn_ty).expect("function type");
            (r, p.to_vec(), v)
        };
        if params.len() > args.len() || (!varargs && params.len() != args.len()) {
            return self.error_at(
                token_offset(t),
                "argument count does not match the callee's function type",
            );
        }
        // Now the callee, with its real type.
        let callee = if let Some(c) = callee_raw {
            c
        } else {
            let save_pos = self.lex.pos;
            let save_tok = self.tok;
            (self.lex.pos, self.tok) = callee_state;
            let cty = if callee_is_asm {
                fn_ty
            } else {
                self.m
                    .types
                    .pointer_to(fn_ty, addrspace.unwrap_or(0), self.m.typed_pointers)
            };
            let v = self.parse_value(cty)?;
            let _ = after_callee;
            self.lex.pos = save_pos;
            self.tok = save_tok;
            v
        };
        self.attrs_into(&mut attrs.func)?;
        let mut bundles = Vec::new();
        if self.tok.kind == Tok::LSquare {
            self.bump();
            loop {
                let tag = self.expect_string()?;
                self.expect(Tok::LParen, "'('")?;
                let mut inputs = Vec::new();
                if !self.eat(Tok::RParen) {
                    loop {
                        inputs.push(self.typed_value()?.1);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RParen, "')'")?;
                }
                bundles.push(Bundle { tag, inputs });
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "']'")?;
        }
        d.operands.extend(args);
        let mut indirect = 0;
        match op {
            Opcode::Invoke => {
                self.expect_word("to")?;
                d.operands.push(self.label_value()?);
                self.expect_word("unwind")?;
                d.operands.push(self.label_value()?);
            }
            Opcode::CallBr => {
                self.expect_word("to")?;
                d.operands.push(self.label_value()?);
                self.expect(Tok::LSquare, "'['")?;
                if !self.eat(Tok::RSquare) {
                    loop {
                        d.operands.push(self.label_value()?);
                        indirect += 1;
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare, "']'")?;
                }
            }
            _ => {}
        }
        d.operands.push(callee);
        d.ty = ret;
        let attrs = match self.attr_lists.get(&attrs) {
            Some(shared) => shared.clone(),
            None => {
                let shared = std::sync::Arc::new(attrs);
                self.attr_lists.insert(shared.clone());
                shared
            }
        };
        d.extra = InstExtra::Call(Box::new(CallInfo {
            fn_ty,
            cc,
            tail: TailKind::None,
            attrs,
            bundles: ThinVec::from(bundles),
            addrspace,
            indirect_dests: indirect,
            forwards_varargs,
        }));
        self.trailing(&mut d, false)?;
        Ok(d)
    }

    /// Skip the tokens of a callee value (a name or a constant expression) without parsing.
    fn skip_value_tokens(&mut self) -> PResult<()> {
        match self.tok.kind {
            Tok::Local | Tok::Global => {
                self.bump();
                Ok(())
            }
            Tok::Word => {
                let w = self.cur_text();
                self.bump();
                if matches!(w, "null" | "undef" | "poison" | "zeroinitializer" | "none") {
                    return Ok(());
                }
                // A constant expression: keyword [flags] ( ... ) or dso_local_equivalent @f.
                while self.tok.kind == Tok::Word {
                    self.bump();
                }
                if self.tok.kind == Tok::Global {
                    self.bump();
                    return Ok(());
                }
                if self.tok.kind == Tok::LParen {
                    self.skip_group()?;
                    return Ok(());
                }
                self.err("expected a callee")
            }
            _ => self.err(format!("expected a callee, found {}", self.describe())),
        }
    }

    fn skip_asm_tokens(&mut self) -> PResult<()> {
        self.bump();
        while self.tok.kind == Tok::Word {
            self.bump();
        }
        self.expect(Tok::Str, "an asm string")?;
        self.expect(Tok::Comma, "','")?;
        self.expect(Tok::Str, "a constraint string")?;
        Ok(())
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

/// The bits of `d` in a 16-bit IEEE-style format with `p` significand bits (the implicit one
/// included) and normal exponents `emin..=emax` (half: 11, -14, 15; bfloat: 8, -126, 127),
/// when `d` is exactly representable there; `None` otherwise (LLVM's "invalid for type").
fn exact_small_float(d: f64, p: u32, emin: i32, emax: i32) -> Option<u16> {
    let mant_bits = p - 1;
    let exp_bits = 15 - mant_bits;
    let bias = emax;
    let sign = u16::from(d.is_sign_negative()) << 15;
    let exp_all = ((1u32 << exp_bits) - 1) as u16;
    if d == 0.0 {
        return Some(sign);
    }
    if d.is_infinite() {
        return Some(sign | exp_all << mant_bits);
    }
    if d.is_nan() {
        return Some(sign | exp_all << mant_bits | 1 << (mant_bits - 1));
    }
    // d = m * 2^e with m odd.
    let bits = d.to_bits();
    let (raw_exp, frac) = (((bits >> 52) & 0x7ff) as i32, bits & ((1 << 52) - 1));
    let (mut m, mut e) = if raw_exp == 0 {
        (frac, -1074)
    } else {
        (frac | 1 << 52, raw_exp - 1075)
    };
    let tz = m.trailing_zeros();
    m >>= tz;
    e += tz as i32;
    let len = 64 - m.leading_zeros();
    let top = e + len as i32 - 1;
    if top > emax || len > p {
        return None;
    }
    if top >= emin {
        let frac = (m << (mant_bits + 1 - len)) & ((1 << mant_bits) - 1);
        Some(sign | ((top + bias) as u16) << mant_bits | frac as u16)
    } else {
        // Subnormal: the value is k * 2^(emin - mant_bits) for an integer k.
        let shift = e - (emin - mant_bits as i32);
        if shift < 0 {
            return None;
        }
        Some(sign | (m << shift) as u16)
    }
}
