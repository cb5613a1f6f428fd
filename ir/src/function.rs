//! Functions and their bodies.
//!
//! A body separates data from order, as Cranelift does: instructions and blocks live in
//! [`PrimaryMap`]s (handles never move or get reused), and the layout — which blocks, in which
//! order, holding which instructions — is the `layout` list plus each block's `insts`. A walk in
//! CFG order starts at `layout[0]` and follows the terminators' block operands.

use crate::attr::{AttrList, AttrSet};
use crate::constant::Const;
use crate::inst::{CallConv, Inst, InstData};
use crate::metadata::{MdAttachment, Metadata};
use crate::module::{GlobalCommon, Name};
use crate::types::Type;
use cranelift_entity::{entity_impl, PrimaryMap};
use serde::{Deserialize, Serialize};

/// A handle to a basic block inside one function's body.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Block(u32);
entity_impl!(Block, "block");

/// A handle to a metadata argument inside one function's body.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MdArg(u32);
entity_impl!(MdArg, "md");

#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct BlockData {
    pub name: Name,
    pub insts: Vec<Inst>,
}

/// A function body.
///
/// Invariants: every instruction in a block's `insts` belongs to exactly one block; every block
/// in `layout` is listed once; the last instruction of each block is a terminator.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Body {
    pub insts: PrimaryMap<Inst, InstData>,
    /// Names of instructions (unnamed ones are numbered by the writer).
    pub inst_names: cranelift_entity::SecondaryMap<Inst, Name>,
    pub blocks: PrimaryMap<Block, BlockData>,
    pub layout: Vec<Block>,
    pub md_args: PrimaryMap<MdArg, Metadata>,
    /// Byte offset of each instruction in the text it was read from (for the verifier's
    /// messages); empty for built or deserialised bodies.
    #[serde(skip)]
    pub source_offsets: cranelift_entity::SecondaryMap<Inst, u32>,
}

impl Body {
    /// An empty body with room for about `insts` instructions (readers estimate it from the
    /// text, so that big bodies are not grown by doubling).
    pub fn with_capacity(insts: usize) -> Body {
        Body {
            insts: PrimaryMap::with_capacity(insts),
            inst_names: cranelift_entity::SecondaryMap::with_capacity(insts),
            blocks: PrimaryMap::with_capacity(insts / 4 + 1),
            layout: Vec::with_capacity(insts / 4 + 1),
            md_args: PrimaryMap::new(),
            source_offsets: cranelift_entity::SecondaryMap::with_capacity(insts),
        }
    }

    pub fn entry(&self) -> Option<Block> {
        self.layout.first().copied()
    }

    /// Instructions of the body in layout order.
    pub fn insts_in_order(&self) -> impl Iterator<Item = Inst> + '_ {
        self.layout
            .iter()
            .flat_map(move |&b| self.blocks[b].insts.iter().copied())
    }

    pub fn terminator(&self, b: Block) -> Option<Inst> {
        self.blocks[b].insts.last().copied()
    }

    /// Successor blocks of `b`, in operand order.
    pub fn successors(&self, b: Block) -> impl Iterator<Item = Block> + '_ {
        self.terminator(b)
            .into_iter()
            .flat_map(move |t| self.insts[t].operands.iter().filter_map(|v| v.as_block()))
    }

    /// Number of instructions in layout.
    pub fn num_insts(&self) -> usize {
        self.layout
            .iter()
            .map(|&b| self.blocks[b].insts.len())
            .sum()
    }
}

/// A formal parameter.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Param {
    pub ty: Type,
    pub name: Name,
}

/// A function: declaration (no body) or definition.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Function {
    pub common: GlobalCommon,
    /// The function type `ret (params...)`.
    pub fn_ty: Type,
    pub params: Vec<Param>,
    pub cc: CallConv,
    /// Function, return and parameter attributes.
    pub attrs: AttrList,
    pub align: Option<u64>,
    pub gc: Option<Box<str>>,
    pub prefix: Option<Const>,
    pub prologue: Option<Const>,
    pub personality: Option<Const>,
    pub md: Vec<MdAttachment>,
    pub body: Option<Body>,
}

impl Function {
    /// A copy of everything but the body: the declaration of the same function.
    pub fn clone_without_body(&self) -> Function {
        Function {
            common: self.common.clone(),
            fn_ty: self.fn_ty,
            params: self.params.clone(),
            cc: self.cc.clone(),
            attrs: self.attrs.clone(),
            align: self.align,
            gc: self.gc.clone(),
            prefix: self.prefix,
            prologue: self.prologue,
            personality: self.personality,
            md: self.md.clone(),
            body: None,
        }
    }

    pub fn is_declaration(&self) -> bool {
        self.body.is_none()
    }

    pub fn fn_attrs(&self) -> &AttrSet {
        &self.attrs.func
    }
}
