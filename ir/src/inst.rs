//! Instructions.
//!
//! An instruction is an [`Opcode`], a result type, an operand list of [`Value`]s in LLVM's
//! operand order (so walks over operands see what LLVM's `User::operands()` sees), a few packed
//! flag bits, and an [`InstExtra`] with the opcode-specific properties (alignment, orderings,
//! predicates, call attributes, ...).
//!
//! Operand order per opcode (the writer and the comparator rely on it):
//! - `br`: `[dest]` or `[cond, iftrue, iffalse]`; `switch`: `[cond, default, (val, dest)*]`
//! - `indirectbr`: `[addr, dests*]`; `phi`: `[(value, block)*]`
//! - `call`: `[args*, callee]` with bundle inputs in [`CallInfo::bundles`]
//! - `invoke`: `[args*, normal, unwind, callee]`; `callbr`: `[args*, default, indirect*, callee]`
//! - `store`: `[value, ptr]`; `cmpxchg`: `[ptr, cmp, new]`; `atomicrmw`: `[ptr, val]`
//! - `landingpad`: `[clauses*]`; `catchswitch`: `[parent, handlers*, unwind?]`
//! - `catchpad`/`cleanuppad`: `[parent, args*]`; `catchret`: `[pad, dest]`;
//!   `cleanupret`: `[pad, unwind?]`

use crate::attr::AttrList;
use crate::metadata::{MdAttachment, MdRef};
use crate::types::Type;
use crate::value::Value;
use cranelift_entity::entity_impl;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use thin_vec::ThinVec;

/// A handle to an instruction inside one function's body.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Inst(u32);
entity_impl!(Inst, "inst");

macro_rules! opcodes {
    ($($variant:ident => $kw:literal,)*) => {
        /// Every LLVM 22 opcode, plus `bytecast` of the byte-type RFC.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
        pub enum Opcode {
            $(
                #[doc = concat!("`", $kw, "` (LLVM's instruction of that keyword; see the LangRef).")]
                $variant,
            )*
        }
        impl Opcode {
            /// The keyword in the text format.
            pub fn keyword(self) -> &'static str {
                match self { $(Opcode::$variant => $kw,)* }
            }
            /// The opcode for a keyword.
            pub fn from_keyword(s: &str) -> Option<Opcode> {
                match s { $($kw => Some(Opcode::$variant),)* _ => None }
            }
        }
    };
}

opcodes! {
    Ret => "ret", Br => "br", Switch => "switch", IndirectBr => "indirectbr", Invoke => "invoke",
    Resume => "resume", Unreachable => "unreachable", CleanupRet => "cleanupret",
    CatchRet => "catchret", CatchSwitch => "catchswitch", CallBr => "callbr",
    FNeg => "fneg",
    Add => "add", FAdd => "fadd", Sub => "sub", FSub => "fsub", Mul => "mul", FMul => "fmul",
    UDiv => "udiv", SDiv => "sdiv", FDiv => "fdiv", URem => "urem", SRem => "srem", FRem => "frem",
    Shl => "shl", LShr => "lshr", AShr => "ashr", And => "and", Or => "or", Xor => "xor",
    Alloca => "alloca", Load => "load", Store => "store", GetElementPtr => "getelementptr",
    Fence => "fence", CmpXchg => "cmpxchg", AtomicRmw => "atomicrmw",
    Trunc => "trunc", ZExt => "zext", SExt => "sext", FPToUI => "fptoui", FPToSI => "fptosi",
    UIToFP => "uitofp", SIToFP => "sitofp", FPTrunc => "fptrunc", FPExt => "fpext",
    PtrToInt => "ptrtoint", PtrToAddr => "ptrtoaddr", IntToPtr => "inttoptr", BitCast => "bitcast",
    AddrSpaceCast => "addrspacecast", ByteCast => "bytecast",
    CleanupPad => "cleanuppad", CatchPad => "catchpad",
    ICmp => "icmp", FCmp => "fcmp", Phi => "phi", Call => "call", Select => "select",
    VAArg => "va_arg", ExtractElement => "extractelement", InsertElement => "insertelement",
    ShuffleVector => "shufflevector", ExtractValue => "extractvalue", InsertValue => "insertvalue",
    LandingPad => "landingpad", Freeze => "freeze",
}

impl Opcode {
    /// Whether the opcode ends a basic block (LLVM's `Instruction::isTerminator`).
    pub fn is_terminator(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Ret | Br
                | Switch
                | IndirectBr
                | Invoke
                | Resume
                | Unreachable
                | CleanupRet
                | CatchRet
                | CatchSwitch
                | CallBr
        )
    }

    /// Whether the opcode is a two-operand arithmetic or bitwise operation (LLVM's
    /// `Instruction::isBinaryOp`); `fneg` is unary and not included.
    pub fn is_binary(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Add | FAdd
                | Sub
                | FSub
                | Mul
                | FMul
                | UDiv
                | SDiv
                | FDiv
                | URem
                | SRem
                | FRem
                | Shl
                | LShr
                | AShr
                | And
                | Or
                | Xor
        )
    }

    /// Whether the opcode is a cast (LLVM's `Instruction::isCast`, plus `bytecast`).
    pub fn is_cast(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Trunc
                | ZExt
                | SExt
                | FPToUI
                | FPToSI
                | UIToFP
                | SIToFP
                | FPTrunc
                | FPExt
                | PtrToInt
                | PtrToAddr
                | IntToPtr
                | BitCast
                | AddrSpaceCast
                | ByteCast
        )
    }

    /// Opcodes that may carry fast-math flags in the text format.
    pub fn is_fp_math(self) -> bool {
        use Opcode::*;
        matches!(self, FNeg | FAdd | FSub | FMul | FDiv | FRem | FCmp)
    }
}

/// Optional-data flags, one bit each. Which bits are meaningful depends on the opcode
/// (e.g. `EXACT` for divisions and shifts, `INBOUNDS` for GEPs).
#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub struct Flags(pub u16);

impl Flags {
    /// `nuw`: no unsigned wrap (`add`, `sub`, `mul`, `shl`, `trunc`; GEP `nuw`).
    pub const NUW: u16 = 1 << 0;
    /// `nsw`: no signed wrap (`add`, `sub`, `mul`, `shl`, `trunc`).
    pub const NSW: u16 = 1 << 1;
    /// `exact`: no bits shifted or divided out (`udiv`, `sdiv`, `lshr`, `ashr`).
    pub const EXACT: u16 = 1 << 2;
    /// `disjoint`: the operands of an `or` have no set bit in common.
    pub const DISJOINT: u16 = 1 << 3;
    /// `nneg`: the operand of a `zext` or `uitofp` is non-negative.
    pub const NNEG: u16 = 1 << 4;
    /// `samesign`: the operands of an `icmp` have the same sign.
    pub const SAMESIGN: u16 = 1 << 5;
    /// `inbounds` on a GEP (implies `nusw`).
    pub const INBOUNDS: u16 = 1 << 6;
    /// `nusw`: a GEP's offset arithmetic does not wrap as signed.
    pub const NUSW: u16 = 1 << 7;
    /// `volatile` on load/store/cmpxchg/atomicrmw; `weak` lives in [`InstExtra::CmpXchg`].
    pub const VOLATILE: u16 = 1 << 8;
    /// `exact` on `bytecast` (same bit as integer `exact`, kept separate for clarity in docs).
    pub const BYTECAST_EXACT: u16 = Self::EXACT;

    /// Whether flag `bit` (one of the constants above) is set.
    pub fn has(self, bit: u16) -> bool {
        self.0 & bit != 0
    }
    /// Set flag `bit`.
    pub fn set(&mut self, bit: u16) {
        self.0 |= bit;
    }
}

/// Fast-math flags, in LLVM's bit order.
#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub struct FastMath(pub u8);

impl FastMath {
    /// The flags' keywords, bit `i` named by `NAMES[i]` (LLVM's `FastMathFlags` order).
    pub const NAMES: [&'static str; 7] =
        ["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"];
    /// All seven flags: what `fast` stands for.
    pub const ALL: u8 = 0x7f;
}

/// Integer and float comparison predicates, in LLVM's numbering (FCMP_FALSE = 0 ... ICMP_SLE = 41).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct CmpPred(pub u8);

impl CmpPred {
    const FCMP: [&'static str; 16] = [
        "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge",
        "ult", "ule", "une", "true",
    ];
    const ICMP: [&'static str; 10] = [
        "eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle",
    ];

    /// The predicate of keyword `s` (`"slt"`, `"oeq"`, ...): an `icmp` predicate when `is_icmp`,
    /// else an `fcmp` one. `None` for an unknown keyword.
    pub fn parse(is_icmp: bool, s: &str) -> Option<CmpPred> {
        if is_icmp {
            Self::ICMP
                .iter()
                .position(|&p| p == s)
                .map(|i| CmpPred(32 + i as u8))
        } else {
            Self::FCMP
                .iter()
                .position(|&p| p == s)
                .map(|i| CmpPred(i as u8))
        }
    }

    /// The predicate's keyword (`"slt"`).
    pub fn name(self) -> &'static str {
        if self.0 >= 32 {
            Self::ICMP[(self.0 - 32) as usize]
        } else {
            Self::FCMP[self.0 as usize]
        }
    }
}

/// Atomic orderings, in LLVM's `AtomicOrdering` numbering.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Ordering {
    /// Not atomic (a plain access; no keyword).
    NotAtomic = 0,
    /// `unordered`: no tearing, no ordering.
    Unordered = 1,
    /// `monotonic`: a total order per address (C++ `relaxed`).
    Monotonic = 2,
    /// `acquire`.
    Acquire = 4,
    /// `release`.
    Release = 5,
    /// `acq_rel`.
    AcqRel = 6,
    /// `seq_cst`.
    SeqCst = 7,
}

impl Ordering {
    /// The ordering of keyword `s` (`"acquire"`); `None` for an unknown one (and for the empty
    /// keyword of [`NotAtomic`](Ordering::NotAtomic)).
    pub fn parse(s: &str) -> Option<Ordering> {
        Some(match s {
            "unordered" => Ordering::Unordered,
            "monotonic" => Ordering::Monotonic,
            "acquire" => Ordering::Acquire,
            "release" => Ordering::Release,
            "acq_rel" => Ordering::AcqRel,
            "seq_cst" => Ordering::SeqCst,
            _ => return None,
        })
    }
    /// The ordering's keyword (`""` for [`NotAtomic`](Ordering::NotAtomic)).
    pub fn keyword(self) -> &'static str {
        match self {
            Ordering::NotAtomic => "",
            Ordering::Unordered => "unordered",
            Ordering::Monotonic => "monotonic",
            Ordering::Acquire => "acquire",
            Ordering::Release => "release",
            Ordering::AcqRel => "acq_rel",
            Ordering::SeqCst => "seq_cst",
        }
    }
}

/// Atomic properties: ordering and sync scope (`None` is the system scope).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Atomic {
    /// The memory ordering.
    pub ordering: Ordering,
    /// `syncscope("name")`, or `None` for the system scope.
    pub scope: Option<Box<str>>,
}

/// `tail`, `musttail`, `notail` markers on calls.
#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub enum TailKind {
    /// No marker.
    #[default]
    None,
    /// `tail`: the callee does not access the caller's stack (a hint).
    Tail,
    /// `musttail`: the call must be a tail call; the caller's and callee's prototypes must match.
    MustTail,
    /// `notail`: the call must not be a tail call.
    NoTail,
}

/// A calling convention as its keyword (`fastcc`, `cc 10`); `None` is the default `ccc`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize)]
pub struct CallConv(pub Option<Box<str>>);

impl CallConv {
    /// Keywords of calling conventions (other than `cc N`).
    pub const KEYWORDS: &'static [&'static str] = &[
        "ccc",
        "fastcc",
        "coldcc",
        "webkit_jscc",
        "anyregcc",
        "preserve_mostcc",
        "preserve_allcc",
        "preserve_nonecc",
        "ghccc",
        "swiftcc",
        "swifttailcc",
        "x86_intrcc",
        "hhvmcc",
        "hhvm_ccc",
        "cxx_fast_tlscc",
        "x86_stdcallcc",
        "x86_fastcallcc",
        "x86_thiscallcc",
        "x86_vectorcallcc",
        "x86_regcallcc",
        "arm_apcscc",
        "arm_aapcscc",
        "arm_aapcs_vfpcc",
        "aarch64_vector_pcs",
        "aarch64_sve_vector_pcs",
        "aarch64_sme_preservemost_from_x0",
        "aarch64_sme_preservemost_from_x1",
        "aarch64_sme_preservemost_from_x2",
        "msp430_intrcc",
        "avr_intrcc",
        "avr_signalcc",
        "ptx_kernel",
        "ptx_device",
        "spir_kernel",
        "spir_func",
        "intel_ocl_bicc",
        "x86_64_sysvcc",
        "win64cc",
        "amdgpu_vs",
        "amdgpu_gfx",
        "amdgpu_gfx_whole_wave",
        "amdgpu_ls",
        "amdgpu_hs",
        "amdgpu_es",
        "amdgpu_gs",
        "amdgpu_ps",
        "amdgpu_cs",
        "amdgpu_cs_chain",
        "amdgpu_cs_chain_preserve",
        "amdgpu_kernel",
        "tailcc",
        "m68k_rtdcc",
        "m68k_intrcc",
        "graalcc",
        "riscv_vector_cc",
        "riscv_vls_cc",
        "cfguard_checkcc",
        "x86_64_win64cc",
    ];
}

/// An operand bundle: `"tag"(ty val, ...)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Bundle {
    /// The bundle's tag (`"deopt"`, `"funclet"`, ...), unescaped.
    pub tag: Box<str>,
    /// The bundle's operands, in order.
    pub inputs: Vec<Value>,
}

/// Properties of `call`, `invoke` and `callbr`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct CallInfo {
    /// The callee's function type (`call`'s explicit or implied signature).
    pub fn_ty: Type,
    /// The call's calling convention, which must match the callee's for a defined call.
    pub cc: CallConv,
    /// `tail`/`musttail`/`notail` marker.
    pub tail: TailKind,
    /// Shared: the reader gives equal attribute lists of a module one allocation.
    pub attrs: std::sync::Arc<AttrList>,
    /// Operand bundles, in order. Their inputs are not in [`InstData::operands`].
    pub bundles: ThinVec<Bundle>,
    /// Address space printed after the callee type (`addrspace(N)`), if any.
    pub addrspace: Option<u32>,
    /// Number of indirect destinations of a `callbr`.
    pub indirect_dests: u32,
    /// `musttail call ... @f(ptr %a, ...)`: the caller's variadic arguments are forwarded.
    pub forwards_varargs: bool,
}

/// `landingpad` clauses: for each operand, whether it is a `catch` (false) or `filter` (true).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct LandingPadInfo {
    /// `cleanup`: the landing pad also runs for unwinds no clause catches.
    pub cleanup: bool,
    /// One entry per operand (clause): `true` for `filter`, `false` for `catch`.
    pub filters: Vec<bool>,
}

/// An alignment in bytes: a power of two up to 2^32 (what the reader accepts), kept as its
/// base-2 logarithm in one byte so that the properties of loads, stores and allocas stay
/// small. Orders like the byte counts; serialised as the byte count.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u64", try_from = "u64")]
pub struct Align(std::num::NonZeroU8);

impl Align {
    /// The alignment of `bytes`, if it is a power of two up to 2^32.
    pub fn new(bytes: u64) -> Option<Align> {
        if !bytes.is_power_of_two() || bytes > 1 << 32 {
            return None;
        }
        std::num::NonZeroU8::new(bytes.trailing_zeros() as u8 + 1).map(Align)
    }

    /// The alignment in bytes.
    pub fn bytes(self) -> u64 {
        1 << (self.0.get() - 1)
    }
}

impl From<Align> for u64 {
    fn from(a: Align) -> u64 {
        a.bytes()
    }
}

impl TryFrom<u64> for Align {
    type Error = String;
    fn try_from(bytes: u64) -> Result<Align, String> {
        Align::new(bytes)
            .ok_or_else(|| format!("alignment {bytes} is not a power of two up to 2^32"))
    }
}

/// Opcode-specific properties.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum InstExtra {
    /// No extra properties (most opcodes).
    #[default]
    None,
    /// `alloca` properties.
    Alloca {
        /// The allocated type (the element type when an array size operand is given).
        allocated: Type,
        /// `align N`, when given (LLVM then takes the preferred alignment of the type).
        align: Option<Align>,
        /// `addrspace(N)` of the result.
        addrspace: u32,
        /// `inalloca`.
        inalloca: bool,
        /// `swifterror`.
        swifterror: bool,
    },
    /// `atomic` is boxed: atomic accesses are rare.
    Load {
        /// `align N`, when given (LLVM then takes the ABI alignment of the type).
        align: Option<Align>,
        /// Ordering and scope of a `load atomic`; `None` for a plain load.
        atomic: Option<Box<Atomic>>,
    },
    /// `store` properties.
    Store {
        /// `align N`, when given (LLVM then takes the ABI alignment of the type).
        align: Option<Align>,
        /// Ordering and scope of a `store atomic`; `None` for a plain store.
        atomic: Option<Box<Atomic>>,
    },
    /// `getelementptr` properties.
    Gep {
        /// The source element type the indices step through.
        source: Type,
    },
    /// The predicate of an `icmp` or `fcmp`.
    Cmp(CmpPred),
    /// Properties of `call`, `invoke` and `callbr`.
    Call(Box<CallInfo>),
    /// Boxed, like the other rare and large variants, to keep [`InstData`] small.
    CmpXchg(Box<CmpXchgInfo>),
    /// `atomicrmw` properties.
    AtomicRmw(Box<AtomicRmwInfo>),
    /// `fence` ordering and scope.
    Fence(Box<Atomic>),
    /// `extractvalue`/`insertvalue` indices. (A `ThinVec` is one pointer, keeping this enum at
    /// 16 bytes.)
    Indices(ThinVec<u32>),
    /// `shufflevector` mask: a source lane per result lane, `-1` for `poison`.
    Shuffle(ThinVec<i32>),
    /// `landingpad` clauses.
    LandingPad(Box<LandingPadInfo>),
    /// `catchswitch ... unwind to caller` vs `unwind label %bb`: whether the last operand is the
    /// unwind destination. Also used by `cleanupret`.
    HasUnwind(bool),
}

/// `cmpxchg` properties.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct CmpXchgInfo {
    /// `weak`: may fail spuriously.
    pub weak: bool,
    /// Ordering on success.
    pub success: Ordering,
    /// Ordering on failure.
    pub failure: Ordering,
    /// `syncscope("name")`, or `None` for the system scope.
    pub scope: Option<Box<str>>,
    /// `align N` in bytes, when given.
    pub align: Option<u64>,
}

/// `atomicrmw` properties.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct AtomicRmwInfo {
    /// The operation keyword (`xchg`, `add`, `fmax`, `uinc_wrap`, ...).
    pub op: Box<str>,
    /// The memory ordering.
    pub ordering: Ordering,
    /// `syncscope("name")`, or `None` for the system scope.
    pub scope: Option<Box<str>>,
    /// `align N` in bytes, when given.
    pub align: Option<u64>,
}

/// One instruction.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct InstData {
    /// The operation.
    pub opcode: Opcode,
    /// Result type; `void` for instructions without a result.
    pub ty: Type,
    /// The operands, in LLVM's operand order for the opcode (see the [module docs](crate::inst)).
    pub operands: SmallVec<[Value; 3]>,
    /// Poison-generating flags ([`Flags`]); meaningful bits depend on the opcode.
    pub flags: Flags,
    /// Fast-math flags, for floating-point operations, calls and selects.
    pub fmf: FastMath,
    /// Opcode-specific properties.
    pub extra: InstExtra,
    /// Metadata attachments other than `!dbg` (`!range`, `!tbaa`, ...), in text order. (A
    /// `ThinVec`: one pointer, and no allocation when empty.)
    pub md: ThinVec<MdAttachment>,
    /// Debug location and records, boxed: most instructions of optimised or debug-less IR
    /// have none, and the comparator ignores them.
    pub debug: Option<Box<InstDebug>>,
}

/// An instruction's debug information.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct InstDebug {
    /// `!dbg` location.
    pub loc: Option<MdRef>,
    /// Debug records (`#dbg_value(...)`) printed before the instruction.
    pub records: Vec<crate::metadata::DbgRecord>,
}

impl InstData {
    /// An instruction of `opcode` and result type `ty`, with no operands, flags, metadata or extra
    /// properties yet (callers fill them in).
    pub fn new(opcode: Opcode, ty: Type) -> Self {
        InstData {
            opcode,
            ty,
            operands: SmallVec::new(),
            flags: Flags::default(),
            fmf: FastMath::default(),
            extra: InstExtra::None,
            md: ThinVec::new(),
            debug: None,
        }
    }

    /// The call properties of a `call`, `invoke` or `callbr`.
    pub fn call_info(&self) -> Option<&CallInfo> {
        match &self.extra {
            InstExtra::Call(c) => Some(c),
            _ => None,
        }
    }

    /// The called operand of a call-like instruction (always the last operand).
    pub fn callee(&self) -> Option<Value> {
        match self.opcode {
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => self.operands.last().copied(),
            _ => None,
        }
    }

    /// Number of leading operands that are call arguments.
    pub fn num_call_args(&self) -> usize {
        match self.opcode {
            Opcode::Call => self.operands.len() - 1,
            Opcode::Invoke => self.operands.len() - 3,
            Opcode::CallBr => {
                let ind = self.call_info().map_or(0, |c| c.indirect_dests as usize);
                self.operands.len() - 2 - ind
            }
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every instruction of a module is an `InstData`: its size is most of a module's memory
    /// (a third of the heap on clang output), so it is pinned here.
    #[test]
    fn instructions_stay_small() {
        assert_eq!(std::mem::size_of::<InstExtra>(), 16);
        assert_eq!(std::mem::size_of::<InstData>(), 72);
    }

    #[test]
    fn alignments_round_trip_and_order_like_bytes() {
        for k in 0..=32 {
            let a = Align::new(1 << k).expect("a power of two");
            assert_eq!(a.bytes(), 1 << k);
            assert_eq!(Align::try_from(u64::from(a)), Ok(a));
        }
        assert!(
            Align::new(0).is_none() && Align::new(3).is_none() && Align::new(1 << 33).is_none()
        );
        assert!(Align::new(4) < Align::new(16));
        assert_eq!(serde_json::to_string(&Align::new(8)).unwrap(), "8");
        assert!(serde_json::from_str::<Align>("6").is_err());
    }
}
