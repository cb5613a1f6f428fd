//! `mergefn-merge`: LLVM 22's MergeFunctions over `mergefn-ir`.
//!
//! [`merge_functions`] runs the pass on a module and returns a [`Report`] of what merged into
//! what. The decisions are LLVM's, step for step (`llvm/lib/Transforms/IPO/MergeFunctions.cpp`):
//!
//! 1. Eligible functions (definitions that are not `available_externally` and call no
//!    intrinsic with a distinct-metadata operand) are hashed; those whose hash collides with a
//!    neighbour's, in module order within a hash, form the first worklist.
//! 2. Each function is inserted into the [`FnTree`]; if an equal one is there, the two are
//!    ordered by [`is_func_order_correct`] (ODR first, strong before interposable, external
//!    before local, then by name) and the second is merged into the first.
//! 3. Merging rewrites callers; callers already in the tree are taken out and deferred to the
//!    next round, which runs until nothing is deferred.
//!
//! This crate owns all module rewriting done by merging; it reads functions only through the
//! comparator crate's verdicts.
//!
//! # Example
//!
//! Read a module, check that two functions are equal for the comparator, merge, write the
//! result back and serialise the report:
//!
//! ```
//! use mergefn_compare::{FunctionComparator, GlobalNumbers};
//! use mergefn_merge::{merge_functions, Kind, Options};
//! use std::cmp::Ordering;
//!
//! let src = r#"
//! define internal i32 @add_one(i32 %x) {
//!   %r = add i32 %x, 1
//!   ret i32 %r
//! }
//! define internal i32 @plus_one(i32 %y) {
//!   %s = add i32 %y, 1
//!   ret i32 %s
//! }
//! define i32 @main() {
//!   %a = call i32 @add_one(i32 1)
//!   %b = call i32 @plus_one(i32 2)
//!   %c = add i32 %a, %b
//!   ret i32 %c
//! }
//! "#;
//! let mut m = mergefn_ir::parse_module(src.as_bytes())?;
//! mergefn_ir::verify_module(&m)?;
//!
//! // Names and the order values are met in do not matter; the operations do.
//! let f = m.global_by_name("add_one").unwrap();
//! let g = m.global_by_name("plus_one").unwrap();
//! let numbers = GlobalNumbers::new();
//! assert_eq!(FunctionComparator::new(&m, f, g, &numbers).compare(), Ordering::Equal);
//!
//! // Both are internal: @plus_one's callers now call @add_one (the name that sorts first
//! // survives), and @plus_one, unused, is deleted.
//! let report = merge_functions(&mut m, &Options::default());
//! assert_eq!(report.merged.len(), 1);
//! assert_eq!(report.merged[0].function, "plus_one");
//! assert_eq!(report.merged[0].into, "add_one");
//! assert_eq!(report.merged[0].kind, Kind::Deleted);
//! assert_eq!((report.counts.merged, report.counts.deleted), (1, 1));
//!
//! let out = mergefn_ir::module_to_string(&m);
//! assert!(!out.contains("@plus_one"));
//! assert_eq!(out.matches("call i32 @add_one").count(), 2);
//!
//! let json = serde_json::to_value(&report)?;
//! assert_eq!(json["merged"][0]["kind"], "deleted");
//! assert_eq!(json["counts"]["merged"], 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod alias;
pub mod consts;
mod cycles;
pub mod fntree;
pub mod mdrefs;
mod similar;
pub mod thunk;
pub mod uses;

pub use similar::estimated_code_bytes;

use fntree::{FnTree, Node};
use mergefn_compare::{FunctionComparator, GlobalNumbers, StructuralHasher};
use mergefn_ir::uses::UseIndex;
use mergefn_ir::{
    Body, ConstData, DllStorage, GlobalId, GlobalKind, Linkage, Metadata, Module, Name,
    UnnamedAddr, Value, Visibility,
};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;
use std::cmp::Ordering;
use uses::Uses;

/// How the tree finds an equal function.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lookup {
    /// Ordered by structural hash, then the comparator (LLVM's scheme).
    Hybrid,
    /// Ordered by the comparator alone: the pure total order.
    Tree,
    /// Buckets keyed by a finer structural key ([`StructuralHasher::key`]: types, the values
    /// and globals operands name, integer constants), each kept in the comparator's order,
    /// which confirms equality. The default: on real code a bucket nearly always holds one
    /// function, so a lookup costs one comparison or none (re2: 3,920 comparisons against
    /// hybrid's 25,378, the same merges).
    #[default]
    Hash,
}

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Replace G by an alias of F where G's address is insignificant (LLVM's
    /// `-mergefunc-use-aliases`, off by default).
    pub use_aliases: bool,
    /// LLVM's `-mergefunc-preserve-debug-info`: G's callers are not redirected, G is never
    /// deleted or replaced everywhere, and a thunk is G itself, keeping the debug info of its
    /// parameters from its entry block ([`thunk::write_thunk_in_place`]).
    pub preserve_debug_info: bool,
    /// How the tree finds an equal function; every choice gives the same merges.
    pub lookup: Lookup,
    /// After LLVM's pass, merge functions that differ only in constant operands into one
    /// body with extra parameters, where the cost model says it saves bytes (`--merge-similar`;
    /// not something LLVM does: see docs/ARCHITECTURE.md, "Merging similar functions").
    pub merge_similar: bool,
    /// After LLVM's pass, merge functions that are equal once the functions they call are
    /// taken as equal when they are, recursively: mutually recursive groups and calls into
    /// such groups (`--merge-cycles`; see the `cycles` module and
    /// docs/ARCHITECTURE.md).
    pub merge_cycles: bool,
}

/// How a merged-away function was replaced.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// G became a thunk that tail-calls the survivor.
    Thunk,
    /// G became an alias of the survivor.
    Alias,
    /// G was deleted: its uses now refer to the survivor.
    Deleted,
    /// G's direct callers now call the survivor; G itself is kept (too small for a thunk).
    Replaced,
    /// G became a thunk that calls a body shared with similar functions, passing its own
    /// constants (`args`) for the operands where they differ (`--merge-similar`).
    Parameterized,
    /// G was deleted: its calls (all it had) now call the shared body of similar functions
    /// directly, passing G's constants (`args`) (`--merge-similar`).
    Rewritten,
}

/// One function merged away: G (`function`) now refers to, calls, or is replaced by F (`into`),
/// the survivor. [`Report::merged`] lists them in the order the merges happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Merged {
    /// G's name at the time it was merged (without `@`; `<unnamed N>` for an unnamed function).
    pub function: String,
    /// The survivor's name. A function the pass created (the private body of two interposable or
    /// ODR copies) is named `<private NAME>` after the function whose body it took.
    pub into: String,
    /// How G was replaced.
    pub kind: Kind,
    /// For [`Kind::Parameterized`]: the constants G passes, as typed IR values (`i32 7`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// Merged by `--merge-cycles`: equal only once the functions they call are merged too.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub cycle: bool,
}

/// Statistics of one run, named after LLVM's `STATISTIC`s where LLVM has one (`opt -stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Functions (declarations and definitions) in the module before the pass.
    pub functions: usize,
    /// Definitions the pass may merge (not `available_externally`, no intrinsic call with a
    /// distinct metadata operand).
    pub eligible: usize,
    /// Functions whose hash collided with another's: the first worklist. (Of the bodies that
    /// were read: a body the reader kept as text, `mergefn_ir::lazy`, shares no key with any
    /// other, and is not hashed.)
    pub candidates: usize,
    /// Definitions whose bodies the reader kept as text (`mergefn_ir::lazy`): among the
    /// eligible, never merged, their text copied to the output.
    pub kept_as_text: usize,
    /// Functions the reader kept as text for being the same text as another (twins,
    /// `mergefn_ir::lazy`), each given a clone of that one's body when the pass reached it.
    pub twins: usize,
    /// Initializers of global variables the reader kept as text (`mergefn_ir::lazy`): never
    /// read, their text copied to the output with the names in it brought up to date.
    pub initializers_kept_as_text: usize,
    /// LLVM's `NumFunctionsMerged`.
    pub merged: usize,
    /// LLVM's `NumThunksWritten`.
    pub thunks: usize,
    /// LLVM's `NumAliasesWritten`.
    pub aliases: usize,
    /// LLVM's `NumDoubleWeak`: new private functions holding a body both interposable copies
    /// now call.
    pub new_functions: usize,
    /// Functions erased from the module (unused after merging, with a linkage that allows
    /// dropping them).
    pub deleted: usize,
    /// Functions compared equal whose callers were redirected but that stay (too small).
    pub replaced: usize,
    /// Full comparator runs.
    pub comparisons: u64,
    /// Rounds of the deferred loop.
    pub rounds: usize,
    /// Functions whose body went into a parameterized one (`--merge-similar`): thunks of it
    /// (also counted in `thunks`) or deleted behind rewritten calls (also in `deleted`); each
    /// shared body counts in `new_functions`.
    pub parameterized: usize,
    /// Functions merged by `--merge-cycles` (also counted by kind: `merged`, `thunks`, ...).
    pub cycles: usize,
}

/// What the pass did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The functions merged away, in the order the merges happened.
    pub merged: Vec<Merged>,
    /// Names (made up for unnamed ones) of the functions the pass created.
    pub created: Vec<String>,
    /// Statistics of the run.
    pub counts: Counts,
}

/// LLVM's `isODR`: weak_odr or linkonce_odr.
fn is_odr(l: Linkage) -> bool {
    matches!(l, Linkage::WeakOdr | Linkage::LinkOnceOdr)
}

/// Whether the module sets the `SemanticInterposition` flag (`-fsemantic-interposition`):
/// then LLVM takes every definition that is not `dso_local` as replaceable at link time.
pub fn semantic_interposition(m: &Module) -> bool {
    let Some(flags) = m.named_md.iter().find(|n| &*n.name == "llvm.module.flags") else {
        return false;
    };
    let ids: FxHashSet<u32> = flags
        .text
        .split(|c: char| !c.is_ascii_digit() && c != '!')
        .filter_map(|t| t.strip_prefix('!')?.parse().ok())
        .collect();
    m.md_nodes.iter().any(|n| {
        // `!{i32 <behaviour>, !"SemanticInterposition", i32 <value>}`: on when value != 0.
        ids.contains(&n.id)
            && n.text.contains("!\"SemanticInterposition\"")
            && n.text
                .trim_end_matches('}')
                .rsplit(' ')
                .next()
                .and_then(|v| v.trim().parse::<i64>().ok())
                .is_some_and(|v| v != 0)
    })
}

/// LLVM's `GlobalValue::isInterposable`: an interposable linkage, or, under the
/// `SemanticInterposition` module flag, a definition that is not `dso_local` (local linkage
/// and hidden or protected visibility imply `dso_local`).
pub fn is_interposable(m: &Module, g: GlobalId, semantic_interposition: bool) -> bool {
    let c = m.globals[g].common();
    c.linkage.is_interposable()
        || (semantic_interposition
            && !(c.dso_local || c.linkage.is_local() || c.visibility != Visibility::Default))
}

/// LLVM's `isFuncOrderCorrect`: whether F should survive when F and G are equal
/// (`semantic_interposition` as [`is_interposable`] takes it).
pub fn is_func_order_correct(
    m: &Module,
    f: GlobalId,
    g: GlobalId,
    semantic_interposition: bool,
) -> bool {
    let (fc, gc) = (m.globals[f].common(), m.globals[g].common());
    if is_odr(fc.linkage) != is_odr(gc.linkage) {
        return is_odr(gc.linkage);
    }
    let (fi, gi) = (
        is_interposable(m, f, semantic_interposition),
        is_interposable(m, g, semantic_interposition),
    );
    if fi != gi {
        return !fi;
    }
    if fc.linkage.is_local() != gc.linkage.is_local() {
        return !fc.linkage.is_local();
    }
    name_bytes(&fc.name) <= name_bytes(&gc.name)
}

fn name_bytes(n: &Name) -> &[u8] {
    n.as_str().map_or(&[], |s| s.as_bytes())
}

/// Globals listed in `@llvm.used` and `@llvm.compiler.used`.
fn used_globals(m: &Module) -> FxHashSet<GlobalId> {
    let mut out = FxHashSet::default();
    for name in ["llvm.used", "llvm.compiler.used"] {
        let Some(g) = m.global_by_name(name) else {
            continue;
        };
        let GlobalKind::Var(v) = &m.globals[g].kind else {
            continue;
        };
        let Some(init) = v.init else { continue };
        for e in m.consts.operands(init) {
            let mut c = e;
            // Strip pointer casts, as `collectUsedGlobalVariables` does.
            while let ConstData::Expr(x) = m.consts.get(c) {
                match x.ops.first() {
                    Some(&o) if x.op.is_cast() => c = o,
                    _ => break,
                }
            }
            if let Some(g) = m.consts.as_global(c) {
                out.insert(g);
            }
        }
    }
    out
}

/// Functions LLVM does not merge: those calling an intrinsic (other than `llvm.dbg.*`) with a
/// distinct metadata node as an operand, e.g. CFI checks of function-local types. Metadata
/// call arguments live in each body's `md_args`, so only bodies listing a distinct node there
/// are walked: usually none.
pub(crate) fn calling_intrinsics_with_distinct_metadata(m: &Module) -> FxHashSet<GlobalId> {
    let mut out = FxHashSet::default();
    let mut distinct: Option<FxHashSet<u32>> = None;
    for f in m.functions() {
        let Some(body) = m.function(f).and_then(|f| f.body.as_ref()) else {
            continue;
        };
        if body.md_args.is_empty() {
            continue;
        }
        let distinct = distinct.get_or_insert_with(|| {
            m.md_nodes
                .iter()
                .filter(|n| n.text.starts_with("distinct"))
                .map(|n| n.id)
                .collect()
        });
        let passes_distinct = body
            .md_args
            .values()
            .any(|a| matches!(a, Metadata::Ref(n) if distinct.contains(n)));
        if passes_distinct && calls_intrinsic_with(m, body, |n| distinct.contains(&n)) {
            out.insert(f);
        }
    }
    out
}

/// Whether `body` calls an intrinsic (other than `llvm.dbg.*`) with a metadata operand naming
/// a node `wanted` accepts.
fn calls_intrinsic_with(m: &Module, body: &Body, wanted: impl Fn(u32) -> bool) -> bool {
    body.insts_in_order().any(|i| {
        let d = &body.insts[i];
        let Some(callee) = d
            .callee()
            .and_then(|v| v.as_const())
            .and_then(|c| m.consts.as_global(c))
        else {
            return false;
        };
        let name = m.globals[callee].common().name.as_str().unwrap_or("");
        name.starts_with("llvm.")
            && !name.starts_with("llvm.dbg.")
            && d.operands.iter().any(|v| {
                matches!(v, Value::Md(a)
                    if matches!(body.md_args[*a], Metadata::Ref(n) if wanted(n)))
            })
    })
}

/// Whether `f` is a function definition MergeFunctions may consider, as far as its own
/// properties go (see also [`calling_intrinsics_with_distinct_metadata`]).
fn is_eligible(m: &Module, f: GlobalId) -> bool {
    definition(m, f).is_some_and(|b| !b.is_lazy())
}

/// The body of `f` if it is a live definition LLVM's pass looks at (not
/// `available_externally`), read or kept as text.
fn definition(m: &Module, f: GlobalId) -> Option<&Body> {
    let g = &m.globals[f];
    let body = g.as_function()?.body.as_ref()?;
    (!g.deleted && g.common().linkage != Linkage::AvailableExternally).then_some(body)
}

/// A printable name for a function, made up for unnamed ones.
fn display_name(m: &Module, f: GlobalId, private_names: &FxHashMap<GlobalId, String>) -> String {
    if let Some(n) = private_names.get(&f) {
        return n.clone();
    }
    match &m.globals[f].common().name {
        Name::Named(n) => n.to_string(),
        Name::Unnamed => format!("<unnamed {}>", f),
    }
}

/// Twins of one text ([`Pass::materialize`]).
struct TwinGroup {
    /// The function whose body they clone.
    source: GlobalId,
    /// The twins, in worklist order; those given their clone since are skipped.
    pending: std::collections::VecDeque<GlobalId>,
}

/// A pending worklist entry: a function and the time the handle to it was taken.
#[derive(Copy, Clone, Debug)]
struct Handle {
    func: GlobalId,
    taken: u64,
}

struct Pass<'a> {
    m: &'a mut Module,
    opts: Options,
    numbers: GlobalNumbers,
    tree: FnTree,
    /// Functions in the tree, with the hash they were inserted with.
    in_tree: FxHashMap<GlobalId, u64>,
    /// The next round, and the round being processed with the position in it. Entries are
    /// LLVM's `WeakTrackingVH`s: a replace-all-uses made while they exist redirects them,
    /// handles taken later are not affected. Each entry records when it was taken, and
    /// [`Pass::resolve`] follows the replacements made since ([`Pass::redirect`] records
    /// them), so a replacement costs O(1) instead of a scan of every pending entry.
    deferred: Vec<Handle>,
    worklist: Vec<Handle>,
    cursor: usize,
    /// Replacements so far, by replaced function: (replacement, when), in time order.
    forwards: FxHashMap<GlobalId, Vec<(GlobalId, u64)>>,
    /// Time, in replacements made.
    epoch: u64,
    used: FxHashSet<GlobalId>,
    uses: Uses,
    report: Report,
    /// Made-up names of the nameless private functions created by double-weak merges.
    private_names: FxHashMap<GlobalId, String>,
    /// Precomputed [`Lookup::Hash`] keys of functions not yet taken out of the tree.
    keys: FxHashMap<GlobalId, u64>,
    /// Structural hashes computed up front. They stay valid for the whole run: the hash reads
    /// only a function's argument count, varargs and opcodes in CFG order, and merging only
    /// rewrites operands of existing functions (thunks and aliases are new globals).
    hashes: FxHashMap<GlobalId, u64>,
    hasher: StructuralHasher,
    /// The module's `SemanticInterposition` flag ([`is_interposable`]).
    semantic_interposition: bool,
    /// Functions LLVM never merges ([`calling_intrinsics_with_distinct_metadata`]).
    barred: FxHashSet<GlobalId>,
    /// `--merge-cycles`: [`StructuralHasher::callee_blind_key`]s computed so far, dropped
    /// when a function's instructions are rewritten (as `keys` are).
    blind_keys: FxHashMap<GlobalId, u64>,
    /// Twins still kept as text, each with its group in `twin_groups`.
    twins: FxHashMap<GlobalId, usize>,
    /// Groups of twins of one text: the function whose body they clone (read, or a twin
    /// given its clone: kept in step with the twins' references by every replacement so
    /// far), and the twins in worklist order (some given their clone since: skipped).
    twin_groups: Vec<TwinGroup>,
    /// The group of each function twins clone.
    twin_source: FxHashMap<GlobalId, usize>,
    /// Twins given a clone, whose body goes once they are merged away.
    materialized: FxHashSet<GlobalId>,
}

/// Run MergeFunctions on `m`: LLVM's `MergeFunctionsPass::run` on one module, with
/// [`Options`] in the place of its command-line flags. Rewrites `m` in place (merged-away
/// functions are deleted, or become thunks or aliases; callers are redirected) and returns what
/// it did. The result is checked against `opt-22 -passes=mergefunc` and with
/// `opt-22 -passes=verify` by the workspace's tests.
///
/// Deterministic: the same module and options give the same module and report, whatever
/// [`Options::lookup`] and however many threads.
///
/// # Example
///
/// External functions keep their names: with `--use-aliases` (LLVM's
/// `-mergefunc-use-aliases`) and an insignificant address, the second becomes an alias.
///
/// ```
/// use mergefn_merge::{merge_functions, Kind, Options};
///
/// let mut m = mergefn_ir::parse_module(br#"
/// define i64 @sum(ptr %p, i64 %n) unnamed_addr {
///   %a = load i64, ptr %p
///   %b = add i64 %a, %n
///   ret i64 %b
/// }
/// define i64 @total(ptr %q, i64 %k) unnamed_addr {
///   %a = load i64, ptr %q
///   %b = add i64 %a, %k
///   ret i64 %b
/// }
/// "#)?;
/// let report = merge_functions(&mut m, &Options { use_aliases: true, ..Options::default() });
/// assert_eq!(report.merged[0].function, "total");
/// assert_eq!(report.merged[0].kind, Kind::Alias);
/// assert!(mergefn_ir::module_to_string(&m).contains("@total = unnamed_addr alias"));
/// # Ok::<(), mergefn_ir::ParseError>(())
/// ```
pub fn merge_functions(m: &mut Module, opts: &Options) -> Report {
    merge_functions_hinted(m, opts, None)
}

/// [`merge_functions`] on a module straight from the reader, with the reader's
/// [`UseHints`](mergefn_ir::uses::UseHints): the use index then reads only the instructions
/// that name a global. The hints must come from reading this module, unchanged since.
pub fn merge_functions_hinted(
    m: &mut Module,
    opts: &Options,
    hints: Option<&mergefn_ir::uses::UseHints>,
) -> Report {
    let funcs: Vec<GlobalId> = m.functions().collect();
    let barred = calling_intrinsics_with_distinct_metadata(m);
    let used = used_globals(m);
    // The use index and the hashes only read the module: one walk over the bodies on both
    // cores finds the uses and hashes each body while it is in cache (hashes in module order).
    let hasher = StructuralHasher::new(m);
    let (idx, hashed) = UseIndex::build_hinted(m, hints, Uses::tracks(m), |f, _| {
        (is_eligible(m, f) && !barred.contains(&f)).then(|| hasher.hash(m, f))
    });
    let uses = Uses::from_index(m, idx);
    let mut hashed: Vec<(u64, GlobalId)> = hashed
        .into_iter()
        .filter_map(|(f, h)| Some((h?, f)))
        .collect();
    // Twins (bodies kept as text for being the same text as a body that was read): the
    // same hash as that body, and the same place in the worklist as if read.
    let twins: FxHashMap<GlobalId, GlobalId> = m
        .twins
        .iter()
        .copied()
        .filter(|&(t, g)| {
            definition(m, t).is_some_and(|b| b.is_lazy())
                && is_eligible(m, g)
                && !barred.contains(&g)
        })
        .collect();
    if !twins.is_empty() {
        let of: FxHashMap<GlobalId, u64> = hashed.iter().map(|&(h, f)| (f, h)).collect();
        hashed.extend(twins.iter().filter_map(|(&t, g)| Some((*of.get(g)?, t))));
        let mut pos: cranelift_entity::SecondaryMap<GlobalId, u32> =
            cranelift_entity::SecondaryMap::with_capacity(m.globals.len());
        for (i, g) in m.live_globals().enumerate() {
            pos[g] = i as u32;
        }
        hashed.sort_by_key(|&(_, f)| pos[f]);
    }
    // Bodies kept as text are eligible too, as far as LLVM is concerned: they share no key
    // with another body, so they cannot merge (twins aside, counted among the hashed).
    let kept_as_text = funcs
        .iter()
        .filter(|&&f| definition(m, f).is_some_and(|b| b.is_lazy()) && !twins.contains_key(&f))
        .count();
    let eligible = hashed.len() + kept_as_text;
    let hashes: FxHashMap<GlobalId, u64> = hashed.iter().map(|&(h, f)| (f, h)).collect();
    // The candidates: functions sharing their hash with another, in hash order.
    hashed.sort_by_key(|&(h, _)| h);
    let candidates: Vec<GlobalId> = (0..hashed.len())
        .filter(|&i| {
            let h = hashed[i].0;
            (i > 0 && hashed[i - 1].0 == h) || hashed.get(i + 1).is_some_and(|n| n.0 == h)
        })
        .map(|i| hashed[i].1)
        .collect();
    // `--lookup hash` keys of the candidates (the only functions that enter the tree before
    // a merge makes new ones), on all cores. A key is kept until the function's instructions
    // are rewritten (`Pass::insert` drops it then).
    let keys: FxHashMap<GlobalId, u64> = match opts.lookup {
        // (A twin's key is taken when it has its body: `Pass::hash`.)
        Lookup::Hash => candidates
            .par_iter()
            .filter(|f| !twins.contains_key(f))
            .map(|&f| (f, hasher.key(m, f)))
            .collect::<Vec<_>>()
            .into_iter()
            .collect(),
        _ => FxHashMap::default(),
    };
    let semantic_interposition = semantic_interposition(m);
    let mut twin_groups: Vec<TwinGroup> = Vec::new();
    let mut twin_source: FxHashMap<GlobalId, usize> = FxHashMap::default();
    let mut twin_of: FxHashMap<GlobalId, usize> = FxHashMap::default();
    for &(_, f) in &hashed {
        if let Some(&g) = twins.get(&f) {
            let k = *twin_source.entry(g).or_insert_with(|| {
                twin_groups.push(TwinGroup {
                    source: g,
                    pending: Default::default(),
                });
                twin_groups.len() - 1
            });
            twin_groups[k].pending.push_back(f);
            twin_of.insert(f, k);
        }
    }
    let mut p = Pass {
        m,
        opts: opts.clone(),
        numbers: GlobalNumbers::default(),
        tree: FnTree::default(),
        in_tree: FxHashMap::default(),
        deferred: Vec::new(),
        worklist: Vec::new(),
        cursor: 0,
        forwards: FxHashMap::default(),
        epoch: 0,
        used,
        uses,
        report: Report::default(),
        private_names: FxHashMap::default(),
        keys,
        hashes,
        hasher,
        semantic_interposition,
        barred,
        blind_keys: FxHashMap::default(),
        twins: twin_of,
        twin_groups,
        twin_source,
        materialized: FxHashSet::default(),
    };
    p.report.counts.functions = funcs.len();
    p.report.counts.eligible = eligible;
    p.report.counts.kept_as_text = kept_as_text;
    p.report.counts.twins = p.twins.len();
    p.report.counts.initializers_kept_as_text = p
        .m
        .live_globals()
        .filter(|&g| matches!(&p.m.globals[g].kind, GlobalKind::Var(v) if v.lazy_init.is_some()))
        .count();
    p.report.counts.candidates = candidates.len();
    p.deferred = candidates
        .into_iter()
        .map(|func| Handle { func, taken: 0 })
        .collect();
    p.run_deferred();
    if opts.merge_cycles {
        p.merge_cycles();
    }
    if opts.merge_similar {
        let r = &mut p.report;
        similar::merge_similar(
            p.m,
            &mut p.uses,
            &p.hashes,
            &mut r.merged,
            &mut r.created,
            &mut r.counts,
        );
    }
    p.uses.finish(p.m);
    p.report
}

impl Pass<'_> {
    /// LLVM's loop: insert each deferred function into the tree (merging it with an equal one
    /// found there), round after round, until a round defers nothing.
    fn run_deferred(&mut self) {
        while !self.deferred.is_empty() {
            self.report.counts.rounds += 1;
            self.worklist = std::mem::take(&mut self.deferred);
            self.cursor = 0;
            self.prepare_keys();
            while self.cursor < self.worklist.len() {
                let f = self.resolve(self.worklist[self.cursor]);
                self.cursor += 1;
                if self.twins.contains_key(&f) {
                    self.materialize(f);
                }
                if is_eligible(self.m, f) {
                    self.insert(f);
                }
            }
        }
    }

    /// The detailed keys of the round's functions that have none (those the last round took
    /// out of the tree, their callees having merged), found on all cores before the round
    /// inserts them one after the other. A key holds until its function's instructions are
    /// rewritten, which drops it ([`Pass::insert`]), and a dropped key is found again when
    /// its function is inserted: the keys, and so the tree, are those of the serial walk.
    fn prepare_keys(&mut self) {
        if self.opts.lookup != Lookup::Hash {
            return;
        }
        let m = &*self.m;
        let want: Vec<GlobalId> = (self.worklist.iter())
            .map(|&h| self.resolve(h))
            .filter(|f| {
                !self.keys.contains_key(f)
                    && !self.in_tree.contains_key(f)
                    && !self.twins.contains_key(f)
                    && is_eligible(m, *f)
            })
            .collect();
        if want.len() < 2 {
            return;
        }
        let hasher = &self.hasher;
        let found: Vec<(GlobalId, u64)> = want
            .par_iter()
            .with_min_len(8)
            .map(|&f| (f, hasher.key(m, f)))
            .collect();
        self.keys.extend(found);
    }

    /// `--merge-cycles`: merge the congruence classes ([`cycles::congruence_classes`]) of the
    /// functions left after LLVM's pass, then run LLVM's loop on what that changed; again
    /// while it merges something (bounded: each time merges at least one function).
    fn merge_cycles(&mut self) {
        let first = self.report.merged.len();
        // Functions merged away that stay (callers redirected, or a thunk, or LLVM's
        // "replaced"): equal to their survivor already, never merged again.
        let mut done: FxHashSet<GlobalId> = FxHashSet::default();
        let replaced: FxHashSet<&str> = self
            .report
            .merged
            .iter()
            .filter(|r| r.kind == Kind::Replaced)
            .map(|r| r.function.as_str())
            .collect();
        for f in self.m.functions() {
            if self.m.globals[f]
                .common()
                .name
                .as_str()
                .is_some_and(|n| replaced.contains(n))
            {
                done.insert(f);
            }
        }
        loop {
            // Keyed by a key blind to callees' identities: equal modulo classes of callees
            // implies equal keys, and on real code most keys are unique (on all cores). LLVM's
            // structural hash is blind to callees too, and the pass knows it for every function
            // but those it created: only functions sharing it with another need the finer key.
            let m = &*self.m;
            let hasher = &self.hasher;
            let hashes = &self.hashes;
            let candidates: Vec<(GlobalId, u64)> = m
                .functions()
                .filter(|&f| is_eligible(m, f) && !self.barred.contains(&f) && !done.contains(&f))
                .collect::<Vec<_>>()
                .par_iter()
                .map(|&f| {
                    let h = hashes.get(&f).copied();
                    debug_assert!(h.is_none_or(|h| h == hasher.hash(m, f)), "stale hash");
                    (f, h.unwrap_or_else(|| hasher.hash(m, f)))
                })
                .collect();
            let mut sharing: FxHashMap<u64, u32> = FxHashMap::default();
            for &(_, h) in &candidates {
                *sharing.entry(h).or_default() += 1;
            }
            let candidates: Vec<GlobalId> = candidates
                .into_iter()
                .filter(|(_, h)| sharing[h] > 1)
                .map(|(f, _)| f)
                .collect();
            let known = &self.blind_keys;
            let funcs: Vec<(GlobalId, u64)> = candidates
                .par_iter()
                .map(|&f| match known.get(&f) {
                    Some(&k) => (f, k),
                    None => (f, hasher.callee_blind_key(m, f)),
                })
                .collect();
            self.blind_keys.extend(funcs.iter().copied());
            let classes =
                cycles::congruence_classes(self.m, &funcs, &mut self.report.counts.comparisons);
            // Members equal by LLVM's own rule, before this step changes anything, were LLVM's
            // to merge (or to leave, as thunks of one body are left): one of each such set
            // stands for it here, the others are left alone.
            let classes: Vec<Vec<GlobalId>> = classes
                .into_iter()
                .map(|class| self.one_per_plain_set(&class))
                .filter(|reps| reps.len() > 1)
                .collect();
            let before = self.report.merged.len();
            for class in classes {
                // Out of the tree first: their bodies or names are about to change.
                for &f in &class {
                    self.remove(f);
                }
                let mut f = class[0];
                for &g in &class[1..] {
                    if self.m.globals[f].deleted || self.m.globals[g].deleted {
                        continue;
                    }
                    let (a, b) = if is_func_order_correct(self.m, f, g, self.semantic_interposition)
                    {
                        (f, g)
                    } else {
                        (g, f)
                    };
                    self.merge_two(a, b);
                    done.insert(b);
                    f = a;
                }
            }
            for f in self.uses.take_modified() {
                self.keys.remove(&f);
                self.blind_keys.remove(&f);
            }
            if self.report.merged.len() == before {
                break;
            }
            // Callers of merged functions changed: LLVM's rule may now merge more of them,
            // merges that are as much this step's doing.
            self.run_deferred();
        }
        for r in &mut self.report.merged[first..] {
            r.cycle = true;
        }
        self.report.counts.cycles = self.report.merged.len() - first;
    }

    /// The first member of each set of `class`'s members that LLVM's comparator finds equal.
    fn one_per_plain_set(&mut self, class: &[GlobalId]) -> Vec<GlobalId> {
        let mut tree = FnTree::default();
        let m = &*self.m;
        let numbers = &mut self.numbers;
        let count = &mut self.report.counts.comparisons;
        class
            .iter()
            .copied()
            .filter(|&f| {
                tree.insert(Node { hash: 0, func: f }, |a, b| {
                    Self::compare(m, numbers, count, a, b)
                })
                .is_ok()
            })
            .collect()
    }

    /// `from` was replaced by `to` everywhere: pending handles that name `from` now name
    /// `to`, as LLVM's value handles follow RAUW.
    fn redirect(&mut self, from: GlobalId, to: GlobalId) {
        self.epoch += 1;
        self.forwards
            .entry(from)
            .or_default()
            .push((to, self.epoch));
    }

    /// The function a handle names now: follow each replacement made after the handle
    /// reached the function it names.
    fn resolve(&self, h: Handle) -> GlobalId {
        let (mut f, mut t) = (h.func, h.taken);
        while let Some(&(to, when)) = self
            .forwards
            .get(&f)
            .and_then(|v| v.iter().find(|&&(_, when)| when > t))
        {
            f = to;
            t = when;
        }
        f
    }

    /// A handle to `f`, taken now.
    fn handle(&self, f: GlobalId) -> Handle {
        Handle {
            func: f,
            taken: self.epoch,
        }
    }

    fn hash(&self, f: GlobalId) -> u64 {
        match self.opts.lookup {
            Lookup::Tree => 0,
            Lookup::Hybrid => match self.hashes.get(&f) {
                Some(&h) => {
                    debug_assert_eq!(h, self.hasher.hash(self.m, f), "stale structural hash");
                    h
                }
                None => self.hasher.hash(self.m, f),
            },
            Lookup::Hash => match self.keys.get(&f) {
                Some(&k) => {
                    debug_assert_eq!(k, self.hasher.key(self.m, f), "stale detailed key");
                    k
                }
                None => self.hasher.key(self.m, f),
            },
        }
    }

    fn compare(
        m: &Module,
        numbers: &mut GlobalNumbers,
        count: &mut u64,
        a: GlobalId,
        b: GlobalId,
    ) -> Ordering {
        *count += 1;
        FunctionComparator::new(m, a, b, numbers).compare()
    }

    /// Insert into the tree, or find the equal function already there. Every lookup keys the
    /// tree by [`hash`](Self::hash) (nothing for `tree`, LLVM's hash for `hybrid`, the
    /// detailed key for `hash`); a bucket is kept in the comparator's order, so a big bucket
    /// costs log n comparisons, not n.
    fn tree_insert(&mut self, f: GlobalId, hash: u64) -> Result<(), GlobalId> {
        let m = &*self.m;
        let numbers = &mut self.numbers;
        let count = &mut self.report.counts.comparisons;
        self.tree.insert(Node { hash, func: f }, |a, b| {
            Self::compare(m, numbers, count, a, b)
        })
    }

    fn tree_remove(&mut self, f: GlobalId, hash: u64) {
        self.tree.remove(f, hash);
    }

    fn tree_replace(&mut self, old: GlobalId, hash: u64, new: GlobalId) {
        self.tree.replace(old, hash, new);
        self.in_tree.remove(&old);
        self.in_tree.insert(new, hash);
    }

    fn insert(&mut self, new: GlobalId) {
        if self.in_tree.contains_key(&new) {
            return;
        }
        let hash = self.hash(new);
        let old = match self.tree_insert(new, hash) {
            Ok(()) => {
                self.in_tree.insert(new, hash);
                return;
            }
            Err(old) => old,
        };
        let (f, g) = if is_func_order_correct(self.m, old, new, self.semantic_interposition) {
            (old, new)
        } else {
            self.tree_replace(old, hash, new);
            (new, old)
        };
        self.merge_two(f, g);
        // Keys read operands: a rewritten function's key is computed again when it is next
        // inserted. (A function in the tree was taken out before its body changed.)
        for f in self.uses.take_modified() {
            self.keys.remove(&f);
            self.blind_keys.remove(&f);
        }
    }

    /// Take `f` out of the tree (if there) and defer it to the next round.
    fn remove(&mut self, f: GlobalId) {
        if let Some(h) = self.in_tree.remove(&f) {
            self.keys.remove(&f);
            self.tree_remove(f, h);
            let handle = self.handle(f);
            self.deferred.push(handle);
        }
    }

    /// Defer the functions with an instruction using `v` directly.
    fn remove_users(&mut self, v: GlobalId) {
        for f in self.uses.direct_user_functions(self.m, v) {
            self.remove(f);
        }
    }

    fn replace_direct_callers(&mut self, old: GlobalId, new: GlobalId) {
        for f in self.uses.direct_callers(self.m, old) {
            self.remove(f);
        }
        self.uses.replace_direct_callers(self.m, old, new);
    }

    fn replace_all_uses(&mut self, from: GlobalId, to: GlobalId) {
        self.uses.replace_all_uses(self.m, from, to);
        self.redirect(from, to);
    }

    fn name(&self, f: GlobalId) -> String {
        display_name(self.m, f, &self.private_names)
    }

    fn record(&mut self, g_name: String, into: GlobalId, kind: Kind) {
        let into = self.name(into);
        self.report.merged.push(Merged {
            function: g_name,
            into,
            kind,
            args: Vec::new(),
            cycle: false,
        });
    }

    /// LLVM's `writeThunkOrAlias`: returns the kind written, if any.
    fn write_thunk_or_alias(&mut self, f: GlobalId, g: GlobalId) -> Option<Kind> {
        if alias::can_create_alias_for(self.m, g, self.opts.use_aliases) {
            self.remove_users(g);
            let a = alias::write_alias(self.m, &mut self.uses, f, g);
            self.redirect(g, a);
            self.report.counts.aliases += 1;
            return Some(Kind::Alias);
        }
        if thunk::can_create_thunk_for(self.m, f) {
            // G keeps its body's entry block, so it has one: a double-weak merge's new
            // declaration gets an ordinary thunk (opt-22 crashes there).
            if self.opts.preserve_debug_info && self.m.function(g).is_some_and(|g| g.body.is_some())
            {
                thunk::write_thunk_in_place(self.m, &mut self.uses, f, g);
            } else {
                self.remove_users(g);
                let t = thunk::write_thunk(self.m, &mut self.uses, f, g);
                self.redirect(g, t);
            }
            self.report.counts.thunks += 1;
            return Some(Kind::Thunk);
        }
        None
    }

    fn thunk_alias_or_drop(&mut self, f: GlobalId, g: GlobalId) -> Option<Kind> {
        if self.m.globals[g]
            .common()
            .linkage
            .is_discardable_if_unused()
            && self.uses.is_unused(self.m, g)
        {
            self.uses.erase_function(self.m, g);
            self.report.counts.deleted += 1;
            return Some(Kind::Deleted);
        }
        self.write_thunk_or_alias(f, g)
    }

    /// Give twin `t` (kept as text) a clone of the body it stands for, now: a function the
    /// pass looks at.
    fn materialize(&mut self, t: GlobalId) {
        let Some(k) = self.twins.remove(&t) else {
            return;
        };
        let g = self.twin_groups[k].source;
        let body = definition(self.m, g)
            .filter(|b| !b.is_lazy())
            .expect("a twin's body is read and live")
            .clone();
        self.m.function_mut(t).expect("a function").body = Some(Box::new(body));
        // A twin names no function (`mergefn_ir::lazy`): its instructions use none, and
        // its text was in no list the pass keeps.
        self.uses.index_body(self.m, t);
        self.materialized.insert(t);
    }

    /// `g` is about to lose its body (merged away): its twins still kept as text clone the
    /// next of them instead, which takes g's body now, while it is still in step. (Each
    /// twin leaves its group's queue once: the pass stays linear in the twins.)
    fn rehome(&mut self, g: GlobalId) {
        let Some(k) = self.twin_source.remove(&g) else {
            return;
        };
        while let Some(next) = self.twin_groups[k].pending.pop_front() {
            if self.twins.get(&next) == Some(&k) {
                self.materialize(next);
                self.twin_groups[k].source = next;
                self.twin_source.insert(next, k);
                return;
            }
        }
    }

    /// Free the body of `g`, a twin given a clone and merged away since: deleted, with no
    /// metadata (which a deleted body still decides the numbering of).
    fn drop_twin_body(&mut self, g: GlobalId) {
        if !self.materialized.contains(&g) || !self.m.globals[g].deleted {
            return;
        }
        let Some(f) = self.m.function_mut(g) else {
            return;
        };
        let plain = f.body.as_ref().is_some_and(|b| {
            b.md_args.is_empty()
                && b.insts
                    .values()
                    .all(|d| d.md.is_empty() && d.debug.is_none())
        });
        if plain {
            f.body = None;
            self.materialized.remove(&g);
        }
    }

    fn merge_two(&mut self, f: GlobalId, g: GlobalId) {
        self.rehome(g);
        self.merge_two_in_step(f, g);
        self.drop_twin_body(g);
    }

    fn merge_two_in_step(&mut self, f: GlobalId, g: GlobalId) {
        let fl = self.m.globals[f].common().linkage;
        let gl = self.m.globals[g].common().linkage;
        let si = self.semantic_interposition;
        if is_interposable(self.m, f, si) || (is_odr(fl) && is_odr(gl)) {
            self.merge_double_weak(f, g);
            return;
        }
        let g_name = self.name(g);
        let pdi = self.opts.preserve_debug_info;
        if !is_interposable(self.m, g, si) && !pdi {
            let gc = self.m.globals[g].common();
            if gc.unnamed_addr == UnnamedAddr::Global && !self.used.contains(&g) {
                self.numbers.erase(g);
                self.remove_users(g);
                self.replace_all_uses(g, f);
            } else {
                self.replace_direct_callers(g, f);
            }
        }
        if gl.is_discardable_if_unused() && self.uses.is_unused(self.m, g) && !pdi {
            self.uses.erase_function(self.m, g);
            self.report.counts.merged += 1;
            self.report.counts.deleted += 1;
            self.record(g_name, f, Kind::Deleted);
            return;
        }
        match self.write_thunk_or_alias(f, g) {
            Some(kind) => {
                self.report.counts.merged += 1;
                self.record(g_name, f, kind);
            }
            None => {
                self.report.counts.replaced += 1;
                self.record(g_name, f, Kind::Replaced);
            }
        }
    }

    /// Both copies may be replaced at link time (or both are ODR): move the body into a new
    /// private function and make both names thunks (or aliases) to it.
    fn merge_double_weak(&mut self, f: GlobalId, g: GlobalId) {
        let use_aliases = self.opts.use_aliases;
        if !thunk::can_create_thunk_for(self.m, f)
            && (!alias::can_create_alias_for(self.m, f, use_aliases)
                || !alias::can_create_alias_for(self.m, g, use_aliases))
        {
            return;
        }
        let f_name = self.name(f);
        let g_name = self.name(g);
        // NewF: a declaration that takes F's name and attributes; F keeps the body.
        let mut new_f = self
            .m
            .function(f)
            .expect("F is a function")
            .clone_without_body();
        new_f
            .md
            .retain(|a| matches!(&*a.kind, "type" | "kcfi_type"));
        self.m.globals[f].common_mut().name = Name::Unnamed;
        let nf = self.m.add_global(GlobalKind::Function(Box::new(new_f)));
        self.remove_users(f);
        self.replace_all_uses(f, nf);
        let private = format!("<private {f_name}>");
        self.private_names.insert(f, private.clone());
        if is_odr(self.m.globals[g].common().linkage) {
            self.replace_direct_callers(g, f);
        }
        if is_odr(self.m.globals[f].common().linkage) {
            self.replace_direct_callers(nf, f);
        }
        let nf_align = self.m.function(nf).expect("NewF").align;
        let g_align = self.m.function(g).expect("G").align;
        // LLVM 22 drops a discardable name nothing refers to any more instead of giving it a
        // thunk (observed with opt-22: unused linkonce_odr copies disappear).
        let kg = self.thunk_alias_or_drop(f, g);
        let knf = self.thunk_alias_or_drop(f, nf);
        self.m.function_mut(f).expect("F").align = alias::max_align(nf_align, g_align);
        make_private(self.m, f);
        self.report.counts.new_functions += 1;
        self.report.counts.merged += 1;
        self.report.created.push(private);
        if let Some(k) = kg {
            self.record(g_name, f, k);
        }
        if let Some(k) = knf {
            self.record(f_name, f, k);
        }
    }
}

/// Make F private and nameless (the body of a double-weak merge), as `setLinkage(Private)`
/// after `takeName` leaves it.
fn make_private(m: &mut Module, f: GlobalId) {
    let c = m.globals[f].common_mut();
    c.linkage = Linkage::Private;
    c.visibility = Visibility::Default;
    c.dso_local = true;
    // A local symbol has no DLL storage class (LLVM's `setLinkage` clears it for local
    // linkage): a `weak_odr dllexport` pair on Windows leaves a plain private body.
    c.dll = DllStorage::Default;
    // The comdat stays with the name (NewF); opt-22 leaves the private body in none.
    c.comdat = None;
}
