//! LLVM 22's numbering and views of our IR: the one place that knows LLVM's enum values.
//!
//! The comparator orders things by LLVM's numbers (opcodes, type IDs, calling conventions,
//! metadata kinds, attribute kinds, raw optional-data bits), and walks operands and successors in
//! LLVM's order, which differs from our IR's in a few places:
//!
//! | instruction | our operands | LLVM's operands |
//! |---|---|---|
//! | `br i1 %c, %t, %f` | `c, t, f` | `c, f, t` (successors stay `t, f`) |
//! | `call`/`invoke`/`callbr` | `args.., [dests..], callee`, bundles apart | `args.., bundle inputs.., [dests..], callee` |
//! | `phi` | `(value, block)*` | values only (blocks are not operands) |
//! | `catchswitch` | `parent, handlers.., unwind?` | `parent, unwind?, handlers..` |
//! | `catchpad`/`cleanuppad` | `parent, args..` | `args.., parent` |
//! | `alloca T` | none | `i32 1` (the implicit array size) |
//!
//! Calls to `llvm.dbg.{value,declare,assign,label}` are not instructions in LLVM 22 (the reader
//! turns them into debug records), so [`is_debug_intrinsic`] lets the comparator and the hash
//! skip them.

use mergefn_ir::inst::{Flags, Opcode};
use mergefn_ir::{Block, Body, ConstData, GlobalId, Inst, InstData, InstExtra, Module, Value};
use smallvec::SmallVec;

/// `Instruction::getOpcode()`. `bytecast` (byte-type RFC) comes after LLVM 22's last opcode.
pub(crate) fn opcode_number(op: Opcode) -> u64 {
    use Opcode::*;
    match op {
        Ret => 1,
        Br => 2,
        Switch => 3,
        IndirectBr => 4,
        Invoke => 5,
        Resume => 6,
        Unreachable => 7,
        CleanupRet => 8,
        CatchRet => 9,
        CatchSwitch => 10,
        CallBr => 11,
        FNeg => 12,
        Add => 13,
        FAdd => 14,
        Sub => 15,
        FSub => 16,
        Mul => 17,
        FMul => 18,
        UDiv => 19,
        SDiv => 20,
        FDiv => 21,
        URem => 22,
        SRem => 23,
        FRem => 24,
        Shl => 25,
        LShr => 26,
        AShr => 27,
        And => 28,
        Or => 29,
        Xor => 30,
        Alloca => 31,
        Load => 32,
        Store => 33,
        GetElementPtr => 34,
        Fence => 35,
        CmpXchg => 36,
        AtomicRmw => 37,
        Trunc => 38,
        ZExt => 39,
        SExt => 40,
        FPToUI => 41,
        FPToSI => 42,
        UIToFP => 43,
        SIToFP => 44,
        FPTrunc => 45,
        FPExt => 46,
        PtrToInt => 47,
        PtrToAddr => 48,
        IntToPtr => 49,
        BitCast => 50,
        AddrSpaceCast => 51,
        CleanupPad => 52,
        CatchPad => 53,
        ICmp => 54,
        FCmp => 55,
        Phi => 56,
        Call => 57,
        Select => 58,
        VAArg => 61,
        ExtractElement => 62,
        InsertElement => 63,
        ShuffleVector => 64,
        ExtractValue => 65,
        InsertValue => 66,
        LandingPad => 67,
        Freeze => 68,
        ByteCast => 69,
    }
}

/// `Instruction::getRawSubclassOptionalData()`: the wrap/exact/disjoint/nneg/samesign bit(s)
/// of the opcode, or the fast-math flags (same bit order as ours). GEP flags are not here: the
/// comparator reaches GEPs through `cmpGEPs`, which ignores them, as LLVM does.
pub(crate) fn raw_optional_data(d: &InstData) -> u64 {
    use Opcode::*;
    let f = d.flags;
    let bit = |b: u16, v: u64| if f.has(b) { v } else { 0 };
    let int_bits = match d.opcode {
        Add | Sub | Mul | Shl | Trunc => bit(Flags::NUW, 1) | bit(Flags::NSW, 2),
        UDiv | SDiv | LShr | AShr | ByteCast => bit(Flags::EXACT, 1),
        Or => bit(Flags::DISJOINT, 1),
        ZExt | UIToFP => bit(Flags::NNEG, 1),
        ICmp => bit(Flags::SAMESIGN, 1),
        _ => 0,
    };
    int_bits | d.fmf.0 as u64
}

/// `GEPNoWrapFlags::getRaw()` (`inbounds` implies `nusw`).
pub(crate) fn gep_nowrap_bits(f: Flags) -> u64 {
    let mut raw = 0;
    if f.has(Flags::INBOUNDS) {
        raw |= 0b011;
    }
    if f.has(Flags::NUSW) {
        raw |= 0b010;
    }
    if f.has(Flags::NUW) {
        raw |= 0b100;
    }
    raw
}

/// `CallingConv::ID` of a calling-convention keyword (`None` is `ccc`). Unknown keywords sort
/// after every LLVM number, by text.
pub(crate) fn calling_conv_number(cc: Option<&str>) -> (u64, &str) {
    let Some(kw) = cc else { return (0, "") };
    if let Some(n) = kw.strip_prefix("cc ") {
        return (n.trim().parse().unwrap_or(u64::MAX), "");
    }
    let n = match kw {
        "ccc" => 0,
        "fastcc" => 8,
        "coldcc" => 9,
        "ghccc" => 10,
        "anyregcc" => 13,
        "preserve_mostcc" => 14,
        "preserve_allcc" => 15,
        "swiftcc" => 16,
        "cxx_fast_tlscc" => 17,
        "tailcc" => 18,
        "cfguard_checkcc" => 19,
        "swifttailcc" => 20,
        "preserve_nonecc" => 21,
        "x86_stdcallcc" => 64,
        "x86_fastcallcc" => 65,
        "arm_apcscc" => 66,
        "arm_aapcscc" => 67,
        "arm_aapcs_vfpcc" => 68,
        "msp430_intrcc" => 69,
        "x86_thiscallcc" => 70,
        "ptx_kernel" => 71,
        "ptx_device" => 72,
        "spir_func" => 75,
        "spir_kernel" => 76,
        "intel_ocl_bicc" => 77,
        "x86_64_sysvcc" => 78,
        "win64cc" | "x86_64_win64cc" => 79,
        "x86_vectorcallcc" => 80,
        "hhvmcc" => 81,
        "hhvm_ccc" => 82,
        "x86_intrcc" => 83,
        "avr_intrcc" => 84,
        "avr_signalcc" => 85,
        "amdgpu_vs" => 87,
        "amdgpu_gs" => 88,
        "amdgpu_ps" => 89,
        "amdgpu_cs" => 90,
        "amdgpu_kernel" => 91,
        "x86_regcallcc" => 92,
        "amdgpu_hs" => 93,
        "amdgpu_ls" => 95,
        "amdgpu_es" => 96,
        "aarch64_vector_pcs" => 97,
        "aarch64_sve_vector_pcs" => 98,
        "amdgpu_gfx" => 100,
        "m68k_intrcc" => 101,
        "aarch64_sme_preservemost_from_x0" => 102,
        "aarch64_sme_preservemost_from_x2" => 103,
        "amdgpu_cs_chain" => 104,
        "amdgpu_cs_chain_preserve" => 105,
        "m68k_rtdcc" => 106,
        "graalcc" => 107,
        "riscv_vector_cc" => 110,
        "aarch64_sme_preservemost_from_x1" => 111,
        "amdgpu_gfx_whole_wave" => 124,
        _ => return (u64::MAX, kw),
    };
    (n, "")
}

/// `LLVMContext::MD_*` of a metadata kind. Kinds a module registers itself get IDs in
/// registration order in LLVM; we order them after the fixed kinds by name, which keeps the
/// order total and consistent (only the relative order of custom kinds differs from LLVM).
pub(crate) fn md_kind_number(kind: &str) -> (u64, &str) {
    const FIXED: [&str; 47] = [
        "dbg",
        "tbaa",
        "prof",
        "fpmath",
        "range",
        "tbaa.struct",
        "invariant.load",
        "alias.scope",
        "noalias",
        "nontemporal",
        "llvm.mem.parallel_loop_access",
        "nonnull",
        "dereferenceable",
        "dereferenceable_or_null",
        "make.implicit",
        "unpredictable",
        "invariant.group",
        "align",
        "llvm.loop",
        "type",
        "section_prefix",
        "absolute_symbol",
        "associated",
        "callees",
        "irr_loop",
        "llvm.access.group",
        "callback",
        "llvm.preserve.access.index",
        "vcall_visibility",
        "noundef",
        "annotation",
        "nosanitize",
        "func_sanitize",
        "exclude",
        "memprof",
        "callsite",
        "kcfi_type",
        "pcsections",
        "DIAssignID",
        "coro.outside.frame",
        "mmra",
        "noalias.addrspace",
        "callee_type",
        "nofree",
        "captures",
        "alloc_token",
        "implicit.ref",
    ];
    match FIXED.iter().position(|&k| k == kind) {
        Some(i) => (i as u64, ""),
        None => (FIXED.len() as u64, kind),
    }
}

/// `SyncScope::ID`: `singlethread` is 0, the default system scope 1; target scopes are
/// registered per context in LLVM, here ordered after those by name.
pub(crate) fn sync_scope_number(scope: Option<&str>) -> (u64, &str) {
    match scope {
        None => (1, ""),
        Some("singlethread") => (0, ""),
        Some(s) => (2, s),
    }
}

/// `AtomicRMWInst::BinOp` of an `atomicrmw` operation keyword.
pub(crate) fn rmw_op_number(op: &str) -> (u64, &str) {
    const OPS: [&str; 21] = [
        "xchg",
        "add",
        "sub",
        "and",
        "nand",
        "or",
        "xor",
        "max",
        "min",
        "umax",
        "umin",
        "fadd",
        "fsub",
        "fmax",
        "fmin",
        "fmaximum",
        "fminimum",
        "uinc_wrap",
        "udec_wrap",
        "usub_cond",
        "usub_sat",
    ];
    match OPS.iter().position(|&k| k == op) {
        Some(i) => (i as u64, ""),
        None => (OPS.len() as u64, op),
    }
}

/// The declarations of a module whose calls LLVM 22 turns into debug records
/// (`llvm.dbg.value` and friends): at most four, and none in IR printed by LLVM 19 or later,
/// which writes the records themselves. Looked up once by name so that walking a block does not
/// read the name of every callee.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct DebugIntrinsics {
    ids: [Option<GlobalId>; 4],
}

impl DebugIntrinsics {
    pub(crate) fn of(m: &Module) -> Self {
        const NAMES: [&str; 4] = [
            "llvm.dbg.value",
            "llvm.dbg.declare",
            "llvm.dbg.assign",
            "llvm.dbg.label",
        ];
        DebugIntrinsics {
            ids: NAMES.map(|n| m.global_by_name(n)),
        }
    }

    /// Whether `d` is a call LLVM 22 would have turned into a debug record.
    pub(crate) fn is_debug(&self, m: &Module, d: &InstData) -> bool {
        if d.opcode != Opcode::Call || self.ids.iter().all(Option::is_none) {
            return false;
        }
        let Some(Value::Const(c)) = d.operands.last() else {
            return false;
        };
        let ConstData::Global { global, .. } = m.consts.get(*c) else {
            return false;
        };
        self.ids.contains(&Some(*global))
    }
}

/// The instructions of `b` that LLVM 22 would have, in order.
pub(crate) fn block_insts<'a>(
    m: &'a Module,
    debug: DebugIntrinsics,
    body: &'a Body,
    b: Block,
) -> impl Iterator<Item = Inst> + 'a {
    body.blocks[b]
        .insts
        .iter()
        .copied()
        .filter(move |&i| !debug.is_debug(m, &body.insts[i]))
}

/// `Instruction::getSuccessor(i)` for `i` in order: the order the CFG walk visits blocks in.
pub(crate) fn successors(d: &InstData) -> SmallVec<[Block; 4]> {
    let mut out = SmallVec::new();
    if !d.opcode.is_terminator() {
        return out;
    }
    for v in &d.operands {
        if let Some(b) = v.as_block() {
            out.push(b);
        }
    }
    if let (Opcode::CatchSwitch, InstExtra::HasUnwind(true)) = (d.opcode, &d.extra) {
        // The unwind destination (written last) is successor 0, then the handlers.
        out.rotate_right(1);
    }
    out
}

/// One operand in LLVM's operand order: one of ours, or the `i32 1` array size LLVM gives an
/// `alloca` that has none in the text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Operand {
    Value(Value),
    ImplicitAllocaSize,
}

/// `Instruction::operands()` in LLVM's order (see the module docs for where it differs),
/// written into `out` (cleared first) so that a walk reuses one buffer.
pub(crate) fn operands_into(d: &InstData, out: &mut Vec<Operand>) {
    out.clear();
    let ops = &d.operands;
    let v = |x: &Value| Operand::Value(*x);
    match d.opcode {
        Opcode::Br if ops.len() == 3 => out.extend([ops[0], ops[2], ops[1]].iter().map(v)),
        Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
            let nargs = d.num_call_args();
            out.extend(ops[..nargs].iter().map(v));
            if let Some(c) = d.call_info() {
                out.extend(c.bundles.iter().flat_map(|b| b.inputs.iter()).map(v));
            }
            out.extend(ops[nargs..].iter().map(v));
        }
        Opcode::Phi => out.extend(ops.iter().step_by(2).map(v)),
        Opcode::CatchSwitch if matches!(d.extra, InstExtra::HasUnwind(true)) => {
            let n = ops.len();
            out.extend(
                std::iter::once(&ops[0])
                    .chain(&ops[n - 1..])
                    .chain(&ops[1..n - 1])
                    .map(v),
            )
        }
        Opcode::CatchPad | Opcode::CleanupPad => {
            out.extend(ops[1..].iter().chain(&ops[..1]).map(v))
        }
        Opcode::Alloca if ops.is_empty() => out.push(Operand::ImplicitAllocaSize),
        _ => out.extend(ops.iter().map(v)),
    }
}

/// The index into [`InstData::operands`] of LLVM's operand `k` (the order
/// [`operands_into`] lists), for the operands that are values of ours: `None` for a call's
/// bundle inputs, a `br`'s destinations, the operands of exception-handling pads and an
/// `alloca`'s implicit size.
pub(crate) fn operand_slot(d: &InstData, k: usize) -> Option<usize> {
    match d.opcode {
        Opcode::Br => (k == 0).then_some(0),
        Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
            let nargs = d.num_call_args();
            let bundled: usize = d
                .call_info()
                .map_or(0, |c| c.bundles.iter().map(|b| b.inputs.len()).sum());
            if k < nargs {
                Some(k)
            } else if k >= nargs + bundled {
                Some(k - bundled)
            } else {
                None
            }
        }
        Opcode::Phi => Some(2 * k),
        Opcode::CatchSwitch | Opcode::CatchPad | Opcode::CleanupPad => None,
        Opcode::Alloca if d.operands.is_empty() => None,
        _ => Some(k),
    }
    .filter(|&i| i < d.operands.len())
}

/// Incoming blocks of a `phi`, in order.
pub(crate) fn phi_blocks(d: &InstData) -> impl Iterator<Item = Block> + '_ {
    d.operands
        .iter()
        .skip(1)
        .step_by(2)
        .filter_map(|v| v.as_block())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Successors in `getSuccessor` order: a `catchswitch`'s unwind destination first, then
    /// its handlers; a `switch`'s default, then its cases; non-terminators have none.
    #[test]
    fn successors_in_llvm_order() {
        let m = mergefn_ir::parse_module(
            b"declare i32 @__CxxFrameHandler3(...)
define void @f(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  switch i32 %x, label %d [ i32 1, label %a
                            i32 2, label %b ]
a:
  %cs = catchswitch within none [label %h1, label %h2] unwind label %u
b:
  %cs2 = catchswitch within none [label %h1] unwind to caller
d:
  ret void
h1:
  %p1 = catchpad within %cs []
  unreachable
h2:
  %p2 = catchpad within %cs []
  unreachable
u:
  %c = cleanuppad within none []
  unreachable
}
",
        )
        .expect("reads");
        let body = m
            .function(m.global_by_name("f").unwrap())
            .unwrap()
            .body
            .as_ref()
            .unwrap();
        let name = |b: Block| body.blocks[b].name.as_str().unwrap_or_default().to_string();
        let succ_names = |block: usize| -> Vec<String> {
            let b = body.layout[block];
            successors(&body.insts[body.terminator(b).unwrap()])
                .into_iter()
                .map(name)
                .collect()
        };
        assert_eq!(succ_names(0), ["d", "a", "b"]);
        assert_eq!(succ_names(1), ["u", "h1", "h2"]);
        assert_eq!(succ_names(2), ["h1"]);
        let first = &body.insts[body.blocks[body.layout[5]].insts[0]];
        assert!(successors(first).is_empty(), "a catchpad is no terminator");
    }
}
