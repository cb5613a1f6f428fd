//! Metadata, lightly structured.
//!
//! Module-level nodes (`!7 = !{...}`, `!8 = distinct !DILocation(...)`) keep their text; what
//! instructions use is structured enough to print back and to let the comparator read the
//! kinds LLVM compares (`!range`, `!nonnull`, ...): a reference `!N`, a value wrapped as
//! metadata (`i32 %x`), or an inline node kept as text.

use crate::types::Type;
use crate::value::Value;
use serde::{Deserialize, Serialize};

/// A metadata operand as it appears inline.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Metadata {
    /// `!N`: a numbered module-level node.
    Ref(u32),
    /// A value used as metadata: `i32 %x`, `ptr @g`.
    Value(Type, Value),
    /// `!DIArgList(i32 %a, i32 %b)`.
    ArgList(Vec<(Type, Value)>),
    /// Any other inline metadata (`!{}`, `!"str"`, `!DIExpression()`), exactly as written.
    Text(Box<str>),
}

/// The metadata of an attachment (`!dbg !5`) or a metadata argument.
pub type MdRef = Metadata;

/// `!kind <md>` attached to an instruction, a function or a global.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct MdAttachment {
    /// Shared: the reader interns kind names.
    pub kind: std::sync::Arc<str>,
    /// The attached node.
    pub md: Metadata,
}

/// A debug record: `#dbg_value(...)`, `#dbg_declare(...)`, `#dbg_assign(...)`, `#dbg_label(...)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct DbgRecord {
    /// The record kind without `#dbg_`: `value`, `declare`, `assign` or `label`.
    pub kind: Box<str>,
    /// The record's operands, in order.
    pub ops: Vec<Metadata>,
}

/// A numbered module-level node: `!id = <text>` (text includes `distinct` when present).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct MdNode {
    /// The node number `N` of `!N`.
    pub id: u32,
    /// Everything after `!N = `, exactly as written.
    pub text: Box<str>,
}

/// A named module-level node: `!name = !{!0, !1}`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct NamedMd {
    /// The name after `!` (`llvm.module.flags`).
    pub name: Box<str>,
    /// Everything after `!name = `, exactly as written (`!{!0, !1}`).
    pub text: Box<str>,
}
