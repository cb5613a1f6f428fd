//! Values and constants: integer and floating-point literals, aggregates, `inline asm`,
//! constant expressions (casts, `getelementptr`, binary operators, ...), and the operator
//! flags (`nuw`, `inbounds`, fast-math, ...) that constant expressions share with
//! instructions.

use super::{token_offset, PResult, Parser, UNKNOWN_AS};
use crate::constant::{ApInt, Const, ConstData, ConstExpr};
use crate::inst::*;
use crate::lexer::{Tok, Token};
use crate::module::*;
use crate::types::{FloatKind, Type, TypeData};
use crate::value::Value;
use smallvec::SmallVec;

impl<'a> Parser<'a> {
    pub(super) fn parse_const(&mut self, ty: Type) -> PResult<Const> {
        let t = self.tok;
        match self.parse_value(ty)? {
            Value::Const(c) => Ok(c),
            _ => self.error_at(token_offset(t), "expected a constant value"),
        }
    }

    pub(super) fn typed_const(&mut self) -> PResult<Const> {
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
            let v = match prefix {
                // As LLVM's lexer splits them: x86_fp80 takes 4 digits of sign and exponent,
                // then up to 16 of significand; fp128 and ppc_fp128 16 digits (when there are
                // as many) then up to 16 more. Digits past those are dropped.
                b'K' | b'L' | b'M' => {
                    let first = if prefix == b'K' { 4 } else { 16 };
                    let (hi, lo) = if digits.len() >= first || prefix == b'K' {
                        digits.split_at(first.min(digits.len()))
                    } else {
                        ("", digits)
                    };
                    let word = |d: &str| {
                        let d = &d[..d.len().min(16)];
                        if d.is_empty() {
                            Some(0)
                        } else {
                            u64::from_str_radix(d, 16).ok()
                        }
                    };
                    word(hi)
                        .zip(word(lo))
                        .map(|(hi, lo)| (u128::from(hi) << 64) | u128::from(lo))
                }
                _ => u128::from_str_radix(digits, 16).ok(),
            };
            let v = v.map_or_else(
                || self.error_at(token_offset(t), "malformed hexadecimal float"),
                Ok,
            )?;
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
                (b'0', FloatKind::Half | FloatKind::BFloat) if v >> 64 == 0 => {
                    // A double's bits, taken when the 16-bit type holds them exactly (a NaN
                    // with its payload's top bits), as LLVM converts them.
                    let half = kind == FloatKind::Half;
                    let (p, emin, emax) = if half { (11, -14, 15) } else { (8, -126, 127) };
                    let d = f64::from_bits(v as u64);
                    let small = if d.is_nan() {
                        nan_to_small(v as u64, p - 1)
                    } else {
                        exact_small_float(d, p, emin, emax)
                    };
                    small.map(u128::from).ok_or(()).or_else(|_| {
                        self.error_at(token_offset(t), "floating point constant invalid for type")
                    })
                }
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
    pub(super) fn parse_value(&mut self, ty: Type) -> PResult<Value> {
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
                let used_as = self.m.types.pointer_addrspace(ty).unwrap_or(UNKNOWN_AS);
                let g = self.global_ref(t, used_as);
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
                let val = if let Some(h) = s.strip_prefix("u0x") {
                    ApInt::parse_hex(bits, h)
                } else if let Some(h) = s.strip_prefix("s0x") {
                    ApInt::parse_signed_hex(bits, h)
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
            "undef" | "poison" | "zeroinitializer"
                if matches!(tyd, TypeData::Named(_)) && self.m.types.body(ty).is_none() =>
            {
                // An opaque struct (or one whose body comes later in the text) has no size:
                // LLVM's parser refuses a constant of it, with these words.
                let what = match w {
                    "zeroinitializer" => "null",
                    other => other,
                };
                return self.err(format!("invalid type for {what} constant"));
            }
            "zeroinitializer"
                if matches!(&tyd, TypeData::TargetExt { name, .. }
                    if !crate::types::target_type_info(name).zero_init) =>
            {
                // Only target types with a zero value take one (LLVM's `HasZeroInit`).
                return self.err("invalid type for null constant");
            }
            "undef" => ConstData::Undef(ty),
            "poison" => ConstData::Poison(ty),
            // LLVM's null value of the type: a scalar's is the plain constant (`i32 0`, what
            // an `immarg` takes), a pointer's `null`.
            "zeroinitializer" => match tyd {
                TypeData::Int(bits) => ConstData::Int {
                    ty,
                    val: ApInt::zero(bits),
                },
                TypeData::Float(_) => ConstData::Float { ty, bits: 0 },
                _ if self.m.types.is_pointer(ty) => ConstData::Null(ty),
                _ => ConstData::Zero(ty),
            },
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
    pub(super) fn const_expr(&mut self, want: Option<Type>, t: Token) -> PResult<Value> {
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
                let func_at = token_offset(self.tok);
                let func = if self.tok.kind == Tok::Global {
                    let g = self.bump();
                    let global = self.global_ref(g, UNKNOWN_AS);
                    self.m.consts.intern(ConstData::Global { ty, global })
                } else {
                    self.typed_const()?
                };
                self.expect(Tok::Comma, "','")?;
                let b = self.expect(Tok::Local, "a block name")?;
                let block = self.name_of(b);
                self.expect(Tok::RParen, "')'")?;
                let c = self
                    .m
                    .consts
                    .intern(ConstData::BlockAddress { ty, func, block });
                self.block_addresses.push((c, func_at, token_offset(b)));
                return Ok(Value::Const(c));
            }
            "dso_local_equivalent" | "no_cfi" => {
                self.bump();
                let g = self.expect(Tok::Global, "a global")?;
                let used_as = self.m.types.pointer_addrspace(ty).unwrap_or(UNKNOWN_AS);
                let gid = self.global_ref(g, used_as);
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
                // LLParser's operand checks: base pointer, i32 key, i64 integer discriminator,
                // pointer address discriminator.
                let types = &self.m.types;
                let is_int = |c: Const, bits: u32| {
                    matches!(self.m.consts.get(c), ConstData::Int { .. })
                        && matches!(types.get(self.m.consts.ty(c)), TypeData::Int(b) if *b == bits)
                };
                let is_ptr = |c: Const| types.is_pointer(self.m.consts.ty(c));
                let msg = if !is_ptr(ops[0]) {
                    Some("constant ptrauth base pointer must be a pointer")
                } else if !ops.get(1).is_some_and(|&k| is_int(k, 32)) {
                    Some("constant ptrauth key must be i32 constant")
                } else if ops.get(2).is_some_and(|&d| !is_int(d, 64)) {
                    Some("constant ptrauth integer discriminator must be i64 constant")
                } else if ops.get(3).is_some_and(|&a| !is_ptr(a)) {
                    Some("constant ptrauth address discriminator must be a pointer")
                } else {
                    None
                };
                if let Some(msg) = msg {
                    return self.error_at(token_offset(t), msg);
                }
                return Ok(Value::Const(
                    self.m.consts.intern(ConstData::PtrAuth { ty, ops }),
                ));
            }
            _ => {}
        }
        let Some(op) = Opcode::from_keyword(w) else {
            return self.error_at(token_offset(t), format!("expected a value, found '{w}'"));
        };
        // LLVM 22 keeps only these as constant expressions; LLVM 14 IR (typed pointers) may
        // hold any, as LLVM 14 read them.
        if !self.m.typed_pointers
            && !matches!(
                op,
                Opcode::Add
                    | Opcode::Sub
                    | Opcode::Xor
                    | Opcode::Trunc
                    | Opcode::PtrToInt
                    | Opcode::PtrToAddr
                    | Opcode::IntToPtr
                    | Opcode::BitCast
                    | Opcode::AddrSpaceCast
                    | Opcode::GetElementPtr
                    | Opcode::ExtractElement
                    | Opcode::InsertElement
                    | Opcode::ShuffleVector
            )
        {
            return self.error_at(
                token_offset(t),
                format!("{w} constexprs are no longer supported"),
            );
        }
        self.bump();
        let mut e = ConstExpr::new(op, ty);
        if op.is_cast() {
            self.cast_flags(op, &mut e.flags);
            self.expect(Tok::LParen, "'('")?;
            e.ops.push(self.typed_const()?);
            self.expect_word("to")?;
            let to = self.parse_type()?;
            self.expect(Tok::RParen, "')'")?;
            let from = self.m.consts.ty(e.ops[0]);
            if !self.m.types.cast_is_valid(op, from, to) {
                return self.error_at(token_offset(t), self.invalid_cast(from, to));
            }
            if want.is_some_and(|w| w != to) {
                return self.error_at(
                    token_offset(t),
                    "constant expression type does not match its use",
                );
            }
            e.ty = to;
        } else if op == Opcode::GetElementPtr {
            self.gep_flags(&mut e.flags);
            // Taken now: an operand may be a GEP with its own.
            e.inrange = self.gep_inrange.take();
            self.expect(Tok::LParen, "'('")?;
            let source = self.parse_type()?;
            e.source_ty = Some(source);
            while self.eat(Tok::Comma) {
                if self.is_word("inrange") {
                    // LLVM ≤ 18 marks one index `inrange`; LLVM 22 reads that in LLVM 14's
                    // typed-pointer IR only (as we do), and refuses it at the word.
                    if !self.m.typed_pointers {
                        return self.err("expected ')' in constantexpr");
                    }
                    self.bump();
                    e.inrange_index = Some(e.ops.len() as u32);
                }
                e.ops.push(self.typed_const()?);
            }
            self.expect(Tok::RParen, "')'")?;
            let Some(&base) = e.ops.first() else {
                return self.error_at(token_offset(t), "getelementptr needs a base pointer");
            };
            if e.ops.len() > 1 && !self.m.types.is_sized(source, &mut self.sized_structs) {
                return self.error_at(
                    token_offset(t),
                    "base element of getelementptr must be sized",
                );
            }
            // A constant's offset must be known while reading (LLVM's
            // `ConstantExpr::isSupportedGetElementPtr`); an instruction may step over one.
            if self.m.types.is_scalable(source) {
                return self.error_at(
                    token_offset(t),
                    "invalid base element for constant getelementptr",
                );
            }
            let base_ty = self.m.consts.ty(base);
            let lanes = e
                .ops
                .iter()
                .filter_map(|&c| self.m.types.vector_len(self.m.consts.ty(c)));
            if lanes.clone().any(|l| Some(l) != lanes.clone().next()) {
                return self.error_at(
                    token_offset(t),
                    "getelementptr vector index has a wrong number of elements",
                );
            }
            let idx: SmallVec<[Option<u64>; 4]> = e.ops[1..]
                .iter()
                .map(|&c| self.const_index(Value::Const(c)))
                .collect();
            let result = self
                .gep_result(source, base_ty, &idx, None)
                .ok_or_else(|| {
                    self.make_error(token_offset(t), "invalid getelementptr indices".into())
                })?;
            if want.is_none() {
                e.ty = result;
            }
            // All indices zero: the base pointer itself, as LLVM's constant folder makes it
            // while reading (with opaque pointers such a GEP changes nothing).
            let zero = |c: Const| match self.m.consts.get(c) {
                ConstData::Int { ty, val } => {
                    !val.words.iter().any(|&w| w != 0) && self.m.types.vector_len(*ty).is_none()
                }
                ConstData::Zero(ty) => matches!(self.m.types.get(*ty), TypeData::Int(_)),
                _ => false,
            };
            if !self.m.typed_pointers
                && e.inrange.is_none()
                && e.inrange_index.is_none()
                && e.ty == base_ty
                && e.ops[1..].iter().all(|&c| zero(c))
            {
                return Ok(Value::Const(base));
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
            // Two integers fold to one as LLVM's constant folder makes it while reading
            // (`inttoptr (i64 add (i64 4096, i64 8) to ptr)` is `inttoptr (i64 4104 to ptr)`),
            // wrapping whatever the flags say.
            if let [a, b] = e.ops[..] {
                if let (ConstData::Int { ty, val: x }, ConstData::Int { ty: ty_b, val: y }) =
                    (self.m.consts.get(a), self.m.consts.get(b))
                {
                    let folded = match op {
                        _ if ty != ty_b || x.bits != y.bits => None,
                        Opcode::Add | Opcode::Sub if !self.m.typed_pointers => {
                            Some(x.wrapping_add(y, op == Opcode::Sub))
                        }
                        Opcode::Xor if !self.m.typed_pointers => Some(x.xor(y)),
                        _ => None,
                    };
                    if let Some(val) = folded {
                        let ty = *ty;
                        return Ok(Value::Const(
                            self.m.consts.intern(ConstData::Int { ty, val }),
                        ));
                    }
                }
            }
        } else {
            return self.error_at(
                token_offset(t),
                format!("'{w}' is not a constant expression in LLVM 22"),
            );
        }
        Ok(Value::Const(
            self.m.consts.intern(ConstData::Expr(Box::new(e))),
        ))
    }

    pub(super) fn shuffle_mask(&mut self, c: Const, off: u32) -> PResult<Vec<i32>> {
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

    pub(super) fn cast_flags(&mut self, op: Opcode, f: &mut Flags) {
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

    pub(super) fn gep_flags(&mut self, f: &mut Flags) {
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

    pub(super) fn binop_flags(&mut self, op: Opcode, f: &mut Flags) {
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

    pub(super) fn fast_math(&mut self) -> FastMath {
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
}

/// The bits of `d` in a 16-bit IEEE-style format with `p` significand bits (the implicit one
/// included) and normal exponents `emin..=emax` (half: 11, -14, 15; bfloat: 8, -126, 127),
/// when `d` is exactly representable there; `None` otherwise (LLVM's "invalid for type").
/// The 16-bit NaN (`mant_bits` of mantissa) with double NaN `bits`' sign and the top of its
/// payload, or `None` when the payload's lower bits would be lost.
fn nan_to_small(bits: u64, mant_bits: u32) -> Option<u16> {
    let drop = 52 - mant_bits;
    let payload = bits & ((1 << 52) - 1);
    if payload & ((1 << drop) - 1) != 0 {
        return None;
    }
    let exp_all = (1u16 << (15 - mant_bits)) - 1;
    let sign = ((bits >> 63) as u16) << 15;
    Some(sign | exp_all << mant_bits | (payload >> drop) as u16)
}

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
