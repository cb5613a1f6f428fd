//! `mergefn-compare`: LLVM 22's function comparator, structural hash and type equality.
//!
//! MergeFunctions keeps functions in a tree ordered by `(structural_hash, FunctionComparator)`
//! and merges a function into an equal one it finds there. This crate is that order:
//!
//! - [`FunctionComparator`] (`comparator/`): the total order over two functions of a module;
//!   `Equal` means exactly "LLVM 22 would consider them equal". Layered like LLVM's
//!   `FunctionComparator`: `compare` → signature, then blocks in CFG order → `cmp_operations` /
//!   `cmp_geps` → `cmp_values` → `cmp_constants` / `cmp_attrs` / metadata → `cmp_types` →
//!   `cmp_numbers`, `cmp_apints`, `cmp_apfloats`, `cmp_mem`.
//! - [`GlobalNumbers`]: the serial numbers of globals shared by all comparisons of a run.
//! - [`structural_hash`]: the coarse hash MergeFunctions sorts by first; equal functions have
//!   equal hashes.
//! - [`explain`]: the comparator's first deciding rule and where, for people.
//! - [`similar`]: the comparator tolerating different constants at chosen operands, for
//!   merging similar functions.
//! - [`types`]: structural equality of types across modules and renamed structs (not used by
//!   the comparator, which follows LLVM's own type order).
//! - [`DataLayout`]: sizes, alignments and offsets from the datalayout string.
//!
//! Where our IR spells something differently from LLVM's in-memory form (attribute groups,
//! `c"ab"` vs `[i8 97, i8 98]`, omitted alignments, `br` operand order, debug intrinsics), the
//! comparator reads it as LLVM holds it; `llvm.rs` is the one place that knows LLVM's
//! numbering and operand orders.
//!
//! Architecture invariant: this crate reads IR and never mutates it; it does no I/O.

#![warn(missing_docs)]

mod comparator;
mod describe;
mod explain;
mod hash;
mod layout;
mod llvm;
mod numbers;
pub mod similar;
mod slots;
pub mod types;

pub use comparator::FunctionComparator;
pub use explain::{explain, Difference, Explanation, Location};
pub use hash::{detailed_hash, structural_hash, StructuralHasher};
pub use layout::DataLayout;
pub use numbers::GlobalNumbers;
