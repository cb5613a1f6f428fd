//! Names of overloaded intrinsics, as LLVM 22 mangles them.
//!
//! An overloaded intrinsic's name carries one suffix per overloaded type (`llvm.umax.i8`,
//! `llvm.memcpy.p0.p0.i64`). LLVM's reader renames a call's intrinsic to the name its types
//! give: a declaration written without the suffix, or with the wrong one (`@llvm.is.fpclass`,
//! `@llvm.scmp.i32.i8` for `i8 (i32, i32)`), is replaced by one under the mangled name,
//! appended to the module, and the calls follow it. Doing the same keeps merge decisions and
//! module order equal to opt-22's on hand-written IR; compilers always write the mangled name.
//!
//! The table covers all of LLVM 22's target-independent overloaded intrinsics (LLVM's own
//! table is generated from its `.td` files), each entry's slots confirmed against opt-22 by
//! calling it undeclared with two signatures: an intrinsic not listed (a target's) keeps its
//! name as written.
//! Beside it, the names of all of LLVM 22's target-independent intrinsics, so that an
//! undeclared call of a name LLVM does not know is refused as LLParser refuses it.

use crate::types::{FloatKind, Type, TypeData, TypeTable};

/// Where an overloaded type sits in the intrinsic's signature.
#[derive(Clone, Copy, Debug)]
enum Slot {
    /// The result type.
    Ret,
    /// Element `n` of a struct result (`llvm.frexp` returns `{T, iN}`).
    RetElem(usize),
    /// Parameter `n`.
    Arg(usize),
}

use Slot::{Arg, Ret, RetElem};

/// Overloaded intrinsics (name without `llvm.`) and the slots of their overloaded types, in
/// suffix order: every target-independent one of LLVM 22 (the names of `INTRINSIC_NAMES`
/// and those that extend them, such as `vp.load.ff` or `sdiv.fix.sat`, that opt-22 takes with
/// any suffix), plus `vector.splice`, an old name LLVM 22 upgrades.
const OVERLOADED: &[(&str, &[Slot])] = &[
    ("abs", &[Ret]),
    ("acos", &[Ret]),
    ("addressofreturnaddress", &[Ret]),
    ("alloc.token.id", &[Ret]),
    ("annotation", &[Ret, Arg(1)]),
    ("arithmetic.fence", &[Ret]),
    ("asin", &[Ret]),
    ("atan", &[Ret]),
    ("atan2", &[Ret]),
    ("bitreverse", &[Ret]),
    ("bswap", &[Ret]),
    ("callbr.landingpad", &[Ret]),
    ("canonicalize", &[Ret]),
    ("ceil", &[Ret]),
    ("clmul", &[Ret]),
    ("convert.from.fp16", &[Ret]),
    ("convert.to.fp16", &[Arg(0)]),
    ("copysign", &[Ret]),
    ("coro.align", &[Ret]),
    ("coro.alloca.alloc", &[Arg(0)]),
    ("coro.size", &[Ret]),
    ("coro.suspend.async", &[Ret]),
    ("coro.suspend.retcon", &[Ret]),
    ("cos", &[Ret]),
    ("cosh", &[Ret]),
    ("ctlz", &[Ret]),
    ("ctpop", &[Ret]),
    ("cttz", &[Ret]),
    ("eh.exceptionpointer", &[Ret]),
    ("eh.typeid.for", &[Arg(0)]),
    ("exp", &[Ret]),
    ("exp10", &[Ret]),
    ("exp2", &[Ret]),
    ("expect", &[Ret]),
    ("expect.with.probability", &[Ret]),
    ("experimental.constrained.acos", &[Ret]),
    ("experimental.constrained.asin", &[Ret]),
    ("experimental.constrained.atan", &[Ret]),
    ("experimental.constrained.atan2", &[Ret]),
    ("experimental.constrained.ceil", &[Ret]),
    ("experimental.constrained.cos", &[Ret]),
    ("experimental.constrained.cosh", &[Ret]),
    ("experimental.constrained.exp", &[Ret]),
    ("experimental.constrained.exp2", &[Ret]),
    ("experimental.constrained.fadd", &[Ret]),
    ("experimental.constrained.fcmp", &[Arg(0)]),
    ("experimental.constrained.fcmps", &[Arg(0)]),
    ("experimental.constrained.fdiv", &[Ret]),
    ("experimental.constrained.floor", &[Ret]),
    ("experimental.constrained.fma", &[Ret]),
    ("experimental.constrained.fmul", &[Ret]),
    ("experimental.constrained.fmuladd", &[Ret]),
    ("experimental.constrained.fpext", &[Ret, Arg(0)]),
    ("experimental.constrained.fptosi", &[Ret, Arg(0)]),
    ("experimental.constrained.fptoui", &[Ret, Arg(0)]),
    ("experimental.constrained.fptrunc", &[Ret, Arg(0)]),
    ("experimental.constrained.frem", &[Ret]),
    ("experimental.constrained.fsub", &[Ret]),
    ("experimental.constrained.ldexp", &[Ret, Arg(1)]),
    ("experimental.constrained.llrint", &[Ret, Arg(0)]),
    ("experimental.constrained.llround", &[Ret, Arg(0)]),
    ("experimental.constrained.log", &[Ret]),
    ("experimental.constrained.log10", &[Ret]),
    ("experimental.constrained.log2", &[Ret]),
    ("experimental.constrained.lrint", &[Ret, Arg(0)]),
    ("experimental.constrained.lround", &[Ret, Arg(0)]),
    ("experimental.constrained.maximum", &[Ret]),
    ("experimental.constrained.maxnum", &[Ret]),
    ("experimental.constrained.minimum", &[Ret]),
    ("experimental.constrained.minnum", &[Ret]),
    ("experimental.constrained.nearbyint", &[Ret]),
    ("experimental.constrained.pow", &[Ret]),
    ("experimental.constrained.powi", &[Ret]),
    ("experimental.constrained.rint", &[Ret]),
    ("experimental.constrained.round", &[Ret]),
    ("experimental.constrained.roundeven", &[Ret]),
    ("experimental.constrained.sin", &[Ret]),
    ("experimental.constrained.sinh", &[Ret]),
    ("experimental.constrained.sitofp", &[Ret, Arg(0)]),
    ("experimental.constrained.sqrt", &[Ret]),
    ("experimental.constrained.tan", &[Ret]),
    ("experimental.constrained.tanh", &[Ret]),
    ("experimental.constrained.trunc", &[Ret]),
    ("experimental.constrained.uitofp", &[Ret, Arg(0)]),
    ("experimental.cttz.elts", &[Ret, Arg(0)]),
    ("experimental.deoptimize", &[Ret]),
    ("experimental.gc.get.pointer.base", &[Ret, Arg(0)]),
    ("experimental.gc.get.pointer.offset", &[Arg(0)]),
    ("experimental.gc.relocate", &[Ret]),
    ("experimental.gc.result", &[Ret]),
    ("experimental.gc.statepoint", &[Arg(2)]),
    ("experimental.get.vector.length", &[Arg(0)]),
    ("experimental.memset.pattern", &[Arg(0), Arg(1), Arg(2)]),
    ("experimental.patchpoint", &[Ret]),
    ("experimental.vector.compress", &[Ret]),
    ("experimental.vector.extract.last.active", &[Arg(0)]),
    ("experimental.vector.histogram.add", &[Arg(0), Arg(1)]),
    ("experimental.vector.histogram.uadd.sat", &[Arg(0), Arg(1)]),
    ("experimental.vector.histogram.umax", &[Arg(0), Arg(1)]),
    ("experimental.vector.histogram.umin", &[Arg(0), Arg(1)]),
    ("experimental.vector.match", &[Arg(0), Arg(1)]),
    ("experimental.vp.reverse", &[Ret]),
    ("experimental.vp.splice", &[Ret]),
    ("experimental.vp.strided.load", &[Ret, Arg(0), Arg(1)]),
    ("experimental.vp.strided.store", &[Arg(0), Arg(1), Arg(2)]),
    ("fabs", &[Ret]),
    ("floor", &[Ret]),
    ("fma", &[Ret]),
    ("fmuladd", &[Ret]),
    ("fptosi.sat", &[Ret, Arg(0)]),
    ("fptoui.sat", &[Ret, Arg(0)]),
    ("fptrunc.round", &[Ret, Arg(0)]),
    ("frameaddress", &[Ret]),
    ("frexp", &[RetElem(0), RetElem(1)]),
    ("fshl", &[Ret]),
    ("fshr", &[Ret]),
    ("get.active.lane.mask", &[Ret, Arg(0)]),
    ("get.dynamic.area.offset", &[Ret]),
    ("get.fpenv", &[Ret]),
    ("get.fpmode", &[Ret]),
    ("invariant.end", &[Arg(2)]),
    ("invariant.start", &[Arg(1)]),
    ("is.constant", &[Arg(0)]),
    ("is.fpclass", &[Arg(0)]),
    ("launder.invariant.group", &[Ret]),
    ("ldexp", &[Ret, Arg(1)]),
    ("lifetime.end", &[Arg(0)]),
    ("lifetime.start", &[Arg(0)]),
    ("llrint", &[Ret, Arg(0)]),
    ("llround", &[Ret, Arg(0)]),
    ("load.relative", &[Arg(1)]),
    ("log", &[Ret]),
    ("log10", &[Ret]),
    ("log2", &[Ret]),
    ("loop.decrement", &[Arg(0)]),
    ("loop.decrement.reg", &[Ret]),
    ("loop.dependence.raw.mask", &[Ret]),
    ("loop.dependence.war.mask", &[Ret]),
    ("lrint", &[Ret, Arg(0)]),
    ("lround", &[Ret, Arg(0)]),
    ("masked.compressstore", &[Arg(0)]),
    ("masked.expandload", &[Ret]),
    ("masked.gather", &[Ret, Arg(0)]),
    ("masked.load", &[Ret, Arg(0)]),
    ("masked.scatter", &[Arg(0), Arg(1)]),
    ("masked.store", &[Arg(0), Arg(1)]),
    ("matrix.column.major.load", &[Ret, Arg(1)]),
    ("matrix.column.major.store", &[Arg(0), Arg(2)]),
    ("matrix.multiply", &[Ret, Arg(0), Arg(1)]),
    ("matrix.transpose", &[Ret]),
    ("maximum", &[Ret]),
    ("maximumnum", &[Ret]),
    ("maxnum", &[Ret]),
    ("memcpy", &[Arg(0), Arg(1), Arg(2)]),
    ("memcpy.element.unordered.atomic", &[Arg(0), Arg(1), Arg(2)]),
    ("memcpy.inline", &[Arg(0), Arg(1), Arg(2)]),
    ("memmove", &[Arg(0), Arg(1), Arg(2)]),
    (
        "memmove.element.unordered.atomic",
        &[Arg(0), Arg(1), Arg(2)],
    ),
    ("memset", &[Arg(0), Arg(2)]),
    ("memset.element.unordered.atomic", &[Arg(0), Arg(2)]),
    ("memset.inline", &[Arg(0), Arg(2)]),
    ("minimum", &[Ret]),
    ("minimumnum", &[Ret]),
    ("minnum", &[Ret]),
    ("modf", &[RetElem(0)]),
    ("nearbyint", &[Ret]),
    ("objectsize", &[Ret, Arg(0)]),
    ("pow", &[Ret]),
    ("powi", &[Ret, Arg(1)]),
    ("prefetch", &[Arg(0)]),
    ("preserve.array.access.index", &[Ret, Arg(0)]),
    ("preserve.struct.access.index", &[Ret, Arg(0)]),
    ("preserve.union.access.index", &[Ret, Arg(0)]),
    ("protected.field.ptr", &[Ret]),
    ("ptr.annotation", &[Ret, Arg(1)]),
    ("ptrmask", &[Ret, Arg(1)]),
    ("read_register", &[Ret]),
    ("read_volatile_register", &[Ret]),
    ("rint", &[Ret]),
    ("round", &[Ret]),
    ("roundeven", &[Ret]),
    ("sadd.sat", &[Ret]),
    ("sadd.with.overflow", &[Arg(0)]),
    ("scmp", &[Ret, Arg(0)]),
    ("sdiv.fix", &[Ret]),
    ("sdiv.fix.sat", &[Ret]),
    ("set.fpenv", &[Arg(0)]),
    ("set.fpmode", &[Arg(0)]),
    ("set.loop.iterations", &[Arg(0)]),
    ("sin", &[Ret]),
    ("sincos", &[RetElem(0)]),
    ("sincospi", &[RetElem(0)]),
    ("sinh", &[Ret]),
    ("smax", &[Ret]),
    ("smin", &[Ret]),
    ("smul.fix", &[Ret]),
    ("smul.fix.sat", &[Ret]),
    ("smul.with.overflow", &[Arg(0)]),
    ("sponentry", &[Ret]),
    ("sqrt", &[Ret]),
    ("ssa.copy", &[Ret]),
    ("sshl.sat", &[Ret]),
    ("ssub.sat", &[Ret]),
    ("ssub.with.overflow", &[Arg(0)]),
    ("stackaddress", &[Ret]),
    ("stackrestore", &[Arg(0)]),
    ("stacksave", &[Ret]),
    ("start.loop.iterations", &[Ret]),
    ("stepvector", &[Ret]),
    ("strip.invariant.group", &[Ret]),
    ("tan", &[Ret]),
    ("tanh", &[Ret]),
    ("test.set.loop.iterations", &[Arg(0)]),
    ("test.start.loop.iterations", &[RetElem(0)]),
    ("thread.pointer", &[Ret]),
    ("threadlocal.address", &[Ret]),
    ("trunc", &[Ret]),
    ("uadd.sat", &[Ret]),
    ("uadd.with.overflow", &[Arg(0)]),
    ("ucmp", &[Ret, Arg(0)]),
    ("udiv.fix", &[Ret]),
    ("udiv.fix.sat", &[Ret]),
    ("umax", &[Ret]),
    ("umin", &[Ret]),
    ("umul.fix", &[Ret]),
    ("umul.fix.sat", &[Ret]),
    ("umul.with.overflow", &[Arg(0)]),
    ("ushl.sat", &[Ret]),
    ("usub.sat", &[Ret]),
    ("usub.with.overflow", &[Arg(0)]),
    ("va_copy", &[Arg(0)]),
    ("va_end", &[Arg(0)]),
    ("va_start", &[Arg(0)]),
    ("var.annotation", &[Arg(0), Arg(1)]),
    ("vector.deinterleave2", &[Arg(0)]),
    ("vector.deinterleave3", &[Arg(0)]),
    ("vector.deinterleave4", &[Arg(0)]),
    ("vector.deinterleave5", &[Arg(0)]),
    ("vector.deinterleave6", &[Arg(0)]),
    ("vector.deinterleave7", &[Arg(0)]),
    ("vector.deinterleave8", &[Arg(0)]),
    ("vector.extract", &[Ret, Arg(0)]),
    ("vector.insert", &[Ret, Arg(1)]),
    ("vector.interleave2", &[Ret]),
    ("vector.interleave3", &[Ret]),
    ("vector.interleave4", &[Ret]),
    ("vector.interleave5", &[Ret]),
    ("vector.interleave6", &[Ret]),
    ("vector.interleave7", &[Ret]),
    ("vector.interleave8", &[Ret]),
    ("vector.partial.reduce.add", &[Ret, Arg(1)]),
    ("vector.partial.reduce.fadd", &[Ret, Arg(1)]),
    ("vector.reduce.add", &[Arg(0)]),
    ("vector.reduce.and", &[Arg(0)]),
    ("vector.reduce.fadd", &[Arg(1)]),
    ("vector.reduce.fmax", &[Arg(0)]),
    ("vector.reduce.fmaximum", &[Arg(0)]),
    ("vector.reduce.fmin", &[Arg(0)]),
    ("vector.reduce.fminimum", &[Arg(0)]),
    ("vector.reduce.fmul", &[Arg(1)]),
    ("vector.reduce.mul", &[Arg(0)]),
    ("vector.reduce.or", &[Arg(0)]),
    ("vector.reduce.smax", &[Arg(0)]),
    ("vector.reduce.smin", &[Arg(0)]),
    ("vector.reduce.umax", &[Arg(0)]),
    ("vector.reduce.umin", &[Arg(0)]),
    ("vector.reduce.xor", &[Arg(0)]),
    ("vector.reverse", &[Ret]),
    ("vector.splice", &[Ret]),
    ("vector.splice.left", &[Ret]),
    ("vector.splice.right", &[Ret]),
    ("vp.abs", &[Ret]),
    ("vp.add", &[Ret]),
    ("vp.and", &[Ret]),
    ("vp.ashr", &[Ret]),
    ("vp.bitreverse", &[Ret]),
    ("vp.bswap", &[Ret]),
    ("vp.ceil", &[Ret]),
    ("vp.copysign", &[Ret]),
    ("vp.ctlz", &[Ret]),
    ("vp.ctpop", &[Ret]),
    ("vp.cttz", &[Ret]),
    ("vp.cttz.elts", &[Ret, Arg(0)]),
    ("vp.fabs", &[Ret]),
    ("vp.fadd", &[Ret]),
    ("vp.fcmp", &[Arg(0)]),
    ("vp.fdiv", &[Ret]),
    ("vp.floor", &[Ret]),
    ("vp.fma", &[Ret]),
    ("vp.fmul", &[Ret]),
    ("vp.fmuladd", &[Ret]),
    ("vp.fneg", &[Ret]),
    ("vp.fpext", &[Ret, Arg(0)]),
    ("vp.fptosi", &[Ret, Arg(0)]),
    ("vp.fptoui", &[Ret, Arg(0)]),
    ("vp.fptrunc", &[Ret, Arg(0)]),
    ("vp.frem", &[Ret]),
    ("vp.fshl", &[Ret]),
    ("vp.fshr", &[Ret]),
    ("vp.fsub", &[Ret]),
    ("vp.gather", &[Ret, Arg(0)]),
    ("vp.icmp", &[Arg(0)]),
    ("vp.inttoptr", &[Ret, Arg(0)]),
    ("vp.is.fpclass", &[Arg(0)]),
    ("vp.llrint", &[Ret, Arg(0)]),
    ("vp.load", &[Ret, Arg(0)]),
    ("vp.load.ff", &[RetElem(0), Arg(0)]),
    ("vp.lrint", &[Ret, Arg(0)]),
    ("vp.lshr", &[Ret]),
    ("vp.maximum", &[Ret]),
    ("vp.maxnum", &[Ret]),
    ("vp.merge", &[Ret]),
    ("vp.minimum", &[Ret]),
    ("vp.minnum", &[Ret]),
    ("vp.mul", &[Ret]),
    ("vp.nearbyint", &[Ret]),
    ("vp.or", &[Ret]),
    ("vp.ptrtoint", &[Ret, Arg(0)]),
    ("vp.reduce.add", &[Arg(1)]),
    ("vp.reduce.and", &[Arg(1)]),
    ("vp.reduce.fadd", &[Arg(1)]),
    ("vp.reduce.fmax", &[Arg(1)]),
    ("vp.reduce.fmaximum", &[Arg(1)]),
    ("vp.reduce.fmin", &[Arg(1)]),
    ("vp.reduce.fminimum", &[Arg(1)]),
    ("vp.reduce.fmul", &[Arg(1)]),
    ("vp.reduce.mul", &[Arg(1)]),
    ("vp.reduce.or", &[Arg(1)]),
    ("vp.reduce.smax", &[Arg(1)]),
    ("vp.reduce.smin", &[Arg(1)]),
    ("vp.reduce.umax", &[Arg(1)]),
    ("vp.reduce.umin", &[Arg(1)]),
    ("vp.reduce.xor", &[Arg(1)]),
    ("vp.rint", &[Ret]),
    ("vp.round", &[Ret]),
    ("vp.roundeven", &[Ret]),
    ("vp.roundtozero", &[Ret]),
    ("vp.sadd.sat", &[Ret]),
    ("vp.scatter", &[Arg(0), Arg(1)]),
    ("vp.sdiv", &[Ret]),
    ("vp.select", &[Ret]),
    ("vp.sext", &[Ret, Arg(0)]),
    ("vp.shl", &[Ret]),
    ("vp.sitofp", &[Ret, Arg(0)]),
    ("vp.smax", &[Ret]),
    ("vp.smin", &[Ret]),
    ("vp.sqrt", &[Ret]),
    ("vp.srem", &[Ret]),
    ("vp.ssub.sat", &[Ret]),
    ("vp.store", &[Arg(0), Arg(1)]),
    ("vp.sub", &[Ret]),
    ("vp.trunc", &[Ret, Arg(0)]),
    ("vp.uadd.sat", &[Ret]),
    ("vp.udiv", &[Ret]),
    ("vp.uitofp", &[Ret, Arg(0)]),
    ("vp.umax", &[Ret]),
    ("vp.umin", &[Ret]),
    ("vp.urem", &[Ret]),
    ("vp.usub.sat", &[Ret]),
    ("vp.xor", &[Ret]),
    ("vp.zext", &[Ret, Arg(0)]),
    ("vscale", &[Ret]),
    ("write_register", &[Arg(1)]),
];

/// Target intrinsics LLVM 22's reader upgrades to a generic one of the same signature.
const RENAMED: &[(&str, &str)] = &[
    ("aarch64.thread.pointer", "thread.pointer"),
    ("arm.thread.pointer", "thread.pointer"),
];

/// Intrinsics LLVM 22's reader knows under an older name (without `llvm.`, before the type
/// suffixes), target ones it made generic among them: their calls and declarations take
/// today's name, mangled from their types.
const RENAMED_BASES: &[(&str, &str)] = &[
    ("aarch64.neon.frintn", "roundeven"),
    ("aarch64.neon.rbit", "bitreverse"),
    ("aarch64.rbit", "bitreverse"),
    ("arm.neon.vcnt", "ctpop"),
    ("experimental.stepvector", "stepvector"),
    ("experimental.vector.deinterleave2", "vector.deinterleave2"),
    ("experimental.vector.extract", "vector.extract"),
    ("experimental.vector.insert", "vector.insert"),
    ("experimental.vector.interleave2", "vector.interleave2"),
    (
        "experimental.vector.partial.reduce.add",
        "vector.partial.reduce.add",
    ),
    ("experimental.vector.reduce.add", "vector.reduce.add"),
    ("experimental.vector.reduce.and", "vector.reduce.and"),
    ("experimental.vector.reduce.fmax", "vector.reduce.fmax"),
    ("experimental.vector.reduce.fmin", "vector.reduce.fmin"),
    ("experimental.vector.reduce.mul", "vector.reduce.mul"),
    ("experimental.vector.reduce.or", "vector.reduce.or"),
    ("experimental.vector.reduce.smax", "vector.reduce.smax"),
    ("experimental.vector.reduce.smin", "vector.reduce.smin"),
    ("experimental.vector.reduce.umax", "vector.reduce.umax"),
    ("experimental.vector.reduce.umin", "vector.reduce.umin"),
    ("experimental.vector.reduce.v2.fadd", "vector.reduce.fadd"),
    ("experimental.vector.reduce.v2.fmul", "vector.reduce.fmul"),
    ("experimental.vector.reduce.xor", "vector.reduce.xor"),
    ("experimental.vector.reverse", "vector.reverse"),
];

/// The target-independent intrinsics of LLVM 22, without `llvm.`, each name one LLVM 22's
/// library lists and opt-22 takes for an intrinsic; a name another one extends after a `.`
/// (`memcpy.inline` beside `memcpy`) is left out, as [`is_unknown`] takes any suffix.
#[rustfmt::skip]
const INTRINSIC_NAMES: &str = "\
    abs acos addressofreturnaddress adjust.trampoline alloc.token.id allow.runtime.check \
    allow.sanitize.address allow.sanitize.hwaddress allow.sanitize.memory allow.sanitize.thread \
    allow.ubsan.check annotation arithmetic.fence asan.check.memaccess asin assume atan atan2 \
    bitreverse bswap call.preallocated.arg call.preallocated.setup call.preallocated.teardown \
    callbr.landingpad canonicalize ceil clear_cache clmul codeview.annotation convert.from.fp16 \
    convert.to.fp16 copysign coro.align coro.alloc coro.alloca.alloc coro.alloca.free \
    coro.alloca.get coro.async.context.alloc coro.async.context.dealloc coro.async.resume \
    coro.async.size.replace coro.await.suspend.bool coro.await.suspend.handle \
    coro.await.suspend.void coro.begin coro.destroy coro.done coro.end coro.frame coro.free \
    coro.id coro.is_in_ramp coro.noop coro.prepare.async coro.prepare.retcon coro.promise \
    coro.resume coro.save coro.size coro.subfn.addr coro.suspend cos cosh ctlz ctpop cttz \
    dbg.assign dbg.declare dbg.label dbg.value debugtrap donothing eh.dwarf.cfa \
    eh.exceptioncode eh.exceptionpointer eh.recoverfp eh.return.i32 eh.return.i64 \
    eh.sjlj.callsite eh.sjlj.functioncontext eh.sjlj.longjmp eh.sjlj.lsda eh.sjlj.setjmp \
    eh.sjlj.setup.dispatch eh.typeid.for eh.unwind.init exp exp10 exp2 expect \
    experimental.constrained.acos experimental.constrained.asin experimental.constrained.atan \
    experimental.constrained.atan2 experimental.constrained.ceil experimental.constrained.cos \
    experimental.constrained.cosh experimental.constrained.exp experimental.constrained.exp2 \
    experimental.constrained.fadd experimental.constrained.fcmp experimental.constrained.fcmps \
    experimental.constrained.fdiv experimental.constrained.floor experimental.constrained.fma \
    experimental.constrained.fmul experimental.constrained.fmuladd \
    experimental.constrained.fpext experimental.constrained.fptosi \
    experimental.constrained.fptoui experimental.constrained.fptrunc \
    experimental.constrained.frem experimental.constrained.fsub experimental.constrained.ldexp \
    experimental.constrained.llrint experimental.constrained.llround \
    experimental.constrained.log experimental.constrained.log10 experimental.constrained.log2 \
    experimental.constrained.lrint experimental.constrained.lround \
    experimental.constrained.maximum experimental.constrained.maxnum \
    experimental.constrained.minimum experimental.constrained.minnum \
    experimental.constrained.nearbyint experimental.constrained.pow \
    experimental.constrained.powi experimental.constrained.rint experimental.constrained.round \
    experimental.constrained.roundeven experimental.constrained.sin \
    experimental.constrained.sinh experimental.constrained.sitofp experimental.constrained.sqrt \
    experimental.constrained.tan experimental.constrained.tanh experimental.constrained.trunc \
    experimental.constrained.uitofp experimental.convergence.anchor \
    experimental.convergence.entry experimental.convergence.loop experimental.cttz.elts \
    experimental.deoptimize experimental.gc.get.pointer.base experimental.gc.get.pointer.offset \
    experimental.gc.relocate experimental.gc.result experimental.gc.statepoint \
    experimental.get.vector.length experimental.guard experimental.memset.pattern \
    experimental.noalias.scope.decl experimental.patchpoint experimental.stackmap \
    experimental.vector.compress experimental.vector.extract.last.active \
    experimental.vector.histogram.add experimental.vector.histogram.uadd.sat \
    experimental.vector.histogram.umax experimental.vector.histogram.umin \
    experimental.vector.match experimental.vp.reverse experimental.vp.splice \
    experimental.vp.strided.load experimental.vp.strided.store experimental.widenable.condition \
    fabs fake.use floor fma fmuladd fptosi.sat fptoui.sat fptrunc.round frameaddress frexp fshl \
    fshr gcread gcroot gcwrite get.active.lane.mask get.dynamic.area.offset get.fpenv \
    get.fpmode get.rounding hwasan.check.memaccess icall.branch.funnel init.trampoline \
    instrprof.callsite instrprof.cover instrprof.increment instrprof.mcdc.parameters \
    instrprof.mcdc.tvbitmap.update instrprof.timestamp instrprof.value.profile invariant.end \
    invariant.start is.constant is.fpclass launder.invariant.group ldexp lifetime.end \
    lifetime.start llrint llround load.relative localaddress localescape localrecover log log10 \
    log2 loop.decrement loop.dependence.raw.mask loop.dependence.war.mask lrint lround \
    masked.compressstore masked.expandload masked.gather masked.load masked.scatter \
    masked.store matrix.column.major.load matrix.column.major.store matrix.multiply \
    matrix.transpose maximum maximumnum maxnum memcpy memmove memset minimum minimumnum minnum \
    modf nearbyint objc.arc.annotation.bottomup.bbend objc.arc.annotation.bottomup.bbstart \
    objc.arc.annotation.topdown.bbend objc.arc.annotation.topdown.bbstart objc.autorelease \
    objc.clang.arc.noop.use objc.clang.arc.use objc.release objc.retain objc.sync.enter \
    objc.sync.exit objectsize pcmarker pow powi prefetch preserve.array.access.index \
    preserve.static.offset preserve.struct.access.index preserve.union.access.index \
    protected.field.ptr pseudoprobe ptr.annotation ptrauth.auth ptrauth.blend ptrauth.resign \
    ptrauth.sign ptrauth.strip ptrmask public.type.test read_register read_volatile_register \
    readcyclecounter readsteadycounter reloc.none reset.fpenv reset.fpmode returnaddress rint \
    round roundeven sadd.sat sadd.with.overflow scmp sdiv.fix seh.scope.begin seh.scope.end \
    seh.try.begin seh.try.end set.fpenv set.fpmode set.loop.iterations set.rounding sideeffect \
    sin sincos sincospi sinh smax smin smul.fix smul.with.overflow sponentry sqrt ssa.copy \
    sshl.sat ssub.sat ssub.with.overflow stackaddress stackguard stackprotector stackrestore \
    stacksave start.loop.iterations stepvector strip.invariant.group swift.async.context.addr \
    tan tanh test.set.loop.iterations test.start.loop.iterations thread.pointer \
    threadlocal.address trap trunc type.checked.load type.test uadd.sat uadd.with.overflow \
    ubsantrap ucmp udiv.fix umax umin umul.fix umul.with.overflow ushl.sat usub.sat \
    usub.with.overflow va_copy va_end va_start var.annotation vector.deinterleave2 \
    vector.deinterleave3 vector.deinterleave4 vector.deinterleave5 vector.deinterleave6 \
    vector.deinterleave7 vector.deinterleave8 vector.extract vector.insert vector.interleave2 \
    vector.interleave3 vector.interleave4 vector.interleave5 vector.interleave6 \
    vector.interleave7 vector.interleave8 vector.partial.reduce.add vector.partial.reduce.fadd \
    vector.reduce.add vector.reduce.and vector.reduce.fadd vector.reduce.fmax \
    vector.reduce.fmaximum vector.reduce.fmin vector.reduce.fminimum vector.reduce.fmul \
    vector.reduce.mul vector.reduce.or vector.reduce.smax vector.reduce.smin vector.reduce.umax \
    vector.reduce.umin vector.reduce.xor vector.reverse vector.splice.left vector.splice.right \
    vp.abs vp.add vp.and vp.ashr vp.bitreverse vp.bswap vp.ceil vp.copysign vp.ctlz vp.ctpop \
    vp.cttz vp.fabs vp.fadd vp.fcmp vp.fdiv vp.floor vp.fma vp.fmul vp.fmuladd vp.fneg vp.fpext \
    vp.fptosi vp.fptoui vp.fptrunc vp.frem vp.fshl vp.fshr vp.fsub vp.gather vp.icmp \
    vp.inttoptr vp.is.fpclass vp.llrint vp.load vp.lrint vp.lshr vp.maximum vp.maxnum vp.merge \
    vp.minimum vp.minnum vp.mul vp.nearbyint vp.or vp.ptrtoint vp.reduce.add vp.reduce.and \
    vp.reduce.fadd vp.reduce.fmax vp.reduce.fmaximum vp.reduce.fmin vp.reduce.fminimum \
    vp.reduce.fmul vp.reduce.mul vp.reduce.or vp.reduce.smax vp.reduce.smin vp.reduce.umax \
    vp.reduce.umin vp.reduce.xor vp.rint vp.round vp.roundeven vp.roundtozero vp.sadd.sat \
    vp.scatter vp.sdiv vp.select vp.sext vp.shl vp.sitofp vp.smax vp.smin vp.sqrt vp.srem \
    vp.ssub.sat vp.store vp.sub vp.trunc vp.uadd.sat vp.udiv vp.uitofp vp.umax vp.umin vp.urem \
    vp.usub.sat vp.xor vp.zext vscale write_register xray.customevent xray.typedevent";

/// Intrinsics LLVM 22 no longer has but whose calls its reader upgrades away
/// ([`Obsolete::Removed`], [`Obsolete::Splice`]), so that they are no "unknown intrinsic"
/// either.
const UPGRADED_AWAY: &[&str] = &[
    "stackprotectorcheck",
    "experimental.vector.splice",
    "vector.splice",
];

/// The prefixes of target intrinsics (`llvm.x86.*`), which [`is_unknown`] does not judge.
const TARGETS: &[&str] = &[
    "aarch64",
    "amdgcn",
    "arm",
    "bpf",
    "dx",
    "hexagon",
    "loongarch",
    "mips",
    "nvvm",
    "ppc",
    "r600",
    "riscv",
    "s390",
    "spv",
    "ve",
    "wasm",
    "x86",
    "xcore",
];

/// Overloaded intrinsics whose parameters all have the result's type, and how many they
/// take (`llvm.umax`: two); each confirmed against opt-22.
#[rustfmt::skip]
const UNIFORM: &[(&str, usize)] = &[
    ("acos", 1), ("asin", 1), ("atan", 1), ("atan2", 2), ("bitreverse", 1), ("bswap", 1),
    ("canonicalize", 1), ("ceil", 1), ("copysign", 2), ("cos", 1), ("cosh", 1), ("ctpop", 1),
    ("exp", 1), ("exp10", 1), ("exp2", 1), ("fabs", 1), ("floor", 1), ("fma", 3),
    ("fmuladd", 3), ("fshl", 3), ("fshr", 3), ("log", 1), ("log10", 1), ("log2", 1),
    ("maximum", 2), ("maximumnum", 2), ("maxnum", 2), ("minimum", 2), ("minimumnum", 2),
    ("minnum", 2), ("nearbyint", 1), ("pow", 2), ("rint", 1), ("round", 1), ("roundeven", 1),
    ("sadd.sat", 2), ("sin", 1), ("sinh", 1), ("smax", 2), ("smin", 2), ("sqrt", 1),
    ("sshl.sat", 2), ("ssub.sat", 2), ("tan", 1), ("tanh", 1), ("trunc", 1), ("uadd.sat", 2),
    ("umax", 2), ("umin", 2), ("ushl.sat", 2), ("usub.sat", 2),
];

/// Whether function type `fn_ty` cannot be intrinsic `name`'s, as far as `UNIFORM` and
/// [`signature_problem`] know: a parameter of another type than the result, or another
/// number of them (LLParser's "invalid intrinsic signature" for an intrinsic called without
/// a declaration). An obsolete signature LLVM upgrades (`i1 @llvm.coro.end(ptr, i1)`) is not
/// wrong: LLParser upgrades the declaration it makes before it checks it.
pub fn signature_is_wrong(types: &TypeTable, name: &str, fn_ty: Type) -> bool {
    if obsolete_form(types, name, fn_ty).is_some() {
        return false;
    }
    if signature_problem(types, name, fn_ty).is_some() {
        return true;
    }
    let Some((base, _)) = lookup(name) else {
        return false;
    };
    let Some(&(_, arity)) = UNIFORM.iter().find(|u| u.0 == base) else {
        return false;
    };
    types
        .func_parts(fn_ty)
        .is_some_and(|(ret, params, varargs)| {
            varargs || params.len() != arity || params.iter().any(|&p| p != ret)
        })
}

/// The widening vector multiplies of AArch64 and ARM (`llvm.aarch64.neon.smull.v2i64`), which
/// take two vectors of half as wide integers (`LLVMTruncatedType` in LLVM's tables).
const WIDENING_MULTIPLIES: &[&str] = &[
    "aarch64.neon.pmull",
    "aarch64.neon.smull",
    "aarch64.neon.umull",
    "arm.neon.vmullp",
    "arm.neon.vmulls",
    "arm.neon.vmullu",
];

/// For a widening multiply `name`, whether `fn_ty` is not `<N x iW> (<N x iW/2>, <N x iW/2>)`
/// (`None` for another intrinsic); each confirmed against opt-22.
fn widening_multiply_is_wrong(types: &TypeTable, name: &str, fn_ty: Type) -> Option<bool> {
    WIDENING_MULTIPLIES
        .iter()
        .find(|base| is_under(name, base))?;
    let (ret, params, varargs) = types.func_parts(fn_ty)?;
    let half = |t: Type| match types.get(types.scalar(t)) {
        TypeData::Int(w) if w % 2 == 0 => Some((types.vector_len(t)?, w / 2)),
        _ => None,
    };
    let narrow = |t: Type| match types.get(types.scalar(t)) {
        TypeData::Int(w) => Some((types.vector_len(t)?, *w)),
        _ => None,
    };
    let right = !varargs
        && params.len() == 2
        && half(ret).is_some_and(|h| params.iter().all(|&p| narrow(p) == Some(h)));
    Some(!right)
}

/// An intrinsic of one signature (not overloaded), as LLVM 22's table gives it.
struct Fixed {
    /// The name without `llvm.`.
    name: &'static str,
    ret: TypeData,
    params: &'static [TypeData],
    /// Whether more arguments may follow `params` (`llvm_vararg_ty` last in LLVM's table).
    varargs: bool,
}

/// Intrinsics of one signature that LLVM's tests call with the signature of another LLVM:
/// the coroutine intrinsics whose result or parameters changed by LLVM 22 (`coro.end` and
/// `coro.end.async` return `void` now, `coro.alloc` returns `i1`, `coro.frame` takes no
/// token), and an NVPTX bulk copy. Each confirmed against opt-22.
const FIXED: &[Fixed] = &[
    Fixed {
        name: "coro.alloc",
        ret: TypeData::Int(1),
        params: &[TypeData::Token],
        varargs: false,
    },
    Fixed {
        name: "coro.end",
        ret: TypeData::Void,
        params: &[TypeData::Ptr(0), TypeData::Int(1), TypeData::Token],
        varargs: false,
    },
    Fixed {
        name: "coro.end.async",
        ret: TypeData::Void,
        params: &[TypeData::Ptr(0), TypeData::Int(1)],
        varargs: true,
    },
    Fixed {
        name: "coro.frame",
        ret: TypeData::Ptr(0),
        params: &[],
        varargs: false,
    },
    Fixed {
        name: "nvvm.cp.async.bulk.global.to.shared.cta",
        ret: TypeData::Void,
        params: &[
            TypeData::Ptr(3),
            TypeData::Ptr(3),
            TypeData::Ptr(1),
            TypeData::Int(32),
            TypeData::Int(64),
            TypeData::Int(1),
        ],
        varargs: false,
    },
];

/// For an intrinsic of `FIXED`, what LLVM's `verifyIntrinsicType` says of a call through
/// `ret (params, ...)` (`None` for another intrinsic), in its order: the result first, then
/// each parameter against the table's entry at its place (one past the table's end is
/// wrong too), then whether the two agree on variadic arguments. The last is worded by the
/// call's type: a variadic one was "not defined" so by the intrinsic, a fixed one lacks what
/// the table still wants.
fn fixed_signature_problem(
    types: &TypeTable,
    name: &str,
    ret: Type,
    params: &[Type],
    varargs: bool,
) -> Option<Option<&'static str>> {
    let rest = name.strip_prefix("llvm.")?;
    let want = FIXED.iter().find(|f| f.name == rest)?;
    if *types.get(ret) != want.ret {
        return Some(Some("Intrinsic has incorrect return type!"));
    }
    let wrong_param = params.len() > want.params.len()
        || (params.iter().zip(want.params)).any(|(&p, w)| types.get(p) != w);
    if wrong_param {
        return Some(Some("Intrinsic has incorrect argument type!"));
    }
    // What is left of the table once the call's parameters are matched: nothing, or just
    // the variadic marker, fits a call type that is variadic exactly when that marker is.
    let agree = params.len() == want.params.len() && varargs == want.varargs;
    Some((!agree).then_some(if varargs {
        "Intrinsic was not defined with variable arguments!"
    } else {
        "Callsite was not defined with variable arguments!"
    }))
}

/// What LLVM's verifier says of a call of intrinsic `name` through function type `fn_ty`
/// whose result or parameters are not what its overloaded types (taken from the result or
/// the data operand) make them: "Intrinsic has incorrect return type!" or "... argument
/// type!" (or, for the `FIXED` ones, that the call and the intrinsic disagree on variadic
/// arguments). Known for the `FIXED` ones, the `UNIFORM` intrinsics (each parameter the result's
/// type), the vector reductions (the result is the vector's element, as is the start value
/// of `fadd` and `fmul`), the widening multiplies, and the masked memory intrinsics of LLVM
/// 22's form,
/// whose mask is a vector of `i1` as long as the data (`load(ptr, mask, passthru)`,
/// `store(data, ptr, mask)`, `gather(ptrs, mask, passthru)`, `scatter(data, ptrs, mask)`,
/// `expandload(ptr, mask, passthru)`, `compressstore(data, ptr, mask)`).
pub fn signature_problem(types: &TypeTable, name: &str, fn_ty: Type) -> Option<&'static str> {
    const RET: &str = "Intrinsic has incorrect return type!";
    const ARG: &str = "Intrinsic has incorrect argument type!";
    if let Some(wrong) = widening_multiply_is_wrong(types, name, fn_ty) {
        return wrong.then_some(ARG);
    }
    let (ret, params, varargs) = types.func_parts(fn_ty)?;
    if let Some(problem) = fixed_signature_problem(types, name, ret, params, varargs) {
        return problem;
    }
    if varargs {
        return None;
    }
    let (base, _) = lookup(name)?;
    if let Some(&(_, arity)) = UNIFORM.iter().find(|u| u.0 == base) {
        return (params.len() == arity && params.iter().any(|&p| p != ret)).then_some(ARG);
    }
    let elem = |t: Type| types.vector_len(t).map(|_| types.scalar(t));
    if let Some(op) = base.strip_prefix("vector.reduce.") {
        let (start, vector) = match (op, params) {
            ("fadd" | "fmul", &[start, vector]) => (Some(start), vector),
            (_, &[vector]) if op != "fadd" && op != "fmul" => (None, vector),
            _ => return None,
        };
        let e = elem(vector)?;
        return if ret != e {
            Some(RET)
        } else {
            start.is_some_and(|s| s != e).then_some(ARG)
        };
    }
    let rest = base.strip_prefix("masked.")?;
    if params.len() != 3 {
        // Before LLVM 22 an alignment came second; reading such a call upgrades it.
        return None;
    }
    let (data, address, mask, passthru) = match rest {
        "load" | "gather" | "expandload" => (ret, params[0], params[1], Some(params[2])),
        "store" | "scatter" | "compressstore" => (params[0], params[1], params[2], None),
        _ => return None,
    };
    let (len, scalable) = types.vector_len(data)?;
    let is_mask = types.vector_len(mask) == Some((len, scalable))
        && matches!(types.get(types.scalar(mask)), TypeData::Int(1));
    let pointers = if matches!(rest, "gather" | "scatter") {
        types.vector_len(address) == Some((len, scalable))
            && types.is_pointer(types.scalar(address))
    } else {
        types.is_pointer(address)
    };
    (!is_mask || !pointers || passthru.is_some_and(|p| p != data)).then_some(ARG)
}
/// Whether `name` is a target intrinsic's (`llvm.x86.*`), which this module does not know.
pub fn is_target(name: &str) -> bool {
    name.strip_prefix("llvm.")
        .and_then(|rest| rest.split('.').next())
        .is_some_and(|first| TARGETS.contains(&first))
}

/// The AMDGPU intrinsics of LLVM 22 (`llvm.amdgcn.*`, without that prefix), one a line,
/// sorted: their run of LLVM 22's intrinsic name table, as `strings` shows it in
/// libLLVM.so.22.1, each one opt-22 takes for an intrinsic. A call of another `llvm.amdgcn.`
/// name without a declaration is LLParser's "unknown intrinsic".
const AMDGCN_NAMES: &str = include_str!("intrinsics/amdgcn.txt");

/// Intrinsics (under any suffix) and their `immarg` parameters, which LLVM gives them
/// whatever their declaration says; each confirmed against opt-22. The target ones are those
/// LLVM's verifier tests name.
const IMMARGS: &[(&str, &[usize])] = &[
    ("aarch64.range.prefetch", &[1, 2]),
    ("arm.cdp", &[0, 1, 2, 3, 4, 5]),
    ("arm.cdp2", &[0, 1, 2, 3, 4, 5]),
    ("arm.mcr", &[0, 1, 3, 4, 5]),
    ("arm.mcr2", &[0, 1, 3, 4, 5]),
    ("arm.mcrr", &[0, 1, 4]),
    ("arm.mcrr2", &[0, 1, 4]),
    ("arm.mrc", &[0, 1, 2, 3, 4]),
    ("arm.mrc2", &[0, 1, 2, 3, 4]),
    ("arm.mrrc", &[0, 1, 2]),
    ("arm.mrrc2", &[0, 1, 2]),
    ("arm.space", &[0]),
    ("nvvm.fence.proxy.tensormap_generic.acquire", &[1]),
    ("nvvm.setmaxnreg", &[0]),
    ("abs", &[1]),
    ("ctlz", &[1]),
    ("cttz", &[1]),
    ("expect.with.probability", &[2]),
    ("frameaddress", &[0]),
    ("invariant.start", &[0]),
    ("is.fpclass", &[1]),
    ("memcpy", &[3]),
    ("memmove", &[3]),
    ("memset", &[3]),
    ("objectsize", &[1, 2, 3]),
    ("prefetch", &[1, 2, 3]),
    ("returnaddress", &[0]),
    ("sdiv.fix", &[2]),
    ("smul.fix", &[2]),
    ("udiv.fix", &[2]),
    ("umul.fix", &[2]),
];

/// Whether LLVM 22 gives parameter `k` of intrinsic `name` the `immarg` attribute, as far
/// as `IMMARGS` knows (`memcpy` covers `memcpy.inline` and the element-wise atomic one).
pub fn has_immarg(name: &str, k: usize) -> bool {
    IMMARGS
        .iter()
        .any(|(base, ks)| ks.contains(&k) && is_under(name, base))
}

/// The `range` LLVM 22 gives `immarg` parameter `k` of intrinsic `name` (under any suffix),
/// as the half-open `[lo, hi)` of its `range` attribute; each confirmed against opt-22.
const IMMARG_RANGES: &[(&str, usize, i64, i64)] = &[
    ("nvvm.fence.proxy.tensormap_generic.acquire", 1, 128, 129),
    ("nvvm.setmaxnreg", 0, 24, 257),
];

/// Whether `name` is intrinsic `base` (without `llvm.`) under any `.` suffix.
fn is_under(name: &str, base: &str) -> bool {
    name.strip_prefix("llvm.")
        .and_then(|rest| rest.strip_prefix(base))
        .is_some_and(|tail| tail.is_empty() || tail.starts_with('.'))
}

/// The range LLVM 22 gives `immarg` parameter `k` of intrinsic `name`, as far as
/// `IMMARG_RANGES` knows.
pub fn immarg_range(name: &str, k: usize) -> Option<(i64, i64)> {
    IMMARG_RANGES
        .iter()
        .find(|&&(base, at, _, _)| at == k && is_under(name, base))
        .map(|&(_, _, lo, hi)| (lo, hi))
}

/// Whether LLParser refuses `name` as the callee of an intrinsic the module calls without
/// declaring it ("unknown intrinsic"): an `llvm.` name that is no target-independent
/// intrinsic or AMDGPU one, with or without type suffixes. Other target intrinsics are taken
/// as known. A name is taken as known when it or any part of it up to a `.` is listed, so a
/// misspelled suffix of an intrinsic that is not overloaded (which LLVM refuses too) is let
/// through: a missed refusal, never a false one.
pub fn is_unknown(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("llvm.") else {
        return false;
    };
    let (rest, names) = match rest.strip_prefix("amdgcn.") {
        Some(amdgcn) => (amdgcn, AMDGCN_NAMES),
        None if is_target(name) => return false,
        None => (rest, INTRINSIC_NAMES),
    };
    let known = |prefix: &str| {
        names.split_ascii_whitespace().any(|k| k == prefix)
            || UPGRADED_AWAY.contains(&prefix)
            || RENAMED_BASES.iter().any(|(from, _)| *from == prefix)
    };
    !rest
        .match_indices('.')
        .map(|(at, _)| &rest[..at])
        .chain([rest])
        .any(known)
}

/// The intrinsic a name calls (after `llvm.`: the longest listed name it starts with, up to a
/// `.`), as its canonical name and overload slots.
fn lookup(name: &str) -> Option<(&'static str, &'static [Slot])> {
    let rest = name.strip_prefix("llvm.")?;
    if let Some(&(_, to)) = RENAMED.iter().find(|(from, _)| *from == rest) {
        let k = OVERLOADED.binary_search_by_key(&to, |e| e.0).ok()?;
        return Some((OVERLOADED[k].0, OVERLOADED[k].1));
    }
    let overloaded = |to: &str| {
        let k = OVERLOADED.binary_search_by_key(&to, |e| e.0).ok()?;
        Some((OVERLOADED[k].0, OVERLOADED[k].1))
    };
    for &(from, to) in RENAMED_BASES {
        // Only type suffixes may follow: `llvm.experimental.vector.extract.last.active` is
        // an intrinsic of its own, not `experimental.vector.extract` under another name.
        let suffix = rest.strip_prefix(from).filter(|s| type_suffixes(s));
        if suffix.is_some() {
            return overloaded(to);
        }
    }
    let mut end = rest.len();
    loop {
        let base = &rest[..end];
        if let Ok(k) = OVERLOADED.binary_search_by_key(&base, |e| e.0) {
            // What follows must be type suffixes: `llvm.memset.element.unordered.atomic` is
            // another intrinsic, not `llvm.memset` misnamed.
            let suffix = &rest[end..];
            return type_suffixes(suffix).then_some((OVERLOADED[k].0, OVERLOADED[k].1));
        }
        end = base.rfind('.')?;
    }
}

/// Whether what follows an intrinsic's base name is nothing, or `.` and its type suffixes
/// ([`mangled_suffix`]).
fn type_suffixes(rest: &str) -> bool {
    rest.is_empty() || rest.strip_prefix('.').is_some_and(mangled_suffix)
}

/// Whether the type suffixes of an intrinsic's name (after the base and its `.`) read as
/// mangled types, one per `.`-separated part, but that a named struct's (`s_` ... `s`) may
/// span parts, as its name may hold dots (`s_struct.foos`), and that a last `.renamed` is
/// LLVM's mark of a declaration moved out of the way of another (see
/// `remangleIntrinsicFunction`).
fn mangled_suffix(suffix: &str) -> bool {
    let suffix = suffix.strip_suffix(".renamed").unwrap_or(suffix);
    let mut parts = suffix.split('.');
    while let Some(seg) = parts.next() {
        if seg.starts_with("s_") && !seg.ends_with('s') {
            // The struct's name goes on to the part that ends its mangling.
            if !parts.by_ref().any(|p| p.ends_with('s')) {
                return false;
            }
        } else if !looks_mangled(seg) {
            return false;
        }
    }
    true
}

/// Whether one `.`-separated part of a name reads as a mangled type (`i32`, `p0`, `v4f32`,
/// `nxv2i64`, `a3i8`, `sl_i32i1s`, `s_names`, `f_...f`, `f64`, `bf16`, `ppcf128`, ...).
fn looks_mangled(seg: &str) -> bool {
    let digits_after = |p: &str| {
        seg.strip_prefix(p)
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    };
    digits_after("i")
        || digits_after("p")
        || digits_after("v")
        || digits_after("nxv")
        || digits_after("a")
        || matches!(
            seg,
            "f16"
                | "bf16"
                | "f32"
                | "f64"
                | "f80"
                | "f128"
                | "ppcf128"
                | "isVoid"
                | "Metadata"
                | "x86amx"
        )
        || seg.starts_with("sl_")
        || seg.starts_with("s_")
        || seg.starts_with("f_")
        // Not a type, but LLVM takes any suffix for a wrong one and remangles it; LLVM's tests
        // write `.unnamed` for that (`llvm.prefetch.unnamed`).
        || seg == "unnamed"
}

/// An obsolete signature of an intrinsic that LLVM 22's reader upgrades (its `AutoUpgrade`),
/// as [`obsolete_form`] recognises it: what becomes of the declaration and its calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obsolete {
    /// `llvm.lifetime.start`/`end` taking a size before the pointer (IR of LLVM 15–21).
    LifetimeSize,
    /// The intrinsic `base` (`llvm.ctlz`, without suffixes) takes more arguments now (none
    /// more for `llvm.thread.pointer`, rebuilt all the same): each
    /// call gets `falses` more `i1 false`, then `token none` if `token` (which also makes the
    /// result `void`: `llvm.coro.end`), then `ptr null` if `null_pointer` (the annotation
    /// arguments of `llvm.var.annotation` and `llvm.ptr.annotation`).
    Appended {
        /// The intrinsic's name without type suffixes.
        base: &'static str,
        /// How many `i1 false` are appended.
        falses: usize,
        /// Whether `token none` comes last (and the result becomes `void`).
        token: bool,
        /// Whether `ptr null` comes last.
        null_pointer: bool,
    },
    /// A masked memory intrinsic (`base`) with its alignment as `i32` argument `at`: LLVM 22
    /// gives it as an `align` attribute of the pointer argument (`ptr` after `at` is gone).
    AlignArgument {
        /// The intrinsic's name without type suffixes.
        base: &'static str,
        /// Which argument is the alignment.
        at: usize,
        /// Which argument is the pointer, once the alignment is gone.
        ptr: usize,
    },
    /// `llvm.memcpy`/`memmove`/`memset` (`base`) with an `i32` alignment as fourth argument
    /// (IR of LLVM 6 and before): it becomes an `align` attribute of the first `pointers`
    /// arguments (the destination, and the source of a copy), none for 0 and rounded down to
    /// a power of two otherwise; the call keeps its other attributes.
    MemAlignArgument {
        /// The intrinsic's name without type suffixes.
        base: &'static str,
        /// How many pointer arguments get the alignment.
        pointers: usize,
    },
    /// The intrinsic is gone and its calls are deleted (`llvm.stackprotectorcheck`).
    Removed,
    /// `llvm.vector.splice` (or `llvm.experimental.vector.splice`) with a signed offset: each
    /// call becomes one of `llvm.vector.splice.left` for an offset of 0 or more, of
    /// `llvm.vector.splice.right` by its magnitude otherwise, rebuilt and unnamed.
    Splice,
}

/// Where the alignment argument of [`Obsolete::MemAlignArgument`] is.
pub const MEM_ALIGN_ARGUMENT: usize = 3;

/// Whether declaration `name` of type `fn_ty` has one of the obsolete signatures LLVM 22's
/// reader upgrades, among those hand-written tests use (`Assembler/auto_upgrade_intrinsics.ll`,
/// Alive2's tests):
/// `ctlz`/`cttz` without their `i1` (and ARM's `neon.vclz`, which is `ctlz`), `coro.end` returning `i1` (variadic or not), `objectsize` with two or three
/// arguments (or misnamed), the masked loads, stores, gathers and scatters and the five-argument
/// `memcpy`/`memmove`/`memset` with an alignment argument, `lifetime.start`/`end` with a size,
/// `var.annotation`/`ptr.annotation` without their annotation argument, `stackprotectorcheck`. Only names starting `llvm.` cost more than a comparison.
pub fn obsolete_form(types: &TypeTable, name: &str, fn_ty: Type) -> Option<Obsolete> {
    let rest = name.strip_prefix("llvm.")?;
    let (ret, params, varargs) = types.func_parts(fn_ty)?;
    let is = |t: Type, want: TypeData| *types.get(t) == want;
    let first = rest.split('.').next().unwrap_or("");
    // LLVM counts only the fixed parameters of `coro.end`: `i1 (ptr, i1, ...)` is upgraded.
    if varargs && rest != "coro.end" {
        return None;
    }
    match first {
        "lifetime" => {
            let which = rest.strip_prefix("lifetime.")?;
            let named = ["start", "end"].iter().any(|w| {
                which
                    .strip_prefix(w)
                    .is_some_and(|tail| tail.is_empty() || tail.starts_with('.'))
            });
            let fits = matches!(params, [size, ptr]
                if matches!(types.get(*size), TypeData::Int(_)) && types.is_pointer(*ptr));
            (named && fits && is(ret, TypeData::Void)).then_some(Obsolete::LifetimeSize)
        }
        "ctlz" | "cttz" if rest.len() > first.len() => {
            // LLVM's `.old` declaration then returns the argument's type.
            (matches!(params, [x] if *x == ret)).then_some(Obsolete::Appended {
                base: if first == "ctlz" {
                    "llvm.ctlz"
                } else {
                    "llvm.cttz"
                },
                falses: 1,
                token: false,
                null_pointer: false,
            })
        }
        // ARM's old `vclz` is `ctlz` with `i1 false` (LLVM 22's AutoUpgrade).
        "arm" if rest.starts_with("arm.neon.vclz.") => (matches!(params, [x] if *x == ret))
            .then_some(Obsolete::Appended {
                base: "llvm.ctlz",
                falses: 1,
                token: false,
                null_pointer: false,
            }),
        "coro" if rest == "coro.end" => {
            (matches!(params, [p, b] if is(*p, TypeData::Ptr(0)) && is(*b, TypeData::Int(1))))
                .then_some(Obsolete::Appended {
                    base: "llvm.coro.end",
                    falses: 0,
                    token: true,
                    null_pointer: false,
                })
        }
        "objectsize" if rest.len() > first.len() => {
            let (&ptr, flags) = params.split_first()?;
            let fits = (1..=3).contains(&flags.len())
                && types.is_pointer(ptr)
                && flags.iter().all(|&f| is(f, TypeData::Int(1)));
            // Also a misnamed one of today's four arguments: LLVM rebuilds its calls too.
            let obsolete = flags.len() < 3
                || mangled_name(types, "llvm.objectsize", fn_ty).is_some_and(|n| n != name);
            (fits && obsolete).then_some(Obsolete::Appended {
                base: "llvm.objectsize",
                falses: 3 - flags.len(),
                token: false,
                null_pointer: false,
            })
        }
        "masked" => {
            let (base, at, ptr) = [
                ("llvm.masked.load", 1, 0),
                ("llvm.masked.gather", 1, 0),
                ("llvm.masked.store", 2, 1),
                ("llvm.masked.scatter", 2, 1),
            ]
            .into_iter()
            .find(|(base, ..)| is_under(name, &base[5..]))?;
            (params.len() == 4 && is(params[at], TypeData::Int(32)))
                .then_some(Obsolete::AlignArgument { base, at, ptr })
        }
        "memcpy" | "memmove" | "memset" if rest.len() > first.len() => {
            // Not `memcpy.inline` nor the element-wise atomic ones, which never had it.
            let (base, pointers) = match rest.split('.').nth(1)? {
                "inline" | "element" => return None,
                _ if first == "memset" => ("llvm.memset", 1),
                _ if first == "memcpy" => ("llvm.memcpy", 2),
                _ => ("llvm.memmove", 2),
            };
            let fits = params.len() == 5
                && is(params[MEM_ALIGN_ARGUMENT], TypeData::Int(32))
                && is(ret, TypeData::Void);
            fits.then_some(Obsolete::MemAlignArgument { base, pointers })
        }
        // Without the annotation arguments LLVM 17 added: only under these names (LLVM
        // leaves `llvm.var.annotation.p0.p0` of four arguments, whose calls it then refuses).
        "var" | "ptr"
            if params.len() == 4
                && (rest == "var.annotation" || rest.starts_with("ptr.annotation.")) =>
        {
            Some(Obsolete::Appended {
                base: if first == "var" {
                    "llvm.var.annotation"
                } else {
                    "llvm.ptr.annotation"
                },
                falses: 0,
                token: false,
                null_pointer: true,
            })
        }
        "stackprotectorcheck" if rest == first => Some(Obsolete::Removed),
        "vector" | "experimental" => {
            let suffix = (rest.strip_prefix("experimental.").unwrap_or(rest))
                .strip_prefix("vector.splice")?;
            let mangled = type_suffixes(suffix);
            let fits = matches!(params, [a, b, k] if *a == ret && *b == ret
                && is(*k, TypeData::Int(32)));
            (mangled && fits).then_some(Obsolete::Splice)
        }
        // Not overloaded before LLVM 21: LLVM 22 rebuilds each call of the old name (so it
        // loses its `tail` marker, attributes and metadata but the debug location).
        "thread" if rest == "thread.pointer" && params.is_empty() && types.is_pointer(ret) => {
            Some(Obsolete::Appended {
                base: "llvm.thread.pointer",
                falses: 0,
                token: false,
                null_pointer: false,
            })
        }
        _ => None,
    }
}

/// The name of the declaration LLVM 22 gives intrinsic `base` (without suffixes) of type
/// `fn_ty`: mangled if the intrinsic is overloaded (`None` when [`mangled_name`] cannot name
/// it), else `base` itself.
pub fn upgraded_name(types: &TypeTable, base: &str, fn_ty: Type) -> Option<String> {
    match lookup(base) {
        Some(_) => mangled_name(types, base, fn_ty),
        None => Some(base.to_owned()),
    }
}

/// The name LLVM 22 gives the intrinsic `name` called with function type `fn_ty`, when the
/// table knows it and the types fit its slots; `None` otherwise (keep the name as written).
pub fn mangled_name(types: &TypeTable, name: &str, fn_ty: Type) -> Option<String> {
    let (base, slots) = lookup(name)?;
    let (ret, params, _) = types.func_parts(fn_ty)?;
    // The memory intrinsics of old IR passed the alignment as a fifth argument; LLVM upgrades
    // those calls otherwise (and mergefn keeps them as written).
    if base.starts_with("mem") && params.len() != 4 {
        return None;
    }
    if !signature_fits(types, base, fn_ty) {
        return None;
    }
    let mut out = format!("llvm.{base}");
    for slot in slots {
        let t = match *slot {
            Ret => ret,
            RetElem(k) => match types.get(ret) {
                TypeData::Struct { elems, .. } => *elems.get(k)?,
                _ => return None,
            },
            Arg(k) => *params.get(k)?,
        };
        out.push('.');
        mangle(types, t, &mut out)?;
    }
    Some(out)
}

/// Whether `fn_ty` can be a signature of intrinsic `base` (without `llvm.`), as far as
/// [`signature_problem`] knows its constraints: LLVM remangles a declaration only then, and
/// keeps one whose types no overload of the intrinsic has under the name it was written with.
/// `lifetime.start`/`end` take just the pointer: their obsolete form with a size first
/// ([`Obsolete::LifetimeSize`]) keeps its name until it is upgraded, also when a call
/// declares it (it is not `llvm.lifetime.start.i64`).
fn signature_fits(types: &TypeTable, base: &str, fn_ty: Type) -> bool {
    if matches!(base, "lifetime.start" | "lifetime.end") {
        let one_pointer = types
            .func_parts(fn_ty)
            .is_some_and(|(_, params, _)| matches!(params, [p] if types.is_pointer(*p)));
        if !one_pointer {
            return false;
        }
    }
    signature_problem(types, &format!("llvm.{base}"), fn_ty).is_none()
}

/// LLVM's `getMangledTypeStr`; `None` for what it cannot name (an unnamed identified struct,
/// typed pointers).
fn mangle(types: &TypeTable, t: Type, out: &mut String) -> Option<()> {
    use std::fmt::Write;
    match types.get(t) {
        TypeData::Ptr(a) => write!(out, "p{a}").ok()?,
        TypeData::Int(w) => write!(out, "i{w}").ok()?,
        TypeData::Float(k) => out.push_str(match k {
            FloatKind::Half => "f16",
            FloatKind::BFloat => "bf16",
            FloatKind::Float => "f32",
            FloatKind::Double => "f64",
            FloatKind::X86Fp80 => "f80",
            FloatKind::Fp128 => "f128",
            FloatKind::PpcFp128 => "ppcf128",
        }),
        TypeData::Array(n, e) => {
            write!(out, "a{n}").ok()?;
            mangle(types, *e, out)?;
        }
        TypeData::Vector {
            len,
            elem,
            scalable,
        } => {
            if *scalable {
                out.push_str("nx");
            }
            write!(out, "v{len}").ok()?;
            mangle(types, *elem, out)?;
        }
        TypeData::Struct { elems, .. } => {
            out.push_str("sl_");
            for &e in elems {
                mangle(types, e, out)?;
            }
            out.push('s');
        }
        TypeData::Named(name) if !name.bytes().all(|b| b.is_ascii_digit()) => {
            write!(out, "s_{name}s").ok()?;
        }
        TypeData::Func {
            ret,
            params,
            varargs,
        } => {
            out.push_str("f_");
            mangle(types, *ret, out)?;
            for &p in params {
                mangle(types, p, out)?;
            }
            if *varargs {
                out.push_str("vararg");
            }
            out.push('f');
        }
        TypeData::TargetExt {
            name,
            types: tys,
            ints,
        } => {
            write!(out, "t{name}").ok()?;
            for &p in tys {
                out.push('_');
                mangle(types, p, out)?;
            }
            for i in ints {
                write!(out, "_{i}").ok()?;
            }
            out.push('t');
        }
        TypeData::Void => out.push_str("isVoid"),
        TypeData::Metadata => out.push_str("Metadata"),
        TypeData::X86Amx => out.push_str("x86amx"),
        _ => return None,
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_for_binary_search() {
        assert!(OVERLOADED.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn intrinsic_names_are_known_with_any_suffix() {
        let names: Vec<&str> = INTRINSIC_NAMES.split_ascii_whitespace().collect();
        assert!(names.windows(2).all(|w| w[0] < w[1]));
        for known in [
            "llvm.umax.i8",
            "llvm.memcpy.inline.p0.p0.i64",
            "llvm.assume",
            "llvm.experimental.constrained.fadd.f32",
            "llvm.x86.sse2.pause",
            "llvm.amdgcn.s.barrier",
            "llvm.amdgcn.readfirstlane.i32",
        ] {
            assert!(!is_unknown(known), "{known}");
        }
        let amdgcn: Vec<&str> = AMDGCN_NAMES.split_ascii_whitespace().collect();
        assert!(amdgcn.windows(2).all(|w| w[0] < w[1]));
        for unknown in [
            "llvm.foobar",
            "llvm.structured.gep.p9",
            "llvm.umaxx",
            "llvm.amdgcn.global.load.b128",
        ] {
            assert!(is_unknown(unknown), "{unknown}");
        }
    }

    #[test]
    fn only_declarations_whose_types_fit_are_remangled() {
        let mut types = TypeTable::default();
        let f32_ = types.intern(TypeData::Float(FloatKind::Float));
        let f64_ = types.intern(TypeData::Float(FloatKind::Double));
        let v2f64 = types.intern(TypeData::Vector {
            len: 2,
            scalable: false,
            elem: f64_,
        });
        let mut func = |ret, params: Vec<Type>| {
            types.intern(TypeData::Func {
                ret,
                params,
                varargs: false,
            })
        };
        let fits = func(f64_, vec![f64_, v2f64]);
        let wrong = func(f32_, vec![f64_, v2f64]);
        let name = "llvm.vector.reduce.fadd.f32.f64.v2f64";
        assert_eq!(
            mangled_name(&types, name, fits).as_deref(),
            Some("llvm.vector.reduce.fadd.v2f64")
        );
        assert_eq!(mangled_name(&types, name, wrong), None);
    }

    #[test]
    fn obsolete_forms_are_told_from_todays() {
        let mut types = TypeTable::default();
        let (void, ptr, i1, i8_, i32_, tok) = (
            types.intern(TypeData::Void),
            types.intern(TypeData::Ptr(0)),
            types.intern(TypeData::Int(1)),
            types.intern(TypeData::Int(8)),
            types.intern(TypeData::Int(32)),
            types.intern(TypeData::Token),
        );
        let v2i1 = types.intern(TypeData::Vector {
            len: 2,
            scalable: false,
            elem: i1,
        });
        let v2i8 = types.intern(TypeData::Vector {
            len: 2,
            scalable: false,
            elem: i8_,
        });
        let mut func = |ret, params: Vec<Type>| {
            types.intern(TypeData::Func {
                ret,
                params,
                varargs: false,
            })
        };
        let ctlz_old = func(i8_, vec![i8_]);
        let ctlz_new = func(i8_, vec![i8_, i1]);
        let coro_old = func(i1, vec![ptr, i1]);
        let coro_new = func(void, vec![ptr, i1, tok]);
        let size2 = func(i32_, vec![ptr, i1]);
        let size4 = func(i32_, vec![ptr, i1, i1, i1]);
        let load_old = func(v2i8, vec![ptr, i32_, v2i1, v2i8]);
        let load_new = func(v2i8, vec![ptr, v2i1, v2i8]);
        let store_old = func(void, vec![v2i8, ptr, i32_, v2i1]);
        let life_old = func(void, vec![i32_, ptr]);
        let life_new = func(void, vec![ptr]);
        let check = func(void, vec![ptr]);
        let mem5 = func(void, vec![ptr, ptr, i32_, i32_, i1]);
        let mem4 = func(void, vec![ptr, ptr, i32_, i1]);
        let mem_align = |base, pointers| Obsolete::MemAlignArgument { base, pointers };
        let appended = |base, falses, token| Obsolete::Appended {
            base,
            falses,
            token,
            null_pointer: false,
        };
        let cases = [
            (
                "llvm.ctlz.i8",
                ctlz_old,
                Some(appended("llvm.ctlz", 1, false)),
            ),
            (
                "llvm.cttz.i8",
                ctlz_old,
                Some(appended("llvm.cttz", 1, false)),
            ),
            ("llvm.ctlz.i8", ctlz_new, None),
            // LLVM wants a suffix.
            ("llvm.ctlz", ctlz_old, None),
            (
                "llvm.coro.end",
                coro_old,
                Some(appended("llvm.coro.end", 0, true)),
            ),
            ("llvm.coro.end", coro_new, None),
            (
                "llvm.objectsize.i32",
                size2,
                Some(appended("llvm.objectsize", 2, false)),
            ),
            ("llvm.objectsize.i32.p0", size4, None),
            (
                "llvm.objectsize.i32.unnamed",
                size4,
                Some(appended("llvm.objectsize", 0, false)),
            ),
            (
                "llvm.masked.load.v2i8",
                load_old,
                Some(Obsolete::AlignArgument {
                    base: "llvm.masked.load",
                    at: 1,
                    ptr: 0,
                }),
            ),
            ("llvm.masked.load.v2i8.p0", load_new, None),
            (
                "llvm.masked.store.v2i8.p0",
                store_old,
                Some(Obsolete::AlignArgument {
                    base: "llvm.masked.store",
                    at: 2,
                    ptr: 1,
                }),
            ),
            (
                "llvm.lifetime.start",
                life_old,
                Some(Obsolete::LifetimeSize),
            ),
            (
                "llvm.lifetime.end.p0",
                life_old,
                Some(Obsolete::LifetimeSize),
            ),
            ("llvm.lifetime.end.p0", life_new, None),
            ("llvm.lifetime.startx", life_old, None),
            (
                "llvm.memset.p0i8.i64",
                mem5,
                Some(mem_align("llvm.memset", 1)),
            ),
            (
                "llvm.memcpy.p0.p0.i64",
                mem5,
                Some(mem_align("llvm.memcpy", 2)),
            ),
            (
                "llvm.memmove.p0.p0.i32",
                mem5,
                Some(mem_align("llvm.memmove", 2)),
            ),
            ("llvm.memcpy.inline.p0.p0.i64", mem5, None),
            ("llvm.memcpy.p0.p0.i64", mem4, None),
            ("llvm.stackprotectorcheck", check, Some(Obsolete::Removed)),
            ("llvm.stackprotector", check, None),
            ("ctlz.i8", ctlz_old, None),
        ];
        for (name, ty, want) in cases {
            assert_eq!(obsolete_form(&types, name, ty), want, "{name}");
        }
        assert_eq!(
            upgraded_name(&types, "llvm.masked.load", load_new).as_deref(),
            Some("llvm.masked.load.v2i8.p0")
        );
        assert_eq!(
            upgraded_name(&types, "llvm.coro.end", coro_new).as_deref(),
            Some("llvm.coro.end")
        );
    }

    #[test]
    fn longest_listed_prefix_names_the_intrinsic() {
        assert_eq!(
            lookup("llvm.memcpy.inline.p0.p0.i64").unwrap().0,
            "memcpy.inline"
        );
        assert_eq!(lookup("llvm.memcpy.p0.p0.i64").unwrap().0, "memcpy");
        assert_eq!(lookup("llvm.exp2.f32").unwrap().0, "exp2");
        assert_eq!(
            lookup("llvm.aarch64.thread.pointer").unwrap().0,
            "thread.pointer"
        );
        assert!(lookup("llvm.assume").is_none());
        assert!(lookup("llvm.umaxx").is_none());
        assert_eq!(
            lookup("llvm.memset.element.unordered.atomic.p0.i32")
                .unwrap()
                .0,
            "memset.element.unordered.atomic"
        );
        // Not `llvm.memset` misnamed: what follows is no type.
        assert!(lookup("llvm.memset.element.p0.i32").is_none());
        assert_eq!(lookup("llvm.vp.load.ff.v4i32.p0").unwrap().0, "vp.load.ff");
        assert_eq!(lookup("llvm.vp.load.v4i32.p0").unwrap().0, "vp.load");
        // An intrinsic of its own, not the old name of `vector.extract`.
        assert_eq!(
            lookup("llvm.experimental.vector.extract.last.active.v4i32")
                .unwrap()
                .0,
            "experimental.vector.extract.last.active"
        );
        assert_eq!(
            lookup("llvm.experimental.vector.extract.v2i32.v4i32")
                .unwrap()
                .0,
            "vector.extract"
        );
        assert_eq!(lookup("llvm.umax").unwrap().0, "umax");
        assert_eq!(lookup("llvm.prefetch.unnamed").unwrap().0, "prefetch");
        assert_eq!(
            lookup("llvm.invariant.start.p0i8").unwrap().0,
            "invariant.start"
        );
    }
}
