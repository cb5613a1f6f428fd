//! Who uses a global: the index merging needs for "replace all uses" and "who calls G".
//!
//! LLVM keeps use lists on every value. We build the index on demand instead: one pass over
//! the module records, for each global, the instructions and globals whose operands mention it
//! (directly or through constant expressions). Rewrites update the IR, and the index is
//! rebuilt or patched by its owner.

use crate::constant::Const;
use crate::function::Body;
use crate::inst::{Inst, InstData};
use crate::module::{GlobalId, GlobalKind, Module};
use crate::value::Value;
use cranelift_entity::SecondaryMap;
use rayon::prelude::*;
use rustc_hash::FxHashSet;

/// A place that mentions a global.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum User {
    /// Operand `operand` of instruction `inst` in function `func`; `direct` when the operand is
    /// the global itself rather than a constant containing it.
    Inst {
        /// The function holding the instruction.
        func: GlobalId,
        /// The instruction.
        inst: Inst,
        /// The operand's index in [`InstData::operands`](crate::InstData::operands).
        operand: u32,
        /// Whether the operand is the global itself (`call @f`) rather than a constant expression
        /// containing it.
        direct: bool,
    },
    /// The initializer, aliasee, personality/prefix/prologue of another global.
    Global(GlobalId),
    /// Reference `index` of the text `func` keeps unread ([`crate::lazy`]: a function's body
    /// or a variable's initializer): the global named there, in an instruction, a constant
    /// expression or an initializer.
    Lazy {
        /// The function whose body (or the variable whose initializer) names the global.
        func: GlobalId,
        /// The index in [`LazyBody::refs`](crate::lazy::LazyBody::refs).
        index: u32,
    },
}

/// Index of global uses for a whole module.
#[derive(Default, Debug)]
pub struct UseIndex {
    users: SecondaryMap<GlobalId, Vec<User>>,
}

/// For each function body as the reader returned it, the instructions that name a global
/// anywhere (every instruction with a global among its operands or bundle inputs, and maybe a
/// few more), in arena order: [`UseIndex::build_hinted`] reads only those. Valid for the
/// module exactly as read: an edit that adds a global to another instruction makes the hints
/// wrong, so pass them only straight from the reader (`parse_module_with_hints`).
#[derive(Default, Debug)]
pub struct UseHints {
    insts: SecondaryMap<GlobalId, Option<Box<[Inst]>>>,
}

impl UseHints {
    pub(crate) fn set(&mut self, g: GlobalId, insts: Box<[Inst]>) {
        self.insts[g] = Some(insts);
    }

    /// Forget instruction `i` of `g` (the reader removed it from its block).
    pub(crate) fn forget(&mut self, g: GlobalId, i: Inst) {
        if let Some(Some(list)) = self.insts.get_mut(g) {
            *list = list.iter().copied().filter(|&x| x != i).collect();
        }
    }

    /// The instructions of `g`'s body that name a global, if the reader noted them.
    pub fn get(&self, g: GlobalId) -> Option<&[Inst]> {
        self.insts.get(g).and_then(|v| v.as_deref())
    }
}

/// Globals that constant `c` mentions, transitively.
pub fn globals_in_const(
    m: &Module,
    c: Const,
    out: &mut Vec<GlobalId>,
    seen: &mut FxHashSet<Const>,
) {
    let mut stack = vec![c];
    while let Some(c) = stack.pop() {
        if !seen.insert(c) {
            continue;
        }
        if let Some(g) = m.consts.as_global(c) {
            out.push(g);
        }
        stack.extend(m.consts.operands(c));
    }
}

/// The globals each constant mentions, computed once per constant as a range of one
/// shared list. A constant's set is the union of its operands' sets (memoized, so a constant
/// shared by many others is read once), plus itself if it is a global.
#[derive(Default)]
struct ConstGlobals {
    ranges: SecondaryMap<Const, Option<(u32, u32)>>,
    flat: Vec<GlobalId>,
    scratch: Vec<GlobalId>,
    stack: Vec<Const>,
}

impl ConstGlobals {
    fn get(&mut self, m: &Module, c: Const) -> &[GlobalId] {
        let (start, end) = match self.ranges[c] {
            Some(r) => r,
            None => self.compute(m, c),
        };
        &self.flat[start as usize..end as usize]
    }

    /// Fill in the ranges of `c` and of every operand below it not yet known, operands first.
    fn compute(&mut self, m: &Module, c: Const) -> (u32, u32) {
        self.stack.clear();
        self.stack.push(c);
        while let Some(&top) = self.stack.last() {
            if self.ranges[top].is_some() {
                self.stack.pop();
                continue;
            }
            let ops = m.consts.operand_slice(top);
            let pending = self.stack.len();
            self.stack
                .extend(ops.iter().filter(|&&o| self.ranges[o].is_none()));
            if self.stack.len() > pending {
                continue;
            }
            // Every operand is known: the union of their sets, plus the constant itself.
            self.stack.pop();
            self.scratch.clear();
            self.scratch.extend(m.consts.as_global(top));
            for &o in ops {
                let (s, e) = self.ranges[o].expect("operands come first");
                self.scratch
                    .extend_from_slice(&self.flat[s as usize..e as usize]);
            }
            self.scratch.sort_unstable();
            self.scratch.dedup();
            let start = self.flat.len() as u32;
            self.flat.extend_from_slice(&self.scratch);
            self.ranges[top] = Some((start, self.flat.len() as u32));
        }
        self.ranges[c].expect("computed")
    }
}

impl UseIndex {
    /// The index of every global's uses in `m`, built on all cores.
    pub fn build(m: &Module) -> Self {
        Self::build_for(m, |_| true)
    }

    /// The index restricted to the uses of globals `wanted` accepts (others get no list).
    pub fn build_for(m: &Module, wanted: impl Fn(GlobalId) -> bool + Sync) -> Self {
        Self::build_visiting(m, wanted, |_, _| ()).0
    }

    /// [`build_for`](Self::build_for), also handing each function body to `visit` right after
    /// its operands were read, while its instructions are still in cache: a second analysis
    /// of every body (a hash, say) then costs a fraction of its own walk over the module.
    /// Returns what `visit` gave for each function with a body, in module order.
    ///
    /// The module is split into as many runs of consecutive globals as rayon has threads,
    /// balanced by instruction count, and each run is read on its own; the runs' findings are
    /// appended in module order, so every list is the same as one pass in order would give.
    pub fn build_visiting<T: Send>(
        m: &Module,
        wanted: impl Fn(GlobalId) -> bool + Sync,
        visit: impl Fn(GlobalId, &Body) -> T + Sync,
    ) -> (Self, Vec<(GlobalId, T)>) {
        Self::build_hinted(m, None, wanted, visit)
    }

    /// [`build_visiting`](Self::build_visiting), reading only the instructions `hints` lists
    /// for the bodies it covers (the same index, for a module unchanged since it was read).
    pub fn build_hinted<T: Send>(
        m: &Module,
        hints: Option<&UseHints>,
        wanted: impl Fn(GlobalId) -> bool + Sync,
        visit: impl Fn(GlobalId, &Body) -> T + Sync,
    ) -> (Self, Vec<(GlobalId, T)>) {
        let globals: Vec<GlobalId> = m.live_globals().collect();
        let weight = |g: GlobalId| match &m.globals[g].kind {
            GlobalKind::Function(f) => {
                1 + f.body.as_ref().map_or(0, |b| {
                    b.insts.len() + b.lazy.as_ref().map_or(0, |l| l.refs.len() / 4)
                })
            }
            _ => 1,
        };
        let total: usize = globals.iter().map(|&g| weight(g)).sum();
        let runs = rayon::current_num_threads().clamp(1, 64);
        let mut bounds = vec![0];
        let mut acc = 0;
        for (i, &g) in globals.iter().enumerate() {
            acc += weight(g);
            if acc * runs >= total * bounds.len() && bounds.len() < runs {
                bounds.push(i + 1);
            }
        }
        bounds.push(globals.len());
        bounds.dedup();
        let found: Vec<RunFindings<T>> = bounds
            .par_windows(2)
            .map(|w| uses_in(m, hints, &globals[w[0]..w[1]], &wanted, &visit))
            .collect();
        let mut idx = UseIndex::default();
        let mut visited = Vec::new();
        for run in found {
            for (g, u) in run.uses {
                idx.users[g].push(u);
            }
            visited.extend(run.visited);
        }
        (idx, visited)
    }

    /// The places that mention `g` (empty when none, or when the index was built without it).
    pub fn users(&self, g: GlobalId) -> &[User] {
        &self.users[g]
    }

    /// Every list, by used global (empty for globals nobody uses).
    pub fn into_map(self) -> SecondaryMap<GlobalId, Vec<User>> {
        self.users
    }
}

/// The constants global `g` itself refers to: a variable's initializer, an alias's aliasee, a
/// function's personality, prefix and prologue.
pub fn global_consts(m: &Module, g: GlobalId) -> Vec<Const> {
    match &m.globals[g].kind {
        GlobalKind::Var(v) => v.init.into_iter().collect(),
        GlobalKind::Alias(a) => vec![a.target],
        GlobalKind::Function(f) => [f.personality, f.prefix, f.prologue]
            .into_iter()
            .flatten()
            .collect(),
    }
}

/// What one run of globals yields: uses as (used global, user), and what the visitor said of
/// each body, both in module order.
struct RunFindings<T> {
    uses: Vec<(GlobalId, User)>,
    visited: Vec<(GlobalId, T)>,
}

/// The uses of wanted globals by `globals` (their initializers, aliasees and instruction
/// operands), with `visit` called on each body after its operands were read.
fn uses_in<T>(
    m: &Module,
    hints: Option<&UseHints>,
    globals: &[GlobalId],
    wanted: &(impl Fn(GlobalId) -> bool + Sync),
    visit: &(impl Fn(GlobalId, &Body) -> T + Sync),
) -> RunFindings<T> {
    let mut out = Vec::new();
    let mut visited = Vec::new();
    // Which constants mention a wanted global at all, decided once per constant.
    let mut cg = ConstGlobals::default();
    let mut wanted_cache: SecondaryMap<GlobalId, Option<bool>> = SecondaryMap::new();
    let mut is_wanted = |g: GlobalId| *wanted_cache[g].get_or_insert_with(|| wanted(g));
    for &g in globals {
        for c in global_consts(m, g) {
            for &u in cg.get(m, c) {
                if is_wanted(u) {
                    out.push((u, User::Global(g)));
                }
            }
        }
        // Text kept unread (a body, an initializer): each reference to a global is a use.
        if let Some(lazy) = m.globals[g].lazy_text() {
            for (k, r) in lazy.refs.iter().enumerate() {
                if let crate::lazy::RefKind::Global { id, .. } = r.kind {
                    if is_wanted(id) {
                        out.push((
                            id,
                            User::Lazy {
                                func: g,
                                index: k as u32,
                            },
                        ));
                    }
                }
            }
        }
        if let GlobalKind::Function(f) = &m.globals[g].kind {
            let Some(body) = &f.body else { continue };
            if body.lazy.is_some() {
                visited.push((g, visit(g, body)));
                continue;
            }
            let mut note = |i: Inst, k: usize, v: Value| {
                let Value::Const(c) = v else { return };
                let globals = cg.get(m, c);
                if globals.is_empty() {
                    return;
                }
                let direct = m.consts.as_global(c);
                for &u in globals {
                    if is_wanted(u) {
                        out.push((
                            u,
                            User::Inst {
                                func: g,
                                inst: i,
                                operand: k as u32,
                                direct: direct == Some(u),
                            },
                        ));
                    }
                }
            };
            // Operands first, then bundle inputs, numbered on from the operands.
            let mut scan = |i: Inst, d: &InstData| {
                for (k, &v) in d.operands.iter().enumerate() {
                    note(i, k, v);
                }
                if let Some(ci) = d.call_info() {
                    let inputs = ci.bundles.iter().flat_map(|b| b.inputs.iter());
                    for (k, &v) in (d.operands.len()..).zip(inputs) {
                        note(i, k, v);
                    }
                }
            };
            let in_arena_order = arena_is_layout(body);
            if let (Some(list), true) = (hints.and_then(|h| h.get(g)), in_arena_order) {
                // The reader noted which instructions name a global: the others have no use
                // to record. (Arena order, like the walk below.)
                for &i in list {
                    scan(i, &body.insts[i]);
                }
            } else if in_arena_order {
                for (i, d) in body.insts.iter() {
                    scan(i, d);
                }
            } else {
                for i in body.insts_in_order() {
                    scan(i, &body.insts[i]);
                }
            }
            visited.push((g, visit(g, body)));
        }
    }
    RunFindings { uses: out, visited }
}

/// Whether the instruction arena of `body` holds exactly the instructions placed in blocks,
/// in which case reading it front to back (creation order) visits them all: the case for
/// every parsed body, where creation order is layout order, and about twice as fast as
/// following the blocks' lists. Else the walk follows the layout.
fn arena_is_layout(body: &Body) -> bool {
    let placed: usize = body
        .layout
        .iter()
        .map(|&b| body.blocks[b].insts.len())
        .sum();
    placed == body.insts.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn callers_of(m: &Module, idx: &UseIndex, name: &str) -> Vec<(String, u32)> {
        let g = m.global_by_name(name).expect("global");
        idx.users(g)
            .iter()
            .map(|u| match *u {
                User::Inst { func, inst, .. } => (m.global_name(func).to_string(), inst.as_u32()),
                User::Global(h) => (m.global_name(h).to_string(), u32::MAX),
                User::Lazy { func, index } => (m.global_name(func).to_string(), index),
            })
            .collect()
    }

    const SRC: &[u8] = b"declare void @g()
@p = global ptr @g
define void @a() {
  call void @g()
  br label %next
next:
  call void @g()
  ret void
}
define void @b() {
  call void @g()
  ret void
}
";

    /// Uses are listed in module order, a function's in instruction order.
    #[test]
    fn uses_are_listed_in_module_order() {
        let m = crate::parse_module(SRC).expect("reads");
        let idx = UseIndex::build(&m);
        let got = callers_of(&m, &idx, "g");
        let want: Vec<(String, u32)> = vec![
            ("p".into(), u32::MAX),
            ("a".into(), 0),
            ("a".into(), 2),
            ("b".into(), 0),
        ];
        assert_eq!(got, want);
    }

    /// An instruction taken out of its block (still in the arena) is no use: the index then
    /// follows the blocks instead of the arena.
    #[test]
    fn instructions_outside_blocks_are_not_uses() {
        let mut m = crate::parse_module(SRC).expect("reads");
        let a = m.global_by_name("a").unwrap();
        let body = m.function_mut(a).unwrap().body.as_mut().unwrap();
        let entry = body.layout[0];
        body.blocks[entry].insts.remove(0);
        let idx = UseIndex::build(&m);
        let got = callers_of(&m, &idx, "g");
        assert_eq!(got.iter().filter(|(f, _)| f == "a").count(), 1);
        assert!(!got.contains(&("a".into(), 0)));
    }

    /// A global reached through nested constants is one use per operand naming it, however
    /// many paths lead to it, and shared sub-constants are seen from every user.
    #[test]
    fn uses_through_nested_constants() {
        let src = b"@x = global i32 0
@y = global i32 0
@t = global { ptr, ptr, [2 x ptr] } { ptr @x, ptr getelementptr (i8, ptr @x, i64 4), [2 x ptr] [ptr @y, ptr @x] }
@u = global [2 x ptr] [ptr @y, ptr @x]
define ptr @f() {
  store ptr getelementptr (i8, ptr @x, i64 4), ptr @y
  ret ptr @x
}
";
        let m = crate::parse_module(src).expect("reads");
        let idx = UseIndex::build(&m);
        let x = callers_of(&m, &idx, "x");
        let want: Vec<(String, u32)> = vec![
            ("t".into(), u32::MAX),
            ("u".into(), u32::MAX),
            ("f".into(), 0),
            ("f".into(), 1),
        ];
        assert_eq!(x, want);
        let y = callers_of(&m, &idx, "y");
        assert_eq!(
            y,
            vec![
                ("t".into(), u32::MAX),
                ("u".into(), u32::MAX),
                ("f".into(), 0)
            ]
        );
        let f = m.global_by_name("f").unwrap();
        let direct: Vec<bool> = idx
            .users(m.global_by_name("x").unwrap())
            .iter()
            .filter_map(|u| match *u {
                User::Inst { func, direct, .. } if func == f => Some(direct),
                _ => None,
            })
            .collect();
        assert_eq!(direct, vec![false, true]);
    }

    /// The visiting build finds the same uses and hands every body to the visitor once, in
    /// module order, whatever the number of threads.
    #[test]
    fn visiting_build_sees_every_body_in_order() {
        let m = crate::parse_module(SRC).expect("reads");
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let (idx, seen) = pool.install(|| {
                UseIndex::build_visiting(
                    &m,
                    |_| true,
                    |g, body| (m.global_name(g).to_string(), body.insts.len()),
                )
            });
            let seen: Vec<(String, usize)> = seen.into_iter().map(|(_, v)| v).collect();
            assert_eq!(seen, vec![("a".to_string(), 4), ("b".to_string(), 2)]);
            assert_eq!(
                callers_of(&m, &idx, "g"),
                callers_of(&m, &UseIndex::build(&m), "g")
            );
        }
    }
}
