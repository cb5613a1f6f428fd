//! Short, LLVM-like text for types, constants, values and instructions, for explanations.
//!
//! Types, constants and instructions are printed by the IR writer; local values get their
//! names or slot numbers, and the constants only the comparator knows (implicit operands,
//! constants read from metadata) a short form of their own.

use crate::comparator::{CRef, TyRef, Val};
use crate::slots::Slots;
use mergefn_ir::{Function, Inst, Module, Type};

pub(crate) fn type_ref(m: &Module, t: TyRef) -> String {
    match t {
        TyRef::Id(t) => ty(m, t),
        TyRef::Int(n) => format!("i{n}"),
        TyRef::Ptr(0) => "ptr".into(),
        TyRef::Ptr(a) => format!("ptr addrspace({a})"),
        TyRef::Label => "label".into(),
        TyRef::Metadata => "metadata".into(),
    }
}

pub(crate) fn ty(m: &Module, t: Type) -> String {
    mergefn_ir::writer::type_to_string(m, t)
}

pub(crate) fn constant(m: &Module, c: CRef) -> String {
    let c = match c {
        CRef::Pool(c) => c,
        CRef::Int { bits, value } => return format!("i{bits} {value}"),
        CRef::NullPtr(a) => return format!("{} null", type_ref(m, TyRef::Ptr(a))),
        CRef::Global(g) => return format!("ptr @{}", m.global_name(g)),
    };
    mergefn_ir::writer::const_to_string(m, c)
}

/// A value of function `f`, with its type for locals.
pub(crate) fn value(m: &Module, f: &Function, v: Val) -> String {
    let slots = Slots::new(m, f);
    let body = f.body.as_ref();
    match v {
        Val::Arg(i) => format!("{} {}", ty(m, f.params[i as usize].ty), slots.arg(f, i)),
        Val::Inst(i) => format!(
            "{} {}",
            body.map_or(String::new(), |b| ty(m, b.insts[i].ty)),
            slots.inst(f, i)
        ),
        Val::Block(b) => format!("label {}", slots.block(f, b)),
        Val::Const(c) => constant(m, c),
        Val::Asm(a) => format!("asm \"{}\"", String::from_utf8_lossy(&m.asms[a].asm)),
        Val::Md(_) => "metadata".into(),
    }
}

/// One instruction as the writer prints it.
pub(crate) fn instruction(m: &Module, f: &Function, i: Inst) -> String {
    mergefn_ir::writer::inst_to_string(m, f, i)
}

/// A block of `f` by name or slot.
pub(crate) fn block(m: &Module, f: &Function, b: mergefn_ir::Block) -> String {
    Slots::new(m, f).block(f, b)
}
