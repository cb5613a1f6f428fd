//! `mergefn-ir`: an SSA IR for LLVM modules, with a `.ll` reader and writer.
//!
//! The model follows LLVM's closely enough that LLVM's algorithms read naturally over it:
//! a [`Module`] holds interned [`types`], uniqued [`constant`]s and [`Global`]s; a
//! [`Function`]'s [`Body`] holds instructions and blocks in entity maps with a separate layout.
//! Handles are `u32` newtypes from `cranelift-entity`: compact, `Copy`, and never invalidated,
//! which lets passes keep them in maps and rewrite the IR without borrow fights.
//!
//! This crate knows nothing about merging. It does I/O only through [`reader`] (from bytes) and
//! [`writer`] (to a `std::io::Write`).
//!
//! # Example
//!
//! Read a module, look at a function, hand it to the comparator and the pass (the
//! `mergefn-compare` and `mergefn-merge` crates), print it back and round-trip it through
//! JSON:
//!
//! ```
//! use mergefn_ir::{parse_module, verify_module, module_to_string, Module, Opcode};
//!
//! let src = br#"
//! define linkonce_odr i32 @max_a(i32 %a, i32 %b) {
//! entry:
//!   %c = icmp sgt i32 %a, %b
//!   %r = select i1 %c, i32 %a, i32 %b
//!   ret i32 %r
//! }
//! define linkonce_odr i32 @max_b(i32 %x, i32 %y) {
//! entry:
//!   %c = icmp sgt i32 %x, %y
//!   %r = select i1 %c, i32 %x, i32 %y
//!   ret i32 %r
//! }
//! define i32 @use(i32 %n) {
//!   %1 = call i32 @max_a(i32 %n, i32 0)
//!   %2 = call i32 @max_b(i32 %1, i32 9)
//!   ret i32 %2
//! }
//! "#;
//! let mut m = parse_module(src)?;
//! verify_module(&m)?;
//!
//! // Handles into the module: globals by name, instructions in their block's order.
//! let a = m.global_by_name("max_a").unwrap();
//! let body = m.function(a).unwrap().body.as_ref().unwrap();
//! let entry = body.entry().unwrap();
//! let ops: Vec<Opcode> = body.blocks[entry].insts.iter().map(|&i| body.insts[i].opcode).collect();
//! assert_eq!(ops, [Opcode::ICmp, Opcode::Select, Opcode::Ret]);
//!
//! // Equal for LLVM's comparator, so MergeFunctions merges them: both are linkonce_odr, so
//! // the body moves to a new private function and both names go.
//! let b = m.global_by_name("max_b").unwrap();
//! let numbers = mergefn_compare::GlobalNumbers::new();
//! let order = mergefn_compare::FunctionComparator::new(&m, a, b, &numbers).compare();
//! assert!(order.is_eq());
//! let report = mergefn_merge::merge_functions(&mut m, &Default::default());
//! assert_eq!(report.counts.new_functions, 1);
//!
//! let text = module_to_string(&m);
//! assert_eq!(text.matches("\ndefine ").count(), 2); // @use and the private body
//! assert!(!text.contains("@max_b"));
//!
//! // JSON keeps everything but the lookup indexes, which are rebuilt after reading.
//! let json = serde_json::to_string(&m)?;
//! let mut back: Module = serde_json::from_str(&json)?;
//! back.rebuild_indexes();
//! assert_eq!(module_to_string(&back), text);
//! assert!(back.global_by_name("use").is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

/// `memchr::memmem::find` (or `find_iter` with `iter`) for a literal needle, its searcher
/// built once: building one costs more than searching a short haystack, and names, lines and
/// metadata nodes are searched by the hundred thousand.
macro_rules! find_lit {
    (@finder $needle:expr) => {{
        static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
            std::sync::LazyLock::new(|| memchr::memmem::Finder::new($needle));
        &*FINDER
    }};
    (iter $hay:expr, $needle:expr) => {
        find_lit!(@finder $needle).find_iter($hay)
    };
    ($hay:expr, $needle:expr) => {
        find_lit!(@finder $needle).find($hay)
    };
}

pub mod attr;
pub mod constant;
pub mod datalayout;
pub mod function;
pub mod inst;
pub mod intrinsics;
pub mod lazy;
pub mod lexer;
pub mod metadata;
pub mod module;
pub mod reader;
pub mod types;
pub mod uses;
pub mod value;
pub mod verify;
pub mod writer;

/// How much of a text of `len` bytes one parallel task takes: `len / parts`, between 64 KiB
/// and 1 MiB, so that a small module is still cut into several pieces per core and a big
/// one into pieces whose fixed costs vanish. A function of the input alone, as every cut
/// must be (the module read does not depend on timing or on the number of threads).
pub(crate) fn piece_bytes(len: usize, parts: usize) -> usize {
    (len / parts).clamp(64 << 10, 1 << 20)
}

pub use attr::{Attr, AttrList, AttrSet};
pub use constant::{ApInt, Const, ConstData, ConstExpr, ConstPool};
pub use function::{Block, BlockData, Body, Function, InstNames, MdArg, Param};
pub use inst::{Align, CallConv, CallInfo, Flags, Inst, InstData, InstDebug, InstExtra, Opcode};
pub use metadata::Metadata;
pub use module::{
    Alias, AsmId, Comdat, DllStorage, Global, GlobalCommon, GlobalId, GlobalKind, GlobalVar,
    InlineAsm, Linkage, Module, Name, UnnamedAddr, Visibility,
};
#[doc(hidden)]
pub use reader::metadata_windows_read;
pub use reader::{
    parse_module, parse_module_parallel, parse_module_serial, parse_module_with_hints,
    parse_module_with_options, parse_module_with_progress, ParseError, ReadOptions,
};
pub use types::{FloatKind, Type, TypeData, TypeTable};
pub use value::Value;
pub use verify::{verify_module, VerifyError};
pub use writer::{global_slot_numbers, module_to_string, write_module};
