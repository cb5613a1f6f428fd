//! SSA values: what an instruction operand can be.
//!
//! A [`Value`] is 8 bytes: a kind and a 32-bit handle. Function-local handles (arguments,
//! instructions, blocks, metadata arguments) index the enclosing function's [`crate::Body`];
//! constants and inline asm index the module.

use crate::constant::Const;
use crate::function::{Block, MdArg};
use crate::inst::Inst;
use crate::module::AsmId;
use serde::{Deserialize, Serialize};

/// An operand: a local value of the enclosing function, or a module-level constant or asm.
/// The analogue of LLVM's `Value *` as an instruction operand.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Value {
    /// The `n`th formal argument of the enclosing function.
    Arg(u32),
    /// The result of an instruction of the enclosing function.
    Inst(Inst),
    /// A basic block used as a value (`label %bb`).
    Block(Block),
    /// A constant, including global values.
    Const(Const),
    /// Inline assembly (only as a callee).
    Asm(AsmId),
    /// A metadata argument (`metadata !5`, `metadata i32 %x`), stored in the body.
    Md(MdArg),
}

impl Value {
    /// The constant, if this is one.
    pub fn as_const(self) -> Option<Const> {
        match self {
            Value::Const(c) => Some(c),
            _ => None,
        }
    }
    /// The block, if this is a block operand.
    pub fn as_block(self) -> Option<Block> {
        match self {
            Value::Block(b) => Some(b),
            _ => None,
        }
    }
    /// The instruction, if this is an instruction's result.
    pub fn as_inst(self) -> Option<Inst> {
        match self {
            Value::Inst(i) => Some(i),
            _ => None,
        }
    }
}
