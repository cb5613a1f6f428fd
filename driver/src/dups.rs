//! `mergefn dups`: where the duplicate code is, for people fighting template and generic bloat.
//!
//! The groups are exactly what `merge` would fold: the pass runs on a copy of the module and
//! its report is read back as groups (union of "G merged into F", so a double-weak pair and its
//! new private body are one group). Sizes are the cost model's estimated machine bytes
//! ([`mergefn_merge::estimated_code_bytes`]) of the functions as read. Near misses are
//! functions with the same structural hash (the same shape of opcodes) that still differ,
//! with the comparator's verdict ([`mergefn_compare::explain`]) saying where.
//!
//! Names are demangled (Itanium C++ by `cpp_demangle`, Rust legacy and v0 by `rustc-demangle`)
//! and reduced to an *origin*: the demangled path with its template or generic arguments
//! and its parameter list dropped (`Stack<A*>::push(A*)` → `Stack<_>::push`), which is what
//! the copies of one template have in common.

use mergefn_compare::{explain, StructuralHasher};
use mergefn_ir::{GlobalId, Linkage, Module, Name};
use mergefn_merge as merge;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::fmt::Write as _;

/// Everything `dups` reports, as `--json` prints it and the HTML page embeds it.
#[derive(Debug, Serialize)]
pub struct Dups {
    /// The input's name as the user gave it.
    pub module: String,
    /// Function definitions in the module.
    pub definitions: usize,
    /// Their estimated machine bytes, all together.
    pub bytes_total: u64,
    /// Functions that are copies of another (every member of a group but one).
    pub copies: usize,
    /// Estimated bytes merging saves: the sum of the groups' `bytes_saved`.
    pub bytes_saved: u64,
    /// Whether `--similar` groups (functions differing in constants) are included.
    pub similar: bool,
    /// Groups, most bytes saved first.
    pub groups: Vec<Group>,
    /// Same-shaped functions that do not merge, largest first, with the reason.
    pub near_misses: Vec<NearMiss>,
}

/// Functions that merge into one.
#[derive(Debug, Serialize)]
pub struct Group {
    /// The demangled name with template/generic arguments and parameters dropped.
    pub origin: String,
    /// Other origins among the members (distinct templates with the same code).
    pub other_origins: usize,
    /// `identical` (merged as LLVM merges) or `similar` (one body with extra parameters).
    pub kind: &'static str,
    /// Members of the group.
    pub copies: usize,
    /// Instructions of the largest member (debug intrinsics not counted).
    pub instructions: usize,
    /// Estimated bytes of the largest member.
    pub bytes_each: u64,
    /// Estimated bytes merging saves: all members but the largest.
    pub bytes_saved: u64,
    pub functions: Vec<Member>,
}

/// One function of a group.
#[derive(Debug, Serialize)]
pub struct Member {
    pub name: String,
    pub demangled: String,
    pub linkage: &'static str,
    pub instructions: usize,
    pub bytes: u64,
    /// What `merge` does to it: `kept`, or the report's kind (`deleted`, `thunk`, `alias`,
    /// `replaced`, `parameterized`, `rewritten`).
    pub fate: String,
    /// What it merges into, when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub into: Option<String>,
}

/// Two functions of the same shape that do not merge.
#[derive(Debug, Serialize)]
pub struct NearMiss {
    pub left: String,
    pub right: String,
    pub left_demangled: String,
    pub right_demangled: String,
    /// Estimated bytes of the larger of the two.
    pub bytes: u64,
    /// The comparator layer that decided (`cmp_types`, `cmp_operations`, ...).
    pub rule: String,
    /// What differs, e.g. `i32 vs i64`.
    pub detail: String,
    /// The whole verdict, as `mergefn explain` prints it.
    pub verdict: String,
}

/// Per-definition facts taken before merging.
struct Info {
    name: String,
    demangled: String,
    linkage: &'static str,
    instructions: usize,
    bytes: u64,
}

/// Find the duplicate groups of `m` (read from `module_name`): run the merge on a copy, read
/// back its report, and explain up to `near_miss_limit` near misses on the original.
pub fn find(
    m: &Module,
    module_name: &str,
    similar: bool,
    cycles: bool,
    near_miss_limit: usize,
) -> Dups {
    let defs: Vec<GlobalId> = m
        .functions()
        .filter(|&f| m.function(f).is_some_and(|x| x.body.is_some()) && !m.globals[f].deleted)
        .collect();
    let info: FxHashMap<GlobalId, Info> = defs.iter().map(|&f| (f, describe(m, f))).collect();
    let by_name: FxHashMap<&str, GlobalId> = defs
        .iter()
        .filter_map(|&f| Some((m.globals[f].common().name.as_str()?, f)))
        .collect();

    let mut copy = m.clone();
    let opts = merge::Options {
        merge_similar: similar,
        merge_cycles: cycles,
        ..merge::Options::default()
    };
    let report = merge::merge_functions(&mut copy, &opts);
    drop(copy);

    // Union "function" with "into": names of created private bodies join their members.
    let mut sets = UnionFind::default();
    let mut fate: FxHashMap<&str, (&merge::Merged, bool)> = FxHashMap::default();
    for r in &report.merged {
        let similar_kind = matches!(r.kind, merge::Kind::Parameterized | merge::Kind::Rewritten);
        sets.union(&r.function, &r.into);
        fate.insert(r.function.as_str(), (r, similar_kind));
    }
    let mut members: FxHashMap<String, Vec<GlobalId>> = FxHashMap::default();
    for name in sets.names() {
        if let Some(&f) = by_name.get(name.as_str()) {
            members.entry(sets.find(&name)).or_default().push(f);
        }
    }
    let mut group_of: FxHashMap<GlobalId, usize> = FxHashMap::default();
    let mut groups: Vec<Group> = Vec::new();
    for (_, mut fs) in members {
        if fs.len() < 2 {
            continue;
        }
        fs.sort_by_key(|&f| (std::cmp::Reverse(info[&f].bytes), f));
        let is_similar = fs.iter().any(|f| {
            fate.get(info[f].name.as_str())
                .is_some_and(|&(_, similar_kind)| similar_kind)
        });
        let largest = &info[&fs[0]];
        let total: u64 = fs.iter().map(|f| info[f].bytes).sum();
        let functions = fs
            .iter()
            .map(|f| {
                let i = &info[f];
                let (fate, into) = match fate.get(i.name.as_str()) {
                    Some((r, _)) => (kind_name(r.kind).to_owned(), Some(r.into.clone())),
                    None => ("kept".to_owned(), None),
                };
                Member {
                    name: i.name.clone(),
                    demangled: i.demangled.clone(),
                    linkage: i.linkage,
                    instructions: i.instructions,
                    bytes: i.bytes,
                    fate,
                    into,
                }
            })
            .collect();
        for &f in &fs {
            group_of.insert(f, groups.len());
        }
        let main_origin = origin(&largest.demangled);
        let mut origins: Vec<String> = fs.iter().map(|f| origin(&info[f].demangled)).collect();
        origins.sort();
        origins.dedup();
        groups.push(Group {
            other_origins: origins.len() - 1,
            origin: main_origin,
            kind: if is_similar { "similar" } else { "identical" },
            copies: fs.len(),
            instructions: largest.instructions,
            bytes_each: largest.bytes,
            bytes_saved: total - largest.bytes,
            functions,
        });
    }
    // Most saved first; ties by origin, then first name, so the order is stable.
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&groups[a], &groups[b]);
        y.bytes_saved
            .cmp(&x.bytes_saved)
            .then_with(|| x.origin.cmp(&y.origin))
            .then_with(|| x.functions[0].name.cmp(&y.functions[0].name))
    });
    let mut slots: Vec<Option<Group>> = groups.into_iter().map(Some).collect();
    let groups: Vec<Group> = order.iter().map(|&i| slots[i].take().unwrap()).collect();

    let near_misses = near_misses(m, &defs, &info, &group_of, near_miss_limit);
    Dups {
        module: module_name.to_owned(),
        definitions: defs.len(),
        bytes_total: info.values().map(|i| i.bytes).sum(),
        copies: groups.iter().map(|g| g.copies - 1).sum(),
        bytes_saved: groups.iter().map(|g| g.bytes_saved).sum(),
        similar,
        groups,
        near_misses,
    }
}

fn kind_name(k: merge::Kind) -> &'static str {
    match k {
        merge::Kind::Thunk => "thunk",
        merge::Kind::Alias => "alias",
        merge::Kind::Deleted => "deleted",
        merge::Kind::Replaced => "replaced",
        merge::Kind::Parameterized => "parameterized",
        merge::Kind::Rewritten => "rewritten",
    }
}

fn describe(m: &Module, f: GlobalId) -> Info {
    let name = match &m.globals[f].common().name {
        Name::Named(n) => n.to_string(),
        Name::Unnamed => format!("<unnamed {f}>"),
    };
    let instructions = m.function(f).and_then(|x| x.body.as_ref()).map_or(0, |b| {
        b.insts_in_order()
            .filter(|&i| !merge::thunk::is_debug_intrinsic(m, &b.insts[i]))
            .count()
    });
    Info {
        demangled: demangle(&name).unwrap_or_else(|| name.clone()),
        linkage: linkage_name(m.globals[f].common().linkage),
        instructions,
        bytes: merge::estimated_code_bytes(m, f),
        name,
    }
}

fn linkage_name(l: Linkage) -> &'static str {
    Linkage::ALL
        .iter()
        .find(|(x, _)| *x == l)
        .map_or("external", |(_, s)| s)
}

/// Same-shaped pairs that do not merge: within each structural-hash bucket, each group (or
/// lone function) against the bucket's largest one, larger pairs first.
fn near_misses(
    m: &Module,
    defs: &[GlobalId],
    info: &FxHashMap<GlobalId, Info>,
    group_of: &FxHashMap<GlobalId, usize>,
    limit: usize,
) -> Vec<NearMiss> {
    if limit == 0 {
        return Vec::new();
    }
    let hasher = StructuralHasher::new(m);
    let mut buckets: FxHashMap<u64, Vec<GlobalId>> = FxHashMap::default();
    for &f in defs {
        if m.globals[f].common().linkage != Linkage::AvailableExternally {
            buckets.entry(hasher.hash(m, f)).or_default().push(f);
        }
    }
    // One representative per group within a bucket: pairs inside a group are not misses.
    let mut pairs: Vec<(u64, GlobalId, GlobalId)> = Vec::new();
    for (_, mut fs) in buckets {
        fs.sort_by_key(|&f| (std::cmp::Reverse(info[&f].bytes), f));
        let mut seen_groups = Vec::new();
        let mut reps = Vec::new();
        for f in fs {
            match group_of.get(&f) {
                Some(g) if seen_groups.contains(g) => {}
                Some(&g) => {
                    seen_groups.push(g);
                    reps.push(f);
                }
                None => reps.push(f),
            }
        }
        // The biggest against each of the next few: the interesting pairs, bounded per bucket.
        for &g in reps.iter().skip(1).take(4) {
            pairs.push((info[&reps[0]].bytes.max(info[&g].bytes), reps[0], g));
        }
    }
    pairs.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| (a.1, a.2).cmp(&(b.1, b.2))));
    pairs.truncate(limit);
    pairs
        .into_iter()
        .map(|(bytes, f, g)| {
            let e = explain(m, f, g);
            let (rule, detail) = e
                .difference
                .as_ref()
                .map_or((String::new(), String::new()), |d| {
                    (d.rule.clone(), d.detail.clone())
                });
            NearMiss {
                left: info[&f].name.clone(),
                right: info[&g].name.clone(),
                left_demangled: info[&f].demangled.clone(),
                right_demangled: info[&g].demangled.clone(),
                bytes,
                rule,
                detail,
                verdict: e.to_string(),
            }
        })
        .collect()
}

/// Union-find over names.
#[derive(Default)]
struct UnionFind {
    parent: FxHashMap<String, String>,
}

impl UnionFind {
    fn find(&mut self, x: &str) -> String {
        let mut root = x.to_owned();
        while let Some(p) = self.parent.get(&root) {
            if *p == root {
                break;
            }
            root = p.clone();
        }
        // Path compression.
        let mut cur = x.to_owned();
        while cur != root {
            let next = self
                .parent
                .insert(cur, root.clone())
                .unwrap_or_else(|| root.clone());
            cur = next;
        }
        root
    }

    fn union(&mut self, a: &str, b: &str) {
        for x in [a, b] {
            self.parent
                .entry(x.to_owned())
                .or_insert_with(|| x.to_owned());
        }
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent.insert(ra, rb);
        }
    }

    fn names(&self) -> Vec<String> {
        self.parent.keys().cloned().collect()
    }
}

/// The readable name of a mangled symbol: Rust (legacy `_ZN..17h<hash>E` and v0 `_R`) and
/// Itanium C++ (`_Z`); `None` for anything else (C names, or names that do not demangle).
pub fn demangle(name: &str) -> Option<String> {
    if name.starts_with("_R") || (name.starts_with("_ZN") && is_rust_legacy(name)) {
        if let Ok(d) = rustc_demangle::try_demangle(name) {
            // `{:#}`: without the hash suffix.
            return Some(format!("{d:#}"));
        }
    }
    if name.starts_with("_Z") {
        let sym = cpp_demangle::Symbol::new(name).ok()?;
        return sym.demangle().ok();
    }
    None
}

/// Legacy Rust symbols end in a hash path segment, `17h` and 16 hex digits, before the `E`.
fn is_rust_legacy(name: &str) -> bool {
    let base = name.split('.').next().unwrap_or(name);
    base.len() > 21 && {
        let tail = &base[base.len() - 20..];
        tail.starts_with("17h")
            && tail.ends_with('E')
            && tail[3..19].bytes().all(|b| b.is_ascii_hexdigit())
    }
}

/// What the copies of one template or generic have in common: the demangled name without its
/// parameter list and with every template/generic argument list reduced to `<_>`, except the
/// `<T as Trait>` of a Rust qualified path, whose parts are reduced in turn.
pub fn origin(demangled: &str) -> String {
    let name = strip_parameters(demangled);
    let b = name.as_bytes();
    let mut out = String::with_capacity(name.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let follows_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if c == b'<' && follows_ident && !name[..i].ends_with("operator") {
            match matching(b, i, b'<', b'>') {
                Some(end) => {
                    out.push_str("<_>");
                    i = end + 1;
                    continue;
                }
                None => return name.to_owned(),
            }
        }
        out.push(c as char);
        i += 1;
    }
    // Non-ASCII bytes were pushed one by one above: rebuild from the original when present.
    if !name.is_ascii() {
        return name.to_owned();
    }
    without_return_type(&out).to_owned()
}

/// A C++ function template's demangled name starts with its return type
/// (`unsigned long count<_>`): the name is what follows the last space outside brackets.
fn without_return_type(s: &str) -> &str {
    if s.contains("operator") {
        return s;
    }
    let mut depth = 0i32;
    let mut cut = None;
    for (i, c) in s.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            ' ' if depth == 0 => cut = Some(i),
            _ => {}
        }
    }
    cut.map_or(s, |i| &s[i + 1..])
}

/// `a::b(int, char*) const` → `a::b`; names without a parameter list are returned whole.
fn strip_parameters(s: &str) -> &str {
    let t = s
        .trim_end_matches(" const")
        .trim_end_matches(" volatile")
        .trim_end_matches(" &&")
        .trim_end_matches(" &");
    if !t.ends_with(')') {
        return s;
    }
    let b = t.as_bytes();
    let mut depth = 0i32;
    for i in (0..b.len()).rev() {
        match b[i] {
            b')' => depth += 1,
            b'(' => {
                depth -= 1;
                if depth == 0 {
                    let head = &t[..i];
                    // `operator()` is a name, not a parameter list.
                    if head.ends_with("operator") {
                        return t;
                    }
                    return if head.is_empty() { s } else { head };
                }
            }
            _ => {}
        }
    }
    s
}

/// The index of the bracket closing the one at `open`, if balanced.
fn matching(b: &[u8], open: usize, l: u8, r: u8) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in b.iter().enumerate().skip(open) {
        if c == l {
            depth += 1;
        } else if c == r {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// The table for people: a summary line, then the `limit` groups saving most (0: all).
pub fn table(d: &Dups, limit: usize) -> String {
    let mut s = String::new();
    let pct = |x: u64| {
        if d.bytes_total == 0 {
            0.0
        } else {
            100.0 * x as f64 / d.bytes_total as f64
        }
    };
    let _ = writeln!(
        s,
        "{}: {} function definitions, ~{} estimated bytes of code",
        d.module,
        d.definitions,
        thousands(d.bytes_total)
    );
    let _ = writeln!(
        s,
        "{} are copies of another, in {} groups: merging saves ~{} bytes ({:.1}%)\n",
        d.copies,
        d.groups.len(),
        thousands(d.bytes_saved),
        pct(d.bytes_saved)
    );
    if d.groups.is_empty() {
        let _ = writeln!(s, "No duplicate functions.");
        return s;
    }
    let _ = writeln!(
        s,
        "{:>9} {:>6} {:>6} {:>6} {:>6}  Origin / functions",
        "Saved", "%", "Copies", "Insts", "Bytes"
    );
    let shown = if limit == 0 {
        d.groups.len()
    } else {
        limit.min(d.groups.len())
    };
    for g in &d.groups[..shown] {
        let mut mark = String::new();
        if g.other_origins > 0 {
            let _ = write!(mark, " (+{} other origins)", g.other_origins);
        }
        if g.kind == "similar" {
            mark.push_str(" (similar)");
        }
        let _ = writeln!(
            s,
            "{:>9} {:>5.1}% {:>6} {:>6} {:>6}  {}{}",
            thousands(g.bytes_saved),
            pct(g.bytes_saved),
            g.copies,
            g.instructions,
            thousands(g.bytes_each),
            g.origin,
            mark
        );
        for m in g.functions.iter().take(3) {
            let _ = writeln!(s, "{:>40}  {} [{}]", "", m.demangled, m.fate);
        }
        if g.functions.len() > 3 {
            let _ = writeln!(s, "{:>40}  ... {} more", "", g.functions.len() - 3);
        }
    }
    if shown < d.groups.len() {
        let rest: u64 = d.groups[shown..].iter().map(|g| g.bytes_saved).sum();
        let _ = writeln!(
            s,
            "\n{} more groups save ~{} bytes (--limit 0 shows all)",
            d.groups.len() - shown,
            thousands(rest)
        );
    }
    s
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let groups: Vec<&str> = digits
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|c| std::str::from_utf8(c).unwrap_or(""))
        .collect();
    groups.join(",")
}

/// A self-contained HTML page (no network): the data as JSON, rendered by a small script into
/// a sortable, filterable table of groups whose rows open to their functions, and the near
/// misses with the comparator's verdict.
pub fn html(d: &Dups) -> String {
    let json = serde_json::to_string(d).unwrap_or_else(|_| "{}".to_owned());
    // Inside <script>, only `</` can end the element early; `<\/` means the same to JSON.
    let json = json.replace("</", "<\\/");
    let title = escape_html(&d.module);
    HTML_TEMPLATE
        .replace("{{TITLE}}", &title)
        .replace("{{DATA}}", &json)
}

fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const HTML_TEMPLATE: &str = include_str!("dups.html");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demangles_cpp_and_rust() {
        assert_eq!(
            demangle("_ZN5StackIP1AE4pushES1_").as_deref(),
            Some("Stack<A*>::push(A*)")
        );
        assert_eq!(
            demangle("_ZN4core3ptr13drop_in_place17h0123456789abcdefE").as_deref(),
            Some("core::ptr::drop_in_place")
        );
        assert_eq!(demangle("main"), None);
        assert_eq!(demangle("_Znot a symbol"), None);
    }

    #[test]
    fn origins_drop_arguments_and_parameters() {
        assert_eq!(origin("Stack<A*>::push(A*)"), "Stack<_>::push");
        assert_eq!(
            origin("std::vector<int, std::allocator<int> >::push_back(int const&)"),
            "std::vector<_>::push_back"
        );
        assert_eq!(
            origin("<alloc::vec::Vec<T> as core::ops::drop::Drop>::drop"),
            "<alloc::vec::Vec<_> as core::ops::drop::Drop>::drop"
        );
        assert_eq!(
            origin("core::ptr::drop_in_place<alloc::string::String>"),
            "core::ptr::drop_in_place<_>"
        );
        assert_eq!(
            origin("Foo<int>::operator()(int) const"),
            "Foo<_>::operator()"
        );
        assert_eq!(origin("bool operator< <A>(A, A)"), "bool operator< <A>");
        assert_eq!(origin("plain_c_name"), "plain_c_name");
        assert_eq!(
            origin("unsigned long count_nonzero<A*>(Stack<A*> const&)"),
            "count_nonzero<_>"
        );
        assert_eq!(
            origin("A** std::copy<A**, A**>(A**, A**, A**)"),
            "std::copy<_>"
        );
        assert_eq!(origin("unbalanced<"), "unbalanced<");
    }

    #[test]
    fn union_find_joins_chains() {
        let mut u = UnionFind::default();
        u.union("a", "p");
        u.union("b", "p");
        u.union("c", "d");
        assert_eq!(u.find("a"), u.find("b"));
        assert_ne!(u.find("a"), u.find("c"));
        assert_eq!(u.names().len(), 5);
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
