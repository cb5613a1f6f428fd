//! The LLVM type system.
//!
//! Types are interned per module in a [`TypeTable`]: a [`Type`] is a `u32` handle, and two
//! handles are equal exactly when LLVM would hand out the same `Type*` in one context. That makes
//! "same type" a handle comparison, as it is in LLVM, and keeps instructions small.
//!
//! Identified structs (`%T = type {...}`) are interned by name; their bodies live beside the
//! table so that recursive types (`%list = type { ptr, %list* }`) can be built before their body
//! is known. Literal structs are interned by shape.

use cranelift_entity::{entity_impl, EntityRef, PrimaryMap, SecondaryMap};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A handle to an interned type. Obtained from [`TypeTable::intern`] or the typed helpers on it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Type(u32);
entity_impl!(Type, "ty");

/// Floating-point formats, in LLVM's `TypeID` order.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum FloatKind {
    /// `half`: IEEE 754 binary16.
    Half,
    /// `bfloat`: brain float, 8-bit exponent and 7-bit mantissa.
    BFloat,
    /// `float`: IEEE 754 binary32.
    Float,
    /// `double`: IEEE 754 binary64.
    Double,
    /// `x86_fp80`: x87 80-bit extended precision.
    X86Fp80,
    /// `fp128`: IEEE 754 binary128.
    Fp128,
    /// `ppc_fp128`: PowerPC double-double (two `double`s).
    PpcFp128,
}

impl FloatKind {
    /// Storage width in bits.
    pub fn bits(self) -> u32 {
        match self {
            FloatKind::Half | FloatKind::BFloat => 16,
            FloatKind::Float => 32,
            FloatKind::Double => 64,
            FloatKind::X86Fp80 => 80,
            FloatKind::Fp128 | FloatKind::PpcFp128 => 128,
        }
    }

    /// The `.ll` keyword of the format (`"double"`).
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::Half => "half",
            FloatKind::BFloat => "bfloat",
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::X86Fp80 => "x86_fp80",
            FloatKind::Fp128 => "fp128",
            FloatKind::PpcFp128 => "ppc_fp128",
        }
    }
}

/// The shape of a type. The key of interning, so two equal `TypeData` are one [`Type`].
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum TypeData {
    /// `void`: the type of no value (a function returning nothing, a `store`).
    Void,
    /// `label`: the type of a basic block used as an operand.
    Label,
    /// `metadata`: the type of metadata call arguments.
    Metadata,
    /// `token`: values that may not be inspected or merged through a phi (`llvm.coro.id`, funclets).
    Token,
    /// `x86_amx`: an AMX tile.
    X86Amx,
    /// `x86_mmx`: an MMX register (removed from LLVM 20, kept to read older IR).
    X86Mmx,
    /// `iN`, 1 ≤ N ≤ 2^23 (LLVM's limit; the reader rejects wider).
    Int(u32),
    /// The byte type `bN` (RFC "Add a New Byte Type"): raw memory bits, never an integer.
    Byte(u32),
    /// A floating-point type.
    Float(FloatKind),
    /// Opaque pointer `ptr addrspace(N)`.
    Ptr(u32),
    /// Legacy typed pointer `T addrspace(N)*` (LLVM ≤ 14 syntax).
    TypedPtr(Type, u32),
    /// `[N x T]`: length and element type.
    Array(u64, Type),
    /// `<N x T>`, or `<vscale x N x T>` when scalable.
    Vector {
        /// Number of lanes (the minimum, times `vscale`, when scalable).
        len: u32,
        /// Element type.
        elem: Type,
        /// `vscale x`: the length is a runtime multiple of `len`.
        scalable: bool,
    },
    /// Literal struct `{ ... }` or `<{ ... }>`.
    Struct {
        /// Member types, in order.
        elems: Vec<Type>,
        /// `<{ ... }>`: no padding between members.
        packed: bool,
    },
    /// Identified struct, by name (unescaped). The body is in [`TypeTable::body`].
    Named(Box<str>),
    /// A function type `ret (params, ...)`.
    Func {
        /// The return type (`void` for none).
        ret: Type,
        /// Parameter types, in order.
        params: Vec<Type>,
        /// Whether the type ends in `...`.
        varargs: bool,
    },
    /// A target extension type `target("name", types..., ints...)`.
    TargetExt {
        /// The target type name (`"aarch64.svcount"`), unescaped.
        name: Box<str>,
        /// Type parameters, in order.
        types: Vec<Type>,
        /// Integer parameters, in order.
        ints: Vec<u32>,
    },
}

/// The body of an identified struct; `None` in the table means opaque.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct StructBody {
    /// Member types, in order.
    pub elems: Vec<Type>,
    /// `<{ ... }>`: no padding between members.
    pub packed: bool,
}

/// All types of one module.
///
/// Invariant: `data` and `dedup` agree (every entry of one is in the other); `named_order` lists
/// every defined identified struct once, in definition order, which is the order the writer prints them.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TypeTable {
    data: PrimaryMap<Type, TypeData>,
    #[serde(skip)]
    dedup: FxHashMap<TypeData, Type>,
    /// Bodies of identified structs, indexed by type handle (`None`: opaque or not a struct).
    bodies: Vec<Option<StructBody>>,
    named_order: Vec<Type>,
    defined: SecondaryMap<Type, bool>,
    /// `void`, `ptr`, `i1`..`i128` and `label` once interned: the types nearly every
    /// instruction names, found without hashing. Entries never go stale (a handle's data never
    /// changes).
    #[serde(skip)]
    hot: [Option<Type>; HOT_TYPES],
    /// Named types that are not structs (`%0 = type [4 x i8]`, `%p = type ptr`): in LLVM
    /// such a name only stands for its type, so the reader resolves it here and nothing
    /// else ever sees it (the writer prints the type itself, as opt does).
    aliases: FxHashMap<Box<str>, Type>,
    /// Whether a scalable type (`<vscale x N x T>`, a target type laid out as one) was ever
    /// interned: until then no type is scalable, and [`TypeTable::is_scalable`] answers
    /// without looking.
    #[serde(default)]
    any_scalable: bool,
}

/// Slots of [`TypeTable::hot`]: void, ptr (address space 0), i1, i8, i16, i32, i64, i128 and
/// label.
const HOT_TYPES: usize = 9;

/// Whether `data` is scalable by itself: a `<vscale x N x T>`, or one of the target types
/// LLVM 22 lays out as one (`aarch64.svcount`, `riscv.vector.tuple`).
fn is_scalable_leaf(data: &TypeData) -> bool {
    match data {
        TypeData::Vector { scalable, .. } => *scalable,
        TypeData::TargetExt { name, .. } => {
            matches!(&**name, "aarch64.svcount" | "riscv.vector.tuple")
        }
        _ => false,
    }
}

/// What LLVM 22 knows of a target extension type by its name alone (its `getTargetTypeInfo`):
/// whether the type it is laid out as is sized, and the properties it declares. A name LLVM
/// does not know is laid out as `void`: unsized, with no property.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TargetTypeInfo {
    /// Laid out as a sized type (so it can be allocated, loaded and stored).
    pub sized: bool,
    /// `HasZeroInit`: `zeroinitializer` is a value of it.
    pub zero_init: bool,
    /// `CanBeGlobal`: a global variable may hold it.
    pub global: bool,
    /// `CanBeLocal`: an `alloca` may hold it.
    pub local: bool,
    /// `CanBeVectorElement`: a vector may have it as element type.
    pub vector_element: bool,
}

/// [`TargetTypeInfo`] of the target extension type named `name`.
pub fn target_type_info(name: &str) -> TargetTypeInfo {
    let info = |zero_init, global, local, vector_element| TargetTypeInfo {
        sized: true,
        zero_init,
        global,
        local,
        vector_element,
    };
    match name {
        "spirv.Image" | "spirv.SignedImage" | "spirv.Type" => info(false, true, true, false),
        "spirv.IntegralConstant" | "spirv.Literal" => TargetTypeInfo::default(),
        _ if name.starts_with("spirv.") => info(true, true, true, false),
        "aarch64.svcount" | "riscv.vector.tuple" => info(true, false, true, false),
        _ if name.starts_with("dx.") => info(false, true, true, false),
        "amdgcn.named.barrier" => info(false, true, false, false),
        "llvm.test.vectorelement" => info(false, false, true, true),
        _ => TargetTypeInfo::default(),
    }
}

fn hot_slot(data: &TypeData) -> Option<usize> {
    match *data {
        TypeData::Void => Some(0),
        TypeData::Ptr(0) => Some(1),
        TypeData::Int(1) => Some(2),
        TypeData::Int(8) => Some(3),
        TypeData::Int(16) => Some(4),
        TypeData::Int(32) => Some(5),
        TypeData::Int(64) => Some(6),
        TypeData::Int(128) => Some(7),
        TypeData::Label => Some(8),
        _ => None,
    }
}

impl TypeTable {
    /// Whether `op` may cast a value of type `src` to type `dst`, as LLVM's
    /// `CastInst::castIsValid` decides: integer casts between integers of the right widths,
    /// floating casts between floats, conversions between the two, pointer casts between
    /// pointers and integers, `addrspacecast` between pointers of different address spaces,
    /// `bitcast` between first-class non-aggregate types of one size (pointers only to pointers
    /// of the same address space); vectors lane by lane, with the same number of lanes. Casts
    /// of the byte type are left to its own rules (RFC) and always accepted here.
    pub fn cast_is_valid(&self, op: crate::inst::Opcode, src: Type, dst: Type) -> bool {
        use crate::inst::Opcode::*;
        let (sv, dv) = (self.vector_len(src), self.vector_len(dst));
        let (s, d) = (self.scalar(src), self.scalar(dst));
        let (sd, dd) = (self.get(s), self.get(d));
        if matches!(sd, TypeData::Byte(_)) || matches!(dd, TypeData::Byte(_)) {
            return true;
        }
        let ptr_space = |t: &TypeData| match t {
            TypeData::Ptr(a) | TypeData::TypedPtr(_, a) => Some(*a),
            _ => None,
        };
        let int = |t: &TypeData| match t {
            TypeData::Int(w) => Some(*w),
            _ => None,
        };
        let float = |t: &TypeData| match t {
            TypeData::Float(k) => Some(k.bits()),
            _ => None,
        };
        if op == BitCast {
            let first_class_scalar = |t: &TypeData| {
                matches!(
                    t,
                    TypeData::Int(_)
                        | TypeData::Float(_)
                        | TypeData::Ptr(_)
                        | TypeData::TypedPtr(..)
                ) || matches!(t, TypeData::X86Amx | TypeData::X86Mmx)
            };
            if !first_class_scalar(sd) || !first_class_scalar(dd) {
                return false;
            }
            return match (ptr_space(sd), ptr_space(dd)) {
                // A pointer and a vector of one pointer convert both ways (LLVM's castIsValid).
                (Some(a), Some(b)) => {
                    a == b
                        && match (sv, dv) {
                            (Some(x), Some(y)) => x == y,
                            (Some(one), None) | (None, Some(one)) => one == (1, false),
                            (None, None) => true,
                        }
                }
                (None, None) => {
                    let bits = |t: &TypeData, v: Option<(u32, bool)>| -> Option<(u64, bool)> {
                        let e = u64::from(int(t).or_else(|| float(t))?);
                        Some(match v {
                            Some((n, scalable)) => (e * u64::from(n), scalable),
                            None => (e, false),
                        })
                    };
                    match (bits(sd, sv), bits(dd, dv)) {
                        (Some(a), Some(b)) => a == b,
                        _ => true,
                    }
                }
                _ => false,
            };
        }
        if sv != dv {
            return false;
        }
        match op {
            Trunc => matches!((int(sd), int(dd)), (Some(a), Some(b)) if a > b),
            ZExt | SExt => matches!((int(sd), int(dd)), (Some(a), Some(b)) if a < b),
            FPTrunc => matches!((float(sd), float(dd)), (Some(a), Some(b)) if a > b),
            FPExt => matches!((float(sd), float(dd)), (Some(a), Some(b)) if a < b),
            FPToUI | FPToSI => float(sd).is_some() && int(dd).is_some(),
            UIToFP | SIToFP => int(sd).is_some() && float(dd).is_some(),
            PtrToInt | PtrToAddr => ptr_space(sd).is_some() && int(dd).is_some(),
            IntToPtr => int(sd).is_some() && ptr_space(dd).is_some(),
            AddrSpaceCast => matches!((ptr_space(sd), ptr_space(dd)), (Some(a), Some(b)) if a != b),
            _ => true,
        }
    }
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The type a non-struct named type stands for.
    pub fn alias(&self, name: &str) -> Option<Type> {
        self.aliases.get(name).copied()
    }

    /// Let `name` stand for `t` (a non-struct named type).
    pub fn set_alias(&mut self, name: &str, t: Type) {
        self.aliases.insert(name.into(), t);
    }

    /// Rebuild the interning map after deserialisation.
    pub fn rebuild_index(&mut self) {
        self.dedup = self.data.iter().map(|(t, d)| (d.clone(), t)).collect();
    }

    /// The handle of the type `data` describes, adding it if it is new: interning is what makes
    /// handle equality type equality (one `Type*` per type in an `LLVMContext`).
    pub fn intern(&mut self, data: TypeData) -> Type {
        let slot = hot_slot(&data);
        if let Some(t) = slot.and_then(|k| self.hot[k]) {
            return t;
        }
        let t = match self.dedup.get(&data) {
            Some(&t) => t,
            None => {
                self.any_scalable |= is_scalable_leaf(&data);
                let t = self.data.push(data.clone());
                self.dedup.insert(data, t);
                t
            }
        };
        if let Some(k) = slot {
            self.hot[k] = Some(t);
        }
        t
    }

    /// The handle of `data` if it was interned before; never adds a type.
    pub fn lookup(&self, data: &TypeData) -> Option<Type> {
        self.dedup.get(data).copied()
    }

    /// What type `t` is. Panics if `t` is not from this table.
    pub fn get(&self, t: Type) -> &TypeData {
        &self.data[t]
    }

    /// Number of distinct types interned.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether no type was interned.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Every interned type with its data, in handle (creation) order.
    pub fn iter(&self) -> impl Iterator<Item = (Type, &TypeData)> {
        self.data.iter()
    }

    /// `void`, interned.
    pub fn void(&mut self) -> Type {
        self.intern(TypeData::Void)
    }
    /// `label`, interned.
    pub fn label(&mut self) -> Type {
        self.intern(TypeData::Label)
    }
    /// `metadata`, interned.
    pub fn metadata(&mut self) -> Type {
        self.intern(TypeData::Metadata)
    }
    /// `token`, interned.
    pub fn token(&mut self) -> Type {
        self.intern(TypeData::Token)
    }
    /// `iN` with N = `bits`, interned. `bits` is not checked against LLVM's 2^23 limit (the
    /// reader checks it).
    pub fn int(&mut self, bits: u32) -> Type {
        self.intern(TypeData::Int(bits))
    }
    /// The opaque pointer `ptr addrspace(N)`, interned (`ptr` for address space 0).
    pub fn ptr(&mut self, addrspace: u32) -> Type {
        self.intern(TypeData::Ptr(addrspace))
    }

    /// The identified struct named `name`, created opaque if it does not exist yet.
    pub fn named(&mut self, name: &str) -> Type {
        self.intern(TypeData::Named(name.into()))
    }

    /// Body of an identified struct (`None`: opaque, or not a named struct).
    pub fn body(&self, t: Type) -> Option<&StructBody> {
        self.bodies.get(t.index()).and_then(|b| b.as_ref())
    }

    /// Define identified struct `t` (opaque when `body` is `None`). The first definition fixes
    /// its place in [`Self::named_structs`].
    pub fn set_body(&mut self, t: Type, body: Option<StructBody>) {
        if !self.defined[t] {
            self.defined[t] = true;
            self.named_order.push(t);
        }
        if self.bodies.len() <= t.index() {
            self.bodies.resize(t.index() + 1, None);
        }
        self.bodies[t.index()] = body;
    }

    /// Identified structs in definition order.
    pub fn named_structs(&self) -> &[Type] {
        &self.named_order
    }

    /// Name of an identified struct.
    pub fn struct_name(&self, t: Type) -> Option<&str> {
        match &self.data[t] {
            TypeData::Named(n) => Some(n),
            _ => None,
        }
    }

    /// Pointer type to `pointee` in `addrspace`: typed when `typed_pointers`, else opaque.
    pub fn pointer_to(&mut self, pointee: Type, addrspace: u32, typed_pointers: bool) -> Type {
        if typed_pointers {
            self.intern(TypeData::TypedPtr(pointee, addrspace))
        } else {
            self.ptr(addrspace)
        }
    }

    /// Whether `t` is `void`.
    pub fn is_void(&self, t: Type) -> bool {
        matches!(self.data[t], TypeData::Void)
    }

    /// Whether `t` is or holds a scalable type (LLVM's `Type::isScalableTy`): a scalable
    /// vector, a target type laid out as one, or an array or struct with such an element.
    pub fn is_scalable(&self, t: Type) -> bool {
        if !self.any_scalable {
            return false;
        }
        self.holds(t, is_scalable_leaf)
    }

    /// Whether `t` is, or holds in its arrays and structs (identified ones through their
    /// bodies), a type `leaf` says yes to. Vectors are leaves: their elements are scalars.
    pub fn holds(&self, t: Type, leaf: impl Fn(&TypeData) -> bool) -> bool {
        // Identified structs already looked at: a malformed module may nest one in itself.
        let mut seen: SmallVec<[Type; 4]> = SmallVec::new();
        let mut work: SmallVec<[Type; 8]> = smallvec::smallvec![t];
        while let Some(t) = work.pop() {
            match &self.data[t] {
                d if leaf(d) => return true,
                TypeData::Array(_, elem) => work.push(*elem),
                TypeData::Struct { elems, .. } => work.extend_from_slice(elems),
                TypeData::Named(_) if !seen.contains(&t) => {
                    seen.push(t);
                    if let Some(body) = self.body(t) {
                        work.extend_from_slice(&body.elems);
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Whether values of `t` may live in memory at all: as an array's element, in an
    /// `alloca`, in a global variable. LLVM refuses labels, metadata, functions, tokens and
    /// AMX tiles in all three places (`void` is refused before, as no type of a value).
    pub fn may_be_in_memory(&self, t: Type) -> bool {
        !matches!(
            self.data[t],
            TypeData::Label
                | TypeData::Metadata
                | TypeData::Func { .. }
                | TypeData::Token
                | TypeData::X86Amx
        )
    }

    /// Whether `t` has a size (LLVM's `Type::isSized`): what `alloca`, `load`, `store` and a
    /// `getelementptr` with indices need. Not sized: `void`, labels, metadata, tokens,
    /// functions, target types laid out as nothing, identified structs without a body (so
    /// far: the reader asks as it reads, as LLParser does), and structs holding something
    /// unsized or scalable, except a struct of one scalable vector type repeated.
    ///
    /// `known` holds identified structs already found sized (a body never changes once set,
    /// so that stays true); a yes adds those this walk met. The walk keeps its own stack, so a
    /// long chain of nested structs costs no recursion.
    pub fn is_sized(&self, t: Type, known: &mut rustc_hash::FxHashSet<Type>) -> bool {
        // The identified structs this walk added to `known`, taken out again on a no.
        let mut met: SmallVec<[Type; 4]> = SmallVec::new();
        let sized = self.sized_walk(t, |n| {
            if known.insert(n) {
                met.push(n);
                None
            } else {
                Some(true)
            }
        });
        if !sized {
            for n in met {
                known.remove(&n);
            }
        }
        sized
    }

    /// Every identified struct that is sized with the bodies the table holds now: for
    /// [`TypeTable::is_sized_among`] once the module is read.
    pub fn sized_structs(&self) -> rustc_hash::FxHashSet<Type> {
        let mut known = rustc_hash::FxHashSet::default();
        for &t in self.named_structs() {
            self.is_sized(t, &mut known);
        }
        known
    }

    /// [`TypeTable::is_sized`] where `sized` is [`TypeTable::sized_structs`]: no identified
    /// struct is walked into, so threads can share the set.
    pub fn is_sized_among(&self, t: Type, sized: &rustc_hash::FxHashSet<Type>) -> bool {
        self.sized_walk(t, |n| Some(sized.contains(&n)))
    }

    /// The walk of [`TypeTable::is_sized`]. `named` answers for an identified struct: sized
    /// (`Some(true)`: not walked into), unsized (`Some(false)`), or to be judged by its body.
    fn sized_walk(&self, t: Type, mut named: impl FnMut(Type) -> Option<bool>) -> bool {
        let mut work: SmallVec<[Type; 8]> = smallvec::smallvec![t];
        while let Some(t) = work.pop() {
            let elems = match &self.data[t] {
                TypeData::Void
                | TypeData::Label
                | TypeData::Metadata
                | TypeData::Token
                | TypeData::Func { .. } => return false,
                TypeData::Array(_, e) => {
                    work.push(*e);
                    continue;
                }
                TypeData::TargetExt { name, .. } => {
                    if !target_type_info(name).sized {
                        return false;
                    }
                    continue;
                }
                TypeData::Struct { elems, .. } => &elems[..],
                TypeData::Named(_) => match named(t) {
                    Some(true) => continue,
                    Some(false) => return false,
                    None => match self.body(t) {
                        Some(b) => &b.elems[..],
                        None => return false,
                    },
                },
                _ => continue,
            };
            let first = elems.first().copied();
            let homogeneous_scalable = first.is_some_and(|f| {
                matches!(self.data[f], TypeData::Vector { scalable: true, .. })
                    && elems.iter().all(|&e| e == f)
            });
            if homogeneous_scalable {
                continue;
            }
            for &e in elems {
                if self.is_scalable(e) {
                    return false;
                }
                work.push(e);
            }
        }
        true
    }

    /// Whether `t` is a pointer, opaque or typed (not a vector of pointers).
    pub fn is_pointer(&self, t: Type) -> bool {
        matches!(self.data[t], TypeData::Ptr(_) | TypeData::TypedPtr(..))
    }

    /// The address space of pointer type `t`, or `None` if `t` is not a pointer.
    pub fn pointer_addrspace(&self, t: Type) -> Option<u32> {
        match self.data[t] {
            TypeData::Ptr(a) | TypeData::TypedPtr(_, a) => Some(a),
            _ => None,
        }
    }

    /// First-class types can be produced by instructions (everything but void, function, label
    /// and metadata... LLVM also excludes `label` and `metadata` from SSA values).
    pub fn is_first_class(&self, t: Type) -> bool {
        !matches!(self.data[t], TypeData::Void | TypeData::Func { .. })
    }

    /// Element type of an array or vector.
    pub fn element(&self, t: Type) -> Option<Type> {
        match self.data[t] {
            TypeData::Array(_, e) | TypeData::Vector { elem: e, .. } => Some(e),
            _ => None,
        }
    }

    /// Type of the `i`th member of an aggregate (struct field or array/vector element).
    pub fn member(&self, t: Type, i: u64) -> Option<Type> {
        match &self.data[t] {
            TypeData::Array(_, e) => Some(*e),
            TypeData::Vector { elem, .. } => Some(*elem),
            TypeData::Struct { elems, .. } => elems.get(i as usize).copied(),
            TypeData::Named(_) => self.body(t)?.elems.get(i as usize).copied(),
            _ => None,
        }
    }

    /// Struct fields (literal or identified with body).
    pub fn struct_fields(&self, t: Type) -> Option<(&[Type], bool)> {
        match &self.data[t] {
            TypeData::Struct { elems, packed } => Some((elems, *packed)),
            TypeData::Named(_) => self.body(t).map(|b| (&b.elems[..], b.packed)),
            _ => None,
        }
    }

    /// Number of vector lanes, if `t` is a vector.
    pub fn vector_len(&self, t: Type) -> Option<(u32, bool)> {
        match self.data[t] {
            TypeData::Vector { len, scalable, .. } => Some((len, scalable)),
            _ => None,
        }
    }

    /// The scalar type of `t` (the element of a vector, else `t`).
    pub fn scalar(&self, t: Type) -> Type {
        match self.data[t] {
            TypeData::Vector { elem, .. } => elem,
            _ => t,
        }
    }

    /// `t` with its scalar replaced by `scalar` (keeps the vector shape).
    pub fn with_scalar(&mut self, t: Type, scalar: Type) -> Type {
        match self.data[t] {
            TypeData::Vector { len, scalable, .. } => self.intern(TypeData::Vector {
                len,
                elem: scalar,
                scalable,
            }),
            _ => scalar,
        }
    }

    /// The parts of function type `t`: return type, parameter types, varargs. `None` if `t` is
    /// not a function type.
    pub fn func_parts(&self, t: Type) -> Option<(Type, &[Type], bool)> {
        match &self.data[t] {
            TypeData::Func {
                ret,
                params,
                varargs,
            } => Some((*ret, params, *varargs)),
            _ => None,
        }
    }

    /// Primitive size in bits for scalars and vectors of scalars (0 for everything else),
    /// as LLVM's `Type::getPrimitiveSizeInBits` (ignoring scalability).
    pub fn primitive_bits(&self, t: Type) -> u64 {
        match self.data[t] {
            TypeData::Int(n) | TypeData::Byte(n) => n as u64,
            TypeData::Float(k) => k.bits() as u64,
            TypeData::X86Amx => 8192,
            TypeData::X86Mmx => 64,
            TypeData::Vector { len, elem, .. } => len as u64 * self.primitive_bits(elem),
            _ => 0,
        }
    }
}
