//! [`explain`]: why two functions do or do not merge.
//!
//! Runs the one comparator with tracing on: the first rule that returned "not equal" is the
//! reason, reported with where the walk was (signature, block pair, instruction pair) and the
//! two instructions in text. There is no second comparator to drift out of sync.

use crate::comparator::{FunctionComparator, Position};
use crate::{describe, structural_hash, GlobalNumbers};
use mergefn_ir::{GlobalId, Module};
use serde::Serialize;
use std::cmp::Ordering;
use std::fmt;

/// The outcome of comparing two functions, for people (`Display`) and tools (`Serialize`).
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    /// Name of the left function (`f`) without the `@` (`<unnamed N>` for an unnamed one, as
    /// [`Module::global_name`](mergefn_ir::Module::global_name) gives it).
    pub left: String,
    /// Name of the right function (`g`), printed as [`left`](Self::left) is.
    pub right: String,
    /// `-1`, `0` or `1`: the comparator's order of left against right.
    pub order: i8,
    /// [`structural_hash`](crate::structural_hash) of the left function. Equal functions have equal
    /// hashes; different hashes alone already tell LLVM's `FnTree` that the two differ.
    pub left_hash: u64,
    /// [`structural_hash`](crate::structural_hash) of the right function.
    pub right_hash: u64,
    /// The first difference, when not equal.
    pub difference: Option<Difference>,
}

/// The rule that decided, and where.
#[derive(Clone, Debug, Serialize)]
pub struct Difference {
    /// The comparator layer that decided: `cmp_types`, `cmp_attrs`, `cmp_operations`, ...
    pub rule: String,
    /// What it compared, e.g. `i32 vs i64`.
    pub detail: String,
    /// Where in the two functions the deciding comparison was made.
    pub location: Location,
}

/// Where in the two functions the difference is.
#[derive(Clone, Debug, Serialize)]
pub enum Location {
    /// Function attributes, GC, section, calling convention or type.
    Signature,
    /// The `block`-th block of the CFG walk (0 is the entry), as a whole.
    Block {
        /// Position of the block pair in the CFG walk (0 is the entry pair).
        block: usize,
        /// The left block, as its label (`%name`, or its slot number `%3` when unnamed).
        left: String,
        /// The right block, as its label.
        right: String,
    },
    /// Instruction `index` of the `block`-th block of the walk, counting instructions as LLVM 22
    /// has them (calls to `llvm.dbg.*` are debug records there, not instructions).
    Instruction {
        /// Position of the block pair in the CFG walk (0 is the entry pair).
        block: usize,
        /// Index of the instruction pair within the block (debug intrinsics not counted).
        index: usize,
        /// The left instruction as `.ll` text, or `<end of block>` when the left block ended first.
        left: String,
        /// The right instruction as `.ll` text, or `<end of block>` when the right block ended first.
        right: String,
    },
}

impl Explanation {
    /// Whether LLVM would consider the functions equal.
    pub fn is_equal(&self) -> bool {
        self.order == 0
    }

    /// [`order`](Self::order) as an [`Ordering`]: what
    /// [`FunctionComparator::compare`](crate::FunctionComparator::compare) returned for left against
    /// right.
    pub fn ordering(&self) -> Ordering {
        self.order.cmp(&0)
    }
}

/// Compare functions `f` and `g` of `m` (fresh [`GlobalNumbers`]) and say why they differ.
///
/// This runs [`FunctionComparator::compare`] itself with tracing on, so the verdict is the
/// comparator's; the [`Difference`] is the first layer that returned non-equal (LLVM's
/// `cmpTypes`, `cmpOperations`, `cmpValues`, ... as `cmp_types`, `cmp_operations`, ...).
///
/// # Example
///
/// ```
/// use mergefn_compare::{explain, Location};
///
/// let m = mergefn_ir::parse_module(br#"
/// define i64 @f(i64 %x) {
///   %y = shl i64 %x, 1
///   ret i64 %y
/// }
/// define i64 @g(i64 %x) {
///   %y = shl i64 %x, 2
///   ret i64 %y
/// }
/// "#)?;
/// let why = explain(&m, m.global_by_name("f").unwrap(), m.global_by_name("g").unwrap());
/// assert!(!why.is_equal());
/// let d = why.difference.as_ref().unwrap();
/// assert!(matches!(d.location, Location::Instruction { block: 0, index: 0, .. }));
/// assert!(why.to_string().starts_with("@f and @g differ: @f orders less than @g"));
/// # Ok::<(), mergefn_ir::ParseError>(())
/// ```
pub fn explain(m: &Module, f: GlobalId, g: GlobalId) -> Explanation {
    let numbers = GlobalNumbers::new();
    let mut c = FunctionComparator::new(m, f, g, &numbers).traced();
    let order = c.compare();
    let (fl, fr) = (c.fnl, c.fnr);
    let difference = c.decision().map(|d| {
        let location = match d.at {
            Position::Signature => Location::Signature,
            Position::Block { block, left, right } => Location::Block {
                block,
                left: describe::block(m, fl, left),
                right: describe::block(m, fr, right),
            },
            Position::Inst {
                block,
                index,
                left,
                right,
            } => Location::Instruction {
                block,
                index,
                left: describe::instruction(m, fl, left),
                right: describe::instruction(m, fr, right),
            },
            Position::BlockEnd {
                block,
                index,
                left,
                right,
            } => Location::Instruction {
                block,
                index,
                left: left.map_or("<end of block>".into(), |i| describe::instruction(m, fl, i)),
                right: right.map_or("<end of block>".into(), |i| describe::instruction(m, fr, i)),
            },
        };
        Difference {
            rule: d.rule.into(),
            detail: d.detail.clone(),
            location,
        }
    });
    Explanation {
        left: m.global_name(f),
        right: m.global_name(g),
        order: order as i8,
        left_hash: structural_hash(m, f),
        right_hash: structural_hash(m, g),
        difference,
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (l, r) = (&self.left, &self.right);
        let Some(d) = &self.difference else {
            if self.is_equal() {
                return writeln!(
                    f,
                    "@{l} and @{r} are equal: MergeFunctions would merge them"
                );
            }
            return writeln!(f, "@{l} and @{r} differ (no rule recorded)");
        };
        let rel = if self.order < 0 {
            "less than"
        } else {
            "greater than"
        };
        writeln!(f, "@{l} and @{r} differ: @{l} orders {rel} @{r}")?;
        match &d.location {
            Location::Signature => writeln!(f, "  in the signature")?,
            Location::Block { block, left, right } => {
                writeln!(f, "  at block {block} of the CFG walk ({left} vs {right})")?
            }
            Location::Instruction {
                block,
                index,
                left,
                right,
            } => {
                writeln!(
                    f,
                    "  at block {block} of the CFG walk, instruction {index}:"
                )?;
                writeln!(f, "    left:  {left}")?;
                writeln!(f, "    right: {right}")?;
            }
        }
        writeln!(f, "  decided by {}: {}", d.rule, d.detail)?;
        if self.left_hash != self.right_hash {
            writeln!(
                f,
                "  (their structural hashes differ too, so MergeFunctions never compares them)"
            )?;
        }
        Ok(())
    }
}
