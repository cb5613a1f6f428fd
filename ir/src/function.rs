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

/// A basic block: its label and its instructions in order, the last one a terminator.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct BlockData {
    /// The block's label, or unnamed (numbered by the writer in LLVM's slot order).
    pub name: Name,
    /// The block's instructions, in order. Handles index [`Body::insts`].
    pub insts: Vec<Inst>,
}

/// The names of a body's named instructions: only those, sorted by instruction, since most
/// instructions of clang's output are numbered rather than named (a dense table of `Name`s
/// cost 16 bytes for every instruction). Indexing gives `Name::Unnamed` for the others.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct InstNames {
    named: Vec<(Inst, Name)>,
}

impl InstNames {
    /// The name of `i`, if it has one.
    pub fn get(&self, i: Inst) -> Option<&Name> {
        self.named
            .binary_search_by_key(&i, |&(j, _)| j)
            .ok()
            .map(|k| &self.named[k].1)
    }

    /// Name `i` (or, with `Name::Unnamed`, make it unnamed).
    pub fn set(&mut self, i: Inst, name: Name) {
        // The reader names instructions in creation order: appending is the common case.
        if matches!(self.named.last(), Some(&(j, _)) if j < i) || self.named.is_empty() {
            if !matches!(name, Name::Unnamed) {
                self.named.push((i, name));
            }
            return;
        }
        match (self.named.binary_search_by_key(&i, |&(j, _)| j), name) {
            (Ok(k), Name::Unnamed) => {
                self.named.remove(k);
            }
            (Ok(k), name) => self.named[k].1 = name,
            (Err(_), Name::Unnamed) => {}
            (Err(k), name) => self.named.insert(k, (i, name)),
        }
    }

    /// The named instructions, in order.
    pub fn iter(&self) -> impl Iterator<Item = (Inst, &Name)> + '_ {
        self.named.iter().map(|(i, n)| (*i, n))
    }
}

impl std::ops::Index<Inst> for InstNames {
    type Output = Name;
    fn index(&self, i: Inst) -> &Name {
        static UNNAMED: Name = Name::Unnamed;
        self.get(i).unwrap_or(&UNNAMED)
    }
}

/// A function body.
///
/// Invariants: every instruction in a block's `insts` belongs to exactly one block; every block
/// in `layout` is listed once; the last instruction of each block is a terminator.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Body {
    /// Instruction data by handle. May hold instructions no block lists (removed ones); only the
    /// blocks' `insts` say what the body holds.
    pub insts: PrimaryMap<Inst, InstData>,
    /// Names of instructions (unnamed ones are numbered by the writer).
    pub inst_names: InstNames,
    /// Block data by handle. Only blocks in [`layout`](Self::layout) belong to the body.
    pub blocks: PrimaryMap<Block, BlockData>,
    /// The blocks in textual order; `layout[0]` is the entry block.
    pub layout: Vec<Block>,
    /// Metadata arguments of calls (`metadata !5` in `call @llvm.foo(metadata !5)`), referred to
    /// by [`Value::Md`](crate::Value::Md) operands.
    pub md_args: PrimaryMap<MdArg, Metadata>,
    /// Byte offset of each instruction in the text it was read from (for the verifier's
    /// messages); empty for built or deserialised bodies.
    #[serde(skip)]
    pub source_offsets: cranelift_entity::SecondaryMap<Inst, u32>,
    /// `uselistorder label %bb, { ... }` directives: the order of a block's uses, which the
    /// `; preds =` comment follows (LLVM sorts the use list by these indices).
    #[serde(default)]
    pub block_use_orders: Vec<(Block, Box<[u32]>)>,
    /// A body the reader kept as text ([`crate::lazy`]): then the tables above are empty,
    /// and only the writer and the use index look at it. Not serialised (modules for JSON
    /// are read in full).
    #[serde(skip)]
    pub lazy: Option<Box<crate::lazy::LazyBody>>,
}

impl Body {
    /// An empty body with room for about `insts` instructions (readers estimate it from the
    /// text, so that big bodies are not grown by doubling).
    pub fn with_capacity(insts: usize) -> Body {
        Body {
            lazy: None,
            insts: PrimaryMap::with_capacity(insts),
            inst_names: InstNames::default(),
            blocks: PrimaryMap::with_capacity(insts / 4 + 1),
            layout: Vec::with_capacity(insts / 4 + 1),
            md_args: PrimaryMap::new(),
            source_offsets: cranelift_entity::SecondaryMap::with_capacity(insts),
            block_use_orders: Vec::new(),
        }
    }

    /// A body kept as text.
    pub fn lazy(text: crate::lazy::LazyBody) -> Body {
        Body {
            lazy: Some(Box::new(text)),
            ..Body::with_capacity(0)
        }
    }

    /// Whether the body is kept as text ([`crate::lazy`]).
    pub fn is_lazy(&self) -> bool {
        self.lazy.is_some()
    }

    /// Give back the room [`with_capacity`](Self::with_capacity) reserved but the body did
    /// not use (readers estimate it from the text).
    pub fn shrink_to_fit(&mut self) {
        self.insts.shrink_to_fit();
        self.blocks.shrink_to_fit();
        self.layout.shrink_to_fit();
        self.inst_names.named.shrink_to_fit();
    }

    /// The entry block (`layout[0]`), or `None` for an empty body.
    pub fn entry(&self) -> Option<Block> {
        self.layout.first().copied()
    }

    /// Instructions of the body in layout order.
    pub fn insts_in_order(&self) -> impl Iterator<Item = Inst> + '_ {
        self.layout
            .iter()
            .flat_map(move |&b| self.blocks[b].insts.iter().copied())
    }

    /// The last instruction of `b`: its terminator in a well-formed body.
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
    /// The parameter's type.
    pub ty: Type,
    /// The parameter's name (`%x`), or unnamed (numbered by the writer).
    pub name: Name,
}

/// A function: declaration (no body) or definition.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Function {
    /// Properties shared by all globals (name, linkage, visibility, section, ...).
    pub common: GlobalCommon,
    /// The function type `ret (params...)`.
    pub fn_ty: Type,
    /// Formal parameters, in order; argument `n` is [`Value::Arg(n)`](crate::Value::Arg).
    pub params: Vec<Param>,
    /// Calling convention (`fastcc`, `cc 10`, ...); part of the comparator's signature.
    pub cc: CallConv,
    /// Function, return and parameter attributes.
    pub attrs: AttrList,
    /// `align N`, in bytes, when given.
    pub align: Option<u64>,
    /// `gc "name"`: the garbage collector strategy, compared by the comparator.
    pub gc: Option<Box<str>>,
    /// `prefix` data placed before the function's entry point.
    pub prefix: Option<Const>,
    /// `prologue` data placed at the start of the function's code.
    pub prologue: Option<Const>,
    /// `personality` function for exception handling.
    pub personality: Option<Const>,
    /// Attached metadata (`!dbg !12`, `!kcfi_type`, ...).
    pub md: Vec<MdAttachment>,
    /// The body of a definition; `None` for a declaration.
    pub body: Option<Box<Body>>,
}

impl Function {
    /// A declaration with nothing but `common`, a type, its parameters and attributes (the
    /// calling convention and everything else at their defaults): what a reader creates for a
    /// function the text never declared, or that LLVM's upgrades replace.
    pub fn declaration(
        common: crate::module::GlobalCommon,
        fn_ty: crate::types::Type,
        params: Vec<Param>,
        attrs: AttrList,
    ) -> Function {
        Function {
            common,
            fn_ty,
            params,
            cc: Default::default(),
            attrs,
            align: None,
            gc: None,
            prefix: None,
            prologue: None,
            personality: None,
            md: Vec::new(),
            body: None,
        }
    }

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

    /// Whether this is a declaration (no body).
    pub fn is_declaration(&self) -> bool {
        self.body.is_none()
    }

    /// The function attributes (`nounwind`, `#0`, ...), as opposed to return and parameter
    /// attributes.
    pub fn fn_attrs(&self) -> &AttrSet {
        &self.attrs.func
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_entity::EntityRef;

    #[test]
    fn inst_names_keep_only_named_instructions_in_order() {
        let mut names = InstNames::default();
        let i = |k| Inst::new(k);
        names.set(i(3), Name::Named("c".into()));
        names.set(i(7), Name::Named("d".into()));
        names.set(i(1), Name::Named("a".into())); // out of order: a forward reference
        names.set(i(5), Name::Unnamed);
        names.set(i(7), Name::Named("e".into()));
        names.set(i(3), Name::Unnamed);
        let got: Vec<(usize, &str)> = names
            .iter()
            .map(|(k, n)| (k.index(), n.as_str().unwrap()))
            .collect();
        assert_eq!(got, [(1, "a"), (7, "e")]);
        assert_eq!(names[i(5)], Name::Unnamed);
        assert_eq!(names[i(7)].as_str(), Some("e"));
        assert!(names.get(i(3)).is_none());
    }
}
