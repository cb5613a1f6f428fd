//! The numbers opt gives metadata nodes and attribute groups when it prints a module.
//!
//! LLVM's `SlotTracker` numbers only the nodes and groups something still uses, in the order
//! it meets them: metadata attached to global variables, the operands of named metadata,
//! then, function by function, the function's attachments and for each instruction its debug
//! records, the metadata operands of calls and its attachments (`!dbg` first), each node
//! followed depth first by the nodes it refers to; attribute groups of global variables,
//! then of every function, then of call sites as the functions are printed. After a merge
//! deletes functions, the numbers the input had no longer hold: this computes opt's.
//!
//! Node texts are kept as read, so a node's operands are its `!N` references in the text.
//! LLVM visits them in operand order, which is the order of the text but for a few `!DI...`
//! kinds whose fields print in another order than their operands are stored
//! ([`operand_order`]).

use crate::attr::{Attr, AttrSet};
use crate::function::Body;
use crate::metadata::Metadata;
use crate::module::GlobalId;
use crate::module::{GlobalKind, Module};
use crate::value::Value;
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// No number: the node or group is not printed (nothing uses it).
pub(super) const NONE: u32 = u32::MAX;

pub(super) struct Numbering<'m> {
    /// Index into `Module::md_nodes` of each input number.
    index: NodeIndex,
    /// New number of each input node, by its index in `Module::md_nodes`.
    md_slot: Vec<u32>,
    /// Indexes into `Module::md_nodes`, in the order of the new numbers.
    pub md_order: Vec<usize>,
    /// New number of each input attribute group.
    attr_slot: FxHashMap<u32, u32>,
    /// The attributes of each new group, in the order of the new numbers.
    pub attr_sets: Vec<Cow<'m, [Attr]>>,
    /// Intrinsic declarations whose group opt changes (see [`Builder::function_attrs`]).
    fn_slot: FxHashMap<GlobalId, u32>,
    /// Each node's references as [`Builder`] found them: node k's are at
    /// `starts[k]..starts[k + 1]` of `refs` (the input numbers) and `ats` (where each `!`
    /// stands in the node's text), so that the writer renumbers a node without searching its
    /// text again ([`Numbering::node_refs`]).
    starts: Vec<u32>,
    refs: Vec<u32>,
    ats: Vec<u32>,
    /// Whether each node is a `!DIExpression` (see `Builder::inline`).
    inline: Vec<bool>,
}

/// Calls `f` with each `!N` reference in metadata text, in order, and the byte range it
/// spans (string literals are skipped: they hold a `"` only as `\22`).
pub(super) fn for_each_ref(text: &[u8], mut f: impl FnMut(u32, usize, usize)) {
    let mut i = 0;
    while let Some(k) = memchr::memchr2(b'!', b'"', &text[i..]) {
        let at = i + k;
        if text[at] == b'"' {
            i = match memchr::memchr(b'"', &text[at + 1..]) {
                Some(e) => at + 1 + e + 1,
                None => return,
            };
            continue;
        }
        let mut j = at + 1;
        let mut n: u64 = 0;
        while j < text.len() && text[j].is_ascii_digit() && n < u64::from(NONE) {
            n = n * 10 + u64::from(text[j] - b'0');
            j += 1;
        }
        if j > at + 1 && n < u64::from(NONE) {
            f(n as u32, at, j);
        }
        i = j;
    }
}

impl<'m> Numbering<'m> {
    /// How a reference to input node `id` prints: its new number (itself when it has none,
    /// which does not happen for nodes the module uses), or (`Err`) the text of a
    /// `!DIExpression`, which LLVM never numbers, printed in its place. One look-up of the
    /// node, and the node table read only for an expression: the references of a debug
    /// build's metadata point all over the table, and each look into it is a cache miss.
    pub fn printed<'a>(&self, m: &'a Module, id: u32) -> Result<u32, &'a str> {
        let Some(k) = self.index.get(id).map(|k| k as usize) else {
            return Ok(id);
        };
        match self.md_slot[k] {
            NONE if self.inline[k] => Err(&m.md_nodes[k].text),
            NONE => Ok(id),
            s => Ok(s),
        }
    }

    /// The references in the text of node `k` (an index into `Module::md_nodes`): where each
    /// `!` stands and the input number after it, in text order.
    pub fn node_refs(&self, k: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        let (a, b) = (self.starts[k] as usize, self.starts[k + 1] as usize);
        let (ats, refs) = (&self.ats[a..b], &self.refs[a..b]);
        // Kinds whose operands are not in text order ([`operand_order`]): sorted back.
        let mut order: smallvec::SmallVec<[(u32, u32); 8]> = smallvec::SmallVec::new();
        let sorted = ats.windows(2).all(|w| w[0] < w[1]);
        if !sorted {
            order.extend(ats.iter().copied().zip(refs.iter().copied()));
            order.sort_unstable_by_key(|&(at, _)| at);
        }
        let direct = sorted.then(|| ats.iter().copied().zip(refs.iter().copied()));
        (direct.into_iter().flatten())
            .chain(order)
            .map(|(at, r)| (at as usize, r))
    }

    /// The new number of input attribute group `g`; `None` for a group the module never
    /// defines (which LLVM reads as no attributes).
    pub fn attr(&self, g: u32) -> Option<u32> {
        self.attr_slot.get(&g).copied()
    }

    /// The new group of function `g`'s own attributes when opt changes them (an intrinsic
    /// declaration), with its attributes.
    pub fn fn_group(&self, g: GlobalId) -> Option<(u32, &[Attr])> {
        let &n = self.fn_slot.get(&g)?;
        Some((n, &self.attr_sets[n as usize]))
    }

    pub fn new(m: &'m Module) -> Numbering<'m> {
        let mut b = Builder::new(m);
        b.walk();
        b.finish()
    }
}

/// Which of the nodes `ids` something the module uses reaches once its debug information is
/// stripped, as LLVM's verifier visits them (LLParser drops a node nothing reaches; and a
/// module whose debug information is broken, or not of the current version, loses it to
/// `StripDebugInfo` before it is verified): the walk that numbers nodes, `!DIExpression`s
/// included, but through none of the `!dbg` attachments, debug records, calls of
/// `llvm.dbg.*` and `llvm.dbg.*` named nodes that stripping removes, nor through what the
/// verifier does not visit (a global variable's other attachments) or bodies kept as text
/// (whose references are not told apart).
pub(crate) fn reached_without_debug_info(m: &Module, ids: &[u32]) -> Vec<bool> {
    let mut b = Builder::new(m);
    for &id in ids {
        if let Some(k) = b.index.get(id) {
            b.watch.insert(k, false);
        }
    }
    b.stripped = true;
    b.walk();
    ids.iter()
        .map(|&id| {
            b.index
                .get(id)
                .is_some_and(|k| b.watch.get(&k) == Some(&true))
        })
        .collect()
}

impl<'m> Builder<'m> {
    /// Meet everything the module uses, in `SlotTracker`'s order.
    fn walk(&mut self) {
        let b = self;
        let m = b.m;
        let stripped = b.stripped;
        let kept = |a: &&crate::metadata::MdAttachment| !stripped || &*a.kind != "dbg";
        // The verifier looks at a global variable's `!dbg` only, which stripping removes.
        for g in m.live_globals().filter(|_| !stripped) {
            match &m.globals[g].kind {
                GlobalKind::Var(v) => {
                    for a in &v.md {
                        b.md(&a.md, None);
                    }
                    b.attrs(&v.attrs);
                }
                GlobalKind::Alias(a) => {
                    for a in &a.md {
                        b.md(&a.md, None);
                    }
                }
                _ => {}
            }
        }
        for n in &m.named_md {
            if stripped && (n.name.starts_with("llvm.dbg.") || &*n.name == "llvm.gcov") {
                continue;
            }
            let mut refs = Vec::new();
            for_each_ref(n.text.as_bytes(), |r, _, _| refs.push(r));
            for r in refs {
                b.node(r);
            }
        }
        for g in m.live_globals() {
            if let GlobalKind::Function(f) = &m.globals[g].kind {
                b.function_attrs(g, f);
            }
        }
        for g in m.live_globals() {
            let GlobalKind::Function(f) = &m.globals[g].kind else {
                continue;
            };
            for a in f.md.iter().filter(kept) {
                b.md(&a.md, None);
            }
            let Some(body) = &f.body else { continue };
            if stripped && body.lazy.is_some() {
                continue;
            }
            if let Some(lazy) = &body.lazy {
                for r in &lazy.refs {
                    match r.kind {
                        crate::lazy::RefKind::Md(n) => b.node(n),
                        crate::lazy::RefKind::Attr(g) => b.later.push(g),
                        crate::lazy::RefKind::Global { .. } | crate::lazy::RefKind::Skip(_) => {}
                    }
                }
                continue;
            }
            for &bl in &body.layout {
                for &i in &body.blocks[bl].insts {
                    let d = &body.insts[i];
                    if stripped {
                        let debug_call = d.callee().is_some_and(|c| {
                            matches!(c, Value::Const(k) if m.consts.as_global(k)
                                .is_some_and(|g| m.global_name(g).starts_with("llvm.dbg.")))
                        });
                        if !debug_call && d.call_info().is_some() {
                            for &v in &d.operands[..d.num_call_args()] {
                                if let Value::Md(x) = v {
                                    b.md(&body.md_args[x], Some(body));
                                }
                            }
                        }
                        for a in d.md.iter().filter(kept) {
                            b.md(&a.md, Some(body));
                        }
                        continue;
                    }
                    if let Some(dbg) = &d.debug {
                        for r in dbg.records.iter() {
                            for op in &r.ops {
                                b.md(op, Some(body));
                            }
                        }
                    }
                    if let Some(ci) = d.call_info() {
                        for &v in &d.operands[..d.num_call_args()] {
                            if let Value::Md(x) = v {
                                b.md(&body.md_args[x], Some(body));
                            }
                        }
                        b.attrs_later(&ci.attrs.func);
                    }
                    if let Some(loc) = d.debug.as_ref().and_then(|x| x.loc.as_ref()) {
                        b.md(loc, Some(body));
                    }
                    for a in &d.md {
                        b.md(&a.md, Some(body));
                    }
                }
            }
        }
    }
}

struct Builder<'m> {
    m: &'m Module,
    index: NodeIndex,
    /// References of each node, in operand order: those of node k (an index into
    /// `md_nodes`) are `refs[starts[k]..starts[k + 1]]`.
    starts: Vec<u32>,
    refs: Vec<u32>,
    /// Where each of `refs` stands in its node's text.
    ats: Vec<u32>,
    /// Whether each node is a `!DIExpression`, printed inline and never numbered: found
    /// with the references, so that the walk, which meets the nodes in no order the memory
    /// likes, does not fetch each node's text again (a cache miss per node: the walk, on
    /// one core, took a fifth longer on sqlite's and zstd's `-O2 -g` builds).
    inline: Vec<bool>,
    md_slot: Vec<u32>,
    md_order: Vec<usize>,
    stack: Vec<u32>,
    attr_slot: FxHashMap<u32, u32>,
    attr_sets: Vec<Cow<'m, [Attr]>>,
    fn_slot: FxHashMap<GlobalId, u32>,
    /// Groups by content, so that equal groups share one number as they do in LLVM.
    attr_by_content: FxHashMap<Cow<'m, [Attr]>, u32>,
    /// Call-site groups, numbered after every function's own.
    later: Vec<u32>,
    /// Nodes (by index) someone asked about ([`reached_without_debug_info`]), and whether
    /// the walk met them.
    watch: FxHashMap<u32, bool>,
    /// Walk as if the module's debug information were stripped.
    stripped: bool,
}

impl<'m> Builder<'m> {
    fn new(m: &'m Module) -> Self {
        let index = NodeIndex::new(m);
        // Each node's references, read on all cores in runs of nodes (debug-info modules have
        // hundreds of thousands), then laid end to end in node order.
        use rayon::prelude::*;
        type Run = (Vec<u32>, Vec<u32>, Vec<u32>, Vec<bool>);
        let runs: Vec<Run> = m
            .md_nodes
            .par_chunks(4096)
            .map(|nodes| {
                let mut starts = Vec::with_capacity(nodes.len());
                let mut refs = Vec::new();
                let mut ats = Vec::new();
                let mut inline = Vec::with_capacity(nodes.len());
                let mut keyed: Vec<(u32, u32, u32)> = Vec::new();
                for n in nodes {
                    starts.push(refs.len() as u32);
                    let text = n.text.as_bytes();
                    inline.push(text.starts_with(b"!DIExpression("));
                    let fields = operand_order(text);
                    if fields.is_empty() {
                        for_each_ref(text, |r, at, _| {
                            refs.push(r);
                            ats.push(at as u32);
                        });
                        continue;
                    }
                    keyed.clear();
                    for_each_ref(text, |r, at, _| {
                        let rank = field_before(text, at)
                            .and_then(|f| fields.iter().position(|&x| x == f))
                            .map_or(u32::MAX, |k| k as u32);
                        keyed.push((rank, r, at as u32));
                    });
                    // Stable: fields not in the table keep their order, after those in it.
                    keyed.sort_by_key(|&(rank, _, _)| rank);
                    refs.extend(keyed.iter().map(|&(_, r, _)| r));
                    ats.extend(keyed.iter().map(|&(_, _, at)| at));
                }
                (starts, refs, ats, inline)
            })
            .collect();
        let mut starts = Vec::with_capacity(m.md_nodes.len() + 1);
        let mut inline = Vec::with_capacity(m.md_nodes.len());
        let total = runs.iter().map(|r| r.1.len()).sum();
        let (mut refs, mut ats) = (Vec::with_capacity(total), Vec::with_capacity(total));
        for (run_starts, run_refs, run_ats, run_inline) in runs {
            let base = refs.len() as u32;
            starts.extend(run_starts.into_iter().map(|s| s + base));
            refs.extend(run_refs);
            ats.extend(run_ats);
            inline.extend(run_inline);
        }
        starts.push(refs.len() as u32);
        Builder {
            m,
            index,
            starts,
            refs,
            ats,
            inline,
            md_slot: vec![NONE; m.md_nodes.len()],
            md_order: Vec::with_capacity(m.md_nodes.len()),
            stack: Vec::new(),
            attr_slot: FxHashMap::default(),
            attr_sets: Vec::new(),
            fn_slot: FxHashMap::default(),
            attr_by_content: FxHashMap::default(),
            later: Vec::new(),
            watch: FxHashMap::default(),
            stripped: false,
        }
    }

    fn md(&mut self, md: &Metadata, body: Option<&Body>) {
        match md {
            Metadata::Ref(n) => self.node(*n),
            Metadata::Text(t) => {
                let mut refs = Vec::new();
                for_each_ref(t.as_bytes(), |r, _, _| refs.push(r));
                for r in refs {
                    self.node(r);
                }
            }
            Metadata::Value(_, Value::Md(x)) => {
                if let Some(body) = body {
                    let inner = body.md_args[*x].clone();
                    self.md(&inner, Some(body));
                }
            }
            _ => {}
        }
    }

    /// LLVM's `CreateMetadataSlot`: number node `id` if it has no number, then the nodes it
    /// refers to, depth first. `!DIExpression`s get none (they are printed inline).
    fn node(&mut self, id: u32) {
        // Most calls (an instruction's `!dbg`, a load's `!tbaa`) meet a node numbered already.
        // (The loop below would skip it as well.)
        match self.index.get(id) {
            Some(k) if self.md_slot[k as usize] == NONE => {}
            _ => return,
        }
        self.stack.push(id);
        while let Some(id) = self.stack.pop() {
            let Some(k) = self.index.get(id) else {
                continue;
            };
            if self.md_slot[k as usize] != NONE {
                continue;
            }
            if !self.watch.is_empty() {
                if let Some(met) = self.watch.get_mut(&k) {
                    *met = true;
                }
            }
            if self.inline[k as usize] {
                continue;
            }
            self.md_slot[k as usize] = self.md_order.len() as u32;
            self.md_order.push(k as usize);
            let (s, e) = (self.starts[k as usize], self.starts[k as usize + 1]);
            for j in (s..e).rev() {
                let r = self.refs[j as usize];
                if self
                    .index
                    .get(r)
                    .is_some_and(|x| self.md_slot[x as usize] == NONE)
                {
                    self.stack.push(r);
                }
            }
        }
    }

    fn attrs(&mut self, set: &AttrSet) {
        for &g in &set.groups {
            self.group(g);
        }
    }

    fn attrs_later(&mut self, set: &AttrSet) {
        self.later.extend(set.groups.iter().copied());
    }

    fn group(&mut self, g: u32) {
        if self.attr_slot.contains_key(&g) {
            return;
        }
        let Some(content) = self.m.attr_groups.get(&g) else {
            return;
        };
        let n = self.set(Cow::Borrowed(content.as_slice()));
        self.attr_slot.insert(g, n);
    }

    /// The number of the group holding `content`, numbered now if new.
    fn set(&mut self, content: Cow<'m, [Attr]>) -> u32 {
        if let Some(&n) = self.attr_by_content.get(&content) {
            return n;
        }
        let n = self.attr_sets.len() as u32;
        self.attr_sets.push(content.clone());
        self.attr_by_content.insert(content, n);
        n
    }

    /// A function's own group. opt gives an intrinsic's declaration the intrinsic's own
    /// attributes when it reads it, whatever the text said (older LLVMs, as rustc's, wrote
    /// `mustprogress` there, sanitizers `nobuiltin`): the commonest intrinsics get their
    /// attributes from [`intrinsic_attrs`], the others lose `mustprogress`, which no
    /// intrinsic has.
    fn function_attrs(&mut self, g: GlobalId, f: &'m crate::function::Function) {
        let m = self.m;
        // (LLVM 14, which reads typed-pointer modules, kept what the text said.)
        let intrinsic = !m.typed_pointers
            && f.body.is_none()
            && m.globals[g]
                .common()
                .name
                .as_str()
                .is_some_and(|n| n.starts_with("llvm."));
        if intrinsic && f.attrs.func.groups.len() == 1 && f.attrs.func.attrs.is_empty() {
            if let Some(content) = m.attr_groups.get(&f.attrs.func.groups[0]) {
                let name = m.globals[g].common().name.as_str().unwrap_or("");
                if let Some(own) = intrinsic_attrs(name) {
                    let same = content.len() == own.len()
                        && content
                            .iter()
                            .zip(own)
                            .all(|(a, b)| matches!(a, Attr::Other(t) if &**t == *b));
                    if !same {
                        let own = own.iter().map(|&t| Attr::Other(t.into())).collect();
                        let n = self.set(Cow::Owned(own));
                        self.fn_slot.insert(g, n);
                        return;
                    }
                } else if content.iter().any(|a| a.kind() == "mustprogress") {
                    let kept: Vec<Attr> = content
                        .iter()
                        .filter(|a| a.kind() != "mustprogress")
                        .cloned()
                        .collect();
                    let n = self.set(Cow::Owned(kept));
                    self.fn_slot.insert(g, n);
                    return;
                }
            }
        }
        self.attrs(&f.attrs.func);
    }

    fn finish(mut self) -> Numbering<'m> {
        for g in std::mem::take(&mut self.later) {
            self.group(g);
        }
        // Nodes and groups nothing uses are not printed, as in opt.
        Numbering {
            index: self.index,
            md_slot: self.md_slot,
            md_order: self.md_order,
            attr_slot: self.attr_slot,
            attr_sets: self.attr_sets,
            fn_slot: self.fn_slot,
            starts: self.starts,
            refs: self.refs,
            ats: self.ats,
            inline: self.inline,
        }
    }
}

/// For the `!DI...` kinds whose fields print in another order than LLVM stores their
/// operands, the node-valued fields in operand order (as `DebugInfoMetadata.h` lays them
/// out: the file before the scope, and so on); empty for every other node.
fn operand_order(text: &[u8]) -> &'static [&'static [u8]] {
    let t = text.strip_prefix(b"distinct ").unwrap_or(text);
    let Some(rest) = t.strip_prefix(b"!DI") else {
        return &[];
    };
    let kind = &rest[..rest.iter().position(|&c| c == b'(').unwrap_or(rest.len())];
    match kind {
        b"Subprogram" => &[
            b"file",
            b"scope",
            b"type",
            b"unit",
            b"declaration",
            b"retainedNodes",
            b"containingType",
            b"templateParams",
            b"thrownTypes",
            b"annotations",
        ],
        b"LexicalBlock" | b"LexicalBlockFile" => &[b"file", b"scope"],
        b"CompositeType" => &[
            b"file",
            b"scope",
            b"baseType",
            b"elements",
            b"vtableHolder",
            b"templateParams",
            b"discriminator",
            b"dataLocation",
            b"associated",
            b"allocated",
            b"rank",
            b"annotations",
        ],
        b"DerivedType" => &[b"file", b"scope", b"baseType", b"extraData", b"annotations"],
        _ => &[],
    }
}

/// The field name before a reference at `at` (`scope` in `scope: !3`).
fn field_before(text: &[u8], at: usize) -> Option<&[u8]> {
    let before = text[..at].strip_suffix(b" ")?.strip_suffix(b":")?;
    let start = before
        .iter()
        .rposition(|c| !c.is_ascii_alphanumeric() && *c != b'_')
        .map_or(0, |k| k + 1);
    (start < before.len()).then(|| &before[start..])
}

/// LLVM 22's function attributes of the commonest intrinsics (as opt-22 prints them), by
/// name with its overload suffix.
pub(crate) fn intrinsic_attrs(name: &str) -> Option<&'static [&'static str]> {
    const ARGMEM_RW: &[&str] = &[
        "nocallback",
        "nofree",
        "nosync",
        "nounwind",
        "willreturn",
        "memory(argmem: readwrite)",
    ];
    const MEM_RW: &[&str] = &[
        "nocallback",
        "nofree",
        "nounwind",
        "willreturn",
        "memory(argmem: readwrite)",
    ];
    let rest = name.strip_prefix("llvm.")?;
    let (base, suffix) = rest.split_once('.').unwrap_or((rest, ""));
    Some(match (base, suffix) {
        ("lifetime", s) if s.starts_with("start.") || s.starts_with("end.") => ARGMEM_RW,
        ("assume", "") => &[
            "nocallback",
            "nofree",
            "nosync",
            "nounwind",
            "willreturn",
            "memory(inaccessiblemem: write)",
        ],
        ("trap", "") => &[
            "cold",
            "noreturn",
            "nounwind",
            "memory(inaccessiblemem: write)",
        ],
        ("debugtrap", "") => &["nounwind"],
        ("memcpy" | "memmove", s) if s.starts_with('p') => MEM_RW,
        ("memset", s) if s.starts_with('p') => &[
            "nocallback",
            "nofree",
            "nounwind",
            "willreturn",
            "memory(argmem: write)",
        ],
        ("expect", s) if s.starts_with('i') || s.starts_with('v') => &[
            "nocallback",
            "nofree",
            "nosync",
            "nounwind",
            "willreturn",
            "memory(none)",
        ],
        ("experimental", "noalias.scope.decl") => &[
            "nocallback",
            "nofree",
            "nosync",
            "nounwind",
            "willreturn",
            "memory(inaccessiblemem: readwrite)",
        ],
        _ => return None,
    })
}

/// Input node numbers to indexes into `Module::md_nodes`: a table when the numbers are
/// dense (as LLVM writes them), a map when not (`!4000000000 = !{}` must not size a table).
enum NodeIndex {
    Dense(Vec<u32>),
    Sparse(FxHashMap<u32, u32>),
}

impl NodeIndex {
    fn new(m: &Module) -> Self {
        let max = m.md_nodes.iter().map(|n| n.id as usize).max().unwrap_or(0);
        if max <= 2 * m.md_nodes.len() + 1024 {
            let mut v = vec![NONE; max + 1];
            for (k, n) in m.md_nodes.iter().enumerate() {
                v[n.id as usize] = k as u32;
            }
            NodeIndex::Dense(v)
        } else {
            NodeIndex::Sparse(
                m.md_nodes
                    .iter()
                    .enumerate()
                    .map(|(k, n)| (n.id, k as u32))
                    .collect(),
            )
        }
    }

    fn get(&self, id: u32) -> Option<u32> {
        match self {
            NodeIndex::Dense(v) => v.get(id as usize).copied().filter(|&k| k != NONE),
            NodeIndex::Sparse(m) => m.get(&id).copied(),
        }
    }
}
