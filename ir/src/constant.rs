//! Constants, uniqued per module like LLVM's.
//!
//! A [`Const`] is a handle into the module's [`ConstPool`]. The pool hash-conses: building the
//! same constant twice returns the same handle, so "is the same constant" is a handle compare,
//! exactly like pointer equality of `llvm::Constant*`. Global values are constants too
//! ([`ConstData::Global`]), which is what lets `[ptr @f, ptr @g]` be a constant.

use crate::types::Type;
use crate::GlobalId;
use cranelift_entity::{entity_impl, PrimaryMap};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A handle to a uniqued constant.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Const(u32);
entity_impl!(Const, "c");

/// An arbitrary-width integer: little-endian 64-bit words, bits above the width are zero.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ApInt {
    /// Width in bits (LLVM's `APInt::getBitWidth`); at least 1.
    pub bits: u32,
    /// The value, least significant word first: `bits.div_ceil(64)` words (at least one), bits
    /// above `bits` zero.
    pub words: SmallVec<[u64; 1]>,
}

impl ApInt {
    /// The zero of width `bits`.
    pub fn zero(bits: u32) -> Self {
        ApInt {
            bits,
            words: SmallVec::from_elem(0, bits.div_ceil(64).max(1) as usize),
        }
    }

    /// `v` truncated to width `bits` (like `APInt(bits, v)` without sign extension).
    pub fn from_u64(bits: u32, v: u64) -> Self {
        let mut a = Self::zero(bits);
        a.words[0] = v;
        a.mask();
        a
    }

    /// Clear bits above the width.
    fn mask(&mut self) {
        let rem = self.bits % 64;
        let n = self.words.len();
        if rem != 0 {
            self.words[n - 1] &= (1u64 << rem) - 1;
        }
    }

    /// Whether every bit is zero.
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Value as u64 if it fits.
    pub fn as_u64(&self) -> Option<u64> {
        if self.words[1..].iter().all(|&w| w == 0) {
            Some(self.words[0])
        } else {
            None
        }
    }

    /// Sign-extended value as i64 if it fits.
    pub fn as_i64(&self) -> Option<i64> {
        if self.bits <= 64 {
            let shift = 64 - self.bits;
            Some(((self.words[0] << shift) as i64) >> shift)
        } else {
            let neg = self.is_negative();
            let fill = if neg { u64::MAX } else { 0 };
            let mut ext = self.words.clone();
            let rem = self.bits % 64;
            let last = ext.len() - 1;
            if rem != 0 && neg {
                ext[last] |= !((1u64 << rem) - 1);
            }
            if ext[1..].iter().all(|&w| w == fill) && ((ext[0] as i64) < 0) == neg {
                Some(ext[0] as i64)
            } else {
                None
            }
        }
    }

    /// Whether the sign bit (bit `bits - 1`) is set, reading the value as two's complement.
    pub fn is_negative(&self) -> bool {
        let top = self.bits - 1;
        (self.words[(top / 64) as usize] >> (top % 64)) & 1 == 1
    }

    /// Two's complement negation.
    pub fn negate(&mut self) {
        let mut carry = 1u128;
        for w in self.words.iter_mut() {
            let v = (!*w) as u128 + carry;
            *w = v as u64;
            carry = v >> 64;
        }
        self.mask();
    }

    /// `self + other` (`sub`: `self - other`), wrapping at the width both share.
    pub fn wrapping_add(&self, other: &ApInt, sub: bool) -> ApInt {
        let mut rhs = other.clone();
        if sub {
            rhs.negate();
        }
        let mut out = self.clone();
        let mut carry = 0u128;
        for (w, &r) in out.words.iter_mut().zip(&rhs.words) {
            let v = u128::from(*w) + u128::from(r) + carry;
            *w = v as u64;
            carry = v >> 64;
        }
        out.mask();
        out
    }

    /// `self ^ other`, at the width both share.
    pub fn xor(&self, other: &ApInt) -> ApInt {
        let mut out = self.clone();
        for (w, &r) in out.words.iter_mut().zip(&other.words) {
            *w ^= r;
        }
        out
    }

    /// Decimal literals may have at most this many significant digits: converting decimal is
    /// quadratic in the digit count, while hexadecimal (`u0x...`) writes any value, however
    /// wide, and reads in linear time.
    pub const MAX_DECIMAL_DIGITS: usize = 1 << 19;

    /// Parse decimal digits (optionally with leading '-') into an integer of `bits` width,
    /// wrapping like LLVM's parser does after its range check. Returns `None` on bad digits
    /// and on more than [`Self::MAX_DECIMAL_DIGITS`] significant digits.
    pub fn parse_decimal(bits: u32, text: &str) -> Option<Self> {
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text),
        };
        if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        // Leading zeros do not count, and neither do digits above the last `bits`: 10^bits is
        // a multiple of 2^bits, so they vanish in the wrapping.
        let digits = digits.trim_start_matches('0').as_bytes();
        let digits = &digits[digits.len().saturating_sub(bits as usize)..];
        if digits.len() > Self::MAX_DECIMAL_DIGITS {
            return None;
        }
        let mut a = Self::zero(bits);
        // Only the low `active` words can be nonzero yet; the rest need no multiplying.
        let mut active = 1;
        for chunk in digits.chunks(19) {
            let v = chunk
                .iter()
                .fold(0u64, |v, &c| v * 10 + u64::from(c - b'0'));
            let m = 10u128.pow(chunk.len() as u32);
            let mut carry = u128::from(v);
            for w in &mut a.words[..active] {
                let x = u128::from(*w) * m + carry;
                *w = x as u64;
                carry = x >> 64;
            }
            if carry != 0 && active < a.words.len() {
                a.words[active] = carry as u64;
                active += 1;
            }
        }
        a.mask();
        if neg {
            a.negate();
        }
        Some(a)
    }

    /// Parse hex digits (no prefix), wrapping at the width; linear in the digit count.
    pub fn parse_hex(bits: u32, digits: &str) -> Option<Self> {
        let mut a = Self::zero(bits);
        for (k, c) in digits.bytes().rev().enumerate() {
            let d = u64::from((c as char).to_digit(16)?);
            if let Some(w) = a.words.get_mut(k / 16) {
                *w |= d << ((k % 16) * 4);
            }
        }
        a.mask();
        Some(a)
    }

    /// Parse the hex digits of an `s0x...` constant at width `bits`: LLVM's lexer reads them
    /// as a signed number as wide as its significant bits, so any value but zero has its top
    /// bit set and is sign-extended (`i64 s0x0012312` is -56558).
    pub fn parse_signed_hex(bits: u32, digits: &str) -> Option<Self> {
        let mut a = Self::parse_hex(bits, digits)?;
        let significant = digits.trim_start_matches('0');
        let active = match significant.bytes().next() {
            Some(c) => {
                let top = (c as char).to_digit(16)?;
                (significant.len() as u32 - 1) * 4 + (32 - top.leading_zeros())
            }
            None => 0,
        };
        if active > 0 {
            for bit in active..bits {
                a.words[(bit / 64) as usize] |= 1 << (bit % 64);
            }
        }
        Some(a)
    }

    /// Values with more significant bits than this print in hexadecimal (see
    /// [`Self::to_signed_string`]).
    pub const MAX_DECIMAL_PRINT_BITS: usize = 4096;

    /// Signed decimal text, as LLVM prints integer constants. A value with more than
    /// [`Self::MAX_DECIMAL_PRINT_BITS`] significant bits prints as `u0x` and its bits in
    /// hexadecimal instead, which LLVM reads as the same value: converting to decimal takes
    /// time quadratic in the length, hours for the widest integers.
    pub fn to_signed_string(&self) -> String {
        if let Some(v) = self.as_i64() {
            return v.to_string();
        }
        let mut mag = self.clone();
        let neg = mag.is_negative();
        if neg {
            mag.negate();
        }
        // Words that may still be nonzero.
        let mut top = mag.words.iter().rposition(|&w| w != 0).map_or(0, |k| k + 1);
        if top * 64 > Self::MAX_DECIMAL_PRINT_BITS {
            return self.to_hex_string();
        }
        // Base-10^19 digits, least significant first.
        const BASE: u128 = 10_000_000_000_000_000_000;
        let mut chunks = Vec::new();
        while top > 0 {
            let mut rem = 0u128;
            for w in mag.words[..top].iter_mut().rev() {
                let cur = (rem << 64) | u128::from(*w);
                *w = (cur / BASE) as u64;
                rem = cur % BASE;
            }
            chunks.push(rem as u64);
            while top > 0 && mag.words[top - 1] == 0 {
                top -= 1;
            }
        }
        let mut out = String::from(if neg { "-" } else { "" });
        let mut chunks = chunks.iter().rev();
        if let Some(first) = chunks.next() {
            out += &first.to_string();
        }
        for c in chunks {
            out += &format!("{c:019}");
        }
        out
    }

    /// `u0x` and the bits in hexadecimal, as LLVM's reader takes integer constants too.
    pub fn to_hex_string(&self) -> String {
        let top = self.words.iter().rposition(|&w| w != 0).unwrap_or(0);
        let mut out = format!("u0x{:X}", self.words[top]);
        for w in self.words[..top].iter().rev() {
            out += &format!("{w:016X}");
        }
        out
    }
}

/// What a constant is. Every operand is another uniqued constant.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum ConstData {
    /// An integer `iN v` (also `true`/`false` for `i1`).
    Int {
        /// The integer type `iN` (or a byte type `bN` for a byte constant).
        ty: Type,
        /// The value, as wide as the type.
        val: ApInt,
    },
    /// Raw bits of the value in the type's own format (an x86_fp80 uses the low 80 bits).
    Float {
        /// The floating-point type.
        ty: Type,
        /// The value's bit pattern, zero-extended to 128 bits.
        bits: u128,
    },
    /// `null` of a pointer type.
    Null(Type),
    /// `none` of type `token`.
    None(Type),
    /// `undef` of a type.
    Undef(Type),
    /// `poison` of a type.
    Poison(Type),
    /// `zeroinitializer`.
    Zero(Type),
    /// `[T a, T b, ...]`: an array with its elements.
    Array {
        /// The array type.
        ty: Type,
        /// The elements, as many as the type's length.
        elems: Vec<Const>,
    },
    /// `{ T a, U b }` (or packed `<{ ... }>`): a struct with its members.
    Struct {
        /// The struct type, literal or identified.
        ty: Type,
        /// The members, one per field.
        elems: Vec<Const>,
    },
    /// `<T a, T b, ...>`: a fixed vector with its lanes.
    Vector {
        /// The vector type.
        ty: Type,
        /// The lanes, as many as the type's length.
        elems: Vec<Const>,
    },
    /// `c"..."`: an array of i8 given as bytes.
    Bytes {
        /// The array type (`[N x i8]`).
        ty: Type,
        /// The bytes, unescaped; as many as the type's length.
        bytes: Box<[u8]>,
    },
    /// `splat (T v)` of a (possibly scalable) vector type.
    Splat {
        /// The vector type.
        ty: Type,
        /// The value every lane holds.
        elem: Const,
    },
    /// A global value: function, variable, alias or ifunc. Its type is its pointer type.
    Global {
        /// The pointer type of the global's address (`ptr`, `ptr addrspace(N)`, or `T*` in typed-pointer
        /// IR).
        ty: Type,
        /// The global.
        global: GlobalId,
    },
    /// A constant expression; see [`ConstExpr`].
    Expr(Box<ConstExpr>),
    /// `blockaddress(@f, %bb)`; the block is named as in the text (resolved on use).
    BlockAddress {
        /// The constant's type (`ptr`).
        ty: Type,
        /// The function whose block it is, as a constant (`@f`).
        func: Const,
        /// The block's label as written after `%` (digits for an unnamed block), resolved against
        /// the function's blocks when used.
        block: Box<str>,
    },
    /// `dso_local_equivalent @f`: a function pointer that resolves within the linked component.
    DsoLocalEquivalent {
        /// The constant's type (`ptr`).
        ty: Type,
        /// The function, as a constant.
        func: Const,
    },
    /// `no_cfi @f`: the function's address without a CFI jump-table redirect.
    NoCfi {
        /// The constant's type (`ptr`).
        ty: Type,
        /// The function, as a constant.
        func: Const,
    },
    /// `ptrauth (ptr P, i32 K[, i64 D[, ptr A[, ptr DS]]])`.
    PtrAuth {
        /// The constant's type (`ptr`).
        ty: Type,
        /// The operands in order: pointer, key, and the optional discriminator, address
        /// discriminator and deactivation symbol.
        ops: Vec<Const>,
    },
}

impl ConstData {
    /// The same constant with its handles mapped: every type by `ty`, every constant operand
    /// by `op` (called in [`ConstPool::operands`] order), the global of a `Global` by `global`.
    /// For re-interning a constant elsewhere, or after some of its operands changed.
    pub fn map_refs(
        &self,
        mut ty: impl FnMut(Type) -> Type,
        mut op: impl FnMut(Const) -> Const,
        mut global: impl FnMut(GlobalId) -> GlobalId,
    ) -> ConstData {
        use ConstData as C;
        match self {
            C::Int { ty: t, val } => C::Int {
                ty: ty(*t),
                val: val.clone(),
            },
            C::Float { ty: t, bits } => C::Float {
                ty: ty(*t),
                bits: *bits,
            },
            C::Null(t) => C::Null(ty(*t)),
            C::None(t) => C::None(ty(*t)),
            C::Undef(t) => C::Undef(ty(*t)),
            C::Poison(t) => C::Poison(ty(*t)),
            C::Zero(t) => C::Zero(ty(*t)),
            C::Array { ty: t, elems } => C::Array {
                ty: ty(*t),
                elems: elems.iter().map(|&c| op(c)).collect(),
            },
            C::Struct { ty: t, elems } => C::Struct {
                ty: ty(*t),
                elems: elems.iter().map(|&c| op(c)).collect(),
            },
            C::Vector { ty: t, elems } => C::Vector {
                ty: ty(*t),
                elems: elems.iter().map(|&c| op(c)).collect(),
            },
            C::Bytes { ty: t, bytes } => C::Bytes {
                ty: ty(*t),
                bytes: bytes.clone(),
            },
            C::Splat { ty: t, elem } => C::Splat {
                ty: ty(*t),
                elem: op(*elem),
            },
            C::Global { ty: t, global: g } => C::Global {
                ty: ty(*t),
                global: global(*g),
            },
            C::Expr(e) => {
                let mut e = e.clone();
                e.ty = ty(e.ty);
                e.ops = e.ops.iter().map(|&c| op(c)).collect();
                e.source_ty = e.source_ty.map(&mut ty);
                C::Expr(e)
            }
            C::BlockAddress { ty: t, func, block } => C::BlockAddress {
                ty: ty(*t),
                func: op(*func),
                block: block.clone(),
            },
            C::DsoLocalEquivalent { ty: t, func } => C::DsoLocalEquivalent {
                ty: ty(*t),
                func: op(*func),
            },
            C::NoCfi { ty: t, func } => C::NoCfi {
                ty: ty(*t),
                func: op(*func),
            },
            C::PtrAuth { ty: t, ops } => C::PtrAuth {
                ty: ty(*t),
                ops: ops.iter().map(|&c| op(c)).collect(),
            },
        }
    }
}

/// A constant expression. `flags` uses the same bits as instructions (see [`crate::inst::Flags`]).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ConstExpr {
    /// The operation (`getelementptr`, `ptrtoint`, `add`, `icmp`, ...), with the instruction
    /// opcodes.
    pub op: crate::inst::Opcode,
    /// The result type.
    pub ty: Type,
    /// The operands, in textual order.
    pub ops: Vec<Const>,
    /// Wrap and exactness flags (`nuw`, `nsw`, `exact`) and GEP flags (`inbounds`, `nusw`, `nuw`).
    pub flags: crate::inst::Flags,
    /// Source element type for `getelementptr`; predicate for compares is in `pred`.
    pub source_ty: Option<Type>,
    /// The predicate of an `icmp`/`fcmp` expression (removed from LLVM 19's constant expressions,
    /// kept to read older IR).
    pub pred: Option<crate::inst::CmpPred>,
    /// `inrange(lo, hi)` of a GEP expression.
    pub inrange: Option<(i64, i64)>,
    /// LLVM ≤ 18: the operand index marked `inrange` (typed-pointer IR from LLVM 14).
    pub inrange_index: Option<u32>,
    /// Shuffle mask (`-1` is poison) for `shufflevector` expressions.
    pub mask: Vec<i32>,
}

impl ConstExpr {
    /// An expression `op` of type `ty` with no operands, flags or extras yet.
    pub fn new(op: crate::inst::Opcode, ty: Type) -> Self {
        ConstExpr {
            op,
            ty,
            ops: Vec::new(),
            flags: crate::inst::Flags::default(),
            source_ty: None,
            pred: None,
            inrange: None,
            inrange_index: None,
            mask: Vec::new(),
        }
    }
}

/// The module's uniqued constants.
///
/// The interning index holds handles only, hashed by the data they name, so each constant's
/// data is stored once (strings and aggregates can be large).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ConstPool {
    data: PrimaryMap<Const, ConstData>,
    #[serde(skip)]
    dedup: hashbrown::HashTable<Const>,
}

fn hash_of(d: &ConstData) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(d)
}

impl ConstPool {
    /// The handle of constant `data`, adding it if it is new. The same data always gives the same
    /// handle (hash-consing, as `LLVMContext` uniques `Constant`s), so constants compare by handle.
    pub fn intern(&mut self, data: ConstData) -> Const {
        let h = hash_of(&data);
        let pool = &self.data;
        if let Some(&c) = self.dedup.find(h, |&c| pool[c] == data) {
            return c;
        }
        let c = self.data.push(data);
        let pool = &self.data;
        self.dedup.insert_unique(h, c, |&c| hash_of(&pool[c]));
        c
    }

    /// What constant `c` is. Panics if `c` is not from this pool.
    pub fn get(&self, c: Const) -> &ConstData {
        &self.data[c]
    }

    /// Number of distinct constants in the pool.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the pool is empty.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Every constant with its data, in handle (creation) order.
    pub fn iter(&self) -> impl Iterator<Item = (Const, &ConstData)> {
        self.data.iter()
    }

    /// Rebuild the interning index after deserialisation (the index is not serialised): until
    /// then, [`intern`](Self::intern) would add duplicates.
    pub fn rebuild_index(&mut self) {
        let mut dedup = hashbrown::HashTable::with_capacity(self.data.len());
        for (c, d) in self.data.iter() {
            let pool = &self.data;
            dedup.insert_unique(hash_of(d), c, |&x| hash_of(&pool[x]));
        }
        self.dedup = dedup;
    }

    /// The type of a constant.
    pub fn ty(&self, c: Const) -> Type {
        match &self.data[c] {
            ConstData::Int { ty, .. }
            | ConstData::Float { ty, .. }
            | ConstData::Array { ty, .. }
            | ConstData::Struct { ty, .. }
            | ConstData::Vector { ty, .. }
            | ConstData::Bytes { ty, .. }
            | ConstData::Splat { ty, .. }
            | ConstData::Global { ty, .. }
            | ConstData::BlockAddress { ty, .. }
            | ConstData::DsoLocalEquivalent { ty, .. }
            | ConstData::NoCfi { ty, .. }
            | ConstData::PtrAuth { ty, .. } => *ty,
            ConstData::Null(ty)
            | ConstData::None(ty)
            | ConstData::Undef(ty)
            | ConstData::Poison(ty)
            | ConstData::Zero(ty) => *ty,
            ConstData::Expr(e) => e.ty,
        }
    }

    /// The global a constant names directly, if any.
    pub fn as_global(&self, c: Const) -> Option<GlobalId> {
        match self.data[c] {
            ConstData::Global { global, .. } => Some(global),
            _ => None,
        }
    }

    /// Direct constant operands of `c` (for walks over constant graphs).
    pub fn operands(&self, c: Const) -> SmallVec<[Const; 4]> {
        self.operand_slice(c).iter().copied().collect()
    }

    /// [`operands`](Self::operands) without copying them: a big aggregate's elements are
    /// read in place.
    pub fn operand_slice(&self, c: Const) -> &[Const] {
        match &self.data[c] {
            ConstData::Array { elems, .. }
            | ConstData::Struct { elems, .. }
            | ConstData::Vector { elems, .. } => elems,
            ConstData::Splat { elem, .. } => std::slice::from_ref(elem),
            ConstData::Expr(e) => &e.ops,
            ConstData::BlockAddress { func, .. }
            | ConstData::DsoLocalEquivalent { func, .. }
            | ConstData::NoCfi { func, .. } => std::slice::from_ref(func),
            ConstData::PtrAuth { ops, .. } => ops,
            _ => &[],
        }
    }

    /// Replace every occurrence of global `from` by the constant `to`, re-interning the
    /// constants that contain it. Returns the old→new map of the constants that changed.
    /// Handles are never reused, so old handles stay valid (they just stop being referenced).
    pub fn replace_global(&mut self, from: GlobalId, to: Const) -> FxHashMap<Const, Const> {
        let mut changed: FxHashMap<Const, Const> = FxHashMap::default();
        // Constants only refer to earlier handles (operands are interned first), so one pass in
        // handle order sees every operand's replacement before its users.
        let n = self.data.len();
        for i in 0..n {
            let c = <Const as cranelift_entity::EntityRef>::new(i);
            let new = match &self.data[c] {
                ConstData::Global { global, .. } if *global == from => Some(to),
                d => {
                    let ops = self.operands(c);
                    if ops.iter().any(|o| changed.contains_key(o)) {
                        let nd = d.map_refs(|t| t, |o| *changed.get(&o).unwrap_or(&o), |g| g);
                        Some(self.intern(nd))
                    } else {
                        None
                    }
                }
            };
            if let Some(nc) = new {
                if nc != c {
                    changed.insert(c, nc);
                }
            }
        }
        changed
    }
}
