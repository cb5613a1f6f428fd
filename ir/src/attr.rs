//! Attributes: kept close to the text, with the parts the comparator needs made explicit.
//!
//! Type-carrying attributes (`byval(T)`, `sret(T)`, `elementtype(T)`, ...) hold a [`Type`] so
//! that comparisons can apply type rules; string attributes hold key and value; every other
//! attribute is kept as its exact text (`nounwind`, `align 8`, `memory(argmem: read)`), which
//! prints back unchanged in the same position and compares by text.

use crate::types::Type;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// One attribute of a function, return value, parameter or call site.
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
            // A byte search: `split` with a set of chars decodes UTF-8 as it goes, and the
            // verifier asks for the kind of every attribute it looks at.
            Attr::Other(t) => {
                let end = (t.bytes())
                    .position(|b| matches!(b, b'(' | b' ' | b'='))
                    .unwrap_or(t.len());
                &t[..end]
            }
            Attr::Type(k, _) | Attr::Str(k, _) => k,
        }
    }
}

/// A set of attributes plus references to attribute groups (`#N`).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct AttrSet {
    /// Attributes written inline, in order.
    pub attrs: thin_vec::ThinVec<Attr>,
    /// References to attribute groups (`#0`), in order; their contents are in
    /// [`Module::attr_groups`](crate::Module::attr_groups).
    pub groups: SmallVec<[u32; 1]>,
}

impl AttrSet {
    /// Whether the set holds neither attributes nor group references.
    pub fn is_empty(&self) -> bool {
        self.attrs.is_empty() && self.groups.is_empty()
    }

    /// Whether an inline attribute of `kind` (keyword or string key) is present. Attributes inside
    /// referenced groups are not looked at.
    pub fn has(&self, kind: &str) -> bool {
        self.attrs.iter().any(|a| a.kind() == kind)
    }
}

/// Attributes of a function or call site: function, return value, and each parameter.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct AttrList {
    /// Function attributes.
    pub func: AttrSet,
    /// Return value attributes.
    pub ret: AttrSet,
    /// Parameter attributes by position; may be shorter than the parameter list (missing entries
    /// are empty).
    pub params: Vec<AttrSet>,
}
