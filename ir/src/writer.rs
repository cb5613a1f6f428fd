//! The `.ll` writer.
//!
//! Prints a [`Module`] as text that LLVM 22's `opt` reads back (or LLVM 14's, for modules read
//! from typed-pointer IR). The layout follows LLVM's `AsmWriter`: header, types, comdats,
//! variables, aliases, functions, attribute groups, metadata. Unnamed values get slot numbers
//! in LLVM's order (arguments, then each block and the non-void instructions in it).
//!
//! # Layout
//!
//! This file holds the entry points ([`write_module`], [`module_to_string`], the
//! `*_to_string` helpers, [`global_slot_numbers`]) and the `Writer` with its text helpers
//! (names, escapes, numbers). What it prints is spread over one room per area, each an
//! `impl Writer` block:
//!
//! - `writer/globals.rs`: the module in `AsmWriter`'s order, global variables, aliases,
//!   ifuncs, functions (headers, slot numbers, blocks);
//! - `writer/attrs.rs`: attributes and the `; Function Attrs:` comment;
//! - `writer/types.rs`: types and the order identified structs are defined in;
//! - `writer/constants.rs`: values, constants, constant expressions, operator flags;
//! - `writer/metadata.rs`: metadata operands, attachments, debug records;
//! - `writer/instructions.rs`: instructions and calls;
//! - `writer/numbering.rs`: opt's numbers for metadata nodes and attribute groups.

use crate::constant::Const;
use crate::function::{Block, Function};
use crate::inst::*;
use crate::module::*;
use crate::types::Type;
use cranelift_entity::{EntityRef, SecondaryMap};
use std::io::{self, Write};

mod attrs;
mod constants;
mod globals;
mod instructions;
mod metadata;
pub(crate) mod numbering;
mod types;
use numbering::Numbering;

/// Print `m` as LLVM textual IR, as `opt -S` prints it, that LLVM 22's `opt` reads (typed-pointer modules in LLVM 14's
/// syntax). Deleted globals are not printed. The output read back prints the same again
/// (`tests/tests/roundtrip.rs` checks it on the corpus).
///
/// # Example
///
/// ```
/// let src = "define i32 @id(i32 %x) {\n  ret i32 %x\n}\n";
/// let m = mergefn_ir::parse_module(src.as_bytes())?;
/// let mut out = Vec::new();
/// mergefn_ir::write_module(&m, &mut out)?;
/// let text = String::from_utf8(out)?;
/// assert!(text.contains(src));
/// assert_eq!(mergefn_ir::module_to_string(&mergefn_ir::parse_module(text.as_bytes())?), text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_module(m: &Module, out: &mut dyn Write) -> io::Result<()> {
    // What printing needs of the whole module, found side by side: the numbers of metadata
    // and attribute groups, every global's printed name, the structs to print.
    let (num, (globals, types)) = rayon::join(
        || Numbering::new(m),
        || rayon::join(|| GlobalNames::new(m), || types::type_order(m)),
    );
    let mut w = Writer {
        program_as: m.program_addrspace(),
        m,
        out: Vec::with_capacity(1 << 20),
        slots: Slots::default(),
        globals: std::sync::Arc::new(globals),
        preds: Vec::new(),
        types: TypeTexts::default(),
        num: Some(&num),
    };
    w.module(out, types)
}

/// Print `m` to a string.
pub fn module_to_string(m: &Module) -> String {
    let mut v = Vec::new();
    write_module(m, &mut v).expect("writing to a Vec cannot fail");
    String::from_utf8_lossy(&v).into_owned()
}

/// Print a type as text (for messages and reports).
pub fn type_to_string(m: &Module, t: Type) -> String {
    let mut w = Writer {
        program_as: m.program_addrspace(),
        m,
        out: Vec::new(),
        slots: Slots::default(),
        globals: Default::default(),
        preds: Vec::new(),
        types: TypeTexts::default(),
        num: None,
    };
    w.ty(t);
    String::from_utf8_lossy(&w.out).into_owned()
}

/// Print a constant as `type value` (for messages and reports).
pub fn const_to_string(m: &Module, c: Const) -> String {
    let mut w = Writer {
        program_as: m.program_addrspace(),
        m,
        out: Vec::new(),
        slots: Slots::default(),
        globals: Default::default(),
        preds: Vec::new(),
        types: TypeTexts::default(),
        num: None,
    };
    w.typed_const(c);
    String::from_utf8_lossy(&w.out).into_owned()
}

/// Print one instruction of function `f` (for messages).
pub fn inst_to_string(m: &Module, f: &Function, i: Inst) -> String {
    let mut w = Writer {
        program_as: m.program_addrspace(),
        m,
        out: Vec::new(),
        slots: Slots::default(),
        globals: Default::default(),
        preds: Vec::new(),
        types: TypeTexts::default(),
        num: None,
    };
    if let Some(b) = &f.body {
        w.number(f, b);
        w.inst(f, b, i);
    }
    String::from_utf8_lossy(&w.out).trim().to_string()
}

/// Slot numbers of one function's unnamed values.
#[derive(Default)]
struct Slots {
    args: Vec<u32>,
    insts: SecondaryMap<Inst, u32>,
    blocks: SecondaryMap<Block, u32>,
}

struct Writer<'m> {
    m: &'m Module,
    out: Vec<u8>,
    slots: Slots,
    /// Shared by the writers that print parts of one module on several threads.
    globals: std::sync::Arc<GlobalNames>,
    /// Scratch for [`Writer::predecessors`].
    preds: Vec<Vec<Block>>,
    /// Types this writer printed, as it printed them ([`Writer::ty`]).
    types: TypeTexts,
    /// opt's numbers for metadata nodes and attribute groups (when printing a whole module).
    num: Option<&'m Numbering<'m>>,
    /// The module's [`Module::program_addrspace`].
    program_as: u32,
}

fn is_plain_name(s: &[u8]) -> bool {
    !s.is_empty() && !s[0].is_ascii_digit() && crate::lexer::table_run(s, &PLAIN) == s.len()
}

/// Bytes a name may hold unquoted: letters, digits, `-`, `.`, `_` (a table: names are printed
/// at every use, and rustc's are long).
static PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_');
        c += 1;
    }
    t
};

const HEX: &[u8; 16] = b"0123456789ABCDEF";

impl<'m> Writer<'m> {
    fn s(&mut self, s: &str) {
        self.out.extend_from_slice(s.as_bytes());
    }

    fn num<T: itoa::Integer>(&mut self, n: T) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    }

    fn escaped(&mut self, bytes: &[u8]) {
        for &c in bytes {
            if c == b'\\' {
                self.out.extend_from_slice(b"\\\\");
            } else if (0x20..0x7f).contains(&c) && c != b'"' {
                self.out.push(c);
            } else {
                self.out.push(b'\\');
                self.out.push(HEX[(c >> 4) as usize]);
                self.out.push(HEX[(c & 15) as usize]);
            }
        }
    }

    fn quoted(&mut self, bytes: &[u8]) {
        self.out.push(b'"');
        self.escaped(bytes);
        self.out.push(b'"');
    }

    /// A string the reader kept as text (a section, an attribute, a sync scope), its bytes
    /// that are not UTF-8 printed back as the bytes they were.
    fn quoted_text(&mut self, s: &str) {
        self.quoted(&crate::lexer::name_to_bytes(s));
    }

    /// A name after its sigil: plain, or quoted; digits-only names print plain (they are
    /// LLVM's numbered types; a global's are quoted, see [`Writer::global_name`]).
    fn name(&mut self, sigil: u8, n: &str) {
        self.sigiled_name(sigil, n, true);
    }

    /// [`Writer::name`], with names of digits plain (`numbers`) or quoted.
    fn sigiled_name(&mut self, sigil: u8, n: &str, numbers: bool) {
        self.out.push(sigil);
        let bytes = crate::lexer::name_to_bytes(n);
        let b = &*bytes;
        if is_plain_name(b) || (numbers && !b.is_empty() && b.iter().all(u8::is_ascii_digit)) {
            self.out.extend_from_slice(b);
        } else {
            self.quoted(b);
        }
    }

    /// `%name` of a local value (argument, instruction, block): a name of digits is quoted,
    /// as LLVM prints it (`%"2"`; a numbered value has no name). Types and `blockaddress`
    /// keep their numbered names in [`Writer::name`].
    fn local_name(&mut self, n: &str) {
        self.sigiled_name(b'%', n, false);
    }

    /// `!name` of named metadata or a metadata kind: never quoted (LLVM has no quoted form
    /// there); bytes outside `[-a-zA-Z$._]` (and digits after the first) are written `\XX`.
    fn md_name(&mut self, n: &str) {
        self.out.push(b'!');
        for (i, &c) in crate::lexer::name_to_bytes(n).iter().enumerate() {
            let plain = c.is_ascii_alphabetic()
                || matches!(c, b'-' | b'$' | b'.' | b'_')
                || (i > 0 && c.is_ascii_digit());
            if plain {
                self.out.push(c);
            } else {
                self.out.extend_from_slice(&[
                    b'\\',
                    HEX[(c >> 4) as usize],
                    HEX[(c & 15) as usize],
                ]);
            }
        }
    }

    fn global_name(&mut self, g: GlobalId) {
        match self.globals.get(g) {
            Some(text) => self.out.extend_from_slice(text),
            None => match &self.m.globals[g].common().name {
                Name::Named(n) => self.sigiled_name(b'@', n, false),
                Name::Unnamed => self.s("@4294967295"),
            },
        }
    }

    /// A writer for a part of the module printed on another thread: this one's numbering, a
    /// buffer of its own with room for `capacity` bytes.
    fn part(&self, capacity: usize) -> Writer<'m> {
        Writer {
            m: self.m,
            out: Vec::with_capacity(capacity),
            slots: Slots::default(),
            globals: self.globals.clone(),
            preds: Vec::new(),
            types: TypeTexts::default(),
            num: self.num,
            program_as: self.program_as,
        }
    }
}

/// The text of the types a writer printed that take more than a word (structs, arrays,
/// vectors, function types, named structs), up to [`TypeTexts::LONGEST`] bytes each: a
/// sanitizer build prints `{ [4 x i8], [28 x i8] }` at each of ten thousand globals, and a
/// C++ module `%"class.std::..."` at each `alloca` and `getelementptr`. Each writer (one per
/// run of globals or functions printed on a thread) keeps its own.
#[derive(Default)]
struct TypeTexts {
    at: rustc_hash::FxHashMap<Type, (u32, u32)>,
    text: Vec<u8>,
}

impl TypeTexts {
    /// Longer types are printed each time (a cache of every type's text could grow with the
    /// square of nested types' sizes).
    const LONGEST: usize = 512;
}

/// Every global's name as the writer prints it (`@name`, `@"a name"`, `@7` for an unnamed
/// one), made once per module: a global is named at each reference to it, and C++'s and
/// Rust's names are long (printing one byte by byte cost 400 instructions a reference).
#[derive(Default)]
struct GlobalNames {
    text: Vec<u8>,
    /// Where each global's name ends in `text`, by [`GlobalId`] index (it starts where the
    /// one before ends).
    ends: Vec<usize>,
}

impl GlobalNames {
    fn new(m: &Module) -> GlobalNames {
        use rayon::prelude::*;
        let slots = global_slot_numbers(m);
        let ids: Vec<GlobalId> = m.globals.keys().collect();
        let parts: Vec<(Vec<u8>, Vec<usize>)> = ids
            .par_chunks(4096)
            .map(|chunk| {
                let mut w = Writer {
                    program_as: 0,
                    m,
                    out: Vec::with_capacity(chunk.len() * 32),
                    slots: Slots::default(),
                    globals: Default::default(),
                    preds: Vec::new(),
                    types: TypeTexts::default(),
                    num: None,
                };
                let mut ends = Vec::with_capacity(chunk.len());
                for &g in chunk {
                    match &m.globals[g].common().name {
                        // A global's name of digits is a name (`@"0"`): numbered globals
                        // are unnamed once read.
                        Name::Named(n) => w.sigiled_name(b'@', n, false),
                        Name::Unnamed => {
                            w.s("@");
                            w.num(slots.get(&g).copied().unwrap_or(u32::MAX));
                        }
                    }
                    ends.push(w.out.len());
                }
                (w.out, ends)
            })
            .collect();
        let mut names = GlobalNames {
            text: Vec::with_capacity(parts.iter().map(|p| p.0.len()).sum()),
            ends: Vec::with_capacity(ids.len()),
        };
        for (text, ends) in parts {
            let base = names.text.len();
            names.text.extend_from_slice(&text);
            names.ends.extend(ends.into_iter().map(|e| base + e));
        }
        names
    }

    fn get(&self, g: GlobalId) -> Option<&[u8]> {
        let k = g.index();
        let end = *self.ends.get(k)?;
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        Some(&self.text[start..end])
    }
}

/// The slot numbers the writer gives unnamed globals (`@0`, `@1`, ...), as LLVM's slot
/// tracker does: variables, aliases, ifuncs, then functions, each in module order. (For
/// passes that keep references to unnamed globals in text, such as metadata nodes.)
pub fn global_slot_numbers(m: &Module) -> rustc_hash::FxHashMap<GlobalId, u32> {
    let mut slots = rustc_hash::FxHashMap::default();
    let mut n = 0;
    for pass in 0..4 {
        for g in m.live_globals() {
            let gl = &m.globals[g];
            let kind = match &gl.kind {
                GlobalKind::Var(_) => 0,
                GlobalKind::Alias(a) if !a.ifunc => 1,
                GlobalKind::Alias(_) => 2,
                GlobalKind::Function(_) => 3,
            };
            if kind == pass && matches!(gl.common().name, Name::Unnamed) {
                slots.insert(g, n);
                n += 1;
            }
        }
    }
    slots
}
