//! `--merge-similar`: functions that differ only in constant operands share one body.
//!
//! After LLVM's pass has merged what is equal, functions that are equal except for some
//! constant operands (an integer, a global they load from, a function they call) are grouped;
//! each group's body moves into one new private function that takes the differing constants
//! as extra parameters, and every member becomes a thunk that tail-calls it with its own
//! constants. A cost model in estimated machine bytes decides, so a group is merged only where
//! the thunks and the parameters cost less than the bodies they replace.
//!
//! Why the program computes the same results (the argument docs/ARCHITECTURE.md expands):
//! the comparator walked both functions pairing instructions one to one and found everything
//! equal (signature, CFG, opcodes, types, flags, the metadata it reads, local values) except
//! at the recorded operands, which hold constants of one type. The merged body is the
//! representative's body with each recorded operand replaced by a parameter, so called with
//! member M's constants it executes, instruction for instruction, M's body; M's thunk calls
//! it with exactly those constants and returns its result. The rules below keep the places
//! where IR demands a constant (GEP struct indices, `switch` cases, intrinsic arguments,
//! `alloca` sizes, inline asm) and the things a moved body cannot take along (its own
//! address in a `blockaddress`, `musttail` calls, whose prototype must match) out of the
//! merge. Poison-generating and fast-math flags the members disagree on are intersected:
//! an instruction with fewer such flags assumes less, so it computes what each member's did
//! wherever that member's was defined. Metadata attached to instructions other than `!dbg` (`!range`, `!tbaa`,
//! `!nonnull`, ...) describes one instance and is dropped from the shared body: dropping it
//! only forgoes optimisation, where keeping it could make another member's behaviour
//! undefined. Each member keeps its name, linkage and address (a thunk), so interposition,
//! address comparisons and external callers see what they saw.

use crate::thunk;
use crate::uses::Uses;
use crate::{calling_intrinsics_with_distinct_metadata, Counts, Kind, Merged};
use mergefn_compare::similar::{similar, OperandDiff, Similarity, Weakened};
use mergefn_compare::{GlobalNumbers, StructuralHasher};
use mergefn_ir::attr::{Attr, AttrSet};
use mergefn_ir::inst::{Flags, InstExtra, Opcode, TailKind};
use mergefn_ir::uses::User;
use mergefn_ir::{
    Const, ConstData, DllStorage, Function, GlobalId, GlobalKind, Inst, InstData, Linkage,
    Metadata, Module, Name, Param, Type, TypeData, UnnamedAddr, Value, Visibility,
};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

/// At most this many extra parameters per merged body. Past the argument registers of the
/// common ABIs each one costs a stack slot at every call, which the cost model charges as a
/// move; the bound keeps the greedy grouping and the calls small. Measured on zstd (final
/// `.text`, with ICF): 4 → 521,069 bytes, 8 → 507,245, 16 → 497,357.
const MAX_EXTRA_PARAMS: usize = 16;

/// Comparisons spent on one bucket of same-shaped functions at most (a bucket of n costs up
/// to n²/2 otherwise).
const BUCKET_BUDGET: usize = 4096;

/// A group is merged only when the estimate saves at least this many bytes.
const MIN_SAVING: i64 = 16;

/// One group to merge: the representative (whose body is kept) first.
struct Group {
    members: Vec<GlobalId>,
    /// For each extra parameter: the operands (in the representative) it replaces.
    params: Vec<Vec<(Inst, usize)>>,
    /// `args[i][p]`: the constant member `i` passes for parameter `p`.
    args: Vec<Vec<Const>>,
    /// Instructions (in the representative) whose flags some member has weaker.
    weakened: Vec<Weakened>,
}

/// Run the similar-function merge on `m` (after the LLVM pass); appends to `merged` and
/// `created` and counts in `counts`.
pub(crate) fn merge_similar(
    m: &mut Module,
    uses: &mut Uses,
    hashes: &FxHashMap<GlobalId, u64>,
    merged: &mut Vec<Merged>,
    created: &mut Vec<String>,
    counts: &mut Counts,
) {
    let cost = CostModel::for_triple(m.triple.as_deref());
    let Some(cost) = cost else { return };
    let (candidates, md_named) = scan(m);
    let groups = {
        let sites = |f: GlobalId| call_sites(m, uses, &md_named, f).map(|v| v.len());
        find_groups(m, &candidates, hashes, &cost, &sites)
    };
    if groups.is_empty() {
        return;
    }
    // A member whose address another member's thunk will pass keeps a thunk of its own.
    let passed: FxHashSet<GlobalId> = groups
        .iter()
        .flat_map(|g| g.args.iter().flatten())
        .filter_map(|&c| m.consts.as_global(c))
        .collect();
    // Bodies move first, then the use index is built over the module as it then is, and the
    // members become thunks or vanish behind their rewritten callers.
    let mut bodies = Vec::with_capacity(groups.len());
    for g in &groups {
        let p = make_parameterized_body(m, g);
        // The representative's uses now live in the new body (its old entries name a function
        // without a body, so they read as dead).
        uses.index_body(m, p);
        created.push(m.global_name(p));
        bodies.push(p);
    }
    // Thunks written so far, by the member they replaced: a later thunk may pass one of those
    // members as its constant (callees differ), and must name the thunk instead.
    let mut thunks: FxHashMap<GlobalId, GlobalId> = FxHashMap::default();
    for (g, &p) in groups.iter().zip(&bodies) {
        let into = m.global_name(p);
        for (&member, args) in g.members.iter().zip(&g.args) {
            let name = m.global_name(member);
            let args: Vec<Const> = args
                .iter()
                .map(
                    |&c| match m.consts.as_global(c).and_then(|f| thunks.get(&f)) {
                        Some(&t) => m.global_const(t),
                        None => c,
                    },
                )
                .collect();
            let shown = args
                .iter()
                .map(|&c| mergefn_ir::writer::const_to_string(m, c))
                .collect();
            let sites = (!passed.contains(&member))
                .then(|| call_sites(m, uses, &md_named, member))
                .flatten()
                .filter(|s| cost.replacement(Some(s.len()), args.len()).0);
            let kind = match sites {
                Some(sites) => {
                    rewrite_calls(m, uses, &sites, p, &args);
                    uses.erase_function(m, member);
                    counts.deleted += 1;
                    Kind::Rewritten
                }
                None => {
                    let t = thunk::write_thunk_passing(m, uses, p, member, &args);
                    thunks.insert(member, t);
                    counts.thunks += 1;
                    Kind::Parameterized
                }
            };
            counts.parameterized += 1;
            merged.push(Merged {
                function: name,
                into: into.clone(),
                kind,
                args: shown,
                cycle: false,
            });
        }
        counts.new_functions += 1;
    }
}

/// One parallel walk over the bodies: the functions the similar merge may touch (see
/// [`is_candidate`]), and the globals named by metadata inside bodies (debug records,
/// metadata arguments, instruction attachments holding a value), which keep their names.
fn scan(m: &Module) -> (Vec<GlobalId>, FxHashSet<GlobalId>) {
    let barred = calling_intrinsics_with_distinct_metadata(m);
    let block_addressed: FxHashSet<GlobalId> = m
        .consts
        .iter()
        .filter_map(|(_, d)| match d {
            ConstData::BlockAddress { func, .. } => m.consts.as_global(*func),
            _ => None,
        })
        .collect();
    let funcs: Vec<GlobalId> = m.functions().collect();
    let per_fn: Vec<(bool, Vec<GlobalId>)> = funcs
        .par_iter()
        .map(|&f| {
            let Some(body) = m.function(f).and_then(|x| x.body.as_ref()) else {
                return (false, Vec::new());
            };
            let candidate =
                !barred.contains(&f) && !block_addressed.contains(&f) && is_candidate(m, f, body);
            (candidate, globals_in_instruction_metadata(m, body))
        })
        .collect();
    let mut candidates = Vec::new();
    let mut named = FxHashSet::default();
    for (&f, (c, n)) in funcs.iter().zip(per_fn) {
        if c {
            candidates.push(f);
        }
        named.extend(n);
    }
    (candidates, named)
}

fn globals_in_instruction_metadata(m: &Module, body: &mergefn_ir::Body) -> Vec<GlobalId> {
    let mut out = Vec::new();
    let mut note = |md: &Metadata| {
        let mut add = |v: &Value| {
            if let Some(g) = v.as_const().and_then(|c| m.consts.as_global(c)) {
                out.push(g);
            }
        };
        match md {
            Metadata::Value(_, v) => add(v),
            Metadata::ArgList(l) => l.iter().for_each(|(_, v)| add(v)),
            _ => {}
        }
    };
    body.md_args.values().for_each(&mut note);
    for i in body.insts_in_order() {
        let d = &body.insts[i];
        d.md.iter().for_each(|a| note(&a.md));
        if let Some(dbg) = &d.debug {
            dbg.records.iter().flat_map(|r| &r.ops).for_each(&mut note);
        }
    }
    out
}

/// The calls of `f`, when they are all there is to it: `f` may vanish (local or
/// `linkonce_odr`, so discardable and not interposable), every live use is the callee of a
/// `call` or `invoke` of `f`'s own type, without `musttail` (the caller's prototype would have
/// to match the shared body's) or operand bundles, and no metadata names it. `None` otherwise.
fn call_sites(
    m: &Module,
    uses: &Uses,
    md_named: &FxHashSet<GlobalId>,
    f: GlobalId,
) -> Option<Vec<(GlobalId, Inst)>> {
    let g = &m.globals[f];
    let linkage = g.common().linkage;
    if !(linkage.is_local() || linkage == Linkage::LinkOnceOdr)
        || md_named.contains(&f)
        || uses.named_in_metadata(m, f)
    {
        return None;
    }
    let fn_ty = g.value_ty();
    uses.live_users(m, f)
        .into_iter()
        .map(|u| {
            let User::Inst {
                func,
                inst,
                operand,
                ..
            } = u
            else {
                return None;
            };
            let d = &m.function(func)?.body.as_ref()?.insts[inst];
            let c = d.call_info()?;
            let direct = matches!(d.opcode, Opcode::Call | Opcode::Invoke)
                && operand as usize + 1 == d.operands.len()
                && c.fn_ty == fn_ty
                && c.tail != TailKind::MustTail
                && c.bundles.is_empty();
            direct.then_some((func, inst))
        })
        .collect()
}

/// Make the calls at `sites` call `p`, passing `extra` after their own arguments.
fn rewrite_calls(
    m: &mut Module,
    uses: &mut Uses,
    sites: &[(GlobalId, Inst)],
    p: GlobalId,
    extra: &[Const],
) {
    let p_ty = m.globals[p].value_ty();
    let p_const = m.global_const(p);
    for &(func, inst) in sites {
        let d = &mut m
            .function_mut(func)
            .and_then(|f| f.body.as_mut())
            .expect("a caller with a body")
            .insts[inst];
        let nargs = d.num_call_args();
        for (k, &c) in extra.iter().enumerate() {
            d.operands.insert(nargs + k, Value::Const(c));
        }
        let callee = d.operands.len() - 1;
        d.operands[callee] = Value::Const(p_const);
        if let InstExtra::Call(c) = &mut d.extra {
            c.fn_ty = p_ty;
        }
        let user = |operand: usize| User::Inst {
            func,
            inst,
            operand: operand as u32,
            direct: true,
        };
        uses.add(p, user(callee));
        for (k, &c) in extra.iter().enumerate() {
            if let Some(h) = m.consts.as_global(c) {
                uses.add(h, user(nargs + k));
            }
        }
    }
}

/// Whether the similar merge may touch `f` (a definition with `body`), as far as its own
/// properties go: a body it can move and a signature a thunk can forward.
fn is_candidate(m: &Module, f: GlobalId, body: &mergefn_ir::Body) -> bool {
    let g = &m.globals[f];
    let Some(func) = g.as_function() else {
        return false;
    };
    let c = g.common();
    !g.deleted
        && c.linkage != Linkage::AvailableExternally
        && !c.name.as_str().is_some_and(|n| n.starts_with("llvm."))
        && !m.types.func_parts(func.fn_ty).is_some_and(|p| p.2)
        && matches!(func.cc.0.as_deref(), None | Some("fastcc"))
        && func.prefix.is_none()
        && func.prologue.is_none()
        && !has_attr(
            m,
            func,
            &["naked", "inalloca", "preallocated", "swifterror"],
        )
        && !body
            .insts_in_order()
            .any(|i| moves_badly(m, &body.insts[i]))
}

/// Whether a function or any parameter has an attribute of one of `kinds`.
fn has_attr(m: &Module, f: &Function, kinds: &[&str]) -> bool {
    let set_has = |s: &mergefn_ir::attr::AttrSet| {
        s.attrs
            .iter()
            .chain(
                s.groups
                    .iter()
                    .filter_map(|g| m.attr_groups.get(g))
                    .flatten(),
            )
            .any(|a: &Attr| kinds.contains(&a.kind()))
    };
    set_has(&f.attrs.func) || f.attrs.params.iter().any(set_has)
}

/// Instructions that cannot move into a body with another prototype: `musttail` calls (the
/// caller's prototype must match the callee's), and the escape intrinsics that tie frames to
/// a function by name.
fn moves_badly(m: &Module, d: &InstData) -> bool {
    let Some(c) = d.call_info() else { return false };
    c.tail == TailKind::MustTail
        || callee_name(m, d).is_some_and(|n| {
            matches!(
                n,
                "llvm.localescape" | "llvm.localrecover" | "llvm.icall.branch.funnel"
            )
        })
}

fn callee_name<'m>(m: &'m Module, d: &InstData) -> Option<&'m str> {
    let g = m.consts.as_global(d.callee()?.as_const()?)?;
    m.globals[g].common().name.as_str()
}

/// Whether a value of type `t` can be passed as an extra parameter: scalars and vectors of
/// them (no aggregates, tokens, labels or metadata).
fn passable(m: &Module, t: Type) -> bool {
    match m.types.get(t) {
        TypeData::Int(_) | TypeData::Float(_) | TypeData::Ptr(_) => true,
        TypeData::Vector {
            elem,
            scalable: false,
            ..
        } => matches!(
            m.types.get(*elem),
            TypeData::Int(_) | TypeData::Float(_) | TypeData::Ptr(_)
        ),
        _ => false,
    }
}

/// Whether operand `i` of the (representative's) instruction `d` may become a parameter.
/// Constants IR requires stay: GEP indices (struct fields), `switch` case values, `alloca`
/// sizes, exception-handling operands, and everything of calls to intrinsics (`immarg`) or
/// inline asm (immediate constraints).
fn parameterizable(m: &Module, d: &InstData, i: usize) -> bool {
    let Some(c) = d.operands[i].as_const() else {
        return false;
    };
    if !passable(m, m.consts.ty(c)) {
        return false;
    }
    match d.opcode {
        Opcode::GetElementPtr | Opcode::Switch => i == 0,
        Opcode::Alloca
        | Opcode::LandingPad
        | Opcode::CatchPad
        | Opcode::CleanupPad
        | Opcode::CatchSwitch
        | Opcode::CatchRet
        | Opcode::CleanupRet
        | Opcode::Resume
        | Opcode::IndirectBr => false,
        Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
            let Some(callee) = d.callee() else {
                return false;
            };
            let direct = callee
                .as_const()
                .and_then(|c| m.consts.as_global(c))
                .is_some_and(|g| is_plain_function(m, g));
            direct && (i < d.num_call_args() || i == d.operands.len() - 1)
        }
        _ => true,
    }
}

/// A function that may be called through a pointer: not an intrinsic.
fn is_plain_function(m: &Module, g: GlobalId) -> bool {
    m.globals[g].as_function().is_some()
        && !m.globals[g]
            .common()
            .name
            .as_str()
            .is_some_and(|n| n.starts_with("llvm."))
}

/// The right side of a difference must fit the same rule: a call target differing from a
/// plain function must be a plain function too. And neither side may be a constant
/// expression naming a function: the thunks pass these constants, and a function merged
/// away later must be found among their uses, which are tracked for plain references only.
fn right_side_ok(m: &Module, rep: &mergefn_ir::Body, d: &OperandDiff) -> bool {
    let inst = &rep.insts[d.inst];
    let is_callee = inst.callee().is_some() && d.operand == inst.operands.len() - 1;
    let callee_ok = !is_callee
        || m.consts
            .as_global(d.right)
            .is_some_and(|g| is_plain_function(m, g));
    callee_ok && !names_function_inside(m, d.left, 8) && !names_function_inside(m, d.right, 8)
}

/// Whether `c` is a constant expression (or aggregate) with a function among its operands,
/// looking `depth` levels down (deeper counts as yes).
fn names_function_inside(m: &Module, c: Const, depth: u32) -> bool {
    if m.consts.as_global(c).is_some() {
        return false;
    }
    m.consts.operand_slice(c).iter().any(|&o| {
        depth == 0
            || m.consts
                .as_global(o)
                .is_some_and(|g| m.globals[g].as_function().is_some())
            || names_function_inside(m, o, depth - 1)
    })
}

/// Groups worth merging. `sites(f)` is the number of calls to `f` when they can be rewritten
/// to call the shared body directly (then `f` needs no thunk), `None` when `f` keeps one.
fn find_groups(
    m: &Module,
    candidates: &[GlobalId],
    hashes: &FxHashMap<GlobalId, u64>,
    cost: &CostModel,
    sites: &(dyn Fn(GlobalId) -> Option<usize> + Sync),
) -> Vec<Group> {
    // LLVM's structural hash (opcodes in CFG order), from the pass: merging rewrote only
    // operands, and the functions it created (thunks) have none and are too small anyway.
    let mut buckets: FxHashMap<(u64, Type), Vec<GlobalId>> = FxHashMap::default();
    for &f in candidates {
        let Some(&h) = hashes.get(&f) else { continue };
        let ty = m.globals[f].value_ty();
        buckets.entry((h, ty)).or_default().push(f);
    }
    let mut keys: Vec<_> = buckets
        .iter()
        .filter(|(_, v)| v.len() > 1)
        .map(|(k, v)| (v[0], *k))
        .collect();
    // In module order: global ids depend on how many threads read the module.
    let position: FxHashMap<GlobalId, usize> = candidates
        .iter()
        .enumerate()
        .map(|(i, &f)| (f, i))
        .collect();
    keys.sort_unstable_by_key(|&(first, _)| position[&first]);
    let accept = |d: &InstData, i: usize| parameterizable(m, d, i);
    let hasher = StructuralHasher::new(m);
    // Buckets are independent: on all cores, each with its own global numbering; the groups
    // come back in bucket order, so the result does not depend on the number of threads.
    let per_bucket: Vec<Vec<Group>> = keys
        .par_iter()
        .map(|&(_, key)| {
            let numbers = GlobalNumbers::default();
            let bucket = &buckets[&key];
            // Only functions with equal similar keys can be similar: past two members, the
            // bucket splits by key first (one walk per function instead of a failed
            // comparison per pair), each class in the bucket's order.
            let classes: Vec<Vec<GlobalId>> = if bucket.len() > 2 {
                let mut by_key: FxHashMap<u64, usize> = FxHashMap::default();
                let mut classes: Vec<Vec<GlobalId>> = Vec::new();
                for &f in bucket {
                    let k = hasher.similar_key(m, f);
                    let i = *by_key.entry(k).or_insert_with(|| {
                        classes.push(Vec::new());
                        classes.len() - 1
                    });
                    classes[i].push(f);
                }
                classes
            } else {
                vec![bucket.clone()]
            };
            let position: FxHashMap<GlobalId, usize> =
                bucket.iter().enumerate().map(|(i, &f)| (f, i)).collect();
            let mut groups: Vec<(usize, Group)> = Vec::new();
            let mut budget = BUCKET_BUDGET;
            for mut rest in classes {
                while rest.len() > 1 && budget > 0 {
                    let rep = rest[0];
                    let body = m
                        .function(rep)
                        .and_then(|f| f.body.as_ref())
                        .expect("a body");
                    let mut members = vec![(rep, Similarity::default())];
                    let mut positions: FxHashSet<(Inst, usize)> = FxHashSet::default();
                    let mut left = Vec::new();
                    for &g in &rest[1..] {
                        if budget == 0 {
                            left.push(g);
                            continue;
                        }
                        budget -= 1;
                        let joined = similar(m, rep, g, &numbers, &accept).filter(|s| {
                            s.operands.iter().all(|d| right_side_ok(m, body, d))
                                && positions
                                    .iter()
                                    .copied()
                                    .chain(s.operands.iter().map(|d| (d.inst, d.operand)))
                                    .collect::<FxHashSet<_>>()
                                    .len()
                                    <= MAX_EXTRA_PARAMS
                        });
                        match joined {
                            Some(s) => {
                                positions.extend(s.operands.iter().map(|d| (d.inst, d.operand)));
                                members.push((g, s));
                            }
                            None => left.push(g),
                        }
                    }
                    rest = left;
                    if members.len() < 2 {
                        continue;
                    }
                    let group = parameters(body, members, positions);
                    let uses: usize = group.params.iter().map(Vec::len).sum();
                    let calls: Vec<Option<usize>> =
                        group.members.iter().map(|&f| sites(f)).collect();
                    if cost.saving(m, body, &calls, group.params.len(), uses) >= MIN_SAVING {
                        groups.push((position[&rep], group));
                    }
                }
            }
            // In the order of their representatives in the bucket, as if it had not split.
            groups.sort_by_key(|&(i, _)| i);
            groups.into_iter().map(|(_, g)| g).collect::<Vec<Group>>()
        })
        .collect();
    per_bucket.into_iter().flatten().collect()
}

/// The extra parameters of a group: one per distinct column of constants (positions whose
/// constants agree across all members share a parameter), in the order of the
/// representative's instructions.
fn parameters(
    body: &mergefn_ir::Body,
    members: Vec<(GlobalId, Similarity)>,
    positions: FxHashSet<(Inst, usize)>,
) -> Group {
    let mut positions: Vec<(Inst, usize)> = positions.into_iter().collect();
    positions.sort_unstable();
    let column = |(inst, op): (Inst, usize)| -> Vec<Const> {
        let own = body.insts[inst].operands[op]
            .as_const()
            .expect("a recorded operand is a constant");
        members
            .iter()
            .map(|(_, s)| {
                s.operands
                    .iter()
                    .find(|d| d.inst == inst && d.operand == op)
                    .map_or(own, |d| d.right)
            })
            .collect()
    };
    let mut params: Vec<Vec<(Inst, usize)>> = Vec::new();
    let mut columns: Vec<Vec<Const>> = Vec::new();
    for pos in positions {
        let col = column(pos);
        match columns.iter().position(|c| *c == col) {
            Some(p) => params[p].push(pos),
            None => {
                columns.push(col);
                params.push(vec![pos]);
            }
        }
    }
    let args = (0..members.len())
        .map(|i| columns.iter().map(|c| c[i]).collect())
        .collect();
    let weakened = members
        .iter()
        .flat_map(|(_, s)| s.weakened.iter().copied())
        .collect();
    Group {
        members: members.into_iter().map(|(g, _)| g).collect(),
        params,
        args,
        weakened,
    }
}

/// Move the representative's body into a new private function with the extra parameters;
/// returns it. The representative is left without a body (it becomes a thunk next).
fn make_parameterized_body(m: &mut Module, g: &Group) -> GlobalId {
    let rep = g.members[0];
    let rep_fn = m.function(rep).expect("a function");
    let mut new_fn = rep_fn.clone_without_body();
    let (ret, mut params, _) = m
        .types
        .func_parts(rep_fn.fn_ty)
        .map(|(r, p, v)| (r, p.to_vec(), v))
        .expect("a function type");
    let base = params.len() as u32;
    let mut body = m
        .function_mut(rep)
        .expect("a function")
        .body
        .take()
        .expect("a body");
    for (k, ops) in g.params.iter().enumerate() {
        let ty = m.consts.ty(g.args[0][k]);
        params.push(ty);
        new_fn.params.push(Param {
            ty,
            name: Name::Unnamed,
        });
        for &(inst, op) in ops {
            body.insts[inst].operands[op] = Value::Arg(base + k as u32);
        }
    }
    for i in body.insts.keys() {
        body.insts[i].md.clear();
    }
    // Flags the members disagree on are intersected: each member's instruction assumed at
    // most what the shared one now assumes.
    const POISON_FLAGS: u16 = Flags::NUW
        | Flags::NSW
        | Flags::EXACT
        | Flags::DISJOINT
        | Flags::NNEG
        | Flags::SAMESIGN
        | Flags::INBOUNDS
        | Flags::NUSW;
    for w in &g.weakened {
        let d = &mut body.insts[w.inst];
        d.flags.0 &= w.flags.0 | !POISON_FLAGS;
        d.fmf.0 &= w.fmf.0;
    }
    new_fn.attrs = shared_attrs(m, &g.members);
    new_fn.fn_ty = m.types.intern(TypeData::Func {
        ret,
        params,
        varargs: false,
    });
    new_fn.body = Some(body);
    new_fn.common.name = match &new_fn.common.name {
        Name::Named(n) => Name::Named(unique_name(m, &format!("{n}.similar")).into()),
        Name::Unnamed => Name::Unnamed,
    };
    new_fn.common.linkage = Linkage::Private;
    new_fn.common.visibility = Visibility::Default;
    new_fn.common.dll = DllStorage::Default;
    new_fn.common.dso_local = true;
    new_fn.common.unnamed_addr = UnnamedAddr::Global;
    new_fn.common.comdat = None;
    new_fn.common.partition = None;
    // The type ids name the members' addresses, which stay with the members.
    new_fn
        .md
        .retain(|a| !matches!(&*a.kind, "type" | "kcfi_type"));
    m.add_global(GlobalKind::Function(Box::new(new_fn)))
}

/// The attributes of a body shared by `members` (the first is the representative, whose list
/// it starts from): its list when all members have the same; otherwise, set by set, the
/// attributes of its groups written out, keeping each droppable one
/// ([`mergefn_compare::similar::droppable`]) only where every member has it, the same. The
/// comparator found the lists equal but for droppable attributes.
fn shared_attrs(m: &Module, members: &[GlobalId]) -> mergefn_ir::AttrList {
    let lists: Vec<&mergefn_ir::AttrList> = members
        .iter()
        .map(|&f| &m.function(f).expect("a function").attrs)
        .collect();
    let rep = lists[0].clone();
    if lists.iter().all(|l| **l == rep) {
        return rep;
    }
    let expand = |set: &AttrSet| -> Vec<Attr> {
        set.attrs
            .iter()
            .chain(
                set.groups
                    .iter()
                    .filter_map(|g| m.attr_groups.get(g))
                    .flatten(),
            )
            .cloned()
            .collect()
    };
    let set_of = |l: &mergefn_ir::AttrList, i: usize| -> Option<AttrSet> {
        match i {
            0 => Some(l.func.clone()),
            1 => Some(l.ret.clone()),
            n => l.params.get(n - 2).cloned(),
        }
    };
    let shared = |i: usize| -> AttrSet {
        let mine = set_of(lists[0], i).unwrap_or_default();
        let others: Vec<Vec<Attr>> = lists[1..]
            .iter()
            .map(|l| set_of(l, i).map(|s| expand(&s)).unwrap_or_default())
            .collect();
        if lists[1..]
            .iter()
            .all(|l| set_of(l, i).unwrap_or_default() == mine)
        {
            return mine;
        }
        let attrs = expand(&mine)
            .into_iter()
            .filter(|a| {
                !mergefn_compare::similar::droppable(a) || others.iter().all(|o| o.contains(a))
            })
            .collect();
        AttrSet {
            attrs,
            groups: Default::default(),
        }
    };
    let n_params = lists.iter().map(|l| l.params.len()).max().unwrap_or(0);
    mergefn_ir::AttrList {
        func: shared(0),
        ret: shared(1),
        params: (0..n_params).map(|p| shared(p + 2)).collect(),
    }
}

fn unique_name(m: &Module, want: &str) -> String {
    let mut name = want.to_string();
    let mut k = 1;
    while m.global_by_name(&name).is_some() {
        name = format!("{want}.{k}");
        k += 1;
    }
    name
}

/// Estimated machine bytes, per target: what a body, a thunk and a parameter cost.
///
/// The estimate is coarse on purpose: it only has to rank "merge" against "keep". Per IR
/// instruction it charges what x86-64 usually emits (a load or store 4 bytes, a call 5 plus
/// argument moves, debug intrinsics and phis nothing, ...), scaled for fixed-width ISAs;
/// each function pays an entry/exit and half its alignment padding.
pub(crate) struct CostModel {
    /// Bytes per x86-64 byte: 1 for x86, more for fixed 4-byte instruction sets.
    scale: f64,
    /// Function alignment in bytes (half of it is padding on average).
    align: i64,
}

impl CostModel {
    /// The model for a target triple; `None` for targets where merging is not attempted
    /// (GPUs: their kernels' calling conventions and code-size trade-offs differ).
    pub(crate) fn for_triple(triple: Option<&str>) -> Option<CostModel> {
        let arch = triple.unwrap_or("x86_64").split('-').next().unwrap_or("");
        let (scale, align) = match arch {
            "x86_64" | "i386" | "i686" | "x86" => (1.0, 16),
            a if a.starts_with("aarch64") || a.starts_with("arm64") => (1.15, 4),
            a if a.starts_with("riscv") || a.starts_with("arm") || a.starts_with("thumb") => {
                (1.1, 4)
            }
            a if a.starts_with("wasm") => (0.8, 1),
            a if a.starts_with("nvptx") || a.starts_with("amdgcn") || a.starts_with("spir") => {
                return None
            }
            _ => (1.1, 8),
        };
        Some(CostModel { scale, align })
    }

    fn inst_bytes(m: &Module, d: &InstData) -> f64 {
        match d.opcode {
            Opcode::Phi | Opcode::Alloca | Opcode::Freeze | Opcode::Unreachable => 0.0,
            Opcode::BitCast | Opcode::PtrToInt | Opcode::IntToPtr | Opcode::AddrSpaceCast => 0.0,
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                if thunk::is_debug_intrinsic(m, d) {
                    0.0
                } else {
                    5.0 + 2.0 * d.num_call_args() as f64
                }
            }
            Opcode::Switch => 6.0 + 6.0 * (d.operands.len() / 2) as f64,
            Opcode::Br if d.operands.len() == 1 => 2.0,
            Opcode::Ret => 1.0,
            Opcode::GetElementPtr => 3.0,
            Opcode::Select => 5.0,
            Opcode::SDiv | Opcode::UDiv | Opcode::SRem | Opcode::URem => 6.0,
            Opcode::AtomicRmw | Opcode::CmpXchg => 6.0,
            _ => 4.0,
        }
    }

    /// How a member with `calls` rewritable calls (see [`call_sites`]) is best replaced when
    /// the shared body takes `k` extra parameters: whether to rewrite its calls (each then
    /// moves `k` more constants) rather than keep a thunk (a jump after `k` moves, and its
    /// padding; no frame), and the bytes that costs.
    fn replacement(&self, calls: Option<usize>, k: usize) -> (bool, f64) {
        let moves = 5.0 * k as f64;
        let thunk = 5.0 + moves + self.align as f64 / 2.0;
        match calls {
            Some(n) if n as f64 * moves <= thunk => (true, n as f64 * moves),
            _ => (false, thunk),
        }
    }

    /// Estimated machine bytes of `f`'s body with its entry/exit and padding (0 for a
    /// declaration).
    pub(crate) fn function_bytes(&self, m: &Module, f: GlobalId) -> u64 {
        let Some(body) = m.function(f).and_then(|f| f.body.as_ref()) else {
            return 0;
        };
        let insts: f64 = body
            .insts_in_order()
            .map(|i| Self::inst_bytes(m, &body.insts[i]))
            .sum();
        ((insts + self.fn_overhead()) * self.scale).round() as u64
    }

    fn fn_overhead(&self) -> f64 {
        4.0 + self.align as f64 / 2.0
    }

    /// Bytes saved by merging functions like `body` into one with `k` extra parameters used
    /// at `uses` operands, each member replaced as [`replacement`](Self::replacement) says
    /// for its rewritable calls (`calls`).
    fn saving(
        &self,
        m: &Module,
        body: &mergefn_ir::Body,
        calls: &[Option<usize>],
        k: usize,
        uses: usize,
    ) -> i64 {
        let n = calls.len();
        let one: f64 = body
            .insts_in_order()
            .map(|i| Self::inst_bytes(m, &body.insts[i]))
            .sum::<f64>()
            + self.fn_overhead();
        let replacements: f64 = calls.iter().map(|&c| self.replacement(c, k).1).sum();
        // The merged body reads a register where an immediate was: a little more at each use.
        let merged = one + 2.0 * uses as f64;
        let before = n as f64 * one;
        let after = merged + replacements;
        ((before - after) * self.scale) as i64
    }
}

/// Estimated machine bytes of function `f` of `m` for the module's target: the cost model
/// `--merge-similar` decides with (per IR instruction what x86-64 usually emits, scaled for
/// fixed-width instruction sets, plus entry/exit and half the alignment padding). Coarse: it
/// ranks functions by size, it does not predict a linker map. GPU targets, where the model
/// does not apply, are estimated as x86-64. 0 for a declaration.
pub fn estimated_code_bytes(m: &Module, f: GlobalId) -> u64 {
    CostModel::for_triple(m.triple.as_deref())
        .unwrap_or(CostModel {
            scale: 1.0,
            align: 16,
        })
        .function_bytes(m, f)
}
