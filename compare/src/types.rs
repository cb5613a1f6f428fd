//! Structural type equality, across modules ("Type Equality in LLVM", ShiftLeft).
//!
//! LLVM types are equal only by identity within one context, and linking renames clashing
//! identified structs (`%struct.Point` and `%struct.Point.0`). This module decides when two
//! types are *structurally* the same by encoding each as a string over a ranked alphabet: every
//! type is a symbol followed by its fixed number of arguments, written depth first, so two types
//! are equal exactly when their encodings are ([`TypeEncoder::encode`]).
//!
//! - Identified structs get symbolic IDs in order of first appearance *within one encoding*,
//!   and a struct already being encoded is written as a back reference. So recursion shape
//!   matters: `%list = {%list*, i32}` and `%node = {%node*, i32}` are equal, while
//!   `%root = {%node*, i32}` is not (its pointer leads to a *different* struct).
//! - Names of structs with bodies are not part of the key; opaque structs have no structure,
//!   so they are equal when their canonical names (trailing `.N` suffixes stripped) are.
//! - Literal vs identified, packed vs not, element types, address spaces: all in the key.
//!
//! Encodings are vectors of `u64` (strings are packed in), memoised per type.

use mergefn_ir::{Module, Type, TypeData};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Symbols of the alphabet. Each is followed by its arguments as documented.
mod sym {
    pub const VOID: u64 = 1;
    pub const LABEL: u64 = 2;
    pub const METADATA: u64 = 3;
    pub const TOKEN: u64 = 4;
    pub const X86_AMX: u64 = 5;
    pub const X86_MMX: u64 = 6;
    /// width
    pub const INT: u64 = 7;
    /// width
    pub const BYTE: u64 = 8;
    /// float kind
    pub const FLOAT: u64 = 9;
    /// address space
    pub const PTR: u64 = 10;
    /// address space, pointee
    pub const TYPED_PTR: u64 = 11;
    /// length, element
    pub const ARRAY: u64 = 12;
    /// length, scalable, element
    pub const VECTOR: u64 = 13;
    /// element count, packed, elements
    pub const LITERAL_STRUCT: u64 = 14;
    /// symbolic id, element count, packed, elements
    pub const STRUCT: u64 = 15;
    /// symbolic id of a struct already being encoded
    pub const STRUCT_REF: u64 = 16;
    /// canonical name (string)
    pub const OPAQUE: u64 = 17;
    /// parameter count, varargs, return type, parameters
    pub const FUNCTION: u64 = 18;
    /// name (string), type count, types, integer count, integers
    pub const TARGET_EXT: u64 = 19;
}

/// An identified struct's name without the `.N` suffixes linking adds (`struct.A.0` →
/// `struct.A`).
pub fn canonical_struct_name(name: &str) -> &str {
    let mut n = name;
    while let Some((head, tail)) = n.rsplit_once('.') {
        if tail.is_empty() || !tail.bytes().all(|b| b.is_ascii_digit()) || head.is_empty() {
            break;
        }
        n = head;
    }
    n
}

/// Encodes types of one module; encodings of different modules are comparable.
pub struct TypeEncoder<'m> {
    m: &'m Module,
    memo: FxHashMap<Type, Rc<[u64]>>,
}

impl<'m> TypeEncoder<'m> {
    /// An encoder for the types of `m`, with an empty memo. One encoder per module: encodings
    /// from encoders of different modules compare directly, since they hold no handles.
    pub fn new(m: &'m Module) -> Self {
        TypeEncoder {
            m,
            memo: FxHashMap::default(),
        }
    }

    /// The canonical encoding of `t`: equal encodings mean structurally equal types.
    pub fn encode(&mut self, t: Type) -> Rc<[u64]> {
        if let Some(e) = self.memo.get(&t) {
            return e.clone();
        }
        let mut out = Vec::new();
        self.write(t, &mut FxHashMap::default(), &mut out);
        let e: Rc<[u64]> = out.into();
        self.memo.insert(t, e.clone());
        e
    }

    /// Append the encoding of `t`; `ids` holds the symbolic IDs of the structs met so far.
    fn write(&self, t: Type, ids: &mut FxHashMap<Type, u64>, out: &mut Vec<u64>) {
        let tt = &self.m.types;
        match tt.get(t) {
            TypeData::Void => out.push(sym::VOID),
            TypeData::Label => out.push(sym::LABEL),
            TypeData::Metadata => out.push(sym::METADATA),
            TypeData::Token => out.push(sym::TOKEN),
            TypeData::X86Amx => out.push(sym::X86_AMX),
            TypeData::X86Mmx => out.push(sym::X86_MMX),
            TypeData::Int(n) => out.extend([sym::INT, *n as u64]),
            TypeData::Byte(n) => out.extend([sym::BYTE, *n as u64]),
            TypeData::Float(k) => out.extend([sym::FLOAT, *k as u64]),
            TypeData::Ptr(a) => out.extend([sym::PTR, *a as u64]),
            TypeData::TypedPtr(p, a) => {
                out.extend([sym::TYPED_PTR, *a as u64]);
                self.write(*p, ids, out);
            }
            TypeData::Array(n, e) => {
                out.extend([sym::ARRAY, *n]);
                self.write(*e, ids, out);
            }
            TypeData::Vector {
                len,
                elem,
                scalable,
            } => {
                out.extend([sym::VECTOR, *len as u64, *scalable as u64]);
                self.write(*elem, ids, out);
            }
            TypeData::Struct { elems, packed } => {
                out.extend([sym::LITERAL_STRUCT, elems.len() as u64, *packed as u64]);
                elems.iter().for_each(|&e| self.write(e, ids, out));
            }
            TypeData::Named(name) => match tt.body(t) {
                None => {
                    out.push(sym::OPAQUE);
                    write_str(canonical_struct_name(name), out);
                }
                Some(body) => {
                    if let Some(&id) = ids.get(&t) {
                        out.extend([sym::STRUCT_REF, id]);
                        return;
                    }
                    let id = ids.len() as u64;
                    ids.insert(t, id);
                    out.extend([sym::STRUCT, id, body.elems.len() as u64, body.packed as u64]);
                    body.elems.iter().for_each(|&e| self.write(e, ids, out));
                }
            },
            TypeData::Func {
                ret,
                params,
                varargs,
            } => {
                out.extend([sym::FUNCTION, params.len() as u64, *varargs as u64]);
                self.write(*ret, ids, out);
                params.iter().for_each(|&p| self.write(p, ids, out));
            }
            TypeData::TargetExt { name, types, ints } => {
                out.push(sym::TARGET_EXT);
                write_str(name, out);
                out.push(types.len() as u64);
                types.iter().for_each(|&p| self.write(p, ids, out));
                out.push(ints.len() as u64);
                out.extend(ints.iter().map(|&i| i as u64));
            }
        }
    }
}

/// A string as its length followed by its bytes packed eight to a word.
fn write_str(s: &str, out: &mut Vec<u64>) {
    out.push(s.len() as u64);
    out.extend(s.as_bytes().chunks(8).map(|c| {
        c.iter()
            .enumerate()
            .fold(0u64, |w, (i, &b)| w | (b as u64) << (8 * i))
    }));
}

/// Whether type `a` of module `ma` and type `b` of module `mb` are structurally equal.
pub fn structurally_equal(ma: &Module, a: Type, mb: &Module, b: Type) -> bool {
    TypeEncoder::new(ma).encode(a) == TypeEncoder::new(mb).encode(b)
}

/// The identified structs of `m` grouped into classes of structurally equal types. Every
/// identified struct is in exactly one class; classes are ordered by their first member and
/// members by definition order.
pub fn type_classes(m: &Module) -> Vec<Vec<String>> {
    let mut enc = TypeEncoder::new(m);
    let mut index: FxHashMap<Rc<[u64]>, usize> = FxHashMap::default();
    let mut classes: Vec<Vec<String>> = Vec::new();
    for &t in m.types.named_structs() {
        let name = m.types.struct_name(t).unwrap_or_default().to_string();
        let e = enc.encode(t);
        match index.get(&e) {
            Some(&i) => classes[i].push(name),
            None => {
                index.insert(e, classes.len());
                classes.push(vec![name]);
            }
        }
    }
    classes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_names_strip_numeric_suffixes() {
        assert_eq!(canonical_struct_name("struct.A.0"), "struct.A");
        assert_eq!(canonical_struct_name("struct.A.1.22"), "struct.A");
        assert_eq!(canonical_struct_name("struct.A"), "struct.A");
        assert_eq!(canonical_struct_name("struct.v2"), "struct.v2");
        assert_eq!(canonical_struct_name("0"), "0");
    }
}
