//! Attributes: kept close to the text, with the parts the comparator needs made explicit.
//!
//! Type-carrying attributes (`byval(T)`, `sret(T)`, `elementtype(T)`, ...) hold a [`Type`] so
//! that comparisons can apply type rules; string attributes hold key and value; every other
//! attribute is kept as its exact text (`nounwind`, `align 8`, `memory(argmem: read)`), which
//! prints back unchanged in the same position and compares by text.

use crate::types::Type;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Attr {
    /// Any enum/int attribute, as written: `nounwind`, `align 16`, `dereferenceable(8)`.
    Other(Box<str>),
    /// `kw(T)` for byval, byref, sret, inalloca, preallocated, elementtype.
    Type(Box<str>, Type),
    /// `"key"` or `"key"="value"`.
    Str(Box<str>, Option<Box<str>>),
}

impl Attr {
    /// The attribute's kind name (keyword or string key).
    pub fn kind(&self) -> &str {
        match self {
            Attr::Other(t) => t.split(['(', ' ', '=']).next().unwrap_or(t),
            Attr::Type(k, _) | Attr::Str(k, _) => k,
        }
    }
}

/// A set of attributes plus references to attribute groups (`#N`).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct AttrSet {
    pub attrs: Vec<Attr>,
    pub groups: SmallVec<[u32; 1]>,
}

impl AttrSet {
    pub fn is_empty(&self) -> bool {
        self.attrs.is_empty() && self.groups.is_empty()
    }

    pub fn has(&self, kind: &str) -> bool {
        self.attrs.iter().any(|a| a.kind() == kind)
    }
}

/// Attributes of a function or call site: function, return value, and each parameter.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct AttrList {
    pub func: AttrSet,
    pub ret: AttrSet,
    pub params: Vec<AttrSet>,
}
