//! Instructions: one line of a body, from its opcode to its trailing `, align N` and
//! metadata attachments (`inst_body`), with calls, invokes and the other call-like
//! instructions (`call_like`), atomics' orderings and sync scopes, and operands.

use super::attrs::AttrPos;
use super::{token_offset, Key, PResult, Parser};
use crate::attr::{AttrList, AttrSet};
use crate::constant::ConstData;
use crate::inst::*;
use crate::lexer::{Lexer, Tok};
use crate::module::*;
use crate::types::{Type, TypeData};

/// What an `atomicrmw` operation takes: `xchg` any scalar, the `f` operations floating point,
/// the others integers.
#[derive(Clone, Copy)]
enum RmwClass {
    Xchg,
    Float,
    Int,
}
use crate::value::Value;
use smallvec::SmallVec;
use thin_vec::ThinVec;

impl<'a> Parser<'a> {
    /// Parse one instruction (with its optional `%name =`) and define its name.
    pub(super) fn instruction(&mut self) -> PResult<Inst> {
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
                let key = self.local_key(t);
                let numbered = !t.quoted && key.bytes().all(|c| c.is_ascii_digit());
                if numbered {
                    self.claim_number(t, &key, "instruction expected to be numbered '%")?;
                }
                let name = if numbered {
                    Name::Unnamed
                } else {
                    Name::Named(super::body::key_name(&key).into())
                };
                self.define_inst(key, name, data, t.start)
            }
            None if void => Ok(self.body.insts.push(data)),
            None => {
                // The next number, which an earlier operand may have named ahead (a `phi`
                // of old IR written without `%N =`): that forward reference resolves here.
                let key: Key<'a> = self.fs.next_num.to_string().into();
                self.fs.next_num = self.fs.next_num.wrapping_add(1);
                self.define_inst(key, Name::Unnamed, data, start)
            }
        }
    }

    pub(super) fn typed_value(&mut self) -> PResult<(Type, Value)> {
        let ty = self.parse_type()?;
        let v = self.parse_value(ty)?;
        Ok((ty, v))
    }

    pub(super) fn label_value(&mut self) -> PResult<Value> {
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

    fn is_aggregate(&self, t: Type) -> bool {
        matches!(
            self.m.types.get(t),
            TypeData::Array(..) | TypeData::Struct { .. } | TypeData::Named(_)
        )
    }

    /// Member `i` of an aggregate, as `extractvalue`/`insertvalue` index it (LLVM's
    /// `ExtractValueInst::getIndexedType`: struct fields and array elements in range).
    fn aggregate_member(&self, t: Type, i: u32) -> Option<Type> {
        match self.m.types.get(t) {
            TypeData::Array(n, e) => (u64::from(i) < *n).then_some(*e),
            TypeData::Struct { .. } | TypeData::Named(_) => self.m.types.member(t, u64::from(i)),
            _ => None,
        }
    }

    /// LLParser's checks of an `atomicrmw` operand's type: scalar, of the operation's class,
    /// and stored in a power-of-two number of bytes.
    fn atomicrmw_operand_error(&self, op: &str, class: RmwClass, ty: Type) -> Option<String> {
        let types = &self.m.types;
        if matches!(types.get(ty), TypeData::Vector { scalable: true, .. }) {
            return Some("atomicrmw operand may not be scalable".into());
        }
        let scalar = types.scalar(ty);
        let is_vector = scalar != ty;
        let is_int = matches!(types.get(ty), TypeData::Int(_));
        let is_fp = matches!(types.get(scalar), TypeData::Float(_));
        let ok = match class {
            RmwClass::Xchg => is_int || (is_fp && !is_vector) || types.is_pointer(ty),
            RmwClass::Float => is_fp,
            RmwClass::Int => is_int,
        };
        if !ok {
            let what = match class {
                RmwClass::Xchg => "an integer, floating point, or pointer type",
                RmwClass::Float => "a floating point type",
                RmwClass::Int => "an integer",
            };
            return Some(format!("atomicrmw {op} operand must be {what}"));
        }
        let bits = match types.pointer_addrspace(scalar) {
            Some(a) => u64::from(self.m.pointer_bits(a)),
            None => types.primitive_bits(scalar),
        };
        let lanes = types.vector_len(ty).map_or(1, |(n, _)| u64::from(n));
        // The store size: whole bytes.
        let size = (bits * lanes).div_ceil(8) * 8;
        (size < 8 || !size.is_power_of_two())
            .then(|| "atomicrmw operand must be power-of-two byte-sized integer".into())
    }

    /// LLParser's rules for `load atomic` and `store atomic`: an explicit alignment, and an
    /// ordering that makes sense for the access (no release load, no acquire store).
    fn check_atomic_access(
        &self,
        ordering: Ordering,
        align: Option<u64>,
        at: u32,
        what: &str,
    ) -> PResult<()> {
        let wrong = match what {
            "load" => matches!(ordering, Ordering::Release | Ordering::AcqRel),
            _ => matches!(ordering, Ordering::Acquire | Ordering::AcqRel),
        };
        if wrong {
            let name = if what == "load" { "Release" } else { "Acquire" };
            return Err(self.make_error(at, format!("atomic {what} cannot use {name} ordering")));
        }
        if align.is_none_or(|a| a == 0) {
            return Err(self.make_error(
                at,
                format!("atomic {what} must have explicit non-zero alignment"),
            ));
        }
        Ok(())
    }

    /// LLVM's `SelectInst::areInvalidOperands` for a select on a `cond` of values of types
    /// `a` and `b`, which LLParser reports at the condition.
    fn select_operands_problem(&self, cond: Type, a: Type, b: Type) -> Option<&'static str> {
        let types = &self.m.types;
        let i1 = |t: Type| matches!(types.get(t), TypeData::Int(1));
        if a != b {
            return Some("both values to select must have same type");
        }
        if matches!(types.get(a), TypeData::Token) {
            return Some("select values cannot have token type");
        }
        match types.vector_len(cond) {
            Some(lanes) => {
                if !i1(types.scalar(cond)) {
                    Some("vector select condition element type must be i1")
                } else if types.vector_len(a).is_none() {
                    Some("selected values for vector select must be vectors")
                } else if types.vector_len(a) != Some(lanes) {
                    Some("vector select requires selected vectors to have the same vector length as select condition")
                } else {
                    None
                }
            }
            None => (!i1(cond)).then_some("select condition must be i1 or <n x i1>"),
        }
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
            let mut d = self.call_like(Opcode::Call, tk == TailKind::MustTail, true)?;
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
                // `void` alone, or the start of a type (`ret void ()* null` in old IR).
                let ty = self.parse_result_type()?;
                if !self.m.types.is_void(ty) {
                    d.operands.push(self.parse_value(ty)?);
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
                return self.call_like(op, false, false);
            }
            Call => {
                self.tok = t;
                self.lex.pos = t.end as usize;
                return self.call_like(op, false, false);
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
                let ty_at = token_offset(self.tok);
                let allocated = self.parse_type()?;
                if !self.m.types.may_be_in_memory(allocated) {
                    return Err(self.make_error(ty_at, "invalid type for alloca".into()));
                }
                let mut align = None;
                let mut addrspace = 0;
                // In LLParser's order: a size, an alignment, an address space, metadata; what
                // is past its place is refused as LLParser refuses it.
                let mut seen_align = false;
                let mut seen_addrspace = false;
                while self.eat(Tok::Comma) {
                    if self.tok.kind == Tok::MetaName {
                        self.inst_md(&mut d)?;
                        continue;
                    }
                    if seen_addrspace || !d.md.is_empty() || d.debug.is_some() {
                        return self.err("expected metadata after comma");
                    }
                    if seen_align && !self.is_word("addrspace") {
                        return self.err("expected metadata or 'addrspace'");
                    }
                    if self.eat_word("align") {
                        align = Align::new(self.parse_align()?);
                        seen_align = true;
                    } else if self.is_word("addrspace") {
                        addrspace = self.opt_addrspace()?;
                        seen_addrspace = true;
                    } else {
                        d.operands.push(self.typed_value()?.1);
                    }
                }
                // With an alignment LLParser leaves sizes to the verifier (which knows every
                // type's body by then); without one the type must be sized here.
                if !seen_align && !self.m.types.is_sized(allocated, &mut self.sized_structs) {
                    return self.error_at(ty_at, "Cannot allocate unsized type");
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
                let ty_at = token_offset(self.tok);
                d.ty = self.parse_type()?;
                self.expect(Tok::Comma, "','")?;
                let ptr_at = token_offset(self.tok);
                let (ptr_ty, ptr) = self.typed_value()?;
                d.operands.push(ptr);
                let at = if atomic {
                    Some(Box::new(self.atomic()?))
                } else {
                    None
                };
                let align = self.trailing(&mut d, true)?;
                // LLParser's `isFirstClassType`, which LLVM 22 denies function types and
                // identified structs without a body (so far in the text).
                let first_class = match self.m.types.get(d.ty) {
                    TypeData::Func { .. } => false,
                    TypeData::Named(_) => self.m.types.body(d.ty).is_some(),
                    _ => true,
                };
                if !self.m.types.is_pointer(ptr_ty) || !first_class {
                    return self.error_at(
                        ptr_at,
                        "load operand must be a pointer to a first class type",
                    );
                }
                if let Some(a) = &at {
                    self.check_atomic_access(a.ordering, align, ptr_at, "load")?;
                }
                if align.is_none() && !self.m.types.is_sized(d.ty, &mut self.sized_structs) {
                    return self.error_at(ty_at, "loading unsized types is not allowed");
                }
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
                let val_at = token_offset(self.tok);
                let (val_ty, val) = self.typed_value()?;
                d.operands.push(val);
                self.expect(Tok::Comma, "','")?;
                d.operands.push(self.typed_value()?.1);
                let at = if atomic {
                    Some(Box::new(self.atomic()?))
                } else {
                    None
                };
                let align = self.trailing(&mut d, true)?;
                if let Some(a) = &at {
                    self.check_atomic_access(a.ordering, align, val_at, "store")?;
                }
                if align.is_none() && !self.m.types.is_sized(val_ty, &mut self.sized_structs) {
                    return self.error_at(val_at, "storing unsized types is not allowed");
                }
                d.extra = InstExtra::Store {
                    align: align.and_then(Align::new),
                    atomic: at,
                };
                return Ok(d);
            }
            Fence => {
                let at = self.atomic()?;
                match at.ordering {
                    Ordering::Unordered => return self.err("fence cannot be unordered"),
                    Ordering::Monotonic => return self.err("fence cannot be monotonic"),
                    _ => {}
                }
                d.extra = InstExtra::Fence(Box::new(at));
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
                let new_at = token_offset(self.tok);
                let (new_ty, new) = self.typed_value()?;
                if new_ty != ty {
                    return Err(self.make_error(
                        new_at,
                        "compare value and new value type do not match".into(),
                    ));
                }
                d.operands.push(new);
                let scope = self.sync_scope()?;
                let success_at = token_offset(self.tok);
                let success = self.ordering()?;
                let failure_at = token_offset(self.tok);
                let failure = self.ordering()?;
                // As LLVM's AtomicCmpXchgInst::isValidSuccessOrdering / isValidFailureOrdering.
                if matches!(success, Ordering::NotAtomic | Ordering::Unordered) {
                    return Err(
                        self.make_error(success_at, "invalid cmpxchg success ordering".into())
                    );
                }
                if matches!(
                    failure,
                    Ordering::NotAtomic
                        | Ordering::Unordered
                        | Ordering::Release
                        | Ordering::AcqRel
                ) {
                    return Err(
                        self.make_error(failure_at, "invalid cmpxchg failure ordering".into())
                    );
                }
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
                let class = match &*rop {
                    "xchg" => RmwClass::Xchg,
                    "fadd" | "fsub" | "fmax" | "fmin" | "fmaximum" | "fminimum" => RmwClass::Float,
                    "add" | "sub" | "and" | "nand" | "or" | "xor" | "max" | "min" | "umax"
                    | "umin" | "uinc_wrap" | "udec_wrap" | "usub_cond" | "usub_sat" => {
                        RmwClass::Int
                    }
                    _ => return self.error_at(o.start, "expected binary operation in atomicrmw"),
                };
                d.operands.push(self.typed_value()?.1);
                self.expect(Tok::Comma, "','")?;
                let val_at = token_offset(self.tok);
                let (ty, v) = self.typed_value()?;
                d.operands.push(v);
                d.ty = ty;
                let scope = self.sync_scope()?;
                let ordering = self.ordering()?;
                if ordering == Ordering::Unordered {
                    return self.err("atomicrmw cannot be unordered");
                }
                if let Some(msg) = self.atomicrmw_operand_error(&rop, class, ty) {
                    return Err(self.make_error(val_at, msg));
                }
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
                // LLParser's place for the checks of the whole: the base pointer.
                let mut base_at = None;
                while self.eat(Tok::Comma) {
                    if self.tok.kind == Tok::MetaName {
                        self.inst_md(&mut d)?;
                        while self.eat(Tok::Comma) {
                            self.inst_md(&mut d)?;
                        }
                        break;
                    }
                    let at = token_offset(self.tok);
                    let (ty, v) = self.typed_value()?;
                    if let Some(vl) = self.m.types.vector_len(ty) {
                        if any_vec.is_some_and(|a| a != vl) {
                            return self.error_at(
                                at,
                                "getelementptr vector index has a wrong number of elements",
                            );
                        }
                        any_vec = Some(vl);
                    }
                    if base_at.is_none() {
                        base_at = Some(at);
                    } else {
                        idx_consts.push(self.const_index(v));
                    }
                    d.operands.push(v);
                }
                let Some(base_at) = base_at else {
                    return self.err("getelementptr needs a base pointer");
                };
                if d.operands.len() > 1 && !self.m.types.is_sized(source, &mut self.sized_structs) {
                    return self.error_at(base_at, "base element of getelementptr must be sized");
                }
                if self.m.types.struct_fields(source).is_some() && self.m.types.is_scalable(source)
                {
                    return self.error_at(
                        base_at,
                        "getelementptr cannot target structure that contains scalable vector type",
                    );
                }
                let base_ty = self.value_type(d.operands[0]);
                d.ty = self
                    .gep_result(source, base_ty, &idx_consts, any_vec)
                    .ok_or_else(|| {
                        self.make_error(base_at, "invalid getelementptr indices".into())
                    })?;
                d.extra = InstExtra::Gep { source };
                return Ok(d);
            }
            _ if op.is_cast() => {
                self.cast_flags(op, &mut d.flags);
                if matches!(op, FPTrunc | FPExt) {
                    d.fmf = self.fast_math();
                }
                let (from, v) = self.typed_value()?;
                d.operands.push(v);
                self.expect_word("to")?;
                d.ty = self.parse_type()?;
                if !self.m.types.cast_is_valid(op, from, d.ty) {
                    return self.error_at(token_offset(t), self.invalid_cast(from, d.ty));
                }
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
                let ty_at = token_offset(self.tok);
                let ty = self.parse_type()?;
                self.check_fast_math_type(d.fmf, token_offset(t), "phi", ty)?;
                if matches!(
                    self.m.types.get(ty),
                    TypeData::Label | TypeData::Metadata | TypeData::Func { .. }
                ) {
                    return Err(
                        self.make_error(ty_at, "phi node must have first class type".into())
                    );
                }
                d.ty = ty;
                let l = self.m.types.label();
                // A phi of an unreachable block may have no incoming values (`phi i32`).
                while self.tok.kind == Tok::LSquare {
                    self.bump();
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
                let cond_at = token_offset(self.tok);
                let (cond_ty, c) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let (ty, a) = self.typed_value()?;
                self.expect(Tok::Comma, "','")?;
                let (b_ty, b) = self.typed_value()?;
                if let Some(msg) = self.select_operands_problem(cond_ty, ty, b_ty) {
                    return self.error_at(cond_at, msg);
                }
                self.check_fast_math_type(d.fmf, token_offset(t), "select", ty)?;
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
                let agg_at = token_offset(self.tok);
                let (ty, v) = self.typed_value()?;
                if !self.is_aggregate(ty) {
                    return Err(self
                        .make_error(agg_at, "extractvalue operand must be aggregate type".into()));
                }
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
                    cur = self.aggregate_member(cur, i).ok_or_else(|| {
                        self.make_error(agg_at, "invalid indices for extractvalue".into())
                    })?;
                    idx.push(i);
                }
                d.ty = cur;
                d.extra = InstExtra::Indices(ThinVec::from(idx));
            }
            InsertValue => {
                let agg_at = token_offset(self.tok);
                let (ty, v) = self.typed_value()?;
                if !self.is_aggregate(ty) {
                    return Err(self
                        .make_error(agg_at, "insertvalue operand must be aggregate type".into()));
                }
                self.expect(Tok::Comma, "','")?;
                let elt_at = token_offset(self.tok);
                let (ety, e) = self.typed_value()?;
                d.operands.extend([v, e]);
                let mut idx = Vec::new();
                let mut cur = Some(ty);
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
                    cur = cur.and_then(|c| self.aggregate_member(c, i));
                    idx.push(i);
                }
                match cur {
                    None => {
                        return Err(
                            self.make_error(agg_at, "invalid indices for insertvalue".into())
                        )
                    }
                    Some(field) if field != ety && !self.m.typed_pointers => {
                        let msg = format!(
                            "insertvalue operand and field disagree in type: '{}' instead of '{}'",
                            crate::writer::type_to_string(&self.m, ety),
                            crate::writer::type_to_string(&self.m, field)
                        );
                        return Err(self.make_error(elt_at, msg));
                    }
                    _ => {}
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
    pub(super) fn gep_result(
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
            // The indices past the first must lead into the source type, as LLVM's
            // `getIndexedType` checks: a constant struct index within the struct, any index
            // into an array or vector, nothing into anything else. (A struct index that is not
            // a constant integer here, such as a splat vector, ends the check.)
            let mut cur = source;
            for i in idx.iter().skip(1) {
                let is_struct = self.m.types.struct_fields(cur).is_some();
                cur = match (i, is_struct) {
                    (None, true) => break,
                    (Some(k), true) => self.m.types.member(cur, *k)?,
                    (_, false) => self.m.types.member(cur, 0)?,
                };
            }
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

    /// A GEP index as [`gep_result`](Self::gep_result) reads it: the value of a constant
    /// integer, `u64::MAX` for one that is not an `i32` (no struct index can be), `None` for
    /// anything else.
    pub(super) fn const_index(&self, v: Value) -> Option<u64> {
        match v {
            // LLVM's StructType::indexValid: never a scalable vector.
            Value::Const(c)
                if matches!(
                    self.m.types.get(self.m.consts.ty(c)),
                    TypeData::Vector { scalable: true, .. }
                ) =>
            {
                Some(u64::MAX)
            }
            Value::Const(c) => match self.m.consts.get(c) {
                ConstData::Int { ty, .. } | ConstData::Zero(ty)
                    if !matches!(
                        self.m.types.get(self.m.types.scalar(*ty)),
                        TypeData::Int(32)
                    ) =>
                {
                    Some(u64::MAX)
                }
                ConstData::Int { val, .. } => val.as_u64(),
                ConstData::Zero(_) => Some(0),
                // A vector of indices: its lanes must agree to index a struct.
                ConstData::Splat { elem, .. } => self.const_index(Value::Const(*elem)),
                ConstData::Vector { elems, .. } => {
                    let lanes: Vec<Option<u64>> = elems
                        .iter()
                        .map(|&e| self.const_index(Value::Const(e)))
                        .collect();
                    match lanes.first() {
                        Some(&first) if lanes.iter().all(|&l| l == first) => first,
                        Some(_) if lanes.iter().all(Option::is_some) => Some(u64::MAX),
                        _ => None,
                    }
                }
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

    /// Fast-math flags `fmf` on a `phi`, `select` or call (`what`) of result type `ty` make
    /// it one of LLVM's `FPMathOperator`s, which it must be: a floating-point scalar or
    /// vector, an array of those, or a literal struct of one such type repeated.
    fn check_fast_math_type(&self, fmf: FastMath, at: u32, what: &str, ty: Type) -> PResult<()> {
        if fmf.0 == 0 {
            return Ok(());
        }
        let types = &self.m.types;
        let float = |t: Type| matches!(types.get(t), TypeData::Float(_));
        let fp = |t: Type| match types.get(t) {
            TypeData::Vector { elem, .. } => float(*elem),
            _ => float(t),
        };
        let mut base = ty;
        while let TypeData::Array(_, elem) = types.get(base) {
            base = *elem;
        }
        let homogeneous = match types.get(ty) {
            TypeData::Struct { elems, .. } => elems
                .first()
                .is_some_and(|&e| fp(e) && elems.iter().all(|&x| x == e)),
            _ => false,
        };
        if fp(base) || homogeneous {
            return Ok(());
        }
        self.error_at(
            at,
            format!(
                "fast-math-flags specified for {what} without floating-point scalar or vector return type"
            ),
        )
    }

    /// `call`, `invoke`, `callbr`, starting at the opcode keyword.
    /// A call, invoke or callbr (`musttail`: the call carries that marker, which alone may
    /// forward the function's variable arguments with `...`, and in a varargs function must;
    /// `marked`: a tail-call marker comes before it).
    fn call_like(&mut self, op: Opcode, musttail: bool, marked: bool) -> PResult<InstData> {
        let t = self.bump();
        let void = self.m.types.void();
        let mut d = InstData::new(op, void);
        // Where LLVM reports fast-math flags on a call that is no floating-point operation:
        // at `call` after a tail marker, else at the token after it.
        let fmf_at = token_offset(if marked { t } else { self.tok });
        d.fmf = self.fast_math();
        let cc = self.calling_conv()?;
        let mut attrs = AttrList::default();
        self.attrs_into(&mut attrs.ret, AttrPos::Return)?;
        let addrspace = if self.is_word("addrspace") {
            Some(self.opt_addrspace()?)
        } else {
            None
        };
        let program_as = self.program_as;
        let ty_at = token_offset(self.tok);
        let ty = self.parse_result_type()?;
        if self.tok.kind == Tok::Global
            && matches!(
                self.cur_text(),
                "llvm.dbg.value" | "llvm.dbg.declare" | "llvm.dbg.assign"
            )
        {
            self.dbg_call_at.get_or_insert(ty_at);
        }
        let explicit_fn = self.m.types.func_parts(ty).is_some();
        // The callee: parse with a provisional pointer type; fixed up once arguments are known.
        let callee_state = (self.lex.pos, self.tok);
        let callee_is_asm = self.is_word("asm");
        let mut callee_raw: Option<Value> = None;
        if !callee_is_asm {
            if explicit_fn && !self.m.typed_pointers {
                let p = self.m.types.ptr(addrspace.unwrap_or(program_as));
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
                if self.tok.kind == Tok::DotDotDot {
                    let what = "unexpected ellipsis in argument list for ";
                    if !musttail {
                        return self.err(format!("{what}non-musttail call"));
                    }
                    if !self.fs.varargs {
                        return self.err(format!("{what}musttail call in non-varargs function"));
                    }
                    self.bump();
                    forwards_varargs = true;
                    break;
                }
                let aty_at = token_offset(self.tok);
                let aty = self.parse_type()?;
                self.check_argument_type(aty_at, aty)?;
                let mut pa = AttrSet::default();
                self.attrs_into(&mut pa, AttrPos::Param)?;
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
        if musttail && self.fs.varargs && !forwards_varargs {
            return self.error_at(
                self.prev_end() - 1,
                "expected '...' at end of argument list for musttail call in varargs function",
            );
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
        self.check_fast_math_type(d.fmf, fmf_at, "call", ret)?;
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
                self.m.types.pointer_to(
                    fn_ty,
                    addrspace.unwrap_or(program_as),
                    self.m.typed_pointers,
                )
            };
            let v = self.parse_value(cty)?;
            let _ = after_callee;
            self.lex.pos = save_pos;
            self.tok = save_tok;
            v
        };
        self.attrs_into(&mut attrs.func, AttrPos::CallSite)?;
        let mut bundles = Vec::new();
        if self.tok.kind == Tok::LSquare {
            self.bump();
            loop {
                let tag = self.expect_string()?;
                self.expect(Tok::LParen, "'('")?;
                let mut inputs = Vec::new();
                if !self.eat(Tok::RParen) {
                    loop {
                        // A bundle input may be metadata (`metadata !"release"`).
                        if self.is_word("metadata") {
                            self.bump();
                            let md = self.parse_metadata()?;
                            inputs.push(Value::Md(self.body.md_args.push(md)));
                            if !self.eat(Tok::Comma) {
                                break;
                            }
                            continue;
                        }
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
