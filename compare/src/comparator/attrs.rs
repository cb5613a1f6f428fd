//! `cmp_attrs`: attribute lists as LLVM 22 holds them in memory.
//!
//! LLVM has no attribute groups in memory, sorts each attribute set (enum attributes by kind
//! number, then string attributes by key), and upgrades a few legacy spellings when parsing.
//! So a list is first rebuilt that way ([`AttrSets`]): groups expanded (a group's attribute
//! replaces an inline one of the same kind), `nocapture` read as `captures(none)`, function-level
//! `readnone`/`readonly`/`writeonly` folded into `memory(...)`, integer attributes decoded to
//! LLVM's integer values (`align 8` and `align(8)` are one attribute), then sorted.

use super::{FunctionComparator, TyRef};
use mergefn_ir::{ApInt, Attr, AttrList, AttrSet, Module, Type};
use std::cmp::Ordering;
use std::sync::Arc;

/// `Attribute::AttrKind` of every LLVM 22 attribute keyword, in enum order (index + 1).
const KINDS: [&str; 101] = [
    "allocalign",
    "allocptr",
    "alwaysinline",
    "builtin",
    "cold",
    "convergent",
    "coro_only_destroy_when_complete",
    "coro_elide_safe",
    "dead_on_return",
    "dead_on_unwind",
    "disable_sanitizer_instrumentation",
    "fn_ret_thunk_extern",
    "hot",
    "hybrid_patchable",
    "immarg",
    "inreg",
    "inlinehint",
    "jumptable",
    "minsize",
    "mustprogress",
    "naked",
    "nest",
    "noalias",
    "nobuiltin",
    "nocallback",
    "nocf_check",
    "no_create_undef_or_poison",
    "nodivergencesource",
    "noduplicate",
    "noext",
    "nofree",
    "noimplicitfloat",
    "noinline",
    "nomerge",
    "noprofile",
    "norecurse",
    "noredzone",
    "noreturn",
    "nosanitize_bounds",
    "nosanitize_coverage",
    "nosync",
    "noundef",
    "nounwind",
    "nonlazybind",
    "nonnull",
    "null_pointer_is_valid",
    "optforfuzzing",
    "optdebug",
    "optsize",
    "optnone",
    "presplitcoroutine",
    "readnone",
    "readonly",
    "returned",
    "returns_twice",
    "signext",
    "safestack",
    "sanitize_address",
    "sanitize_alloc_token",
    "sanitize_hwaddress",
    "sanitize_memtag",
    "sanitize_memory",
    "sanitize_numerical_stability",
    "sanitize_realtime",
    "sanitize_realtime_blocking",
    "sanitize_thread",
    "sanitize_type",
    "shadowcallstack",
    "skipprofile",
    "speculatable",
    "speculative_load_hardening",
    "ssp",
    "sspreq",
    "sspstrong",
    "strictfp",
    "swiftasync",
    "swifterror",
    "swiftself",
    "willreturn",
    "writable",
    "writeonly",
    "zeroext",
    "byref",
    "byval",
    "elementtype",
    "inalloca",
    "preallocated",
    "sret",
    "align",
    "allockind",
    "allocsize",
    "captures",
    "dereferenceable",
    "dereferenceable_or_null",
    "memory",
    "nofpclass",
    "alignstack",
    "uwtable",
    "vscale_range",
    "range",
    "initializes",
];
const FIRST_TYPE_KIND: u32 = 83;
const LAST_TYPE_KIND: u32 = 88;
const FIRST_INT_KIND: u32 = 89;
const RANGE_KIND: u32 = 100;
const RANGE_LIST_KIND: u32 = 101;
/// Words LLVM 22 does not know as attributes sort after all of its kinds, by text.
const UNKNOWN_KIND: u32 = 1000;
/// String attributes sort after every enum attribute.
const STRING_KIND: u32 = u32::MAX;

const MEMORY_KIND: u32 = 95;
const CAPTURES_KIND: u32 = 92;
/// `MemoryEffects` with every location (6 in LLVM 22) at `readwrite`.
const MEMORY_UNKNOWN: u64 = 0xfff;

fn kind_number(word: &str) -> u32 {
    static SORTED: std::sync::OnceLock<Vec<(&str, u32)>> = std::sync::OnceLock::new();
    let sorted = SORTED.get_or_init(|| {
        let mut v: Vec<(&str, u32)> = KINDS
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, i as u32 + 1))
            .collect();
        v.sort_unstable();
        v
    });
    sorted
        .binary_search_by_key(&word, |&(k, _)| k)
        .map_or(UNKNOWN_KIND, |i| sorted[i].1)
}

/// A `ConstantRange` attribute bound pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Range {
    lo: ApInt,
    hi: ApInt,
}

/// The value of one attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    Enum,
    Int(u64),
    Type(Option<Type>),
    Range(Range),
    RangeList(Vec<Range>),
    Str(Arc<str>, Arc<str>),
    /// An integer or unknown attribute whose text we could not decode: compared as text.
    Text(Arc<str>),
}

/// One attribute in LLVM's in-memory form.
#[derive(Clone, Debug)]
pub(crate) struct CanonAttr {
    kind: u32,
    value: Value,
    /// The attribute as written, for explanations (`None` for an upgraded `memory`).
    source: Option<Attr>,
}

impl CanonAttr {
    /// Whether a shared body may drop this attribute ([`crate::similar::droppable`]); an
    /// upgraded legacy `readnone`/`readonly`/`writeonly` is a `memory(...)`.
    fn droppable(&self) -> bool {
        self.kind == MEMORY_KIND || self.source.as_ref().is_some_and(crate::similar::droppable)
    }

    fn text(&self) -> String {
        match (&self.source, &self.value) {
            (Some(a), _) => attr_text(a),
            (None, Value::Int(v)) => format!("memory(0x{v:x})"),
            (None, _) => String::new(),
        }
    }
}

/// The attribute sets of a list in LLVM's storage order (function, return, parameters), as
/// written; LLVM drops trailing empty sets, so `getNumAttrSets()` is [`num_sets`].
fn set_at(list: &AttrList, i: usize) -> Option<&AttrSet> {
    match i {
        0 => Some(&list.func),
        1 => Some(&list.ret),
        n => list.params.get(n - 2),
    }
}

fn num_sets(m: &Module, list: &AttrList) -> usize {
    let empty = |s: &AttrSet| {
        s.attrs.is_empty()
            && s.groups
                .iter()
                .all(|g| m.attr_groups.get(g).is_none_or(|a| a.is_empty()))
    };
    (0..list.params.len() + 2)
        .rev()
        .find(|&i| set_at(list, i).is_some_and(|s| !empty(s)))
        .map_or(0, |i| i + 1)
}

fn set_name(i: usize) -> String {
    match i {
        0 => "function attributes".into(),
        1 => "return attributes".into(),
        n => format!("attributes of parameter {}", n - 2),
    }
}

/// One attribute set in LLVM's form: inline attributes, then the groups' (a later attribute of
/// a kind replaces an earlier one), legacy spellings upgraded, sorted in LLVM's order.
pub(crate) fn canon_set(m: &Module, set: &AttrSet, function_level: bool) -> Vec<CanonAttr> {
    let groups = set
        .groups
        .iter()
        .filter_map(|g| m.attr_groups.get(g))
        .flatten();
    let mut out: Vec<CanonAttr> = set.attrs.iter().chain(groups).map(canon_attr).collect();
    // A stable sort keeps same-kind attributes in writing order; keep the last of each run.
    out.sort_by(|a, b| identity(a).cmp(&identity(b)));
    out.dedup_by(|later, earlier| {
        let same = identity(later) == identity(earlier);
        if same {
            std::mem::swap(later, earlier);
        }
        same
    });
    if function_level {
        upgrade_memory(&mut out);
    }
    out
}

/// What makes two attributes "the same attribute" in a set: the kind, and for string and
/// unknown attributes the key or text. Sorting by it is LLVM's attribute order once each
/// identity occurs once.
fn identity(a: &CanonAttr) -> (u32, &str) {
    match &a.value {
        Value::Str(k, _) => (a.kind, k),
        Value::Text(t) if a.kind == UNKNOWN_KIND => (a.kind, t),
        _ => (a.kind, ""),
    }
}

/// Function-level `readnone`/`readonly`/`writeonly` are `memory(none|read|write)` in LLVM 22,
/// and `argmemonly`/`inaccessiblememonly`/`inaccessiblemem_or_argmemonly` are
/// `memory(argmem: readwrite)`, `memory(inaccessiblemem: readwrite)` and both: each
/// intersected with the others and with any `memory(...)` present, as LLParser upgrades them.
fn upgrade_memory(set: &mut Vec<CanonAttr>) {
    // Two bits per location; `argmem` is the first location, `inaccessiblemem` the second.
    let legacy = |a: &CanonAttr| match (a.kind, &a.value) {
        (52, _) => Some(0),
        (53, _) => Some(0x555),
        (81, _) => Some(0xaaa),
        (UNKNOWN_KIND, Value::Text(t)) => match &**t {
            "argmemonly" => Some(0x3),
            "inaccessiblememonly" => Some(0xc),
            "inaccessiblemem_or_argmemonly" => Some(0xf),
            _ => None,
        },
        _ => None,
    };
    if !set.iter().any(|a| legacy(a).is_some()) {
        return;
    }
    let mut effects = MEMORY_UNKNOWN;
    for a in set.iter() {
        match (legacy(a), &a.value) {
            (Some(e), _) => effects &= e,
            (None, Value::Int(v)) if a.kind == MEMORY_KIND => effects &= v,
            _ => {}
        }
    }
    set.retain(|a| legacy(a).is_none() && a.kind != MEMORY_KIND);
    let at = set.partition_point(|a| a.kind < MEMORY_KIND);
    set.insert(
        at,
        CanonAttr {
            kind: MEMORY_KIND,
            value: Value::Int(effects),
            source: None,
        },
    );
}

fn canon_attr(a: &Attr) -> CanonAttr {
    let (kind, value) = match a {
        Attr::Str(k, v) => (
            STRING_KIND,
            Value::Str((**k).into(), v.as_deref().unwrap_or("").into()),
        ),
        Attr::Type(k, t) => (kind_number(k), Value::Type(Some(*t))),
        Attr::Other(text) => {
            let word = a.kind();
            let args = text[word.len()..].trim_start_matches([' ', '=']).trim();
            let args = args
                .strip_prefix('(')
                .and_then(|s| s.strip_suffix(')'))
                .unwrap_or(args)
                .trim();
            match word {
                "nocapture" => (CAPTURES_KIND, Value::Int(0)),
                _ => {
                    let kind = kind_number(word);
                    let value = match kind {
                        FIRST_TYPE_KIND..=LAST_TYPE_KIND => Value::Type(None),
                        RANGE_KIND => {
                            parse_range(args).map_or(Value::Text((**text).into()), Value::Range)
                        }
                        RANGE_LIST_KIND => parse_range_list(args)
                            .map_or(Value::Text((**text).into()), Value::RangeList),
                        FIRST_INT_KIND..RANGE_KIND => parse_int_attr(word, args)
                            .map_or(Value::Text((**text).into()), Value::Int),
                        UNKNOWN_KIND => Value::Text((**text).into()),
                        _ => Value::Enum,
                    };
                    (kind, value)
                }
            }
        }
    };
    CanonAttr {
        kind,
        value,
        source: Some(a.clone()),
    }
}

fn attr_text(a: &Attr) -> String {
    match a {
        Attr::Other(t) => t.to_string(),
        Attr::Type(k, _) => format!("{k}(...)"),
        Attr::Str(k, None) => format!("\"{k}\""),
        Attr::Str(k, Some(v)) => format!("\"{k}\"=\"{v}\""),
    }
}

/// LLVM's integer encoding of an integer attribute's argument text.
fn parse_int_attr(word: &str, args: &str) -> Option<u64> {
    let num = |s: &str| s.trim().parse::<u64>().ok();
    let pair = |s: &str| -> Option<(u64, Option<u64>)> {
        let mut it = s.split(',');
        let a = num(it.next()?)?;
        let b = match it.next() {
            Some(b) => Some(num(b)?),
            None => None,
        };
        Some((a, b))
    };
    match word {
        "align" | "alignstack" | "dereferenceable" | "dereferenceable_or_null" => num(args),
        "uwtable" => match args {
            "" | "async" => Some(2),
            "sync" => Some(1),
            _ => None,
        },
        "allocsize" => pair(args).map(|(a, b)| (a << 32) | b.unwrap_or(0xffff_ffff)),
        "vscale_range" => pair(args).map(|(a, b)| (a << 32) | b.unwrap_or(a)),
        "allockind" => args.trim_matches('"').split(',').try_fold(0u64, |acc, w| {
            let bit = match w.trim() {
                "alloc" => 1,
                "realloc" => 2,
                "free" => 4,
                "uninitialized" => 8,
                "zeroed" => 16,
                "aligned" => 32,
                _ => return None,
            };
            Some(acc | bit)
        }),
        "memory" => parse_memory(args),
        "captures" => parse_captures(args),
        "nofpclass" => parse_fpclass(args),
        _ => None,
    }
}

/// `MemoryEffects`: two bits (ref, mod) per location, starting from `none`; an unlabelled
/// access kind sets every location, `loc: kind` one.
fn parse_memory(args: &str) -> Option<u64> {
    let mut effects = 0u64;
    for item in args.split(',') {
        let (loc, kind) = match item.split_once(':') {
            Some((l, k)) => (Some(l.trim()), k.trim()),
            None => (None, item.trim()),
        };
        let mr = match kind {
            "none" => 0,
            "read" => 1,
            "write" => 2,
            "readwrite" => 3,
            _ => return None,
        };
        match loc {
            None => effects = (0..6).fold(0, |e, l| e | (mr << (2 * l))),
            Some(l) => {
                let l = match l {
                    "argmem" => 0,
                    "inaccessiblemem" => 1,
                    "errnomem" => 2,
                    "target_mem0" => 4,
                    "target_mem1" => 5,
                    _ => return None,
                };
                effects = (effects & !(3 << (2 * l))) | (mr << (2 * l));
            }
        }
    }
    Some(effects)
}

/// `CaptureInfo`: components for everything but the return value in the high nibble, for the
/// return value in the low one; `captures(X)` means both, `captures(X, ret: Y)` splits them.
fn parse_captures(args: &str) -> Option<u64> {
    let component = |w: &str| -> Option<u64> {
        Some(match w.trim() {
            "none" => 0,
            "address_is_null" => 1,
            "address" => 3,
            "read_provenance" => 4,
            "provenance" => 12,
            _ => return None,
        })
    };
    let (other, ret) = match args.split_once("ret:") {
        Some((o, r)) => (o.trim().trim_end_matches(','), Some(r)),
        None => (args, None),
    };
    let fold = |s: &str| {
        s.split(',')
            .filter(|w| !w.trim().is_empty())
            .try_fold(0u64, |acc, w| Some(acc | component(w)?))
    };
    let other = fold(other)?;
    let ret = match ret {
        Some(r) => fold(r)?,
        None => other,
    };
    Some((other << 4) | ret)
}

/// `FPClassTest` bits of a `nofpclass` list (names or a number).
fn parse_fpclass(args: &str) -> Option<u64> {
    args.split_whitespace().try_fold(0u64, |acc, w| {
        let bits = match w {
            "all" => 0x3ff,
            "nan" => 0x3,
            "snan" => 0x1,
            "qnan" => 0x2,
            "inf" => 0x204,
            "ninf" => 0x4,
            "pinf" => 0x200,
            "norm" => 0x108,
            "nnorm" => 0x8,
            "pnorm" => 0x100,
            "sub" => 0x90,
            "nsub" => 0x10,
            "psub" => 0x80,
            "zero" => 0x60,
            "nzero" => 0x20,
            "pzero" => 0x40,
            n => n.parse().ok()?,
        };
        Some(acc | bits)
    })
}

/// `range(iN lo, hi)`.
fn parse_range(args: &str) -> Option<Range> {
    let (ty, rest) = args.split_once(' ')?;
    let bits: u32 = ty.strip_prefix('i')?.parse().ok()?;
    let (lo, hi) = rest.split_once(',')?;
    Some(Range {
        lo: ApInt::parse_decimal(bits, lo.trim())?,
        hi: ApInt::parse_decimal(bits, hi.trim())?,
    })
}

/// `initializes((lo, hi), ...)`: 64-bit ranges.
fn parse_range_list(args: &str) -> Option<Vec<Range>> {
    args.split(')')
        .map(|p| p.trim_start_matches([',', ' ', '(']).trim())
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (lo, hi) = p.split_once(',')?;
            Some(Range {
                lo: ApInt::parse_decimal(64, lo.trim())?,
                hi: ApInt::parse_decimal(64, hi.trim())?,
            })
        })
        .collect()
}

/// `Attribute::operator<`: enum-kind attributes before string ones; by kind number; integer
/// attributes of one kind by value; string attributes by key, then value.
fn attr_order(a: &CanonAttr, b: &CanonAttr) -> Ordering {
    a.kind
        .cmp(&b.kind)
        .then_with(|| match (&a.value, &b.value) {
            (Value::Int(x), Value::Int(y)) => x.cmp(y),
            (Value::Int(_), Value::Text(_)) => Ordering::Less,
            (Value::Text(_), Value::Int(_)) => Ordering::Greater,
            (Value::Text(x), Value::Text(y)) => x.cmp(y),
            (Value::Str(k1, v1), Value::Str(k2, v2)) => k1.cmp(k2).then(v1.cmp(v2)),
            _ => Ordering::Equal,
        })
}

impl<'m, 'g> FunctionComparator<'m, 'g> {
    /// Attribute lists (LLVM's `cmpAttrs`): the number of sets, then set by set in storage
    /// order, attribute by attribute in each set's sorted order: type attributes of one kind by
    /// [`cmp_types`](Self::cmp_types), range attributes by their bounds, everything else by
    /// `Attribute::operator<`; a set with attributes left over is greater.
    pub(crate) fn cmp_attrs(
        &mut self,
        l: &'m AttrList,
        r: &'m AttrList,
        what: &'static str,
    ) -> Ordering {
        // Call sites of a parsed module share equal lists: most pairs are the same list.
        if std::ptr::eq(l, r) || l == r {
            return Ordering::Equal;
        }
        let m = self.m;
        let (na, nb) = (num_sets(m, l), num_sets(m, r));
        let lenient = self.drop_droppable_attrs;
        if na != nb && !lenient {
            return self.decided(na.cmp(&nb), "cmp_attrs", |_| {
                format!("{what}: {na} vs {nb} attribute sets")
            });
        }
        let empty = AttrSet::default();
        for i in 0..na.max(nb) {
            let (wa, wb) = (
                set_at(l, i).unwrap_or(&empty),
                set_at(r, i).unwrap_or(&empty),
            );
            if wa == wb {
                continue;
            }
            let (mut sa, mut sb) = (
                self.numbers.canon_attrs(m, wa, i == 0),
                self.numbers.canon_attrs(m, wb, i == 0),
            );
            if lenient {
                // A shared body keeps only the attributes every member has: set aside those
                // it may drop, compare the rest.
                let keep = |s: &std::sync::Arc<[CanonAttr]>| -> std::sync::Arc<[CanonAttr]> {
                    s.iter().filter(|a| !a.droppable()).cloned().collect()
                };
                (sa, sb) = (keep(&sa), keep(&sb));
            }
            for (x, y) in sa.iter().zip(sb.iter()) {
                let o = self.cmp_attr(x, y);
                if o.is_ne() {
                    return self.decided(o, "cmp_attrs", |_| {
                        format!("{what} {}: `{}` vs `{}`", set_name(i), x.text(), y.text())
                    });
                }
            }
            let o = sa.len().cmp(&sb.len());
            if o.is_ne() {
                let extra = if o.is_gt() {
                    sa[sb.len()].text()
                } else {
                    sb[sa.len()].text()
                };
                return self.decided(o, "cmp_attrs", |_| {
                    format!("{what} {}: only one side has `{extra}`", set_name(i))
                });
            }
        }
        Ordering::Equal
    }

    fn cmp_attr(&mut self, x: &CanonAttr, y: &CanonAttr) -> Ordering {
        match (&x.value, &y.value) {
            (Value::Type(a), Value::Type(b)) => {
                if x.kind != y.kind {
                    return x.kind.cmp(&y.kind);
                }
                match (a, b) {
                    (Some(a), Some(b)) => {
                        self.quietly(|s| s.cmp_types(TyRef::Id(*a), TyRef::Id(*b)))
                    }
                    (a, b) => a.is_some().cmp(&b.is_some()),
                }
            }
            (Value::Range(a), Value::Range(b)) => {
                x.kind.cmp(&y.kind).then_with(|| self.cmp_ranges(a, b))
            }
            (Value::RangeList(a), Value::RangeList(b)) => x
                .kind
                .cmp(&y.kind)
                .then(a.len().cmp(&b.len()))
                .then_with(|| {
                    a.iter()
                        .zip(b)
                        .map(|(p, q)| self.cmp_ranges(p, q))
                        .find(|o| o.is_ne())
                        .unwrap_or(Ordering::Equal)
                }),
            _ => attr_order(x, y),
        }
    }

    /// Constant ranges: lower bound, then upper bound, each by `cmp_apints`.
    fn cmp_ranges(&self, a: &Range, b: &Range) -> Ordering {
        self.cmp_apints(&a.lo, &b.lo)
            .then_with(|| self.cmp_apints(&a.hi, &b.hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_attributes_decode_like_llvm() {
        assert_eq!(parse_memory("none"), Some(0));
        assert_eq!(parse_memory("read"), Some(0x555));
        assert_eq!(parse_memory("argmem: readwrite"), Some(3));
        assert_eq!(parse_memory("read, argmem: write"), Some(0x554 | 2));
        assert_eq!(parse_captures("none"), Some(0));
        assert_eq!(
            parse_captures("address, ret: address, provenance"),
            Some((3 << 4) | 15)
        );
        assert_eq!(parse_captures("ret: address"), Some(3));
        assert_eq!(parse_fpclass("nan inf"), Some(0x207));
        assert_eq!(parse_int_attr("allocsize", "0"), Some(0xffff_ffff));
        assert_eq!(parse_int_attr("allocsize", "0, 1"), Some(1));
        assert_eq!(parse_int_attr("allockind", "\"alloc,zeroed\""), Some(17));
        assert_eq!(
            parse_range_list("(0, 4), (8, 12)").map(|v| v.len()),
            Some(2)
        );
    }
}
