//! Values and constants: constants and constant expressions (with LLVM's float
//! formatting), operands (`value`, typed operand lists), shuffle masks, and the operator
//! flags (`nuw`, `inbounds`, fast-math, ...) that constant expressions share with
//! instructions.

use super::Writer;
use crate::constant::{Const, ConstData};
use crate::function::{Body, Function};
use crate::inst::*;
use crate::module::*;
use crate::types::{Type, TypeData};
use crate::value::Value;
use std::io::{self, Write};

impl<'m> Writer<'m> {
    pub(super) fn typed_const(&mut self, c: Const) {
        self.ty(self.m.consts.ty(c));
        self.s(" ");
        self.constant(c);
    }

    pub(super) fn constant(&mut self, c: Const) {
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
                        let scalable = self.m.types.vector_len(e.ty).map(|v| v.1);
                        self.shuffle_mask(&e.mask, scalable);
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

    pub(super) fn shuffle_mask(&mut self, mask: &[i32], scalable: Option<bool>) {
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
    pub(super) fn flags(&mut self, op: Opcode, f: Flags) {
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

    pub(super) fn fast_math(&mut self, f: FastMath) {
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

    pub(super) fn value(&mut self, f: Option<(&Function, &Body)>, v: Value) {
        match v {
            Value::Const(c) => self.constant(c),
            Value::Arg(i) => {
                let Some((func, _)) = f else {
                    return self.s("%<arg>");
                };
                match &func.params[i as usize].name {
                    Name::Named(n) => self.local_name(n),
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
                    Name::Named(n) => self.local_name(n),
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
                    Name::Named(n) => self.local_name(n),
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

    pub(super) fn value_ty(&self, f: &Function, body: &Body, v: Value) -> Option<Type> {
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
    pub(super) fn typed_operands(&mut self, f: &Function, body: &Body, ops: &[Value]) {
        for (k, &v) in ops.iter().enumerate() {
            self.s(if k > 0 { ", " } else { " " });
            self.typed_value(f, body, v);
        }
    }

    pub(super) fn typed_value(&mut self, f: &Function, body: &Body, v: Value) {
        if let Some(t) = self.value_ty(f, body, v) {
            self.ty(t);
        }
        self.s(" ");
        self.value(Some((f, body)), v);
    }
}
