//! Semantic checks a module must pass before anything transforms it.
//!
//! The reader already rejects what it cannot build (undefined or duplicate names, operands of
//! the wrong type where the syntax fixes the type, blocks without a terminator). This pass
//! checks what needs the whole function: the types the syntax leaves open (returns, call
//! arguments, stores, selects), phi nodes against the CFG, and the placement of phis and
//! terminators. Messages follow LLVM's verifier where it has one.

use crate::function::{Block, Body, Function};
use crate::inst::{Inst, Opcode};
use crate::module::{GlobalId, Module};
use crate::types::{Type, TypeData};
use crate::value::Value;
use cranelift_entity::SecondaryMap;
use std::fmt;

/// A verifier finding: which function, where (byte offset of the instruction when the module
/// was read from text), and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub function: String,
    pub offset: Option<u32>,
    pub msg: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (in function '@{}')", self.msg, self.function)
    }
}

impl std::error::Error for VerifyError {}

/// Check every function body of `m`; the first finding is the error.
pub fn verify_module(m: &Module) -> Result<(), VerifyError> {
    for g in m.functions() {
        if let Some(f) = m.function(g) {
            if let Some(body) = &f.body {
                verify_function(m, g, f, body)?;
            }
        }
    }
    Ok(())
}

struct Checker<'a> {
    m: &'a Module,
    g: GlobalId,
    f: &'a Function,
    body: &'a Body,
}

impl Checker<'_> {
    fn fail<T>(&self, at: Option<Inst>, msg: impl Into<String>) -> Result<T, VerifyError> {
        Err(VerifyError {
            function: self.m.global_name(self.g),
            offset: at.map(|i| self.body.source_offsets[i]).filter(|&o| o != 0),
            msg: msg.into(),
        })
    }

    fn ty(&self, v: Value) -> Option<Type> {
        Some(match v {
            Value::Const(c) => self.m.consts.ty(c),
            Value::Arg(i) => self.f.params.get(i as usize)?.ty,
            Value::Inst(i) => self.body.insts[i].ty,
            _ => return None,
        })
    }

    fn type_name(&self, t: Type) -> String {
        crate::writer::type_to_string(self.m, t)
    }
}

fn verify_function(m: &Module, g: GlobalId, f: &Function, body: &Body) -> Result<(), VerifyError> {
    let c = Checker { m, g, f, body };
    let (ret, _, _) = m
        .types
        .func_parts(f.fn_ty)
        .expect("a function has a function type");
    let mut preds: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    for &b in &body.layout {
        for s in body.successors(b) {
            preds[s].push(b);
        }
    }
    if let Some(entry) = body.entry() {
        if !preds[entry].is_empty() {
            return c.fail(
                body.terminator(preds[entry][0]),
                "Entry block to function must not have predecessors!",
            );
        }
    }
    for &b in &body.layout {
        let insts = &body.blocks[b].insts;
        let mut seen_non_phi = false;
        for (k, &i) in insts.iter().enumerate() {
            let d = &body.insts[i];
            let last = k + 1 == insts.len();
            if d.opcode.is_terminator() != last {
                return c.fail(
                    Some(i),
                    if last {
                        "Block does not end with a terminator!"
                    } else {
                        "Terminator found in the middle of a basic block!"
                    },
                );
            }
            match d.opcode {
                Opcode::Phi => {
                    if seen_non_phi {
                        return c.fail(Some(i), "PHI nodes not grouped at top of basic block!");
                    }
                    let mut incoming: Vec<Block> = d
                        .operands
                        .chunks(2)
                        .filter_map(|p| p.get(1).and_then(|v| v.as_block()))
                        .collect();
                    let mut expected = preds[b].clone();
                    incoming.sort();
                    expected.sort();
                    if incoming != expected {
                        return c.fail(Some(i), "PHINode should have one entry for each predecessor of its parent basic block!");
                    }
                    for pair in d.operands.chunks(2) {
                        if c.ty(pair[0]).is_some_and(|t| t != d.ty) {
                            return c.fail(
                                Some(i),
                                "PHI node operands are not the same type as the result!",
                            );
                        }
                    }
                }
                _ => seen_non_phi = true,
            }
            match d.opcode {
                Opcode::Ret => {
                    let got = d
                        .operands
                        .first()
                        .and_then(|&v| c.ty(v))
                        .unwrap_or_else(|| m.types.lookup(&TypeData::Void).unwrap_or(ret));
                    if got != ret {
                        return c.fail(
                            Some(i),
                            format!("Function return type does not match operand type of return inst! ({} vs {})", c.type_name(got), c.type_name(ret)),
                        );
                    }
                }
                Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                    let Some(ci) = d.call_info() else { continue };
                    let Some((_, params, varargs)) = m.types.func_parts(ci.fn_ty) else {
                        continue;
                    };
                    let n = d.num_call_args();
                    if n < params.len() || (!varargs && n != params.len()) {
                        return c.fail(
                            Some(i),
                            "Incorrect number of arguments passed to called function!",
                        );
                    }
                    for (k, &p) in params.iter().enumerate() {
                        if c.ty(d.operands[k]).is_some_and(|t| t != p) {
                            return c.fail(Some(i), format!("Call parameter type does not match function signature! (argument {})", k + 1));
                        }
                    }
                }
                Opcode::Store => {
                    if let Some(p) = d.operands.get(1).and_then(|&v| c.ty(v)) {
                        if !m.types.is_pointer(p) {
                            return c.fail(Some(i), "Store operand must be a pointer.");
                        }
                    }
                }
                Opcode::Load => {
                    if let Some(p) = d.operands.first().and_then(|&v| c.ty(v)) {
                        if !m.types.is_pointer(p) {
                            return c.fail(Some(i), "Load operand must be a pointer.");
                        }
                    }
                }
                Opcode::Select => {
                    if let (Some(a), Some(b)) = (c.ty(d.operands[1]), c.ty(d.operands[2])) {
                        if a != b {
                            return c.fail(Some(i), "Invalid operands for select instruction!");
                        }
                    }
                }
                _ => {}
            }
        }
    }
    Ok(())
}
