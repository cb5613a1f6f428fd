//! Bodies kept as text ([`crate::lazy`]): skipping them where the plan says, naming the
//! globals they refer to as the reader passes them (a global not yet defined gets a
//! placeholder, as in a body that is read), and checking, once the module is read, that
//! every reference names something defined. Big initializers of global variables are kept
//! as text the same way ([`Parser::lazy_initializer`]).

use super::{PResult, Parser, UNKNOWN_AS};
use crate::lazy::{LazyBody, LazyRef, RawKind, RefKind};
use crate::lexer::{Tok, Token};
use crate::module::{GlobalId, GlobalKind, Name};
use cranelift_entity::packed_option::ReservedValue;

/// The shortest initializer kept as text: below this, reading it costs about what scanning
/// it does (`i32 0`, a short string). (128 kept a tenth of a coverage build's less; 32 and
/// 64 read the same within 1% on the corpus.)
const LAZY_INIT_MIN: usize = 32;

/// Words that keep an initializer from being kept as text ([`Parser::lazy_initializer`]):
/// a `match`, which compares by length first and then as integers, where a list searched
/// word by word cost a call to `memcmp` per word of the same length, at every word of every
/// initializer.
fn folding_or_unsure(w: &[u8]) -> bool {
    // What LLVM 22 no longer reads as a constant (LLVM 15-18 IR has them) is read, so that
    // the reader refuses it as LLVM does (see `lazy::old_constant_syntax`).
    crate::lazy::no_longer_a_constant(w)
        || matches!(
            w,
            b"add"
                | b"sub"
                | b"xor"
                | b"extractelement"
                | b"insertelement"
                | b"shufflevector"
                | b"blockaddress"
                | b"dso_local_equivalent"
                | b"no_cfi"
                | b"ptrauth"
        )
}

/// The bytes of a word of an initializer's text (`zeroinitializer`, `i64`, `ptrtoint`): a
/// keyword's ([`crate::lexer::KEYWORD`]: letters, digits, `_`) and `.`.
static WORD: [bool; 256] = {
    let mut t = crate::lexer::KEYWORD;
    t[b'.' as usize] = true;
    t
};

/// Where a name is in the text: from its `@` to one past its end.
type Span = (usize, usize);

/// At the `sub` of `sub (i64 ptrtoint (ptr @a to i64), i64 ptrtoint (ptr @b to i64))`, as
/// clang writes a profile counter's offset from its record (`__profd_*` of a coverage build):
/// one past its `)`, and where `@a` and `@b` are, if they differ. LLVM folds a `sub` of two
/// equal operands (to 0) or of a 0; two addresses of distinct variables it leaves as written,
/// and renaming neither changes that: the caller checks that both name variables.
fn address_difference(src: &[u8], at: usize) -> Option<(usize, Span, Span)> {
    let mut i = at;
    let eat = |i: &mut usize, pat: &[u8]| -> Option<()> {
        src.get(*i..*i + pat.len()).filter(|t| *t == pat)?;
        *i += pat.len();
        Some(())
    };
    eat(&mut i, b"sub (")?;
    let int = |i: usize| {
        let n = src[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        (src.get(i) == Some(&b'i') && n > 0).then_some(&src[i..i + 1 + n])
    };
    let ty = int(i)?;
    let operand = |i: &mut usize| -> Option<Span> {
        eat(i, ty)?;
        eat(i, b" ptrtoint (ptr @")?;
        let at = *i - 1;
        let end = *i + crate::lazy::name_len(&src[*i..])?;
        if end == *i {
            return None;
        }
        *i = end;
        eat(i, b" to ")?;
        eat(i, ty)?;
        eat(i, b")")?;
        Some((at, end))
    };
    let a = operand(&mut i)?;
    eat(&mut i, b", ")?;
    let b = operand(&mut i)?;
    eat(&mut i, b")")?;
    (src[a.0..a.1] != src[b.0..b.1]).then_some((i, a, b))
}

impl Parser<'_> {
    /// Wait for the plan if it is still being made ([`Parser::plan_rx`]): before the first
    /// body, and at the end of a module without one. An error if it keeps no body as text:
    /// the module is then read in full (initializers may have been kept as text meanwhile).
    pub(super) fn await_plan(&mut self) -> PResult<()> {
        let Some(rx) = self.plan_rx.take() else {
            return Ok(());
        };
        let (plan, utf8) = rx.recv().unwrap_or_default();
        if !plan.iter().any(|p| p.lazy) {
            return self.error_at(self.tok.start, "no body is kept as text: read them all");
        }
        self.lazy_plan = plan;
        // Until now the text was checked a token at a time; from here on it need not be.
        self.src_is_utf8 |= utf8;
        if let Some(out) = self.utf8_out {
            out.store(self.src_is_utf8, std::sync::atomic::Ordering::Release);
        }
        Ok(())
    }

    /// At a body's `{`: if the plan keeps this body as text, skip it and return it, its
    /// references named.
    pub(super) fn lazy_body(&mut self) -> Option<LazyBody> {
        let open = self.tok.start;
        while (self.lazy_plan.get(self.lazy_next)).is_some_and(|p| p.open < open) {
            self.lazy_next += 1;
        }
        let Some(p) = (self.lazy_plan.get_mut(self.lazy_next)).filter(|p| p.open == open) else {
            // A body the scan did not find (not laid out as LLVM prints it): its key is
            // unknown, so bodies kept as text might equal it.
            self.lazy_unsure = true;
            return None;
        };
        self.plan_at = Some(self.lazy_next);
        if !p.lazy {
            return None;
        }
        let raw = std::mem::take(&mut p.refs);
        let close = p.close;
        self.lazy_next += 1;
        let base = open + 1;
        // In the memory of the scan's references (they are as big): no second copy.
        let refs: Vec<LazyRef> = raw
            .into_iter()
            .map(|r| {
                let kind = match r.kind {
                    RawKind::Global {
                        callee,
                        meta,
                        record,
                        name,
                    } => {
                        // Each name once per piece of the plan: the text of a reference is
                        // mostly a cache miss by now, its number in the plan is not.
                        let known =
                            (self.lazy_names.get(name as usize)).filter(|g| !g.is_reserved_value());
                        let id = match known {
                            Some(&g) => g,
                            None => {
                                let g = self.global_named_at(base + r.at, base + r.end);
                                if name != crate::lazy::NO_NAME {
                                    let k = name as usize;
                                    if k >= self.lazy_names.len() {
                                        self.lazy_names.resize(k + 1, GlobalId::reserved_value());
                                    }
                                    self.lazy_names[k] = g;
                                }
                                g
                            }
                        };
                        if meta && !record {
                            self.lazy_meta.push((base + r.at, id));
                        }
                        RefKind::Global { id, callee, record }
                    }
                    RawKind::Md(n) => {
                        self.lazy_md_max = self.lazy_md_max.max(Some(n));
                        RefKind::Md(n)
                    }
                    RawKind::Attr(n) => {
                        self.lazy_attr_max = self.lazy_attr_max.max(Some(n));
                        RefKind::Attr(n)
                    }
                    RawKind::Skip(n) => {
                        self.lazy_skips = true;
                        if n != crate::lazy::NO_GROUP {
                            self.lazy_attr_max = self.lazy_attr_max.max(Some(n));
                        }
                        RefKind::Skip(n)
                    }
                };
                LazyRef {
                    at: r.at,
                    end: r.end,
                    kind,
                }
            })
            .collect();
        self.seek(close + 1);
        Some(LazyBody {
            start: base,
            end: close,
            refs,
        })
    }

    /// At the first token of the initializer of a variable named `name`: if the module keeps
    /// bodies as text and the initializer is long, skip it and return it as text, its
    /// references to globals named. What may be kept, on one line: aggregates, strings,
    /// numbers, globals by name, and casts and `getelementptr`s of them. Such an initializer
    /// prints right after any merge by printing the names as the merged module does: a
    /// replacement renames a global (all are `ptr` in the program address space), and
    /// nothing in it can fold once renamed. Anything else is read: arithmetic (whether a
    /// renamed operand lets it fold is the constant folder's business; but for the difference
    /// of two variables' addresses, see [`address_difference`]), `blockaddress`,
    /// `dso_local_equivalent`, `no_cfi`, `ptrauth`, metadata, a line break, and LLVM's own
    /// variables (`llvm.used`, `llvm.global_ctors`, ...), which the reader and the merge look
    /// into.
    pub(super) fn lazy_initializer(&mut self, name: &Name) -> Option<LazyBody> {
        let planned = !self.lazy_plan.is_empty() || self.plan_rx.is_some();
        if !planned || name.as_str().is_some_and(|n| n.starts_with("llvm.")) {
            return None;
        }
        let src = self.src;
        let mut start = self.prev_end() as usize;
        while matches!(src.get(start), Some(b' ' | b'\t')) {
            start += 1;
        }
        // The token starts where the initializer does, or past its first byte (the sigil of
        // `@name`, the `"` of a string), or past the `c"` of a byte string (`c"...\00"`: each
        // C string constant of a C or C++ module, each name a sanitizer build records).
        let at = self.tok.start as usize;
        let byte_string = self.tok.kind == Tok::CStr && at == start + 2;
        if at != start && at != start + 1 && !byte_string {
            return None;
        }
        let mut raw: Vec<(usize, usize)> = Vec::new();
        let (mut i, mut depth) = (start, 0u32);
        let end = loop {
            let &b = src.get(i)?;
            match b {
                b'(' | b'[' | b'{' | b'<' => depth += 1,
                b')' | b']' | b'}' | b'>' => depth = depth.checked_sub(1)?,
                b',' | b'\n' | b'\r' | b';' if depth == 0 => break i,
                b'\n' | b'\r' | b'!' | b'#' | b'^' | b'$' => return None,
                b'"' => i += 1 + memchr::memchr(b'"', &src[i + 1..])?,
                b'%' => {
                    // A type's name (no local values in a constant).
                    i += 1 + crate::lazy::name_len(&src[i + 1..])?;
                    continue;
                }
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                    let n = crate::lexer::table_run(&src[i..], &WORD);
                    // LLVM 18's `inrange` index (`i64 0, inrange i32 0, i64 2`), which LLVM
                    // 22 refuses: read, to be refused as it does.
                    if &src[i..i + n] == b"inrange" && src.get(i + n) == Some(&b' ') {
                        return None;
                    }
                    if folding_or_unsure(&src[i..i + n]) {
                        // One `sub` is known not to fold: that of two variables' addresses.
                        let (end, a, b) = address_difference(src, i)?;
                        if !self.is_variable(a, name) || !self.is_variable(b, name) {
                            return None;
                        }
                        raw.extend([a, b]);
                        i = end;
                        continue;
                    }
                    i += n;
                    continue;
                }
                b'@' => {
                    let e = i + 1 + crate::lazy::name_len(&src[i + 1..])?;
                    if e == i + 1 {
                        return None; // `@` without a name: the reader says what is wrong
                    }
                    raw.push((i, e));
                    i = e;
                    continue;
                }
                _ => {}
            }
            i += 1;
        };
        let mut end = end;
        while end > start && matches!(src[end - 1], b' ' | b'\t') {
            end -= 1;
        }
        if end - start < LAZY_INIT_MIN {
            return None;
        }
        let mut refs = Vec::with_capacity(raw.len());
        for (at, e) in raw {
            let id = self.global_named_at(at as u32, e as u32);
            refs.push(LazyRef {
                at: (at - start) as u32,
                end: (e - start) as u32,
                kind: RefKind::Global {
                    id,
                    callee: false,
                    record: false,
                },
            });
        }
        self.seek(end as u32);
        Some(LazyBody {
            start: start as u32,
            end: end as u32,
            refs,
        })
    }

    /// Whether the `@name` at `at..end` names a global variable defined before it, or is
    /// `defining`, the variable whose initializer this is: nothing a merge does renames it.
    fn is_variable(&self, (at, end): Span, defining: &Name) -> bool {
        let quoted = self.src[at + 1] == b'"';
        let t = Token {
            kind: Tok::Global,
            start: (at + 1 + usize::from(quoted)) as u32,
            end: (end - usize::from(quoted)) as u32,
            quoted,
        };
        let name = self.name_str(t);
        if defining.as_str() == Some(&*name) {
            return true;
        }
        self.m.global_by_name(&name).is_some_and(|g| {
            !self.pending_globals.contains_key(&g)
                && matches!(self.m.globals[g].kind, GlobalKind::Var(_))
        })
    }

    /// The global named by the text `at..end` of a body or initializer kept as text (`@name`
    /// or `@"name"`); one not defined yet gets a placeholder, as in text that is read.
    fn global_named_at(&mut self, at: u32, end: u32) -> GlobalId {
        let quoted = self.src[at as usize + 1] == b'"';
        let t = Token {
            kind: Tok::Global,
            start: at + 1 + u32::from(quoted),
            end: end - u32::from(quoted),
            quoted,
        };
        let name = self.name_str(t);
        match self.m.global_by_name(&name) {
            Some(g) => g,
            None => self.placeholder_global(name.into(), at, UNKNOWN_AS),
        }
    }

    /// Whether `g` is a function whose body was read (one that may merge; so may twins).
    fn may_merge(&self, g: GlobalId) -> bool {
        let body = self.m.globals[g]
            .as_function()
            .and_then(|f| f.body.as_ref());
        body.is_some_and(|b| !b.is_lazy())
    }

    /// The planned twins as functions ([`Module::twins`](crate::Module::twins)); an error
    /// (so the caller reads everything) if one's plan entry was not reached as planned.
    fn name_twins(&mut self) -> PResult<()> {
        let mut twins = Vec::new();
        for (i, p) in self.lazy_plan.iter().enumerate() {
            let Some(j) = p.twin_of else { continue };
            let (Some(&t), Some(&g)) = (self.plan_funcs.get(&(i as u32)), self.plan_funcs.get(&j))
            else {
                return self.error_at(p.open, "a twin the reader did not reach as planned");
            };
            let read = |g: GlobalId| {
                let body = self.m.globals[g]
                    .as_function()
                    .and_then(|f| f.body.as_ref());
                body.map(|b| b.is_lazy())
            };
            if read(t) != Some(true) || read(g) != Some(false) {
                return self.error_at(p.open, "a twin the reader did not keep as planned");
            }
            twins.push((t, g));
        }
        self.m.twins = twins;
        Ok(())
    }

    /// Check the references of the bodies kept as text, once the module is read (and before
    /// undeclared intrinsics are declared: those are declared from the calls of bodies that
    /// were read). Anything amiss is an error here: the caller then reads every body, which
    /// reports the input's real error, or reads a text the scan misjudged.
    pub(super) fn check_lazy(&mut self) -> PResult<()> {
        if self.lazy_bodies.is_empty() {
            return Ok(());
        }
        self.name_twins()?;
        // Typed pointers: functions that merge may differ in their pointee types
        // (`%A* (%N*)*` and `%B* (%N*)*`), and a use of the one merged away then needs a
        // `bitcast` of the survivor, which a rename in the text cannot write.
        if self.m.typed_pointers {
            return self.error_at(0, "a body kept as text in a typed-pointer module");
        }
        if self.lazy_unsure {
            return self.error_at(0, "a body the scan did not see, beside bodies kept as text");
        }
        // A module-level `uselistorder` counts the uses in initializers.
        if !self.module_uselists.is_empty()
            && (self.lazy_bodies.iter()).any(|&g| self.m.globals[g].as_function().is_none())
        {
            return self.error_at(0, "uselistorder beside initializers kept as text");
        }
        // Still a placeholder: undefined (or an intrinsic only these bodies call, which LLVM
        // would declare from the call's type, which the scan does not know).
        for &g in &self.lazy_bodies {
            let refs = self.m.globals[g]
                .lazy_text()
                .map_or(&[][..], |l| &l.refs[..]);
            if refs.iter().any(|r| {
                matches!(r.kind, RefKind::Global { id, .. } if self.pending_globals.contains_key(&id))
            }) {
                return self.error_at(0, "a body kept as text names an undefined global");
            }
        }
        // In metadata other than a debug record, not a function that may merge: it would
        // become `!{}` there, or change a node's uniquing.
        let twins: rustc_hash::FxHashSet<GlobalId> = self.m.twins.iter().map(|&(t, _)| t).collect();
        if let Some(&(at, _)) =
            (self.lazy_meta.iter()).find(|&&(_, g)| self.may_merge(g) || twins.contains(&g))
        {
            return self.error_at(at, "a function that may merge, named in metadata");
        }
        // Metadata and attribute groups the bodies name: every number up to the largest named
        // is defined when the numbers defined run from 0 without a gap, as LLVM writes them;
        // else each reference is looked up.
        let md_max = self.guard.md_ids.max();
        if !all_defined(self.lazy_md_max, md_max, self.guard.md_ids.len()) {
            if let Some(at) = self.first_lazy_ref(|r| match r {
                RefKind::Md(n) => !self.guard.md_ids.contains(n),
                _ => false,
            }) {
                return self.error_at(at, "undefined metadata in a body kept as text");
            }
        }
        let attr_max = self.m.attr_groups.keys().next_back().copied();
        if !all_defined(self.lazy_attr_max, attr_max, self.m.attr_groups.len()) {
            if let Some(at) = self.first_lazy_ref(|r| match r {
                RefKind::Attr(n) => !self.m.attr_groups.contains_key(&n),
                RefKind::Skip(n) => {
                    n != crate::lazy::NO_GROUP && !self.m.attr_groups.contains_key(&n)
                }
                _ => false,
            }) {
                return self.error_at(at, "undefined attribute group in a body kept as text");
            }
        }
        self.lazy_meta = Vec::new();
        Ok(())
    }

    /// Where the first reference `bad` picks out lies in the bodies kept as text, in the
    /// order they were read.
    fn first_lazy_ref(&self, bad: impl Fn(RefKind) -> bool) -> Option<u32> {
        self.lazy_bodies.iter().find_map(|&g| {
            let body = self.m.globals[g].lazy_text()?;
            let r = body.refs.iter().find(|r| bad(r.kind))?;
            Some(body.start + r.at)
        })
    }
}

/// Whether every number up to `named_max` (the largest the bodies kept as text name) is
/// known to be defined without looking: the `defined` numbers run from 0 to `defined_max`
/// without a gap.
fn all_defined(named_max: Option<u32>, defined_max: Option<u32>, defined: usize) -> bool {
    let dense = defined_max.is_some_and(|m| m as usize + 1 == defined);
    named_max.is_none() || dense && named_max <= defined_max
}
