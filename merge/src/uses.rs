//! Uses of functions, kept up to date while merging rewrites the module.
//!
//! LLVM's MergeFunctions leans on use lists: "remove the callers of G from the tree",
//! "replace all uses of G", "is G unused now?". We build [`mergefn_ir::uses::UseIndex`]-like
//! lists once and patch them as each rewrite moves a use from one global to another. Entries
//! can go stale (the operand was rewritten through another path, or the user was deleted), so
//! every consumer re-checks an entry against the IR before trusting it.

use crate::consts::{
    const_mentions, global_const_like, holds_block_address, kill_block_addresses, replace_global,
    rewrite_const,
};
use crate::mdrefs::MdRefs;
use cranelift_entity::SecondaryMap;
use mergefn_ir::constant::Const;
use mergefn_ir::lazy::RefKind;
use mergefn_ir::uses::{global_consts, UseIndex, User};
use mergefn_ir::{GlobalId, GlobalKind, InstExtra, Module, Value};
use rustc_hash::FxHashMap;

/// Per-global lists of users, each stored head-last (LLVM's use-list head is the last
/// element), so pushing a new use at the head is `Vec::push`.
#[derive(Default)]
pub struct Uses {
    users: SecondaryMap<GlobalId, Vec<User>>,
    /// Where metadata names functions: rewritten by a replace-all-uses, emptied by erasure.
    md: MdRefs,
    /// Functions whose instructions were rewritten since [`take_modified`](Self::take_modified)
    /// last emptied the list (with repeats).
    modified: Vec<GlobalId>,
    /// The attribute list of the last thunk call to each function, shared by the next
    /// thunks that call it with the same attributes ([`Self::call_attrs`]).
    call_attrs: rustc_hash::FxHashMap<GlobalId, std::sync::Arc<mergefn_ir::attr::AttrList>>,
}

/// Operand `k` of an instruction: its operands first, then its bundle inputs, flattened.
fn operand(d: &mergefn_ir::InstData, k: usize) -> Option<Value> {
    if k < d.operands.len() {
        return Some(d.operands[k]);
    }
    let mut k = k - d.operands.len();
    for b in d.call_info()?.bundles.iter() {
        if k < b.inputs.len() {
            return Some(b.inputs[k]);
        }
        k -= b.inputs.len();
    }
    None
}

fn set_operand(d: &mut mergefn_ir::InstData, k: usize, v: Value) {
    if k < d.operands.len() {
        d.operands[k] = v;
        return;
    }
    let mut k = k - d.operands.len();
    if let mergefn_ir::InstExtra::Call(ci) = &mut d.extra {
        for b in ci.bundles.iter_mut() {
            if k < b.inputs.len() {
                b.inputs[k] = v;
                return;
            }
            k -= b.inputs.len();
        }
    }
}

impl Uses {
    /// Build the lists in LLVM's use-list order for a freshly parsed module: a use is pushed
    /// at the head of its value's list, except that uses parsed before the value's definition
    /// reach it through the parser's replace-all-uses of a placeholder, which reverses them
    /// once more. So the list is the uses after the definition, latest first, then the uses
    /// before it, in text order. (The order decides which callers are rescanned first, and so
    /// which of two equal private functions survives.)
    pub fn build(m: &mut Module) -> Self {
        let idx = UseIndex::build_for(m, Self::tracks(m));
        Self::from_index(m, idx)
    }

    /// The globals whose uses are tracked: only functions are ever replaced or asked for
    /// their callers.
    pub fn tracks(m: &Module) -> impl Fn(GlobalId) -> bool + Sync + '_ {
        |g| m.globals[g].as_function().is_some()
    }

    /// [`build`](Self::build) from an index of (at least) the uses [`tracks`](Self::tracks)
    /// accepts. Also indexes where metadata names functions ([`MdRefs::build`]).
    pub fn from_index(m: &mut Module, idx: UseIndex) -> Self {
        let mut pos: cranelift_entity::SecondaryMap<GlobalId, usize> =
            cranelift_entity::SecondaryMap::with_capacity(m.globals.len());
        for (i, g) in m.live_globals().enumerate() {
            pos[g] = i;
        }
        let user_pos = |u: &User| match *u {
            User::Inst { func, .. } | User::Lazy { func, .. } => pos[func],
            User::Global(h) => pos[h],
        };
        let mut users = idx.into_map();
        for (g, v) in users.iter_mut() {
            // The index lists uses in module order, so the uses before the definition are a
            // prefix. Stored head-last: that prefix reversed, then the uses after.
            let at = pos[g];
            let before = v.partition_point(|u| user_pos(u) < at);
            v[..before].reverse();
        }
        Uses {
            users,
            md: MdRefs::build(m),
            modified: Vec::new(),
            call_attrs: Default::default(),
        }
    }

    /// The attributes of a thunk's call to `f`, which are `f`'s own (`attrs`): one list shared
    /// by every thunk calling `f` while they stay the same (a module of a million merged
    /// copies holds a million thunks calling one function).
    pub(crate) fn call_attrs(
        &mut self,
        f: GlobalId,
        attrs: &mergefn_ir::attr::AttrList,
    ) -> std::sync::Arc<mergefn_ir::attr::AttrList> {
        match self.call_attrs.get(&f) {
            Some(shared) if **shared == *attrs => shared.clone(),
            _ => {
                let shared = std::sync::Arc::new(attrs.clone());
                self.call_attrs.insert(f, shared.clone());
                shared
            }
        }
    }

    /// Whether `u` still mentions `g` in the current IR.
    fn live(m: &Module, u: &User, g: GlobalId) -> bool {
        match *u {
            User::Lazy { func, index } => lazy_ref(m, func, index).is_some_and(|(t, _)| t == g),
            User::Inst {
                func,
                inst,
                operand: k,
                ..
            } => {
                let gl = &m.globals[func];
                if gl.deleted {
                    return false;
                }
                let Some(body) = gl.as_function().and_then(|f| f.body.as_ref()) else {
                    return false;
                };
                match body.insts.get(inst).and_then(|d| operand(d, k as usize)) {
                    Some(Value::Const(c)) => const_mentions(m, c, g),
                    _ => false,
                }
            }
            User::Global(h) => {
                let gl = &m.globals[h];
                if gl.deleted {
                    return false;
                }
                global_consts(m, h)
                    .into_iter()
                    .any(|c| const_mentions(m, c, g))
            }
        }
    }

    /// Functions with an instruction whose operand is `g` itself (LLVM's `V->users()` that are
    /// instructions), deduplicated. Like LLVM's use lists, the latest use comes first.
    pub fn direct_user_functions(&self, m: &Module, g: GlobalId) -> Vec<GlobalId> {
        self.functions_using(m, g, false)
    }

    /// Functions with a call whose callee is exactly `g`, latest use first.
    pub fn direct_callers(&self, m: &Module, g: GlobalId) -> Vec<GlobalId> {
        self.functions_using(m, g, true)
    }

    fn functions_using(&self, m: &Module, g: GlobalId, callee_only: bool) -> Vec<GlobalId> {
        let mut out = Vec::new();
        for u in self.users[g].iter().rev() {
            if let User::Inst {
                func,
                inst,
                operand: k,
                ..
            } = *u
            {
                let gl = &m.globals[func];
                if gl.deleted {
                    continue;
                }
                let Some(body) = gl.as_function().and_then(|f| f.body.as_ref()) else {
                    continue;
                };
                let Some(d) = body.insts.get(inst) else {
                    continue;
                };
                if callee_only && !(d.callee().is_some() && k as usize + 1 == d.operands.len()) {
                    continue;
                }
                if let Some(Value::Const(c)) = operand(d, k as usize) {
                    if m.consts.as_global(c) == Some(g) && !out.contains(&func) {
                        out.push(func);
                    }
                }
            }
        }
        out
    }

    /// Whether `g` has no live use left.
    pub fn is_unused(&self, m: &Module, g: GlobalId) -> bool {
        self.users[g]
            .iter()
            .all(|u| !Self::live(m, u, g) || is_record(m, u))
    }

    /// Replace every use of `from` by `to` (LLVM's RAUW), including uses inside constants,
    /// initializers, aliasees and metadata. A `blockaddress` of `from` is not a use and
    /// stays (until `from` is erased: [`erase_function`](Self::erase_function)).
    pub fn replace_all_uses(&mut self, m: &mut Module, from: GlobalId, to: GlobalId) {
        let to_c = global_const_like(m, from, to);
        let mut memo = FxHashMap::default();
        let mut rule = |m: &mut Module, c: Const| replace_global(m, c, from, to_c);
        let list = std::mem::take(&mut self.users[from]);
        let mut moved = Vec::with_capacity(list.len());
        let mut kept = Vec::new();
        // Walk `from`'s list from its head, as RAUW does; each use lands at `to`'s head.
        for u in list.into_iter().rev() {
            if !Self::live(m, &u, from) {
                if self.holds_block_address(m, &u, from) {
                    kept.push(u);
                }
                continue;
            }
            match u {
                User::Inst {
                    func,
                    inst,
                    operand: k,
                    ..
                } => {
                    let old = {
                        let body = m.globals[func]
                            .as_function()
                            .and_then(|f| f.body.as_ref())
                            .expect("live user has a body");
                        match operand(&body.insts[inst], k as usize) {
                            Some(Value::Const(c)) => c,
                            _ => continue,
                        }
                    };
                    let new = rewrite_const(m, old, &mut memo, &mut rule);
                    let body = m.globals[func]
                        .as_function_mut()
                        .and_then(|f| f.body.as_mut())
                        .expect("live user has a body");
                    set_operand(&mut body.insts[inst], k as usize, Value::Const(new));
                    self.modified.push(func);
                }
                User::Lazy { func, index } => set_lazy_ref(m, func, index, to),
                User::Global(h) => {
                    let consts = global_consts(m, h);
                    let new: Vec<Const> = consts
                        .iter()
                        .map(|&c| rewrite_const(m, c, &mut memo, &mut rule))
                        .collect();
                    set_global_consts(m, h, &new);
                }
            }
            moved.push(u);
        }
        kept.reverse();
        self.users[from] = kept;
        self.md.replace(m, from, to, to_c);
        // A `dso_local_equivalent` moved to the function behind an alias `to`
        // ([`replace_global`]): the users are that function's too.
        if let GlobalKind::Alias(a) = &m.globals[to].kind {
            let mut target = a.target;
            while let Some(o) = m.consts.operand_slice(target).first().copied() {
                target = o;
            }
            if let Some(f) = m.consts.as_global(target).filter(|&f| f != to) {
                self.users[f].extend(moved.iter().copied());
            }
        }
        self.users[to].extend(moved);
    }

    /// The constants of user `u` (an instruction operand, or a global's initializer etc.).
    fn user_consts(m: &Module, u: &User) -> Vec<Const> {
        match *u {
            User::Inst {
                func,
                inst,
                operand: k,
                ..
            } => {
                let gl = &m.globals[func];
                match gl
                    .as_function()
                    .filter(|_| !gl.deleted)
                    .and_then(|f| f.body.as_ref())
                    .and_then(|b| b.insts.get(inst))
                    .and_then(|d| operand(d, k as usize))
                {
                    Some(Value::Const(c)) => vec![c],
                    _ => Vec::new(),
                }
            }
            User::Global(h) if !m.globals[h].deleted => global_consts(m, h),
            User::Global(_) | User::Lazy { .. } => Vec::new(),
        }
    }

    fn holds_block_address(&self, m: &Module, u: &User, g: GlobalId) -> bool {
        Self::user_consts(m, u)
            .into_iter()
            .any(|c| holds_block_address(m, c, g))
    }

    /// Erase function `g`, as LLVM's `eraseFromParent` after its uses are gone: its blocks'
    /// addresses become `inttoptr (i32 1 to ptr)` and metadata naming it `null`/`poison`.
    pub fn erase_function(&mut self, m: &mut Module, g: GlobalId) {
        self.drop_block_addresses(m, g);
        self.md.erase(m, g);
        m.delete_global(g);
        // Nothing looks at a deleted function's parameters or attributes again (its name and
        // type stay for the report, its body for what its metadata decides): give them back,
        // as a module of a million merged copies deletes a million functions.
        if let Some(f) = m.globals[g].as_function_mut() {
            f.params = Vec::new();
            f.attrs = Default::default();
        }
    }

    /// `g`'s blocks other than its entry are going: each `blockaddress` of `g` becomes
    /// `inttoptr (i32 1 to ptr)`, as LLVM leaves it when a block is deleted. (An entry block
    /// has no address.)
    pub fn drop_block_addresses(&mut self, m: &mut Module, g: GlobalId) {
        let mut memo = FxHashMap::default();
        let list = std::mem::take(&mut self.users[g]);
        for u in &list {
            if !self.holds_block_address(m, u, g) {
                continue;
            }
            match *u {
                User::Inst {
                    func,
                    inst,
                    operand: k,
                    ..
                } => {
                    let Some(Value::Const(old)) = m.globals[func]
                        .as_function()
                        .and_then(|f| f.body.as_ref())
                        .and_then(|b| operand(&b.insts[inst], k as usize))
                    else {
                        continue;
                    };
                    let new =
                        rewrite_const(m, old, &mut memo, &mut |m, c| kill_block_addresses(m, c, g));
                    let body = m.globals[func]
                        .as_function_mut()
                        .and_then(|f| f.body.as_mut())
                        .expect("checked above");
                    set_operand(&mut body.insts[inst], k as usize, Value::Const(new));
                    self.modified.push(func);
                }
                User::Global(h) => {
                    let new: Vec<Const> = global_consts(m, h)
                        .into_iter()
                        .map(|c| {
                            rewrite_const(m, c, &mut memo, &mut |m, c| {
                                kill_block_addresses(m, c, g)
                            })
                        })
                        .collect();
                    set_global_consts(m, h, &new);
                }
                // Bodies naming a block address are never kept as text.
                User::Lazy { .. } => {}
            }
        }
        self.users[g] = list;
    }

    /// Print back what metadata text says of unnamed globals (see [`MdRefs::finish`]).
    pub fn finish(&mut self, m: &mut Module) {
        self.md.finish(m);
    }

    /// Make every call whose callee is exactly `old` call `new` instead. Returns the functions
    /// whose calls changed, in use order.
    pub fn replace_direct_callers(
        &mut self,
        m: &mut Module,
        old: GlobalId,
        new: GlobalId,
    ) -> Vec<GlobalId> {
        // LLVM 22 sets the callee to `new` itself, whatever its address space (the call then
        // names the new one's); typed-pointer IR casts it to the old one's type, as LLVM 14 did.
        let typed = m.typed_pointers;
        let new_c = if typed {
            global_const_like(m, old, new)
        } else {
            m.global_const(new)
        };
        // A call into another address space names the new one (LLVM prints it unless it is
        // 0 in a module whose programs live in 0); one into the same keeps its text.
        let space = |g: GlobalId| m.function(g).map_or(0, |f| f.common.addrspace);
        let new_space = space(new);
        let respace = (!typed && space(old) != new_space)
            .then(|| (new_space != 0 || m.program_addrspace() != 0).then_some(new_space));
        let mut changed = Vec::new();
        let list = std::mem::take(&mut self.users[old]);
        let mut keep = Vec::new();
        let mut moved = Vec::new();
        for u in list.into_iter().rev() {
            if let User::Lazy { func, index } = u {
                if lazy_ref(m, func, index) == Some((old, true)) {
                    set_lazy_ref(m, func, index, new);
                    changed.push(func);
                    moved.push(u);
                } else {
                    keep.push(u);
                }
                continue;
            }
            let User::Inst {
                func,
                inst,
                operand: k,
                ..
            } = u
            else {
                keep.push(u);
                continue;
            };
            let gl = &m.globals[func];
            if gl.deleted {
                continue;
            }
            let is_callee = gl
                .as_function()
                .and_then(|f| f.body.as_ref())
                .is_some_and(|b| {
                    let d = &b.insts[inst];
                    d.callee().is_some()
                        && k as usize + 1 == d.operands.len()
                        && d.operands[k as usize]
                            .as_const()
                            .and_then(|c| m.consts.as_global(c))
                            == Some(old)
                });
            if is_callee {
                let body = m.globals[func]
                    .as_function_mut()
                    .and_then(|f| f.body.as_mut())
                    .expect("checked");
                let d = &mut body.insts[inst];
                d.operands[k as usize] = Value::Const(new_c);
                if let (InstExtra::Call(ci), Some(printed)) = (&mut d.extra, respace) {
                    ci.addrspace = printed;
                }
                changed.push(func);
                self.modified.push(func);
                moved.push(u);
            } else {
                keep.push(u);
            }
        }
        keep.reverse();
        self.users[old] = keep;
        self.users[new].extend(moved);
        changed
    }

    /// The functions whose instructions were rewritten since the last call, in rewrite order
    /// and with repeats; the list starts again empty.
    pub fn take_modified(&mut self) -> Vec<GlobalId> {
        std::mem::take(&mut self.modified)
    }

    /// Record the uses in `f`'s body (a body that moved into `f`, or a new one): every global
    /// each instruction operand and bundle input mentions.
    pub fn index_body(&mut self, m: &Module, f: GlobalId) {
        let Some(body) = m.function(f).and_then(|x| x.body.as_ref()) else {
            return;
        };
        let mut found = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        for inst in body.insts_in_order() {
            let d = &body.insts[inst];
            let bundled = d.call_info().into_iter().flat_map(|c| c.bundles.iter());
            let values = d
                .operands
                .iter()
                .chain(bundled.flat_map(|b| b.inputs.iter()));
            for (k, v) in values.enumerate() {
                let Some(c) = v.as_const() else { continue };
                found.clear();
                seen.clear();
                mergefn_ir::uses::globals_in_const(m, c, &mut found, &mut seen);
                for &g in &found {
                    if m.globals[g].as_function().is_some() {
                        self.users[g].push(User::Inst {
                            func: f,
                            inst,
                            operand: k as u32,
                            direct: m.consts.as_global(c) == Some(g),
                        });
                    }
                }
            }
        }
    }

    /// The uses of `g` that still mention it, head first.
    pub fn live_users(&self, m: &Module, g: GlobalId) -> Vec<User> {
        self.users[g]
            .iter()
            .rev()
            .filter(|u| Self::live(m, u, g))
            .copied()
            .collect()
    }

    /// Whether metadata names `g`.
    pub fn named_in_metadata(&self, m: &Module, g: GlobalId) -> bool {
        self.md.names(m, g)
    }

    /// Record that `user` (a new function's instruction operand, or a new global) uses `g`.
    pub fn add(&mut self, g: GlobalId, user: User) {
        self.users[g].push(user);
    }
}

/// Whether `u` is a reference in a lazy body's debug record (not a use, as LLVM counts them).
fn is_record(m: &Module, u: &User) -> bool {
    let User::Lazy { func, index } = *u else {
        return false;
    };
    matches!(
        lazy_ref_kind(m, func, index),
        Some(RefKind::Global { record: true, .. })
    )
}

/// What reference `index` of `func`'s lazy body (or a variable's lazy initializer) names;
/// `None` once `func` is deleted.
fn lazy_ref_kind(m: &Module, func: GlobalId, index: u32) -> Option<RefKind> {
    let gl = &m.globals[func];
    if gl.deleted {
        return None;
    }
    Some(gl.lazy_text()?.refs.get(index as usize)?.kind)
}

/// The global that reference `index` of `func`'s lazy body names, and whether it is a callee
/// there; `None` once `func` is deleted.
fn lazy_ref(m: &Module, func: GlobalId, index: u32) -> Option<(GlobalId, bool)> {
    match lazy_ref_kind(m, func, index)? {
        RefKind::Global { id, callee, .. } => Some((id, callee)),
        _ => None,
    }
}

/// Make reference `index` of `func`'s lazy body name `to` (its text is a name: renaming is
/// all a replacement does to it, as all globals are `ptr` in the program address space).
fn set_lazy_ref(m: &mut Module, func: GlobalId, index: u32, to: GlobalId) {
    let lazy = m.globals[func].lazy_text_mut();
    if let Some(r) = lazy.and_then(|l| l.refs.get_mut(index as usize)) {
        if let RefKind::Global { id, .. } = &mut r.kind {
            *id = to;
        }
    }
}

fn set_global_consts(m: &mut Module, g: GlobalId, new: &[Const]) {
    match &mut m.globals[g].kind {
        GlobalKind::Var(v) => v.init = new.first().copied(),
        GlobalKind::Alias(a) => a.target = new[0],
        GlobalKind::Function(f) => {
            let mut it = new.iter().copied();
            for slot in [&mut f.personality, &mut f.prefix, &mut f.prologue] {
                if slot.is_some() {
                    *slot = it.next();
                }
            }
        }
    }
}
