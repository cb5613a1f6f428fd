//! References to functions from metadata, kept right across merges.
//!
//! LLVM's replace-all-uses reaches metadata (`ValueAsMetadata::handleRAUW`), and erasing a
//! function turns what metadata still says of it into nothing (`handleDeletion`): a node
//! operand becomes `null` (and a uniqued node distinct, as LLVM drops its uniquing when a
//! constant operand dies), a debug record's location `poison`, a `metadata` call argument
//! `!{}`. Metadata is not a use: it neither keeps a function alive nor makes it a caller.
//!
//! Metadata names functions in two forms here: as text (module-level nodes, inline nodes such
//! as `!callees !{ptr @g}`: `@name` inside the text) and as structured values (`ptr @g` in a
//! debug record, a `DIArgList` or a `metadata` argument). [`MdRefs`] indexes the places of
//! both, by name and by global, so a merge rewrites only the places that name the function.
//!
//! Text cannot name an unnamed global by handle, and its number (`@3`) changes when the
//! globals around it do. While the pass runs, such references are spelled with a placeholder
//! name unique to the global ([`MdRefs::text_name`]); [`MdRefs::finish`] prints them back as
//! the slot numbers the writer gives.

use crate::consts::{const_mentions, name_ref, replace_global, rewrite_const};
use mergefn_ir::lexer::{is_ident_char, unescape};
use mergefn_ir::uses::globals_in_const;
use mergefn_ir::{
    Const, ConstData, GlobalId, GlobalKind, Inst, Metadata, Module, Name, Opcode, Value,
};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;

/// Where metadata that names a global lives.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Place {
    /// A numbered module-level node (index into `Module::md_nodes`).
    Node(usize),
    /// The attachments of a global (`inst: None`), or an instruction's attachments, debug
    /// records and `metadata` arguments.
    Local { owner: GlobalId, inst: Option<Inst> },
}

/// What a piece of metadata is, for what erasing a function leaves of it.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Ctx {
    /// A node (module-level, attached or inline): operands naming the function become `null`.
    Node,
    /// An operand of a debug record: a value naming the function becomes `poison`.
    Record,
    /// A `metadata` call argument: a value naming the function becomes `!{}`.
    Arg,
}

/// Makes a numbered node of a node's text and gives the reference to it (`!7`).
type Hoist<'a> = dyn FnMut(String) -> String + 'a;

/// The places metadata names each function, kept up to date by the rewrites.
#[derive(Default)]
pub struct MdRefs {
    /// Text references (`@name`, placeholders for unnamed globals), by name.
    by_name: FxHashMap<Box<str>, Vec<Place>>,
    /// Structured references (`ptr @g` values), by the function they mention.
    by_global: FxHashMap<GlobalId, Vec<Place>>,
    /// Whether some text holds a placeholder that [`finish`](Self::finish) must print back.
    placeholders: bool,
}

/// The prefix of placeholder names: a byte no real name of ours starts with.
const PLACEHOLDER: &str = "\u{1}mergefn.";

impl MdRefs {
    /// Index every place that names a function; numbered references to unnamed globals in
    /// text (`!{ptr @0}`) become placeholders.
    pub fn build(m: &mut Module) -> Self {
        let mut refs = MdRefs::default();
        // Megabytes of metadata text in a debug-info module: scanned on all cores.
        let nodes: Vec<(usize, Vec<String>)> = (0..m.md_nodes.len())
            .into_par_iter()
            .filter(|&i| memchr::memchr(b'@', m.md_nodes[i].text.as_bytes()).is_some())
            .map(|i| {
                let names = global_refs(&m.md_nodes[i].text)
                    .into_iter()
                    .map(|(_, n)| n)
                    .collect();
                (i, names)
            })
            .collect();
        for (i, names) in nodes {
            for n in names {
                refs.note_name(n.into(), Place::Node(i));
            }
        }
        let module = &*m;
        let is_function = |g: GlobalId| module.globals[g].as_function().is_some();
        let globals: Vec<GlobalId> = m.live_globals().collect();
        let locals: Vec<(Place, Vec<String>, Vec<GlobalId>)> = globals
            .par_iter()
            .flat_map_iter(|&owner| {
                let mut found = Vec::new();
                let mut scan = |inst: Option<Inst>, mds: &mut dyn Iterator<Item = &Metadata>| {
                    let (mut names, mut gs) = (Vec::new(), Vec::new());
                    for md in mds {
                        md_mentions(module, md, &mut names, &mut gs);
                    }
                    gs.retain(|&g| is_function(g));
                    if !names.is_empty() || !gs.is_empty() {
                        found.push((Place::Local { owner, inst }, names, gs));
                    }
                };
                let gl = &module.globals[owner];
                let own = match &gl.kind {
                    GlobalKind::Function(f) => &f.md,
                    GlobalKind::Var(v) => &v.md,
                    GlobalKind::Alias(a) => &a.md,
                };
                scan(None, &mut own.iter().map(|a| &a.md));
                if let Some(body) = gl.as_function().and_then(|f| f.body.as_ref()) {
                    for (i, d) in body.insts.iter() {
                        let is_call = matches!(d.opcode, Opcode::Call | Opcode::Invoke);
                        if d.md.is_empty() && d.debug.is_none() && !is_call {
                            continue;
                        }
                        let args = d.operands.iter().filter_map(|v| match v {
                            Value::Md(a) if is_call => Some(&body.md_args[*a]),
                            _ => None,
                        });
                        let records = d
                            .debug
                            .iter()
                            .flat_map(|x| x.records.iter())
                            .flat_map(|r| r.ops.iter());
                        scan(
                            Some(i),
                            &mut d.md.iter().map(|a| &a.md).chain(records).chain(args),
                        );
                    }
                }
                found
            })
            .collect();
        for (place, names, gs) in locals {
            for n in names {
                refs.note_name(n.into(), place);
            }
            for g in gs {
                refs.note_global(g, place);
            }
        }
        refs.placeholders_for_numbers(m);
        refs
    }

    fn note_name(&mut self, name: Box<str>, p: Place) {
        let v = self.by_name.entry(name).or_default();
        if !v.contains(&p) {
            v.push(p);
        }
    }

    fn note_global(&mut self, g: GlobalId, p: Place) {
        let v = self.by_global.entry(g).or_default();
        if !v.contains(&p) {
            v.push(p);
        }
    }

    /// Numbered references (`@0`) name unnamed globals by the writer's slot numbers, which
    /// merging changes: spell them with placeholders until [`finish`](Self::finish).
    fn placeholders_for_numbers(&mut self, m: &mut Module) {
        let numbered: Vec<Box<str>> = self
            .by_name
            .keys()
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .cloned()
            .collect();
        if numbered.is_empty() {
            return;
        }
        let by_slot: FxHashMap<u32, GlobalId> = mergefn_ir::global_slot_numbers(m)
            .into_iter()
            .map(|(g, n)| (n, g))
            .collect();
        for n in numbered {
            let Some(&g) = n.parse().ok().and_then(|k: u32| by_slot.get(&k)) else {
                continue;
            };
            let with = name_ref(&Self::text_name(m, g));
            self.rewrite_text(m, &n, &with, |t| replace_name_refs(t, &n, &with));
        }
    }

    /// How text refers to `g`: its name, or a placeholder unique to it when it has none.
    pub fn text_name(m: &Module, g: GlobalId) -> Cow<'_, str> {
        match &m.globals[g].common().name {
            Name::Named(n) => Cow::Borrowed(n),
            Name::Unnamed => Cow::Owned(format!("{PLACEHOLDER}{}", g.as_u32())),
        }
    }

    /// Apply `edit` to the text of every place that names `name`, and file the places under
    /// the name `with` now spells (if any).
    fn rewrite_text(
        &mut self,
        m: &mut Module,
        name: &str,
        with: &str,
        edit: impl Fn(&str) -> String,
    ) {
        let Some(places) = self.by_name.get(name).cloned() else {
            return;
        };
        for &p in &places {
            edit_place(m, p, &mut |_, md, _| match md {
                Metadata::Text(t) => {
                    let new = edit(t);
                    let changed = *new != **t;
                    *t = new.into();
                    changed
                }
                _ => false,
            });
        }
        if let Some((_, n)) = global_refs(with).into_iter().next() {
            self.placeholders |= n.starts_with(PLACEHOLDER);
            for p in places {
                self.note_name(n.clone().into(), p);
            }
        }
    }

    /// `from` was replaced by `to` everywhere (`to_c` names `to` with `from`'s type).
    pub fn replace(&mut self, m: &mut Module, from: GlobalId, to: GlobalId, to_c: Const) {
        // Most globals are named by no metadata text: nothing to spell then.
        let (f, t) = (Self::text_name(m, from), Self::text_name(m, to));
        let places = (self.by_name.get(&*f))
            .filter(|p| f != t && !p.is_empty())
            .cloned();
        if let Some(places) = places {
            let (f, t) = (f.into_owned(), t.into_owned());
            let with = name_ref(&t);
            // A uniqued node that the replacement makes equal to an existing one becomes
            // distinct (LLVM cannot merge two resolved nodes): only nodes naming `to` can be
            // equal to it afterwards.
            let to_places = self.by_name.get(&*t).cloned().unwrap_or_default();
            let mut existing = Self::uniqued_texts(m, &to_places);
            self.edit_nodes(m, places.clone(), &mut |text, _| {
                let new = replace_name_refs(text, &f, &with);
                if new == text {
                    return None;
                }
                if !text.starts_with("distinct") && !existing.insert(new.clone().into()) {
                    return Some(format!("distinct {new}"));
                }
                Some(new)
            });
            if let Some((_, n)) = global_refs(&with).into_iter().next() {
                self.placeholders |= n.starts_with(PLACEHOLDER);
                for p in places {
                    self.note_name(n.clone().into(), p);
                }
            }
        }
        let Some(places) = self.by_global.get(&from).cloned() else {
            return;
        };
        let mut memo = FxHashMap::default();
        for &p in &places {
            edit_place(m, p, &mut |m, md, _| {
                map_values(m, md, &mut |m, _, c| {
                    let n = rewrite_const(m, c, &mut memo, &mut |m, c| {
                        replace_global(m, c, from, to_c)
                    });
                    (n != c).then_some(n)
                })
            });
        }
        for p in places {
            self.note_global(to, p);
        }
    }

    /// Edit the node texts at `places` with `edit` (the new text, starting with `distinct`
    /// where the node must become distinct; `None` to leave it). Equal uniqued nodes are one
    /// node in LLVM, wherever written (`!5 = !{ptr @g}` and each inline `!{ptr @g}`): each is
    /// edited once, module-level nodes first, and its every occurrence gets the result. Text
    /// cannot hold a distinct node inline: such a result becomes a numbered node.
    fn edit_nodes(
        &mut self,
        m: &mut Module,
        mut places: Vec<Place>,
        edit: &mut dyn FnMut(&str, &mut Hoist) -> Option<String>,
    ) {
        places.sort_by_key(|p| !matches!(p, Place::Node(_)));
        let mut made: FxHashMap<Box<str>, Metadata> = FxHashMap::default();
        let mut hoisted = Vec::new();
        for p in places {
            let top_level = matches!(p, Place::Node(_));
            edit_place(m, p, &mut |m, md, _| {
                let Metadata::Text(t) = md else { return false };
                if let Some(r) = made.get(&**t).filter(|_| !top_level) {
                    *md = r.clone();
                    return true;
                }
                let before = t.clone();
                let mut hoist = |text: String| {
                    let id = m.md_nodes.iter().map(|n| n.id + 1).max().unwrap_or(0);
                    hoisted.push(m.md_nodes.len());
                    m.md_nodes.push(mergefn_ir::metadata::MdNode {
                        id,
                        text: text.into(),
                    });
                    format!("!{id}")
                };
                let Some(new) = edit(t, &mut hoist) else {
                    return false;
                };
                *md = if !top_level && new.starts_with("distinct") {
                    let r = hoist(new);
                    Metadata::Ref(r[1..].parse().expect("a number"))
                } else {
                    Metadata::Text(new.into())
                };
                let result = match (p, &*md) {
                    (Place::Node(i), Metadata::Text(t)) if t.starts_with("distinct") => {
                        Metadata::Ref(m.md_nodes[i].id)
                    }
                    _ => md.clone(),
                };
                made.insert(before, result);
                true
            });
        }
        for i in hoisted {
            for (_, n) in global_refs(&m.md_nodes[i].text) {
                self.note_name(n.into(), Place::Node(i));
            }
        }
    }

    /// The texts of the uniqued nodes at `places` (module-level and inline).
    fn uniqued_texts(m: &mut Module, places: &[Place]) -> FxHashSet<Box<str>> {
        let mut out = FxHashSet::default();
        for &p in places {
            edit_place(m, p, &mut |_, md, _| {
                if let Metadata::Text(t) = md {
                    if !t.starts_with("distinct") {
                        out.insert(t.clone());
                    }
                }
                false
            });
        }
        out
    }

    /// Whether any metadata (text or value) refers to `g`.
    pub fn names(&self, m: &Module, g: GlobalId) -> bool {
        self.by_global.get(&g).is_some_and(|v| !v.is_empty())
            || self
                .by_name
                .get(&*Self::text_name(m, g))
                .is_some_and(|v| !v.is_empty())
    }

    /// `g` is being erased: what metadata still says of it becomes `null`, `poison` or `!{}`.
    /// (Text naming a global that has since taken `g`'s name names that one, and stays.)
    pub fn erase(&mut self, m: &mut Module, g: GlobalId) {
        // As in `replace`: the name is copied and looked up only when some text names it.
        let name = Self::text_name(m, g);
        let places = (self.by_name.get(&*name))
            .filter(|p| !p.is_empty())
            .cloned();
        if let Some(places) = places {
            let name = name.into_owned();
            // A global that has since taken the name keeps the text.
            if m.global_by_name(&name).is_none_or(|h| h == g) {
                self.edit_nodes(m, places, &mut |t, hoist| null_refs(t, &name, hoist));
            }
        }
        let places = self.by_global.get(&g).cloned().unwrap_or_default();
        for p in places {
            edit_place(m, p, &mut |m, md, ctx| {
                if ctx == Ctx::Arg {
                    if let Metadata::Value(_, Value::Const(c)) = md {
                        if const_mentions(m, *c, g) {
                            *md = Metadata::Text("!{}".into());
                            return true;
                        }
                    }
                    return false;
                }
                map_values(m, md, &mut |m, ty, c| {
                    const_mentions(m, c, g).then(|| m.consts.intern(ConstData::Poison(ty)))
                })
            });
        }
    }

    /// Print placeholders back as the writer's slot numbers of their (unnamed) globals.
    pub fn finish(&mut self, m: &mut Module) {
        if !self.placeholders {
            return;
        }
        let slots = mergefn_ir::global_slot_numbers(m);
        let names: Vec<Box<str>> = self
            .by_name
            .keys()
            .filter(|n| n.starts_with(PLACEHOLDER))
            .cloned()
            .collect();
        for n in names {
            let Some(g) = n[PLACEHOLDER.len()..]
                .parse::<u32>()
                .ok()
                .map(GlobalId::from_u32)
            else {
                continue;
            };
            let Some(slot) = slots.get(&g) else { continue };
            let with = format!("@{slot}");
            self.rewrite_text(m, &n, &with, |t| replace_name_refs(t, &n, &with));
        }
        self.placeholders = false;
    }
}

/// The names (`@name` in text) and globals (in values) `md` mentions.
fn md_mentions(m: &Module, md: &Metadata, names: &mut Vec<String>, gs: &mut Vec<GlobalId>) {
    let mut seen = FxHashSet::default();
    match md {
        Metadata::Text(t) if t.contains('@') => {
            names.extend(global_refs(t).into_iter().map(|(_, n)| n));
        }
        Metadata::Value(_, Value::Const(c)) => globals_in_const(m, *c, gs, &mut seen),
        Metadata::ArgList(items) => {
            for (_, v) in items {
                if let Value::Const(c) = v {
                    globals_in_const(m, *c, gs, &mut seen);
                }
            }
        }
        _ => {}
    }
}

/// Apply `f` to each constant value in `md` (a value, or the items of a `DIArgList`); `f`
/// gives the new constant (of the same type) where it changes one. Returns whether anything changed.
fn map_values(
    m: &mut Module,
    md: &mut Metadata,
    f: &mut dyn FnMut(&mut Module, mergefn_ir::Type, Const) -> Option<Const>,
) -> bool {
    let mut changed = false;
    let mut one = |m: &mut Module, ty: mergefn_ir::Type, v: &mut Value| {
        if let Value::Const(c) = *v {
            if let Some(n) = f(m, ty, c) {
                *v = Value::Const(n);
                changed = true;
            }
        }
    };
    match md {
        Metadata::Value(ty, v) => one(m, *ty, v),
        Metadata::ArgList(items) => {
            for (ty, v) in items.iter_mut() {
                one(m, *ty, v);
            }
        }
        _ => {}
    }
    changed
}

/// Run `edit` on every piece of metadata at `p` (with what it is), writing back what changed.
fn edit_place(
    m: &mut Module,
    p: Place,
    edit: &mut dyn FnMut(&mut Module, &mut Metadata, Ctx) -> bool,
) {
    match p {
        Place::Node(i) => {
            let mut md = Metadata::Text(m.md_nodes[i].text.clone());
            if edit(m, &mut md, Ctx::Node) {
                if let Metadata::Text(t) = md {
                    m.md_nodes[i].text = t;
                }
            }
        }
        Place::Local { owner, inst: None } => {
            let mut mds = match &m.globals[owner].kind {
                GlobalKind::Function(f) => f.md.clone(),
                GlobalKind::Var(v) => v.md.clone(),
                GlobalKind::Alias(a) => a.md.clone(),
            };
            let mut changed = false;
            for a in mds.iter_mut() {
                changed |= edit(m, &mut a.md, Ctx::Node);
            }
            if changed {
                match &mut m.globals[owner].kind {
                    GlobalKind::Function(f) => f.md = mds,
                    GlobalKind::Var(v) => v.md = mds,
                    GlobalKind::Alias(a) => a.md = mds,
                }
            }
        }
        Place::Local {
            owner,
            inst: Some(i),
        } => {
            // A deleted function's nodes are kept up to date too: LLVM keeps uniqued nodes in
            // its context after their last user goes, so they still collide with others.
            let Some(body) = m.globals[owner].as_function().and_then(|f| f.body.as_ref()) else {
                return;
            };
            let Some(d) = body.insts.get(i) else { return };
            let mut attachments = d.md.clone();
            let mut records: Vec<_> = d
                .debug
                .as_ref()
                .map(|x| x.records.clone())
                .unwrap_or_default();
            let mut args: Vec<(mergefn_ir::MdArg, Metadata)> = d
                .operands
                .iter()
                .filter_map(|v| match v {
                    Value::Md(a) => Some((*a, body.md_args[*a].clone())),
                    _ => None,
                })
                .collect();
            let mut changed = false;
            for a in attachments.iter_mut() {
                changed |= edit(m, &mut a.md, Ctx::Node);
            }
            for r in records.iter_mut() {
                for op in r.ops.iter_mut() {
                    changed |= edit(m, op, Ctx::Record);
                }
            }
            for (_, md) in args.iter_mut() {
                changed |= edit(m, md, Ctx::Arg);
            }
            if !changed {
                return;
            }
            let body = m.globals[owner]
                .as_function_mut()
                .and_then(|f| f.body.as_mut())
                .expect("checked above");
            let d = &mut body.insts[i];
            d.md = attachments;
            if let Some(x) = d.debug.as_mut() {
                x.records = records;
            }
            for (a, md) in args {
                body.md_args[a] = md;
            }
        }
    }
}

/// The global references in metadata text: each `@name` or `@"quoted name"` outside string
/// literals (`!"..."`, `name: "..."`), as its byte range and the name it refers to.
pub fn global_refs(text: &str) -> Vec<(std::ops::Range<usize>, String)> {
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

/// The top-level operands of a node's text (`!{a, b}` or `!DIKind(f: a, g: b)`), as byte
/// ranges, with the range of the whole operand list.
fn operand_spans(text: &str) -> Option<Vec<std::ops::Range<usize>>> {
    let b = text.as_bytes();
    let open = b.iter().position(|&c| c == b'{' || c == b'(')?;
    let close = b.len().checked_sub(1).filter(|&e| e > open)?;
    let mut spans = Vec::new();
    let (mut depth, mut start, mut i) = (0usize, open + 1, open + 1);
    while i < close {
        match b[i] {
            b'"' => {
                i += memchr::memchr(b'"', &b[i + 1..close])? + 1;
            }
            b'(' | b'{' | b'[' | b'<' => depth += 1,
            b')' | b'}' | b']' | b'>' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                spans.push(start..i);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    spans.push(start..close);
    Some(spans)
}

/// What erasing global `name` leaves of a node's text: each operand naming it becomes `null`
/// (a field `f: ptr @g` becomes `f: null`), and the node holding such an operand becomes
/// `distinct`; an inline node among the operands (`!{!DITemplateValueParameter(...)}`) is
/// edited the same way, and only it becomes distinct. `None` when the node does not name it.
///
/// Text cannot hold a distinct node inline: `hoist` makes a numbered node of one and gives
/// the reference to it (`!7`).
fn null_refs(text: &str, name: &str, hoist: &mut Hoist) -> Option<String> {
    let spans = operand_spans(text)?;
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let (mut changed, mut direct) = (false, false);
    for span in spans {
        let op = &text[span.clone()];
        if !global_refs(op).iter().any(|(_, n)| n == name) {
            continue;
        }
        // A specialised node's field keeps its label: `value: ptr @g` -> `value: null`.
        let trimmed = op.trim_start();
        let label = trimmed
            .find(':')
            .filter(|&k| {
                trimmed[..k]
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'_')
            })
            .map_or("", |k| &trimmed[..=k]);
        let value = trimmed[label.len()..].trim();
        let inline_node = value.starts_with("!{")
            || value.starts_with("distinct ")
            || (value.starts_with('!') && value.ends_with(')'));
        out.push_str(&text[last..span.start]);
        out.push_str(&op[..op.len() - trimmed.len()]);
        if !label.is_empty() {
            out.push_str(label);
            out.push(' ');
        }
        match inline_node.then(|| null_refs(value, name, hoist)).flatten() {
            Some(inner) if inner.starts_with("distinct") => out.push_str(&hoist(inner)),
            Some(inner) => out.push_str(&inner),
            None => {
                out.push_str("null");
                direct = true;
            }
        }
        last = span.end;
        changed = true;
    }
    if !changed {
        return None;
    }
    out.push_str(&text[last..]);
    Some(if !direct || out.starts_with("distinct") {
        out
    } else {
        format!("distinct {out}")
    })
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

    fn nulled(text: &str, name: &str) -> Option<String> {
        null_refs(text, name, &mut |t| format!("<{t}>"))
    }

    #[test]
    fn erased_operands_become_null_in_a_distinct_node() {
        assert_eq!(
            nulled("!{ptr @c, ptr @g, i64 10}", "g").as_deref(),
            Some("distinct !{ptr @c, null, i64 10}")
        );
        assert_eq!(
            nulled("!{ptr getelementptr (i8, ptr @g, i64 4)}", "g").as_deref(),
            Some("distinct !{null}")
        );
        assert_eq!(
            nulled(
                r#"!DITemplateValueParameter(name: "x", value: ptr @g)"#,
                "g"
            )
            .as_deref(),
            Some(r#"distinct !DITemplateValueParameter(name: "x", value: null)"#)
        );
        assert_eq!(
            nulled("distinct !{ptr @g}", "g").as_deref(),
            Some("distinct !{null}")
        );
        assert_eq!(
            nulled("!{!DITemplateValueParameter(value: ptr @g), ptr @g2}", "g").as_deref(),
            Some("!{<distinct !DITemplateValueParameter(value: null)>, ptr @g2}")
        );
        assert_eq!(nulled("!{ptr @g2, !\"@g\"}", "g"), None);
    }
}
