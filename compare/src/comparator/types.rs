//! `cmp_types`: LLVM's total order over types, with `ptr` (address space 0) read as the
//! integer of the data layout's pointer width.

use super::FunctionComparator;
use mergefn_ir::{FloatKind, Type, TypeData};
use std::cmp::Ordering;

/// A type as the comparator sees it: one of the module's, or one LLVM would use without the
/// module having it interned (the `iN` a pointer coerces to, the `i32` of an implicit alloca
/// size, the `ptr` of an inline asm callee).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum TyRef {
    Id(Type),
    Int(u32),
    Ptr(u32),
    Label,
    Metadata,
}

/// What `cmp_types` looks at of a type, after pointer coercion.
enum Shape<'m> {
    /// Types equal whenever their IDs are: floats, void, label, metadata, token, x86_amx.
    Plain(u64),
    Int(u32),
    Byte(u32),
    Ptr(u32),
    Func {
        ret: Type,
        params: &'m [Type],
        varargs: bool,
    },
    Struct {
        elems: &'m [Type],
        packed: bool,
    },
    Array(u64, TyRef),
    Vector {
        len: u32,
        scalable: bool,
        elem: TyRef,
    },
    TargetExt {
        name: &'m str,
        types: &'m [Type],
        ints: &'m [u32],
    },
}

/// `Type::TypeID`, doubled so that the byte type (not in LLVM 22) fits right after integers.
fn type_id(s: &Shape) -> u64 {
    match s {
        Shape::Plain(id) => *id,
        Shape::Int(_) => 24,
        Shape::Byte(_) => 25,
        Shape::Func { .. } => 26,
        Shape::Ptr(_) => 28,
        Shape::Struct { .. } => 30,
        Shape::Array(..) => 32,
        Shape::Vector {
            scalable: false, ..
        } => 34,
        Shape::Vector { scalable: true, .. } => 36,
        Shape::TargetExt { .. } => 40,
    }
}

fn float_id(k: FloatKind) -> u64 {
    2 * match k {
        FloatKind::Half => 0,
        FloatKind::BFloat => 1,
        FloatKind::Float => 2,
        FloatKind::Double => 3,
        FloatKind::X86Fp80 => 4,
        FloatKind::Fp128 => 5,
        FloatKind::PpcFp128 => 6,
    }
}

impl<'m, 'g> FunctionComparator<'m, 'g> {
    /// The shape of `t` with `ptr` in address space 0 replaced by `iN` (`N` the pointer width),
    /// which is what makes `ptr` and `i64` arguments equal on a 64-bit target. Typed pointers are
    /// pointers like any other (LLVM ≤ 14 compared only their address spaces too); `x86_mmx` is
    /// `<1 x i64>`, as LLVM 22 reads it.
    fn shape(&self, t: TyRef) -> Shape<'m> {
        let tt = &self.m.types;
        let t = match t {
            TyRef::Id(t) => t,
            TyRef::Int(n) => return Shape::Int(n),
            TyRef::Ptr(0) => return Shape::Int(self.ptr_bits()),
            TyRef::Ptr(a) => return Shape::Ptr(a),
            TyRef::Label => return Shape::Plain(16),
            TyRef::Metadata => return Shape::Plain(18),
        };
        match tt.get(t) {
            TypeData::Float(k) => Shape::Plain(float_id(*k)),
            TypeData::Void => Shape::Plain(14),
            TypeData::Label => Shape::Plain(16),
            TypeData::Metadata => Shape::Plain(18),
            TypeData::X86Amx => Shape::Plain(20),
            TypeData::Token => Shape::Plain(22),
            TypeData::Int(n) => Shape::Int(*n),
            TypeData::Byte(n) => Shape::Byte(*n),
            TypeData::Ptr(0) | TypeData::TypedPtr(_, 0) => Shape::Int(self.ptr_bits()),
            TypeData::Ptr(a) | TypeData::TypedPtr(_, a) => Shape::Ptr(*a),
            TypeData::Func {
                ret,
                params,
                varargs,
            } => Shape::Func {
                ret: *ret,
                params,
                varargs: *varargs,
            },
            TypeData::Struct { elems, packed } => Shape::Struct {
                elems,
                packed: *packed,
            },
            TypeData::Named(_) => match tt.body(t) {
                Some(b) => Shape::Struct {
                    elems: &b.elems,
                    packed: b.packed,
                },
                None => Shape::Struct {
                    elems: &[],
                    packed: false,
                },
            },
            TypeData::Array(n, e) => Shape::Array(*n, TyRef::Id(*e)),
            TypeData::Vector {
                len,
                elem,
                scalable,
            } => Shape::Vector {
                len: *len,
                scalable: *scalable,
                elem: TyRef::Id(*elem),
            },
            TypeData::X86Mmx => Shape::Vector {
                len: 1,
                scalable: false,
                elem: TyRef::Int(64),
            },
            TypeData::TargetExt { name, types, ints } => Shape::TargetExt { name, types, ints },
        }
    }

    /// The total order over types. Most significant first:
    /// 0. `ptr` (address space 0) is the pointer-width integer; the very same type is equal;
    /// 1. type IDs, in LLVM's `TypeID` order (byte types right after integers);
    /// 2. integers and byte types by width; pointers by address space; the remaining scalar
    ///    kinds are equal when their IDs are;
    /// 3. structs by element count, packedness, then elements (names are not looked at, so
    ///    identified and literal structs of one shape are equal, and opaque structs are empty);
    ///    functions by parameter count, varargs, return type, parameters; arrays by length then
    ///    element; vectors by scalability, length, element;
    /// 4. target extension types by name, type and integer parameters (LLVM 22 has no rule and
    ///    would stop at `llvm_unreachable`).
    pub(crate) fn cmp_types(&mut self, l: TyRef, r: TyRef) -> Ordering {
        if l == r {
            return Ordering::Equal;
        }
        let (sl, sr) = (self.shape(l), self.shape(r));
        let o = type_id(&sl).cmp(&type_id(&sr));
        if o.is_ne() {
            return self.type_decision(o, l, r);
        }
        let o = match (sl, sr) {
            (Shape::Int(a), Shape::Int(b))
            | (Shape::Byte(a), Shape::Byte(b))
            | (Shape::Ptr(a), Shape::Ptr(b)) => a.cmp(&b),
            (
                Shape::Struct {
                    elems: ea,
                    packed: pa,
                },
                Shape::Struct {
                    elems: eb,
                    packed: pb,
                },
            ) => {
                let o = ea.len().cmp(&eb.len()).then(pa.cmp(&pb));
                if o.is_ne() {
                    return self.type_decision(o, l, r);
                }
                return self.cmp_type_lists(ea, eb);
            }
            (
                Shape::Func {
                    ret: ra,
                    params: pa,
                    varargs: va,
                },
                Shape::Func {
                    ret: rb,
                    params: pb,
                    varargs: vb,
                },
            ) => {
                let o = pa.len().cmp(&pb.len()).then(va.cmp(&vb));
                if o.is_ne() {
                    return self.type_decision(o, l, r);
                }
                let o = self.cmp_types(TyRef::Id(ra), TyRef::Id(rb));
                if o.is_ne() {
                    return o;
                }
                return self.cmp_type_lists(pa, pb);
            }
            (Shape::Array(na, ea), Shape::Array(nb, eb)) => {
                if na != nb {
                    return self.type_decision(na.cmp(&nb), l, r);
                }
                return self.cmp_types(ea, eb);
            }
            (
                Shape::Vector {
                    len: na,
                    scalable: sa,
                    elem: ea,
                },
                Shape::Vector {
                    len: nb,
                    scalable: sb,
                    elem: eb,
                },
            ) => {
                let o = sa.cmp(&sb).then(na.cmp(&nb));
                if o.is_ne() {
                    return self.type_decision(o, l, r);
                }
                return self.cmp_types(ea, eb);
            }
            (
                Shape::TargetExt {
                    name: na,
                    types: ta,
                    ints: ia,
                },
                Shape::TargetExt {
                    name: nb,
                    types: tb,
                    ints: ib,
                },
            ) => {
                let o = self
                    .cmp_mem(na.as_bytes(), nb.as_bytes())
                    .then(ta.len().cmp(&tb.len()));
                if o.is_ne() {
                    return self.type_decision(o, l, r);
                }
                let o = self.cmp_type_lists(ta, tb);
                if o.is_ne() {
                    return o;
                }
                ia.len().cmp(&ib.len()).then_with(|| ia.cmp(ib))
            }
            _ => Ordering::Equal,
        };
        self.type_decision(o, l, r)
    }

    /// Element-wise [`cmp_types`](Self::cmp_types) of two lists of equal length.
    fn cmp_type_lists(&mut self, l: &[Type], r: &[Type]) -> Ordering {
        for (&a, &b) in l.iter().zip(r) {
            let o = self.cmp_types(TyRef::Id(a), TyRef::Id(b));
            if o.is_ne() {
                return o;
            }
        }
        Ordering::Equal
    }

    fn type_decision(&mut self, o: Ordering, l: TyRef, r: TyRef) -> Ordering {
        self.decided(o, "cmp_types", |s| {
            format!("{} vs {}", s.describe_type(l), s.describe_type(r))
        })
    }

    /// `Type::isFirstClassType`: everything but `void` and function types.
    pub(crate) fn is_first_class(&self, t: TyRef) -> bool {
        match t {
            TyRef::Id(t) => self.m.types.is_first_class(t),
            _ => true,
        }
    }

    /// Primitive size in bits of a vector type, 0 for everything that is not a vector (LLVM
    /// counts pointers as 0 bits here, so vectors of pointers are 0 too).
    pub(crate) fn vector_bits(&self, t: TyRef) -> u64 {
        match t {
            TyRef::Id(t)
                if matches!(
                    self.m.types.get(t),
                    TypeData::Vector { .. } | TypeData::X86Mmx
                ) =>
            {
                self.m.types.primitive_bits(t)
            }
            _ => 0,
        }
    }

    /// Address space of a (scalar) pointer type.
    pub(crate) fn pointer_addrspace(&self, t: TyRef) -> Option<u32> {
        match t {
            TyRef::Id(t) => self.m.types.pointer_addrspace(t),
            TyRef::Ptr(a) => Some(a),
            _ => None,
        }
    }
}
