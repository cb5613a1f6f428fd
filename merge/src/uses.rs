//! Uses of functions, kept up to date while merging rewrites the module.
//!
//! LLVM's MergeFunctions leans on use lists: "remove the callers of G from the tree",
//! "replace all uses of G", "is G unused now?". We build [`mergefn_ir::uses::UseIndex`]-like
//! lists once and patch them as each rewrite moves a use from one global to another. Entries
//! can go stale (the operand was rewritten through another path, or the user was deleted), so
//! every consumer re-checks an entry against the IR before trusting it.

use cranelift_entity::SecondaryMap;
use mergefn_ir::constant::Const;
use mergefn_ir::lexer::{is_ident_char, unescape};
use mergefn_ir::uses::{global_consts, UseIndex, User};
use mergefn_ir::{GlobalId, GlobalKind, Module, Value};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// Per-global lists of users, each stored head-last (LLVM's use-list head is the last
/// element), so pushing a new use at the head is `Vec::push`.
#[derive(Default)]
pub struct Uses {
    users: SecondaryMap<GlobalId, Vec<User>>,
    /// Module-level metadata nodes whose text names a global, by the names they refer to
    /// ([`global_refs`]): the only nodes a replace-all-uses has to rewrite.
    md_refs: FxHashMap<Box<str>, Vec<usize>>,
    /// Functions whose instructions were rewritten since [`take_modified`](Self::take_modified)
    /// last emptied the list (with repeats).
    modified: Vec<GlobalId>,
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

/// Whether constant `c` mentions global `g`.
fn mentions(m: &Module, c: Const, g: GlobalId) -> bool {
    if m.consts.as_global(c) == Some(g) {
        return true;
    }
    m.consts.operands(c).into_iter().any(|o| mentions(m, o, g))
}

/// `c` with every mention of global `from` replaced by constant `to`.
pub fn substitute(
    m: &mut Module,
    c: Const,
    from: GlobalId,
    to: Const,
    memo: &mut FxHashMap<Const, Const>,
) -> Const {
    if let Some(&r) = memo.get(&c) {
        return r;
    }
    let r = if m.consts.as_global(c) == Some(from) {
        to
    } else {
        let ops = m.consts.operands(c);
        let new_ops: Vec<Const> = ops
            .iter()
            .map(|&o| substitute(m, o, from, to, memo))
            .collect();
        if new_ops.iter().zip(ops.iter()).all(|(a, b)| a == b) {
            c
        } else {
            let mut it = new_ops.into_iter();
            let mut next = || it.next().expect("same number of operands");
            let nd = m.consts.get(c).map_refs(|t| t, |_| next(), |g| g);
            m.consts.intern(nd)
        }
    };
    memo.insert(c, r);
    r
}

impl Uses {
    /// Build the lists in LLVM's use-list order for a freshly parsed module: a use is pushed
    /// at the head of its value's list, except that uses parsed before the value's definition
    /// reach it through the parser's replace-all-uses of a placeholder, which reverses them
    /// once more. So the list is the uses after the definition, latest first, then the uses
    /// before it, in text order. (The order decides which callers are rescanned first, and so
    /// which of two equal private functions survives.)
    pub fn build(m: &Module) -> Self {
        Self::from_index(m, UseIndex::build_for(m, Self::tracks(m)))
    }

    /// The globals whose uses are tracked: only functions are ever replaced or asked for
    /// their callers.
    pub fn tracks(m: &Module) -> impl Fn(GlobalId) -> bool + Sync + '_ {
        |g| m.globals[g].as_function().is_some()
    }

    /// [`build`](Self::build) from an index of (at least) the uses [`tracks`](Self::tracks)
    /// accepts.
    pub fn from_index(m: &Module, idx: UseIndex) -> Self {
        let mut pos: cranelift_entity::SecondaryMap<GlobalId, usize> =
            cranelift_entity::SecondaryMap::with_capacity(m.globals.len());
        for (i, g) in m.live_globals().enumerate() {
            pos[g] = i;
        }
        let user_pos = |u: &User| match *u {
            User::Inst { func, .. } => pos[func],
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
        // Megabytes of metadata text in a debug-info module: scanned on all cores.
        let md_with_globals: Vec<usize> = (0..m.md_nodes.len())
            .into_par_iter()
            .filter(|&i| memchr::memchr(b'@', m.md_nodes[i].text.as_bytes()).is_some())
            .collect();
        let mut md_refs: FxHashMap<Box<str>, Vec<usize>> = FxHashMap::default();
        for i in md_with_globals {
            for (_, name) in global_refs(&m.md_nodes[i].text) {
                let nodes = md_refs.entry(name.into()).or_default();
                if nodes.last() != Some(&i) {
                    nodes.push(i);
                }
            }
        }
        Uses {
            users,
            md_refs,
            modified: Vec::new(),
        }
    }

    /// Whether `u` still mentions `g` in the current IR.
    fn live(m: &Module, u: &User, g: GlobalId) -> bool {
        match *u {
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
                    Some(Value::Const(c)) => mentions(m, c, g),
                    _ => false,
                }
            }
            User::Global(h) => {
                let gl = &m.globals[h];
                if gl.deleted {
                    return false;
                }
                global_consts(m, h).into_iter().any(|c| mentions(m, c, g))
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
        self.users[g].iter().all(|u| !Self::live(m, u, g))
    }

    /// Replace every use of `from` by `to` (LLVM's RAUW), including uses inside constants,
    /// initializers and aliasees.
    pub fn replace_all_uses(&mut self, m: &mut Module, from: GlobalId, to: GlobalId) {
        let to_c = global_const_like(m, from, to);
        let mut memo = FxHashMap::default();
        let list = std::mem::take(&mut self.users[from]);
        let mut moved = Vec::with_capacity(list.len());
        // Walk `from`'s list from its head, as RAUW does; each use lands at `to`'s head.
        for u in list.into_iter().rev() {
            if !Self::live(m, &u, from) {
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
                    let new = substitute(m, old, from, to_c, &mut memo);
                    let body = m.globals[func]
                        .as_function_mut()
                        .and_then(|f| f.body.as_mut())
                        .expect("live user has a body");
                    set_operand(&mut body.insts[inst], k as usize, Value::Const(new));
                    self.modified.push(func);
                }
                User::Global(h) => {
                    let consts = global_consts(m, h);
                    let new: Vec<Const> = consts
                        .iter()
                        .map(|&c| substitute(m, c, from, to_c, &mut memo))
                        .collect();
                    set_global_consts(m, h, &new);
                }
            }
            moved.push(u);
        }
        self.replace_in_metadata(m, from, to);
        self.users[to].extend(moved);
    }

    /// Make every call whose callee is exactly `old` call `new` instead. Returns the functions
    /// whose calls changed, in use order.
    pub fn replace_direct_callers(
        &mut self,
        m: &mut Module,
        old: GlobalId,
        new: GlobalId,
    ) -> Vec<GlobalId> {
        let new_c = global_const_like(m, old, new);
        let mut changed = Vec::new();
        let list = std::mem::take(&mut self.users[old]);
        let mut keep = Vec::new();
        let mut moved = Vec::new();
        for u in list.into_iter().rev() {
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
                body.insts[inst].operands[k as usize] = Value::Const(new_c);
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

    /// Metadata keeps references to globals as text (`!{ptr @g}`); LLVM's RAUW updates those.
    fn replace_in_metadata(&mut self, m: &mut Module, from: GlobalId, to: GlobalId) {
        if self.md_refs.is_empty() {
            return;
        }
        let (Some(f), Some(t)) = (
            m.globals[from].common().name.as_str(),
            m.globals[to].common().name.as_str(),
        ) else {
            return;
        };
        let (f, t) = (f.to_string(), t.to_string());
        let Some(nodes) = self.md_refs.get(f.as_str()) else {
            return;
        };
        let with = name_ref(&t);
        let mut rewritten = Vec::new();
        for &i in nodes {
            let n = &mut m.md_nodes[i];
            let new = replace_name_refs(&n.text, &f, &with);
            if *new != *n.text {
                n.text = new.into();
                rewritten.push(i);
            }
        }
        // The rewritten nodes now name `to`.
        let nodes = self.md_refs.entry(t.into()).or_default();
        for i in rewritten {
            if !nodes.contains(&i) {
                nodes.push(i);
            }
        }
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

    /// Whether a module-level metadata node names `g`.
    pub fn named_in_metadata(&self, m: &Module, g: GlobalId) -> bool {
        m.globals[g]
            .common()
            .name
            .as_str()
            .is_none_or(|n| self.md_refs.contains_key(n))
    }

    /// Record that `user` (a new function's instruction operand, or a new global) uses `g`.
    pub fn add(&mut self, g: GlobalId, user: User) {
        self.users[g].push(user);
    }
}

/// The constant naming `to`, with the type `from`'s constant has (a bitcast in typed-pointer
/// modules when the pointer types differ, as LLVM 14 did).
pub fn global_const_like(m: &mut Module, from: GlobalId, to: GlobalId) -> Const {
    let want = m.global_ptr_type(from);
    let c = m.global_const(to);
    crate::thunk::cast_const(m, c, want)
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

/// How `@name` is spelled in text.
pub fn name_ref(name: &str) -> String {
    let plain =
        !name.is_empty() && !name.as_bytes()[0].is_ascii_digit() && name.bytes().all(is_ident_char);
    if plain {
        format!("@{name}")
    } else {
        let mut s = String::from("@\"");
        for b in name.bytes() {
            if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
                s.push(b as char);
            } else {
                s.push_str(&format!("\\{b:02X}"));
            }
        }
        s.push('"');
        s
    }
}

/// The global references in metadata text: each `@name` or `@"quoted name"` outside string
/// literals (`!"..."`, `name: "..."`), as its byte range and the name it refers to.
fn global_refs(text: &str) -> Vec<(std::ops::Range<usize>, String)> {
    let b = text.as_bytes();
    let mut refs = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            // A string literal: names inside it are text, not references. (A `"` inside a
            // string or a quoted name is always written `\22`.)
            b'"' => match memchr::memchr(b'"', &b[i + 1..]) {
                Some(n) => i += n + 2,
                None => break,
            },
            b'@' if b.get(i + 1) == Some(&b'"') => {
                let Some(n) = memchr::memchr(b'"', &b[i + 2..]) else {
                    break;
                };
                let end = i + 2 + n + 1;
                let name = unescape(&b[i + 2..end - 1]);
                refs.push((i..end, String::from_utf8_lossy(&name).into_owned()));
                i = end;
            }
            b'@' => {
                let n = b[i + 1..].iter().take_while(|&&c| is_ident_char(c)).count();
                if n > 0 {
                    refs.push((i..i + 1 + n, text[i + 1..i + 1 + n].to_string()));
                }
                i += 1 + n;
            }
            _ => i += 1,
        }
    }
    refs
}

/// `text` with every reference to global `from` (see [`global_refs`]) replaced by `with`.
fn replace_name_refs(text: &str, from: &str, with: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (span, name) in global_refs(text) {
        if name == from {
            out.push_str(&text[last..span.start]);
            out.push_str(with);
            last = span.end;
        }
    }
    out.push_str(&text[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_refs_skip_strings_and_decode_quoted_names() {
        let text = r#"!{ptr @g, ptr @"g x", ptr @g2, !"@g", ptr @"a\22b", i32 @}"#;
        let names: Vec<String> = global_refs(text).into_iter().map(|(_, n)| n).collect();
        assert_eq!(names, ["g", "g x", "g2", "a\"b"]);
        assert_eq!(
            replace_name_refs(text, "g", "@f"),
            r#"!{ptr @f, ptr @"g x", ptr @g2, !"@g", ptr @"a\22b", i32 @}"#
        );
        assert_eq!(
            replace_name_refs(text, "g x", "@f"),
            r#"!{ptr @g, ptr @f, ptr @g2, !"@g", ptr @"a\22b", i32 @}"#
        );
    }
}
