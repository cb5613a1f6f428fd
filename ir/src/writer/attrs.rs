//! Attributes: one attribute, attribute sets before and after what they qualify, and the
//! `; Function Attrs:` comment above a function.

use super::Writer;
use crate::attr::{Attr, AttrSet};

impl<'m> Writer<'m> {
    pub(super) fn attr(&mut self, a: &Attr) {
        match a {
            Attr::Other(t) => self.s(t),
            Attr::Type(k, t) => {
                self.s(k);
                self.s("(");
                self.ty(*t);
                self.s(")");
            }
            Attr::Str(k, v) => {
                self.quoted_text(k);
                if let Some(v) = v {
                    self.s("=");
                    self.quoted_text(v);
                }
            }
        }
    }

    /// Attributes each followed by a space (for positions before a type or name).
    pub(super) fn attrs_before(&mut self, set: &AttrSet) {
        for a in &set.attrs {
            self.attr(a);
            self.s(" ");
        }
    }

    /// Attributes each preceded by a space (for positions after a name or argument list).
    pub(super) fn attrs_after(&mut self, set: &AttrSet) {
        for a in &set.attrs {
            self.s(" ");
            self.attr(a);
        }
        for &g in &set.groups {
            // Renumbered, a group the module never defines goes: its number could be one
            // the renumbering gives a defined group.
            let Some(n) = self.num.map_or(Some(g), |x| x.attr(g)) else {
                continue;
            };
            self.s(" #");
            self.num(n);
        }
    }

    /// `; Function Attrs: ...` before a function, as opt prints it: the function's
    /// attributes but for the string ones, in their order.
    pub(super) fn fn_attrs_comment(&mut self, set: &AttrSet, extra: &[Attr]) {
        let m = self.m;
        let groups = set.groups.iter().filter_map(|g| m.attr_groups.get(g));
        let mut any = false;
        for a in groups.flatten().chain(set.attrs.iter()).chain(extra) {
            if matches!(a, Attr::Str(..)) {
                continue;
            }
            self.s(if any { " " } else { "; Function Attrs: " });
            any = true;
            self.attr(a);
        }
        if any {
            self.s("\n");
        }
    }
}
