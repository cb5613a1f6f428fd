//! What LLVM 22's verifier (with the target checks opt runs beside it) asks of target
//! intrinsics and target IR, keyed by intrinsic name or target triple: the ranges of `immarg`
//! parameters, and the rules of the AArch64, AMDGPU and NVPTX intrinsics LLVM's verifier
//! tests exercise, each family in full and each message confirmed against opt-22.

use super::Checker;
use crate::attr::{Attr, AttrSet};
use crate::constant::ConstData;
use crate::inst::{CallInfo, InstData};
use crate::metadata::Metadata;
use crate::value::Value;
use std::borrow::Cow;

/// LLVM's "alloca on amdgpu must be in addrspace(5)": on an AMDGPU triple (`amdgcn`, `r600`)
/// every stack slot is private memory.
pub(super) fn alloca_problem(c: &Checker<'_>, d: &InstData) -> Option<&'static str> {
    let arch = c.m.triple.as_deref()?.split('-').next()?;
    let amdgpu = arch == "amdgcn" || arch == "r600";
    (amdgpu && c.m.types.pointer_addrspace(d.ty).is_some_and(|a| a != 5))
        .then_some("alloca on amdgpu must be in addrspace(5)")
}

/// The `[lo, hi)` of a `range(iN lo, hi)` attribute in `set`, with the width `N`.
fn declared_range(set: Option<&AttrSet>) -> Option<(u32, i128, i128)> {
    set?.attrs.iter().find_map(|a| {
        let Attr::Other(text) = a else { return None };
        let inner = text.strip_prefix("range(")?.strip_suffix(')')?;
        let (ty, bounds) = inner.split_once(' ')?;
        let bits = ty.strip_prefix('i')?.parse::<u32>().ok()?;
        let (lo, hi) = bounds.split_once(',')?;
        Some((bits, lo.trim().parse().ok()?, hi.trim().parse().ok()?))
    })
}

/// LLVM's check of an `immarg` argument against the `range` its parameter has (the call
/// site's, else the declaration's, else the one LLVM gives the intrinsic): a constant integer
/// inside the range, taken modulo 2^N as LLVM's `ConstantRange` does (a range whose end is
/// below its start wraps). Only widths up to 64 bits are judged.
pub(super) fn immarg_range_problem(
    c: &Checker<'_>,
    d: &InstData,
    ci: &CallInfo,
    callee: &crate::function::Function,
    name: &str,
    k: usize,
) -> Option<String> {
    let Value::Const(v) = d.operands[k] else {
        return None;
    };
    let ConstData::Int { val, .. } = c.m.consts.get(v) else {
        return None;
    };
    let bits = val.bits;
    if bits > 64 {
        return None;
    }
    let (lo, hi) = match declared_range(ci.attrs.params.get(k))
        .or_else(|| declared_range(callee.attrs.params.get(k)))
    {
        Some((_, lo, hi)) => (lo, hi),
        None => {
            let (lo, hi) = crate::intrinsics::immarg_range(name, k)?;
            (i128::from(lo), i128::from(hi))
        }
    };
    let modulus = 1i128 << bits;
    let (lo, hi) = (lo.rem_euclid(modulus), hi.rem_euclid(modulus));
    let x = i128::from(val.as_u64()?);
    let inside = match lo.cmp(&hi) {
        std::cmp::Ordering::Less => lo <= x && x < hi,
        std::cmp::Ordering::Greater => x >= lo || x < hi,
        std::cmp::Ordering::Equal => true,
    };
    // LLVM prints the value and the bounds sign-extended from N bits.
    let signed = |u: i128| if u >= modulus / 2 { u - modulus } else { u };
    (!inside).then(|| {
        format!(
            "immarg value {} out of range [{}, {})",
            signed(x),
            signed(lo),
            signed(hi)
        )
    })
}

/// The rules of the target intrinsics LLVM's verifier tests name, for call `d` of intrinsic
/// `name` (arguments already checked for `immarg` and its ranges).
pub(super) fn target_intrinsic_problem(
    c: &Checker<'_>,
    d: &InstData,
    ci: &CallInfo,
    name: &str,
) -> Option<Cow<'static, str>> {
    let rest = name.strip_prefix("llvm.")?;
    let (target, _) = rest.split_once('.')?;
    if !matches!(target, "aarch64" | "amdgcn" | "nvvm") {
        return None;
    }
    let args = d.num_call_args();
    let arg = |k: usize| (k < args).then(|| d.operands[k]);
    let int = |k: usize| match arg(k)? {
        Value::Const(v) => match c.m.consts.get(v) {
            ConstData::Int { val, .. } => val.as_u64(),
            _ => None,
        },
        _ => None,
    };
    let addrspace = |k: usize| c.ty(arg(k)?).and_then(|t| c.m.types.pointer_addrspace(t));
    let under = |base: &str| {
        rest.strip_prefix(base)
            .is_some_and(|tail| tail.is_empty() || tail.starts_with('.'))
    };
    if rest == "aarch64.range.prefetch" {
        if int(1).is_some_and(|w| w > 1) {
            return Some("write argument to llvm.aarch64.range.prefetch must be 0 or 1".into());
        }
        if int(2).is_some_and(|s| s > 1) {
            return Some("stream argument to llvm.aarch64.range.prefetch must be 0 or 1".into());
        }
    } else if under("nvvm.setmaxnreg") {
        if int(0).is_some_and(|n| n % 8 != 0) {
            return Some("reg_count argument to nvvm.setmaxnreg must be in multiples of 8".into());
        }
    } else if under("amdgcn.s.prefetch.data") {
        // Global (1) or constant (4) memory, or a flat pointer.
        if addrspace(0).is_some_and(|a| !matches!(a, 0 | 1 | 4)) {
            return Some(
                "llvm.amdgcn.s.prefetch.data only supports global or constant memory".into(),
            );
        }
    } else if rest == "amdgcn.init.exec.from.input" {
        let inreg_arg = matches!(arg(0), Some(Value::Arg(n))
            if c.f.attrs.params.get(n as usize).is_some_and(|p| p.has("inreg")));
        if !inreg_arg {
            return Some(
                "only inreg arguments to the parent function are valid as inputs to this intrinsic"
                    .into(),
            );
        }
    } else if under("amdgcn.cooperative.atomic.load") || under("amdgcn.cooperative.atomic.store") {
        if addrspace(0).is_some_and(|a| a > 1) {
            return Some(
                "cooperative atomic intrinsics require a generic or global pointer".into(),
            );
        }
        let scope = args.checked_sub(1).and_then(arg);
        if !scope.is_some_and(|v| names_a_string(c, v)) {
            return Some(
                "cooperative atomic intrinsics require that the last argument is a metadata string"
                    .into(),
            );
        }
    } else if under("amdgcn.call.whole.wave") {
        return whole_wave_problem(c, d, ci).map(Cow::Borrowed);
    }
    None
}

/// Whether metadata argument `v` is a node of one string (`!{!"agent"}`),
/// what the cooperative atomics take for their synchronization scope.
fn names_a_string(c: &Checker<'_>, v: Value) -> bool {
    let Value::Md(k) = v else { return false };
    let text = match c.body.md_args.get(k) {
        Some(Metadata::Ref(n)) => c.m.md_nodes.iter().find(|d| d.id == *n).map(|d| &*d.text),
        Some(Metadata::Text(t)) => Some(&**t),
        _ => None,
    };
    text.and_then(super::tuple_pieces)
        .is_some_and(|ops| ops.len() == 1 && ops[0].starts_with("!\""))
}

/// LLVM's rules for `llvm.amdgcn.call.whole.wave(ptr @callee, args...)`: a direct call of a
/// fixed-arity `amdgpu_gfx_whole_wave` function whose first parameter is the `i1` active
/// mask, passed the callee's other parameters by type and `inreg`.
fn whole_wave_problem(c: &Checker<'_>, d: &InstData, ci: &CallInfo) -> Option<&'static str> {
    let m = c.m;
    let target = match d.operands.first() {
        Some(Value::Const(k)) => m.consts.as_global(*k).and_then(|g| m.function(g)),
        _ => None,
    };
    let Some(target) = target else {
        return Some("Indirect whole wave calls are not allowed");
    };
    let (_, params, varargs) = m.types.func_parts(target.fn_ty)?;
    if varargs {
        return Some("Variadic whole wave calls are not allowed");
    }
    if target.cc.0.as_deref() != Some("amdgpu_gfx_whole_wave") {
        return Some("Callee must have the amdgpu_gfx_whole_wave calling convention");
    }
    if !params
        .first()
        .is_some_and(|&p| matches!(m.types.get(p), crate::types::TypeData::Int(1)))
    {
        return Some("Callee must have i1 as its first argument");
    }
    let args = d.num_call_args();
    if args != params.len() {
        return Some("Call argument count must match callee argument count");
    }
    let inreg = |set: Option<&AttrSet>| set.is_some_and(|s| s.has("inreg"));
    for (k, &param) in params.iter().enumerate().skip(1) {
        if c.ty(d.operands[k]) != Some(param) {
            return Some("Argument types must match");
        }
        if inreg(ci.attrs.params.get(k)) != inreg(target.attrs.params.get(k)) {
            return Some("Argument inreg attributes must match");
        }
    }
    None
}
