//! [`FunctionComparator`]: LLVM 22's total order over functions.
//!
//! `compare()` answers "less, equal or greater" for two functions of one module such that
//! `Equal` means exactly "LLVM 22's MergeFunctions would consider them equal", and the order is
//! total so that `FnTree` can be a balanced tree. It is the lexicographic order of a long
//! sequence of small comparisons, most significant first:
//!
//! 1. the signature ([`compare_signature`](FunctionComparator::compare_signature)): attributes,
//!    GC, section, varargs, calling convention, function type;
//! 2. the blocks in CFG order (entry first, then each terminator's successors, depth first;
//!    unreachable blocks are never seen), each block instruction by instruction
//!    ([`cmp_basic_blocks`](FunctionComparator::cmp_basic_blocks)): the operation
//!    ([`cmp_operations`](FunctionComparator::cmp_operations)), then its operands
//!    ([`cmp_values`](FunctionComparator::cmp_values)).
//!
//! Every layer (`cmp_types`, `cmp_constants`, `cmp_attrs`, ...) is itself a total order, so the
//! whole is one: the usual argument for lexicographic orders. The one exception is LLVM's too:
//! a function referring to itself is equal to the other function referring to itself, which is
//! not transitive across a third function (see `cmp_values`).
//!
//! Local values (arguments, blocks, instructions) are compared by the order in which the walk
//! first meets them ("serial numbers", LLVM's `sn_mapL`/`sn_mapR`): equal serials mean "defined
//! at the same place", which is what makes `%x` in one function stand for `%y` in the other.
//! Globals are compared by [`GlobalNumbers`] shared across all comparisons of a run.
//!
//! The comparator can record why it decided ([`crate::explain`]): every place that returns a
//! non-equal result reports a rule name and a detail; the first report of a run is the answer.
//! Comparisons whose result may be overridden (the type check inside `cmp_constants`) are run
//! "quietly" so they do not report.

pub(crate) mod attrs;
mod constants;
mod metadata;
mod operations;
mod types;

use crate::layout::DataLayout;
use crate::llvm;
use crate::numbers::GlobalNumbers;
use cranelift_entity::SecondaryMap;
use mergefn_ir::{
    AsmId, Block, Body, Const, Function, GlobalId, Inst, InstData, MdArg, Module, Opcode, Value,
};
use std::cell::OnceCell;
use std::cmp::Ordering;

pub(crate) use constants::CRef;
/// A metadata node as the comparator reads it (cached per run in [`GlobalNumbers`]).
pub(crate) type MdBody = metadata::Body<'static>;
pub(crate) use types::TyRef;

/// A value as the comparator sees it: ours, or a constant LLVM materialises on its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Val {
    Arg(u32),
    Inst(Inst),
    Block(Block),
    Const(CRef),
    Asm(AsmId),
    Md(MdArg),
}

impl From<Value> for Val {
    fn from(v: Value) -> Val {
        match v {
            Value::Arg(i) => Val::Arg(i),
            Value::Inst(i) => Val::Inst(i),
            Value::Block(b) => Val::Block(b),
            Value::Const(c) => Val::Const(CRef::Pool(c)),
            Value::Asm(a) => Val::Asm(a),
            Value::Md(m) => Val::Md(m),
        }
    }
}

impl From<llvm::Operand> for Val {
    fn from(o: llvm::Operand) -> Val {
        match o {
            llvm::Operand::Value(v) => v.into(),
            llvm::Operand::ImplicitAllocaSize => Val::Const(CRef::Int { bits: 32, value: 1 }),
        }
    }
}

/// Which of the two functions a local value belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Left,
    Right,
}

/// Where the walk is, for explanations: the signature, a block pair, or an instruction pair
/// (`block` counts blocks in walk order, `index` instructions within the block).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Position {
    Signature,
    Block {
        block: usize,
        left: Block,
        right: Block,
    },
    Inst {
        block: usize,
        index: usize,
        left: Inst,
        right: Inst,
    },
    BlockEnd {
        block: usize,
        index: usize,
        left: Option<Inst>,
        right: Option<Inst>,
    },
}

/// The first non-equal decision of a traced comparison.
#[derive(Clone, Debug)]
pub(crate) struct Decision {
    pub rule: &'static str,
    pub detail: String,
    pub at: Position,
}

/// Serial numbers of one side's local values, assigned on first sight (LLVM's `sn_map`).
/// Dense: indexed by argument number, instruction and block handle; `u32::MAX` is "unseen".
struct SerialMap {
    args: Vec<u32>,
    insts: SecondaryMap<Inst, u32>,
    blocks: SecondaryMap<Block, u32>,
    next: u32,
}

impl Default for SerialMap {
    fn default() -> Self {
        SerialMap {
            args: Vec::new(),
            insts: SecondaryMap::with_default(u32::MAX),
            blocks: SecondaryMap::with_default(u32::MAX),
            next: 0,
        }
    }
}

/// A comparator's tables: both sides' serial numbers and operand buffers.
#[derive(Default)]
struct Scratch {
    sn_l: SerialMap,
    sn_r: SerialMap,
    /// Operands in LLVM's order, for [`FunctionComparator::cmp_basic_blocks`].
    ops_l: Vec<llvm::Operand>,
    ops_r: Vec<llvm::Operand>,
    /// The CFG walk of [`FunctionComparator::compare_bodies`].
    stack: Vec<(Block, Block)>,
    visited: SecondaryMap<Block, bool>,
}

thread_local! {
    /// The tables of the last finished comparator, reused so that a pass making millions of
    /// comparisons does not allocate and free them each time.
    static SPARE: std::cell::Cell<Option<Box<Scratch>>> = const { std::cell::Cell::new(None) };
}

impl Scratch {
    /// The thread's spare tables, or new ones ([`FunctionComparator::compare`] clears them).
    fn take() -> Box<Scratch> {
        SPARE.take().unwrap_or_default()
    }

    /// Give the tables back for the next comparator on this thread.
    fn give_back(self: Box<Self>) {
        SPARE.set(Some(self));
    }
}

impl SerialMap {
    /// Nothing seen yet, for a function of `nargs` arguments.
    fn start(&mut self, nargs: usize) {
        self.args.clear();
        self.args.resize(nargs, u32::MAX);
        self.insts.clear();
        self.blocks.clear();
        self.next = 0;
    }

    /// Room for every instruction and block of `body` (the caller's walk is about to number
    /// them), so that numbering one never grows a table.
    fn presize(&mut self, body: &Body) {
        self.insts.resize(body.insts.len());
        self.blocks.resize(body.blocks.len());
    }

    /// The serial number of a local value, assigning the next one on first sight.
    fn serial(&mut self, v: Val) -> u32 {
        let slot = match v {
            Val::Arg(i) => {
                let i = i as usize;
                if i >= self.args.len() {
                    self.args.resize(i + 1, u32::MAX);
                }
                &mut self.args[i]
            }
            Val::Inst(i) => &mut self.insts[i],
            Val::Block(b) => &mut self.blocks[b],
            _ => unreachable!("only local values get serial numbers"),
        };
        if *slot == u32::MAX {
            *slot = self.next;
            self.next += 1;
        }
        *slot
    }
}

/// Compares two functions of one module; see the module docs for the order it defines.
///
/// One comparator is made per pair and used once; the [`GlobalNumbers`] outlive it.
pub struct FunctionComparator<'m, 'g> {
    pub(crate) m: &'m Module,
    fl: GlobalId,
    fr: GlobalId,
    pub(crate) fnl: &'m Function,
    pub(crate) fnr: &'m Function,
    numbers: &'g GlobalNumbers,
    /// Width `ptr` (address space 0) is coerced to in `cmp_types`; read on first use.
    ptr_bits: OnceCell<u32>,
    /// Always `Some` while the comparator lives (taken back when it is dropped).
    s: Option<Box<Scratch>>,
    /// `Some` when explaining: holds the first decision once made.
    trace: Option<Option<Decision>>,
    /// Depth of speculative comparisons whose non-equal results must not be reported.
    quiet: u32,
    at: Position,
    /// Whether the values being compared are call targets (or a `blockaddress` function),
    /// the only places where each function's own address stands for the other's.
    /// Elsewhere a function's address is observable (`icmp eq ptr %p, @f`), so the two
    /// addresses compare as ordinary globals: llvm/llvm-project#213206, see
    /// docs/DIVERGENCES.md.
    self_refs_interchangeable: bool,
    /// `Some` when looking for similar functions ([`crate::similar`]): operand positions
    /// where the two functions hold different constants that the caller accepts as
    /// parameters are recorded here instead of deciding the order.
    tolerated: Option<Tolerance<'g>>,
    /// `Some` when comparing modulo congruence classes of functions
    /// ([`with_callee_classes`](Self::with_callee_classes)): direct callees in one class are
    /// interchangeable.
    callee_classes: Option<&'g dyn Fn(GlobalId) -> Option<u32>>,
    /// Whether the function's own attribute lists compare without the attributes a shared
    /// body may drop ([`crate::similar::droppable`]): set while comparing them in a
    /// [`crate::similar`] comparison.
    pub(crate) drop_droppable_attrs: bool,
    /// Whether the values being compared are the callees of two direct calls (not a
    /// `blockaddress`, whose function is an address).
    at_callee: bool,
}

/// The state of a [`crate::similar`] comparison.
pub(crate) struct Tolerance<'g> {
    /// Whether the constant operand `operand` (an index into [`InstData::operands`]) of a
    /// left-side instruction may become a parameter.
    pub accept: &'g dyn Fn(&InstData, usize) -> bool,
    pub diffs: Vec<crate::similar::OperandDiff>,
    /// Left instructions whose poison-generating or fast-math flags differ from the right
    /// one's, with the right one's flags.
    pub weakened: Vec<crate::similar::Weakened>,
}

impl Drop for FunctionComparator<'_, '_> {
    fn drop(&mut self) {
        if let Some(s) = self.s.take() {
            s.give_back();
        }
    }
}

impl<'m, 'g> FunctionComparator<'m, 'g> {
    /// A comparator for functions `f` (left) and `g` (right) of `m`.
    ///
    /// Panics if either is not a function.
    pub fn new(m: &'m Module, f: GlobalId, g: GlobalId, numbers: &'g GlobalNumbers) -> Self {
        let func = |id: GlobalId| {
            m.function(id).unwrap_or_else(|| {
                panic!(
                    "FunctionComparator: {} is not a function",
                    m.global_name(id)
                )
            })
        };
        let (fnl, fnr) = (func(f), func(g));
        FunctionComparator {
            m,
            fl: f,
            fr: g,
            fnl,
            fnr,
            numbers,
            ptr_bits: OnceCell::new(),
            s: Some(Scratch::take()),
            trace: None,
            quiet: 0,
            at: Position::Signature,
            self_refs_interchangeable: false,
            tolerated: None,
            callee_classes: None,
            at_callee: false,
            drop_droppable_attrs: false,
        }
    }

    /// Compare modulo a partition of functions into classes (`class_of`): where both
    /// instructions call a function directly and both callees have a class, the callees
    /// order by class (so two callees of one class are equal), and a callee with a class
    /// orders before one without. Everywhere else, a function's address is an ordinary global
    /// (it is observable there). Still a total order for a fixed partition, which is what
    /// partition refinement over the call graph needs (`--merge-cycles`: functions equal
    /// when the functions they call are, recursively; see the merge crate).
    pub fn with_callee_classes(mut self, class_of: &'g dyn Fn(GlobalId) -> Option<u32>) -> Self {
        self.callee_classes = Some(class_of);
        self
    }

    /// Record accepted constant differences instead of deciding on them (see
    /// [`crate::similar`]). A function's own address is then an ordinary global everywhere:
    /// a merged body must not call one instance's name for another's.
    pub(crate) fn tolerant(mut self, accept: &'g dyn Fn(&InstData, usize) -> bool) -> Self {
        self.tolerated = Some(Tolerance {
            accept,
            diffs: Vec::new(),
            weakened: Vec::new(),
        });
        self
    }

    pub(crate) fn take_tolerated(&mut self) -> crate::similar::Similarity {
        self.tolerated
            .take()
            .map(|t| crate::similar::Similarity {
                operands: t.diffs,
                weakened: t.weakened,
            })
            .unwrap_or_default()
    }

    /// In a [`crate::similar`] comparison, accept that the instruction pair at hand differs
    /// in flags whose intersection both may take (no-wrap, `exact`, `disjoint`, `nneg`,
    /// `samesign`, GEP no-wrap and fast-math flags: dropping one only removes an assumption
    /// the code may make, so each side's behaviour is kept), recording the right side's.
    pub(crate) fn tolerate_flags(&mut self, r: &InstData) -> bool {
        let Position::Inst { left, .. } = self.at else {
            return false;
        };
        let Some(t) = &mut self.tolerated else {
            return false;
        };
        t.weakened.push(crate::similar::Weakened {
            inst: left,
            flags: r.flags,
            fmf: r.fmf,
        });
        true
    }

    fn scratch(&mut self) -> &mut Scratch {
        self.s.as_mut().expect("a live comparator has its tables")
    }

    /// Record the first non-equal decision from now on (see [`crate::explain`]).
    pub(crate) fn traced(mut self) -> Self {
        self.trace = Some(None);
        self
    }

    pub(crate) fn decision(&self) -> Option<&Decision> {
        self.trace.as_ref().and_then(|d| d.as_ref())
    }

    /// Test whether the two functions behave the same, and order them if not: LLVM's
    /// `FunctionComparator::compare`. `Equal` means MergeFunctions would merge them; otherwise
    /// the result is a strict total order (swapping the functions reverses it), which is what
    /// lets the pass keep distinct functions in a sorted tree.
    ///
    /// # Example
    ///
    /// Local names do not matter, constants and types do:
    ///
    /// ```
    /// use mergefn_compare::{FunctionComparator, GlobalNumbers};
    /// use std::cmp::Ordering;
    ///
    /// let m = mergefn_ir::parse_module(br#"
    /// define i32 @a(i32 %x) {
    ///   %y = mul i32 %x, 3
    ///   ret i32 %y
    /// }
    /// define i32 @b(i32 %p) {
    ///   %q = mul i32 %p, 3
    ///   ret i32 %q
    /// }
    /// define i32 @c(i32 %x) {
    ///   %y = mul i32 %x, 5
    ///   ret i32 %y
    /// }
    /// "#)?;
    /// let [a, b, c] = ["a", "b", "c"].map(|n| m.global_by_name(n).unwrap());
    /// let numbers = GlobalNumbers::new();
    /// assert_eq!(FunctionComparator::new(&m, a, b, &numbers).compare(), Ordering::Equal);
    /// // Integer constants order by value (LLVM's cmpAPInts): 3 < 5.
    /// assert_eq!(FunctionComparator::new(&m, a, c, &numbers).compare(), Ordering::Less);
    /// assert_eq!(FunctionComparator::new(&m, c, a, &numbers).compare(), Ordering::Greater);
    /// # Ok::<(), mergefn_ir::ParseError>(())
    /// ```
    pub fn compare(&mut self) -> Ordering {
        // Copies of one template or generic instantiation are often the same data: then
        // they are equal, and the walk below would only confirm it. (A traced comparison
        // always walks, to explain its answer.)
        if self.trace.is_none() && self.identical() {
            return Ordering::Equal;
        }
        let (nl, nr) = (self.fnl.params.len(), self.fnr.params.len());
        self.scratch().sn_l.start(nl);
        self.scratch().sn_r.start(nr);
        self.at = Position::Signature;
        let r = self.compare_signature();
        if r.is_ne() {
            return r;
        }
        let (fl, fr) = (self.fnl, self.fnr);
        match (&fl.body, &fr.body) {
            (Some(bl), Some(br)) => self.compare_bodies(bl, br),
            (l, r) => {
                let o = l.is_some().cmp(&r.is_some());
                self.decided(o, "compare", |_| {
                    "a declaration against a definition".into()
                })
            }
        }
    }

    /// Whether the two functions are the same data, instruction for instruction, in all the
    /// walk reads (the same signature, attributes and `!kcfi_type`; bodies laid out alike,
    /// with equal instructions, operands and constants), so that they compare equal without
    /// the walk. Identical data compares equal except where a function's own address stands
    /// for the other's (call targets, `blockaddress`): a body whose constants name either
    /// function, or hold a block address anywhere, is left to the walk, as is a constant
    /// nested past a small budget.
    fn identical(&self) -> bool {
        let (l, r) = (self.fnl, self.fnr);
        let header = l.fn_ty == r.fn_ty
            && l.params.len() == r.params.len()
            && l.cc == r.cc
            && l.attrs == r.attrs
            && l.gc == r.gc
            && l.common.section == r.common.section
            && self.kcfi_type(l) == self.kcfi_type(r)
            && l.personality == r.personality
            && l.prefix == r.prefix
            && l.prologue == r.prologue;
        let (Some(bl), Some(br)) = (&l.body, &r.body) else {
            return false;
        };
        if !header
            || bl.layout != br.layout
            || bl.insts.len() != br.insts.len()
            || bl.blocks.len() != br.blocks.len()
            || bl.md_args != br.md_args
            || bl
                .blocks
                .values()
                .zip(br.blocks.values())
                .any(|(a, b)| a.insts != b.insts)
        {
            return false;
        }
        let mut budget = 64;
        bl.insts.values().zip(br.insts.values()).all(|(a, b)| {
            // What the walk reads of an instruction: not its debug location or records, and
            // metadata only of loads and calls (`!tbaa` on stores differs between copies for
            // different types).
            let md_read = matches!(
                a.opcode,
                Opcode::Load | Opcode::Call | Opcode::Invoke | Opcode::CallBr
            );
            a.opcode == b.opcode
                && a.ty == b.ty
                && a.operands == b.operands
                && a.flags == b.flags
                && a.fmf == b.fmf
                && a.extra == b.extra
                && (!md_read || a.md == b.md)
                && a.operands.iter().all(|v| match *v {
                    Value::Const(c) => !self.names_either(c, &mut budget),
                    _ => true,
                })
                && a.call_info().is_none_or(|ci| {
                    ci.bundles.iter().flat_map(|b| b.inputs.iter()).all(
                        |v| !matches!(*v, Value::Const(c) if self.names_either(c, &mut budget)),
                    )
                })
        })
    }

    /// Whether constant `c` names either function being compared or holds a block address
    /// (conservatively true once `budget` nested constants were read).
    fn names_either(&self, c: Const, budget: &mut u32) -> bool {
        use mergefn_ir::ConstData as C;
        match self.m.consts.get(c) {
            C::Global { global, .. } => *global == self.fl || *global == self.fr,
            C::BlockAddress { .. } => true,
            C::Int { .. }
            | C::Float { .. }
            | C::Null(_)
            | C::None(_)
            | C::Undef(_)
            | C::Poison(_)
            | C::Zero(_)
            | C::Bytes { .. } => false,
            _ => {
                if *budget == 0 {
                    return true;
                }
                *budget -= 1;
                self.m
                    .consts
                    .operand_slice(c)
                    .iter()
                    .any(|&o| self.names_either(o, budget))
            }
        }
    }

    /// Function-level properties, in LLVM's order: attributes, GC, section, varargs, calling
    /// convention, function type. Then the arguments get serial numbers 0..n in order.
    fn compare_signature(&mut self) -> Ordering {
        let (l, r) = (self.fnl, self.fnr);
        let o = self.cmp_function_attrs();
        if o.is_ne() {
            return o;
        }
        // Not in LLVM 22: functions with different KCFI type ids are not interchangeable
        // (llvm/llvm-project#217629, see docs/DIVERGENCES.md).
        let (kl, kr) = (self.kcfi_type(l), self.kcfi_type(r));
        let o = kl.cmp(&kr);
        if o.is_ne() {
            return self.decided(o, "compare_signature", |_| {
                format!(
                    "!kcfi_type {} vs {}",
                    kl.unwrap_or("none"),
                    kr.unwrap_or("none")
                )
            });
        }
        let o = self.cmp_optional_strings(l.gc.as_deref(), r.gc.as_deref(), "gc");
        if o.is_ne() {
            return o;
        }
        let o = self.cmp_optional_strings(
            l.common.section.as_deref(),
            r.common.section.as_deref(),
            "section",
        );
        if o.is_ne() {
            return o;
        }
        let varargs = |f: &Function| self.m.types.func_parts(f.fn_ty).is_some_and(|(_, _, v)| v);
        let o = self.cmp_numbers(varargs(l) as u64, varargs(r) as u64);
        if o.is_ne() {
            return self.decided(o, "compare_signature", |_| "varargs differ".into());
        }
        let (ccl, ccr) = (
            llvm::calling_conv_number(l.cc.0.as_deref()),
            llvm::calling_conv_number(r.cc.0.as_deref()),
        );
        let o = ccl.cmp(&ccr);
        if o.is_ne() {
            return self.decided(o, "compare_signature", |_| {
                format!(
                    "calling conventions {} vs {}",
                    cc_name(&l.cc),
                    cc_name(&r.cc)
                )
            });
        }
        let o = self.cmp_types(TyRef::Id(l.fn_ty), TyRef::Id(r.fn_ty));
        if o.is_ne() {
            return o;
        }
        for i in 0..l.params.len().min(r.params.len()) as u32 {
            let o = self.cmp_values(Val::Arg(i), Val::Arg(i));
            debug_assert!(o.is_eq(), "arguments repeat");
        }
        Ordering::Equal
    }

    /// The two functions' own attribute lists by [`cmp_attrs`](Self::cmp_attrs), answered
    /// from the run's memory when the lists were met before (equal ids: equal lists; a pair
    /// of ids compared before: the same order, since comparing attribute lists numbers no
    /// globals). A traced comparison always compares, to explain its answer.
    fn cmp_function_attrs(&mut self) -> Ordering {
        let (l, r) = (self.fnl, self.fnr);
        if self.tolerated.is_some() {
            // Similar functions may differ in attributes a shared body drops.
            self.drop_droppable_attrs = true;
            let o = self.cmp_attrs(&l.attrs, &r.attrs, "function");
            self.drop_droppable_attrs = false;
            return o;
        }
        let ids = (
            self.numbers.fn_attr_id(self.m, self.fl),
            self.numbers.fn_attr_id(self.m, self.fr),
        );
        if ids.0 == ids.1 {
            return Ordering::Equal;
        }
        if self.trace.is_some() {
            return self.cmp_attrs(&l.attrs, &r.attrs, "function");
        }
        if let Some(o) = self.numbers.fn_attr_order(ids) {
            return o;
        }
        let o = self.cmp_attrs(&l.attrs, &r.attrs, "function");
        self.numbers.remember_fn_attr_order(ids, o);
        o
    }

    /// A GC name or section: absent sorts first, then [`cmp_mem`](Self::cmp_mem).
    fn cmp_optional_strings(
        &mut self,
        l: Option<&str>,
        r: Option<&str>,
        what: &'static str,
    ) -> Ordering {
        let o = self.cmp_numbers(l.is_some() as u64, r.is_some() as u64);
        let o = match (l, r) {
            (Some(a), Some(b)) if o.is_eq() => self.cmp_mem(a.as_bytes(), b.as_bytes()),
            _ => o,
        };
        self.decided(o, "compare_signature", |_| format!("{what} {l:?} vs {r:?}"))
    }

    /// The CFG-ordered walk: start at both entries, then take each terminator's successors in
    /// order, depth first (a stack). Blocks are paired by position in the walk; a block already
    /// visited on the left is not pushed again. Unreachable blocks are never visited.
    fn compare_bodies(&mut self, bl: &'m Body, br: &'m Body) -> Ordering {
        let (Some(el), Some(er)) = (bl.entry(), br.entry()) else {
            let o = bl.entry().is_some().cmp(&br.entry().is_some());
            return self.decided(o, "compare", |_| "an empty body".into());
        };
        // Serial tables sized once for the whole walk instead of growing value by value.
        self.scratch().sn_l.presize(bl);
        self.scratch().sn_r.presize(br);
        // The walk's stack and visited set come from the recycled tables and go back after.
        let mut stack = std::mem::take(&mut self.scratch().stack);
        let mut visited = std::mem::take(&mut self.scratch().visited);
        stack.clear();
        visited.clear();
        visited.resize(bl.blocks.len());
        stack.push((el, er));
        visited[el] = true;
        let o = self.walk_blocks(bl, br, &mut stack, &mut visited);
        self.scratch().stack = stack;
        self.scratch().visited = visited;
        o
    }

    fn walk_blocks(
        &mut self,
        bl: &'m Body,
        br: &'m Body,
        stack: &mut Vec<(Block, Block)>,
        visited: &mut SecondaryMap<Block, bool>,
    ) -> Ordering {
        let mut index = 0;
        while let Some((l, r)) = stack.pop() {
            self.at = Position::Block {
                block: index,
                left: l,
                right: r,
            };
            let o = self.cmp_values(Val::Block(l), Val::Block(r));
            if o.is_ne() {
                return o;
            }
            let o = self.cmp_basic_blocks(l, r, index);
            if o.is_ne() {
                return o;
            }
            let succ = |body: &Body, b: Block| {
                body.terminator(b)
                    .map(|t| llvm::successors(&body.insts[t]))
                    .unwrap_or_default()
            };
            let (sl, sr) = (succ(bl, l), succ(br, r));
            for (&a, &b) in sl.iter().zip(sr.iter()) {
                if !visited[a] {
                    visited[a] = true;
                    stack.push((a, b));
                }
            }
            index += 1;
        }
        Ordering::Equal
    }

    /// Two blocks instruction by instruction: each pair by [`cmp_operations`](Self::cmp_operations),
    /// then (unless the operation compared them itself) operand by operand with
    /// [`cmp_values`](Self::cmp_values). A block that ends first is less.
    pub(crate) fn cmp_basic_blocks(&mut self, l: Block, r: Block, block: usize) -> Ordering {
        // The operand buffers are lent out for the walk (a constant's `blockaddress` may
        // start another one, which then gets fresh buffers).
        let (mut ol, mut or) = (
            std::mem::take(&mut self.scratch().ops_l),
            std::mem::take(&mut self.scratch().ops_r),
        );
        let o = self.cmp_blocks_with(l, r, block, &mut ol, &mut or);
        (self.scratch().ops_l, self.scratch().ops_r) = (ol, or);
        o
    }

    fn cmp_blocks_with(
        &mut self,
        l: Block,
        r: Block,
        block: usize,
        ol: &mut Vec<llvm::Operand>,
        or: &mut Vec<llvm::Operand>,
    ) -> Ordering {
        let (bl, br) = (self.body(Side::Left), self.body(Side::Right));
        let debug = self.numbers.debug_intrinsics(self.m);
        let mut il = llvm::block_insts(self.m, debug, bl, l);
        let mut ir = llvm::block_insts(self.m, debug, br, r);
        let mut index = 0;
        loop {
            match (il.next(), ir.next()) {
                (Some(a), Some(b)) => {
                    self.at = Position::Inst {
                        block,
                        index,
                        left: a,
                        right: b,
                    };
                    let (dl, dr) = (&bl.insts[a], &br.insts[b]);
                    llvm::operands_into(dl, ol);
                    llvm::operands_into(dr, or);
                    let (o, compare_operands) = self.cmp_operations(a, b, ol, or);
                    if o.is_ne() {
                        return o;
                    }
                    if compare_operands {
                        let callee =
                            (dl.callee().is_some() && dr.callee().is_some()).then(|| ol.len() - 1);
                        let tolerant = self.tolerated.is_some();
                        for (k, (&x, &y)) in ol.iter().zip(or.iter()).enumerate() {
                            self.self_refs_interchangeable = Some(k) == callee && !tolerant;
                            self.at_callee = Some(k) == callee;
                            let o = if tolerant {
                                self.quietly(|s| s.cmp_values(x.into(), y.into()))
                            } else {
                                self.cmp_values(x.into(), y.into())
                            };
                            self.self_refs_interchangeable = false;
                            self.at_callee = false;
                            if o.is_ne() && !self.tolerate(a, dl, dr, k, x, y) {
                                return o;
                            }
                        }
                    }
                }
                (None, None) => return Ordering::Equal,
                (a, b) => {
                    self.at = Position::BlockEnd {
                        block,
                        index,
                        left: a,
                        right: b,
                    };
                    let o = a.is_some().cmp(&b.is_some());
                    return self.decided(o, "cmp_basic_blocks", |_| {
                        "one block has more instructions".into()
                    });
                }
            }
            index += 1;
        }
    }

    /// In a [`crate::similar`] comparison, whether the differing operand `k` (in LLVM's
    /// operand order) of the left instruction `a` is accepted as a parameter: both sides are
    /// constants of one type, neither is a block address (whose comparison numbers blocks),
    /// and the caller accepts the position. Accepted differences are recorded.
    fn tolerate(
        &mut self,
        a: Inst,
        dl: &InstData,
        dr: &InstData,
        k: usize,
        x: llvm::Operand,
        y: llvm::Operand,
    ) -> bool {
        let Some(t) = &self.tolerated else {
            return false;
        };
        let (Val::Const(CRef::Pool(cl)), Val::Const(CRef::Pool(cr))) = (x.into(), y.into()) else {
            return false;
        };
        let consts = &self.m.consts;
        let block_address = |c| matches!(consts.get(c), mergefn_ir::ConstData::BlockAddress { .. });
        if consts.ty(cl) != consts.ty(cr) || block_address(cl) || block_address(cr) {
            return false;
        }
        let (Some(i), Some(j)) = (llvm::operand_slot(dl, k), llvm::operand_slot(dr, k)) else {
            return false;
        };
        if i != j
            || dl.operands[i] != Value::Const(cl)
            || dr.operands[j] != Value::Const(cr)
            || !(t.accept)(dl, i)
        {
            return false;
        }
        let diff = crate::similar::OperandDiff {
            inst: a,
            operand: i,
            left: cl,
            right: cr,
        };
        self.tolerated
            .as_mut()
            .expect("checked above")
            .diffs
            .push(diff);
        true
    }

    /// Two values used at the same place. Most significant first:
    /// 0. with [`with_callee_classes`](Self::with_callee_classes), two direct callees with a
    ///    class order by class; a callee with a class is less than one without;
    /// 1. as a call target (or a `blockaddress` function), a reference to the function being
    ///    compared is less than anything else, and equal to the other side's reference to its
    ///    own function (self-recursion); anywhere else it is an ordinary global;
    /// 2. constants are greater than non-constants and ordered by
    ///    [`cmp_constants`](Self::cmp_constants) (the very same constant is equal);
    /// 3. metadata arguments are greater than the rest, ordered by `cmp_metadata`;
    /// 4. inline asm is greater than the rest, ordered by [`cmp_inline_asm`](Self::cmp_inline_asm);
    /// 5. local values by serial number: the one first seen earlier is less.
    pub(crate) fn cmp_values(&mut self, l: Val, r: Val) -> Ordering {
        if self.at_callee {
            if let Some(class_of) = self.callee_classes {
                let class = |v: Val| match v {
                    Val::Const(CRef::Pool(c)) => self.m.consts.as_global(c).and_then(class_of),
                    Val::Const(CRef::Global(x)) => class_of(x),
                    _ => None,
                };
                match (class(l), class(r)) {
                    (Some(a), Some(b)) => {
                        return self.decided(a.cmp(&b), "cmp_values", |s| {
                            format!(
                                "callees {} (class {a}) vs {} (class {b})",
                                s.describe_val(Side::Left, l),
                                s.describe_val(Side::Right, r)
                            )
                        })
                    }
                    (Some(_), None) => return Ordering::Less,
                    (None, Some(_)) => return Ordering::Greater,
                    (None, None) => {}
                }
            }
        }
        if self.self_refs_interchangeable {
            let (self_l, self_r) = (self.is_global(l, self.fl), self.is_global(r, self.fr));
            if self_l || self_r {
                let o = self_l.cmp(&self_r).reverse();
                return self.decided(o, "cmp_values", |_| {
                    "only one side refers to its own function".into()
                });
            }
        }
        match (l, r) {
            (Val::Const(a), Val::Const(b)) => {
                if a == b {
                    Ordering::Equal
                } else {
                    self.cmp_constants(a, b)
                }
            }
            (Val::Md(a), Val::Md(b)) => self.cmp_md_args(a, b),
            (Val::Asm(a), Val::Asm(b)) => self.cmp_inline_asm(a, b),
            _ => {
                let (kl, kr) = (value_kind_rank(l), value_kind_rank(r));
                if kl != kr {
                    let o = kl.cmp(&kr);
                    return self.decided(o, "cmp_values", |s| {
                        format!(
                            "{} vs {}",
                            s.describe_val(Side::Left, l),
                            s.describe_val(Side::Right, r)
                        )
                    });
                }
                let (sl, sr) = (self.scratch().sn_l.serial(l), self.scratch().sn_r.serial(r));
                let o = sl.cmp(&sr);
                self.decided(o, "cmp_values", |s| {
                    format!(
                        "{} (first seen as local #{sl}) vs {} (first seen as local #{sr})",
                        s.describe_val(Side::Left, l),
                        s.describe_val(Side::Right, r)
                    )
                })
            }
        }
    }

    /// Inline asm: the same asm is equal; otherwise function type, asm string, constraints
    /// (both by [`cmp_mem`](Self::cmp_mem)), side effects, stack alignment, dialect. As in
    /// LLVM, `unwind` is not compared.
    fn cmp_inline_asm(&mut self, l: AsmId, r: AsmId) -> Ordering {
        let m = self.m;
        let (a, b) = (&m.asms[l], &m.asms[r]);
        if l == r || a == b {
            return Ordering::Equal;
        }
        let o = self.cmp_types(TyRef::Id(a.fn_ty), TyRef::Id(b.fn_ty));
        if o.is_ne() {
            return o;
        }
        let o = self
            .cmp_mem(&a.asm, &b.asm)
            .then_with(|| self.cmp_mem(&a.constraints, &b.constraints))
            .then(a.sideeffect.cmp(&b.sideeffect))
            .then(a.alignstack.cmp(&b.alignstack))
            .then(a.inteldialect.cmp(&b.inteldialect));
        self.decided(o, "cmp_inline_asm", |_| {
            format!(
                "asm \"{}\", \"{}\" vs asm \"{}\", \"{}\"",
                String::from_utf8_lossy(&a.asm),
                String::from_utf8_lossy(&a.constraints),
                String::from_utf8_lossy(&b.asm),
                String::from_utf8_lossy(&b.constraints)
            )
        })
    }

    /// Numbers in their natural order (LLVM's `cmpNumbers`).
    pub(crate) fn cmp_numbers(&self, l: u64, r: u64) -> Ordering {
        l.cmp(&r)
    }

    /// Byte strings: shorter first, then bytewise (LLVM's `cmpMem`, which avoids comparing
    /// contents of strings of different lengths).
    pub(crate) fn cmp_mem(&self, l: &[u8], r: &[u8]) -> Ordering {
        l.len().cmp(&r.len()).then_with(|| l.cmp(r))
    }

    /// Globals by their [`GlobalNumbers`]: the one numbered first is less.
    /// The function's `!kcfi_type` node, as text.
    fn kcfi_type(&self, f: &'m Function) -> Option<&'m str> {
        let a = f.md.iter().find(|a| &*a.kind == "kcfi_type")?;
        match &a.md {
            mergefn_ir::Metadata::Ref(n) => self
                .m
                .md_nodes
                .iter()
                .find(|x| x.id == *n)
                .map(|x| &*x.text),
            mergefn_ir::Metadata::Text(t) => Some(t),
            _ => None,
        }
    }

    pub(crate) fn cmp_global_values(&mut self, l: GlobalId, r: GlobalId) -> Ordering {
        let (a, b) = (self.numbers.number(l), self.numbers.number(r));
        self.decided(a.cmp(&b), "cmp_global_values", |s| {
            format!("@{} vs @{}", s.m.global_name(l), s.m.global_name(r))
        })
    }

    // ---- helpers shared by the layers ---------------------------------------------------------

    pub(crate) fn body(&self, side: Side) -> &'m Body {
        let f = match side {
            Side::Left => self.fnl,
            Side::Right => self.fnr,
        };
        f.body
            .as_ref()
            .expect("bodies are only walked for definitions")
    }

    pub(crate) fn func(&self, side: Side) -> &'m Function {
        match side {
            Side::Left => self.fnl,
            Side::Right => self.fnr,
        }
    }

    /// The pointer width of address space 0, which `cmp_types` reads `ptr` as.
    pub(crate) fn ptr_bits(&self) -> u32 {
        *self.ptr_bits.get_or_init(|| self.m.pointer_bits(0))
    }

    pub(crate) fn layout(&self) -> &DataLayout {
        self.numbers.layout(self.m)
    }

    /// Whether `v` is the global `g` itself (not an expression over it).
    fn is_global(&self, v: Val, g: GlobalId) -> bool {
        match v {
            Val::Const(CRef::Pool(c)) => self.m.consts.as_global(c) == Some(g),
            Val::Const(CRef::Global(x)) => x == g,
            _ => false,
        }
    }

    /// The type of a value of one side.
    pub(crate) fn type_of(&self, side: Side, v: Val) -> TyRef {
        match v {
            Val::Arg(i) => TyRef::Id(self.func(side).params[i as usize].ty),
            Val::Inst(i) => TyRef::Id(self.body(side).insts[i].ty),
            Val::Block(_) => TyRef::Label,
            Val::Const(c) => self.const_type(c),
            Val::Asm(_) => TyRef::Ptr(0),
            Val::Md(_) => TyRef::Metadata,
        }
    }

    pub(crate) fn const_type(&self, c: CRef) -> TyRef {
        match c {
            CRef::Pool(c) => TyRef::Id(self.m.consts.ty(c)),
            CRef::Int { bits, .. } => TyRef::Int(bits),
            CRef::NullPtr(a) => TyRef::Ptr(a),
            CRef::Global(g) => TyRef::Ptr(self.m.globals[g].common().addrspace),
        }
    }

    /// Report `o` as the decision of `rule` if it is the first non-equal one of a traced run.
    pub(crate) fn decided(
        &mut self,
        o: Ordering,
        rule: &'static str,
        detail: impl FnOnce(&Self) -> String,
    ) -> Ordering {
        if o.is_ne() && self.quiet == 0 && matches!(self.trace, Some(None)) {
            let detail = detail(self);
            self.trace = Some(Some(Decision {
                rule,
                detail,
                at: self.at,
            }));
        }
        o
    }

    /// Run a comparison whose non-equal result the caller may override: it reports nothing.
    pub(crate) fn quietly<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.quiet += 1;
        let r = f(self);
        self.quiet -= 1;
        r
    }

    pub(crate) fn describe_val(&self, side: Side, v: Val) -> String {
        crate::describe::value(self.m, self.func(side), v)
    }

    pub(crate) fn describe_type(&self, t: TyRef) -> String {
        crate::describe::type_ref(self.m, t)
    }

    pub(crate) fn pool_const(&self, c: CRef) -> Option<Const> {
        match c {
            CRef::Pool(c) => Some(c),
            _ => None,
        }
    }
}

/// For values of different kinds reaching the serial-number stage (impossible in valid IR,
/// where operands at the same position have the same kind): a fixed order keeps it total.
fn value_kind_rank(v: Val) -> u8 {
    match v {
        Val::Arg(_) | Val::Inst(_) | Val::Block(_) => 0,
        Val::Asm(_) => 1,
        Val::Md(_) => 2,
        Val::Const(_) => 3,
    }
}

fn cc_name(cc: &mergefn_ir::CallConv) -> &str {
    cc.0.as_deref().unwrap_or("ccc")
}
