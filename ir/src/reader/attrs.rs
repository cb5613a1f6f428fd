//! Attributes: `attributes #N = { ... }` groups, and the attribute lists of functions,
//! parameters, return values and call sites (with LLVM's keyword list, [`ATTR_WORDS`]).

use super::{token_offset, PResult, Parser};
use crate::attr::{Attr, AttrSet};
use crate::lexer::Tok;
use crate::types::TypeData;

/// Whether `w` is one of LLVM's attribute keywords ([`ATTR_WORDS`]; the verifier asks it of
/// an assumption's operand bundle tags).
pub(crate) fn is_attribute_keyword(w: &str) -> bool {
    ATTR_WORDS.binary_search(&w).is_ok()
}

/// Attribute keywords of LLVM 22 plus the LLVM ≤ 14 ones it dropped (kept sorted for readers).
const ATTR_WORDS: &[&str] = &[
    "align",
    "alignstack",
    "allocalign",
    "allockind",
    "allocptr",
    "allocsize",
    "alwaysinline",
    "argmemonly",
    "builtin",
    "byref",
    "byval",
    "captures",
    "cold",
    "convergent",
    "coro_elide_safe",
    "coro_only_destroy_when_complete",
    "dead_on_return",
    "dead_on_unwind",
    "dereferenceable",
    "dereferenceable_or_null",
    "disable_sanitizer_instrumentation",
    "elementtype",
    "fn_ret_thunk_extern",
    "hot",
    "hybrid_patchable",
    "immarg",
    "inaccessiblemem_or_argmemonly",
    "inaccessiblememonly",
    "inalloca",
    "initializes",
    "inlinehint",
    "inreg",
    "jumptable",
    "memory",
    "minsize",
    "mustprogress",
    "naked",
    "nest",
    "no_sanitize_address",
    "no_sanitize_hwaddress",
    "noalias",
    "nobuiltin",
    "nocallback",
    "nocapture",
    "nocf_check",
    "nocreateundeforpoison",
    "nodivergencesource",
    "noduplicate",
    "noext",
    "nofpclass",
    "nofree",
    "noimplicitfloat",
    "noinline",
    "nomerge",
    "nonlazybind",
    "nonnull",
    "noprofile",
    "norecurse",
    "noredzone",
    "noreturn",
    "nosanitize_bounds",
    "nosanitize_coverage",
    "nosync",
    "noundef",
    "nounwind",
    "null_pointer_is_valid",
    "optdebug",
    "optforfuzzing",
    "optnone",
    "optsize",
    "preallocated",
    "presplitcoroutine",
    "range",
    "readnone",
    "readonly",
    "returned",
    "returns_twice",
    "safestack",
    "sanitize_address",
    "sanitize_address_dyninit",
    "sanitize_alloc_token",
    "sanitize_hwaddress",
    "sanitize_memory",
    "sanitize_memtag",
    "sanitize_numerical_stability",
    "sanitize_realtime",
    "sanitize_realtime_blocking",
    "sanitize_thread",
    "sanitize_type",
    "shadowcallstack",
    "signext",
    "skipprofile",
    "speculatable",
    "speculative_load_hardening",
    "sret",
    "ssp",
    "sspreq",
    "sspstrong",
    "strictfp",
    "swiftasync",
    "swifterror",
    "swiftself",
    "uwtable",
    "vscale_range",
    "willreturn",
    "writable",
    "writeonly",
    "zeroext",
];

/// Attributes that take an argument in parentheses (`dereferenceable(8)`, `memory(none)`,
/// `byval(%T)`, ...): LLVM 22's parser requires it. `align` may also be written `align 8`, and
/// `align` and `alignstack` as `align=8` in an attribute group; `uwtable` takes one optionally;
/// every other attribute takes none.
const ARG_ATTRS: [&str; 18] = [
    "align",
    "alignstack",
    "allockind",
    "allocsize",
    "byref",
    "byval",
    "captures",
    "dereferenceable",
    "dereferenceable_or_null",
    "elementtype",
    "inalloca",
    "initializes",
    "memory",
    "nofpclass",
    "preallocated",
    "range",
    "sret",
    "vscale_range",
];

/// Where an attribute is written, for LLVM's "this attribute does not apply to ..." checks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum AttrPos {
    /// A function header's attributes (after the parameter list).
    Function,
    /// A call site's function attributes (after the argument list).
    CallSite,
    /// `attributes #N = { ... }`: function attributes, shared.
    Group,
    /// Before a function's or call's return type.
    Return,
    /// After a parameter's or argument's type.
    Param,
    /// Anywhere else (a global variable's attributes, skipped attributes): no check.
    Other,
}

const FN: u8 = 1;
const PARAM: u8 = 2;
const RET: u8 = 4;

/// The attribute takes a type in parentheses ([`TYPE_ATTRS`]).
const TYPED: u8 = 8;
/// The attribute takes an argument in parentheses ([`ARG_ATTRS`]).
const ARG: u8 = 16;

/// What the reader needs to know of attribute keyword `w`, `None` if `w` is no attribute
/// keyword: where LLVM 22 lets it stand (`FN`, `PARAM`, `RET`: its `FnAttr`, `ParamAttr`,
/// `RetAttr` properties; attributes LLVM 22 upgrades when read, `readnone` on a function
/// becoming `memory(none)` and `nocapture` `captures(none)`, count where they are upgraded
/// from), whether it is [`TYPED`] and whether it takes an [`ARG`];
/// one hash for all of it, as this runs for every attribute of every call and function
/// header.
fn attr_info(w: &str) -> Option<u8> {
    static INFO: std::sync::OnceLock<rustc_hash::FxHashMap<&'static str, u8>> =
        std::sync::OnceLock::new();
    let map = INFO.get_or_init(|| {
        (ATTR_WORDS.iter())
            .map(|&a| {
                let typed = if TYPE_ATTRS.contains(&a) { TYPED } else { 0 };
                let arg = if ARG_ATTRS.contains(&a) { ARG } else { 0 };
                (a, attr_places_of(a) | typed | arg)
            })
            .collect()
    });
    map.get(w).copied()
}

fn attr_places_of(w: &str) -> u8 {
    match w {
        "align"
        | "dereferenceable"
        | "dereferenceable_or_null"
        | "inreg"
        | "noalias"
        | "noext"
        | "nofpclass"
        | "nonnull"
        | "noundef"
        | "range"
        | "signext"
        | "zeroext" => PARAM | RET,
        "allocalign" | "allocptr" | "byref" | "byval" | "captures" | "dead_on_return"
        | "dead_on_unwind" | "elementtype" | "immarg" | "inalloca" | "initializes" | "nest"
        | "nocapture" | "returned" | "sret" | "swiftasync" | "swifterror" | "swiftself"
        | "writable" => PARAM,
        "alignstack" | "nofree" | "preallocated" | "readnone" | "readonly" | "writeonly" => {
            FN | PARAM
        }
        _ if ATTR_WORDS.binary_search(&w).is_ok() => FN,
        _ => FN | PARAM | RET,
    }
}

const TYPE_ATTRS: [&str; 6] = [
    "byval",
    "byref",
    "sret",
    "inalloca",
    "preallocated",
    "elementtype",
];

impl<'a> Parser<'a> {
    pub(super) fn attr_group(&mut self) -> PResult<()> {
        let at = token_offset(self.tok);
        self.bump();
        let g = self.expect(Tok::AttrGroup, "'#N'")?;
        let id: u32 = self
            .text(g)
            .parse()
            .or_else(|_| self.error_at(g.start, "attribute group number out of range"))?;
        self.expect(Tok::Equal, "'='")?;
        self.expect(Tok::LBrace, "'{'")?;
        let mut set = AttrSet::default();
        while self.tok.kind != Tok::RBrace {
            if !self.attr(&mut set, AttrPos::Group)? {
                return self.err(format!("expected an attribute, found {}", self.describe()));
            }
        }
        self.bump();
        // Checked on what was kept, as LLParser checks its builder: `{ vscale_range(0) }`
        // has no attributes either.
        if set.attrs.is_empty() {
            return self.error_at(at, "attribute group has no attributes");
        }
        self.m.attr_groups.insert(id, set.attrs.into());
        Ok(())
    }

    /// Parse one attribute if the current token starts one. Words that are types, calling
    /// conventions or other keywords are not attributes; the caller decides what they are.
    pub(super) fn attr(&mut self, set: &mut AttrSet, pos: AttrPos) -> PResult<bool> {
        let in_group = pos == AttrPos::Group;
        match self.tok.kind {
            Tok::AttrGroup => {
                let t = self.bump();
                let id = self.text(t).parse().or_else(|_| {
                    self.error_at(token_offset(t), "attribute group number out of range")
                })?;
                set.groups.push(id);
                Ok(true)
            }
            Tok::Str => {
                let k = self.bump();
                let key = self.string_text(k);
                let val = if self.eat(Tok::Equal) {
                    Some(self.expect_string()?)
                } else {
                    None
                };
                set.attrs.push(Attr::Str(key, val));
                Ok(true)
            }
            Tok::Word => {
                let w = self.cur_text();
                let Some(info) = attr_info(w) else {
                    return Ok(false);
                };
                let start = self.tok.start;
                self.bump();
                self.check_attr_place(w, info, start, pos)?;
                if info & TYPED != 0 && self.tok.kind == Tok::LParen {
                    self.bump();
                    let ty = self.parse_type()?;
                    self.expect(Tok::RParen, "')'")?;
                    // The verifier's "does not support unsized types" (for a type that is
                    // unsized whatever the module defines later).
                    let never_sized = matches!(
                        self.m.types.get(ty),
                        TypeData::Func { .. }
                            | TypeData::Label
                            | TypeData::Metadata
                            | TypeData::Token
                    );
                    if never_sized && w != "elementtype" {
                        return self.error_at(
                            start,
                            format!("Attribute '{w}' does not support unsized types!"),
                        );
                    }
                    set.attrs.push(Attr::Type(w.into(), ty));
                    return Ok(true);
                }
                let takes_arg = info & ARG != 0;
                let end = match self.tok.kind {
                    Tok::LParen if takes_arg || w == "uwtable" => {
                        let open = self.tok.start;
                        self.skip_group()?;
                        let end = self.prev_end();
                        let inner = self.raw_text(open as usize + 1, end as usize - 1);
                        if let Some(msg) = bad_attr_argument(w, inner.trim()) {
                            return self.error_at(open + 1, msg);
                        }
                        // LLVM has no attribute for `vscale_range(0)` or `vscale_range(0, 0)`:
                        // its attribute builder drops the all-zero encoding, so such a function
                        // compares and prints as one without the attribute.
                        let zero = |n: &str| n.trim().bytes().all(|b| b == b'0');
                        if w == "vscale_range" && inner.split(',').all(zero) {
                            return Ok(true);
                        }
                        // LLParser reads `memory(argmem: read)` with colons ignored, and
                        // leaves them unignored after it.
                        if w == "memory" {
                            self.colon_ignored = false;
                        }
                        end
                    }
                    Tok::LParen => {
                        let at = self.tok.start;
                        return self.error_at(at, format!("attribute '{w}' takes no arguments"));
                    }
                    Tok::Equal if in_group && matches!(w, "align" | "alignstack") => {
                        self.bump();
                        let t = self.expect(Tok::Int, "an integer")?;
                        t.end
                    }
                    Tok::Int if w == "align" => {
                        self.parse_align()?;
                        self.prev_end()
                    }
                    _ if takes_arg => {
                        let at = self.tok.start;
                        return self.error_at(at, format!("expected '(' after attribute '{w}'"));
                    }
                    _ => start + w.len() as u32,
                };
                let text = self.raw_text(start as usize, end as usize);
                set.attrs.push(Attr::Other(text.into()));
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Attributes (not in a group) into `set` for as long as there are some. They are gathered
    /// in a buffer the parser keeps, so that the set's list is allocated once at its final
    /// size rather than regrown attribute by attribute (calls carry several per argument).
    pub(super) fn attrs_into(&mut self, set: &mut AttrSet, pos: AttrPos) -> PResult<()> {
        let mut scratch = AttrSet {
            attrs: std::mem::take(&mut self.attr_scratch),
            groups: std::mem::take(&mut set.groups),
        };
        let r = loop {
            match self.attr(&mut scratch, pos) {
                Ok(true) => {}
                Ok(false) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        // The verifier: `immarg` stands alone on a parameter, but for `range`.
        if r.is_ok()
            && pos == AttrPos::Param
            && scratch.attrs.iter().any(|a| a.kind() == "immarg")
            && scratch.attrs.iter().filter(|a| a.kind() != "range").count() > 1
        {
            let at = token_offset(self.tok);
            self.attr_scratch = std::mem::take(&mut scratch.attrs);
            self.attr_scratch.clear();
            return self.error_at(
                at,
                "Attribute 'immarg' is incompatible with other attributes except the 'range' attribute",
            );
        }
        set.groups = std::mem::take(&mut scratch.groups);
        set.attrs.append(&mut scratch.attrs);
        self.attr_scratch = scratch.attrs;
        r
    }

    /// LLParser's checks of where an attribute keyword stands (at its token, as LLVM reports
    /// them). A call's `align N` reads as an attribute of the call and is refused as LLVM's
    /// verifier refuses it; a function header's `align N` is its alignment, read before this.
    fn check_attr_place(&self, w: &str, info: u8, start: u32, pos: AttrPos) -> PResult<()> {
        let places = info & (FN | PARAM | RET);
        let msg = match pos {
            AttrPos::Return if places & RET == 0 => {
                "this attribute does not apply to return values"
            }
            AttrPos::Param if places & PARAM == 0 => "this attribute does not apply to parameters",
            AttrPos::Function if w == "builtin" => "'builtin' attribute not valid on function",
            AttrPos::CallSite if w == "align" => {
                let shown = match self.tok.kind {
                    Tok::Int => format!("align {}", self.cur_text()),
                    _ => "align".to_string(),
                };
                return self.error_at(
                    start,
                    format!("Attribute '{shown}' does not apply to functions!"),
                );
            }
            AttrPos::Function | AttrPos::CallSite | AttrPos::Group
                // `align=N` in a group is the function's alignment.
                if places & FN == 0 && !(pos == AttrPos::Group && w == "align") =>
            {
                "this attribute does not apply to functions"
            }
            _ => return Ok(()),
        };
        self.error_at(start, msg)
    }
}

/// What LLVM 22's parser says of the argument `arg` (the text between the parentheses) of
/// attribute `w`, when it refuses it; `None` when it takes it (or when we do not check that
/// attribute's argument: `memory`, `captures`, `nofpclass`, `range`, `initializes` and the
/// type attributes are read as written).
fn bad_attr_argument(w: &str, arg: &str) -> Option<String> {
    let is_int = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    match w {
        "range"
            if !arg
                .strip_prefix('i')
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit())) =>
        {
            Some("the range must have integer type!".to_string())
        }
        "align" | "alignstack" | "dereferenceable" | "dereferenceable_or_null" => {
            (!is_int(arg)).then(|| "expected integer".to_string())
        }
        "allocsize" | "vscale_range" => {
            let ok = match arg.split_once(',') {
                Some((a, b)) => is_int(a.trim()) && is_int(b.trim()),
                None => is_int(arg),
            };
            if !ok {
                return Some("expected integer".to_string());
            }
            let same = arg
                .split_once(',')
                .is_some_and(|(a, b)| a.trim() == b.trim());
            (w == "allocsize" && same)
                .then(|| "'allocsize' indices can't refer to the same parameter".to_string())
        }
        "initializes" => {
            // `(lo, hi), ...`: each range non-empty, in order, apart from the one before.
            let mut prev_hi: Option<i128> = None;
            for range in arg.split(')').map(str::trim).filter(|r| !r.is_empty()) {
                let range = range.trim_start_matches(',').trim().strip_prefix('(')?;
                let (lo, hi) = range.split_once(',')?;
                let (lo, hi) = (
                    lo.trim().parse::<i128>().ok()?,
                    hi.trim().parse::<i128>().ok()?,
                );
                if lo >= hi || prev_hi.is_some_and(|p| lo <= p) {
                    return Some("Invalid (unordered or overlapping) range list".to_string());
                }
                prev_hi = Some(hi);
            }
            None
        }
        "uwtable" => {
            (!matches!(arg, "sync" | "async")).then(|| "expected unwind table kind".into())
        }
        "allockind" => {
            let Some(kinds) = arg.strip_prefix('"').and_then(|a| a.strip_suffix('"')) else {
                return Some("expected allockind value".into());
            };
            if kinds.is_empty() {
                return Some("expected allockind value".into());
            }
            kinds
                .split(',')
                .find(|k| {
                    !matches!(
                        *k,
                        "alloc" | "realloc" | "free" | "uninitialized" | "zeroed" | "aligned"
                    )
                })
                .map(|k| format!("unknown allockind {k}"))
        }
        _ => None,
    }
}
