//! `cmp_constants`: constants the way LLVM 22 uniques them.
//!
//! Our pool hash-conses constants as written, but LLVM canonicalises when it builds them, and
//! `cmpConstants` sees only the canonical form. So before comparing, a constant is viewed as the
//! LLVM class it would be ([`Canon`]):
//!
//! - `zeroinitializer`, `{ i32 0, i32 0 }`, `[2 x ptr] [ptr null, ptr null]`, `c"\00\00"` and an
//!   empty aggregate are all `ConstantAggregateZero` (a scalar `zeroinitializer` is its null);
//! - an aggregate whose elements are all `poison` (all `undef`) is `poison` (`undef`);
//! - `c"ab"`, `[i8 97, i8 98]` and `<2 x i8> splat (i8 ...)`-like element lists of
//!   `i8/i16/i32/i64/half/bfloat/float/double` are `ConstantDataArray`/`ConstantDataVector`,
//!   compared by their raw little-endian bytes;
//! - a fixed-length `splat` is the vector of its repeated element (so it equals the explicit
//!   vector); a scalable `splat` of a non-trivial value is LLVM's
//!   `shufflevector (insertelement ...)` constant expression.
//!
//! Constant expressions are compared as written; LLVM folds some of them when parsing, which
//! only matters for hand-written IR (text LLVM printed is already folded).

use super::{FunctionComparator, TyRef, Val};
use crate::layout::is_data_float;
use crate::llvm;
use crate::slots;
use mergefn_ir::inst::Opcode;
use mergefn_ir::{
    ApInt, Const, ConstData, ConstExpr, FloatKind, GlobalId, GlobalKind, Type, TypeData,
};
use smallvec::SmallVec;
use std::cmp::Ordering;

/// A constant as the comparator sees it: one of the pool's, or one LLVM materialises on its
/// own (an alloca's implicit `i32 1`, a `ptrauth`'s default discriminators, a constant read
/// from metadata text).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum CRef {
    Pool(Const),
    Int { bits: u32, value: u64 },
    NullPtr(u32),
    Global(GlobalId),
}

/// Elements of an aggregate: a list of the pool's constants, or one repeated.
#[derive(Copy, Clone)]
enum Elems<'m> {
    List(&'m [Const]),
    Splat(Const, u64),
}

impl Elems<'_> {
    fn len(&self) -> u64 {
        match self {
            Elems::List(l) => l.len() as u64,
            Elems::Splat(_, n) => *n,
        }
    }
    fn get(&self, i: u64) -> Const {
        match self {
            Elems::List(l) => l[i as usize],
            Elems::Splat(c, _) => *c,
        }
    }
}

/// The LLVM class of a constant after LLVM's canonicalisation, with what `cmpConstants` reads.
enum Canon<'m> {
    Undef,
    Poison,
    AggregateZero,
    /// `ConstantDataArray` (`vector: false`) or `ConstantDataVector`; bytes via `raw_data`.
    Data {
        vector: bool,
    },
    Int(ApInt),
    Float(FloatKind, u128),
    TargetNone,
    PointerNull,
    TokenNone,
    Array(Elems<'m>),
    Struct(&'m [Const]),
    Vector(Elems<'m>),
    Global(GlobalId),
    BlockAddress {
        func: Const,
        block: &'m str,
    },
    Expr(&'m ConstExpr),
    /// A scalable `splat` of a non-trivial element: LLVM's `shufflevector` constant expression.
    ScalableSplat(Const),
    DsoLocalEquivalent(Const),
    NoCfi(Const),
    PtrAuth(&'m [Const]),
}

/// `Value::getValueID()` in LLVM 22's order.
fn value_id(m: &mergefn_ir::Module, c: &Canon) -> u64 {
    match c {
        Canon::Undef => 0,
        Canon::Poison => 1,
        Canon::AggregateZero => 2,
        Canon::Data { vector: false } => 3,
        Canon::Data { vector: true } => 4,
        Canon::Int(_) => 5,
        Canon::Float(..) => 6,
        Canon::TargetNone => 7,
        Canon::PointerNull => 8,
        Canon::TokenNone => 9,
        Canon::Array(_) => 10,
        Canon::Struct(_) => 11,
        Canon::Vector(_) => 12,
        Canon::Global(g) => match &m.globals[*g].kind {
            GlobalKind::Function(_) => 13,
            GlobalKind::Alias(a) if a.ifunc => 15,
            GlobalKind::Alias(_) => 14,
            GlobalKind::Var(_) => 16,
        },
        Canon::BlockAddress { .. } => 17,
        Canon::Expr(_) | Canon::ScalableSplat(_) => 18,
        Canon::DsoLocalEquivalent(_) => 19,
        Canon::NoCfi(_) => 20,
        Canon::PtrAuth(_) => 21,
    }
}

/// What the element checks of `ConstantArray::get` and friends need to know of an element.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Class {
    Undef,
    Poison,
    Null,
    /// A `ConstantInt` or `ConstantFP` that is not null.
    Number,
    Other,
}

/// Whether `ConstantDataSequential` can hold elements of type `t`.
fn is_data_element(d: &TypeData) -> bool {
    match d {
        TypeData::Int(n) | TypeData::Byte(n) => matches!(n, 8 | 16 | 32 | 64),
        TypeData::Float(k) => is_data_float(*k),
        _ => false,
    }
}

impl<'m, 'g> FunctionComparator<'m, 'g> {
    /// The canonical LLVM class of `c`.
    fn canon(&self, c: CRef) -> Canon<'m> {
        let m = self.m;
        let c = match c {
            CRef::Pool(c) => c,
            CRef::Int { bits, value } => return Canon::Int(ApInt::from_u64(bits, value)),
            CRef::NullPtr(_) => return Canon::PointerNull,
            CRef::Global(g) => return Canon::Global(g),
        };
        match m.consts.get(c) {
            ConstData::Int { val, .. } => Canon::Int(val.clone()),
            ConstData::Float { ty, bits } => match m.types.get(*ty) {
                TypeData::Float(k) => Canon::Float(*k, *bits),
                _ => Canon::Float(FloatKind::Double, *bits),
            },
            ConstData::Null(_) => Canon::PointerNull,
            ConstData::None(_) => Canon::TokenNone,
            ConstData::Undef(_) => Canon::Undef,
            ConstData::Poison(_) => Canon::Poison,
            ConstData::Zero(ty) => self.null_of(*ty),
            ConstData::Bytes { bytes, .. } => {
                if bytes.iter().all(|&b| b == 0) {
                    Canon::AggregateZero
                } else {
                    Canon::Data { vector: false }
                }
            }
            ConstData::Array { ty, elems } => self.canon_sequence(*ty, Elems::List(elems), false),
            ConstData::Vector { ty, elems } => self.canon_sequence(*ty, Elems::List(elems), true),
            ConstData::Splat { ty, elem } => {
                let (len, scalable) = m.types.vector_len(*ty).unwrap_or((0, false));
                if scalable {
                    match self.class(*elem) {
                        Class::Null => Canon::AggregateZero,
                        Class::Poison => Canon::Poison,
                        Class::Undef => Canon::Undef,
                        _ => Canon::ScalableSplat(*elem),
                    }
                } else {
                    self.canon_sequence(*ty, Elems::Splat(*elem, len as u64), true)
                }
            }
            ConstData::Struct { elems, .. } => {
                let classes = || elems.iter().map(|&e| self.class(e));
                if classes().all(|k| k == Class::Null) {
                    Canon::AggregateZero
                } else if classes().all(|k| k == Class::Poison) {
                    Canon::Poison
                } else if classes().all(|k| k == Class::Undef) {
                    Canon::Undef
                } else {
                    Canon::Struct(elems)
                }
            }
            ConstData::Global { global, .. } => Canon::Global(*global),
            ConstData::Expr(e) => Canon::Expr(e),
            ConstData::BlockAddress { func, block, .. } => {
                Canon::BlockAddress { func: *func, block }
            }
            ConstData::DsoLocalEquivalent { func, .. } => Canon::DsoLocalEquivalent(*func),
            ConstData::NoCfi { func, .. } => Canon::NoCfi(*func),
            ConstData::PtrAuth { ops, .. } => Canon::PtrAuth(ops),
        }
    }

    /// `Constant::getNullValue(ty)`.
    fn null_of(&self, ty: Type) -> Canon<'m> {
        match self.m.types.get(ty) {
            TypeData::Int(n) | TypeData::Byte(n) => Canon::Int(ApInt::zero(*n)),
            TypeData::Float(k) => Canon::Float(*k, 0),
            TypeData::Ptr(_) | TypeData::TypedPtr(..) => Canon::PointerNull,
            TypeData::Token => Canon::TokenNone,
            TypeData::TargetExt { .. } => Canon::TargetNone,
            _ => Canon::AggregateZero,
        }
    }

    /// `ConstantArray::get` / `ConstantVector::get` over elements all of type `ty`'s element:
    /// empty or all null is zero, all poison is poison, all undef is undef, all numbers of a
    /// data-compatible type is a data sequence; otherwise an aggregate of the elements.
    fn canon_sequence(&self, ty: Type, elems: Elems<'m>, vector: bool) -> Canon<'m> {
        let n = elems.len();
        if n == 0 {
            return Canon::AggregateZero;
        }
        let classes: SmallVec<[Class; 16]> = match elems {
            Elems::List(l) => l.iter().map(|&e| self.class(e)).collect(),
            Elems::Splat(e, _) => smallvec::smallvec![self.class(e)],
        };
        let all = |k: Class| classes.iter().all(|&c| c == k);
        if all(Class::Poison) {
            return Canon::Poison;
        }
        if all(Class::Undef) {
            return Canon::Undef;
        }
        if all(Class::Null) {
            return Canon::AggregateZero;
        }
        let data_type = self
            .m
            .types
            .element(ty)
            .is_some_and(|e| is_data_element(self.m.types.get(e)));
        if data_type
            && classes
                .iter()
                .all(|&c| matches!(c, Class::Null | Class::Number))
        {
            return Canon::Data { vector };
        }
        if vector {
            Canon::Vector(elems)
        } else {
            Canon::Array(elems)
        }
    }

    fn class(&self, c: Const) -> Class {
        match self.canon(CRef::Pool(c)) {
            Canon::Undef => Class::Undef,
            Canon::Poison => Class::Poison,
            k if is_null(&k) => Class::Null,
            Canon::Int(_) | Canon::Float(..) => Class::Number,
            _ => Class::Other,
        }
    }

    /// The raw bytes of a data sequence, element by element, little-endian.
    fn raw_data(&self, c: CRef) -> SmallVec<[u8; 64]> {
        let m = self.m;
        let mut out = SmallVec::new();
        let Some(c) = self.pool_const(c) else {
            return out;
        };
        let push = |out: &mut SmallVec<[u8; 64]>, e: Const| {
            let width = (m.types.primitive_bits(m.consts.ty(e)) / 8) as usize;
            let bits: u128 = match self.canon(CRef::Pool(e)) {
                Canon::Int(v) => v.words[0] as u128,
                Canon::Float(_, b) => b,
                _ => 0,
            };
            out.extend_from_slice(&bits.to_le_bytes()[..width]);
        };
        match m.consts.get(c) {
            ConstData::Bytes { bytes, .. } => out.extend_from_slice(bytes),
            ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } => {
                elems.iter().for_each(|&e| push(&mut out, e))
            }
            ConstData::Splat { ty, elem } => {
                for _ in 0..m.types.vector_len(*ty).map_or(0, |v| v.0) {
                    push(&mut out, *elem);
                }
            }
            _ => {}
        }
        out
    }

    /// The total order over constants (LLVM's `cmpConstants`), most significant first:
    /// 1. bitcastability: if the types differ (`cmp_types`), non-first-class types are less
    ///    than first-class ones; vectors order by bit width and equal widths are bitcastable;
    ///    pointers are greater than non-pointers and order by address space; anything else
    ///    keeps the type order;
    /// 2. null values are greater than non-null ones (two nulls keep the type order);
    /// 3. two globals by [`GlobalNumbers`](crate::GlobalNumbers);
    /// 4. LLVM value IDs (kind of constant);
    /// 5. contents: data sequences by raw bytes (`cmp_mem`), integers by `cmp_apints`, floats by
    ///    `cmp_apfloats`, aggregates by length then elements, expressions by opcode, operands
    ///    and flags, block addresses by function then block, `dso_local_equivalent` and
    ///    `no_cfi` by global, `ptrauth` by its four operands.
    pub(crate) fn cmp_constants(&mut self, l: CRef, r: CRef) -> Ordering {
        let (tl, tr) = (self.const_type(l), self.const_type(r));
        let types = self.quietly(|s| s.cmp_types(tl, tr));
        if types.is_ne() {
            let o = self.cmp_bitcastability(tl, tr, types);
            if o.is_ne() {
                return self.decided(o, "cmp_constants", |s| {
                    format!(
                        "{} and {} have types that do not bitcast losslessly",
                        s.describe_const(l),
                        s.describe_const(r)
                    )
                });
            }
        }
        let (cl, cr) = (self.canon(l), self.canon(r));
        let (nl, nr) = (is_null(&cl), is_null(&cr));
        if nl || nr {
            let o = if nl && nr { types } else { nl.cmp(&nr) };
            return self.decided(o, "cmp_constants", |s| {
                format!(
                    "null-ness or type of {} vs {}",
                    s.describe_const(l),
                    s.describe_const(r)
                )
            });
        }
        if let (Canon::Global(a), Canon::Global(b)) = (&cl, &cr) {
            return self.cmp_global_values(*a, *b);
        }
        let o = value_id(self.m, &cl).cmp(&value_id(self.m, &cr));
        if o.is_ne() {
            return self.decided(o, "cmp_constants", |s| {
                format!(
                    "kinds of constant: {} vs {}",
                    s.describe_const(l),
                    s.describe_const(r)
                )
            });
        }
        let o = match (cl, cr) {
            (Canon::Data { .. }, Canon::Data { .. }) => {
                let (a, b) = (self.raw_data(l), self.raw_data(r));
                self.cmp_mem(&a, &b)
            }
            (Canon::Undef, _) | (Canon::Poison, _) | (Canon::TokenNone, _) => types,
            (Canon::Int(a), Canon::Int(b)) => self.cmp_apints(&a, &b),
            (Canon::Float(ka, a), Canon::Float(kb, b)) => self.cmp_apfloats(ka, a, kb, b),
            (Canon::Array(a), Canon::Array(b)) | (Canon::Vector(a), Canon::Vector(b)) => {
                return self.cmp_elems(a, b, l, r)
            }
            (Canon::Struct(a), Canon::Struct(b)) => {
                return self.cmp_elems(Elems::List(a), Elems::List(b), l, r)
            }
            (Canon::Expr(a), Canon::Expr(b)) => return self.cmp_exprs(a, b, l, r),
            (Canon::ScalableSplat(a), Canon::ScalableSplat(b)) => {
                return self.cmp_constants(CRef::Pool(a), CRef::Pool(b))
            }
            (Canon::ScalableSplat(_), Canon::Expr(e)) => self.splat_vs_expr(e),
            (Canon::Expr(e), Canon::ScalableSplat(_)) => self.splat_vs_expr(e).reverse(),
            (
                Canon::BlockAddress {
                    func: fa,
                    block: ba,
                },
                Canon::BlockAddress {
                    func: fb,
                    block: bb,
                },
            ) => {
                return self.cmp_block_addresses((fa, ba), (fb, bb));
            }
            (Canon::DsoLocalEquivalent(a), Canon::DsoLocalEquivalent(b))
            | (Canon::NoCfi(a), Canon::NoCfi(b)) => {
                let (ga, gb) = (self.m.consts.as_global(a), self.m.consts.as_global(b));
                match (ga, gb) {
                    (Some(ga), Some(gb)) => return self.cmp_global_values(ga, gb),
                    _ => return self.cmp_constants(CRef::Pool(a), CRef::Pool(b)),
                }
            }
            (Canon::PtrAuth(a), Canon::PtrAuth(b)) => return self.cmp_ptrauth(a, b),
            _ => Ordering::Equal,
        };
        self.decided(o, "cmp_constants", |s| {
            format!("{} vs {}", s.describe_const(l), s.describe_const(r))
        })
    }

    /// Step 1 of `cmp_constants` for constants of different types: `Equal` when LLVM would
    /// treat the types as losslessly bitcastable (vectors of one width, or pointers — the
    /// latter only reachable through the quirk that returns "greater" for two pointers),
    /// otherwise the order of the types' bitcastability classes.
    fn cmp_bitcastability(&self, tl: TyRef, tr: TyRef, types: Ordering) -> Ordering {
        let (fl, fr) = (self.is_first_class(tl), self.is_first_class(tr));
        if !fl {
            return if fr { Ordering::Less } else { types };
        }
        if !fr {
            return Ordering::Greater;
        }
        let (wl, wr) = (self.vector_bits(tl), self.vector_bits(tr));
        if wl != wr {
            return wl.cmp(&wr);
        }
        if wl == 0 {
            let (pl, pr) = (self.pointer_addrspace(tl), self.pointer_addrspace(tr));
            if let (Some(a), Some(b)) = (pl, pr) {
                if a != b {
                    return a.cmp(&b);
                }
            }
            if pl.is_some() {
                return Ordering::Greater;
            }
            if pr.is_some() {
                return Ordering::Less;
            }
            return types;
        }
        Ordering::Equal
    }

    /// Aggregates of one kind: element count, then elements by `cmp_constants`.
    fn cmp_elems(&mut self, a: Elems<'m>, b: Elems<'m>, l: CRef, r: CRef) -> Ordering {
        let o = a.len().cmp(&b.len());
        if o.is_ne() {
            return self.decided(o, "cmp_constants", |s| {
                format!(
                    "aggregate sizes: {} vs {}",
                    s.describe_const(l),
                    s.describe_const(r)
                )
            });
        }
        for i in 0..a.len() {
            let o = self.cmp_constants(CRef::Pool(a.get(i)), CRef::Pool(b.get(i)));
            if o.is_ne() {
                return o;
            }
        }
        Ordering::Equal
    }

    /// Constant expressions: opcode, operand count, operands (`cmp_constants`; no serial
    /// numbers, so a self-reference inside an expression is just a global), then for `getelementptr`
    /// the source element type, the no-wrap flags and `inrange`, for `add`/`sub` `nuw` then
    /// `nsw`. Other flags and shuffle masks are not compared, as in LLVM 22.
    fn cmp_exprs(&mut self, a: &'m ConstExpr, b: &'m ConstExpr, l: CRef, r: CRef) -> Ordering {
        let o = llvm::opcode_number(a.op)
            .cmp(&llvm::opcode_number(b.op))
            .then(a.ops.len().cmp(&b.ops.len()));
        if o.is_ne() {
            return self.decided(o, "cmp_constants", |s| {
                format!(
                    "expressions {} vs {}",
                    s.describe_const(l),
                    s.describe_const(r)
                )
            });
        }
        for (&x, &y) in a.ops.iter().zip(&b.ops) {
            let o = self.cmp_constants(CRef::Pool(x), CRef::Pool(y));
            if o.is_ne() {
                return o;
            }
        }
        if let (Some(pa), Some(pb)) = (a.pred, b.pred) {
            let o = pa.0.cmp(&pb.0);
            if o.is_ne() {
                return self.decided(o, "cmp_constants", |_| {
                    format!("predicates {} vs {}", pa.name(), pb.name())
                });
            }
        }
        if a.op == Opcode::GetElementPtr {
            if let (Some(sa), Some(sb)) = (a.source_ty, b.source_ty) {
                let o = self.cmp_types(TyRef::Id(sa), TyRef::Id(sb));
                if o.is_ne() {
                    return o;
                }
            }
            let o = llvm::gep_nowrap_bits(a.flags).cmp(&llvm::gep_nowrap_bits(b.flags));
            let o = o.then_with(|| match (a.inrange, b.inrange) {
                (Some(x), Some(y)) => self.cmp_inrange(x, y, a),
                (x, y) => x.is_some().cmp(&y.is_some()),
            });
            if o.is_ne() {
                return self.decided(o, "cmp_constants", |s| {
                    format!(
                        "getelementptr flags or inrange: {} vs {}",
                        s.describe_const(l),
                        s.describe_const(r)
                    )
                });
            }
        }
        if matches!(a.op, Opcode::Add | Opcode::Sub) {
            use mergefn_ir::Flags;
            let o = a
                .flags
                .has(Flags::NUW)
                .cmp(&b.flags.has(Flags::NUW))
                .then(a.flags.has(Flags::NSW).cmp(&b.flags.has(Flags::NSW)));
            return self.decided(o, "cmp_constants", |s| {
                format!(
                    "wrap flags: {} vs {}",
                    s.describe_const(l),
                    s.describe_const(r)
                )
            });
        }
        Ordering::Equal
    }

    /// `inrange(lo, hi)` as LLVM's `ConstantRange` of the index width: lower, then upper bound,
    /// each as an unsigned number.
    fn cmp_inrange(&self, a: (i64, i64), b: (i64, i64), e: &ConstExpr) -> Ordering {
        let addrspace = e
            .ops
            .first()
            .and_then(|&p| {
                self.m
                    .types
                    .pointer_addrspace(self.m.types.scalar(self.m.consts.ty(p)))
            })
            .unwrap_or(0);
        let bits = self.layout().index_size_bits(addrspace).min(64);
        let mask = |v: i64| {
            if bits == 64 {
                v as u64
            } else {
                v as u64 & ((1u64 << bits) - 1)
            }
        };
        mask(a.0).cmp(&mask(b.0)).then(mask(a.1).cmp(&mask(b.1)))
    }

    /// A scalable `splat` against a written-out constant expression: by opcode (the splat is a
    /// `shufflevector`), then the splat first. LLVM would also look inside; written-out splat
    /// expressions do not occur in LLVM 22 output.
    fn splat_vs_expr(&self, e: &ConstExpr) -> Ordering {
        llvm::opcode_number(Opcode::ShuffleVector)
            .cmp(&llvm::opcode_number(e.op))
            .then(Ordering::Less)
    }

    /// Block addresses: the functions by [`cmp_values`](Self::cmp_values) (so the compared
    /// functions' own addresses pair up); blocks of one function by their position in it;
    /// blocks of the two compared functions by serial number.
    fn cmp_block_addresses(
        &mut self,
        (fa, ba): (Const, &'m str),
        (fb, bb): (Const, &'m str),
    ) -> Ordering {
        let saved = std::mem::replace(&mut self.self_refs_interchangeable, true);
        let o = self.cmp_values(Val::Const(CRef::Pool(fa)), Val::Const(CRef::Pool(fb)));
        self.self_refs_interchangeable = saved;
        if o.is_ne() {
            return o;
        }
        let m = self.m;
        let (ga, gb) = (m.consts.as_global(fa), m.consts.as_global(fb));
        let find = |g: Option<GlobalId>, name: &str| {
            g.and_then(|g| m.function(g))
                .and_then(|f| slots::find_block(m, f, name).map(|b| (f, b)))
        };
        match (find(ga, ba), find(gb, bb)) {
            (Some((f, x)), Some((_, y))) if ga == gb => {
                let pos = |b| {
                    f.body
                        .as_ref()
                        .and_then(|body| body.layout.iter().position(|&l| l == b))
                };
                let o = pos(x).cmp(&pos(y));
                self.decided(o, "cmp_constants", |_| {
                    format!("blockaddress blocks %{ba} vs %{bb}")
                })
            }
            (Some((_, x)), Some((_, y))) => self.cmp_values(Val::Block(x), Val::Block(y)),
            _ => {
                let o = ba.cmp(bb);
                self.decided(o, "cmp_constants", |_| {
                    format!("blockaddress blocks %{ba} vs %{bb}")
                })
            }
        }
    }

    /// `ptrauth`: pointer, key, discriminator, address discriminator (absent ones are LLVM's
    /// defaults `i64 0` and `ptr null`). The deactivation symbol is not compared.
    fn cmp_ptrauth(&mut self, a: &'m [Const], b: &'m [Const]) -> Ordering {
        let op = |ops: &[Const], i: usize| match (ops.get(i), i) {
            (Some(&c), _) => CRef::Pool(c),
            (None, 2) => CRef::Int { bits: 64, value: 0 },
            (None, _) => CRef::NullPtr(0),
        };
        for i in 0..4 {
            let o = self.cmp_constants(op(a, i), op(b, i));
            if o.is_ne() {
                return o;
            }
        }
        Ordering::Equal
    }

    /// Integers: bit width, then value as unsigned.
    pub(crate) fn cmp_apints(&self, l: &ApInt, r: &ApInt) -> Ordering {
        l.bits
            .cmp(&r.bits)
            .then_with(|| l.words.iter().rev().cmp(r.words.iter().rev()))
    }

    /// Floats: semantics first (precision, largest and smallest exponent, size — compared as
    /// LLVM does, as unsigned 64-bit numbers), then the bit pattern as an integer.
    pub(crate) fn cmp_apfloats(&self, kl: FloatKind, l: u128, kr: FloatKind, r: u128) -> Ordering {
        let sem = |k: FloatKind| -> [u64; 4] {
            let (precision, max_exp, min_exp, bits): (u64, i64, i64, u64) = match k {
                FloatKind::Half => (11, 15, -14, 16),
                FloatKind::BFloat => (8, 127, -126, 16),
                FloatKind::Float => (24, 127, -126, 32),
                FloatKind::Double => (53, 1023, -1022, 64),
                FloatKind::X86Fp80 => (64, 16383, -16382, 80),
                FloatKind::Fp128 => (113, 16383, -16382, 128),
                FloatKind::PpcFp128 => (106, 1023, -969, 128),
            };
            [precision, max_exp as u64, min_exp as u64, bits]
        };
        sem(kl).cmp(&sem(kr)).then(l.cmp(&r))
    }

    pub(crate) fn describe_const(&self, c: CRef) -> String {
        crate::describe::constant(self.m, c)
    }
}

/// `Constant::isNullValue`: zero integers, +0.0, `zeroinitializer` aggregates, `null`,
/// `none` and target `zeroinitializer`.
fn is_null(c: &Canon) -> bool {
    match c {
        Canon::Int(v) => v.is_zero(),
        Canon::Float(_, b) => *b == 0,
        Canon::AggregateZero | Canon::PointerNull | Canon::TokenNone | Canon::TargetNone => true,
        _ => false,
    }
}
