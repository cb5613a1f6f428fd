//! `--merge-cycles`: functions that are equal when the functions they call are, recursively.
//!
//! LLVM's comparator tells two calls apart when their callees are different functions, so
//! `f → g → f` and `f' → g' → f'` never merge: comparing `f` with `f'` meets `g` against `g'`,
//! which are not the same function yet (MergeFunctions.cpp lists this as future work). GCC's
//! ipa-icf and lld's ICF solve it by *partition refinement* over the call graph; so do we,
//! with the comparator's own total order:
//!
//! 1. Start from the coarsest partition that can hold: eligible functions grouped by a
//!    structural key blind to callees' identities (functions equal modulo any classes of
//!    callees have equal keys), then split by hashing alone: each key combined with the keys
//!    of the functions called, until the partition stops changing. Each group of two or more
//!    is a class; other functions have none.
//! 2. Refine: within each class, sort the members into an [`FnTree`] with the comparator
//!    made [`with_callee_classes`](mergefn_compare::FunctionComparator::with_callee_classes)
//!    (two direct calls whose callees share a class compare equal there). Every run of equal
//!    members becomes a class of the next partition; members left alone lose their class.
//! 3. Repeat until a round splits nothing. Each round only splits, so this ends, after at most
//!    as many rounds as there are functions (in practice two to four). A round refines only
//!    the classes with a member that calls a function whose class split in the round before:
//!    the others compare exactly as they did.
//!
//! The result is the greatest fixed point: the coarsest partition in which members of a class
//! are comparator-equal once calls to class-mates are taken as calls to one function. Why
//! merging a class keeps every result the same is argued in docs/ARCHITECTURE.md; in short,
//! the class is a bisimulation, so replacing every direct call to a member by a call to one
//! representative changes no step of any execution. Only *direct callees* are interchangeable:
//! a function's address used any other way (stored, compared, passed) is an ordinary global
//! to the comparator, so no merge here can make two addresses equal that were different.
//!
//! The classes are then merged with the pass's own rules (thunk, alias, deletion, new private
//! body), one member at a time into the representative LLVM's order picks.

use crate::fntree::{FnTree, Node};
use cranelift_entity::EntityRef;
use mergefn_compare::{FunctionComparator, GlobalNumbers};
use mergefn_ir::{GlobalId, Module, Value};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::{Hash, Hasher};

/// Classes of two or more functions among `funcs` (grouped first by their key, which must be
/// equal for functions equal modulo classes of callees:
/// [`StructuralHasher::callee_blind_key`](mergefn_compare::StructuralHasher::callee_blind_key)) that are equal
/// modulo the classes of their direct callees, in module order within a class and by first
/// member across classes. `comparisons` counts comparator runs.
pub(crate) fn congruence_classes(
    m: &Module,
    funcs: &[(GlobalId, u64)],
    comparisons: &mut u64,
) -> Vec<Vec<GlobalId>> {
    // Signature refinement first, by hashing alone: a function's key is combined with the
    // keys of the functions it calls directly (a function without a class by its identity,
    // as the comparator compares it), as a multiset since equal functions may lay out their
    // calls in different block orders, until the number of distinct keys stops growing.
    // Functions equal modulo callee classes keep equal keys at every step (by induction), so
    // this only cuts classes the comparator would cut, for the price of a hash per call.
    // Only keys two functions share can make a class.
    let mut count: FxHashMap<u64, u32> = FxHashMap::default();
    for &(_, h) in funcs {
        *count.entry(h).or_default() += 1;
    }
    let mut key: FxHashMap<GlobalId, u64> = funcs
        .iter()
        .filter(|(_, h)| count[h] > 1)
        .copied()
        .collect();
    let calls: Vec<(GlobalId, Vec<GlobalId>)> = key
        .par_iter()
        .map(|(&f, _)| (f, direct_callees(m, f)))
        .collect();
    let mut groups = distinct(&key);
    loop {
        let next: FxHashMap<GlobalId, u64> = calls
            .par_iter()
            .map(|(f, gs)| {
                let mut labels: Vec<u64> = gs
                    .iter()
                    .map(|g| key.get(g).copied().unwrap_or(!(g.index() as u64)))
                    .collect();
                labels.sort_unstable();
                let mut h = FxHasher::default();
                key[f].hash(&mut h);
                labels.hash(&mut h);
                (*f, h.finish())
            })
            .collect();
        let n = distinct(&next);
        key = next;
        if n == groups {
            break;
        }
        groups = n;
    }
    let mut by_key: FxHashMap<u64, Vec<GlobalId>> = FxHashMap::default();
    for (&f, &k) in &key {
        by_key.entry(k).or_default().push(f);
    }
    let mut classes: Vec<Vec<GlobalId>> = by_key.into_values().filter(|c| c.len() > 1).collect();
    // In module order: global ids depend on how many threads read the module.
    let position: FxHashMap<GlobalId, usize> = funcs
        .iter()
        .enumerate()
        .map(|(i, &(f, _))| (f, i))
        .collect();
    for c in &mut classes {
        c.sort_unstable_by_key(|f| position[f]);
    }
    classes.sort_unstable_by_key(|c| position[&c[0]]);
    // Who calls whom among the functions that have a class: only calls between them can
    // change an equality from one round of comparisons to the next.
    let classed: FxHashSet<GlobalId> = classes.iter().flatten().copied().collect();
    let mut callers: FxHashMap<GlobalId, Vec<GlobalId>> = FxHashMap::default();
    for (f, gs) in calls.iter().filter(|(f, _)| classed.contains(f)) {
        for &g in gs.iter().filter(|g| classed.contains(g)) {
            callers.entry(g).or_default().push(*f);
        }
    }
    // A class needs refining again only when a function one of its members calls changed
    // class in the last round; every class does in the first.
    let mut dirty = vec![true; classes.len()];
    loop {
        let class_of: FxHashMap<GlobalId, u32> = classes
            .iter()
            .enumerate()
            .flat_map(|(i, c)| c.iter().map(move |&f| (f, i as u32)))
            .collect();
        // Classes refine independently: on all cores, each with its own global numbering
        // (numbers need only agree within one tree).
        let refined: Vec<Option<(Vec<Vec<GlobalId>>, u64)>> = classes
            .par_iter()
            .zip(dirty.par_iter())
            .map(|(class, &d)| d.then(|| refine(m, class, &class_of)))
            .collect();
        let mut next: Vec<Vec<GlobalId>> = Vec::with_capacity(classes.len());
        let mut changed: FxHashSet<GlobalId> = FxHashSet::default();
        for (class, r) in classes.into_iter().zip(refined) {
            match r {
                Some((subs, n)) => {
                    *comparisons += n;
                    // Unchanged exactly when it comes back whole.
                    if !(subs.len() == 1 && subs[0].len() == class.len()) {
                        changed.extend(class.iter().copied());
                    }
                    next.extend(subs);
                }
                None => next.push(class),
            }
        }
        classes = next;
        if changed.is_empty() {
            return classes;
        }
        let affected: FxHashSet<GlobalId> = changed
            .iter()
            .filter_map(|g| callers.get(g))
            .flatten()
            .copied()
            .collect();
        dirty = classes
            .iter()
            .map(|c| c.iter().any(|f| affected.contains(f)))
            .collect();
    }
}

/// The functions `f` calls directly, one entry per call.
fn direct_callees(m: &Module, f: GlobalId) -> Vec<GlobalId> {
    let Some(body) = m.function(f).and_then(|x| x.body.as_ref()) else {
        return Vec::new();
    };
    body.insts
        .values()
        .filter_map(|d| match d.callee() {
            Some(Value::Const(c)) => m.consts.as_global(c),
            _ => None,
        })
        .collect()
}

/// How many distinct keys `key` holds.
fn distinct(key: &FxHashMap<GlobalId, u64>) -> usize {
    key.values().collect::<FxHashSet<_>>().len()
}

/// The sub-classes of two or more members that `class` splits into under `class_of`, in the
/// order their first member was met, and the comparator runs it took.
fn refine(
    m: &Module,
    class: &[GlobalId],
    class_of: &FxHashMap<GlobalId, u32>,
) -> (Vec<Vec<GlobalId>>, u64) {
    let lookup = |g: GlobalId| class_of.get(&g).copied();
    let numbers = GlobalNumbers::new();
    let mut comparisons = 0;
    let mut tree = FnTree::default();
    let mut subs: Vec<Vec<GlobalId>> = Vec::new();
    let mut sub_of: FxHashMap<GlobalId, usize> = FxHashMap::default();
    for &f in class {
        let inserted = tree.insert(Node { hash: 0, func: f }, |a, b| {
            comparisons += 1;
            FunctionComparator::new(m, a, b, &numbers)
                .with_callee_classes(&lookup)
                .compare()
        });
        match inserted {
            Ok(()) => {
                sub_of.insert(f, subs.len());
                subs.push(vec![f]);
            }
            Err(rep) => subs[sub_of[&rep]].push(f),
        }
    }
    subs.retain(|s| s.len() > 1);
    (subs, comparisons)
}
