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
//!    callees have equal keys). Each group of two or more is a
//!    class; other functions have none.
//! 2. Refine: within each class, sort the members into an [`FnTree`] with the comparator
//!    made [`with_callee_classes`](mergefn_compare::FunctionComparator::with_callee_classes)
//!    (two direct calls whose callees share a class compare equal there). Every run of equal
//!    members becomes a class of the next partition; members left alone lose their class.
//! 3. Repeat until a round splits nothing. Each round only splits, so this ends, after at most
//!    as many rounds as there are functions (in practice two to four).
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
use mergefn_compare::{FunctionComparator, GlobalNumbers};
use mergefn_ir::{GlobalId, Module};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

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
    let mut by_hash: FxHashMap<u64, Vec<GlobalId>> = FxHashMap::default();
    for &(f, h) in funcs {
        by_hash.entry(h).or_default().push(f);
    }
    let mut classes: Vec<Vec<GlobalId>> = by_hash.into_values().filter(|c| c.len() > 1).collect();
    for c in &mut classes {
        c.sort_unstable();
    }
    classes.sort_unstable_by_key(|c| c[0]);
    loop {
        let class_of: FxHashMap<GlobalId, u32> = classes
            .iter()
            .enumerate()
            .flat_map(|(i, c)| c.iter().map(move |&f| (f, i as u32)))
            .collect();
        // Classes refine independently: on all cores, each with its own global numbering
        // (numbers need only agree within one tree).
        let refined: Vec<(Vec<Vec<GlobalId>>, u64)> = classes
            .par_iter()
            .map(|class| refine(m, class, &class_of))
            .collect();
        let mut next: Vec<Vec<GlobalId>> = Vec::with_capacity(classes.len());
        for (subs, n) in refined {
            *comparisons += n;
            next.extend(subs);
        }
        let members = |cs: &[Vec<GlobalId>]| cs.iter().map(Vec::len).sum::<usize>();
        // Refinement only splits: the same count of classes and members means no split.
        let stable = next.len() == classes.len() && members(&next) == members(&classes);
        classes = next;
        if stable {
            return classes;
        }
    }
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
