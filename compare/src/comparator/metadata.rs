//! Metadata, compared as shallowly as LLVM 22 does.
//!
//! LLVM compares metadata in three places: all non-`!dbg` attachments of a `load`
//! (`cmpInstMetadata`), the `!range` of a call (`cmpMDNode`), and metadata arguments of calls
//! (`cmpMetadata`). A node is compared by operand count, then operand by operand, where an
//! operand is only looked into if it is a string (`!"..."`, compared as text) or a constant
//! (`i32 0`, compared by [`cmp_constants`](FunctionComparator::cmp_constants)); any two other
//! operands (nested nodes, `null`, locals) count as equal. So `!{!1, !1, i64 0}` equals
//! `!{!5, !5, i64 0}`: LLVM merges functions whose loads differ only in TBAA type names.
//!
//! Our module keeps node bodies as text; this file reads just enough of it: operand lists of
//! tuples, strings with `\XX` escapes, and constants `iN <int>`, `i1 true/false`,
//! `ptr null`, `ptr @global`. Other constants (floats, expressions) are compared by text, and
//! specialised nodes (`!DILocation(...)`) by their text without `distinct`.

use super::{CRef, FunctionComparator};
use mergefn_ir::metadata::{MdAttachment, Metadata};
use mergefn_ir::{MdArg, Module, Value};
use std::borrow::Cow;
use std::cmp::Ordering;

/// A node reference: a numbered module-level node, or one written inline.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum NodeRef<'m> {
    Numbered(u32),
    Inline(&'m str),
}

/// What `cmpMetadata` distinguishes of an operand.
#[derive(Clone, Debug)]
pub(crate) enum Operand<'m> {
    Str(Cow<'m, [u8]>),
    Const(CRef),
    /// A constant we do not decode; ordered after decoded ones, by text.
    RawConst(Cow<'m, str>),
    /// Anything else (nodes, `null`, local values): all equal to each other.
    Other,
}

impl Operand<'_> {
    fn into_owned(self) -> Operand<'static> {
        match self {
            Operand::Str(s) => Operand::Str(Cow::Owned(s.into_owned())),
            Operand::Const(c) => Operand::Const(c),
            Operand::RawConst(s) => Operand::RawConst(Cow::Owned(s.into_owned())),
            Operand::Other => Operand::Other,
        }
    }
}

/// A node's operands, or for specialised nodes (`!DIxxx(...)`) their text.
#[derive(Debug)]
pub(crate) enum Body<'m> {
    Tuple(Vec<Operand<'m>>),
    Special(Cow<'m, str>),
}

impl Body<'_> {
    fn into_owned(self) -> Body<'static> {
        match self {
            Body::Tuple(ops) => Body::Tuple(ops.into_iter().map(Operand::into_owned).collect()),
            Body::Special(s) => Body::Special(Cow::Owned(s.into_owned())),
        }
    }
}

/// A parsed node as `cmp_md_node` sees it: numbered nodes are read once per run (kept in
/// [`crate::GlobalNumbers`]), except those naming a global, whose text merging may rewrite.
enum Parsed<'m> {
    Cached(std::rc::Rc<Body<'static>>),
    Fresh(Body<'m>),
}

impl<'m> std::ops::Deref for Parsed<'m> {
    type Target = Body<'m>;
    fn deref(&self) -> &Body<'m> {
        match self {
            Parsed::Cached(b) => b,
            Parsed::Fresh(b) => b,
        }
    }
}

fn node_text<'a>(m: &'a Module, n: NodeRef<'a>) -> Option<&'a str> {
    match n {
        NodeRef::Numbered(id) => m
            .md_nodes
            .binary_search_by_key(&id, |n| n.id)
            .ok()
            .map(|i| &*m.md_nodes[i].text),
        NodeRef::Inline(t) => Some(t),
    }
}

/// Split `s` at top-level commas (outside brackets and strings).
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut start) = (0i32, false, 0);
    for (i, c) in s.char_indices() {
        match c {
            '"' => in_str = !in_str,
            '(' | '{' | '[' | '<' if !in_str => depth += 1,
            ')' | '}' | ']' | '>' if !in_str => depth -= 1,
            ',' if !in_str && depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = s[start..].trim();
    if !last.is_empty() || !out.is_empty() {
        out.push(last);
    }
    out
}

/// The bytes of a `!"..."` string, `\XX` escapes decoded.
fn md_string(text: &str) -> Option<Cow<'_, [u8]>> {
    let inner = text.strip_prefix("!\"")?.strip_suffix('"')?;
    if !inner.contains('\\') {
        return Some(Cow::Borrowed(inner.as_bytes()));
    }
    let b = inner.as_bytes();
    let hex = |i: usize| {
        b.get(i..i + 2)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok())
    };
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match (b[i], hex(i + 1), b.get(i + 1)) {
            (b'\\', Some(v), _) => {
                out.push(v);
                i += 3;
            }
            (b'\\', None, Some(b'\\')) => {
                out.push(b'\\');
                i += 2;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    Some(Cow::Owned(out))
}

/// A constant written in metadata text, if it is one we decode.
fn md_constant(m: &Module, text: &str) -> Option<CRef> {
    let (ty, value) = text.split_once(' ')?;
    let value = value.trim();
    if let Some(bits) = ty.strip_prefix('i').and_then(|b| b.parse::<u32>().ok()) {
        let v = match value {
            "true" => 1,
            "false" => 0,
            v => {
                let a = mergefn_ir::ApInt::parse_decimal(bits, v)?;
                if bits > 64 {
                    return None;
                }
                a.words[0]
            }
        };
        return Some(CRef::Int { bits, value: v });
    }
    let (addrspace, value) = if ty == "ptr" {
        match value.strip_prefix("addrspace(") {
            Some(rest) => {
                let (n, v) = rest.split_once(')')?;
                (n.trim().parse().ok()?, v.trim())
            }
            None => (0, value),
        }
    } else if ty.ends_with('*') {
        (0, value)
    } else {
        return None;
    };
    if value == "null" {
        return Some(CRef::NullPtr(addrspace));
    }
    let name = value.strip_prefix('@')?;
    let name = name
        .strip_prefix('"')
        .and_then(|n| n.strip_suffix('"'))
        .unwrap_or(name);
    m.global_by_name(name).map(CRef::Global)
}

fn classify<'m>(m: &'m Module, text: &'m str) -> Operand<'m> {
    if let Some(s) = md_string(text) {
        return Operand::Str(s);
    }
    if text.starts_with('!') || text == "null" {
        return Operand::Other;
    }
    match md_constant(m, text) {
        Some(c) => Operand::Const(c),
        None => Operand::RawConst(Cow::Borrowed(text)),
    }
}

fn node_body<'m>(m: &'m Module, text: &'m str) -> Body<'m> {
    let t = text.trim();
    let t = t.strip_prefix("distinct").map_or(t, str::trim_start);
    match t.strip_prefix("!{").and_then(|s| s.strip_suffix('}')) {
        Some(inner) => Body::Tuple(
            split_top(inner)
                .into_iter()
                .map(|o| classify(m, o))
                .collect(),
        ),
        None => Body::Special(Cow::Borrowed(t)),
    }
}

impl<'m, 'g> FunctionComparator<'m, 'g> {
    /// Metadata operands (LLVM's `cmpMetadata`): strings are greater than everything else and
    /// ordered as text; then non-constants are less than constants, and all equal to each
    /// other; constants by [`cmp_constants`](Self::cmp_constants).
    fn cmp_metadata(&mut self, l: &Operand<'_>, r: &Operand<'_>) -> Ordering {
        match (l, r) {
            (Operand::Str(a), Operand::Str(b)) => {
                let o = a.cmp(b);
                self.decided(o, "cmp_metadata", |_| {
                    format!(
                        "!\"{}\" vs !\"{}\"",
                        String::from_utf8_lossy(a),
                        String::from_utf8_lossy(b)
                    )
                })
            }
            (_, Operand::Str(_)) => self.decided(Ordering::Less, "cmp_metadata", |_| {
                "only the right side is a string".into()
            }),
            (Operand::Str(_), _) => self.decided(Ordering::Greater, "cmp_metadata", |_| {
                "only the left side is a string".into()
            }),
            (Operand::Other, Operand::Other) => Ordering::Equal,
            (Operand::Other, _) => self.decided(Ordering::Less, "cmp_metadata", |_| {
                "only the right side is a constant".into()
            }),
            (_, Operand::Other) => self.decided(Ordering::Greater, "cmp_metadata", |_| {
                "only the left side is a constant".into()
            }),
            (Operand::Const(a), Operand::Const(b)) => self.cmp_constants(*a, *b),
            (Operand::RawConst(a), Operand::RawConst(b)) => {
                let o = a.cmp(b);
                self.decided(o, "cmp_metadata", |_| format!("{a} vs {b}"))
            }
            (Operand::RawConst(_), _) => Ordering::Greater,
            (_, Operand::RawConst(_)) => Ordering::Less,
        }
    }

    /// Nodes (LLVM's `cmpMDNode`): the same node is equal, a missing node is less, then by
    /// operand count and operands ([`cmp_metadata`](Self::cmp_metadata)).
    fn cmp_md_node(&mut self, l: Option<NodeRef<'m>>, r: Option<NodeRef<'m>>) -> Ordering {
        let (a, b) = match (l, r) {
            _ if l == r => return Ordering::Equal,
            (Some(a), Some(b)) => (a, b),
            (a, b) => {
                return self.decided(a.is_some().cmp(&b.is_some()), "cmp_md_node", |_| {
                    "only one side has the node".into()
                })
            }
        };
        let m = self.m;
        // The texts only for explanations: a cached node is found by its number alone.
        let texts = move || (node_text(m, a).unwrap_or(""), node_text(m, b).unwrap_or(""));
        let (pa, pb) = (self.parsed(a), self.parsed(b));
        match (&*pa, &*pb) {
            (Body::Tuple(x), Body::Tuple(y)) => {
                let o = x.len().cmp(&y.len());
                if o.is_ne() {
                    return self.decided(o, "cmp_md_node", |_| {
                        let (ta, tb) = texts();
                        format!("{ta} vs {tb}: operand counts")
                    });
                }
                for (p, q) in x.iter().zip(y) {
                    let o = self.cmp_metadata(p, q);
                    if o.is_ne() {
                        return o;
                    }
                }
                Ordering::Equal
            }
            (Body::Special(x), Body::Special(y)) => {
                let o = x.cmp(y);
                self.decided(o, "cmp_md_node", |_| format!("{x} vs {y}"))
            }
            (Body::Tuple(_), _) => self.decided(Ordering::Less, "cmp_md_node", |_| {
                let (ta, tb) = texts();
                format!("{ta} vs {tb}")
            }),
            (_, Body::Tuple(_)) => self.decided(Ordering::Greater, "cmp_md_node", |_| {
                let (ta, tb) = texts();
                format!("{ta} vs {tb}")
            }),
        }
    }

    /// Node `n` parsed, from the run's cache when it is numbered (and names no global).
    fn parsed(&self, n: NodeRef<'m>) -> Parsed<'m> {
        if let NodeRef::Numbered(id) = n {
            if let Some(cached) = self.numbers.cached_md_node(id) {
                return Parsed::Cached(cached);
            }
        }
        let text = node_text(self.m, n).unwrap_or("");
        match n {
            NodeRef::Numbered(id) if memchr::memchr(b'@', text.as_bytes()).is_none() => {
                Parsed::Cached(
                    self.numbers
                        .md_node(id, || node_body(self.m, text).into_owned()),
                )
            }
            _ => Parsed::Fresh(node_body(self.m, text)),
        }
    }

    /// Instruction metadata other than `!dbg` (LLVM's `cmpInstMetadata`, used for loads): the
    /// number of attachments, then pairwise in kind order: kind number, then the node.
    pub(crate) fn cmp_inst_metadata(
        &mut self,
        l: &'m [MdAttachment],
        r: &'m [MdAttachment],
    ) -> Ordering {
        if l == r {
            return Ordering::Equal;
        }
        let o = l.len().cmp(&r.len());
        if o.is_ne() {
            return self.decided(o, "cmp_inst_metadata", |_| {
                format!("{} vs {} metadata attachments", l.len(), r.len())
            });
        }
        // By kind number, each kind's number looked up once (a kind appears at most once, so
        // the order among equal keys never matters). Few attachments: no allocation.
        let sorted = |mds: &'m [MdAttachment]| {
            let mut v: smallvec::SmallVec<[((u64, &'m str), &'m MdAttachment); 4]> = mds
                .iter()
                .map(|a| (crate::llvm::md_kind_number(&a.kind), a))
                .collect();
            v.sort_by_key(|&(k, _)| k);
            v
        };
        let (sl, sr) = (sorted(l), sorted(r));
        for (&(ka, a), &(kb, b)) in sl.iter().zip(&sr) {
            let o = ka.cmp(&kb);
            if o.is_ne() {
                return self.decided(o, "cmp_inst_metadata", |_| {
                    format!("!{} vs !{}", a.kind, b.kind)
                });
            }
            let o = self.cmp_md_node(node_ref(&a.md), node_ref(&b.md));
            if o.is_ne() {
                return o;
            }
        }
        Ordering::Equal
    }

    /// The `!range` attachments of two calls, by [`cmp_md_node`](Self::cmp_md_node).
    pub(crate) fn cmp_range_metadata(
        &mut self,
        l: &'m [MdAttachment],
        r: &'m [MdAttachment],
    ) -> Ordering {
        let range = |mds: &'m [MdAttachment]| {
            mds.iter()
                .find(|a| &*a.kind == "range")
                .and_then(|a| node_ref(&a.md))
        };
        self.cmp_md_node(range(l), range(r))
    }

    /// Metadata arguments (`metadata !"x"`, `metadata i32 0`, `metadata !5`): by
    /// [`cmp_metadata`](Self::cmp_metadata).
    pub(crate) fn cmp_md_args(&mut self, l: MdArg, r: MdArg) -> Ordering {
        let (a, b) = (
            self.md_arg(super::Side::Left, l),
            self.md_arg(super::Side::Right, r),
        );
        self.cmp_metadata(&a, &b)
    }

    fn md_arg(&self, side: super::Side, a: MdArg) -> Operand<'m> {
        match &self.body(side).md_args[a] {
            Metadata::Value(_, Value::Const(c)) => Operand::Const(CRef::Pool(*c)),
            Metadata::Text(t) => md_string(t).map_or(Operand::Other, Operand::Str),
            _ => Operand::Other,
        }
    }
}

fn node_ref(md: &Metadata) -> Option<NodeRef<'_>> {
    match md {
        Metadata::Ref(id) => Some(NodeRef::Numbered(*id)),
        Metadata::Text(t) => Some(NodeRef::Inline(t)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operands_split_at_top_level_commas() {
        assert_eq!(
            split_top("!1, !{!2, i64 0}, !\"a,b\", i32 3"),
            vec!["!1", "!{!2, i64 0}", "!\"a,b\"", "i32 3"]
        );
        assert!(split_top("").is_empty());
    }

    /// Numbered nodes are read once per run and reused; a node naming a global is read each
    /// time (merging may rewrite its text), and both kinds still decide comparisons.
    #[test]
    fn numbered_nodes_are_read_once_per_run_unless_they_name_a_global() {
        let m = mergefn_ir::parse_module(
            b"@g = global i32 0
define i32 @a(ptr %p) {
  %v = load i32, ptr %p, !range !0, !tbaa !2
  ret i32 %v
}
define i32 @b(ptr %p) {
  %v = load i32, ptr %p, !range !1, !tbaa !3
  ret i32 %v
}
!0 = !{i32 0, i32 10}
!1 = !{i32 0, i32 20}
!2 = !{!\"x\", ptr @g}
!3 = !{!\"x\", ptr @g}
",
        )
        .expect("reads");
        let n = crate::GlobalNumbers::new();
        let (a, b) = (
            m.global_by_name("a").unwrap(),
            m.global_by_name("b").unwrap(),
        );
        let first = FunctionComparator::new(&m, a, b, &n).compare();
        assert_ne!(first, Ordering::Equal, "ranges differ");
        assert_eq!(n.md_nodes_read(), 2, "!0 and !1 kept, !2 and !3 name @g");
        assert_eq!(FunctionComparator::new(&m, a, b, &n).compare(), first);
        assert_eq!(
            FunctionComparator::new(&m, b, a, &n).compare(),
            first.reverse()
        );
        assert_eq!(n.md_nodes_read(), 2);
    }

    #[test]
    fn strings_decode_hex_escapes() {
        assert_eq!(md_string("!\"a\\22b\"").as_deref(), Some(&b"a\"b"[..]));
        assert_eq!(md_string("!\"plain\"").as_deref(), Some(&b"plain"[..]));
    }
}
