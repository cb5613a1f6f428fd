//! The module: header, types, comdats, global variables, aliases and ifuncs, functions
//! (headers, slot numbering, blocks with their `; preds` comments), attribute groups and
//! metadata, in the order LLVM's `AsmWriter` prints them.

use super::{is_plain_name, Writer};
use crate::attr::{Attr, AttrSet};
use crate::constant::ConstData;
use crate::function::{Body, Function};
use crate::module::*;
use crate::value::Value;
use cranelift_entity::EntityRef;
use std::io::{self, Write};

impl<'m> Writer<'m> {
    fn flush(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.out.len() > (1 << 20) {
            out.write_all(&self.out)?;
            self.out.clear();
        }
        Ok(())
    }

    /// Print the functions, several at once: each worker prints a run of functions into its
    /// own buffer, and the buffers are written in module order, a window at a time (so the
    /// output is the same as printing one by one, and only three windows are held in memory).
    /// Writing a window overlaps with printing the next ones.
    fn functions(&mut self, out: &mut dyn Write) -> io::Result<()> {
        use rayon::prelude::*;
        const RUN: usize = 32;
        let m = self.m;
        let funcs: Vec<(GlobalId, &Function)> = m
            .live_globals()
            .filter_map(|g| match &m.globals[g].kind {
                GlobalKind::Function(f) => Some((g, &**f)),
                _ => None,
            })
            .collect();
        out.write_all(&self.out)?;
        self.out.clear();
        // The top level's buffer grew to its longest global: give the room back.
        self.out.shrink_to(64 << 10);
        let this: &Writer<'m> = self;
        // A function's printed size, estimated: kept text as it is, 48 bytes per instruction
        // read.
        let estimate = |f: &Function| {
            64 + f.body.as_ref().map_or(0, |b| match &b.lazy {
                Some(l) => (l.end - l.start) as usize,
                None => 48 * b.insts.len(),
            })
        };
        // A window's runs (one buffer each, printed on any thread) end at `RUN` functions or
        // about `RUN_BYTES` of text, so that the threads share a window evenly however
        // unequal its bodies (a Rust module's largest are a hundred times its median).
        const RUN_BYTES: usize = 64 << 10;
        let runs = |part: &'_ [(GlobalId, &'_ Function)]| {
            let mut runs = Vec::new();
            let (mut from, mut bytes) = (0, 0);
            for (k, (_, f)) in part.iter().enumerate() {
                bytes += estimate(f);
                if bytes >= RUN_BYTES || k + 1 - from == RUN {
                    runs.push(from..k + 1);
                    (from, bytes) = (k + 1, 0);
                }
            }
            if from < part.len() {
                runs.push(from..part.len());
            }
            runs
        };
        let print = |part: &[(GlobalId, &Function)]| -> Vec<Vec<u8>> {
            runs(part)
                .into_par_iter()
                .map(|run| {
                    let run = &part[run];
                    // Bodies kept as text are copied: room for them up front.
                    let kept: usize = run
                        .iter()
                        .filter_map(|(_, f)| f.body.as_ref()?.lazy.as_ref())
                        .map(|l| (l.end - l.start) as usize + 64 * l.refs.len())
                        .sum();
                    let mut w = this.part((64 << 10) + kept);
                    for &(g, f) in run {
                        w.s("\n");
                        w.function(g, f);
                    }
                    w.out
                })
                .collect()
        };
        // Once a window is printed, the text of its bodies kept as text is not needed again.
        let done_with = |part: &[(GlobalId, &Function)]| {
            let end = part
                .iter()
                .filter_map(|(_, f)| Some(f.body.as_ref()?.lazy.as_ref()?.end));
            if let (Some(src), Some(end)) = (&m.source, end.max()) {
                src.release(0, end as usize);
            }
        };
        // Windows of at most `RUN * 4` functions per thread, and of about an eighth of the
        // printed text (estimated: kept text as it is, 48 bytes per instruction read), between
        // 128 KiB and 1 MiB, so that the three windows in memory stay small next to the module.
        // A window's buffers are freed once written and the allocator hands their memory to
        // the next ones: a module printed in one window would touch fresh memory for all of
        // its text, which costs more on a small module than the hand-overs do.
        let total: usize = funcs.iter().map(|(_, f)| estimate(f)).sum();
        let window_bytes = (total / 8).clamp(128 << 10, 1 << 20);
        let most = RUN * 4 * rayon::current_num_threads().max(1);
        let mut windows: Vec<&[(GlobalId, &Function)]> = Vec::new();
        let (mut from, mut bytes) = (0, 0);
        for (k, (_, f)) in funcs.iter().enumerate() {
            bytes += estimate(f);
            if bytes >= window_bytes || k + 1 - from == most {
                windows.push(&funcs[from..=k]);
                (from, bytes) = (k + 1, 0);
            }
        }
        if from < funcs.len() {
            windows.push(&funcs[from..]);
        }
        if windows.len() <= 1 || rayon::current_thread_index().is_some() {
            // One window has nothing to overlap with. On a pool thread, blocking it on a
            // channel could starve the pool. Either way: print and write in turn.
            for &part in &windows {
                for b in print(part) {
                    out.write_all(&b)?;
                }
                done_with(part);
            }
            return Ok(());
        }
        // A printing thread hands windows over one at a time; this one writes them.
        std::thread::scope(|scope| {
            let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Vec<u8>>>(1);
            let windows = &windows;
            scope.spawn(move || {
                for &part in windows {
                    let printed = print(part);
                    done_with(part);
                    if tx.send(printed).is_err() {
                        return; // The writer failed and stopped listening.
                    }
                }
            });
            for bufs in rx {
                for b in bufs {
                    out.write_all(&b)?;
                }
            }
            Ok(())
        })
    }

    /// Print the module; `types` are the identified structs to print, in order
    /// ([`super::types::type_order`]).
    pub(super) fn module(
        &mut self,
        out: &mut dyn Write,
        types: Vec<crate::types::Type>,
    ) -> io::Result<()> {
        let m = self.m;
        // Like LLVM's AsmWriter: the identifier as a comment, unless it would span lines.
        if let Some(id) = m.module_id.as_deref().filter(|id| !id.contains('\n')) {
            self.s("; ModuleID = '");
            self.s(id);
            self.s("'\n");
        }
        // LLVM's source file name is the module's identifier unless the text names one.
        let source_filename = m
            .source_filename
            .as_deref()
            .or(m.module_id.as_deref().map(str::as_bytes));
        if let Some(sf) = source_filename {
            self.s("source_filename = ");
            self.quoted(sf);
            self.s("\n");
        }
        if let Some(dl) = &m.datalayout {
            self.s("target datalayout = ");
            self.quoted(dl.as_bytes());
            self.s("\n");
        }
        if let Some(t) = &m.triple {
            self.s("target triple = ");
            self.quoted_text(t);
            self.s("\n");
        }
        if !m.module_asm.is_empty() {
            self.s("\n");
        }
        for a in &m.module_asm {
            self.s("module asm ");
            self.quoted(a);
            self.s("\n");
        }
        if !types.is_empty() {
            self.s("\n");
        }
        for t in types {
            self.ty(t);
            self.s(" = type ");
            match m.types.body(t) {
                Some(b) => {
                    let b = b.clone();
                    self.struct_body(&b.elems, b.packed);
                }
                None => self.s("opaque"),
            }
            self.s("\n");
        }
        // Like LLVM, print only the comdats some global object is in, in the order of first
        // use: functions first, then variables (LLVM's `global_objects()`).
        let mut comdats: Vec<&str> = Vec::new();
        {
            let mut seen = rustc_hash::FxHashSet::default();
            for funcs in [true, false] {
                for g in m.live_globals() {
                    let gl = &m.globals[g];
                    let is_fn = matches!(gl.kind, GlobalKind::Function(_));
                    if is_fn != funcs || matches!(gl.kind, GlobalKind::Alias(_)) {
                        continue;
                    }
                    let c = gl.common();
                    let name = match (c.comdat.as_deref(), c.name.as_str()) {
                        (Some(""), Some(n)) => n,
                        (Some(cd), _) if !cd.is_empty() => cd,
                        _ => continue,
                    };
                    if seen.insert(name) {
                        comdats.push(name);
                    }
                }
            }
        }
        if !comdats.is_empty() {
            self.s("\n");
        }
        // Each comdat's selection kind by name (a module may have one per global: no search).
        let mut kinds: rustc_hash::FxHashMap<&str, &str> = rustc_hash::FxHashMap::default();
        for c in &m.comdats {
            kinds.entry(&c.name).or_insert(&c.kind);
        }
        for (k, name) in comdats.iter().enumerate() {
            if k > 0 {
                self.s("\n");
            }
            let kind = kinds.get(name).copied().unwrap_or("any");
            self.name(b'$', name);
            self.s(" = comdat ");
            self.s(kind);
            self.s("\n");
        }
        // Variables, aliases and ifuncs on all cores (a sanitizer build has tens of thousands);
        // the text of initializers kept as text is released a window at a time once copied, as
        // the functions' is.
        let vars: Vec<(GlobalId, &GlobalVar)> = m
            .live_globals()
            .filter_map(|g| match &m.globals[g].kind {
                GlobalKind::Var(v) => Some((g, &**v)),
                _ => None,
            })
            .collect();
        if !vars.is_empty() {
            self.s("\n");
        }
        let release = |window: &[(GlobalId, &GlobalVar)]| {
            let spans = window.iter().filter_map(|(_, v)| v.lazy_init.as_ref());
            let (lo, hi) = spans.fold((usize::MAX, 0), |(lo, hi), t| {
                (lo.min(t.start as usize), hi.max(t.end as usize))
            });
            if let (Some(src), true) = (&m.source, lo < hi) {
                src.release(lo, hi);
            }
        };
        // A variable's printed size, estimated (a run's buffer that grows is copied): its
        // name (twice with an implicit comdat), section, the text of an initializer kept as
        // text, and room for the rest.
        let size = |(_, v): &(GlobalId, &GlobalVar)| {
            let c = &v.common;
            let name = c.name.as_str().map_or(8, str::len);
            let comdat = c
                .comdat
                .as_ref()
                .map_or(0, |n| if n.is_empty() { name } else { n.len() });
            let kept = v
                .lazy_init
                .as_ref()
                .map_or(0, |t| (t.end - t.start) as usize);
            128 + name + comdat + c.section.as_ref().map_or(0, |s| s.len()) + kept
        };
        self.in_runs(
            out,
            &vars,
            256,
            size,
            |w, &(g, v)| w.global_var(g, v),
            release,
        )?;
        for ifunc in [false, true] {
            let aliases: Vec<(GlobalId, &Alias)> = m
                .live_globals()
                .filter_map(|g| match &m.globals[g].kind {
                    GlobalKind::Alias(a) if a.ifunc == ifunc => Some((g, &**a)),
                    _ => None,
                })
                .collect();
            if !aliases.is_empty() {
                self.s("\n");
            }
            let size =
                |(_, a): &(GlobalId, &Alias)| 96 + 2 * a.common.name.as_str().map_or(8, str::len);
            self.in_runs(out, &aliases, 256, size, |w, &(g, a)| w.alias(g, a), |_| {})?;
        }
        self.functions(out)?;
        let num = self.num;
        let groups: Vec<(u32, &[Attr])> = match num {
            Some(num) => num
                .attr_sets
                .iter()
                .enumerate()
                .map(|(k, a)| (k as u32, &**a))
                .collect(),
            None => m.attr_groups.iter().map(|(&g, a)| (g, &a[..])).collect(),
        };
        if !groups.is_empty() {
            self.s("\n");
        }
        for (id, attrs) in groups {
            let _ = write!(self.out, "attributes #{id} = {{ ");
            for a in attrs {
                self.attr(a);
                self.s(" ");
            }
            self.s("}\n");
        }
        if !m.named_md.is_empty() {
            self.s("\n");
        }
        for n in &m.named_md {
            self.md_name(&n.name);
            self.s(" = ");
            self.md_text(&n.text);
            self.s("\n");
            self.flush(out)?;
        }
        self.md_nodes(out)?;
        out.write_all(&self.out)?;
        self.out.clear();
        Ok(())
    }

    /// The numbered metadata nodes, as opt numbers and orders them. Metadata is about half
    /// of a debug build's text: printed on all cores (each run renumbering its nodes'
    /// references on its own).
    fn md_nodes(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let m = self.m;
        // (number printed, index in `md_nodes`, node)
        type Node<'a> = (u32, usize, &'a crate::metadata::MdNode);
        let nodes: Vec<Node> = match self.num {
            Some(num) => (num.md_order.iter().enumerate())
                .map(|(k, &i)| (k as u32, i, &m.md_nodes[i]))
                .collect(),
            None => (m.md_nodes.iter().enumerate())
                .map(|(i, n)| (n.id, i, n))
                .collect(),
        };
        if nodes.is_empty() {
            return Ok(());
        }
        self.s("\n");
        let odr_firsts = odr_firsts(m);
        let node = |w: &mut Writer, &(id, i, n): &Node| {
            w.s("!");
            w.num(id);
            w.s(" = ");
            if odr_firsts.contains(&i) {
                w.s("distinct ");
            }
            w.md_node_text(i, &n.text);
            w.s("\n");
        };
        let size = |(_, _, n): &Node| n.text.len() + 16;
        self.in_runs(out, &nodes, 1024, size, node, |_| {})
    }

    /// Print `items` in order, on all cores: runs of `run` items, each into a buffer of its
    /// own (sized by `size`, an estimate of each item's text) by a writer sharing this one's
    /// numbering, a window of runs at a time, written as it goes (so little is held at once);
    /// `done` is told each window once it is written. What is pending in this writer's
    /// buffer is written first.
    fn in_runs<T: Sync>(
        &mut self,
        out: &mut dyn Write,
        items: &[T],
        run: usize,
        size: impl Fn(&T) -> usize + Sync,
        print: impl Fn(&mut Writer<'m>, &T) + Sync,
        mut done: impl FnMut(&[T]),
    ) -> io::Result<()> {
        use rayon::prelude::*;
        out.write_all(&self.out)?;
        self.out.clear();
        let this: &Writer<'m> = self;
        let print_run = |part: &[T]| {
            let mut w = this.part(part.iter().map(&size).sum());
            for x in part {
                print(&mut w, x);
            }
            w.out
        };
        // On a pool thread, print in place: waiting on the pool from it could starve it.
        let parallel = rayon::current_thread_index().is_none() && rayon::current_num_threads() > 1;
        let window = run * 4 * rayon::current_num_threads().max(1);
        for part in items.chunks(window) {
            if parallel && part.len() > run {
                let texts: Vec<Vec<u8>> = part.par_chunks(run).map(print_run).collect();
                for t in texts {
                    out.write_all(&t)?;
                }
            } else {
                out.write_all(&print_run(part))?;
            }
            done(part);
        }
        Ok(())
    }

    fn linkage_prefix(&mut self, c: &GlobalCommon, is_decl_var: bool) {
        if c.linkage != Linkage::External || is_decl_var {
            self.s(c.linkage.keyword());
            self.s(" ");
        }
        // LLVM's `isImplicitDSOLocal`: local linkage, or a non-default visibility (but for
        // extern_weak), makes a global dso_local without saying so.
        let implicit = c.linkage.is_local()
            || (c.visibility != Visibility::Default && c.linkage != Linkage::ExternWeak);
        if c.dso_local && !implicit {
            self.s("dso_local ");
        }
        match c.visibility {
            Visibility::Default => {}
            Visibility::Hidden => self.s("hidden "),
            Visibility::Protected => self.s("protected "),
        }
        match c.dll {
            DllStorage::Default => {}
            DllStorage::Import => self.s("dllimport "),
            DllStorage::Export => self.s("dllexport "),
        }
    }

    fn tls_and_unnamed(&mut self, c: &GlobalCommon) {
        if let Some(t) = &c.thread_local {
            if t.is_empty() {
                self.s("thread_local ");
            } else {
                let _ = write!(self.out, "thread_local({t}) ");
            }
        }
        match c.unnamed_addr {
            UnnamedAddr::None => {}
            UnnamedAddr::Local => self.s("local_unnamed_addr "),
            UnnamedAddr::Global => self.s("unnamed_addr "),
        }
    }

    fn section_comdat(&mut self, c: &GlobalCommon, comma: bool) {
        let sep = if comma { ", " } else { " " };
        if let Some(s) = &c.section {
            self.s(sep);
            self.s("section ");
            self.quoted_text(s);
        }
        if let Some(p) = &c.partition {
            self.s(sep);
            self.s("partition ");
            self.quoted_text(p);
        }
        if let Some(cd) = &c.comdat {
            self.s(sep);
            self.s("comdat");
            if !cd.is_empty() {
                self.s("(");
                self.name(b'$', cd);
                self.s(")");
            }
        }
    }

    fn global_var(&mut self, g: GlobalId, v: &GlobalVar) {
        self.global_name(g);
        self.s(" = ");
        self.linkage_prefix(&v.common, v.init.is_none());
        self.tls_and_unnamed(&v.common);
        if v.common.addrspace != 0 {
            let _ = write!(self.out, "addrspace({}) ", v.common.addrspace);
        }
        if v.externally_initialized {
            self.s("externally_initialized ");
        }
        self.s(if v.constant { "constant " } else { "global " });
        self.ty(v.value_ty);
        if let Some(text) = &v.lazy_init {
            self.s(" ");
            self.lazy_text(text);
        } else if let Some(init) = v.init {
            self.s(" ");
            self.constant(init);
        }
        self.section_comdat(&v.common, true);
        if let Some(a) = v.align {
            self.s(", align ");
            self.num(a);
        }
        for e in &v.extra {
            self.s(", ");
            self.s(e);
        }
        self.attachments(None, &v.md, ", ");
        self.attrs_after(&v.attrs);
        self.s("\n");
    }

    fn alias(&mut self, g: GlobalId, a: &Alias) {
        self.global_name(g);
        self.s(" = ");
        self.linkage_prefix(&a.common, false);
        self.tls_and_unnamed(&a.common);
        self.s(if a.ifunc { "ifunc " } else { "alias " });
        self.ty(a.value_ty);
        self.s(", ");
        // As LLVM prints it: an expression without its type.
        if matches!(self.m.consts.get(a.target), ConstData::Expr(_)) {
            self.constant(a.target);
        } else {
            self.typed_const(a.target);
        }
        if let Some(p) = &a.common.partition {
            self.s(", partition ");
            self.quoted_text(p);
        }
        self.attachments(None, &a.md, ", ");
        self.s("\n");
    }

    /// Assign slot numbers to the unnamed values of `f`.
    pub(super) fn number(&mut self, f: &Function, body: &Body) {
        let mut n = 0u32;
        self.slots.args.clear();
        for p in &f.params {
            self.slots.args.push(n);
            if matches!(p.name, Name::Unnamed) {
                n += 1;
            }
        }
        for &b in &body.layout {
            if matches!(body.blocks[b].name, Name::Unnamed) {
                self.slots.blocks[b] = n;
                n += 1;
            }
            for &i in &body.blocks[b].insts {
                if matches!(body.inst_names[i], Name::Unnamed)
                    && !self.m.types.is_void(body.insts[i].ty)
                {
                    self.slots.insts[i] = n;
                    n += 1;
                }
            }
        }
    }

    pub(super) fn function(&mut self, g: GlobalId, f: &Function) {
        let (ret, _, varargs) = self
            .m
            .types
            .func_parts(f.fn_ty)
            .expect("function has a function type");
        let own_group = self.num.and_then(|n| n.fn_group(g));
        match own_group {
            Some((_, attrs)) => self.fn_attrs_comment(&AttrSet::default(), attrs),
            None => self.fn_attrs_comment(&f.attrs.func, &[]),
        }
        if f.body.is_some() {
            self.s("define ");
        } else {
            // A declaration's attachments precede its header.
            self.s("declare");
            self.attachments(None, &f.md, " ");
            self.s(" ");
        }
        let is_extern_decl = false;
        self.linkage_prefix(&f.common, is_extern_decl);
        if let Some(cc) = &f.cc.0 {
            self.s(cc);
            self.s(" ");
        }
        self.attrs_before(&f.attrs.ret);
        self.ty(ret);
        self.s(" ");
        self.global_name(g);
        if let Some(body) = &f.body {
            self.number(f, body);
        }
        self.s("(");
        for (i, p) in f.params.iter().enumerate() {
            if i > 0 {
                self.s(", ");
            }
            self.ty(p.ty);
            if let Some(a) = f.attrs.params.get(i) {
                self.attrs_after(a);
            }
            if f.body.is_some() {
                if let Name::Named(n) = &p.name {
                    self.s(" ");
                    self.local_name(n);
                } else {
                    let _ = write!(self.out, " %{}", self.slots.args[i]);
                }
            }
        }
        if varargs {
            self.s(if f.params.is_empty() { "..." } else { ", ..." });
        }
        self.s(")");
        match f.common.unnamed_addr {
            UnnamedAddr::None => {}
            UnnamedAddr::Local => self.s(" local_unnamed_addr"),
            UnnamedAddr::Global => self.s(" unnamed_addr"),
        }
        // As LLVM prints it: whenever it or the program address space is not 0.
        if f.common.addrspace != 0 || self.program_as != 0 {
            let _ = write!(self.out, " addrspace({})", f.common.addrspace);
        }
        match own_group {
            Some((n, _)) => {
                self.s(" #");
                self.num(n);
            }
            None => self.attrs_after(&f.attrs.func),
        }
        self.section_comdat(&f.common, false);
        if let Some(a) = f.align {
            let _ = write!(self.out, " align {a}");
        }
        if let Some(gc) = &f.gc {
            self.s(" gc ");
            self.quoted_text(gc);
        }
        for (kw, c) in [
            ("prefix", f.prefix),
            ("prologue", f.prologue),
            ("personality", f.personality),
        ] {
            if let Some(c) = c {
                self.s(" ");
                self.s(kw);
                self.s(" ");
                self.typed_const(c);
            }
        }
        let Some(body) = &f.body else {
            self.s("\n");
            return;
        };
        self.attachments(None, &f.md, " ");
        if let Some(lazy) = &body.lazy {
            self.s(" {");
            self.lazy_text(lazy);
            self.s("}\n");
            return;
        }
        self.s(" {\n");
        self.predecessors(body);
        for (k, &b) in body.layout.iter().enumerate() {
            let bd = &body.blocks[b];
            if k > 0 {
                self.s("\n");
            }
            let line_start = self.out.len();
            match &bd.name {
                Name::Named(n) => {
                    let b = n.as_bytes();
                    if is_plain_name(b) {
                        self.s(n);
                    } else {
                        self.quoted(b);
                    }
                    self.s(":");
                }
                Name::Unnamed if k > 0 => {
                    self.num(self.slots.blocks[b]);
                    self.s(":");
                }
                Name::Unnamed => {}
            }
            if k > 0 {
                // Like opt: the predecessors, in use-list order, from column 50.
                let col = self.out.len() - line_start;
                let pad = 50usize.saturating_sub(col).max(1);
                self.out.extend(std::iter::repeat_n(b' ', pad));
                let preds = std::mem::take(&mut self.preds[b.index()]);
                if preds.is_empty() {
                    self.s("; No predecessors!");
                } else {
                    self.s("; preds = ");
                    for (j, &p) in preds.iter().rev().enumerate() {
                        if j > 0 {
                            self.s(", ");
                        }
                        self.value(Some((f, body)), Value::Block(p));
                    }
                }
                self.preds[b.index()] = preds;
            }
            if k > 0 || !matches!(bd.name, Name::Unnamed) {
                self.s("\n");
            }
            for &i in &bd.insts {
                self.inst(f, body, i);
            }
        }
        self.s("}\n");
    }

    /// A body (or an initializer) kept as text, its references printed as the rest of the
    /// module prints them.
    fn lazy_text(&mut self, lazy: &crate::lazy::LazyBody) {
        use crate::lazy::RefKind;
        let source = self
            .m
            .source
            .as_ref()
            .expect("a module with lazy bodies keeps its text");
        let text = &source.bytes()[lazy.start as usize..lazy.end as usize];
        let mut from = 0;
        for r in &lazy.refs {
            self.out.extend_from_slice(&text[from..r.at as usize]);
            from = r.end as usize;
            match r.kind {
                // A record naming a function that is gone: LLVM's `poison`.
                RefKind::Global { id, record, .. } if record && self.m.globals[id].deleted => {
                    self.s("poison")
                }
                RefKind::Global { id, .. } => self.global_name(id),
                RefKind::Md(n) => self.metadata(None, &crate::metadata::Metadata::Ref(n)),
                // (Every group a kept body names is defined: `Parser::check_lazy`.)
                RefKind::Attr(g) => {
                    self.s("#");
                    self.num(self.num.and_then(|x| x.attr(g)).unwrap_or(g));
                }
                RefKind::Skip(_) => {}
            }
        }
        self.out.extend_from_slice(&text[from..]);
    }

    /// For each block of `body`, the blocks whose terminators name it, in the order they
    /// do (`self.preds`, indexed by block; opt lists them the other way round, as uses).
    pub(super) fn predecessors(&mut self, body: &Body) {
        let n = body.blocks.len();
        for p in self.preds.iter_mut().take(n) {
            p.clear();
        }
        if self.preds.len() < n {
            self.preds.resize_with(n, Vec::new);
        }
        for &b in &body.layout {
            let Some(&t) = body.blocks[b].insts.last() else {
                continue;
            };
            let d = &body.insts[t];
            if !d.opcode.is_terminator() {
                continue;
            }
            for &v in &d.operands {
                if let Value::Block(s) = v {
                    self.preds[s.index()].push(b);
                }
            }
        }
        // `uselistorder label %bb, {...}`: the use now at position i of the use list (most
        // recent first: `preds` reversed) moves to where index i sorts. Only when the uses
        // are exactly the branches (a `blockaddress` is a use too, which this list lacks).
        for (blk, order) in &body.block_use_orders {
            let Some(p) = self.preds.get_mut(blk.index()) else {
                continue;
            };
            if p.len() != order.len() {
                continue;
            }
            let mut uses: Vec<(u32, crate::Block)> = p
                .iter()
                .rev()
                .copied()
                .zip(order.iter().copied())
                .map(|(b, k)| (k, b))
                .collect();
            uses.sort_by_key(|&(k, _)| k);
            *p = uses.into_iter().rev().map(|(_, b)| b).collect();
        }
    }
}

/// The composite types (indexes into `Module::md_nodes`) written uniqued that LLVM 22 reads as
/// distinct. While it reads, LLVM maps each ODR identifier to the first composite type the
/// text defines with it (in text order, the order of `md_nodes`), and makes that one
/// distinct; a later one of the same tag becomes that first one (opt does the same to what
/// mergefn prints), and one of another tag (the `DW_TAG_variant_part` rustc gives its
/// enum's identifier) stays as written. Older LLVMs, as rustc's, wrote them all uniqued.
fn odr_firsts(m: &Module) -> rustc_hash::FxHashSet<usize> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut firsts = rustc_hash::FxHashSet::default();
    for (i, n) in m.md_nodes.iter().enumerate() {
        let (uniqued, rest) = match n.text.strip_prefix("distinct ") {
            Some(rest) => (false, rest),
            None => (true, &*n.text),
        };
        if !rest.starts_with("!DICompositeType(") {
            continue;
        }
        const KEY: &[u8] = b", identifier: \"";
        let Some(at) = find_lit!(rest.as_bytes(), KEY) else {
            continue;
        };
        // The string's escapes (`\\22`) never hold a quote.
        let id = &rest[at + KEY.len()..];
        let id = id.split('"').next().unwrap_or(id);
        if seen.insert(id) && uniqued {
            firsts.insert(i);
        }
    }
    firsts
}
