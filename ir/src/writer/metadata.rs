//! Metadata: metadata operands and node text, `!kind !N` attachments on instructions,
//! functions and globals, and `#dbg_*` debug records.

use super::{numbering, Writer};
use crate::function::{Body, Function};
use crate::inst::*;
use crate::metadata::{DbgRecord, MdAttachment, Metadata};

impl<'m> Writer<'m> {
    pub(super) fn metadata(&mut self, f: Option<(&Function, &Body)>, md: &Metadata) {
        match md {
            Metadata::Ref(n) => match self.num.map_or(Ok(*n), |x| x.printed(self.m, *n)) {
                Ok(n) => {
                    self.s("!");
                    self.num(n);
                }
                Err(text) => self.s(text),
            },
            Metadata::Value(t, v) => {
                self.ty(*t);
                self.s(" ");
                self.value(f, *v);
            }
            Metadata::ArgList(items) => {
                self.s("!DIArgList(");
                for (i, (t, v)) in items.iter().enumerate() {
                    if i > 0 {
                        self.s(", ");
                    }
                    self.ty(*t);
                    self.s(" ");
                    self.value(f, *v);
                }
                self.s(")");
            }
            Metadata::Text(t) => self.md_text(t),
        }
    }

    /// Metadata text with its `!N` references renumbered as opt numbers them; a reference to
    /// a `!DIExpression`, which opt never numbers, becomes the expression itself (a node or
    /// named metadata may name one that the text defined as `!7 = !DIExpression(...)`).
    pub(super) fn md_text(&mut self, t: &str) {
        let Some(num) = self.num else {
            return self.s(t);
        };
        let b = t.as_bytes();
        let mut last = 0;
        numbering::for_each_ref(b, |id, at, end| {
            self.out.extend_from_slice(&b[last..at]);
            self.md_ref(num, id);
            last = end;
        });
        self.out.extend_from_slice(&b[last..]);
    }

    /// A reference to input node `id` as the numbering prints it: `!N`, or the text of a
    /// `!DIExpression`, which opt never numbers.
    fn md_ref(&mut self, num: &numbering::Numbering, id: u32) {
        match num.printed(self.m, id) {
            Ok(n) => {
                self.out.push(b'!');
                self.num(n);
            }
            Err(text) => self.md_text(text),
        }
    }

    /// The text of node `k` of `Module::md_nodes` ([`Writer::md_text`]), its references
    /// where the numbering found them ([`numbering::Numbering::node_refs`]).
    pub(super) fn md_node_text(&mut self, k: usize, t: &str) {
        let Some(num) = self.num else {
            return self.s(t);
        };
        let b = t.as_bytes();
        let mut last = 0;
        for (at, id) in num.node_refs(k) {
            self.out.extend_from_slice(&b[last..at]);
            self.md_ref(num, id);
            // The number's digits (as `numbering::for_each_ref` read them).
            let digits = b[at + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            last = at + 1 + digits;
        }
        self.out.extend_from_slice(&b[last..]);
    }

    pub(super) fn attachments(
        &mut self,
        f: Option<(&Function, &Body)>,
        md: &[MdAttachment],
        sep: &str,
    ) {
        for a in md {
            self.s(sep);
            self.md_name(&a.kind);
            self.s(" ");
            self.metadata(f, &a.md);
        }
    }

    pub(super) fn dbg_record(&mut self, f: &Function, body: &Body, r: &DbgRecord) {
        self.s("    #dbg_");
        self.s(&r.kind);
        self.s("(");
        for (k, md) in r.ops.iter().enumerate() {
            if k > 0 {
                self.s(", ");
            }
            self.metadata(Some((f, body)), md);
        }
        self.s(")\n");
    }

    pub(super) fn inst_md(&mut self, f: &Function, body: &Body, d: &InstData) {
        if let Some(dbg) = d.debug.as_ref().and_then(|x| x.loc.as_ref()) {
            self.s(", !dbg ");
            self.metadata(Some((f, body)), dbg);
        }
        self.attachments(Some((f, body)), &d.md, ", ");
    }
}
