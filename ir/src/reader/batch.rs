//! Reading function bodies on several threads.
//!
//! Bodies are most of a module's text (three quarters of a linked rustc module) and one body
//! never looks inside another, so they can be parsed side by side. The main thread reads the
//! top level exactly as the serial reader does, except that for a definition whose body is laid
//! out the way LLVM prints it (`{` ends the header line, the body ends at the first `}` that
//! starts a line) it only notes where the body is and skips it. Skipped bodies are grouped in
//! text order into chunks of about a 32nd of the input (`crate::piece_bytes`). Worker threads parse a chunk with a private
//! [`Parser`] whose module starts as a copy of the main type table (so identified structs and
//! their bodies are known, with the same handles) and collects its own constants, inline asm
//! and placeholder globals. Back on the main thread, chunks are absorbed strictly in text
//! order: each new type, global reference, constant and asm string of the chunk is interned in
//! the main module, and the chunk's bodies are rewritten to the main module's handles.
//!
//! The outcome does not depend on timing or on the number of threads (chunks are cut at byte
//! offsets), and the module prints and compares the same as the serial reader's; the tests
//! check that on every corpus module. Anything unusual makes [`parse`] give up rather than be
//! clever: an error anywhere, a body that does not end where the layout said, a body that
//! switches the module to typed pointers. The caller then reads the text again serially, so
//! error messages, and which error comes first, are always the serial reader's.
//!
//! Memory stays bounded: the main thread runs [`LAG`] chunks ahead of the oldest chunk not yet
//! absorbed (exactly that many, waiting for a late chunk: both it and the chunks intern types,
//! so when a chunk is absorbed must follow the text, not the workers' timing), and reports
//! (through the progress callback) only the text before that chunk as done, so a mapped input
//! is still released behind the reader. A module with a huge
//! type table (past [`MAX_SEED_TYPES`]) has its later bodies read in place instead, since every
//! chunk in flight holds a copy of the table; below that, chunks grow with the table
//! ([`BYTES_PER_TYPE`]) so that copying it stays a small part of the work.

use super::{PResult, Parser};
use crate::attr::{Attr, AttrList};
use crate::constant::{Const, ConstData};
use crate::function::{Body, Param};
use crate::inst::{Inst, InstExtra};
use crate::metadata::Metadata;
use crate::module::{AsmId, GlobalId, GlobalKind, Module};
use crate::types::{Type, TypeData, TypeTable};
use crate::value::Value;
use cranelift_entity::EntityRef;
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};

/// A chunk is sent once the text from its first body on is this many times its size in body
/// bytes, however few bytes its bodies have: the reader releases the input only behind the
/// first body not yet absorbed.
const SPAN_PER_CHUNK: usize = 2;

/// Body bytes a chunk must have per type in the table it copies (copying a type costs about
/// what parsing this much text does).
const BYTES_PER_TYPE: usize = 64;

/// Past this many types (real modules have a few thousand), bodies are read in place: every
/// chunk in flight holds a copy of the table, which would cost more memory than threads save
/// time.
const MAX_SEED_TYPES: usize = 1 << 16;

/// How many chunks the main thread sends ahead of the oldest one it has not absorbed: fixed,
/// so that when each chunk is absorbed does not depend on the number of threads. Two keep two
/// workers busy (reading all_linked is as fast as absorbing whatever is done, and 4 cost 4 MiB
/// more memory); more cores would want more, but the main thread's own share of the work
/// (the top level, the metadata, absorbing) caps the gain at about 3x anyway.
const LAG: usize = 2;

/// Smaller inputs are read serially: threads would cost more than they save.
const MIN_INPUT: usize = 1 << 20;

/// Whether `src` is worth reading in parallel.
pub(super) fn worth_it(src: &[u8]) -> bool {
    src.len() >= MIN_INPUT && rayon::current_num_threads() > 1
}

/// One skipped body.
struct Job {
    /// The function it belongs to, in the main module.
    func: GlobalId,
    params: Vec<Param>,
    /// Whether the function takes variable arguments.
    varargs: bool,
    /// Offset of the opening `{` and one past the closing `}`.
    start: u32,
    end: u32,
    /// Whether the module used typed-pointer syntax before this body.
    typed_pointers: bool,
    /// The main parser's [`Parser::opaque_only`].
    opaque_only: bool,
    /// The main parser's [`Parser::program_as`].
    program_as: u32,
}

/// Bodies in text order, with the type table they are parsed against.
struct Chunk {
    index: usize,
    seed: Arc<TypeTable>,
    jobs: Vec<Job>,
}

/// What a worker made of a chunk, in the worker module's handles.
struct ChunkOut {
    /// Types below this handle are the main module's, unchanged.
    seed_len: usize,
    m: Module,
    /// Each body with its instructions that name a global.
    bodies: Vec<(GlobalId, Body, Box<[Inst]>)>,
    pending_globals: FxHashMap<GlobalId, u32>,
    md_first_use: FxHashMap<u32, u32>,
    block_addresses: Vec<(Const, u32, u32)>,
    type_first_use: FxHashMap<Type, u32>,
    dbg_record_at: Option<u32>,
    dbg_call_at: Option<u32>,
}

/// The main thread's side of a parallel read.
pub(super) struct Deferred {
    /// The chunk being filled and its body bytes.
    jobs: Vec<Job>,
    bytes: usize,
    /// The last copy of the main type table, and the table's size and number of defined
    /// structs when it was taken (reused while neither changes).
    snapshot: Option<(Arc<TypeTable>, usize, usize)>,
    next_index: usize,
    next_absorb: usize,
    /// First body offset of each chunk sent and not yet absorbed.
    starts: VecDeque<u32>,
    finished: BTreeMap<usize, Option<ChunkOut>>,
    /// The last search for a body's end: the first line-start `}` after the body that asked
    /// (`Some(None)`: there is none up to the end of the text).
    next_close: Option<Option<usize>>,
    to_workers: Option<SyncSender<Chunk>>,
    from_workers: Receiver<(usize, Option<ChunkOut>)>,
}

impl Deferred {
    /// The offset before which the text is no longer needed, given the main thread is at
    /// `cur`.
    pub(super) fn keep_from(&self, cur: u32) -> u32 {
        let pending = self.starts.front().or(self.jobs.first().map(|j| &j.start));
        pending.map_or(cur, |&s| s.min(cur))
    }
}

/// Read `src` with function bodies parsed on rayon's threads; `None` when the serial reader
/// must do it (see the module documentation).
pub(crate) fn parse(
    src: &[u8],
    done_before: &mut dyn FnMut(usize),
    plan: Option<mpsc::Receiver<(Vec<crate::lazy::Planned>, bool)>>,
    opaque_pointers: bool,
) -> Option<(Module, crate::uses::UseHints)> {
    let threads = rayon::current_num_threads();
    // With a plan being made, the plan checks the text while it scans it (rayon's threads
    // are busy with it, and a check of the whole text here would hold up the top level); until
    // it arrives this thread checks the text a token at a time. Bodies are sent to the
    // workers only after that, with the answer.
    let utf8 = AtomicBool::new(match plan {
        Some(_) => false,
        None => is_utf8(src),
    });
    let utf8 = &utf8;
    // Bounded: the main thread stops when the workers have `threads` chunks queued.
    let (to_workers, queue) = mpsc::sync_channel::<Chunk>(threads);
    let mut to_workers = Some(to_workers);
    let queue = Mutex::new(queue);
    std::thread::scope(|s| {
        let (results, from_workers) = mpsc::channel();
        let mut workers = 0;
        for _ in 0..threads {
            let queue = &queue;
            let results = results.clone();
            // A main thread's stack: nesting up to `MAX_DEPTH` recurses as deep here.
            let spawned = std::thread::Builder::new()
                .name("mergefn-reader".into())
                .stack_size(8 << 20)
                .spawn_scoped(s, move || loop {
                    let next = queue.lock().ok().and_then(|q| q.recv().ok());
                    let Some(chunk) = next else { return };
                    let index = chunk.index;
                    // A panic here is a bug, but it must not leave the main thread waiting for
                    // a worker that is gone: report the chunk as declined, and the serial
                    // reader (which would meet the same bug on its own thread) takes over.
                    let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        parse_chunk(src, utf8.load(Ordering::Acquire), chunk)
                    }))
                    .unwrap_or(None);
                    if results.send((index, out)).is_err() {
                        return;
                    }
                });
            workers += usize::from(spawned.is_ok());
        }
        let to_workers = to_workers.take().expect("taken once");
        if workers == 0 {
            // No thread to be had: the serial reader does it all.
            return None;
        }
        drop(results);
        let mut p = Parser::with_utf8(src, utf8.load(Ordering::Acquire));
        p.plan_rx = plan;
        p.utf8_out = Some(utf8);
        p.decide_pointer_spelling(opaque_pointers);
        p.defer = Some(Box::new(Deferred {
            jobs: Vec::new(),
            bytes: 0,
            snapshot: None,
            next_index: 0,
            next_absorb: 0,
            starts: VecDeque::new(),
            finished: BTreeMap::new(),
            next_close: None,
            to_workers: Some(to_workers),
            from_workers,
        }));
        let ok = p.module(done_before).is_ok();
        // Dropping the sender lets the workers finish; the scope waits for them.
        p.defer = None;
        ok.then_some((p.m, p.hints))
    })
}

/// Whether `src` is UTF-8, checked on rayon's threads: the pieces are cut before bytes that
/// start a character, so each piece is UTF-8 exactly when the whole is.
fn is_utf8(src: &[u8]) -> bool {
    const PIECE: usize = 4 << 20;
    if src.len() <= PIECE {
        return simdutf8::basic::from_utf8(src).is_ok();
    }
    let mut cut = src.len() / 2;
    // At most three continuation bytes follow a start byte.
    while cut < src.len() && (src[cut] & 0xC0) == 0x80 {
        cut += 1;
    }
    let (a, b) = src.split_at(cut);
    let (a, b) = rayon::join(|| is_utf8(a), || is_utf8(b));
    a && b
}

/// Parse the bodies of `chunk`; `None` on any error (the serial reader will report it).
fn parse_chunk(src: &[u8], utf8: bool, chunk: Chunk) -> Option<ChunkOut> {
    let mut p = Parser::with_utf8(src, utf8);
    p.m.types = TypeTable::clone(&chunk.seed);
    drop(chunk.seed);
    let seed_len = p.m.types.len();
    let mut bodies = Vec::with_capacity(chunk.jobs.len());
    for job in chunk.jobs {
        p.m.typed_pointers = job.typed_pointers;
        p.opaque_only = job.opaque_only;
        p.program_as = job.program_as;
        p.seek(job.start);
        p.begin_body(&job.params, job.varargs).ok()?;
        p.body = Body::with_capacity(p.body_lines_estimate());
        p.function_body().ok()?;
        // The body must end where the layout said, and must not change how the rest of the
        // module reads.
        if p.last_end != job.end || p.m.typed_pointers != job.typed_pointers {
            return None;
        }
        p.body.shrink_to_fit();
        let hint = p.take_global_insts();
        bodies.push((job.func, std::mem::take(&mut p.body), hint));
    }
    Some(ChunkOut {
        seed_len,
        m: p.m,
        bodies,
        pending_globals: p.pending_globals,
        md_first_use: p.md_first_use,
        block_addresses: p.block_addresses,
        type_first_use: p.type_first_use,
        dbg_record_at: p.dbg_record_at,
        dbg_call_at: p.dbg_call_at,
    })
}

/// The error that makes [`parse`] hand over to the serial reader (never shown).
fn give_up<T>() -> PResult<T> {
    Err(super::ParseError {
        line: 0,
        col: 0,
        msg: "the parallel reader gave up".into(),
        line_text: String::new(),
    })
}

impl<'a> Parser<'a> {
    /// Continue at byte `offset`.
    pub(super) fn seek(&mut self, offset: u32) {
        self.lex.pos = offset as usize;
        self.last_end = offset;
        self.tok = self.lex.next_token();
    }

    /// If the body starting at the current `{` can go to a worker, the offset one past its
    /// closing `}`. Linear over a whole module: a search that ran past bodies read in place
    /// (their `}` not at a line start) is reused, not repeated, by the bodies it ran past.
    pub(super) fn deferrable_body(&mut self) -> Option<u32> {
        let src = self.src;
        let open = self.tok.start as usize;
        let d = self.defer.as_mut()?;
        if self.m.types.len() > MAX_SEED_TYPES {
            // Each chunk would copy a table this big: read the rest in place.
            return None;
        }
        let after = src.get(open + 1..)?;
        if !after.starts_with(b"\n") && !after.starts_with(b"\r\n") {
            return None;
        }
        // The first line-start `}` after `open`: bodies come in text order, so the last
        // search's answer holds for every body that starts before it.
        let close = match d.next_close {
            Some(c) if c.is_none_or(|c| c > open) => c?,
            _ => {
                let c = find_lit!(after, b"\n}").map(|at| open + 1 + at + 1);
                d.next_close = Some(c);
                c?
            }
        };
        match src.get(close + 1) {
            None | Some(b'\n' | b'\r') => u32::try_from(close + 1).ok(),
            Some(_) => None,
        }
    }

    /// Leave the body of `func` (from the current `{` to `end`) to a worker.
    pub(super) fn defer_body(
        &mut self,
        func: GlobalId,
        params: Vec<Param>,
        varargs: bool,
        end: u32,
    ) {
        let start = self.tok.start;
        let typed_pointers = self.m.typed_pointers;
        let opaque_only = self.opaque_only;
        let program_as = self.program_as;
        let d = self.defer.as_mut().expect("deferring");
        d.bytes += (end - start) as usize;
        d.jobs.push(Job {
            func,
            params,
            varargs,
            start,
            end,
            typed_pointers,
            opaque_only,
            program_as,
        });
        self.seek(end);
    }

    /// Send the bodies gathered so far to the workers, with the type table as it is now: it
    /// knows every type their headers name, and no struct was defined between them (a type
    /// definition sends the chunk first, see [`Parser::pump`]).
    fn dispatch(&mut self) -> PResult<()> {
        let version = (self.m.types.len(), self.guard.type_defs.len());
        let d = self.defer.as_mut().expect("deferring");
        if d.jobs.is_empty() {
            return Ok(());
        }
        let seed = match &d.snapshot {
            Some((t, len, defs)) if (*len, *defs) == version => t.clone(),
            _ => {
                let t = Arc::new(self.m.types.clone());
                d.snapshot = Some((t.clone(), version.0, version.1));
                t
            }
        };
        let chunk = Chunk {
            index: d.next_index,
            seed,
            jobs: std::mem::take(&mut d.jobs),
        };
        d.starts.push_back(chunk.jobs[0].start);
        d.next_index += 1;
        d.bytes = 0;
        match d.to_workers.as_ref().map(|tx| tx.send(chunk).is_ok()) {
            Some(true) => Ok(()),
            _ => give_up(),
        }
    }

    /// Before each top-level entity (and with `flush` at the end): send a full chunk (or, before
    /// a type definition or at the end, any chunk), absorb the chunks that came back, in order,
    /// and with `flush` wait for all of them.
    pub(super) fn pump(&mut self, flush: bool) -> PResult<()> {
        let d = self.defer.as_ref().expect("deferring");
        let type_def = self.tok.kind == crate::lexer::Tok::Local;
        // Each chunk copies the type table: with very many types, chunks grow with it, so the
        // copies stay a small part of the work (a module of millions of types and many bodies
        // would otherwise cost types × chunks).
        // Body text per chunk: a 32nd of the input (so that a small module's bodies do not all
        // wait in one chunk for the end of the text while the main thread idles), at most
        // 1 MiB (enough for a chunk's fixed costs, a type-table copy and the remap tables, to
        // vanish, and little input resident).
        let chunk = crate::piece_bytes(self.src.len(), 32);
        let full = chunk.max(self.m.types.len().saturating_mul(BYTES_PER_TYPE));
        // A chunk also goes when its bodies are spread over much text (between them lie bodies
        // kept as text): the text from its first body on stays resident until it is absorbed.
        let spread = d
            .jobs
            .first()
            .is_some_and(|j| (self.tok.start - j.start) as usize >= SPAN_PER_CHUNK * full);
        if d.bytes >= full || spread || ((flush || type_def) && !d.jobs.is_empty()) {
            self.dispatch()?;
        }
        // A chunk is absorbed once LAG later chunks were sent (or at the end), never earlier
        // even if it is done: the main thread interns types too, and the order of its interning
        // and the absorbing must follow the text alone, not the workers' timing, for the type
        // table to come out the same on every run and with any number of threads.
        loop {
            let d = self.defer.as_mut().expect("deferring");
            let outstanding = d.next_index - d.next_absorb;
            if outstanding == 0 || (outstanding <= LAG && !flush) {
                return Ok(());
            }
            if let Some(out) = d.finished.remove(&d.next_absorb) {
                d.next_absorb += 1;
                d.starts.pop_front();
                match out {
                    Some(out) => self.absorb(out)?,
                    None => return give_up(),
                }
                continue;
            }
            match d.from_workers.recv() {
                Ok((i, out)) => {
                    d.finished.insert(i, out);
                }
                Err(_) => return give_up(),
            }
        }
    }

    /// Bring a worker's bodies into the main module.
    fn absorb(&mut self, out: ChunkOut) -> PResult<()> {
        let ChunkOut {
            seed_len,
            m: wm,
            bodies,
            pending_globals,
            md_first_use,
            block_addresses,
            type_first_use,
            dbg_record_at,
            dbg_call_at,
        } = out;
        let earliest = |a: Option<u32>, b: Option<u32>| match (a, b) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        };
        self.dbg_record_at = earliest(self.dbg_record_at, dbg_record_at);
        self.dbg_call_at = earliest(self.dbg_call_at, dbg_call_at);
        let mut r = Remap {
            seed_len,
            types: Vec::with_capacity(wm.types.len() - seed_len),
            consts: Vec::with_capacity(wm.consts.len()),
            globals: Vec::with_capacity(wm.globals.len()),
            asms: Vec::with_capacity(wm.asms.len()),
            attrs: FxHashMap::default(),
            kinds: FxHashMap::default(),
        };
        // Types: children are interned before their parents, so one pass in handle order.
        for (_, data) in wm.types.iter().skip(seed_len) {
            let t = match data {
                TypeData::Named(name) => self.m.types.named(name),
                other => {
                    let mapped = r.type_data(other);
                    self.m.types.intern(mapped)
                }
            };
            r.types.push(t);
        }
        // Globals: every global of a worker is a placeholder for a name used in its bodies.
        for (g, glob) in wm.globals.iter() {
            let name = glob.common().name.as_str().unwrap_or_default();
            let off = pending_globals.get(&g).copied().unwrap_or(0);
            let mg = match self.m.global_by_name(name) {
                Some(mg) => {
                    if let Some(o) = self.pending_globals.get_mut(&mg) {
                        *o = (*o).min(off);
                    }
                    mg
                }
                None => self.placeholder_global(name.into(), off, glob.common().addrspace),
            };
            r.globals.push(mg);
        }
        for (_, asm) in wm.asms.iter() {
            let mut asm = asm.clone();
            asm.fn_ty = r.ty(asm.fn_ty);
            let id = match self.asm_dedup.get(&asm) {
                Some(&id) => id,
                None => {
                    let id = self.m.asms.push(asm.clone());
                    self.asm_dedup.insert(asm, id);
                    id
                }
            };
            r.asms.push(id);
        }
        // Constants: operands are interned before the constants that use them.
        for (_, data) in wm.consts.iter() {
            let mapped = r.const_data(data);
            r.consts.push(self.m.consts.intern(mapped));
        }
        for (func, mut body, hint) in bodies {
            self.remap_body(&mut r, &mut body);
            if let GlobalKind::Function(f) = &mut self.m.globals[func].kind {
                f.body = Some(Box::new(body));
                self.hints.set(func, hint);
            }
        }
        self.block_addresses
            .extend((block_addresses.into_iter()).map(|(c, f, b)| (r.consts[c.index()], f, b)));
        for (id, off) in md_first_use {
            let o = self.md_first_use.entry(id).or_insert(off);
            *o = (*o).min(off);
        }
        for (t, off) in type_first_use {
            let o = self.type_first_use.entry(r.ty(t)).or_insert(off);
            *o = (*o).min(off);
        }
        Ok(())
    }

    fn remap_body(&mut self, r: &mut Remap, body: &mut Body) {
        for (_, d) in body.insts.iter_mut() {
            d.ty = r.ty(d.ty);
            for v in d.operands.iter_mut() {
                *v = r.value(*v);
            }
            match &mut d.extra {
                InstExtra::Alloca { allocated, .. } => *allocated = r.ty(*allocated),
                InstExtra::Gep { source } => *source = r.ty(*source),
                InstExtra::Call(c) => {
                    c.fn_ty = r.ty(c.fn_ty);
                    for b in &mut c.bundles {
                        for v in &mut b.inputs {
                            *v = r.value(*v);
                        }
                    }
                    c.attrs = self.shared_attrs(r, &c.attrs);
                }
                _ => {}
            }
            for a in d.md.iter_mut() {
                a.kind = self.shared_kind(r, &a.kind);
                r.metadata(&mut a.md);
            }
            if let Some(dbg) = &mut d.debug {
                if let Some(loc) = &mut dbg.loc {
                    r.metadata(loc);
                }
                for rec in &mut dbg.records {
                    for op in &mut rec.ops {
                        r.metadata(op);
                    }
                }
            }
        }
        for (_, md) in body.md_args.iter_mut() {
            r.metadata(md);
        }
    }

    /// The main module's shared copy of a worker's attribute list.
    fn shared_attrs(&mut self, r: &mut Remap, a: &Arc<AttrList>) -> Arc<AttrList> {
        let key = Arc::as_ptr(a) as usize;
        if let Some(s) = r.attrs.get(&key) {
            return s.clone();
        }
        let remapped = |t: &Type| t.index() >= r.seed_len;
        let needs_remap = std::iter::once(&a.func)
            .chain(std::iter::once(&a.ret))
            .chain(a.params.iter())
            .flat_map(|set| set.attrs.iter())
            .any(|attr| matches!(attr, Attr::Type(_, t) if remapped(t)));
        let shared = if !needs_remap {
            // The usual case: the list means the same in the main module; share the main
            // module's copy, or adopt the worker's.
            match self.attr_lists.get(&**a) {
                Some(s) => s.clone(),
                None => {
                    self.attr_lists.insert(a.clone());
                    a.clone()
                }
            }
        } else {
            let mut list = AttrList::clone(a);
            let sets = std::iter::once(&mut list.func)
                .chain(std::iter::once(&mut list.ret))
                .chain(list.params.iter_mut());
            for set in sets {
                for attr in &mut set.attrs {
                    if let Attr::Type(_, t) = attr {
                        *t = r.ty(*t);
                    }
                }
            }
            match self.attr_lists.get(&list) {
                Some(s) => s.clone(),
                None => {
                    let s = Arc::new(list);
                    self.attr_lists.insert(s.clone());
                    s
                }
            }
        };
        r.attrs.insert(key, shared.clone());
        shared
    }

    /// The main module's shared copy of a metadata kind name.
    fn shared_kind(&mut self, r: &mut Remap, k: &Arc<str>) -> Arc<str> {
        let key = Arc::as_ptr(k) as *const u8 as usize;
        if let Some(s) = r.kinds.get(&key) {
            return s.clone();
        }
        let shared = match self.md_kinds.get(&**k) {
            Some(s) => s.clone(),
            None => {
                self.md_kinds.insert(k.clone());
                k.clone()
            }
        };
        r.kinds.insert(key, shared.clone());
        shared
    }
}

/// Worker handles to main-module handles, for one chunk.
struct Remap {
    seed_len: usize,
    /// Types from `seed_len` on.
    types: Vec<Type>,
    consts: Vec<Const>,
    globals: Vec<GlobalId>,
    asms: Vec<AsmId>,
    /// Keyed by the address of the worker's shared value.
    attrs: FxHashMap<usize, Arc<AttrList>>,
    kinds: FxHashMap<usize, Arc<str>>,
}

impl Remap {
    fn ty(&self, t: Type) -> Type {
        match t.index().checked_sub(self.seed_len) {
            Some(i) => self.types[i],
            None => t,
        }
    }

    fn tys(&self, ts: &[Type]) -> Vec<Type> {
        ts.iter().map(|&t| self.ty(t)).collect()
    }

    fn c(&self, c: Const) -> Const {
        self.consts[c.index()]
    }

    fn value(&self, v: Value) -> Value {
        match v {
            Value::Const(c) => Value::Const(self.c(c)),
            Value::Asm(a) => Value::Asm(self.asms[a.index()]),
            local => local,
        }
    }

    fn metadata(&self, md: &mut Metadata) {
        match md {
            Metadata::Value(t, v) => {
                *t = self.ty(*t);
                *v = self.value(*v);
            }
            Metadata::ArgList(args) => {
                for (t, v) in args {
                    *t = self.ty(*t);
                    *v = self.value(*v);
                }
            }
            Metadata::Ref(_) | Metadata::Text(_) => {}
        }
    }

    fn type_data(&self, d: &TypeData) -> TypeData {
        match d {
            TypeData::TypedPtr(p, a) => TypeData::TypedPtr(self.ty(*p), *a),
            TypeData::Array(n, e) => TypeData::Array(*n, self.ty(*e)),
            TypeData::Vector {
                len,
                elem,
                scalable,
            } => TypeData::Vector {
                len: *len,
                elem: self.ty(*elem),
                scalable: *scalable,
            },
            TypeData::Struct { elems, packed } => TypeData::Struct {
                elems: self.tys(elems),
                packed: *packed,
            },
            TypeData::Func {
                ret,
                params,
                varargs,
            } => TypeData::Func {
                ret: self.ty(*ret),
                params: self.tys(params),
                varargs: *varargs,
            },
            TypeData::TargetExt { name, types, ints } => TypeData::TargetExt {
                name: name.clone(),
                types: self.tys(types),
                ints: ints.clone(),
            },
            leaf => leaf.clone(),
        }
    }

    fn const_data(&self, d: &ConstData) -> ConstData {
        d.map_refs(|t| self.ty(t), |c| self.c(c), |g| self.globals[g.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::is_utf8;

    /// Multi-byte characters (and broken ones) right at the cut give the same answer as one
    /// check of the whole text.
    #[test]
    fn split_utf8_check_agrees_with_the_whole() {
        let base = vec![b'a'; 9 << 20];
        let mid = base.len() / 2;
        let cases: [&[u8]; 6] = [
            "é".as_bytes(),
            "€".as_bytes(),
            "😀".as_bytes(),
            &[0xE2, 0x82],       // truncated
            &[0x80, 0x80],       // stray continuations
            &[0xF0, 0x9F, 0x98], // truncated 4-byte
        ];
        for bytes in cases {
            for shift in 0..5 {
                let mut v = base.clone();
                let at = mid - 2 + shift;
                v[at..at + bytes.len()].copy_from_slice(bytes);
                assert_eq!(
                    is_utf8(&v),
                    std::str::from_utf8(&v).is_ok(),
                    "{bytes:?} at {shift}"
                );
            }
        }
    }
}
