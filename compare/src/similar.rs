//! [`similar`]: functions that would be equal but for some constant operands.
//!
//! The same comparator walks both functions, with one change: where an operand pair differs,
//! both operands are constants of one type and the caller accepts the position, the pair is
//! recorded and the walk goes on as if they were equal. Everything else (the signature, the
//! shape of the CFG, opcodes, types, flags, metadata the comparator reads, local values) must
//! still compare equal. The answer pairs each recorded left-side operand with the right
//! function's constant there, which is what a merged body with one parameter per position
//! needs; there is no second walk to drift out of step with the comparator.

use crate::comparator::FunctionComparator;
use crate::GlobalNumbers;
use mergefn_ir::{Const, GlobalId, Inst, InstData, Module};

/// One operand where two similar functions hold different constants.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OperandDiff {
    /// The instruction, in the left function.
    pub inst: Inst,
    /// The operand, an index into [`InstData::operands`].
    pub operand: usize,
    /// The left function's constant there.
    pub left: Const,
    /// The right function's constant at the paired instruction's same operand.
    pub right: Const,
}

/// Compare `f` (left) and `g` (right) of `m`, tolerating different constants at the operands
/// `accept` allows. `Some(diffs)` when they compare equal that way (no diffs: LLVM's
/// equality), in walk order; `None` otherwise.
///
/// Unlike [`FunctionComparator::compare`], a function's reference to itself is an ordinary
/// global here, also as a call target: `f` calling `f` and `g` calling `g` differ there
/// (a body shared by both must call each instance's own name).
pub fn similar(
    m: &Module,
    f: GlobalId,
    g: GlobalId,
    numbers: &GlobalNumbers,
    accept: &dyn Fn(&InstData, usize) -> bool,
) -> Option<Vec<OperandDiff>> {
    let mut c = FunctionComparator::new(m, f, g, numbers).tolerant(accept);
    c.compare().is_eq().then(|| c.take_tolerated())
}
