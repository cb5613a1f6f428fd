//! [`similar`]: functions that would be equal but for some constant operands.
//!
//! The same comparator walks both functions, with one change: where an operand pair differs,
//! both operands are constants of one type and the caller accepts the position, the pair is
//! recorded and the walk goes on as if they were equal; so is an instruction pair that differs
//! only in flags a shared body can intersect (no-wrap, `exact`, fast-math, ...). Everything
//! else (the signature, the shape of the CFG, opcodes, types, metadata the comparator reads,
//! local values) must still compare equal. The answer pairs each recorded left-side operand with the right
//! function's constant there, which is what a merged body with one parameter per position
//! needs; there is no second walk to drift out of step with the comparator.

use crate::comparator::FunctionComparator;
use crate::GlobalNumbers;
use mergefn_ir::inst::FastMath;
use mergefn_ir::Attr;
use mergefn_ir::{Const, Flags, GlobalId, Inst, InstData, Module};

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

/// An instruction of the left function whose flags differ from its pair's in the right one:
/// a shared body takes the intersection.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weakened {
    /// The instruction, in the left function.
    pub inst: Inst,
    /// The right instruction's flags (only the poison-generating bits and the GEP no-wrap
    /// bits may differ from the left's).
    pub flags: Flags,
    /// The right instruction's fast-math flags (`nnan`, `ninf`, ..., LLVM's `FastMathFlags`);
    /// the shared body keeps only those both sides have.
    pub fmf: FastMath,
}

/// How two similar functions differ.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Similarity {
    /// Operands holding different constants, in walk order.
    pub operands: Vec<OperandDiff>,
    /// Instructions whose flags differ, in walk order.
    pub weakened: Vec<Weakened>,
}

/// Compare `f` (left) and `g` (right) of `m`, tolerating different constants at the operands
/// `accept` allows and different poison-generating and fast-math flags. `Some` when they
/// compare equal that way (nothing recorded: LLVM's equality); `None` otherwise.
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
) -> Option<Similarity> {
    let mut c = FunctionComparator::new(m, f, g, numbers).tolerant(accept);
    c.compare().is_eq().then(|| c.take_tolerated())
}

/// Whether a body shared by several functions may drop `attr` from its own function, return
/// or parameter attributes when the functions disagree on it: the attributes that only state
/// facts an optimiser may use (what memory is touched, that it returns, does not unwind, does
/// not free, that a pointer is non-null, dereferenceable, not captured, a value not undef or
/// in a range, ...). Dropping one only withholds a fact, so the body still computes, for
/// each member's arguments, what the member computed. Attributes that change the calling
/// convention or code generation (`zeroext`, `byval`, `align`, `sret`, `inreg`, string
/// attributes such as `"target-cpu"`, `optsize`, ...) are never droppable: the comparator
/// still requires them equal.
pub fn droppable(attr: &Attr) -> bool {
    let Attr::Other(_) = attr else { return false };
    matches!(
        attr.kind(),
        "memory"
            | "readnone"
            | "readonly"
            | "writeonly"
            | "argmemonly"
            | "inaccessiblememonly"
            | "inaccessiblemem_or_argmemonly"
            | "nofree"
            | "nosync"
            | "willreturn"
            | "norecurse"
            | "nounwind"
            | "mustprogress"
            | "speculatable"
            | "nocallback"
            | "noundef"
            | "nonnull"
            | "dereferenceable"
            | "dereferenceable_or_null"
            | "noalias"
            | "nocapture"
            | "captures"
            | "range"
            | "nofpclass"
            | "returned"
            | "initializes"
            | "dead_on_unwind"
            | "writable"
    )
}
