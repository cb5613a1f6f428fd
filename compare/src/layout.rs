//! Sizes, alignments and struct layouts from a module's `target datalayout` string.
//!
//! The comparator needs a data layout in three places, as LLVM does: the pointer width that
//! `cmpTypes` coerces `ptr` to, the constant byte offset of a GEP (`cmpGEPs`), and the default
//! alignment a `load`/`store`/`alloca` gets when the text omits `align` (LLParser fills it in from
//! the data layout, so `load i64, ptr %p` and `load i64, ptr %p, align 4` are the same
//! instruction under the LLVM 22 default layout).
//!
//! This is a small re-implementation of the parts of `llvm::DataLayout` those uses reach:
//! integer, float, vector, aggregate and pointer specifications with LLVM 22's defaults, type
//! store/alloc sizes, ABI and preferred alignments, and struct member offsets. Unknown
//! specifications are ignored rather than rejected: the reader already accepted the module.
//!
//! All sizes are in bytes unless a name says bits; alignments are in bytes.

use mergefn_ir::{FloatKind, Module, Type, TypeData, TypeTable};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// One `iN`/`fN`/`vN` specification: width in bits, ABI and preferred alignment in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PrimSpec {
    bits: u32,
    abi: u64,
    pref: u64,
}

/// One `p[AS]` specification. `size_bits` is the pointer width, `index_bits` the GEP index width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PtrSpec {
    addrspace: u32,
    size_bits: u32,
    abi: u64,
    pref: u64,
    index_bits: u32,
}

/// A parsed data layout.
///
/// Invariant: `ints`, `floats` and `vectors` are sorted by width with no duplicates; `ptrs`
/// always holds an entry for address space 0. Struct layouts are memoised per type handle, so a
/// `DataLayout` must only be used with the type table of one module.
#[derive(Clone, Debug)]
pub struct DataLayout {
    ints: Vec<PrimSpec>,
    floats: Vec<PrimSpec>,
    vectors: Vec<PrimSpec>,
    ptrs: Vec<PtrSpec>,
    aggregate_abi: u64,
    aggregate_pref: u64,
    /// Padded size and ABI alignment of member layouts, by struct type.
    structs: RefCell<FxHashMap<Type, (u64, u64)>>,
    /// Member offsets, by struct type (GEPs over the same structs recur in every comparison).
    offsets: RefCell<FxHashMap<Type, Vec<u64>>>,
}

impl Default for DataLayout {
    /// LLVM 22's default layout (what an empty `target datalayout` means).
    fn default() -> Self {
        let spec = |bits, abi, pref| PrimSpec { bits, abi, pref };
        DataLayout {
            ints: vec![
                spec(1, 1, 1),
                spec(8, 1, 1),
                spec(16, 2, 2),
                spec(32, 4, 4),
                spec(64, 4, 8),
            ],
            floats: vec![
                spec(16, 2, 2),
                spec(32, 4, 4),
                spec(64, 8, 8),
                spec(128, 16, 16),
            ],
            vectors: vec![spec(64, 8, 8), spec(128, 16, 16)],
            ptrs: vec![PtrSpec {
                addrspace: 0,
                size_bits: 64,
                abi: 8,
                pref: 8,
                index_bits: 64,
            }],
            aggregate_abi: 1,
            aggregate_pref: 8,
            structs: RefCell::default(),
            offsets: RefCell::default(),
        }
    }
}

/// Bits to bytes for alignment fields (`0` means "unspecified" for aggregates; keep it at 1).
fn align_bytes(bits: u64) -> u64 {
    (bits / 8).max(1)
}

fn upsert(list: &mut Vec<PrimSpec>, s: PrimSpec) {
    match list.binary_search_by_key(&s.bits, |p| p.bits) {
        Ok(i) => list[i] = s,
        Err(i) => list.insert(i, s),
    }
}

fn align_to(v: u64, a: u64) -> u64 {
    // Wrapping, as LLVM's `uint64_t` arithmetic does for absurd sizes.
    v.div_ceil(a).wrapping_mul(a)
}

impl DataLayout {
    /// Parse a `target datalayout` string, starting from LLVM's defaults.
    pub fn parse(text: &str) -> DataLayout {
        let mut dl = DataLayout::default();
        for spec in text.split('-').filter(|s| !s.is_empty()) {
            // A specifier is one ASCII letter; anything else (LLVM: "unknown specifier") is
            // skipped.
            let (Some(head), Some(rest)) = (spec.get(..1), spec.get(1..)) else {
                continue;
            };
            let nums: Vec<u64> = rest
                .split(':')
                .map(|f| {
                    f.trim_start_matches(|c: char| !c.is_ascii_digit())
                        .parse()
                        .unwrap_or(0)
                })
                .collect();
            let at = |i: usize| nums.get(i).copied();
            match head {
                "i" | "f" | "v" => {
                    let (Some(bits), Some(abi)) = (at(0), at(1)) else {
                        continue;
                    };
                    let s = PrimSpec {
                        bits: bits as u32,
                        abi: align_bytes(abi),
                        pref: align_bytes(at(2).unwrap_or(abi)),
                    };
                    let list = match head {
                        "i" => &mut dl.ints,
                        "f" => &mut dl.floats,
                        _ => &mut dl.vectors,
                    };
                    upsert(list, s);
                }
                "a" => {
                    let abi = at(1).unwrap_or(0);
                    dl.aggregate_abi = align_bytes(abi);
                    dl.aggregate_pref = align_bytes(at(2).unwrap_or(abi));
                }
                "p" => {
                    let (Some(size), Some(abi)) = (at(1), at(2)) else {
                        continue;
                    };
                    let addrspace = at(0).unwrap_or(0) as u32;
                    let p = PtrSpec {
                        addrspace,
                        size_bits: size as u32,
                        abi: align_bytes(abi),
                        pref: align_bytes(at(3).unwrap_or(abi)),
                        index_bits: at(4).unwrap_or(size) as u32,
                    };
                    match dl.ptrs.iter_mut().find(|q| q.addrspace == addrspace) {
                        Some(q) => *q = p,
                        None => dl.ptrs.push(p),
                    }
                }
                _ => {}
            }
        }
        dl
    }

    /// The layout of `m` (LLVM's default when the module has none).
    pub fn of_module(m: &Module) -> DataLayout {
        m.datalayout
            .as_deref()
            .map(DataLayout::parse)
            .unwrap_or_default()
    }

    /// The pointer specification for `addrspace`, falling back to address space 0 like LLVM.
    fn ptr(&self, addrspace: u32) -> PtrSpec {
        self.ptrs
            .iter()
            .find(|p| p.addrspace == addrspace)
            .copied()
            .unwrap_or(self.ptrs[0])
    }

    /// Width in bits of a pointer in `addrspace` (`DataLayout::getPointerSizeInBits`); unknown
    /// address spaces take address space 0's, as in LLVM.
    pub fn pointer_size_bits(&self, addrspace: u32) -> u32 {
        self.ptr(addrspace).size_bits
    }

    /// Width of GEP indices and offsets in `addrspace`.
    pub fn index_size_bits(&self, addrspace: u32) -> u32 {
        self.ptr(addrspace).index_bits
    }

    /// `getTypeSizeInBits`: the number of bits the type's values occupy (no padding).
    pub fn size_in_bits(&self, tt: &TypeTable, t: Type) -> u64 {
        match tt.get(t) {
            TypeData::Int(n) | TypeData::Byte(n) => *n as u64,
            TypeData::Float(k) => k.bits() as u64,
            TypeData::Ptr(a) | TypeData::TypedPtr(_, a) => self.pointer_size_bits(*a) as u64,
            TypeData::Label => self.pointer_size_bits(0) as u64,
            TypeData::Array(n, e) => n.wrapping_mul(self.alloc_size(tt, *e)).wrapping_mul(8),
            TypeData::Vector { len, elem, .. } => {
                (*len as u64).wrapping_mul(self.size_in_bits(tt, *elem))
            }
            TypeData::Struct { .. } | TypeData::Named(_) => {
                self.struct_layout(tt, t).0.wrapping_mul(8)
            }
            TypeData::X86Amx => 8192,
            TypeData::X86Mmx => 64,
            TypeData::Void
            | TypeData::Metadata
            | TypeData::Token
            | TypeData::Func { .. }
            | TypeData::TargetExt { .. } => 0,
        }
    }

    /// `getTypeStoreSize`: bytes written by a store of the type.
    pub fn store_size(&self, tt: &TypeTable, t: Type) -> u64 {
        self.size_in_bits(tt, t).div_ceil(8)
    }

    /// `getTypeAllocSize`: distance between consecutive array elements of the type.
    pub fn alloc_size(&self, tt: &TypeTable, t: Type) -> u64 {
        align_to(self.store_size(tt, t), self.abi_align(tt, t))
    }

    /// `getABITypeAlign`.
    pub fn abi_align(&self, tt: &TypeTable, t: Type) -> u64 {
        self.align(tt, t, true)
    }

    /// `getPrefTypeAlign` (what an `alloca` without `align` gets).
    pub fn pref_align(&self, tt: &TypeTable, t: Type) -> u64 {
        self.align(tt, t, false)
    }

    fn align(&self, tt: &TypeTable, t: Type, abi: bool) -> u64 {
        let pick = |s: &PrimSpec| if abi { s.abi } else { s.pref };
        match tt.get(t) {
            TypeData::Int(n) | TypeData::Byte(n) => {
                let i = self
                    .ints
                    .partition_point(|s| s.bits < *n)
                    .min(self.ints.len() - 1);
                pick(&self.ints[i])
            }
            TypeData::Float(k) => {
                let bits = k.bits();
                match self.floats.iter().find(|s| s.bits == bits) {
                    Some(s) => pick(s),
                    None => (bits as u64 / 8).next_power_of_two(),
                }
            }
            TypeData::Ptr(a) | TypeData::TypedPtr(_, a) => {
                let p = self.ptr(*a);
                if abi {
                    p.abi
                } else {
                    p.pref
                }
            }
            TypeData::Label => {
                let p = self.ptr(0);
                if abi {
                    p.abi
                } else {
                    p.pref
                }
            }
            TypeData::Array(_, e) => self.align(tt, *e, abi),
            TypeData::Struct { .. } | TypeData::Named(_) => {
                let packed = tt.struct_fields(t).is_some_and(|(_, p)| p);
                if packed && abi {
                    return 1;
                }
                let base = if abi {
                    self.aggregate_abi
                } else {
                    self.aggregate_pref
                };
                base.max(self.struct_layout(tt, t).1)
            }
            TypeData::Vector { .. } | TypeData::X86Mmx => {
                let bits = self.size_in_bits(tt, t);
                match self.vectors.iter().find(|s| s.bits as u64 == bits) {
                    Some(s) => pick(s),
                    None => bits.div_ceil(8).next_power_of_two().max(1),
                }
            }
            TypeData::X86Amx => 64,
            _ => 1,
        }
    }

    /// Size in bytes (padded) and ABI alignment of a struct's members. Opaque structs are empty.
    fn struct_layout(&self, tt: &TypeTable, t: Type) -> (u64, u64) {
        if let Some(&l) = self.structs.borrow().get(&t) {
            return l;
        }
        let l = self.compute_struct_layout(tt, t);
        self.structs.borrow_mut().insert(t, l);
        l
    }

    fn compute_struct_layout(&self, tt: &TypeTable, t: Type) -> (u64, u64) {
        let Some((elems, packed)) = tt.struct_fields(t) else {
            return (0, 1);
        };
        let mut size = 0;
        let mut align = 1;
        for &e in elems {
            let a = if packed { 1 } else { self.abi_align(tt, e) };
            size = align_to(size, a);
            align = align.max(a);
            size = size.wrapping_add(self.alloc_size(tt, e));
        }
        (align_to(size, align), align)
    }

    /// Byte offset of member `index` of struct type `t`, as `StructLayout::getElementOffset`.
    pub fn field_offset(&self, tt: &TypeTable, t: Type, index: u64) -> Option<u64> {
        if let Some(offsets) = self.offsets.borrow().get(&t) {
            return offsets.get(usize::try_from(index).ok()?).copied();
        }
        let (elems, packed) = tt.struct_fields(t)?;
        let mut offsets = Vec::with_capacity(elems.len());
        let mut offset = 0;
        for &e in elems {
            let a = if packed { 1 } else { self.abi_align(tt, e) };
            offset = align_to(offset, a);
            offsets.push(offset);
            offset = offset.wrapping_add(self.alloc_size(tt, e));
        }
        let r = offsets.get(usize::try_from(index).ok()?).copied();
        self.offsets.borrow_mut().insert(t, offsets);
        r
    }

    /// Stride of one step of a GEP index over an array (alloc size) or vector (store size) whose
    /// element type is `elem`; `in_vector` selects the vector rule.
    pub fn element_stride(&self, tt: &TypeTable, elem: Type, in_vector: bool) -> u64 {
        if in_vector {
            self.store_size(tt, elem)
        } else {
            self.alloc_size(tt, elem)
        }
    }
}

/// Whether a float format is one of the ones `ConstantDataSequential` can hold.
pub(crate) fn is_data_float(k: FloatKind) -> bool {
    matches!(
        k,
        FloatKind::Half | FloatKind::BFloat | FloatKind::Float | FloatKind::Double
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x86_64_layout_matches_llvm() {
        let m = mergefn_ir::parse_module(
            b"target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
              %s = type { i8, i64, i16 }\n%p = type <{ i8, i32 }>\n\
              define void @f() {\n  %a = alloca %s\n  %b = alloca %p\n  %c = alloca x86_fp80\n  %d = alloca <3 x i32>\n  ret void\n}\n",
        )
        .unwrap();
        let dl = DataLayout::of_module(&m);
        let tt = &m.types;
        let s = tt.lookup(&TypeData::Named("s".into())).unwrap();
        let p = tt.lookup(&TypeData::Named("p".into())).unwrap();
        assert_eq!(dl.alloc_size(tt, s), 24);
        assert_eq!(dl.field_offset(tt, s, 1), Some(8));
        assert_eq!(dl.field_offset(tt, s, 2), Some(16));
        // Offsets are memoised per struct: asked again (and past the end), same answers.
        let again: Vec<Option<u64>> = (0..4).map(|i| dl.field_offset(tt, s, i)).collect();
        assert_eq!(again, vec![Some(0), Some(8), Some(16), None]);
        assert_eq!(dl.field_offset(tt, p, 1), Some(1));
        assert_eq!(dl.field_offset(tt, p, 1), Some(1));
        assert_eq!(dl.alloc_size(tt, p), 5);
        assert_eq!(dl.abi_align(tt, p), 1);
        assert_eq!(dl.pref_align(tt, s), 8);
        let f80 = tt.lookup(&TypeData::Float(FloatKind::X86Fp80)).unwrap();
        assert_eq!((dl.alloc_size(tt, f80), dl.abi_align(tt, f80)), (16, 16));
        let v3 = tt
            .iter()
            .find(|(_, d)| matches!(d, TypeData::Vector { len: 3, .. }))
            .unwrap()
            .0;
        assert_eq!(dl.abi_align(tt, v3), 16);
        assert_eq!(dl.pointer_size_bits(270), 32);
        assert_eq!(dl.pointer_size_bits(5), 64);
    }

    #[test]
    fn default_layout_aligns_i64_to_four() {
        let m =
            mergefn_ir::parse_module(b"define void @f(i64 %x, i128 %y, i24 %z) {\n  ret void\n}\n")
                .unwrap();
        let dl = DataLayout::of_module(&m);
        let int = |n| m.types.lookup(&TypeData::Int(n)).unwrap();
        assert_eq!(dl.abi_align(&m.types, int(64)), 4);
        assert_eq!(dl.pref_align(&m.types, int(64)), 8);
        assert_eq!(dl.abi_align(&m.types, int(128)), 4);
        assert_eq!(dl.abi_align(&m.types, int(24)), 4);
    }
}
