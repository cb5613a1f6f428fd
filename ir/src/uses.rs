//! Who uses a global: the index merging needs for "replace all uses" and "who calls G".
//!
//! LLVM keeps use lists on every value. We build the index on demand instead: one pass over
//! the module records, for each global, the instructions and globals whose operands mention it
//! (directly or through constant expressions). Rewrites update the IR, and the index is
//! rebuilt or patched by its owner.

use crate::constant::Const;
use crate::inst::Inst;
use crate::module::{GlobalId, GlobalKind, Module};
use crate::value::Value;
use cranelift_entity::SecondaryMap;
use rustc_hash::FxHashSet;

/// A place that mentions a global.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum User {
    /// Operand `operand` of instruction `inst` in function `func`; `direct` when the operand is
    /// the global itself rather than a constant containing it.
    Inst {
        func: GlobalId,
        inst: Inst,
        operand: u32,
        direct: bool,
    },
    /// The initializer, aliasee, personality/prefix/prologue of another global.
    Global(GlobalId),
}

/// Index of global uses for a whole module.
#[derive(Default, Debug)]
pub struct UseIndex {
    users: SecondaryMap<GlobalId, Vec<User>>,
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
/// shared list.
#[derive(Default)]
struct ConstGlobals {
    ranges: SecondaryMap<Const, Option<(u32, u32)>>,
    flat: Vec<GlobalId>,
    seen: FxHashSet<Const>,
    scratch: Vec<GlobalId>,
}

impl ConstGlobals {
    fn get(&mut self, m: &Module, c: Const) -> &[GlobalId] {
        let (start, end) = match self.ranges[c] {
            Some(r) => r,
            None => {
                self.seen.clear();
                self.scratch.clear();
                globals_in_const(m, c, &mut self.scratch, &mut self.seen);
                self.scratch.sort();
                self.scratch.dedup();
                let start = self.flat.len() as u32;
                self.flat.extend_from_slice(&self.scratch);
                let r = (start, self.flat.len() as u32);
                self.ranges[c] = Some(r);
                r
            }
        };
        &self.flat[start as usize..end as usize]
    }
}

impl UseIndex {
    pub fn build(m: &Module) -> Self {
        Self::build_for(m, |_| true)
    }

    /// The index restricted to the uses of globals `wanted` accepts (others get no list).
    pub fn build_for(m: &Module, wanted: impl Fn(GlobalId) -> bool) -> Self {
        let mut idx = UseIndex::default();
        // Which constants mention a wanted global at all, decided once per constant.
        let mut cg = ConstGlobals::default();
        let mut wanted_cache: SecondaryMap<GlobalId, Option<bool>> = SecondaryMap::new();
        let mut is_wanted = |g: GlobalId| *wanted_cache[g].get_or_insert_with(|| wanted(g));
        for g in m.live_globals() {
            let consts: Vec<Const> = match &m.globals[g].kind {
                GlobalKind::Var(v) => v.init.into_iter().collect(),
                GlobalKind::Alias(a) => vec![a.target],
                GlobalKind::Function(f) => [f.personality, f.prefix, f.prologue]
                    .into_iter()
                    .flatten()
                    .collect(),
            };
            for c in consts {
                for &u in cg.get(m, c) {
                    if is_wanted(u) {
                        idx.users[u].push(User::Global(g));
                    }
                }
            }
            if let GlobalKind::Function(f) = &m.globals[g].kind {
                let Some(body) = &f.body else { continue };
                for i in body.insts_in_order() {
                    let d = &body.insts[i];
                    let bundle_ops = d
                        .call_info()
                        .into_iter()
                        .flat_map(|c| c.bundles.iter().flat_map(|b| b.inputs.iter()));
                    for (k, v) in d.operands.iter().chain(bundle_ops).enumerate() {
                        let Value::Const(c) = *v else { continue };
                        let globals = cg.get(m, c);
                        if globals.is_empty() {
                            continue;
                        }
                        let direct = m.consts.as_global(c);
                        for &u in globals {
                            if !is_wanted(u) {
                                continue;
                            }
                            idx.users[u].push(User::Inst {
                                func: g,
                                inst: i,
                                operand: k as u32,
                                direct: direct == Some(u),
                            });
                        }
                    }
                }
            }
        }
        idx
    }

    pub fn users(&self, g: GlobalId) -> &[User] {
        &self.users[g]
    }
}
