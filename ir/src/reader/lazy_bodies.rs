//! Bodies kept as text ([`crate::lazy`]): skipping them where the plan says, naming the
//! globals they refer to as the reader passes them (a global not yet defined gets a
//! placeholder, as in a body that is read), and checking, once the module is read, that
//! every reference names something defined.

use super::{PResult, Parser, UNKNOWN_AS};
use crate::lazy::{LazyBody, LazyRef, RawKind, RefKind};
use crate::lexer::{Tok, Token};
use crate::module::GlobalId;

impl Parser<'_> {
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
        if !p.lazy {
            return None;
        }
        let raw = std::mem::take(&mut p.refs);
        let close = p.close;
        self.lazy_next += 1;
        let base = open + 1;
        let mut refs = Vec::with_capacity(raw.len());
        for r in raw {
            let kind = match r.kind {
                RawKind::Global {
                    callee,
                    meta,
                    record,
                } => {
                    let (s, e) = (base + r.at + 1, base + r.end);
                    let quoted = self.src[s as usize] == b'"';
                    let t = Token {
                        kind: Tok::Global,
                        start: if quoted { s + 1 } else { s },
                        end: if quoted { e - 1 } else { e },
                        quoted,
                    };
                    let name = self.name_str(t);
                    let id = match self.m.global_by_name(&name) {
                        Some(g) => g,
                        None => self.placeholder_global(name.into(), base + r.at, UNKNOWN_AS),
                    };
                    if meta && !record {
                        self.lazy_meta.push((base + r.at, id));
                    }
                    RefKind::Global { id, callee, record }
                }
                RawKind::Md(n) => {
                    self.lazy_md.push((base + r.at, n));
                    RefKind::Md(n)
                }
                RawKind::Attr(n) => {
                    self.lazy_attrs.push((base + r.at, n));
                    RefKind::Attr(n)
                }
            };
            refs.push(LazyRef {
                at: r.at,
                end: r.end,
                kind,
            });
        }
        self.seek(close + 1);
        Some(LazyBody {
            start: base,
            end: close,
            refs,
        })
    }

    /// Whether `g` is a function whose body was read (one that may merge).
    fn may_merge(&self, g: GlobalId) -> bool {
        let body = self.m.globals[g]
            .as_function()
            .and_then(|f| f.body.as_ref());
        body.is_some_and(|b| !b.is_lazy())
    }

    /// Check the references of the bodies kept as text, once the module is read (and before
    /// undeclared intrinsics are declared: those are declared from the calls of bodies that
    /// were read). Anything amiss is an error here: the caller then reads every body, which
    /// reports the input's real error, or reads a text the scan misjudged.
    pub(super) fn check_lazy(&mut self) -> PResult<()> {
        if self.lazy_bodies.is_empty() {
            return Ok(());
        }
        if self.m.typed_pointers {
            return self.error_at(0, "a body kept as text in a typed-pointer module");
        }
        if self.lazy_unsure {
            return self.error_at(0, "a body the scan did not see, beside bodies kept as text");
        }
        // Still a placeholder: undefined (or an intrinsic only these bodies call, which LLVM
        // would declare from the call's type, which the scan does not know).
        for &g in &self.lazy_bodies {
            let refs = self.m.globals[g]
                .as_function()
                .and_then(|f| f.body.as_ref())
                .and_then(|b| b.lazy.as_ref())
                .map_or(&[][..], |l| &l.refs[..]);
            if refs.iter().any(|r| {
                matches!(r.kind, RefKind::Global { id, .. } if self.pending_globals.contains_key(&id))
            }) {
                return self.error_at(0, "a body kept as text names an undefined global");
            }
        }
        // In metadata other than a debug record, not a function that may merge: it would
        // become `!{}` there, or change a node's uniquing.
        if let Some(&(at, _)) = self.lazy_meta.iter().find(|&&(_, g)| self.may_merge(g)) {
            return self.error_at(at, "a function that may merge, named in metadata");
        }
        if let Some(&(at, _)) = self
            .lazy_md
            .iter()
            .find(|(_, n)| !self.guard.md_ids.contains(n))
        {
            return self.error_at(at, "undefined metadata in a body kept as text");
        }
        if let Some(&(at, _)) =
            (self.lazy_attrs.iter()).find(|(_, n)| !self.m.attr_groups.contains_key(n))
        {
            return self.error_at(at, "undefined attribute group in a body kept as text");
        }
        self.lazy_meta = Vec::new();
        self.lazy_md = Vec::new();
        self.lazy_attrs = Vec::new();
        Ok(())
    }
}
