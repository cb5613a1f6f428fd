//! The `.ll` writer.
//!
//! Prints a [`Module`] as text that LLVM 22's `opt` reads back (or LLVM 14's, for modules read
//! from typed-pointer IR). The layout follows LLVM's `AsmWriter`: header, types, comdats,
//! variables, aliases, functions, attribute groups, metadata. Unnamed values get slot numbers
//! in LLVM's order (arguments, then each block and the non-void instructions in it).

use crate::attr::{Attr, AttrSet};
use crate::constant::{Const, ConstData};
use crate::function::{Block, Body, Function};
use crate::inst::*;
use crate::metadata::{DbgRecord, MdAttachment, Metadata};
use crate::module::*;
use crate::types::{Type, TypeData};
use crate::value::Value;
use cranelift_entity::{EntityRef, SecondaryMap};
use std::io::{self, Write};

mod numbering;
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
    let num = Numbering::new(m);
    let mut w = Writer {
        m,
        out: Vec::with_capacity(1 << 20),
        slots: Slots::default(),
        global_slots: Default::default(),
        preds: Vec::new(),
        num: Some(&num),
    };
    w.module(out)
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
        m,
        out: Vec::new(),
        slots: Slots::default(),
        global_slots: Default::default(),
        preds: Vec::new(),
        num: None,
    };
    w.ty(t);
    String::from_utf8_lossy(&w.out).into_owned()
}

/// Print a constant as `type value` (for messages and reports).
pub fn const_to_string(m: &Module, c: Const) -> String {
    let mut w = Writer {
        m,
        out: Vec::new(),
        slots: Slots::default(),
        global_slots: Default::default(),
        preds: Vec::new(),
        num: None,
    };
    w.typed_const(c);
    String::from_utf8_lossy(&w.out).into_owned()
}

/// Print one instruction of function `f` (for messages).
pub fn inst_to_string(m: &Module, f: &Function, i: Inst) -> String {
    let mut w = Writer {
        m,
        out: Vec::new(),
        slots: Slots::default(),
        global_slots: Default::default(),
        preds: Vec::new(),
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
    global_slots: rustc_hash::FxHashMap<GlobalId, u32>,
    /// Scratch for [`Writer::predecessors`].
    preds: Vec<Vec<Block>>,
    /// opt's numbers for metadata nodes and attribute groups (when printing a whole module).
    num: Option<&'m Numbering<'m>>,
}

fn is_plain_name(s: &[u8]) -> bool {
    !s.is_empty() && !s[0].is_ascii_digit() && s.iter().all(|&c| PLAIN[c as usize])
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

    /// A name after its sigil: plain, or quoted; digits-only names print plain (they are
    /// LLVM's numbered values).
    fn name(&mut self, sigil: u8, n: &str) {
        self.out.push(sigil);
        let b = n.as_bytes();
        if is_plain_name(b) || (!b.is_empty() && b.iter().all(u8::is_ascii_digit)) {
            self.out.extend_from_slice(b);
        } else {
            self.quoted(b);
        }
    }

    /// `!name` of named metadata or a metadata kind: never quoted (LLVM has no quoted form
    /// there); bytes outside `[-a-zA-Z$._]` (and digits after the first) are written `\XX`.
    fn md_name(&mut self, n: &str) {
        self.out.push(b'!');
        for (i, &c) in n.as_bytes().iter().enumerate() {
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
        match &self.m.globals[g].common().name {
            Name::Named(n) => self.name(b'@', n),
            Name::Unnamed => {
                let n = self.global_slots.get(&g).copied().unwrap_or(u32::MAX);
                self.s("@");
                self.num(n);
            }
        }
    }

    fn number_globals(&mut self) {
        self.global_slots = global_slot_numbers(self.m);
    }

    // ---- types -------------------------------------------------------------------------

    fn ty(&mut self, t: Type) {
        match self.m.types.get(t) {
            TypeData::Void => self.s("void"),
            TypeData::Label => self.s("label"),
            TypeData::Metadata => self.s("metadata"),
            TypeData::Token => self.s("token"),
            TypeData::X86Amx => self.s("x86_amx"),
            TypeData::X86Mmx => self.s("x86_mmx"),
            TypeData::Int(n) => {
                self.s("i");
                self.num(*n);
            }
            TypeData::Byte(n) => {
                self.s("b");
                self.num(*n);
            }
            TypeData::Float(k) => self.s(k.keyword()),
            TypeData::Ptr(a) => {
                self.s("ptr");
                if *a != 0 {
                    self.s(" addrspace(");
                    self.num(*a);
                    self.s(")");
                }
            }
            TypeData::TypedPtr(p, a) => {
                self.ty(*p);
                if *a != 0 {
                    self.s(" addrspace(");
                    self.num(*a);
                    self.s(")");
                }
                self.s("*");
            }
            TypeData::Array(n, e) => {
                self.s("[");
                self.num(*n);
                self.s(" x ");
                self.ty(*e);
                self.s("]");
            }
            TypeData::Vector {
                len,
                elem,
                scalable,
            } => {
                self.s(if *scalable { "<vscale x " } else { "<" });
                self.num(*len);
                self.s(" x ");
                self.ty(*elem);
                self.s(">");
            }
            TypeData::Struct { elems, packed } => self.struct_body(elems, *packed),
            TypeData::Named(n) => self.name(b'%', n),
            TypeData::Func {
                ret,
                params,
                varargs,
            } => {
                self.ty(*ret);
                self.s(" (");
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        self.s(", ");
                    }
                    self.ty(*p);
                }
                if *varargs {
                    self.s(if params.is_empty() { "..." } else { ", ..." });
                }
                self.s(")");
            }
            TypeData::TargetExt { name, types, ints } => {
                self.s("target(");
                self.quoted(name.as_bytes());
                for t in types {
                    self.s(", ");
                    self.ty(*t);
                }
                for i in ints {
                    self.s(", ");
                    self.num(*i);
                }
                self.s(")");
            }
        }
    }

    fn struct_body(&mut self, elems: &[Type], packed: bool) {
        if packed {
            self.s("<");
        }
        if elems.is_empty() {
            self.s("{}");
        } else {
            self.s("{ ");
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    self.s(", ");
                }
                self.ty(*e);
            }
            self.s(" }");
        }
        if packed {
            self.s(">");
        }
    }

    // ---- constants ---------------------------------------------------------------------

    fn typed_const(&mut self, c: Const) {
        self.ty(self.m.consts.ty(c));
        self.s(" ");
        self.constant(c);
    }

    fn constant(&mut self, c: Const) {
        match self.m.consts.get(c) {
            ConstData::Int { ty, val } => {
                if matches!(self.m.types.get(*ty), TypeData::Int(1)) {
                    self.s(if val.is_zero() { "false" } else { "true" });
                } else if let Some(v) = val.as_i64() {
                    // Nearly every integer: no string built.
                    self.num(v);
                } else {
                    let s = val.to_signed_string();
                    self.s(&s);
                }
            }
            ConstData::Float { ty, bits } => {
                let k = match self.m.types.get(*ty) {
                    TypeData::Float(k) => *k,
                    _ => crate::FloatKind::Double,
                };
                use crate::FloatKind::*;
                let (prefix, digits, v) = match k {
                    Double => ("0x", 16, *bits),
                    Float => (
                        "0x",
                        16,
                        (f32::from_bits(*bits as u32) as f64).to_bits() as u128,
                    ),
                    Half => ("0xH", 4, *bits),
                    BFloat => ("0xR", 4, *bits),
                    X86Fp80 => ("0xK", 20, *bits),
                    Fp128 => ("0xL", 32, *bits),
                    PpcFp128 => ("0xM", 32, *bits),
                };
                let exact = match k {
                    Double => Some(f64::from_bits(*bits as u64)),
                    Float => Some(f64::from(f32::from_bits(*bits as u32))),
                    _ => None,
                };
                if let Some(v) = exact.filter(|v| v.is_finite()) {
                    if self.decimal_float(v) {
                        return;
                    }
                }
                if k == Float && f32::from_bits(*bits as u32).is_nan() {
                    // Widen the NaN payload by hand: Rust's cast may quiet it.
                    let b = *bits as u32;
                    let sign = ((b >> 31) as u64) << 63;
                    let mant = ((b & 0x7f_ffff) as u64) << 29;
                    let d = sign | 0x7ff0_0000_0000_0000 | mant;
                    let _ = write!(self.out, "0x{d:016X}");
                    return;
                }
                let _ = write!(self.out, "{prefix}{v:0digits$X}");
            }
            ConstData::Null(_) => self.s("null"),
            ConstData::None(_) => self.s("none"),
            ConstData::Undef(_) => self.s("undef"),
            ConstData::Poison(_) => self.s("poison"),
            ConstData::Zero(_) => self.s("zeroinitializer"),
            ConstData::Array { elems, .. } => {
                self.s("[");
                self.const_list(elems);
                self.s("]");
            }
            ConstData::Vector { elems, .. } => {
                self.s("<");
                self.const_list(elems);
                self.s(">");
            }
            ConstData::Struct { ty, elems } => {
                let packed = self.m.types.struct_fields(*ty).is_some_and(|(_, p)| p);
                if packed {
                    self.s("<");
                }
                if elems.is_empty() {
                    self.s("{}");
                } else {
                    self.s("{ ");
                    self.const_list(elems);
                    self.s(" }");
                }
                if packed {
                    self.s(">");
                }
            }
            ConstData::Bytes { bytes, .. } => {
                self.s("c");
                self.quoted(bytes);
            }
            ConstData::Splat { elem, .. } => {
                self.s("splat (");
                self.typed_const(*elem);
                self.s(")");
            }
            ConstData::Global { global, .. } => self.global_name(*global),
            ConstData::BlockAddress { func, block, .. } => {
                self.s("blockaddress(");
                self.constant(*func);
                self.s(", ");
                self.name(b'%', block);
                self.s(")");
            }
            ConstData::DsoLocalEquivalent { func, .. } => {
                self.s("dso_local_equivalent ");
                self.constant(*func);
            }
            ConstData::NoCfi { func, .. } => {
                self.s("no_cfi ");
                self.constant(*func);
            }
            ConstData::PtrAuth { ops, .. } => {
                self.s("ptrauth (");
                self.const_list(ops);
                self.s(")");
            }
            ConstData::Expr(e) => {
                self.s(e.op.keyword());
                self.flags(e.op, e.flags);
                if let Some(p) = e.pred {
                    self.s(" ");
                    self.s(p.name());
                }
                if let Some((lo, hi)) = e.inrange {
                    let _ = write!(self.out, " inrange({lo}, {hi})");
                }
                self.s(" (");
                if let Some(src) = e.source_ty {
                    self.ty(src);
                    if !e.ops.is_empty() {
                        self.s(", ");
                    }
                }
                if e.op.is_cast() {
                    self.typed_const(e.ops[0]);
                    self.s(" to ");
                    self.ty(e.ty);
                } else {
                    for (k, &o) in e.ops.iter().enumerate() {
                        if k > 0 {
                            self.s(", ");
                        }
                        if e.inrange_index == Some(k as u32) {
                            self.s("inrange ");
                        }
                        self.typed_const(o);
                    }
                    if e.op == Opcode::ShuffleVector {
                        self.s(", ");
                        self.shuffle_mask(&e.mask, None);
                    }
                }
                self.s(")");
            }
        }
    }

    /// A float or double as opt prints it when it can: six significant digits in exponent
    /// form (`1.500000e+00`), when reading that back gives the same value; `false` (and
    /// nothing printed) when not, for the hexadecimal form.
    fn decimal_float(&mut self, v: f64) -> bool {
        let mut buf = [0u8; 48];
        let mut cur = io::Cursor::new(&mut buf[..]);
        if write!(cur, "{v:.5e}").is_err() {
            return false;
        }
        let len = cur.position() as usize;
        let Ok(text) = std::str::from_utf8(&buf[..len]) else {
            return false;
        };
        if text.parse::<f64>() != Ok(v) {
            return false;
        }
        let Some((mant, exp)) = text.split_once('e') else {
            return false;
        };
        let (sign, digits) = match exp.strip_prefix('-') {
            Some(d) => ('-', d),
            None => ('+', exp),
        };
        self.s(mant);
        self.s("0e");
        self.out.push(sign as u8);
        if digits.len() < 2 {
            self.s("0");
        }
        self.s(digits);
        true
    }

    fn const_list(&mut self, elems: &[Const]) {
        for (i, &e) in elems.iter().enumerate() {
            if i > 0 {
                self.s(", ");
            }
            self.typed_const(e);
        }
    }

    fn shuffle_mask(&mut self, mask: &[i32], scalable: Option<bool>) {
        let scalable = scalable.unwrap_or(false);
        let _ = write!(
            self.out,
            "<{}{} x i32> ",
            if scalable { "vscale x " } else { "" },
            mask.len()
        );
        if mask.iter().all(|&m| m == 0) && (scalable || !mask.is_empty()) {
            self.s("zeroinitializer");
            return;
        }
        if mask.iter().all(|&m| m < 0) {
            self.s("poison");
            return;
        }
        self.s("<");
        for (i, &m) in mask.iter().enumerate() {
            if i > 0 {
                self.s(", ");
            }
            if m < 0 {
                self.s("i32 poison");
            } else {
                let _ = write!(self.out, "i32 {m}");
            }
        }
        self.s(">");
    }

    /// Optional flags of an opcode, each preceded by a space.
    fn flags(&mut self, op: Opcode, f: Flags) {
        let names: &[(u16, &str)] = match op {
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl | Opcode::Trunc => {
                &[(Flags::NUW, "nuw"), (Flags::NSW, "nsw")]
            }
            Opcode::UDiv | Opcode::SDiv | Opcode::LShr | Opcode::AShr | Opcode::ByteCast => {
                &[(Flags::EXACT, "exact")]
            }
            Opcode::Or => &[(Flags::DISJOINT, "disjoint")],
            Opcode::ZExt | Opcode::UIToFP => &[(Flags::NNEG, "nneg")],
            Opcode::ICmp => &[(Flags::SAMESIGN, "samesign")],
            Opcode::GetElementPtr => {
                if f.has(Flags::INBOUNDS) {
                    self.s(" inbounds");
                } else if f.has(Flags::NUSW) {
                    self.s(" nusw");
                }
                if f.has(Flags::NUW) {
                    self.s(" nuw");
                }
                return;
            }
            _ => &[],
        };
        for &(bit, n) in names {
            if f.has(bit) {
                self.s(" ");
                self.s(n);
            }
        }
    }

    fn fast_math(&mut self, f: FastMath) {
        if f.0 == FastMath::ALL {
            self.s(" fast");
            return;
        }
        for (i, n) in FastMath::NAMES.iter().enumerate() {
            if f.0 & (1 << i) != 0 {
                self.s(" ");
                self.s(n);
            }
        }
    }

    // ---- attributes and metadata --------------------------------------------------------

    fn attr(&mut self, a: &Attr) {
        match a {
            Attr::Other(t) => self.s(t),
            Attr::Type(k, t) => {
                self.s(k);
                self.s("(");
                self.ty(*t);
                self.s(")");
            }
            Attr::Str(k, v) => {
                self.quoted(k.as_bytes());
                if let Some(v) = v {
                    self.s("=");
                    self.quoted(v.as_bytes());
                }
            }
        }
    }

    /// Attributes each followed by a space (for positions before a type or name).
    fn attrs_before(&mut self, set: &AttrSet) {
        for a in &set.attrs {
            self.attr(a);
            self.s(" ");
        }
    }

    /// Attributes each preceded by a space (for positions after a name or argument list).
    fn attrs_after(&mut self, set: &AttrSet) {
        for a in &set.attrs {
            self.s(" ");
            self.attr(a);
        }
        for &g in &set.groups {
            self.s(" #");
            self.num(self.num.map_or(g, |x| x.attr(g)));
        }
    }

    fn metadata(&mut self, f: Option<(&Function, &Body)>, md: &Metadata) {
        match md {
            Metadata::Ref(n) => {
                self.s("!");
                let n = self.num.map_or(*n, |x| x.md(*n));
                self.num(n);
            }
            Metadata::Value(t, v) => {
                self.ty(*t);
                self.s(" ");
                self.value(f, *v);
            }
            Metadata::ArgList(items) => {
                self.s("!DIArgList(");
                for (i, (t, v)) in items.iter().enumerate() {
                    if i > 0 {
                        self.s(", ");
                    }
                    self.ty(*t);
                    self.s(" ");
                    self.value(f, *v);
                }
                self.s(")");
            }
            Metadata::Text(t) => self.md_text(t),
        }
    }

    /// Metadata text with its `!N` references renumbered as opt numbers them.
    fn md_text(&mut self, t: &str) {
        let Some(num) = self.num else {
            return self.s(t);
        };
        let b = t.as_bytes();
        let mut last = 0;
        numbering::for_each_ref(b, |id, at, end| {
            self.out.extend_from_slice(&b[last..at]);
            self.out.push(b'!');
            self.num(num.md(id));
            last = end;
        });
        self.out.extend_from_slice(&b[last..]);
    }

    fn attachments(&mut self, f: Option<(&Function, &Body)>, md: &[MdAttachment], sep: &str) {
        for a in md {
            self.s(sep);
            self.md_name(&a.kind);
            self.s(" ");
            self.metadata(f, &a.md);
        }
    }

    // ---- values -----------------------------------------------------------------------

    fn value(&mut self, f: Option<(&Function, &Body)>, v: Value) {
        match v {
            Value::Const(c) => self.constant(c),
            Value::Arg(i) => {
                let Some((func, _)) = f else {
                    return self.s("%<arg>");
                };
                match &func.params[i as usize].name {
                    Name::Named(n) => self.name(b'%', n),
                    Name::Unnamed => {
                        let n = self.slots.args[i as usize];
                        self.out.push(b'%');
                        self.num(n);
                    }
                }
            }
            Value::Inst(i) => {
                let Some((_, body)) = f else {
                    return self.s("%<inst>");
                };
                match &body.inst_names[i] {
                    Name::Named(n) => self.name(b'%', n),
                    Name::Unnamed => {
                        let n = self.slots.insts[i];
                        self.out.push(b'%');
                        self.num(n);
                    }
                }
            }
            Value::Block(b) => {
                let Some((_, body)) = f else {
                    return self.s("%<block>");
                };
                match &body.blocks[b].name {
                    Name::Named(n) => self.name(b'%', n),
                    Name::Unnamed => {
                        let n = self.slots.blocks[b];
                        self.out.push(b'%');
                        self.num(n);
                    }
                }
            }
            Value::Asm(a) => {
                let a = &self.m.asms[a];
                self.s("asm ");
                if a.sideeffect {
                    self.s("sideeffect ");
                }
                if a.alignstack {
                    self.s("alignstack ");
                }
                if a.inteldialect {
                    self.s("inteldialect ");
                }
                if a.unwind {
                    self.s("unwind ");
                }
                self.quoted(&a.asm);
                self.s(", ");
                self.quoted(&a.constraints);
            }
            Value::Md(m) => {
                let Some((_, body)) = f else {
                    return self.s("!<md>");
                };
                let md = body.md_args[m].clone();
                self.metadata(f, &md);
            }
        }
    }

    fn value_ty(&self, f: &Function, body: &Body, v: Value) -> Option<Type> {
        Some(match v {
            Value::Const(c) => self.m.consts.ty(c),
            Value::Arg(i) => f.params[i as usize].ty,
            Value::Inst(i) => body.insts[i].ty,
            Value::Block(_) => self.m.types.lookup(&TypeData::Label)?,
            Value::Asm(a) => self.m.asms[a].fn_ty,
            Value::Md(_) => self.m.types.lookup(&TypeData::Metadata)?,
        })
    }

    /// ` ty a, ty b, ...`: an instruction's operands, each with its type.
    fn typed_operands(&mut self, f: &Function, body: &Body, ops: &[Value]) {
        for (k, &v) in ops.iter().enumerate() {
            self.s(if k > 0 { ", " } else { " " });
            self.typed_value(f, body, v);
        }
    }

    fn typed_value(&mut self, f: &Function, body: &Body, v: Value) {
        if let Some(t) = self.value_ty(f, body, v) {
            self.ty(t);
        }
        self.s(" ");
        self.value(Some((f, body)), v);
    }

    // ---- module ------------------------------------------------------------------------

    fn flush(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.out.len() > (1 << 20) {
            out.write_all(&self.out)?;
            self.out.clear();
        }
        Ok(())
    }

    /// Print the functions, several at once: each worker prints a run of functions into its
    /// own buffer, and the buffers are written in module order, a window at a time (so the
    /// output is the same as printing one by one, and only three windows are held in memory).
    /// Writing a window overlaps with printing the next ones.
    fn functions(&mut self, out: &mut dyn Write) -> io::Result<()> {
        use rayon::prelude::*;
        const RUN: usize = 32;
        let m = self.m;
        let funcs: Vec<(GlobalId, &Function)> = m
            .live_globals()
            .filter_map(|g| match &m.globals[g].kind {
                GlobalKind::Function(f) => Some((g, &**f)),
                _ => None,
            })
            .collect();
        out.write_all(&self.out)?;
        self.out.clear();
        let global_slots = &self.global_slots;
        let print = |part: &[(GlobalId, &Function)]| -> Vec<Vec<u8>> {
            part.par_chunks(RUN)
                .map(|run| {
                    let mut w = Writer {
                        m,
                        out: Vec::with_capacity(64 << 10),
                        slots: Slots::default(),
                        global_slots: global_slots.clone(),
                        preds: Vec::new(),
                        num: self.num,
                    };
                    for &(g, f) in run {
                        w.s("\n");
                        w.function(g, f);
                    }
                    w.out
                })
                .collect()
        };
        let window = RUN * 4 * rayon::current_num_threads().max(1);
        if funcs.len() <= window || rayon::current_thread_index().is_some() {
            // One window has nothing to overlap with. On a pool thread, blocking it on a
            // channel could starve the pool. Either way: print and write in turn.
            for part in funcs.chunks(window) {
                for b in print(part) {
                    out.write_all(&b)?;
                }
            }
            return Ok(());
        }
        // A printing thread hands windows over one at a time; this one writes them.
        std::thread::scope(|scope| {
            let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Vec<u8>>>(1);
            let funcs = &funcs;
            scope.spawn(move || {
                for part in funcs.chunks(window) {
                    if tx.send(print(part)).is_err() {
                        return; // The writer failed and stopped listening.
                    }
                }
            });
            for bufs in rx {
                for b in bufs {
                    out.write_all(&b)?;
                }
            }
            Ok(())
        })
    }

    fn module(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let m = self.m;
        self.number_globals();
        // Like LLVM's AsmWriter: the identifier as a comment, unless it would span lines.
        if let Some(id) = m.module_id.as_deref().filter(|id| !id.contains('\n')) {
            self.s("; ModuleID = '");
            self.s(id);
            self.s("'\n");
        }
        // LLVM's source file name is the module's identifier unless the text names one.
        let source_filename = m
            .source_filename
            .as_deref()
            .or(m.module_id.as_deref().map(str::as_bytes));
        if let Some(sf) = source_filename {
            self.s("source_filename = ");
            self.quoted(sf);
            self.s("\n");
        }
        if let Some(dl) = &m.datalayout {
            self.s("target datalayout = ");
            self.quoted(dl.as_bytes());
            self.s("\n");
        }
        if let Some(t) = &m.triple {
            self.s("target triple = ");
            self.quoted(t.as_bytes());
            self.s("\n");
        }
        if !m.module_asm.is_empty() {
            self.s("\n");
        }
        for a in &m.module_asm {
            self.s("module asm ");
            self.quoted(a);
            self.s("\n");
        }
        let types = self.type_order();
        if !types.is_empty() {
            self.s("\n");
        }
        for t in types {
            self.ty(t);
            self.s(" = type ");
            match m.types.body(t) {
                Some(b) => {
                    let b = b.clone();
                    self.struct_body(&b.elems, b.packed);
                }
                None => self.s("opaque"),
            }
            self.s("\n");
        }
        // Like LLVM, print only the comdats some global object is in, in the order of first
        // use: functions first, then variables (LLVM's `global_objects()`).
        let mut comdats: Vec<&str> = Vec::new();
        {
            let mut seen = rustc_hash::FxHashSet::default();
            for funcs in [true, false] {
                for g in m.live_globals() {
                    let gl = &m.globals[g];
                    let is_fn = matches!(gl.kind, GlobalKind::Function(_));
                    if is_fn != funcs || matches!(gl.kind, GlobalKind::Alias(_)) {
                        continue;
                    }
                    let c = gl.common();
                    let name = match (c.comdat.as_deref(), c.name.as_str()) {
                        (Some(""), Some(n)) => n,
                        (Some(cd), _) if !cd.is_empty() => cd,
                        _ => continue,
                    };
                    if seen.insert(name) {
                        comdats.push(name);
                    }
                }
            }
        }
        if !comdats.is_empty() {
            self.s("\n");
        }
        for (k, name) in comdats.iter().enumerate() {
            if k > 0 {
                self.s("\n");
            }
            let kind = m
                .comdats
                .iter()
                .find(|c| &*c.name == *name)
                .map_or("any", |c| &c.kind);
            self.name(b'$', name);
            self.s(" = comdat ");
            self.s(kind);
            self.s("\n");
        }
        let mut first = true;
        for g in m.live_globals() {
            if let GlobalKind::Var(v) = &m.globals[g].kind {
                if std::mem::take(&mut first) {
                    self.s("\n");
                }
                self.global_var(g, v);
                self.flush(out)?;
            }
        }
        for ifunc in [false, true] {
            let mut first = true;
            for g in m.live_globals() {
                if let GlobalKind::Alias(a) = &m.globals[g].kind {
                    if a.ifunc == ifunc {
                        if std::mem::take(&mut first) {
                            self.s("\n");
                        }
                        self.alias(g, a);
                        self.flush(out)?;
                    }
                }
            }
        }
        self.functions(out)?;
        let num = self.num;
        let groups: Vec<(u32, &[Attr])> = match num {
            Some(num) => num
                .attr_sets
                .iter()
                .enumerate()
                .map(|(k, a)| (k as u32, &**a))
                .collect(),
            None => m.attr_groups.iter().map(|(&g, a)| (g, &a[..])).collect(),
        };
        if !groups.is_empty() {
            self.s("\n");
        }
        for (id, attrs) in groups {
            let _ = write!(self.out, "attributes #{id} = {{ ");
            for a in attrs {
                self.attr(a);
                self.s(" ");
            }
            self.s("}\n");
        }
        if !m.named_md.is_empty() {
            self.s("\n");
        }
        for n in &m.named_md {
            self.md_name(&n.name);
            self.s(" = ");
            self.md_text(&n.text);
            self.s("\n");
            self.flush(out)?;
        }
        // Metadata can be a good part of a module's text: written as it goes, not gathered.
        let nodes: Box<dyn Iterator<Item = (u32, &crate::metadata::MdNode)>> = match num {
            Some(num) => Box::new(
                num.md_order
                    .iter()
                    .enumerate()
                    .map(|(k, &i)| (k as u32, &m.md_nodes[i])),
            ),
            None => Box::new(m.md_nodes.iter().map(|n| (n.id, n))),
        };
        let mut first = true;
        for (id, n) in nodes {
            if std::mem::take(&mut first) {
                self.s("\n");
            }
            self.s("!");
            self.num(id);
            self.s(" = ");
            // LLVM 22 reads a composite type with an ODR identifier as distinct (older
            // LLVMs, as rustc's, wrote it uniqued).
            if n.text.starts_with("!DICompositeType(")
                && memchr::memmem::find(n.text.as_bytes(), b", identifier: \"").is_some()
            {
                self.s("distinct ");
            }
            self.md_text(&n.text);
            self.s("\n");
            self.flush(out)?;
        }
        out.write_all(&self.out)?;
        self.out.clear();
        Ok(())
    }

    /// The identified structs to print, in the order LLVM's `TypeFinder` meets them (only
    /// those some global, function, instruction or constant uses; opt prints no others):
    /// numbered ones (`%0`) first, then named ones.
    fn type_order(&self) -> Vec<Type> {
        let m = self.m;
        let total = m.types.named_structs().len();
        if total == 0 {
            return Vec::new();
        }
        let mut tf = TypeFinder {
            m,
            seen_ty: vec![false; m.types.len()],
            seen_const: rustc_hash::FxHashSet::default(),
            found: Vec::new(),
            stack: Vec::new(),
        };
        tf.run(total);
        let (mut numbered, named): (Vec<Type>, Vec<Type>) = tf.found.into_iter().partition(|&t| {
            m.types
                .struct_name(t)
                .is_some_and(|n| n.bytes().all(|c| c.is_ascii_digit()))
        });
        numbered.extend(named);
        numbered
    }

    fn linkage_prefix(&mut self, c: &GlobalCommon, is_decl_var: bool) {
        if c.linkage != Linkage::External || is_decl_var {
            self.s(c.linkage.keyword());
            self.s(" ");
        }
        // LLVM's `isImplicitDSOLocal`: local linkage, or a non-default visibility (but for
        // extern_weak), makes a global dso_local without saying so.
        let implicit = c.linkage.is_local()
            || (c.visibility != Visibility::Default && c.linkage != Linkage::ExternWeak);
        if c.dso_local && !implicit {
            self.s("dso_local ");
        }
        match c.visibility {
            Visibility::Default => {}
            Visibility::Hidden => self.s("hidden "),
            Visibility::Protected => self.s("protected "),
        }
        match c.dll {
            DllStorage::Default => {}
            DllStorage::Import => self.s("dllimport "),
            DllStorage::Export => self.s("dllexport "),
        }
    }

    fn tls_and_unnamed(&mut self, c: &GlobalCommon) {
        if let Some(t) = &c.thread_local {
            if t.is_empty() {
                self.s("thread_local ");
            } else {
                let _ = write!(self.out, "thread_local({t}) ");
            }
        }
        match c.unnamed_addr {
            UnnamedAddr::None => {}
            UnnamedAddr::Local => self.s("local_unnamed_addr "),
            UnnamedAddr::Global => self.s("unnamed_addr "),
        }
    }

    fn section_comdat(&mut self, c: &GlobalCommon, comma: bool) {
        let sep = if comma { ", " } else { " " };
        if let Some(s) = &c.section {
            self.s(sep);
            self.s("section ");
            self.quoted(s.as_bytes());
        }
        if let Some(p) = &c.partition {
            self.s(sep);
            self.s("partition ");
            self.quoted(p.as_bytes());
        }
        if let Some(cd) = &c.comdat {
            self.s(sep);
            self.s("comdat");
            if !cd.is_empty() {
                self.s("(");
                self.name(b'$', cd);
                self.s(")");
            }
        }
    }

    fn global_var(&mut self, g: GlobalId, v: &GlobalVar) {
        self.global_name(g);
        self.s(" = ");
        self.linkage_prefix(&v.common, v.init.is_none());
        self.tls_and_unnamed(&v.common);
        if v.common.addrspace != 0 {
            let _ = write!(self.out, "addrspace({}) ", v.common.addrspace);
        }
        if v.externally_initialized {
            self.s("externally_initialized ");
        }
        self.s(if v.constant { "constant " } else { "global " });
        self.ty(v.value_ty);
        if let Some(init) = v.init {
            self.s(" ");
            self.constant(init);
        }
        self.section_comdat(&v.common, true);
        if let Some(a) = v.align {
            self.s(", align ");
            self.num(a);
        }
        for e in &v.extra {
            self.s(", ");
            self.s(e);
        }
        self.attachments(None, &v.md, ", ");
        self.attrs_after(&v.attrs);
        self.s("\n");
    }

    fn alias(&mut self, g: GlobalId, a: &Alias) {
        self.global_name(g);
        self.s(" = ");
        self.linkage_prefix(&a.common, false);
        self.tls_and_unnamed(&a.common);
        self.s(if a.ifunc { "ifunc " } else { "alias " });
        self.ty(a.value_ty);
        self.s(", ");
        // As LLVM prints it: an expression without its type.
        if matches!(self.m.consts.get(a.target), ConstData::Expr(_)) {
            self.constant(a.target);
        } else {
            self.typed_const(a.target);
        }
        if let Some(p) = &a.common.partition {
            self.s(", partition ");
            self.quoted(p.as_bytes());
        }
        self.attachments(None, &a.md, ", ");
        self.s("\n");
    }

    /// Assign slot numbers to the unnamed values of `f`.
    fn number(&mut self, f: &Function, body: &Body) {
        let mut n = 0u32;
        self.slots.args.clear();
        for p in &f.params {
            self.slots.args.push(n);
            if matches!(p.name, Name::Unnamed) {
                n += 1;
            }
        }
        for &b in &body.layout {
            if matches!(body.blocks[b].name, Name::Unnamed) {
                self.slots.blocks[b] = n;
                n += 1;
            }
            for &i in &body.blocks[b].insts {
                if matches!(body.inst_names[i], Name::Unnamed)
                    && !self.m.types.is_void(body.insts[i].ty)
                {
                    self.slots.insts[i] = n;
                    n += 1;
                }
            }
        }
    }

    fn function(&mut self, g: GlobalId, f: &Function) {
        let (ret, _, varargs) = self
            .m
            .types
            .func_parts(f.fn_ty)
            .expect("function has a function type");
        let own_group = self.num.and_then(|n| n.fn_group(g));
        match own_group {
            Some((_, attrs)) => self.fn_attrs_comment(&AttrSet::default(), attrs),
            None => self.fn_attrs_comment(&f.attrs.func, &[]),
        }
        if f.body.is_some() {
            self.s("define ");
        } else {
            // A declaration's attachments precede its header.
            self.s("declare");
            self.attachments(None, &f.md, " ");
            self.s(" ");
        }
        let is_extern_decl = false;
        self.linkage_prefix(&f.common, is_extern_decl);
        if let Some(cc) = &f.cc.0 {
            self.s(cc);
            self.s(" ");
        }
        self.attrs_before(&f.attrs.ret);
        self.ty(ret);
        self.s(" ");
        self.global_name(g);
        if let Some(body) = &f.body {
            self.number(f, body);
        }
        self.s("(");
        for (i, p) in f.params.iter().enumerate() {
            if i > 0 {
                self.s(", ");
            }
            self.ty(p.ty);
            if let Some(a) = f.attrs.params.get(i) {
                self.attrs_after(a);
            }
            if f.body.is_some() {
                if let Name::Named(n) = &p.name {
                    self.s(" ");
                    self.name(b'%', n);
                } else {
                    let _ = write!(self.out, " %{}", self.slots.args[i]);
                }
            }
        }
        if varargs {
            self.s(if f.params.is_empty() { "..." } else { ", ..." });
        }
        self.s(")");
        match f.common.unnamed_addr {
            UnnamedAddr::None => {}
            UnnamedAddr::Local => self.s(" local_unnamed_addr"),
            UnnamedAddr::Global => self.s(" unnamed_addr"),
        }
        if f.common.addrspace != 0 {
            let _ = write!(self.out, " addrspace({})", f.common.addrspace);
        }
        match own_group {
            Some((n, _)) => {
                self.s(" #");
                self.num(n);
            }
            None => self.attrs_after(&f.attrs.func),
        }
        self.section_comdat(&f.common, false);
        if let Some(a) = f.align {
            let _ = write!(self.out, " align {a}");
        }
        if let Some(gc) = &f.gc {
            self.s(" gc ");
            self.quoted(gc.as_bytes());
        }
        for (kw, c) in [
            ("prefix", f.prefix),
            ("prologue", f.prologue),
            ("personality", f.personality),
        ] {
            if let Some(c) = c {
                self.s(" ");
                self.s(kw);
                self.s(" ");
                self.typed_const(c);
            }
        }
        let Some(body) = &f.body else {
            self.s("\n");
            return;
        };
        self.attachments(None, &f.md, " ");
        self.s(" {\n");
        self.predecessors(body);
        for (k, &b) in body.layout.iter().enumerate() {
            let bd = &body.blocks[b];
            if k > 0 {
                self.s("\n");
            }
            let line_start = self.out.len();
            match &bd.name {
                Name::Named(n) => {
                    let b = n.as_bytes();
                    if is_plain_name(b) {
                        self.s(n);
                    } else {
                        self.quoted(b);
                    }
                    self.s(":");
                }
                Name::Unnamed if k > 0 => {
                    self.num(self.slots.blocks[b]);
                    self.s(":");
                }
                Name::Unnamed => {}
            }
            if k > 0 {
                // Like opt: the predecessors, in use-list order, from column 50.
                let col = self.out.len() - line_start;
                let pad = 50usize.saturating_sub(col).max(1);
                self.out.extend(std::iter::repeat_n(b' ', pad));
                let preds = std::mem::take(&mut self.preds[b.index()]);
                if preds.is_empty() {
                    self.s("; No predecessors!");
                } else {
                    self.s("; preds = ");
                    for (j, &p) in preds.iter().rev().enumerate() {
                        if j > 0 {
                            self.s(", ");
                        }
                        self.value(Some((f, body)), Value::Block(p));
                    }
                }
                self.preds[b.index()] = preds;
            }
            if k > 0 || !matches!(bd.name, Name::Unnamed) {
                self.s("\n");
            }
            for &i in &bd.insts {
                self.inst(f, body, i);
            }
        }
        self.s("}\n");
    }

    /// `; Function Attrs: ...` before a function, as opt prints it: the function's
    /// attributes but for the string ones, in their order.
    fn fn_attrs_comment(&mut self, set: &AttrSet, extra: &[Attr]) {
        let m = self.m;
        let groups = set.groups.iter().filter_map(|g| m.attr_groups.get(g));
        let mut any = false;
        for a in groups.flatten().chain(set.attrs.iter()).chain(extra) {
            if matches!(a, Attr::Str(..)) {
                continue;
            }
            self.s(if any { " " } else { "; Function Attrs: " });
            any = true;
            self.attr(a);
        }
        if any {
            self.s("\n");
        }
    }

    /// For each block of `body`, the blocks whose terminators name it, in the order they
    /// do (`self.preds`, indexed by block; opt lists them the other way round, as uses).
    fn predecessors(&mut self, body: &Body) {
        let n = body.blocks.len();
        for p in self.preds.iter_mut().take(n) {
            p.clear();
        }
        if self.preds.len() < n {
            self.preds.resize_with(n, Vec::new);
        }
        for &b in &body.layout {
            let Some(&t) = body.blocks[b].insts.last() else {
                continue;
            };
            let d = &body.insts[t];
            if !d.opcode.is_terminator() {
                continue;
            }
            for &v in &d.operands {
                if let Value::Block(s) = v {
                    self.preds[s.index()].push(b);
                }
            }
        }
    }

    fn dbg_record(&mut self, f: &Function, body: &Body, r: &DbgRecord) {
        self.s("    #dbg_");
        self.s(&r.kind);
        self.s("(");
        for (k, md) in r.ops.iter().enumerate() {
            if k > 0 {
                self.s(", ");
            }
            self.metadata(Some((f, body)), md);
        }
        self.s(")\n");
    }

    fn align(&mut self, a: Option<u64>) {
        if let Some(a) = a {
            self.s(", align ");
            self.num(a);
        }
    }

    fn scope_ordering(&mut self, scope: &Option<Box<str>>, o: Ordering) {
        if let Some(s) = scope {
            self.s(" syncscope(");
            self.quoted(s.as_bytes());
            self.s(")");
        }
        self.s(" ");
        self.s(o.keyword());
    }

    fn inst(&mut self, f: &Function, body: &Body, i: Inst) {
        let d = &body.insts[i];
        for r in d.debug.iter().flat_map(|x| x.records.iter()) {
            self.dbg_record(f, body, r);
        }
        self.s("  ");
        if !self.m.types.is_void(d.ty) {
            self.value(Some((f, body)), Value::Inst(i));
            self.s(" = ");
        }
        let fb = Some((f, body));
        let ops = &d.operands;
        use Opcode::*;
        match d.opcode {
            Call | Invoke | CallBr => return self.call(f, body, i),
            _ => {}
        }
        self.s(d.opcode.keyword());
        match d.opcode {
            Ret => {
                if let Some(&v) = ops.first() {
                    self.s(" ");
                    self.typed_value(f, body, v);
                } else {
                    self.s(" void");
                }
            }
            Br | Resume | Unreachable => {
                self.typed_operands(f, body, ops);
            }
            IndirectBr => {
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", [");
                for (k, &v) in ops[1..].iter().enumerate() {
                    if k > 0 {
                        self.s(", ");
                    }
                    self.typed_value(f, body, v);
                }
                self.s("]");
            }
            Switch => {
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", ");
                self.typed_value(f, body, ops[1]);
                self.s(" [\n");
                for pair in ops[2..].chunks(2) {
                    self.s("    ");
                    self.typed_value(f, body, pair[0]);
                    self.s(", ");
                    self.typed_value(f, body, pair[1]);
                    self.s("\n");
                }
                self.s("  ]");
            }
            CleanupRet => {
                self.s(" from ");
                self.value(fb, ops[0]);
                if ops.len() > 1 {
                    self.s(" unwind ");
                    self.typed_value(f, body, ops[1]);
                } else {
                    self.s(" unwind to caller");
                }
            }
            CatchRet => {
                self.s(" from ");
                self.value(fb, ops[0]);
                self.s(" to ");
                self.typed_value(f, body, ops[1]);
            }
            CatchSwitch => {
                self.s(" within ");
                self.value(fb, ops[0]);
                self.s(" [");
                let has_unwind = matches!(d.extra, InstExtra::HasUnwind(true));
                let end = if has_unwind { ops.len() - 1 } else { ops.len() };
                for (k, &v) in ops[1..end].iter().enumerate() {
                    if k > 0 {
                        self.s(", ");
                    }
                    self.typed_value(f, body, v);
                }
                self.s("] unwind ");
                if has_unwind {
                    self.typed_value(f, body, ops[end]);
                } else {
                    self.s("to caller");
                }
            }
            CatchPad | CleanupPad => {
                self.s(" within ");
                self.value(fb, ops[0]);
                self.s(" [");
                for (k, &v) in ops[1..].iter().enumerate() {
                    if k > 0 {
                        self.s(", ");
                    }
                    self.typed_value(f, body, v);
                }
                self.s("]");
            }
            FNeg => {
                self.fast_math(d.fmf);
                self.s(" ");
                self.typed_value(f, body, ops[0]);
            }
            op if op.is_binary() => {
                self.flags(op, d.flags);
                self.fast_math(d.fmf);
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", ");
                self.value(fb, ops[1]);
            }
            Alloca => {
                if let InstExtra::Alloca {
                    allocated,
                    align,
                    addrspace,
                    inalloca,
                    swifterror,
                } = &d.extra
                {
                    if *inalloca {
                        self.s(" inalloca");
                    }
                    if *swifterror {
                        self.s(" swifterror");
                    }
                    self.s(" ");
                    self.ty(*allocated);
                    if let Some(&n) = ops.first() {
                        self.s(", ");
                        self.typed_value(f, body, n);
                    }
                    self.align(align.map(u64::from));
                    if *addrspace != 0 {
                        let _ = write!(self.out, ", addrspace({addrspace})");
                    }
                }
            }
            Load => {
                if let InstExtra::Load { align, atomic } = &d.extra {
                    if atomic.is_some() {
                        self.s(" atomic");
                    }
                    if d.flags.has(Flags::VOLATILE) {
                        self.s(" volatile");
                    }
                    self.s(" ");
                    self.ty(d.ty);
                    self.s(", ");
                    self.typed_value(f, body, ops[0]);
                    if let Some(a) = atomic {
                        self.scope_ordering(&a.scope, a.ordering);
                    }
                    self.align(align.map(u64::from));
                }
            }
            Store => {
                if let InstExtra::Store { align, atomic } = &d.extra {
                    if atomic.is_some() {
                        self.s(" atomic");
                    }
                    if d.flags.has(Flags::VOLATILE) {
                        self.s(" volatile");
                    }
                    self.s(" ");
                    self.typed_value(f, body, ops[0]);
                    self.s(", ");
                    self.typed_value(f, body, ops[1]);
                    if let Some(a) = atomic {
                        self.scope_ordering(&a.scope, a.ordering);
                    }
                    self.align(align.map(u64::from));
                }
            }
            Fence => {
                if let InstExtra::Fence(a) = &d.extra {
                    self.scope_ordering(&a.scope, a.ordering);
                }
            }
            CmpXchg => {
                if let InstExtra::CmpXchg(x) = &d.extra {
                    let CmpXchgInfo {
                        weak,
                        success,
                        failure,
                        scope,
                        align,
                    } = &**x;
                    if *weak {
                        self.s(" weak");
                    }
                    if d.flags.has(Flags::VOLATILE) {
                        self.s(" volatile");
                    }
                    self.typed_operands(f, body, ops);
                    self.scope_ordering(scope, *success);
                    self.s(" ");
                    self.s(failure.keyword());
                    self.align(*align);
                }
            }
            AtomicRmw => {
                if let InstExtra::AtomicRmw(x) = &d.extra {
                    let AtomicRmwInfo {
                        op,
                        ordering,
                        scope,
                        align,
                    } = &**x;
                    if d.flags.has(Flags::VOLATILE) {
                        self.s(" volatile");
                    }
                    self.s(" ");
                    self.s(op);
                    self.typed_operands(f, body, ops);
                    self.scope_ordering(scope, *ordering);
                    self.align(*align);
                }
            }
            GetElementPtr => {
                self.flags(GetElementPtr, d.flags);
                if let InstExtra::Gep { source } = &d.extra {
                    self.s(" ");
                    self.ty(*source);
                }
                for &v in ops.iter() {
                    self.s(", ");
                    self.typed_value(f, body, v);
                }
            }
            op if op.is_cast() => {
                self.flags(op, d.flags);
                self.fast_math(d.fmf);
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(" to ");
                self.ty(d.ty);
            }
            ICmp | FCmp => {
                self.flags(d.opcode, d.flags);
                self.fast_math(d.fmf);
                if let InstExtra::Cmp(p) = d.extra {
                    self.s(" ");
                    self.s(p.name());
                }
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", ");
                self.value(fb, ops[1]);
            }
            Phi => {
                self.fast_math(d.fmf);
                self.s(" ");
                self.ty(d.ty);
                for (k, pair) in ops.chunks(2).enumerate() {
                    self.s(if k > 0 { ", [ " } else { " [ " });
                    self.value(fb, pair[0]);
                    self.s(", ");
                    self.value(fb, pair[1]);
                    self.s(" ]");
                }
            }
            Select => {
                self.fast_math(d.fmf);
                self.typed_operands(f, body, ops);
            }
            VAArg => {
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", ");
                self.ty(d.ty);
            }
            ExtractElement | InsertElement | Freeze => {
                self.typed_operands(f, body, ops);
            }
            ShuffleVector => {
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", ");
                self.typed_value(f, body, ops[1]);
                self.s(", ");
                if let InstExtra::Shuffle(mask) = &d.extra {
                    let scalable = self.m.types.vector_len(d.ty).map(|v| v.1);
                    self.shuffle_mask(mask, scalable);
                }
            }
            ExtractValue | InsertValue => {
                self.typed_operands(f, body, ops);
                if let InstExtra::Indices(idx) = &d.extra {
                    for x in idx {
                        let _ = write!(self.out, ", {x}");
                    }
                }
            }
            LandingPad => {
                self.s(" ");
                self.ty(d.ty);
                if let InstExtra::LandingPad(lp) = &d.extra {
                    if lp.cleanup {
                        self.s("\n          cleanup");
                    }
                    for (k, &v) in ops.iter().enumerate() {
                        self.s(if lp.filters[k] {
                            "\n          filter "
                        } else {
                            "\n          catch "
                        });
                        self.typed_value(f, body, v);
                    }
                }
            }
            _ => {}
        }
        self.inst_md(f, body, d);
        self.s("\n");
    }

    fn inst_md(&mut self, f: &Function, body: &Body, d: &InstData) {
        if let Some(dbg) = d.debug.as_ref().and_then(|x| x.loc.as_ref()) {
            self.s(", !dbg ");
            self.metadata(Some((f, body)), dbg);
        }
        self.attachments(Some((f, body)), &d.md, ", ");
    }

    fn call(&mut self, f: &Function, body: &Body, i: Inst) {
        let d = &body.insts[i];
        let Some(ci) = d.call_info() else { return };
        match ci.tail {
            TailKind::None => {}
            TailKind::Tail => self.s("tail "),
            TailKind::MustTail => self.s("musttail "),
            TailKind::NoTail => self.s("notail "),
        }
        self.s(d.opcode.keyword());
        self.fast_math(d.fmf);
        if let Some(cc) = &ci.cc.0 {
            self.s(" ");
            self.s(cc);
        }
        self.s(" ");
        self.attrs_before(&ci.attrs.ret);
        if let Some(a) = ci.addrspace {
            let _ = write!(self.out, "addrspace({a}) ");
        }
        let (ret, _, varargs) = self
            .m
            .types
            .func_parts(ci.fn_ty)
            .expect("call has a function type");
        // The callee's function type only for varargs, as LLVM (14 and 22) prints calls.
        if varargs {
            self.ty(ci.fn_ty);
        } else {
            self.ty(ret);
        }
        self.s(" ");
        let callee = *d.operands.last().expect("call has a callee");
        self.value(Some((f, body)), callee);
        self.s("(");
        let nargs = d.num_call_args();
        for k in 0..nargs {
            if k > 0 {
                self.s(", ");
            }
            let v = d.operands[k];
            if let Some(t) = self.value_ty(f, body, v) {
                self.ty(t);
            }
            if let Some(a) = ci.attrs.params.get(k) {
                self.attrs_after(a);
            }
            self.s(" ");
            self.value(Some((f, body)), v);
        }
        if ci.forwards_varargs {
            self.s(if nargs == 0 { "..." } else { ", ..." });
        }
        self.s(")");
        self.attrs_after(&ci.attrs.func);
        if !ci.bundles.is_empty() {
            self.s(" [ ");
            for (k, b) in ci.bundles.iter().enumerate() {
                if k > 0 {
                    self.s(", ");
                }
                self.quoted(b.tag.as_bytes());
                self.s("(");
                for (j, &v) in b.inputs.iter().enumerate() {
                    if j > 0 {
                        self.s(", ");
                    }
                    self.typed_value(f, body, v);
                }
                self.s(")");
            }
            self.s(" ]");
        }
        match d.opcode {
            Opcode::Invoke => {
                self.s("\n          to ");
                self.typed_value(f, body, d.operands[nargs]);
                self.s(" unwind ");
                self.typed_value(f, body, d.operands[nargs + 1]);
            }
            Opcode::CallBr => {
                self.s("\n          to ");
                self.typed_value(f, body, d.operands[nargs]);
                self.s(" [");
                let n = ci.indirect_dests as usize;
                for k in 0..n {
                    if k > 0 {
                        self.s(", ");
                    }
                    self.typed_value(f, body, d.operands[nargs + 1 + k]);
                }
                self.s("]");
            }
            _ => {}
        }
        self.inst_md(f, body, d);
        self.s("\n");
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

/// LLVM's `TypeFinder`, for the identified structs only: globals (value type, initializer),
/// aliases, ifuncs, then each function (its type, type attributes, personality and prefix
/// constants, then each instruction's type, constant operands, GEP source and allocated
/// types, call-site type attributes). Types are walked depth first, each marked when first
/// pushed, as LLVM's worklist does.
struct TypeFinder<'m> {
    m: &'m Module,
    seen_ty: Vec<bool>,
    seen_const: rustc_hash::FxHashSet<Const>,
    found: Vec<Type>,
    stack: Vec<Type>,
}

impl TypeFinder<'_> {
    fn ty(&mut self, t: Type) {
        if std::mem::replace(&mut self.seen_ty[t.index()], true) {
            return;
        }
        self.stack.push(t);
        while let Some(t) = self.stack.pop() {
            let types = &self.m.types;
            let push = |s: &mut Self, sub: Type| {
                if !std::mem::replace(&mut s.seen_ty[sub.index()], true) {
                    s.stack.push(sub);
                }
            };
            match types.get(t) {
                TypeData::Named(_) => {
                    self.found.push(t);
                    if let Some(b) = types.body(t) {
                        for &e in b.elems.iter().rev() {
                            push(self, e);
                        }
                    }
                }
                TypeData::Struct { elems, .. } => {
                    for &e in elems.iter().rev() {
                        push(self, e);
                    }
                }
                TypeData::Array(_, e) | TypeData::Vector { elem: e, .. } => push(self, *e),
                TypeData::TypedPtr(p, _) => push(self, *p),
                TypeData::Func { ret, params, .. } => {
                    for &p in params.iter().rev() {
                        push(self, p);
                    }
                    push(self, *ret);
                }
                TypeData::TargetExt { types: ts, .. } => {
                    for &p in ts.iter().rev() {
                        push(self, p);
                    }
                }
                _ => {}
            }
        }
    }

    fn constant(&mut self, c: Const) {
        let consts = &self.m.consts;
        if matches!(consts.get(c), ConstData::Global { .. }) || !self.seen_const.insert(c) {
            return;
        }
        self.ty(consts.ty(c));
        match consts.get(c) {
            ConstData::Array { elems, .. }
            | ConstData::Vector { elems, .. }
            | ConstData::Struct { elems, .. } => {
                for &e in elems.iter() {
                    self.constant(e);
                }
            }
            ConstData::Splat { elem, .. } => self.constant(*elem),
            ConstData::PtrAuth { ops, .. } => {
                for &e in ops.iter() {
                    self.constant(e);
                }
            }
            ConstData::Expr(e) => {
                if let Some(s) = e.source_ty {
                    self.ty(s);
                }
                for &o in e.ops.iter() {
                    self.constant(o);
                }
            }
            _ => {}
        }
    }

    fn value(&mut self, body: &Body, v: Value) {
        match v {
            Value::Const(c) => self.constant(c),
            Value::Md(md) => self.metadata(body, &body.md_args[md]),
            _ => {}
        }
    }

    fn metadata(&mut self, body: &Body, md: &Metadata) {
        match md {
            Metadata::Value(_, v) => self.value(body, *v),
            Metadata::ArgList(items) => {
                for (_, v) in items {
                    self.value(body, *v);
                }
            }
            _ => {}
        }
    }

    fn attrs(&mut self, set: &AttrSet) {
        for a in &set.attrs {
            if let Attr::Type(_, t) = a {
                self.ty(*t);
            }
        }
    }

    fn run(&mut self, total: usize) {
        let m = self.m;
        for g in m.live_globals() {
            if let GlobalKind::Var(v) = &m.globals[g].kind {
                self.ty(v.value_ty);
                if let Some(i) = v.init {
                    self.constant(i);
                }
            }
        }
        for ifunc in [false, true] {
            for g in m.live_globals() {
                if let GlobalKind::Alias(a) = &m.globals[g].kind {
                    if a.ifunc == ifunc {
                        self.ty(a.value_ty);
                        if !ifunc {
                            self.constant(a.target);
                        }
                    }
                }
            }
        }
        for g in m.live_globals() {
            if self.found.len() == total {
                return;
            }
            let GlobalKind::Function(f) = &m.globals[g].kind else {
                continue;
            };
            self.ty(f.fn_ty);
            self.attrs(&f.attrs.func);
            self.attrs(&f.attrs.ret);
            for p in &f.attrs.params {
                self.attrs(p);
            }
            for c in [f.personality, f.prefix, f.prologue].into_iter().flatten() {
                self.constant(c);
            }
            let Some(body) = &f.body else { continue };
            for &b in &body.layout {
                for &i in &body.blocks[b].insts {
                    let d = &body.insts[i];
                    self.ty(d.ty);
                    if let Some(ci) = d.call_info() {
                        let n = d.num_call_args();
                        for &v in &d.operands[..n] {
                            self.value(body, v);
                        }
                        for bu in &ci.bundles {
                            for &v in &bu.inputs {
                                self.value(body, v);
                            }
                        }
                        for &v in &d.operands[n..] {
                            self.value(body, v);
                        }
                    } else {
                        for &v in &d.operands {
                            self.value(body, v);
                        }
                    }
                    match &d.extra {
                        InstExtra::Gep { source } => self.ty(*source),
                        InstExtra::Alloca { allocated, .. } => self.ty(*allocated),
                        InstExtra::Call(ci) => {
                            self.attrs(&ci.attrs.func);
                            self.attrs(&ci.attrs.ret);
                            for p in &ci.attrs.params {
                                self.attrs(p);
                            }
                        }
                        _ => {}
                    }
                    if let Some(dbg) = &d.debug {
                        for r in dbg.records.iter() {
                            for md in &r.ops {
                                self.metadata(body, md);
                            }
                        }
                    }
                }
            }
        }
    }
}
