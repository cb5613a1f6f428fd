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

#![warn(missing_docs)]

pub mod attr;
pub mod constant;
pub mod function;
pub mod inst;
pub mod lexer;
pub mod metadata;
pub mod module;
pub mod reader;
pub mod types;
pub mod uses;
pub mod value;
pub mod verify;
pub mod writer;

pub use attr::{Attr, AttrList, AttrSet};
pub use constant::{ApInt, Const, ConstData, ConstExpr, ConstPool};
pub use function::{Block, BlockData, Body, Function, InstNames, MdArg, Param};
pub use inst::{Align, CallConv, CallInfo, Flags, Inst, InstData, InstDebug, InstExtra, Opcode};
pub use metadata::Metadata;
pub use module::{
    Alias, AsmId, Comdat, DllStorage, Global, GlobalCommon, GlobalId, GlobalKind, GlobalVar,
    InlineAsm, Linkage, Module, Name, UnnamedAddr, Visibility,
};
pub use reader::{
    parse_module, parse_module_parallel, parse_module_serial, parse_module_with_hints,
    parse_module_with_progress, ParseError,
};
pub use types::{FloatKind, Type, TypeData, TypeTable};
pub use value::Value;
pub use verify::{verify_module, VerifyError};
pub use writer::{global_slot_numbers, module_to_string, write_module};
