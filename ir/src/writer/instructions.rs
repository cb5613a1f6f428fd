//! Instructions: one line of a body (`inst`), calls and the other call-like instructions
//! (`call`), alignment, sync scopes and atomic orderings.

use super::Writer;
use crate::function::{Body, Function};
use crate::inst::*;
use crate::value::Value;
use std::io::Write;

impl<'m> Writer<'m> {
    pub(super) fn align(&mut self, a: Option<u64>) {
        if let Some(a) = a {
            self.s(", align ");
            self.num(a);
        }
    }

    fn scope_ordering(&mut self, scope: &Option<Box<str>>, o: Ordering) {
        if let Some(s) = scope {
            self.s(" syncscope(");
            self.quoted_text(s);
            self.s(")");
        }
        self.s(" ");
        self.s(o.keyword());
    }

    pub(super) fn inst(&mut self, f: &Function, body: &Body, i: Inst) {
        let d = &body.insts[i];
        for r in d.debug.iter().flat_map(|x| x.records.iter()) {
            self.dbg_record(f, body, r);
        }
        self.s("  ");
        if !self.m.types.is_void(d.ty) {
            self.value(Some((f, body)), Value::Inst(i));
            self.s(" = ");
        }
        let fb = Some((f, body));
        let ops = &d.operands;
        use Opcode::*;
        match d.opcode {
            Call | Invoke | CallBr => return self.call(f, body, i),
            _ => {}
        }
        self.s(d.opcode.keyword());
        match d.opcode {
            Ret => {
                if let Some(&v) = ops.first() {
                    self.s(" ");
                    self.typed_value(f, body, v);
                } else {
                    self.s(" void");
                }
            }
            Br | Resume | Unreachable => {
                self.typed_operands(f, body, ops);
            }
            IndirectBr => {
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", [");
                for (k, &v) in ops[1..].iter().enumerate() {
                    if k > 0 {
                        self.s(", ");
                    }
                    self.typed_value(f, body, v);
                }
                self.s("]");
            }
            Switch => {
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", ");
                self.typed_value(f, body, ops[1]);
                self.s(" [\n");
                for pair in ops[2..].chunks(2) {
                    self.s("    ");
                    self.typed_value(f, body, pair[0]);
                    self.s(", ");
                    self.typed_value(f, body, pair[1]);
                    self.s("\n");
                }
                self.s("  ]");
            }
            CleanupRet => {
                self.s(" from ");
                self.value(fb, ops[0]);
                if ops.len() > 1 {
                    self.s(" unwind ");
                    self.typed_value(f, body, ops[1]);
                } else {
                    self.s(" unwind to caller");
                }
            }
            CatchRet => {
                self.s(" from ");
                self.value(fb, ops[0]);
                self.s(" to ");
                self.typed_value(f, body, ops[1]);
            }
            CatchSwitch => {
                self.s(" within ");
                self.value(fb, ops[0]);
                self.s(" [");
                let has_unwind = matches!(d.extra, InstExtra::HasUnwind(true));
                let end = if has_unwind { ops.len() - 1 } else { ops.len() };
                for (k, &v) in ops[1..end].iter().enumerate() {
                    if k > 0 {
                        self.s(", ");
                    }
                    self.typed_value(f, body, v);
                }
                self.s("] unwind ");
                if has_unwind {
                    self.typed_value(f, body, ops[end]);
                } else {
                    self.s("to caller");
                }
            }
            CatchPad | CleanupPad => {
                self.s(" within ");
                self.value(fb, ops[0]);
                self.s(" [");
                for (k, &v) in ops[1..].iter().enumerate() {
                    if k > 0 {
                        self.s(", ");
                    }
                    self.typed_value(f, body, v);
                }
                self.s("]");
            }
            FNeg => {
                self.fast_math(d.fmf);
                self.s(" ");
                self.typed_value(f, body, ops[0]);
            }
            op if op.is_binary() => {
                self.flags(op, d.flags);
                self.fast_math(d.fmf);
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", ");
                self.value(fb, ops[1]);
            }
            Alloca => {
                if let InstExtra::Alloca {
                    allocated,
                    align,
                    addrspace,
                    inalloca,
                    swifterror,
                } = &d.extra
                {
                    if *inalloca {
                        self.s(" inalloca");
                    }
                    if *swifterror {
                        self.s(" swifterror");
                    }
                    self.s(" ");
                    self.ty(*allocated);
                    if let Some(&n) = ops.first() {
                        self.s(", ");
                        self.typed_value(f, body, n);
                    }
                    self.align(align.map(u64::from));
                    if *addrspace != 0 {
                        let _ = write!(self.out, ", addrspace({addrspace})");
                    }
                }
            }
            Load => {
                if let InstExtra::Load { align, atomic } = &d.extra {
                    if atomic.is_some() {
                        self.s(" atomic");
                    }
                    if d.flags.has(Flags::VOLATILE) {
                        self.s(" volatile");
                    }
                    self.s(" ");
                    self.ty(d.ty);
                    self.s(", ");
                    self.typed_value(f, body, ops[0]);
                    if let Some(a) = atomic {
                        self.scope_ordering(&a.scope, a.ordering);
                    }
                    self.align(align.map(u64::from));
                }
            }
            Store => {
                if let InstExtra::Store { align, atomic } = &d.extra {
                    if atomic.is_some() {
                        self.s(" atomic");
                    }
                    if d.flags.has(Flags::VOLATILE) {
                        self.s(" volatile");
                    }
                    self.s(" ");
                    self.typed_value(f, body, ops[0]);
                    self.s(", ");
                    self.typed_value(f, body, ops[1]);
                    if let Some(a) = atomic {
                        self.scope_ordering(&a.scope, a.ordering);
                    }
                    self.align(align.map(u64::from));
                }
            }
            Fence => {
                if let InstExtra::Fence(a) = &d.extra {
                    self.scope_ordering(&a.scope, a.ordering);
                }
            }
            CmpXchg => {
                if let InstExtra::CmpXchg(x) = &d.extra {
                    let CmpXchgInfo {
                        weak,
                        success,
                        failure,
                        scope,
                        align,
                    } = &**x;
                    if *weak {
                        self.s(" weak");
                    }
                    if d.flags.has(Flags::VOLATILE) {
                        self.s(" volatile");
                    }
                    self.typed_operands(f, body, ops);
                    self.scope_ordering(scope, *success);
                    self.s(" ");
                    self.s(failure.keyword());
                    self.align(*align);
                }
            }
            AtomicRmw => {
                if let InstExtra::AtomicRmw(x) = &d.extra {
                    let AtomicRmwInfo {
                        op,
                        ordering,
                        scope,
                        align,
                    } = &**x;
                    if d.flags.has(Flags::VOLATILE) {
                        self.s(" volatile");
                    }
                    self.s(" ");
                    self.s(op);
                    self.typed_operands(f, body, ops);
                    self.scope_ordering(scope, *ordering);
                    self.align(*align);
                }
            }
            GetElementPtr => {
                self.flags(GetElementPtr, d.flags);
                if let InstExtra::Gep { source } = &d.extra {
                    self.s(" ");
                    self.ty(*source);
                }
                for &v in ops.iter() {
                    self.s(", ");
                    self.typed_value(f, body, v);
                }
            }
            op if op.is_cast() => {
                self.flags(op, d.flags);
                self.fast_math(d.fmf);
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(" to ");
                self.ty(d.ty);
            }
            ICmp | FCmp => {
                self.flags(d.opcode, d.flags);
                self.fast_math(d.fmf);
                if let InstExtra::Cmp(p) = d.extra {
                    self.s(" ");
                    self.s(p.name());
                }
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", ");
                self.value(fb, ops[1]);
            }
            Phi => {
                self.fast_math(d.fmf);
                self.s(" ");
                self.ty(d.ty);
                for (k, pair) in ops.chunks(2).enumerate() {
                    self.s(if k > 0 { ", [ " } else { " [ " });
                    self.value(fb, pair[0]);
                    self.s(", ");
                    self.value(fb, pair[1]);
                    self.s(" ]");
                }
            }
            Select => {
                self.fast_math(d.fmf);
                self.typed_operands(f, body, ops);
            }
            VAArg => {
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", ");
                self.ty(d.ty);
            }
            ExtractElement | InsertElement | Freeze => {
                self.typed_operands(f, body, ops);
            }
            ShuffleVector => {
                self.s(" ");
                self.typed_value(f, body, ops[0]);
                self.s(", ");
                self.typed_value(f, body, ops[1]);
                self.s(", ");
                if let InstExtra::Shuffle(mask) = &d.extra {
                    let scalable = self.m.types.vector_len(d.ty).map(|v| v.1);
                    self.shuffle_mask(mask, scalable);
                }
            }
            ExtractValue | InsertValue => {
                self.typed_operands(f, body, ops);
                if let InstExtra::Indices(idx) = &d.extra {
                    for x in idx {
                        let _ = write!(self.out, ", {x}");
                    }
                }
            }
            LandingPad => {
                self.s(" ");
                self.ty(d.ty);
                if let InstExtra::LandingPad(lp) = &d.extra {
                    if lp.cleanup {
                        self.s("\n          cleanup");
                    }
                    for (k, &v) in ops.iter().enumerate() {
                        self.s(if lp.filters[k] {
                            "\n          filter "
                        } else {
                            "\n          catch "
                        });
                        self.typed_value(f, body, v);
                    }
                }
            }
            _ => {}
        }
        self.inst_md(f, body, d);
        self.s("\n");
    }

    fn call(&mut self, f: &Function, body: &Body, i: Inst) {
        let d = &body.insts[i];
        let Some(ci) = d.call_info() else { return };
        match ci.tail {
            TailKind::None => {}
            TailKind::Tail => self.s("tail "),
            TailKind::MustTail => self.s("musttail "),
            TailKind::NoTail => self.s("notail "),
        }
        self.s(d.opcode.keyword());
        self.fast_math(d.fmf);
        if let Some(cc) = &ci.cc.0 {
            self.s(" ");
            self.s(cc);
        }
        self.s(" ");
        self.attrs_before(&ci.attrs.ret);
        // The callee's address space, printed as LLVM prints it: when it is not 0, or when the
        // program address space is not (a call a merge made has none written).
        let callee = *d.operands.last().expect("call has a callee");
        let callee_as = match callee {
            Value::Asm(_) => Some(0),
            _ => self
                .value_ty(f, body, callee)
                .and_then(|t| self.m.types.pointer_addrspace(t)),
        }
        .or(ci.addrspace)
        .unwrap_or(0);
        if callee_as != 0 || self.program_as != 0 {
            let _ = write!(self.out, "addrspace({callee_as}) ");
        }
        let (ret, _, varargs) = self
            .m
            .types
            .func_parts(ci.fn_ty)
            .expect("call has a function type");
        // The callee's function type only for varargs, as LLVM (14 and 22) prints calls.
        if varargs {
            self.ty(ci.fn_ty);
        } else {
            self.ty(ret);
        }
        self.s(" ");
        self.value(Some((f, body)), callee);
        self.s("(");
        let nargs = d.num_call_args();
        for k in 0..nargs {
            if k > 0 {
                self.s(", ");
            }
            let v = d.operands[k];
            if let Some(t) = self.value_ty(f, body, v) {
                self.ty(t);
            }
            if let Some(a) = ci.attrs.params.get(k) {
                self.attrs_after(a);
            }
            self.s(" ");
            self.value(Some((f, body)), v);
        }
        if ci.forwards_varargs {
            self.s(if nargs == 0 { "..." } else { ", ..." });
        }
        self.s(")");
        self.attrs_after(&ci.attrs.func);
        if !ci.bundles.is_empty() {
            self.s(" [ ");
            for (k, b) in ci.bundles.iter().enumerate() {
                if k > 0 {
                    self.s(", ");
                }
                self.quoted_text(&b.tag);
                self.s("(");
                for (j, &v) in b.inputs.iter().enumerate() {
                    if j > 0 {
                        self.s(", ");
                    }
                    self.typed_value(f, body, v);
                }
                self.s(")");
            }
            self.s(" ]");
        }
        match d.opcode {
            Opcode::Invoke => {
                self.s("\n          to ");
                self.typed_value(f, body, d.operands[nargs]);
                self.s(" unwind ");
                self.typed_value(f, body, d.operands[nargs + 1]);
            }
            Opcode::CallBr => {
                self.s("\n          to ");
                self.typed_value(f, body, d.operands[nargs]);
                self.s(" [");
                let n = ci.indirect_dests as usize;
                for k in 0..n {
                    if k > 0 {
                        self.s(", ");
                    }
                    self.typed_value(f, body, d.operands[nargs + 1 + k]);
                }
                self.s("]");
            }
            _ => {}
        }
        self.inst_md(f, body, d);
        self.s("\n");
    }
}
