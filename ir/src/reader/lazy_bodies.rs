//! Bodies kept as text ([`crate::lazy`]): skipping them where the plan says, and resolving
//! their references once every global, node and attribute group is known.

use super::{PResult, Parser};
use crate::lazy::{LazyBody, LazyRef, RawKind, RawRef, RefKind};
use crate::lexer::{Tok, Token};
use crate::module::GlobalKind;

impl Parser<'_> {
    /// At a body's `{`: if the plan keeps this body as text, skip it and return it with its
    /// unresolved references and the offset its text starts at.
    pub(super) fn lazy_body(&mut self) -> Option<(LazyBody, Vec<RawRef>, u32)> {
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
        if !p.lazy {
            return None;
        }
        let refs = std::mem::take(&mut p.refs);
        let close = p.close;
        self.lazy_next += 1;
        self.lex.pos = close as usize + 1;
        self.last_end = close + 1;
        self.tok = self.lex.next_token();
        let body = LazyBody {
            start: open + 1,
            end: close,
            refs: Vec::new(),
        };
        Some((body, refs, open + 1))
    }

    /// Whether offset `at` is on a debug record's line (`#dbg_value(...)`).
    fn in_record(&self, at: u32) -> bool {
        let at = at as usize;
        let start = memchr::memrchr(b'\n', &self.src[..at]).map_or(0, |k| k + 1);
        self.src[start..at].trim_ascii_start().starts_with(b"#dbg_")
    }

    /// Whether `g` is a function whose body was read (one that may merge).
    fn may_merge(&self, g: crate::module::GlobalId) -> bool {
        let body = self.m.globals[g]
            .as_function()
            .and_then(|f| f.body.as_ref());
        body.is_some_and(|b| !b.is_lazy())
    }

    /// Resolve the references of the bodies kept as text. Any that does not resolve to a
    /// defined global, node or group is an error here: the caller then reads every body,
    /// which reports the input's real error (or reads a text the scan misjudged).
    pub(super) fn resolve_lazy(&mut self) -> PResult<()> {
        if self.lazy_bodies.is_empty() {
            return Ok(());
        }
        if self.m.typed_pointers {
            return self.error_at(0, "a body kept as text in a typed-pointer module");
        }
        if self.lazy_unsure {
            return self.error_at(0, "a body the scan did not see, beside bodies kept as text");
        }
        let mut bodies = std::mem::take(&mut self.lazy_bodies);
        for (g, raw, base) in &mut bodies {
            let base = *base;
            let mut refs = Vec::with_capacity(raw.len());
            for r in raw.drain(..) {
                let kind = match r.kind {
                    RawKind::Global { callee, meta } => {
                        let (s, e) = (base + r.at + 1, base + r.end);
                        let quoted = self.src[s as usize] == b'"';
                        let t = Token {
                            kind: Tok::Global,
                            start: if quoted { s + 1 } else { s },
                            end: if quoted { e - 1 } else { e },
                            quoted,
                        };
                        let name = self.name_str(t);
                        let record = meta && self.in_record(base + r.at);
                        match self.m.global_by_name(&name) {
                            // In metadata other than a debug record, not a function that
                            // may merge (one with a body that was read): it would become
                            // `!{}` or change a node's uniquing. Merging changes nothing else.
                            Some(id)
                                if !self.pending_globals.contains_key(&id)
                                    && (!meta || record || !self.may_merge(id)) =>
                            {
                                RefKind::Global { id, callee, record }
                            }
                            _ => {
                                return self
                                    .error_at(base + r.at, "undefined global in a lazy body")
                            }
                        }
                    }
                    RawKind::Md(n) if self.guard.md_ids.contains(&n) => RefKind::Md(n),
                    RawKind::Attr(n) if self.m.attr_groups.contains_key(&n) => RefKind::Attr(n),
                    _ => return self.error_at(base + r.at, "undefined reference in a lazy body"),
                };
                refs.push(LazyRef {
                    at: r.at,
                    end: r.end,
                    kind,
                });
            }
            refs.shrink_to_fit();
            if let GlobalKind::Function(f) = &mut self.m.globals[*g].kind {
                if let Some(l) = f.body.as_mut().and_then(|b| b.lazy.as_mut()) {
                    l.refs = refs;
                }
            }
        }
        self.lazy_bodies = bodies;
        Ok(())
    }
}
