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
//!
//! # Example
//!
//! Parse a module, order its functions with the comparator, ask why two differ, then merge the
//! module (with `mergefn-merge`), write it back and serialise the explanation:
//!
//! ```
//! use mergefn_compare::{explain, structural_hash, FunctionComparator, GlobalNumbers};
//! use std::cmp::Ordering;
//!
//! let src = r#"
//! define internal i32 @inc(i32 %x) {
//!   %r = add nsw i32 %x, 1
//!   ret i32 %r
//! }
//! define internal i32 @inc2(i32 %y) {
//!   %r = add nsw i32 %y, 1
//!   ret i32 %r
//! }
//! define internal i32 @dec(i32 %x) {
//!   %r = sub nsw i32 %x, 1
//!   ret i32 %r
//! }
//! define i32 @main(i32 %n) {
//!   %a = call i32 @inc(i32 %n)
//!   %b = call i32 @inc2(i32 %a)
//!   %c = call i32 @dec(i32 %b)
//!   ret i32 %c
//! }
//! "#;
//! let mut m = mergefn_ir::parse_module(src.as_bytes())?;
//! let id = |name| m.global_by_name(name).unwrap();
//! let (inc, inc2, dec) = (id("inc"), id("inc2"), id("dec"));
//!
//! // One numbering of globals for all comparisons of a run, as LLVM's GlobalNumberState.
//! let numbers = GlobalNumbers::new();
//! let cmp = |f, g| FunctionComparator::new(&m, f, g, &numbers).compare();
//! assert_eq!(cmp(inc, inc2), Ordering::Equal);
//! assert_ne!(cmp(inc, dec), Ordering::Equal);
//! assert_eq!(cmp(inc, dec), cmp(dec, inc).reverse()); // a total order
//! // Equal functions hash alike; the hash reads opcodes, so it already tells these apart.
//! assert_eq!(structural_hash(&m, inc), structural_hash(&m, inc2));
//! assert_ne!(structural_hash(&m, inc), structural_hash(&m, dec));
//!
//! let why = explain(&m, inc, dec);
//! assert!(!why.is_equal());
//! let d = why.difference.as_ref().unwrap();
//! assert_eq!(d.rule, "cmp_operations");
//! let json = serde_json::to_value(&why)?;
//! assert_eq!(json["difference"]["rule"], "cmp_operations");
//!
//! // The pass merges @inc2 into @inc and leaves @dec alone.
//! let report = mergefn_merge::merge_functions(&mut m, &Default::default());
//! assert_eq!(report.counts.merged, 1);
//! let out = mergefn_ir::module_to_string(&m);
//! assert!(out.contains("define internal i32 @dec") && !out.contains("@inc2"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

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
