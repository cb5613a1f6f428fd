//! Semantic checks a module must pass before anything transforms it.
//!
//! The reader already rejects what it cannot build (undefined or duplicate names, operands of
//! the wrong type where the syntax fixes the type, blocks without a terminator). This pass
//! checks what needs the whole function: the types the syntax leaves open (returns, call
//! arguments, stores, selects), phi nodes against the CFG, the placement of phis and
//! terminators, and SSA dominance (every use of an instruction is dominated by its definition).
//! Messages follow LLVM's verifier where it has one.
//!
//! Functions are checked in parallel; the error reported is the one of the first failing
//! function in module order, so the outcome does not depend on scheduling.

use crate::constant::{Const, ConstData};
use crate::function::{Body, Function};
use crate::inst::{Inst, InstData, InstExtra, Opcode};
use crate::module::{GlobalId, GlobalKind, Module, Name};
use crate::types::{Type, TypeData};
use crate::value::Value;
use cranelift_entity::EntityRef;
use cranelift_entity::SecondaryMap;
use rayon::prelude::*;
use std::cell::RefCell;
use std::fmt;

mod debug_info;
mod target;

/// A verifier finding: which function, where (byte offset of the instruction when the module
/// was read from text), and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// Name of the function the finding is in (empty for module-level findings).
    pub function: String,
    /// Byte offset of the offending instruction in the text the module was read from, when known.
    pub offset: Option<u32>,
    /// What is wrong, in the style of LLVM's verifier messages.
    pub msg: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.function.is_empty() {
            return f.write_str(&self.msg);
        }
        write!(f, "{} (in function '@{}')", self.msg, self.function)
    }
}

impl std::error::Error for VerifyError {}

/// Check every function body of `m`; the finding of the first failing function (in module
/// order) is the error.
///
/// # Example
///
/// ```
/// // Parses, but %y is used before it is defined.
/// let m = mergefn_ir::parse_module(b"define i32 @f(i32 %x) {
///   %z = add i32 %y, 1
///   %y = add i32 %x, 1
///   ret i32 %z
/// }")?;
/// let err = mergefn_ir::verify_module(&m).unwrap_err();
/// assert_eq!(err.function, "f");
/// # Ok::<(), mergefn_ir::ParseError>(())
/// ```
pub fn verify_module(m: &Module) -> Result<(), VerifyError> {
    // Alias cycles first: other checks follow an alias to what it names.
    verify_aliases(m)?;
    // Every check only reads the module, so the module-wide ones run beside those of the
    // functions; the failure reported is still the first in this order (each side stops at
    // its own first), as when they ran one after the other.
    let (module_wide, functions) = rayon::join(
        || -> Result<(), VerifyError> {
            verify_globals(m)?;
            verify_global_attachments(m)?;
            verify_module_flags(m)?;
            verify_string_lists(m)?;
            debug_info::verify_debug_info_nodes(m)
        },
        || -> Result<(), VerifyError> {
            let group_facts = AttrGroupFacts::new(m);
            verify_function_attrs(m, &group_facts)?;
            let intrinsics = IntrinsicConsts::new(m);
            intrinsics.verify_constant_users(m)?;
            let facts = Facts {
                intrinsics,
                group_facts,
                ranges: RangeNodes::new(m),
                sized: m.types.sized_structs(),
            };
            // Module-wide metadata checks beside the functions' (reported first, as before
            // them).
            let (scopes, functions) =
                rayon::join(|| verify_alias_scopes(m), || verify_functions(m, &facts));
            scopes?;
            functions
        },
    );
    module_wide?;
    functions
}

/// What the checks of every body ask of the module, found once before them.
struct Facts {
    intrinsics: IntrinsicConsts,
    group_facts: AttrGroupFacts,
    ranges: RangeNodes,
    /// The sized identified structs ([`crate::types::TypeTable::sized_structs`]).
    sized: rustc_hash::FxHashSet<Type>,
}

/// The constants that name an intrinsic function (`@llvm.*`): LLVM's "Invalid user of
/// intrinsic instruction!" allows them only as the callee of a call (and as an input of a
/// `clang.arc.attachedcall` bundle, which is not looked at).
struct IntrinsicConsts {
    /// One bit per constant of the pool; empty when no constant names an intrinsic.
    bits: Vec<u64>,
}

impl IntrinsicConsts {
    fn new(m: &Module) -> Self {
        let mut bits = Vec::new();
        for (c, data) in m.consts.iter() {
            let ConstData::Global { global, .. } = data else {
                continue;
            };
            let intrinsic = m.function(*global).is_some()
                && m.globals[*global]
                    .common()
                    .name
                    .as_str()
                    .is_some_and(|n| n.starts_with("llvm."));
            if intrinsic {
                if bits.is_empty() {
                    bits = vec![0u64; m.consts.len().div_ceil(64)];
                }
                bits[c.index() / 64] |= 1 << (c.index() % 64);
            }
        }
        IntrinsicConsts { bits }
    }

    fn names(&self, c: Const) -> bool {
        self.bits
            .get(c.index() / 64)
            .is_some_and(|w| w & (1 << (c.index() % 64)) != 0)
    }

    /// Constants and globals that use an intrinsic: an aggregate or expression holding one
    /// (pointer casts aside, through which typed-pointer IR calls), an initializer, an
    /// aliasee, a personality, prefix or prologue. The reader makes a constant only for what
    /// the text writes, so every constant in the pool is a use.
    fn verify_constant_users(&self, m: &Module) -> Result<(), VerifyError> {
        if self.bits.is_empty() {
            return Ok(());
        }
        let fail = Err(VerifyError {
            function: String::new(),
            offset: None,
            msg: "Invalid user of intrinsic instruction!".into(),
        });
        for (c, data) in m.consts.iter() {
            let cast = matches!(data, ConstData::Expr(e)
                if matches!(e.op, Opcode::BitCast | Opcode::AddrSpaceCast));
            if !cast && m.consts.operand_slice(c).iter().any(|&o| self.names(o)) {
                return fail;
            }
        }
        for g in m.live_globals() {
            if crate::uses::global_consts(m, g)
                .iter()
                .any(|&c| self.names(c))
            {
                return fail;
            }
        }
        Ok(())
    }

    /// An operand of `d` other than a call's callee that names an intrinsic.
    fn misused_by(&self, d: &InstData) -> bool {
        if self.bits.is_empty() {
            return false;
        }
        let callee = d.callee().map(|_| d.operands.len() - 1);
        d.operands
            .iter()
            .enumerate()
            .any(|(k, v)| Some(k) != callee && matches!(v, Value::Const(c) if self.names(*c)))
    }
}

/// What LLVM's `verifyRangeLikeMetadata` needs of a node that is a list of integers
/// (`!{i64 0, i64 1}`): their widths, in order. Nodes holding anything else are not judged
/// here.
#[derive(Clone)]
struct RangeShape {
    widths: Box<[u32]>,
}

impl RangeShape {
    /// The shape of node text `text`, if it is a tuple of integer constants.
    fn of(text: &str) -> Option<RangeShape> {
        let widths = (tuple_pieces(text)?.iter())
            .map(|p| {
                p.split_ascii_whitespace()
                    .next()?
                    .strip_prefix('i')?
                    .parse()
                    .ok()
            })
            .collect::<Option<_>>()?;
        Some(RangeShape { widths })
    }

    /// LLVM's first complaint about this list as ranges of `bits`-bit integers (`!range`,
    /// `!absolute_symbol`), among those about its shape and types.
    fn problem(&self, bits: Option<u32>) -> Option<&'static str> {
        if !self.widths.len().is_multiple_of(2) {
            return Some("Unfinished range!");
        }
        self.widths.chunks(2).find_map(|pair| {
            if pair[0] != pair[1] {
                Some("Range pair types must match!")
            } else if Some(pair[0]) != bits {
                Some("Range types must match instruction type!")
            } else {
                None
            }
        })
    }
}

/// The numbered metadata nodes that are lists of integers, found once per module (a
/// prefix test per node) so that an instruction's `!range` costs a look-up.
struct RangeNodes {
    shapes: rustc_hash::FxHashMap<u32, RangeShape>,
}

impl RangeNodes {
    fn new(m: &Module) -> Self {
        let shapes = (m.md_nodes.iter())
            .filter(|n| n.text.trim_start().starts_with("!{i"))
            .filter_map(|n| Some((n.id, RangeShape::of(&n.text)?)))
            .collect();
        RangeNodes { shapes }
    }

    fn shape(&self, md: &crate::metadata::Metadata) -> Option<RangeShape> {
        match md {
            crate::metadata::Metadata::Ref(n) => self.shapes.get(n).cloned(),
            crate::metadata::Metadata::Text(t) => RangeShape::of(t),
            _ => None,
        }
    }
}

/// What the verifier asks of attribute groups, found once so that a function or call naming
/// a group costs a look-up only when some group has what is asked about.
struct AttrGroupFacts {
    /// The groups holding an attribute whose value LLVM's verifier refuses
    /// ([`fn_attr_problem`]): each one's number and the verifier's message.
    bad: Vec<(u32, String)>,
    /// `speculatable`, which a call site may carry only when the function it calls does.
    speculatable: KindInGroups,
}

impl AttrGroupFacts {
    fn new(m: &Module) -> Self {
        let bad = (m.attr_groups.iter())
            .filter_map(|(&n, attrs)| Some((n, attrs.iter().find_map(fn_attr_problem)?)))
            .collect();
        let speculatable = KindInGroups::new(m, "speculatable");
        AttrGroupFacts { bad, speculatable }
    }

    /// The message for function attributes `set` (inline or through a group), if any of
    /// them has a value LLVM cannot read.
    fn problem(&self, set: &crate::attr::AttrSet) -> Option<String> {
        if let Some(msg) = set.attrs.iter().find_map(fn_attr_problem) {
            return Some(msg);
        }
        if self.bad.is_empty() {
            return None;
        }
        (set.groups.iter()).find_map(|n| self.bad.iter().find(|b| b.0 == *n).map(|b| b.1.clone()))
    }
}

/// What LLVM's verifier says of function (or call site) attribute `a`, if it refuses it.
fn fn_attr_problem(a: &crate::attr::Attr) -> Option<String> {
    string_attr_problem(a).or_else(|| attr_value_problem(a).map(String::from))
}

/// LLVM's "invalid value for '...' attribute" for the string attributes of a function or
/// call whose values it reads: `denormal-fp-math` (and its `-f32` twin: a mode for results,
/// optionally `,` and a mode for inputs, each empty, `ieee`, `preserve-sign`,
/// `positive-zero` or `dynamic`), `frame-pointer`, `sign-return-address`, the flags
/// that are `true` or `false` (each value set confirmed against opt-22),
/// `target-features` (a list of `+feature` and `-feature`), and the numbers
/// `patchable-function-prefix`, `patchable-function-entry` and `warn-stack-size`.
fn string_attr_problem(a: &crate::attr::Attr) -> Option<String> {
    let crate::attr::Attr::Str(key, value) = a else {
        return None;
    };
    match (&**key, value) {
        // Read as a 32-bit unsigned number in base 10 (LLVM's `getAsInteger`: no sign).
        ("patchable-function-prefix" | "patchable-function-entry" | "warn-stack-size", _) => {
            let v = value.as_deref().unwrap_or_default();
            let number = v.bytes().all(|b| b.is_ascii_digit()) && v.parse::<u32>().is_ok();
            return (!number).then(|| format!("\"{key}\" takes an unsigned integer: {v}"));
        }
        // These two have no default: written without a value, they have an empty one.
        ("frame-pointer" | "sign-return-address", None) => {
            return Some(format!("invalid value for '{key}' attribute: "))
        }
        _ => {}
    }
    let Some(value) = value else {
        return None;
    };
    let mode = |m: &str| {
        matches!(
            m,
            "" | "ieee" | "preserve-sign" | "positive-zero" | "dynamic"
        )
    };
    if &**key == "target-features" {
        // Each comma-separated feature is `+name` or `-name`; an empty value has none.
        return (!value.is_empty())
            .then(|| value.split(','))
            .into_iter()
            .flatten()
            .find_map(|flag| match flag.as_bytes().first() {
                None => Some("target-features attribute should not contain an empty string".into()),
                Some(b'+' | b'-') => None,
                Some(_) => Some(format!(
                    "target feature '{flag}' must start with a '+' or '-'"
                )),
            });
    }
    let valid = match &**key {
        "denormal-fp-math" | "denormal-fp-math-f32" => match value.split_once(',') {
            Some((output, input)) => mode(output) && mode(input),
            None => mode(value),
        },
        "frame-pointer" => matches!(
            &**value,
            "all" | "non-leaf" | "none" | "reserved" | "non-leaf-no-reserve"
        ),
        "sign-return-address" => matches!(&**value, "none" | "all" | "non-leaf"),
        "less-precise-fpmad"
        | "no-infs-fp-math"
        | "no-nans-fp-math"
        | "no-signed-zeros-fp-math"
        | "no-jump-tables"
        | "branch-target-enforcement" => matches!(&**value, "true" | "false"),
        _ => return None,
    };
    (!valid).then(|| format!("invalid value for '{key}' attribute: {value}"))
}

/// Every function body, on all cores; the first finding in module order.
fn verify_functions(m: &Module, facts: &Facts) -> Result<(), VerifyError> {
    let bodies: Vec<(GlobalId, &Function, &Body)> = m
        .functions()
        .filter_map(|g| {
            let f = m.function(g)?;
            // A body kept as text has no instructions to check (see `crate::lazy`).
            Some((g, f, f.body.as_deref().filter(|b| !b.is_lazy())?))
        })
        .collect();
    let check = |&(g, f, body): &(GlobalId, &Function, &Body)| {
        SCRATCH.with(|s| verify_function(m, g, f, body, facts, &mut s.borrow_mut()))
    };
    let found = if bodies.len() < 2 {
        bodies.iter().find_map(|b| check(b).err())
    } else {
        bodies
            .par_iter()
            .with_min_len(16)
            .find_map_first(|b| check(b).err())
    };
    found.map_or(Ok(()), Err)
}

/// Whether an instruction of `f`'s body uses one of its arguments (operands and bundle
/// inputs; a debug record's mention is metadata, not a use): a `naked` function may not,
/// its body being only what it writes itself ("cannot use argument of naked function").
fn naked_argument_used(f: &Function) -> bool {
    let Some(body) = &f.body else { return false };
    let arg = |v: &Value| matches!(v, Value::Arg(_));
    body.insts.values().any(|d| {
        d.operands.iter().any(arg)
            || d.call_info()
                .is_some_and(|ci| ci.bundles.iter().any(|b| b.inputs.iter().any(arg)))
    })
}

/// An attribute kind as functions and calls carry it: written in place, or through one of
/// the groups that hold it (found once, so that a set naming a group costs a look-up only
/// when some group holds the kind).
struct KindInGroups {
    kind: &'static str,
    groups: Vec<u32>,
}

impl KindInGroups {
    fn new(m: &Module, kind: &'static str) -> Self {
        KindInGroups {
            kind,
            groups: groups_holding(m, kind),
        }
    }

    /// Whether attribute set `set` holds the kind.
    fn in_set(&self, set: &crate::attr::AttrSet) -> bool {
        set.has(self.kind)
            || (!self.groups.is_empty() && set.groups.iter().any(|n| self.groups.contains(n)))
    }
}

/// The numbers of the attribute groups that hold an attribute of `kind`.
fn groups_holding(m: &Module, kind: &str) -> Vec<u32> {
    (m.attr_groups.iter())
        .filter(|(_, attrs)| attrs.iter().any(|a| a.kind() == kind))
        .map(|(&n, _)| n)
        .collect()
}

/// The attributes of `set`: those written in place, then those of its groups.
fn fn_attrs<'m>(
    m: &'m Module,
    set: &'m crate::attr::AttrSet,
) -> impl Iterator<Item = &'m crate::attr::Attr> {
    let groups = set.groups.iter().filter_map(|n| m.attr_groups.get(n));
    set.attrs.iter().chain(groups.flatten())
}

/// LLVM's rules on parameter attributes that concern more than one parameter (from
/// `Verifier::verifyFunctionAttrs`), for the attribute sets `params` of a function with `n`
/// parameters: at most one parameter each with `nest`, `returned`, `sret`, `swiftself`,
/// `swiftasync` and `swifterror`; `sret` on the first or second, `inalloca` on the last.
fn param_attrs_problem(params: &[crate::attr::AttrSet], n: usize) -> Option<&'static str> {
    const ONCE: [(&str, &str); 6] = [
        ("nest", "More than one parameter has attribute nest!"),
        (
            "returned",
            "More than one parameter has attribute returned!",
        ),
        ("sret", "Cannot have multiple 'sret' parameters!"),
        ("swiftself", "Cannot have multiple 'swiftself' parameters!"),
        (
            "swiftasync",
            "Cannot have multiple 'swiftasync' parameters!",
        ),
        (
            "swifterror",
            "Cannot have multiple 'swifterror' parameters!",
        ),
    ];
    let mut seen = [false; ONCE.len()];
    for (i, set) in params.iter().enumerate().take(n) {
        for a in &set.attrs {
            // These take no argument, or a type: their text is their kind.
            let kind = match a {
                crate::attr::Attr::Other(t) | crate::attr::Attr::Type(t, _) => &**t,
                crate::attr::Attr::Str(..) => continue,
            };
            if kind == "inalloca" && i + 1 != n {
                return Some("inalloca isn't on the last parameter!");
            }
            let Some(k) = ONCE.iter().position(|(once, _)| *once == kind) else {
                continue;
            };
            if seen[k] {
                return Some(ONCE[k].1);
            }
            seen[k] = true;
            if kind == "sret" && i > 1 {
                return Some("Attribute 'sret' is not on first or second parameter!");
            }
        }
    }
    None
}

/// LLVM's rules on the value of function attribute `a`: `vscale_range(min[, max])` with
/// powers of two, min at most max (a max of 0 is no bound), and `allockind` naming exactly
/// one of `alloc`, `realloc` and `free`, `free` without modifiers, and not both `zeroed` and
/// `uninitialized`.
fn attr_value_problem(a: &crate::attr::Attr) -> Option<&'static str> {
    let crate::attr::Attr::Other(t) = a else {
        return None;
    };
    if let Some(args) = t
        .strip_prefix("vscale_range(")
        .and_then(|r| r.strip_suffix(')'))
    {
        let (min, max) = args.split_once(',').unwrap_or((args, args));
        let (Ok(min), Ok(max)) = (min.trim().parse::<u32>(), max.trim().parse::<u32>()) else {
            return None;
        };
        // `vscale_range(0)` and `(0,0)` are LLVM's encoding of no attribute at all.
        if min == 0 && max == 0 {
            return None;
        }
        if min == 0 {
            return Some("'vscale_range' minimum must be greater than 0");
        }
        if !min.is_power_of_two() {
            return Some("'vscale_range' minimum must be power-of-two value");
        }
        if max != 0 && min > max {
            return Some("'vscale_range' minimum cannot be greater than maximum");
        }
        if max != 0 && !max.is_power_of_two() {
            return Some("'vscale_range' maximum must be power-of-two value");
        }
    } else if let Some(kinds) = t
        .strip_prefix("allockind(\"")
        .and_then(|r| r.strip_suffix("\")"))
    {
        let has = |k: &str| kinds.split(',').any(|x| x == k);
        let kinds_of_call = ["alloc", "realloc", "free"]
            .iter()
            .filter(|k| has(k))
            .count();
        if kinds_of_call != 1 {
            return Some("'allockind()' requires exactly one of alloc, realloc, and free");
        }
        if has("free") && (has("uninitialized") || has("zeroed") || has("aligned")) {
            return Some(
                "'allockind(\"free\")' doesn't allow uninitialized, zeroed, or aligned modifiers.",
            );
        }
        if has("zeroed") && has("uninitialized") {
            return Some("'allockind()' can't be both zeroed and uninitialized");
        }
    }
    None
}

/// LLVM's "Attribute 'builtin' can only be applied to a callsite.": a function may not carry
/// `builtin` through an attribute group (written inline, the reader refuses it already).
fn verify_function_attrs(m: &Module, group_facts: &AttrGroupFacts) -> Result<(), VerifyError> {
    // "Attributes 'noinline and alwaysinline' are incompatible!", inline or through groups.
    let has = |f: &Function, kind: &str| set_has(m, &f.attrs.func, kind);
    // `naked` is rare: the groups that hold it, found once (a look-up per function
    // through its groups cost as much as the rest of these checks).
    let naked = KindInGroups::new(m, "naked");
    let jumptable = KindInGroups::new(m, "jumptable");
    let check = |g: GlobalId| -> Result<(), VerifyError> {
        let Some(f) = m.function(g) else {
            return Ok(());
        };
        // LLVM 22 gives an intrinsic's declaration the intrinsic's own attributes, whatever
        // the text wrote (`declare void @llvm.seh.scope.begin() allocsize(0)` is read). An
        // `llvm.` name is an intrinsic's (LLVM's `isIntrinsic`); looking it up in the table
        // of names cost more than every other check here.
        if f.body.is_none() && matches!(&f.common.name, Name::Named(n) if n.starts_with("llvm.")) {
            return Ok(());
        }
        let fail = |msg: String| {
            Err(VerifyError {
                function: m.global_name(g),
                offset: m.def_offset(g),
                msg,
            })
        };
        if has(f, "noinline") && has(f, "alwaysinline") {
            return fail("Attributes 'noinline and alwaysinline' are incompatible!".into());
        }
        if let Some(msg) = group_facts.problem(&f.attrs.func) {
            return fail(msg);
        }
        if naked.in_set(&f.attrs.func) && naked_argument_used(f) {
            return fail("cannot use argument of naked function".into());
        }
        let (ret, params, _) = m.types.func_parts(f.fn_ty).expect("a function type");
        let sets = std::iter::once((&f.attrs.ret, ret))
            .chain(f.attrs.params.iter().zip(params.iter().copied()));
        for (set, ty) in sets {
            if let Some(msg) = value_attrs_problem(m, set, ty) {
                return fail(msg);
            }
        }
        if let Some(msg) = calling_conv_problem(m, f) {
            return fail(msg.into());
        }
        for a in fn_attrs(m, &f.attrs.func).filter(|a| a.kind() == "allocsize") {
            if let Some(msg) = allocsize_problem(m, a, params) {
                return fail(msg.into());
            }
        }
        let intrinsic = f
            .common
            .name
            .as_str()
            .is_some_and(|n| n.starts_with("llvm."));
        if !intrinsic && f.attrs.params.iter().any(|p| p.has("elementtype")) {
            return fail(
                "Attribute 'elementtype' can only be applied to intrinsics and inline asm.".into(),
            );
        }
        // Only intrinsics pass tokens in and out of calls.
        let token = |t: &Type| matches!(m.types.get(*t), TypeData::Token);
        if !intrinsic && params.iter().any(token) {
            return fail("Function takes token but isn't an intrinsic".into());
        }
        if !intrinsic && token(&ret) {
            return fail("Function returns a token but isn't an intrinsic".into());
        }
        let amx = |t: &Type| matches!(m.types.get(*t), TypeData::X86Amx);
        if !intrinsic && params.iter().any(amx) {
            return fail("Function takes x86_amx but isn't an intrinsic".into());
        }
        if !intrinsic && amx(&ret) {
            return fail("Function returns a x86_amx but isn't an intrinsic".into());
        }
        if let Some(msg) = param_attrs_problem(&f.attrs.params, params.len()) {
            return fail(msg.into());
        }
        if jumptable.in_set(&f.attrs.func)
            && f.common.unnamed_addr != crate::module::UnnamedAddr::Global
        {
            return fail("Attribute 'jumptable' requires 'unnamed_addr'".into());
        }
        Ok(())
    };
    // On all cores, the first failure in module order reported.
    let functions: Vec<GlobalId> = m.functions().collect();
    if let Some(e) = functions
        .par_iter()
        .with_min_len(256)
        .find_map_first(|&g| check(g).err())
    {
        return Err(e);
    }
    let builtin_groups = groups_holding(m, "builtin");
    if builtin_groups.is_empty() {
        return Ok(());
    }
    for g in m.functions() {
        let Some(f) = m.function(g) else { continue };
        if f.attrs
            .func
            .groups
            .iter()
            .any(|n| builtin_groups.contains(n))
        {
            return Err(VerifyError {
                function: m.global_name(g),
                offset: m.def_offset(g),
                msg: "Attribute 'builtin' can only be applied to a callsite.".into(),
            });
        }
    }
    Ok(())
}

/// `c` without the casts and zero-index GEPs LLVM's `stripPointerCasts` looks through.
fn strip_pointer_casts(m: &Module, mut c: Const) -> Const {
    while let ConstData::Expr(e) = m.consts.get(c) {
        let zero = |k: &Const| match m.consts.get(*k) {
            ConstData::Int { val, .. } => val.is_zero(),
            ConstData::Zero(_) => true,
            _ => false,
        };
        let through = match e.op {
            Opcode::BitCast | Opcode::AddrSpaceCast => true,
            Opcode::GetElementPtr => e.ops.iter().skip(1).all(zero),
            _ => false,
        };
        match e.ops.first() {
            Some(&base) if through => c = base,
            _ => break,
        }
    }
    c
}

/// LLVM's checks of global values one by one (`Verifier::visitGlobalValue` and its kin): DLL
/// storage against visibility and definitions, an ifunc's resolver, and the special arrays
/// (`llvm.used`, `llvm.compiler.used`, `llvm.global_ctors`, `llvm.global_dtors`): their
/// linkage, their element types, their members, and that nothing uses them.
fn verify_globals(m: &Module) -> Result<(), VerifyError> {
    use crate::module::{DllStorage, Linkage, Visibility};
    let fail = |g: GlobalId, msg: String| {
        Err(VerifyError {
            function: String::new(),
            offset: m.def_offset(g),
            msg,
        })
    };
    let mut special = Vec::new();
    // Whether any type is a target type no global may hold (most modules have none).
    let local_targets = m.types.iter().any(|(_, d)| {
        matches!(d, TypeData::TargetExt { name, .. }
            if !crate::types::target_type_info(name).global)
    });
    for g in m.live_globals() {
        let global = &m.globals[g];
        let common = global.common();
        let name = common.name.as_str().unwrap_or_default();
        // Only an error needs the name: building it for every global was half of the
        // module-level checks' instructions on a coverage build without errors.
        let at = || format!(" ('@{}')", m.global_name(g));
        // A declaration for the linker (available_externally too) is in no comdat.
        if common.comdat.is_some() {
            let declaration = match &global.kind {
                GlobalKind::Function(f) => f.body.is_none(),
                GlobalKind::Var(v) => v.init.is_none(),
                GlobalKind::Alias(_) => false,
            };
            if declaration || common.linkage == Linkage::AvailableExternally {
                return fail(g, format!("Declaration may not be in a Comdat!{}", at()));
            }
        }
        if let GlobalKind::Var(v) = &global.kind {
            if let Some(msg) = variable_problem(m, g, v, local_targets) {
                return fail(g, msg);
            }
        }
        match common.dll {
            DllStorage::Export if common.visibility == Visibility::Hidden => {
                return fail(
                    g,
                    format!(
                        "dllexport GlobalValue must have default or protected visibility{}",
                        at()
                    ),
                )
            }
            DllStorage::Import => {
                if common.visibility != Visibility::Default {
                    return fail(
                        g,
                        format!("dllimport GlobalValue must have default visibility{}", at()),
                    );
                }
                let definition = match &global.kind {
                    GlobalKind::Function(f) => f.body.is_some(),
                    GlobalKind::Var(v) => v.init.is_some(),
                    GlobalKind::Alias(_) => true,
                };
                if definition && common.linkage != Linkage::AvailableExternally {
                    return fail(
                        g,
                        format!("Global is marked as dllimport, but not external{}", at()),
                    );
                }
            }
            _ => {}
        }
        match &global.kind {
            GlobalKind::Alias(a) if a.ifunc => {
                // Through casts and aliases (which form no cycle: checked before).
                let mut resolver = m.consts.as_global(strip_pointer_casts(m, a.target));
                while let Some(GlobalKind::Alias(next)) = resolver.map(|r| &m.globals[r].kind) {
                    if next.ifunc {
                        break;
                    }
                    resolver = m.consts.as_global(strip_pointer_casts(m, next.target));
                }
                let is_function = resolver.is_some_and(|r| m.function(r).is_some());
                if !is_function {
                    return fail(g, format!("IFunc must have a Function resolver{}", at()));
                }
            }
            GlobalKind::Var(v) if name.starts_with("llvm.") => {
                let structors = matches!(name, "llvm.global_ctors" | "llvm.global_dtors");
                let used = matches!(name, "llvm.used" | "llvm.compiler.used");
                if !structors && !used {
                    continue;
                }
                special.push(g);
                if v.init.is_some() && common.linkage != Linkage::Appending {
                    return fail(
                        g,
                        format!("invalid linkage for intrinsic global variable{}", at()),
                    );
                }
                let TypeData::Array(_, elem) = *m.types.get(v.value_ty) else {
                    continue;
                };
                if structors {
                    let fields = m.types.struct_fields(elem).map_or(&[][..], |(f, _)| f);
                    let program_ptr =
                        |t: Type| m.types.pointer_addrspace(t) == Some(m.program_addrspace());
                    let shaped = (2..=3).contains(&fields.len())
                        && matches!(m.types.get(fields[0]), TypeData::Int(32))
                        && program_ptr(fields[1]);
                    if !shaped {
                        return fail(
                            g,
                            format!("wrong type for intrinsic global variable{}", at()),
                        );
                    }
                    if fields.len() == 2 {
                        return fail(g, "the third field of the element type is mandatory, specify ptr null to migrate from the obsoleted 2-field form".into());
                    }
                    if !m.types.is_pointer(fields[2]) {
                        return fail(
                            g,
                            format!("wrong type for intrinsic global variable{}", at()),
                        );
                    }
                    continue;
                }
                if !m.types.is_pointer(elem) {
                    return fail(
                        g,
                        format!("wrong type for intrinsic global variable{}", at()),
                    );
                }
                let Some(init) = v.init else { continue };
                let ConstData::Array { elems, .. } = m.consts.get(init) else {
                    return fail(
                        g,
                        format!("wrong initializer for intrinsic global variable{}", at()),
                    );
                };
                for &member in elems {
                    let member = strip_pointer_casts(m, member);
                    let named = match m.consts.as_global(member) {
                        Some(x) if !matches!(&m.globals[x].kind, GlobalKind::Alias(a) if a.ifunc) => {
                            m.globals[x].common().name.as_str().is_some()
                        }
                        _ => return fail(g, format!("invalid {name} member")),
                    };
                    if !named {
                        return fail(g, format!("members of {name} must be named"));
                    }
                }
            }
            _ => {}
        }
    }
    // Nothing may use the special arrays: a constant naming one (the reader makes one for
    // each reference in the text) is a use.
    if !special.is_empty() {
        let used = m.consts.iter().find_map(|(_, c)| match c {
            ConstData::Global { global, .. } if special.contains(global) => Some(*global),
            _ => None,
        });
        if let Some(g) = used {
            return fail(
                g,
                format!(
                    "invalid uses of intrinsic global variable ('@{}')",
                    m.global_name(g)
                ),
            );
        }
    }
    Ok(())
}

/// LLVM's rules for a global variable by itself (`Verifier::visitGlobalVariable`, and the
/// appending rule of `visitGlobalValue`): only arrays append; a `common` variable is
/// initialized to zero, not constant and in no comdat; nothing scalable, and no target type
/// that may not live in a global (looked for when `local_targets` says the module has such a
/// type).
fn variable_problem(
    m: &Module,
    g: GlobalId,
    v: &crate::module::GlobalVar,
    local_targets: bool,
) -> Option<String> {
    use crate::module::Linkage;
    let fail = |msg: &str| Some(format!("{msg} ('@{}')", m.global_name(g)));
    let array = matches!(m.types.get(v.value_ty), TypeData::Array(..));
    if v.common.linkage == Linkage::Appending && !array {
        return fail("Only global arrays can have appending linkage!");
    }
    if v.common.linkage == Linkage::Common && v.init.is_some() {
        if !v.init.is_some_and(|c| null_value(m, c)) {
            return fail("'common' global must have a zero initializer!");
        }
        if v.constant {
            return fail("'common' global may not be marked constant!");
        }
        if v.common.comdat.is_some() {
            return fail("'common' global may not be in a Comdat!");
        }
    }
    if m.types.is_scalable(v.value_ty) {
        return fail("Globals cannot contain scalable types");
    }
    // LLVM's `containsNonGlobalTargetExtType`.
    let local_target = |d: &TypeData| {
        matches!(d, TypeData::TargetExt { name, .. }
            if !crate::types::target_type_info(name).global)
    };
    if local_targets && m.types.holds(v.value_ty, local_target) {
        let name = m.global_name(g);
        return Some(format!("Global @{name} has illegal target extension type"));
    }
    None
}

/// Whether constant `c` is its type's null value (LLVM's `Constant::isNullValue`): zero,
/// `null`, `none`, positive zero, or an aggregate of those.
fn null_value(m: &Module, c: Const) -> bool {
    match m.consts.get(c) {
        ConstData::Zero(_) | ConstData::Null(_) | ConstData::None(_) => true,
        ConstData::Int { val, .. } => val.is_zero(),
        ConstData::Float { bits, .. } => *bits == 0,
        ConstData::Array { elems, .. }
        | ConstData::Struct { elems, .. }
        | ConstData::Vector { elems, .. } => elems.iter().all(|&e| null_value(m, e)),
        ConstData::Bytes { bytes, .. } => bytes.iter().all(|&b| b == 0),
        ConstData::Splat { elem, .. } => null_value(m, *elem),
        _ => false,
    }
}

/// Calling conventions of GPU entry points and a few others, as LLVM's
/// `Verifier::visitFunction` restricts them: kernels return nothing, entry points take no
/// `sret`, `byval`, `preallocated` or `inalloca` parameter, and none of them is variadic.
fn calling_conv_problem(m: &Module, f: &Function) -> Option<&'static str> {
    let cc = f.cc.0.as_deref()?;
    let kernel = matches!(
        cc,
        "amdgpu_kernel" | "spir_kernel" | "amdgpu_cs_chain" | "amdgpu_cs_chain_preserve"
    );
    let entry = kernel
        || matches!(
            cc,
            "amdgpu_vs" | "amdgpu_gs" | "amdgpu_ps" | "amdgpu_cs" | "amdgpu_hs"
        );
    let fixed = entry
        || matches!(
            cc,
            "fastcc" | "coldcc" | "intel_ocl_bicc" | "ptx_kernel" | "ptx_device"
        );
    let (ret, params, varargs) = m.types.func_parts(f.fn_ty)?;
    if kernel && !m.types.is_void(ret) {
        return Some("Calling convention requires void return type");
    }
    if entry {
        let has = |kind: &str| f.attrs.params.iter().any(|p| p.has(kind));
        if has("sret") {
            return Some("Calling convention does not allow sret");
        }
        if cc != "spir_kernel" {
            // Argument by argument; a `byref` one may not point into the stack.
            let stack = crate::datalayout::alloca_addrspace(m.datalayout.as_deref().unwrap_or(""));
            for (p, &ty) in f.attrs.params.iter().zip(params) {
                for (kind, msg) in [
                    ("byval", "Calling convention disallows byval"),
                    ("preallocated", "Calling convention disallows preallocated"),
                    ("inalloca", "Calling convention disallows inalloca"),
                ] {
                    if p.has(kind) {
                        return Some(msg);
                    }
                }
                if p.has("byref") && m.types.pointer_addrspace(ty) == Some(stack) {
                    return Some("Calling convention disallows stack byref");
                }
            }
        }
    }
    if fixed && varargs {
        return Some("Calling convention does not support varargs or perfect forwarding!");
    }
    None
}

/// Calling conventions of entry points that nothing may call.
fn calls_forbidden(cc: &crate::inst::CallConv) -> bool {
    matches!(
        cc.0.as_deref(),
        Some(
            "amdgpu_kernel"
                | "spir_kernel"
                | "amdgpu_cs_chain"
                | "amdgpu_cs_chain_preserve"
                | "amdgpu_vs"
                | "amdgpu_gs"
                | "amdgpu_ps"
                | "amdgpu_cs"
                | "amdgpu_ls"
                | "amdgpu_hs"
                | "amdgpu_es"
        )
    )
}

/// LLVM's checks of `allocsize(size[, count])`: each names an integer parameter.
fn allocsize_problem(m: &Module, a: &crate::attr::Attr, params: &[Type]) -> Option<&'static str> {
    let crate::attr::Attr::Other(text) = a else {
        return None;
    };
    let args = text
        .strip_prefix("allocsize")?
        .trim()
        .strip_prefix('(')?
        .strip_suffix(')')?;
    let args = args.split(',').map(|s| s.trim().parse::<usize>().ok());
    let which = [
        (
            "'allocsize' element size argument is out of bounds",
            "'allocsize' element size argument must refer to an integer parameter",
        ),
        (
            "'allocsize' number of elements argument is out of bounds",
            "'allocsize' number of elements argument must refer to an integer parameter",
        ),
    ];
    for (index, (bounds, integer)) in args.zip(which) {
        let index = index?;
        let Some(&t) = params.get(index) else {
            return Some(bounds);
        };
        if !matches!(m.types.get(t), TypeData::Int(_)) {
            return Some(integer);
        }
    }
    None
}

/// LLVM's `AttributeFuncs::typeIncompatible`: whether an attribute of `kind` cannot stand on a
/// parameter or return value of type `ty`.
fn attr_type_incompatible(m: &Module, kind: &str, ty: Type) -> bool {
    let types = &m.types;
    let scalar = types.scalar(ty);
    let int = |t: Type| matches!(types.get(t), TypeData::Int(_) | TypeData::Byte(_));
    match kind {
        "signext" | "zeroext" | "allocalign" => !int(ty),
        "range" => !int(scalar),
        "noalias"
        | "nonnull"
        | "readnone"
        | "readonly"
        | "dereferenceable"
        | "dereferenceable_or_null"
        | "writable"
        | "dead_on_unwind"
        | "initializes"
        | "captures"
        | "dead_on_return"
        | "nest"
        | "swifterror"
        | "preallocated"
        | "inalloca"
        | "byval"
        | "sret"
        | "byref"
        | "allocptr" => !types.is_pointer(ty),
        "align" => !types.is_pointer(scalar),
        // Refused on integers and pointers (and vectors of them); what holds floating point
        // (arrays of it, structs) is left alone.
        "nofpclass" => int(scalar) || types.is_pointer(scalar),
        // Every value may be `noundef`, but `void` is no value.
        "noundef" => types.is_void(ty),
        _ => false,
    }
}

/// LLVM's `Verifier::verifyParameterAttrs` for the attributes `set` of a value of type `ty`
/// (a parameter, a return value, a call's argument): the attributes its type cannot carry,
/// and the pointee types of `byval`, `byref`, `inalloca` and `preallocated`, which must be
/// sized and smaller than 4 GiB. The message of the first problem, in LLVM's words.
fn value_attrs_problem(m: &Module, set: &crate::attr::AttrSet, ty: Type) -> Option<String> {
    use crate::attr::Attr;
    for a in &set.attrs {
        let kind = a.kind();
        if attr_type_incompatible(m, kind, ty) {
            let text = match a {
                Attr::Type(k, t) => format!("{k}({})", crate::writer::type_to_string(m, *t)),
                Attr::Other(t) => t.to_string(),
                Attr::Str(..) => continue,
            };
            return Some(format!("Attribute '{text}' applied to incompatible type!"));
        }
        if let Attr::Type(k, t) = a {
            if matches!(&**k, "byval" | "byref" | "inalloca" | "preallocated") {
                match min_alloc_size(m, *t, 0) {
                    None => {
                        return Some(format!("Attribute '{k}' does not support unsized types!"))
                    }
                    Some(size) if size >= 1 << 32 => {
                        return Some(format!("huge '{k}' arguments are unsupported"))
                    }
                    _ => {}
                }
            }
        }
    }
    None
}

/// A lower bound of the bytes a value of type `t` takes in memory (its fields' sizes, without
/// the padding the data layout may add), or `None` if `t` is unsized (an opaque struct, or one
/// holding something unsized). Types LLVM sizes by other rules (target types, scalable
/// vectors) count as sized, of size 0.
fn min_alloc_size(m: &Module, t: Type, depth: u32) -> Option<u128> {
    if depth > crate::reader::MAX_DEPTH {
        return Some(0);
    }
    Some(match m.types.get(t) {
        TypeData::Void | TypeData::Label | TypeData::Metadata | TypeData::Token => return None,
        TypeData::Func { .. } => return None,
        TypeData::Array(n, e) => u128::from(*n).saturating_mul(min_alloc_size(m, *e, depth + 1)?),
        TypeData::Vector { .. } => {
            let (n, scalable) = m.types.vector_len(t)?;
            let e = min_alloc_size(m, m.types.scalar(t), depth + 1)?;
            if scalable {
                0
            } else {
                u128::from(n) * e
            }
        }
        TypeData::Struct { .. } | TypeData::Named(_) => {
            let (fields, _) = m.types.struct_fields(t)?;
            let mut sum = 0u128;
            for &f in fields {
                sum = sum.saturating_add(min_alloc_size(m, f, depth + 1)?);
            }
            sum
        }
        TypeData::TargetExt { .. } => 0,
        _ => u128::from(m.types.primitive_bits(t).div_ceil(8)),
    })
}

/// LLVM's "Aliases cannot form a cycle": no alias (or ifunc) may reach itself through the
/// aliases its target expression names. One walk over the alias graph with three colours, so
/// long chains cost linear time; the finding names the first alias in module order that
/// reaches a cycle. (Functions and variables end the walk: their initializers do not count.)
fn verify_aliases(m: &Module) -> Result<(), VerifyError> {
    const WHITE: u8 = 0;
    const GREY: u8 = 1;
    const BLACK: u8 = 2;
    let alias = |g: GlobalId| match &m.globals.get(g)?.kind {
        GlobalKind::Alias(a) => Some(a.target),
        _ => None,
    };
    // The aliases that the target expression `c` names.
    let named = |c: Option<Const>| {
        let mut out = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut work: Vec<Const> = c.into_iter().collect();
        while let Some(c) = work.pop() {
            if !seen.insert(c) {
                continue;
            }
            match m.consts.get(c) {
                ConstData::Global { global, .. } => {
                    if alias(*global).is_some() {
                        out.push(*global);
                    }
                }
                _ => work.extend(m.consts.operands(c)),
            }
        }
        out
    };
    let mut colour: SecondaryMap<GlobalId, u8> = SecondaryMap::new();
    for root in m.live_globals() {
        if alias(root).is_none() || colour[root] != WHITE {
            continue;
        }
        // (alias, the aliases it names, how many of those are done)
        let mut stack = vec![(root, named(alias(root)), 0)];
        colour[root] = GREY;
        while let Some((g, next, k)) = stack.last_mut() {
            if let Some(&n) = next.get(*k) {
                *k += 1;
                match colour[n] {
                    WHITE => {
                        colour[n] = GREY;
                        let targets = named(alias(n));
                        stack.push((n, targets, 0));
                    }
                    GREY => {
                        return Err(VerifyError {
                            function: String::new(),
                            offset: m.def_offset(root),
                            msg: format!(
                                "Aliases cannot form a cycle ('@{}')",
                                m.global_name(root)
                            ),
                        })
                    }
                    _ => {}
                }
            } else {
                colour[*g] = BLACK;
                stack.pop();
            }
        }
    }
    Ok(())
}

/// "None" in the dense per-function tables below.
const NONE: u32 = u32::MAX;

/// Buffers reused from one function to the next (one set per thread), so checking a function
/// allocates nothing once the buffers have grown to the largest function seen.
#[derive(Default)]
struct Scratch {
    /// Block handle -> index in `layout` (`NONE` when the block is not laid out).
    bidx: Vec<u32>,
    /// Successor and predecessor lists by layout index, as compressed rows: the successors of
    /// block `b` are `succ[succ_start[b]..succ_start[b + 1]]`. One entry per terminator
    /// operand, so a block reached twice from one switch is listed twice (as LLVM's
    /// `predecessors()` does).
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    pred_start: Vec<u32>,
    pred: Vec<u32>,
    /// Instruction handle -> (layout index of its block, position in the function's
    /// instruction order); `(NONE, NONE)` for instructions not laid out.
    inst_pos: Vec<(u32, u32)>,
    /// Dominator tree: reverse-postorder number of each block (`NONE` if unreachable),
    /// blocks in reverse postorder, immediate dominators by RPO number, and the dominator
    /// tree's DFS entry/exit numbers by RPO number (`a` dominates `b` iff `b`'s interval
    /// nests in `a`'s).
    rpo_num: Vec<u32>,
    rpo: Vec<u32>,
    idom: Vec<u32>,
    /// DFS preorder: the number of each block (`NONE` if unreachable), the blocks in
    /// preorder, and each one's DFS-tree parent by preorder number.
    pre_num: Vec<u32>,
    pre: Vec<u32>,
    parent: Vec<u32>,
    /// Lengauer–Tarjan's tables, when it runs.
    lt: LengauerTarjan,
    /// Tests: skip straight to Lengauer–Tarjan.
    force_lt: bool,
    dom_in: Vec<u32>,
    dom_out: Vec<u32>,
    child_start: Vec<u32>,
    children: Vec<u32>,
    fill: Vec<u32>,
    stack: Vec<(u32, u32)>,
    /// Phi checks: the sorted incoming blocks and the sorted predecessors.
    incoming: Vec<u32>,
    expected: Vec<u32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Lengauer–Tarjan's tables, by DFS preorder number.
#[derive(Default)]
struct LengauerTarjan {
    semi: Vec<u32>,
    label: Vec<u32>,
    /// The forest of processed vertices (`NONE`: a root), path-compressed by `eval`.
    ancestor: Vec<u32>,
    idom: Vec<u32>,
    /// Vertices by semidominator, as linked lists: `bucket[v]` heads the list, `next` links.
    bucket: Vec<u32>,
    next: Vec<u32>,
    path: Vec<u32>,
}

impl LengauerTarjan {
    /// The vertex of least semidominator on the forest path above `v` (`v` if it is a root),
    /// compressing the path on the way (iteratively: paths can be as long as the CFG).
    fn eval(&mut self, v: u32) -> u32 {
        if self.ancestor[v as usize] == NONE {
            return v;
        }
        self.path.clear();
        let mut x = v;
        while self.ancestor[self.ancestor[x as usize] as usize] != NONE {
            self.path.push(x);
            x = self.ancestor[x as usize];
        }
        while let Some(y) = self.path.pop() {
            let (y, a) = (y as usize, self.ancestor[y as usize] as usize);
            if self.semi[self.label[a] as usize] < self.semi[self.label[y] as usize] {
                self.label[y] = self.label[a];
            }
            self.ancestor[y] = self.ancestor[a];
        }
        self.label[v as usize]
    }
}

impl Scratch {
    /// Build the CFG tables of `body` and the instruction positions.
    fn build(&mut self, body: &Body) {
        let n = body.layout.len();
        self.bidx.clear();
        self.bidx.resize(body.blocks.len(), NONE);
        for (k, &b) in body.layout.iter().enumerate() {
            if let Some(slot) = self.bidx.get_mut(b.index()) {
                *slot = k as u32;
            }
        }
        self.inst_pos.clear();
        self.inst_pos.resize(body.insts.len(), (NONE, NONE));
        self.succ_start.clear();
        self.succ.clear();
        let mut order = 0u32;
        for (k, &b) in body.layout.iter().enumerate() {
            self.succ_start.push(self.succ.len() as u32);
            let Some(data) = body.blocks.get(b) else {
                continue;
            };
            for &i in &data.insts {
                if let Some(slot) = self.inst_pos.get_mut(i.index()) {
                    *slot = (k as u32, order);
                }
                order += 1;
            }
            let Some(term) = data.insts.last().and_then(|&t| body.insts.get(t)) else {
                continue;
            };
            for s in term.operands.iter().filter_map(|v| v.as_block()) {
                match self.bidx.get(s.index()) {
                    Some(&s) if s != NONE => self.succ.push(s),
                    _ => {}
                }
            }
        }
        self.succ_start.push(self.succ.len() as u32);
        // Predecessors by counting sort of the successor lists.
        self.pred_start.clear();
        self.pred_start.resize(n + 1, 0);
        for &s in &self.succ {
            self.pred_start[s as usize + 1] += 1;
        }
        for k in 0..n {
            self.pred_start[k + 1] += self.pred_start[k];
        }
        self.pred.clear();
        self.pred.resize(self.succ.len(), 0);
        self.fill.clear();
        self.fill.extend_from_slice(&self.pred_start[..n]);
        for b in 0..n {
            for e in self.succ_start[b]..self.succ_start[b + 1] {
                let s = self.succ[e as usize] as usize;
                self.pred[self.fill[s] as usize] = b as u32;
                self.fill[s] += 1;
            }
        }
    }

    fn preds(&self, b: u32) -> &[u32] {
        &self.pred[self.pred_start[b as usize] as usize..self.pred_start[b as usize + 1] as usize]
    }

    /// The dominator tree: a DFS from the entry (preorder and reverse postorder), immediate
    /// dominators by the Cooper–Harvey–Kennedy iteration over reverse postorder ("A Simple,
    /// Fast Dominance Algorithm"), then DFS intervals of the tree.
    ///
    /// That iteration is the fastest on real CFGs, but quadratic on some others (irreducible
    /// ladders need O(n) passes, a deep chain all branching to one block makes one pass O(n²)).
    /// Past a work budget linear in the CFG it gives way to Lengauer–Tarjan, O(m log n) on any
    /// CFG, so hostile input cannot make verification slow.
    fn dominators(&mut self) {
        let n = self.succ_start.len() - 1;
        self.rpo_num.clear();
        self.rpo_num.resize(n, NONE);
        self.rpo.clear();
        if n <= 1 {
            // No blocks, or just the entry (which has no predecessors, or we would not be here).
            self.rpo.extend((0..n as u32).map(|_| 0));
            self.rpo_num.fill(0);
            self.dom_in.clear();
            self.dom_in.push(0);
            self.dom_out.clear();
            self.dom_out.push(1);
            return;
        }
        // Iterative DFS: preorder numbers, DFS-tree parents (by preorder number), postorder.
        self.pre_num.clear();
        self.pre_num.resize(n, NONE);
        self.pre.clear();
        self.parent.clear();
        self.stack.clear();
        self.stack.push((0, 0));
        self.pre_num[0] = 0;
        self.pre.push(0);
        self.parent.push(0);
        while let Some(top) = self.stack.last_mut() {
            let (b, next) = *top;
            let succs = &self.succ
                [self.succ_start[b as usize] as usize..self.succ_start[b as usize + 1] as usize];
            if let Some(&s) = succs.get(next as usize) {
                top.1 += 1;
                if self.pre_num[s as usize] == NONE {
                    self.pre_num[s as usize] = self.pre.len() as u32;
                    self.parent.push(self.pre_num[b as usize]);
                    self.pre.push(s);
                    self.stack.push((s, 0));
                }
            } else {
                self.rpo.push(b);
                self.stack.pop();
            }
        }
        self.rpo.reverse();
        let r = self.rpo.len();
        for (k, &b) in self.rpo.iter().enumerate() {
            self.rpo_num[b as usize] = k as u32;
        }
        // idom by RPO number; the entry is its own.
        self.idom.clear();
        self.idom.resize(r, NONE);
        self.idom[0] = 0;
        let budget = if self.force_lt {
            0
        } else {
            16 * (r + self.pred.len()) + 64
        };
        let mut work = 0;
        let mut changed = true;
        'passes: while changed {
            changed = false;
            for k in 1..r {
                let b = self.rpo[k];
                let mut new = NONE;
                for &p in self.preds(b) {
                    let p = self.rpo_num[p as usize];
                    work += 1;
                    if p == NONE || self.idom[p as usize] == NONE {
                        continue;
                    }
                    new = if new == NONE {
                        p
                    } else {
                        self.intersect(p, new, &mut work)
                    };
                    if work > budget {
                        break 'passes;
                    }
                }
                if new != self.idom[k] {
                    self.idom[k] = new;
                    changed = true;
                }
            }
        }
        if work > budget {
            self.lengauer_tarjan();
        }
        // Children lists of the tree (compressed rows, by counting sort), then DFS numbers.
        let (starts, children, fill) = (&mut self.child_start, &mut self.children, &mut self.fill);
        starts.clear();
        starts.resize(r + 1, 0);
        for k in 1..r {
            starts[self.idom[k] as usize + 1] += 1;
        }
        for k in 0..r {
            starts[k + 1] += starts[k];
        }
        children.clear();
        children.resize(r.saturating_sub(1), 0);
        fill.clear();
        fill.extend_from_slice(&starts[..r]);
        for k in 1..r {
            let parent = self.idom[k] as usize;
            children[fill[parent] as usize] = k as u32;
            fill[parent] += 1;
        }
        self.dom_in.clear();
        self.dom_in.resize(r, 0);
        self.dom_out.clear();
        self.dom_out.resize(r, 0);
        let mut clock = 1u32;
        self.stack.clear();
        self.stack.push((0, starts[0]));
        while let Some(top) = self.stack.last_mut() {
            let (node, next) = *top;
            if next < starts[node as usize + 1] {
                top.1 += 1;
                let child = children[next as usize];
                self.dom_in[child as usize] = clock;
                clock += 1;
                self.stack.push((child, starts[child as usize]));
            } else {
                self.dom_out[node as usize] = clock;
                clock += 1;
                self.stack.pop();
            }
        }
    }

    /// The nearest common dominator of `a` and `b` (RPO numbers) in the tree so far; adds the
    /// steps taken to `work`.
    fn intersect(&self, mut a: u32, mut b: u32, work: &mut usize) -> u32 {
        while a != b {
            while a > b {
                a = self.idom[a as usize];
                *work += 1;
            }
            while b > a {
                b = self.idom[b as usize];
                *work += 1;
            }
        }
        a
    }

    /// Immediate dominators by Lengauer–Tarjan ("A Fast Algorithm for Finding Dominators in
    /// a Flowgraph", the simple version: path compression without balancing), over the DFS
    /// preorder of [`Self::dominators`]; the result goes to `idom` by RPO number.
    fn lengauer_tarjan(&mut self) {
        let r = self.pre.len();
        let mut lt = std::mem::take(&mut self.lt);
        lt.semi.clear();
        lt.semi.extend(0..r as u32);
        lt.label.clear();
        lt.label.extend(0..r as u32);
        lt.ancestor.clear();
        lt.ancestor.resize(r, NONE);
        lt.idom.clear();
        lt.idom.resize(r, 0);
        lt.bucket.clear();
        lt.bucket.resize(r, NONE);
        lt.next.clear();
        lt.next.resize(r, NONE);
        for w in (1..r).rev() {
            for &p in self.preds(self.pre[w]) {
                let v = self.pre_num[p as usize];
                if v != NONE {
                    let u = lt.eval(v);
                    lt.semi[w] = lt.semi[w].min(lt.semi[u as usize]);
                }
            }
            // w joins the bucket of its semidominator, and the forest under its DFS parent.
            let sd = lt.semi[w] as usize;
            lt.next[w] = lt.bucket[sd];
            lt.bucket[sd] = w as u32;
            let parent = self.parent[w];
            lt.ancestor[w] = parent;
            let mut v = std::mem::replace(&mut lt.bucket[parent as usize], NONE);
            while v != NONE {
                let u = lt.eval(v);
                lt.idom[v as usize] = if lt.semi[u as usize] < lt.semi[v as usize] {
                    u
                } else {
                    parent
                };
                v = lt.next[v as usize];
            }
        }
        for w in 1..r {
            if lt.idom[w] != lt.semi[w] {
                lt.idom[w] = lt.idom[lt.idom[w] as usize];
            }
        }
        let rpo_of = |pre: u32| self.rpo_num[self.pre[pre as usize] as usize];
        for w in 1..r {
            self.idom[rpo_of(w as u32) as usize] = rpo_of(lt.idom[w]);
        }
        self.lt = lt;
    }

    fn reachable(&self, b: u32) -> bool {
        self.rpo_num[b as usize] != NONE
    }

    /// Block dominance by layout index, as LLVM's `DominatorTree::dominates(A, B)`: an
    /// unreachable block is dominated by everything and dominates nothing.
    fn dominates(&self, a: u32, b: u32) -> bool {
        let (a, b) = (self.rpo_num[a as usize], self.rpo_num[b as usize]);
        if a == b || b == NONE {
            return true;
        }
        if a == NONE {
            return false;
        }
        let (a, b) = (a as usize, b as usize);
        self.dom_in[a] <= self.dom_in[b] && self.dom_out[b] <= self.dom_out[a]
    }
}

struct Checker<'a> {
    m: &'a Module,
    g: GlobalId,
    f: &'a Function,
    body: &'a Body,
}

impl Checker<'_> {
    fn fail<T>(&self, at: Option<Inst>, msg: impl Into<String>) -> Result<T, VerifyError> {
        Err(VerifyError {
            function: self.m.global_name(self.g),
            offset: at
                .and_then(|i| self.body.source_offsets.get(i).copied())
                .filter(|&o| o != 0),
            msg: msg.into(),
        })
    }

    fn ty(&self, v: Value) -> Option<Type> {
        Some(match v {
            Value::Const(c) => self.m.consts.ty(c),
            Value::Arg(i) => self.f.params.get(i as usize)?.ty,
            Value::Inst(i) => self.body.insts.get(i)?.ty,
            _ => return None,
        })
    }

    fn type_name(&self, t: Type) -> String {
        crate::writer::type_to_string(self.m, t)
    }
}

fn verify_function(
    m: &Module,
    g: GlobalId,
    f: &Function,
    body: &Body,
    facts: &Facts,
    s: &mut Scratch,
) -> Result<(), VerifyError> {
    let c = Checker { m, g, f, body };
    let Facts {
        intrinsics,
        group_facts,
        ranges,
        sized,
    } = facts;
    // The result type of the function's first landing pad, which all must share.
    let mut landingpad_ty = None;
    let (ret, _, _) = m
        .types
        .func_parts(f.fn_ty)
        .expect("a function has a function type");
    s.build(body);
    if !body.layout.is_empty() && !s.preds(0).is_empty() {
        let p = body.layout[s.preds(0)[0] as usize];
        return c.fail(
            body.terminator(p),
            "Entry block to function must not have predecessors!",
        );
    }
    s.dominators();
    // Whether the body called `llvm.localescape` (which it may once).
    let mut escaped = false;
    for (bi, &b) in body.layout.iter().enumerate() {
        let bi = bi as u32;
        let insts = &body.blocks[b].insts;
        let mut seen_non_phi = false;
        for (k, &i) in insts.iter().enumerate() {
            let d = &body.insts[i];
            let last = k + 1 == insts.len();
            if d.opcode.is_terminator() != last {
                return c.fail(
                    Some(i),
                    if last {
                        "Block does not end with a terminator!"
                    } else {
                        "Terminator found in the middle of a basic block!"
                    },
                );
            }
            match d.opcode {
                Opcode::Phi => {
                    if seen_non_phi {
                        return c.fail(Some(i), "PHI nodes not grouped at top of basic block!");
                    }
                    s.incoming.clear();
                    s.incoming.extend(d.operands.chunks(2).filter_map(|p| {
                        let b = p.get(1)?.as_block()?;
                        Some(s.bidx.get(b.index()).copied().unwrap_or(NONE))
                    }));
                    s.expected.clear();
                    s.expected.extend_from_slice(
                        &s.pred[s.pred_start[bi as usize] as usize
                            ..s.pred_start[bi as usize + 1] as usize],
                    );
                    s.incoming.sort_unstable();
                    s.expected.sort_unstable();
                    if s.incoming != s.expected {
                        let msg = if s.incoming.len() != s.expected.len() {
                            "PHINode should have one entry for each predecessor of its parent basic block!"
                        } else {
                            "PHI node entries do not match predecessors!"
                        };
                        return c.fail(Some(i), msg);
                    }
                    // A block named twice (a switch with two cases to one block) comes with
                    // the same value each time.
                    if s.incoming.windows(2).any(|w| w[0] == w[1]) {
                        let ambiguous = d.operands.chunks(2).enumerate().any(|(k, p)| {
                            d.operands[..2 * k]
                                .chunks(2)
                                .any(|q| q.get(1) == p.get(1) && q[0] != p[0])
                        });
                        if ambiguous {
                            return c.fail(Some(i), "PHI node has multiple entries for the same basic block with different incoming values!");
                        }
                    }
                    for pair in d.operands.chunks(2) {
                        if c.ty(pair[0]).is_some_and(|t| t != d.ty) {
                            return c.fail(
                                Some(i),
                                "PHI node operands are not the same type as the result!",
                            );
                        }
                    }
                }
                _ => seen_non_phi = true,
            }
            if intrinsics.misused_by(d) {
                return c.fail(Some(i), "Invalid user of intrinsic instruction!");
            }
            if !d.md.is_empty() {
                if let Some(msg) = attachment_misplaced(m, d) {
                    return c.fail(Some(i), msg);
                }
                let float = matches!(m.types.get(m.types.scalar(d.ty)), TypeData::Float(_));
                if !float && d.md.iter().any(|a| &*a.kind == "fpmath") {
                    return c.fail(Some(i), "fpmath requires a floating point result!");
                }
                // `!range` on a load or call: integers of the result's (scalar) type.
                let range = d.md.iter().find(|a| &*a.kind == "range");
                if let Some(shape) = range.and_then(|a| ranges.shape(&a.md)) {
                    let bits = match m.types.get(m.types.scalar(d.ty)) {
                        TypeData::Int(b) => Some(*b),
                        _ => None,
                    };
                    if let Some(msg) = shape.problem(bits) {
                        return c.fail(Some(i), msg);
                    }
                }
            }
            match d.opcode {
                Opcode::Ret => {
                    let got = d
                        .operands
                        .first()
                        .and_then(|&v| c.ty(v))
                        .unwrap_or_else(|| m.types.lookup(&TypeData::Void).unwrap_or(ret));
                    if got != ret {
                        return c.fail(
                            Some(i),
                            format!("Function return type does not match operand type of return inst! ({} vs {})", c.type_name(got), c.type_name(ret)),
                        );
                    }
                }
                Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                    if d.opcode == Opcode::Invoke && !unwinds_to_pad(body, d) {
                        return c.fail(
                            Some(i),
                            "The unwind destination does not have an exception handling instruction!",
                        );
                    }
                    if let Some(ci) = d.call_info() {
                        if calls_forbidden(&ci.cc) {
                            return c.fail(Some(i), "calling convention does not permit calls");
                        }
                        let called = d.callee().and_then(|v| match v {
                            Value::Const(k) => m.function(m.consts.as_global(k)?),
                            _ => None,
                        });
                        if called.is_none() {
                            let ret = m.types.func_parts(ci.fn_ty).map(|(r, _, _)| m.types.get(r));
                            match ret {
                                Some(TypeData::Token) => {
                                    return c.fail(
                                        Some(i),
                                        "Return type cannot be token for indirect call!",
                                    )
                                }
                                Some(TypeData::X86Amx) => {
                                    return c.fail(
                                        Some(i),
                                        "Return type cannot be x86_amx for indirect call!",
                                    )
                                }
                                _ => {}
                            }
                        }
                        // Only a call of a function that is itself speculatable.
                        if group_facts.speculatable.in_set(&ci.attrs.func)
                            && !called
                                .is_some_and(|f| group_facts.speculatable.in_set(&f.attrs.func))
                        {
                            return c.fail(
                                Some(i),
                                "speculatable attribute may not apply to call sites",
                            );
                        }
                        if let Some(msg) = group_facts.problem(&ci.attrs.func) {
                            return c.fail(Some(i), msg);
                        }
                        let callee = d
                            .callee()
                            .and_then(|v| match v {
                                Value::Const(k) => m.consts.as_global(k),
                                _ => None,
                            })
                            .and_then(|g| {
                                let name = m.globals[g].common().name.as_str()?;
                                Some((m.function(g)?, name))
                            })
                            .filter(|(_, n)| n.starts_with("llvm."));
                        if let Some((callee, name)) = callee {
                            // LLVM takes any `llvm.` name for an intrinsic, known or not.
                            if callee.fn_ty != ci.fn_ty {
                                return c
                                    .fail(Some(i), "Intrinsic called with incompatible signature");
                            }
                            if let Some(msg) =
                                crate::intrinsics::signature_problem(&m.types, name, ci.fn_ty)
                            {
                                return c.fail(Some(i), msg);
                            }
                            let problem =
                                intrinsic_call_problem(&c, d, ci, callee, name, bi, &mut escaped);
                            if let Some(msg) = problem {
                                return c.fail(Some(i), msg);
                            }
                        }
                        if !ci.bundles.is_empty() {
                            if let Some(msg) = bundles_problem(&c, d, ci) {
                                return c.fail(Some(i), msg);
                            }
                        }
                        if let Some(Value::Asm(a)) = d.callee() {
                            if let Some(msg) =
                                asm_operands_problem(&c, d, ci, &m.asms[a].constraints)
                            {
                                return c.fail(Some(i), msg);
                            }
                        }
                        if d.opcode == Opcode::CallBr {
                            // An asm's label constraints (`!i`) name its indirect destinations.
                            if let Some(Value::Asm(a)) = d.callee() {
                                let labels = m.asms[a]
                                    .constraints
                                    .split(|&b| b == b',')
                                    .filter(|c| c.trim_ascii_start().starts_with(b"!"))
                                    .count();
                                if labels != ci.indirect_dests as usize {
                                    return c.fail(Some(i), "Number of label constraints does not match number of callbr dests");
                                }
                            }
                        }
                        if let Some((_, params, varargs)) = m.types.func_parts(ci.fn_ty) {
                            let n = d.num_call_args();
                            if n < params.len() || (!varargs && n != params.len()) {
                                return c.fail(
                                    Some(i),
                                    "Incorrect number of arguments passed to called function!",
                                );
                            }
                            for (k, &p) in params.iter().enumerate() {
                                if c.ty(d.operands[k]).is_some_and(|t| t != p) {
                                    return c.fail(Some(i), format!("Call parameter type does not match function signature! (argument {})", k + 1));
                                }
                                if matches!(d.operands[k], Value::Const(_))
                                    && matches!(m.types.get(p), TypeData::X86Amx)
                                {
                                    return c.fail(
                                        Some(i),
                                        "const x86_amx is not allowed in argument!",
                                    );
                                }
                            }
                            if let Some(msg) = call_attrs_problem(&c, d, ci, params.len()) {
                                return c.fail(Some(i), msg);
                            }
                        }
                        if ci.tail == crate::inst::TailKind::MustTail {
                            if let Some((at, msg)) = musttail_problem(&c, d, ci, i, &insts[k + 1..])
                            {
                                return c.fail(Some(at), msg);
                            }
                        }
                    }
                }
                Opcode::Resume if f.personality.is_none() => {
                    return c.fail(
                        Some(i),
                        "ResumeInst needs to be in a function with a personality.",
                    );
                }
                Opcode::LandingPad if *landingpad_ty.get_or_insert(d.ty) != d.ty => {
                    return c.fail(Some(i), "The landingpad instruction should have a consistent result type inside a function.");
                }
                Opcode::CleanupRet => {
                    let from_pad = matches!(d.operands.first(), Some(Value::Inst(p))
                        if body.insts.get(*p).is_some_and(|p| p.opcode == Opcode::CleanupPad));
                    if !from_pad {
                        return c.fail(
                            Some(i),
                            "CleanupReturnInst needs to be provided a CleanupPad",
                        );
                    }
                }
                // Sizes the reader leaves to the verifier: those of accesses with an explicit
                // alignment, and of every `getelementptr`'s source type, against the
                // module's final type bodies.
                Opcode::Store => {
                    if let Some(p) = d.operands.get(1).and_then(|&v| c.ty(v)) {
                        if !m.types.is_pointer(p) {
                            return c.fail(Some(i), "Store operand must be a pointer.");
                        }
                    }
                    let val = d.operands.first().and_then(|&v| c.ty(v));
                    if val.is_some_and(|t| !m.types.is_sized_among(t, sized)) {
                        return c.fail(Some(i), "storing unsized types is not allowed");
                    }
                }
                Opcode::Alloca => {
                    if let InstExtra::Alloca { allocated, .. } = &d.extra {
                        if !m.types.is_sized_among(*allocated, sized) {
                            return c.fail(Some(i), "Cannot allocate unsized type");
                        }
                    }
                    if let Some(msg) = target::alloca_problem(&c, d) {
                        return c.fail(Some(i), msg);
                    }
                }
                Opcode::Load => {
                    if let Some(p) = d.operands.first().and_then(|&v| c.ty(v)) {
                        if !m.types.is_pointer(p) {
                            return c.fail(Some(i), "Load operand must be a pointer.");
                        }
                    }
                    if !m.types.is_sized_among(d.ty, sized) {
                        return c.fail(Some(i), "loading unsized types is not allowed");
                    }
                }
                Opcode::GetElementPtr => {
                    if let InstExtra::Gep { source } = &d.extra {
                        if !m.types.is_sized_among(*source, sized) {
                            return c.fail(Some(i), "GEP into unsized type!");
                        }
                    }
                }
                Opcode::ShuffleVector => {
                    // LLVM's `ShuffleVectorInst::isValidOperands` (checked by its parser):
                    // two vectors of one type, and every mask element poison (-1) or an
                    // index into their concatenation (only 0 for scalable vectors).
                    let (a, b) = (
                        d.operands.first().and_then(|&v| c.ty(v)),
                        d.operands.get(1).and_then(|&v| c.ty(v)),
                    );
                    let valid = match (a, &d.extra) {
                        (Some(a), InstExtra::Shuffle(mask)) => {
                            b.is_none_or(|b| b == a)
                                && m.types.vector_len(a).is_some_and(|(n, scalable)| {
                                    let limit = if scalable { 1 } else { 2 * i64::from(n) };
                                    mask.iter()
                                        .all(|&k| k == -1 || (0..limit).contains(&i64::from(k)))
                                })
                        }
                        _ => true,
                    };
                    if !valid {
                        return c.fail(Some(i), "invalid shufflevector operands");
                    }
                }
                Opcode::Select => {
                    if let (Some(a), Some(b)) = (
                        d.operands.get(1).and_then(|&v| c.ty(v)),
                        d.operands.get(2).and_then(|&v| c.ty(v)),
                    ) {
                        if a != b {
                            return c.fail(Some(i), "Invalid operands for select instruction!");
                        }
                    }
                }
                _ => {}
            }
            check_dominance(&c, s, bi, i, d)?;
        }
    }
    Ok(())
}

/// LLVM's `Verifier::verifyMustTailCall` for `musttail` call `d` (instruction `i`, followed in
/// its block by `next`), up to the ABI-impacting attributes, which are not compared: the
/// caller's and callee's prototypes and calling conventions agree, and the call is returned
/// at once (through at most a bitcast). The finding and the instruction it is about.
fn musttail_problem(
    c: &Checker<'_>,
    d: &InstData,
    ci: &crate::inst::CallInfo,
    i: Inst,
    next: &[Inst],
) -> Option<(Inst, &'static str)> {
    let types = &c.m.types;
    if matches!(d.callee(), Some(Value::Asm(_))) {
        return Some((i, "cannot use musttail call with inline asm"));
    }
    let (ret, params, varargs) = types.func_parts(c.f.fn_ty)?;
    let (callee_ret, callee_params, callee_varargs) = types.func_parts(ci.fn_ty)?;
    // LLVM's `isTypeCongruent`: equal, or pointers of one address space.
    let congruent = |a: Type, b: Type| {
        a == b
            || types
                .pointer_addrspace(a)
                .is_some_and(|s| types.pointer_addrspace(b) == Some(s))
    };
    if varargs != callee_varargs {
        return Some((i, "cannot guarantee tail call due to mismatched varargs"));
    }
    if !congruent(ret, callee_ret) {
        return Some((
            i,
            "cannot guarantee tail call due to mismatched return types",
        ));
    }
    if c.f.cc != ci.cc {
        return Some((
            i,
            "cannot guarantee tail call due to mismatched calling conv",
        ));
    }
    let mut result = Value::Inst(i);
    let mut next = next.iter().map(|&n| (n, &c.body.insts[n]));
    let mut after = next.next();
    if let Some((b, cast)) = after.filter(|(_, n)| n.opcode == Opcode::BitCast) {
        if cast.operands.first() != Some(&result) {
            return Some((b, "bitcast following musttail call must use the call"));
        }
        result = Value::Inst(b);
        after = next.next();
    }
    let Some((r, ret_inst)) = after.filter(|(_, n)| n.opcode == Opcode::Ret) else {
        return Some((
            i,
            "musttail call must precede a ret with an optional bitcast",
        ));
    };
    let returned = match ret_inst.operands.first() {
        None => true,
        Some(&v) => {
            v == result
                || matches!(v, Value::Const(k)
                    if matches!(c.m.consts.get(k), ConstData::Undef(_) | ConstData::Poison(_)))
        }
    };
    if !returned {
        return Some((r, "musttail call result must be returned"));
    }
    // `tailcc` and `swifttailcc` calls need not match the caller's parameters, nor do calls
    // of intrinsics (`musttail call void (...) @llvm.icall.branch.funnel(...)`).
    if matches!(ci.cc.0.as_deref(), Some("tailcc" | "swifttailcc")) {
        return None;
    }
    let intrinsic = match d.callee() {
        Some(Value::Const(k)) => c.m.consts.as_global(k).is_some_and(|g| {
            matches!(&c.m.globals[g].common().name, crate::module::Name::Named(n) if n.starts_with("llvm."))
        }),
        _ => false,
    };
    if intrinsic {
        return None;
    }
    if params.len() != callee_params.len() {
        return Some((
            i,
            "cannot guarantee tail call due to mismatched parameter counts",
        ));
    }
    if params
        .iter()
        .zip(callee_params)
        .any(|(&a, &b)| !congruent(a, b))
    {
        return Some((
            i,
            "cannot guarantee tail call due to mismatched parameter types",
        ));
    }
    None
}

/// The call-site half of LLVM's `Verifier::verifyCallSite` for the attributes of call `d`
/// (whose callee type has `fixed` parameters): each argument's and the result's attributes
/// against their types, and what variadic arguments may not carry.
fn call_attrs_problem(
    c: &Checker<'_>,
    d: &InstData,
    ci: &crate::inst::CallInfo,
    fixed: usize,
) -> Option<String> {
    let attrs = &ci.attrs;
    if attrs.ret.attrs.is_empty() && attrs.params.iter().all(|p| p.attrs.is_empty()) {
        return None;
    }
    if !attrs.ret.attrs.is_empty() {
        let ret = c.m.types.func_parts(ci.fn_ty)?.0;
        if let Some(msg) = value_attrs_problem(c.m, &attrs.ret, ret) {
            return Some(msg);
        }
    }
    let n = d.num_call_args();
    for (k, set) in attrs.params.iter().enumerate().take(n) {
        if set.attrs.is_empty() {
            continue;
        }
        if let Some(msg) = c
            .ty(d.operands[k])
            .and_then(|t| value_attrs_problem(c.m, set, t))
        {
            return Some(msg);
        }
        // The last fixed argument, if `inalloca`, comes from an `inalloca` alloca.
        if k + 1 == fixed && set.has("inalloca") {
            let from = match d.operands[k] {
                Value::Inst(a) => c.body.insts.get(a).map(|a| &a.extra),
                _ => None,
            };
            if let Some(InstExtra::Alloca {
                inalloca: false, ..
            }) = from
            {
                return Some("inalloca argument for call has mismatched alloca".into());
            }
        }
        if k >= fixed {
            let statepoint = matches!(d.callee(), Some(Value::Const(g))
                if c.m.consts.as_global(g).is_some_and(|g| c.m.global_name(g).starts_with("llvm.experimental.gc.statepoint")));
            if set.has("sret") && !statepoint {
                return Some("Attribute 'sret' cannot be used for vararg call arguments!".into());
            }
            if set.has("inalloca") && k + 1 != n {
                return Some("inalloca isn't on the last argument!".into());
            }
        }
    }
    None
}

/// LLVM's `Verifier::visitIntrinsicCall` for the intrinsics any target's IR may call, by
/// name (`name`, that of `callee`): call `d` in block `block` (by layout index); `escaped`
/// says whether the function called `llvm.localescape` before.
fn intrinsic_call_problem(
    c: &Checker<'_>,
    d: &InstData,
    ci: &crate::inst::CallInfo,
    callee: &Function,
    name: &str,
    block: u32,
    escaped: &mut bool,
) -> Option<std::borrow::Cow<'static, str>> {
    if let Some(msg) = intrinsic_args_problem(c, d, ci, callee, name) {
        return Some(msg);
    }
    if let Some(msg) = target::target_intrinsic_problem(c, d, ci, name) {
        return Some(msg);
    }
    intrinsic_rules_problem(c, d, ci, name, block, escaped).map(std::borrow::Cow::Borrowed)
}

/// LLVM's checks of an intrinsic call's `immarg` arguments: constants, within their ranges.
fn intrinsic_args_problem(
    c: &Checker<'_>,
    d: &InstData,
    ci: &crate::inst::CallInfo,
    callee: &Function,
    name: &str,
) -> Option<std::borrow::Cow<'static, str>> {
    let args = d.num_call_args();
    // An `immarg` parameter takes a constant integer or float: marked so by the declaration
    // (of any `llvm.` name) or by LLVM itself for the intrinsics it knows; the call site
    // only repeats it.
    let immarg = |ps: &[crate::attr::AttrSet], k: usize| ps.get(k).is_some_and(|p| p.has("immarg"));
    let marked =
        |k: usize| immarg(&callee.attrs.params, k) || crate::intrinsics::has_immarg(name, k);
    if (0..args).any(|k| immarg(&ci.attrs.params, k) && !marked(k)) {
        return Some("immarg may not apply only to call sites".into());
    }
    let immediate = |v: Value| {
        matches!(v, Value::Const(k)
        if matches!(c.m.consts.get(k), ConstData::Int { .. } | ConstData::Float { .. }))
    };
    if (0..args).any(|k| marked(k) && !immediate(d.operands[k])) {
        return Some("immarg operand has non-immediate parameter".into());
    }
    (0..args)
        .filter(|&k| marked(k))
        .find_map(|k| target::immarg_range_problem(c, d, ci, callee, name, k))
        .map(Into::into)
}

/// LLVM's `Verifier::visitIntrinsicCall` rules of the intrinsics any target's IR may call,
/// past their arguments' `immarg` checks.
fn intrinsic_rules_problem(
    c: &Checker<'_>,
    d: &InstData,
    ci: &crate::inst::CallInfo,
    name: &str,
    block: u32,
    escaped: &mut bool,
) -> Option<&'static str> {
    let int_const = |k: usize| match d.operands.get(k) {
        Some(Value::Const(k)) => match c.m.consts.get(*k) {
            ConstData::Int { val, .. } => val.as_u64(),
            _ => None,
        },
        _ => None,
    };
    let args = d.num_call_args();
    // The intrinsic `base` under any type suffix (`llvm.arm.ldrex.p0`, not `llvm.arm.ldrexd`).
    let named = |base: &str| {
        name.strip_prefix(base)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
    };
    // An assumption's operand bundles name attributes (`"align"(ptr %p, i64 8)`).
    if name == "llvm.assume" {
        let is_true = int_const(0) == Some(1);
        if !ci.bundles.is_empty() && !is_true {
            return Some("assume with operand bundles must have i1 true condition");
        }
        let valid = |tag: &str| {
            matches!(tag, "ignore" | "separate_storage") || crate::reader::is_attribute_keyword(tag)
        };
        if ci.bundles.iter().any(|b| !valid(&b.tag)) {
            return Some("tags must be valid attribute names");
        }
    }
    // `va_start` reads the caller's variable arguments.
    if named("llvm.va_start") {
        let varargs = c.m.types.func_parts(c.f.fn_ty).is_some_and(|p| p.2);
        if !varargs {
            return Some("va_start called in a non-varargs function");
        }
    }
    // The address of a thread-local variable: a global, and a `thread_local` one.
    if name.starts_with("llvm.threadlocal.address") {
        let global = match d.operands.first() {
            Some(&Value::Const(k)) => c.m.consts.as_global(k),
            _ => None,
        };
        let Some(g) = global else {
            return Some("llvm.threadlocal.address first argument must be a GlobalValue");
        };
        if c.m.globals[g].common().thread_local.is_none() {
            return Some("llvm.threadlocal.address operand isThreadLocal() must be true");
        }
    }
    // `Call.getParamElementType(k)`: the call site's own `elementtype` on argument `k`.
    let elementtype = |k: usize| ci.attrs.params.get(k).is_some_and(|p| p.has("elementtype"));
    // GEP-like and exclusive-access intrinsics say through `elementtype` what they access
    // (the AArch64 and ARM ones are checked by those targets' verifier plugins, which opt has).
    let first = [
        "llvm.preserve.array.access.index",
        "llvm.preserve.struct.access.index",
        "llvm.aarch64.ldxr",
        "llvm.aarch64.ldaxr",
        "llvm.arm.ldrex",
        "llvm.arm.ldaex",
    ];
    if first.iter().any(|b| named(b)) && !elementtype(0) {
        return Some("Intrinsic requires elementtype attribute on first argument.");
    }
    let second = [
        "llvm.aarch64.stxr",
        "llvm.aarch64.stlxr",
        "llvm.arm.strex",
        "llvm.arm.stlex",
    ];
    if second.iter().any(|b| named(b)) && !elementtype(1) {
        return Some("Intrinsic requires elementtype attribute on second argument.");
    }
    if let Some(msg) = layout_intrinsic_problem(c, d, name) {
        return Some(msg);
    }
    if name == "llvm.gcroot" {
        let mut root = d.operands.first().copied();
        while let Some(Value::Inst(k)) = root {
            let inst = &c.body.insts[k];
            if !matches!(inst.opcode, Opcode::BitCast | Opcode::AddrSpaceCast) {
                break;
            }
            root = inst.operands.first().copied();
        }
        let allocated = match root {
            Some(Value::Inst(k)) => match &c.body.insts[k].extra {
                InstExtra::Alloca { allocated, .. } => Some(*allocated),
                _ => None,
            },
            _ => None,
        };
        let Some(allocated) = allocated else {
            return Some("llvm.gcroot parameter #1 must be an alloca.");
        };
        let metadata = match d.operands.get(1) {
            Some(&Value::Const(k)) => Some(c.m.consts.get(k)),
            _ => None,
        };
        let Some(metadata) = metadata else {
            return Some("llvm.gcroot parameter #2 must be a constant.");
        };
        if !c.m.types.is_pointer(allocated) && matches!(metadata, ConstData::Null(_)) {
            return Some("llvm.gcroot parameter #1 must either be a pointer alloca, or argument #2 must be a non-null constant.");
        }
    }
    match name {
        // Under any suffix: its declaration takes the name of its types when it is read.
        _ if named("llvm.fptrunc.round") => {
            let mode = match d.operands.get(1) {
                Some(Value::Md(k)) => match c.body.md_args.get(*k) {
                    Some(crate::metadata::Metadata::Text(t)) => Some(&**t),
                    _ => None,
                },
                _ => None,
            };
            let known = matches!(
                mode,
                Some(
                    "!\"round.dynamic\""
                        | "!\"round.tonearest\""
                        | "!\"round.tonearestaway\""
                        | "!\"round.downward\""
                        | "!\"round.upward\""
                        | "!\"round.towardzero\""
                )
            );
            (!known).then_some("unsupported rounding mode argument")
        }
        // The callee's type is what the statepoint calls through.
        _ if named("llvm.experimental.gc.statepoint") && args > 2 && !elementtype(2) => {
            Some("gc.statepoint callee argument must have elementtype attribute")
        }
        "llvm.gcroot" | "llvm.gcread" | "llvm.gcwrite" if c.f.gc.is_none() => {
            Some("Enclosing function does not use GC.")
        }
        "llvm.localescape" => {
            if block != 0 {
                return Some("llvm.localescape used outside of entry block");
            }
            if std::mem::replace(escaped, true) {
                return Some("multiple calls to llvm.localescape in one function");
            }
            None
        }
        "llvm.experimental.guard" => {
            if d.opcode == Opcode::Invoke {
                return Some("experimental_guard cannot be invoked");
            }
            let deopts = ci.bundles.iter().filter(|b| &*b.tag == "deopt").count();
            (deopts != 1)
                .then_some("experimental_guard must have exactly one \"deopt\" operand bundle")
        }
        // Before LLVM 22 the alignment was an argument. The reader upgrades such calls in
        // opaque-pointer IR (and refuses a bad alignment there); typed-pointer IR keeps them.
        _ if name.starts_with("llvm.masked.load.") && args == 4 => int_const(1)
            .filter(|a| !a.is_power_of_two())
            .map(|_| "Invalid alignment argument"),
        _ if name.starts_with("llvm.masked.store.") && args == 4 => int_const(2)
            .filter(|a| !a.is_power_of_two())
            .map(|_| "Invalid alignment argument"),
        _ if name.starts_with("llvm.get.active.lane.mask.") => {
            let types = &c.m.types;
            if types.vector_len(d.ty).is_none() {
                Some("get_active_lane_mask: must return a vector")
            } else if !matches!(types.get(types.scalar(d.ty)), TypeData::Int(1)) {
                Some("get_active_lane_mask: element type is not i1")
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The rules of intrinsics whose types the data layout constrains (`ptrmask`'s mask is as
/// wide as its pointer's index, `get.dynamic.area.offset` returns an integer as wide as a
/// stack pointer), and `experimental.vp.splice`'s index, within the vector's known length.
fn layout_intrinsic_problem(c: &Checker<'_>, d: &InstData, name: &str) -> Option<&'static str> {
    let types = &c.m.types;
    let dl = || c.m.datalayout.as_deref().unwrap_or("");
    let int_bits = |t: Type| match types.get(types.scalar(t)) {
        TypeData::Int(b) => Some(*b),
        _ => None,
    };
    if name.starts_with("llvm.ptrmask.") {
        let ptr = d.operands.first().and_then(|&v| c.ty(v))?;
        let mask = d.operands.get(1).and_then(|&v| c.ty(v))?;
        let space = types.pointer_addrspace(types.scalar(ptr))?;
        let index = crate::datalayout::pointer_spec(dl(), space).1;
        if int_bits(mask) != Some(index) {
            return Some("llvm.ptrmask intrinsic second argument bitwidth must match pointer index type size of first argument");
        }
    } else if name.starts_with("llvm.get.dynamic.area.offset.") {
        let stack = crate::datalayout::alloca_addrspace(dl());
        let scalar_int = matches!(types.get(d.ty), TypeData::Int(_));
        if !scalar_int || int_bits(d.ty) != Some(crate::datalayout::pointer_spec(dl(), stack).0) {
            return Some("get_dynamic_area_offset result type must be scalar integer matching alloca address space width");
        }
    } else if name.starts_with("llvm.experimental.vp.splice.") {
        let (lanes, _) = types.vector_len(d.ty)?;
        let index = match d.operands.get(2) {
            Some(&Value::Const(k)) => match c.m.consts.get(k) {
                ConstData::Int { val, .. } => val.as_i64()?,
                _ => return None,
            },
            _ => return None,
        };
        let known = i128::from(lanes) * i128::from(vscale_range_min(c.m, c.f).unwrap_or(1));
        let index = i128::from(index);
        if !((index < 0 && -index <= known) || (index >= 0 && index < known)) {
            return Some("The splice index exceeds the range [-VL, VL-1] where VL is the known minimum number of elements in the vector. For scalable vectors the minimum number of elements is determined from vscale_range.");
        }
    }
    None
}

/// The minimum of function `f`'s `vscale_range(min[, max])`, inline or through a group.
fn vscale_range_min(m: &Module, f: &Function) -> Option<u64> {
    fn_attrs(m, &f.attrs.func).find_map(|a| match a {
        crate::attr::Attr::Other(t) => {
            let args = t.strip_prefix("vscale_range(")?.strip_suffix(')')?;
            args.split(',').next()?.trim().parse().ok()
        }
        _ => None,
    })
}

/// LLVM's `verifyInlineAsmCall`: each constraint that takes an argument (an input, or an
/// indirect output `=*m`) against the call's argument, in order: an indirect one (`*` after
/// the `=`/`!` prefix, if any) takes a pointer with `elementtype`, a direct one no
/// `elementtype`. Constraints are split at commas outside `{...}` register names.
fn asm_operands_problem(
    c: &Checker<'_>,
    d: &InstData,
    ci: &crate::inst::CallInfo,
    constraints: &[u8],
) -> Option<&'static str> {
    let args = d.num_call_args();
    let mut arg = 0usize;
    let mut rest = constraints;
    while !rest.is_empty() && arg < args {
        let mut end = 0;
        while end < rest.len() && rest[end] != b',' {
            if rest[end] == b'{' {
                end += rest[end..]
                    .iter()
                    .position(|&b| b == b'}')
                    .unwrap_or(rest.len() - end);
            }
            end += 1;
        }
        let code = &rest[..end.min(rest.len())];
        rest = rest.get(end + 1..).unwrap_or_default();
        let (kind, tail) = match code.first() {
            Some(b'~') => continue,
            Some(&k @ (b'=' | b'!')) => (k, &code[1..]),
            _ => (0, code),
        };
        let indirect = tail.first() == Some(&b'*');
        if kind == b'!' || (kind == b'=' && !indirect) {
            continue;
        }
        let elementtype = ci
            .attrs
            .params
            .get(arg)
            .is_some_and(|p| p.has("elementtype"));
        if indirect {
            if c.ty(d.operands[arg])
                .is_some_and(|t| !c.m.types.is_pointer(t))
            {
                return Some("Operand for indirect constraint must have pointer type");
            }
            if !elementtype {
                return Some("Operand for indirect constraint must have elementtype attribute");
            }
        } else if elementtype {
            return Some("Elementtype attribute can only be applied for indirect constraints");
        }
        arg += 1;
    }
    None
}

/// LLVM's checks of a call's operand bundles: the tags that may appear once, and the inputs
/// some of them take (a `kcfi` bundle's one `i32` constant, a `ptrauth` bundle's two).
fn bundles_problem(c: &Checker<'_>, d: &InstData, ci: &crate::inst::CallInfo) -> Option<String> {
    let mut seen: smallvec::SmallVec<[&str; 4]> = smallvec::SmallVec::new();
    for b in &ci.bundles {
        let tag = &*b.tag;
        let (shown, inputs) = match tag {
            "clang.arc.attachedcall" => {
                if seen.contains(&tag) {
                    return Some(r#"Multiple "clang.arc.attachedcall" operand bundles"#.into());
                }
                seen.push(tag);
                if let Some(msg) = attached_call_problem(c, d, ci, &b.inputs) {
                    return Some(msg.into());
                }
                continue;
            }
            "deopt" | "gc-transition" | "gc-live" => (tag, None),
            "funclet" | "kcfi" | "preallocated" => (tag, Some((1, "exactly one", "operand"))),
            "cfguardtarget" => ("CFGuardTarget", Some((1, "exactly one", "operand"))),
            "ptrauth" => (tag, Some((2, "exactly two", "operands"))),
            "convergencectrl" => {
                if seen.contains(&tag) {
                    return Some(
                        "The 'convergencectrl' bundle can occur at most once on a call".into(),
                    );
                }
                seen.push(tag);
                continue;
            }
            _ => continue,
        };
        if seen.contains(&tag) {
            return Some(format!("Multiple {shown} operand bundles"));
        }
        seen.push(tag);
        if let Some((n, words, noun)) = inputs {
            if b.inputs.len() != n {
                return Some(format!("Expected {words} {tag} bundle {noun}"));
            }
        }
        if tag == "kcfi" {
            let i32_const = matches!(b.inputs[0], Value::Const(k)
                if matches!(c.m.consts.get(k), ConstData::Int { ty, .. }
                    if matches!(c.m.types.get(*ty), TypeData::Int(32))));
            if !i32_const {
                return Some("Kcfi bundle operand must be an i32 constant".into());
            }
        }
    }
    None
}

/// The ObjC runtime functions a `clang.arc.attachedcall` bundle may name, as intrinsics
/// (`llvm.objc.` before the name) or as plain functions (`objc_` before it).
const ARC_ATTACHED_CALLS: &[&str] = &[
    "retainAutoreleasedReturnValue",
    "claimAutoreleasedReturnValue",
    "unsafeClaimAutoreleasedReturnValue",
];

/// LLVM's `Verifier::verifyAttachedCallBundle` for call `d` with a `clang.arc.attachedcall`
/// bundle of `inputs`: the call returns a pointer (or `void`, and never returns), and the
/// bundle names exactly one function, one of the ObjC runtime's that take over a returned
/// object (an alias or anything else is no function).
fn attached_call_problem(
    c: &Checker<'_>,
    d: &InstData,
    ci: &crate::inst::CallInfo,
    inputs: &[Value],
) -> Option<&'static str> {
    let m = c.m;
    let ret = m.types.func_parts(ci.fn_ty)?.0;
    let fits = m.types.is_pointer(ret)
        || (*m.types.get(ret) == TypeData::Void && call_never_returns(m, d, ci));
    if !fits {
        return Some(
            r#"a call with operand bundle "clang.arc.attachedcall" must call a function returning a pointer or a non-returning function that has a void return type"#,
        );
    }
    let named = match inputs {
        [Value::Const(k)] => m.consts.as_global(*k).filter(|&g| m.function(g).is_some()),
        _ => None,
    };
    let Some(g) = named else {
        return Some(
            r#"operand bundle "clang.arc.attachedcall" requires one function as an argument"#,
        );
    };
    let name = m.globals[g].common().name.as_str().unwrap_or("");
    let runtime = ["llvm.objc.", "objc_"].iter().any(|prefix| {
        name.strip_prefix(prefix)
            .is_some_and(|rest| ARC_ATTACHED_CALLS.contains(&rest))
    });
    (!runtime).then_some("invalid function argument")
}

/// Whether call `d` is `noreturn`, by its own attributes or its callee's (LLVM's
/// `CallBase::doesNotReturn`).
fn call_never_returns(m: &Module, d: &InstData, ci: &crate::inst::CallInfo) -> bool {
    let callee = d.callee().and_then(|v| match v {
        Value::Const(k) => m.consts.as_global(k).and_then(|g| m.function(g)),
        _ => None,
    });
    set_has(m, &ci.attrs.func, "noreturn")
        || callee.is_some_and(|f| set_has(m, &f.attrs.func, "noreturn"))
}

/// Whether `set` holds an attribute of `kind`, inline or through one of its groups.
fn set_has(m: &Module, set: &crate::attr::AttrSet, kind: &str) -> bool {
    set.has(kind)
        || set.groups.iter().any(|n| {
            m.attr_groups
                .get(n)
                .is_some_and(|g| g.iter().any(|a| a.kind() == kind))
        })
}

/// Whether invoke `d`'s unwind destination (operands `[args*, normal, unwind, callee]`) starts,
/// after its phis, with an exception-handling pad, as LLVM's `BasicBlock::isEHPad` asks.
fn unwinds_to_pad(body: &Body, d: &InstData) -> bool {
    let Some(unwind) = d
        .operands
        .len()
        .checked_sub(2)
        .and_then(|k| d.operands[k].as_block())
    else {
        return true;
    };
    let Some(block) = body.blocks.get(unwind) else {
        return true;
    };
    let first = block
        .insts
        .iter()
        .map(|&i| body.insts[i].opcode)
        .find(|&op| op != Opcode::Phi);
    matches!(
        first,
        Some(Opcode::LandingPad | Opcode::CatchSwitch | Opcode::CleanupPad | Opcode::CatchPad)
    )
}

/// LLVM's rules for which instructions may carry which metadata attachments: the properties of
/// a loaded pointer (`align`, `nonnull`, `dereferenceable`) only on loads of pointers (and
/// `inttoptr` for `dereferenceable`), `invariant.group` only on loads and stores, `range` on
/// loads and calls, `noalias.addrspace` and `mmra` only on memory operations and calls.
fn attachment_misplaced(m: &Module, d: &InstData) -> Option<&'static str> {
    let op = d.opcode;
    let call = matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr);
    let memory = matches!(
        op,
        Opcode::Load | Opcode::Store | Opcode::AtomicRmw | Opcode::CmpXchg
    );
    let pointer = m.types.is_pointer(d.ty);
    for a in &d.md {
        let msg = match &*a.kind {
            "align" if !pointer => "align applies only to pointer types",
            "align" if op != Opcode::Load => {
                "align applies only to load instructions, use attributes for calls or invokes"
            }
            "dereferenceable" | "dereferenceable_or_null" if !pointer => {
                "dereferenceable, dereferenceable_or_null apply only to pointer types"
            }
            "dereferenceable" | "dereferenceable_or_null"
                if !matches!(op, Opcode::Load | Opcode::IntToPtr) =>
            {
                "dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions, use attributes for calls or invokes"
            }
            "nonnull" if !pointer => "nonnull applies only to pointer types",
            "nonnull" if op != Opcode::Load => {
                "nonnull applies only to load instructions, use attributes for calls or invokes"
            }
            "invariant.group" if !matches!(op, Opcode::Load | Opcode::Store) => {
                "invariant.group metadata is only for loads and stores"
            }
            "range" if op != Opcode::Load && !call => "Ranges are only for loads, calls and invokes!",
            "noalias.addrspace" if !memory && !call => {
                "noalias.addrspace are only for memory operations!"
            }
            "mmra" if !memory && !call && op != Opcode::Fence => {
                "!mmra metadata attached to unexpected instruction kind"
            }
            "memprof" if !call => "!memprof metadata should only exist on calls",
            "callsite" if !call => "!callsite metadata should only exist on calls",
            _ => continue,
        };
        return Some(msg);
    }
    None
}

/// LLVM's `Verifier::verifyDominatesUse` for every instruction operand of `i` (in block `bi`),
/// including operand-bundle inputs; metadata-wrapped values are not checked, as in LLVM.
fn check_dominance(
    c: &Checker<'_>,
    s: &Scratch,
    bi: u32,
    i: Inst,
    d: &InstData,
) -> Result<(), VerifyError> {
    let is_phi = d.opcode == Opcode::Phi;
    let user_order = s.inst_pos[i.index()].1;
    let bundles = d
        .call_info()
        .into_iter()
        .flat_map(|ci| ci.bundles.iter().flat_map(|b| b.inputs.iter()));
    for (k, &v) in d.operands.iter().chain(bundles).enumerate() {
        let Value::Inst(def) = v else { continue };
        let (def_block, def_order) = s.inst_pos.get(def.index()).copied().unwrap_or((NONE, NONE));
        if def_block == NONE {
            return c.fail(
                Some(i),
                "Instruction referencing instruction not embedded in a basic block!",
            );
        }
        // Where the use happens: phis use their operands at the end of the incoming block.
        let use_block = if is_phi {
            match d.operands.get(k + 1).and_then(|v| v.as_block()) {
                Some(b) => s.bidx.get(b.index()).copied().unwrap_or(NONE),
                None => NONE,
            }
        } else if def_block == bi && def_order < user_order {
            // The common case: defined earlier in the same block.
            continue;
        } else if def == i {
            if s.reachable(bi) {
                return c.fail(Some(i), "Only PHI nodes may reference their own value!");
            }
            continue;
        } else {
            bi
        };
        // Any use in an unreachable block (or on an edge from one) is dominated.
        if use_block == NONE || !s.reachable(use_block) {
            continue;
        }
        if !dominates_use(
            c.body, s, def, def_block, def_order, d, user_order, bi, use_block,
        ) {
            let name = match c.body.inst_names.get(def) {
                Some(Name::Named(n)) => format!(" ('%{n}')"),
                _ => String::new(),
            };
            return c.fail(
                Some(i),
                format!("Instruction does not dominate all uses!{name}"),
            );
        }
    }
    Ok(())
}

/// LLVM's `DominatorTree::dominates(const Value *Def, const Use &U)` for a reachable use: of
/// operand `k` of `user` (in block `user_block`), used in `use_block`.
#[allow(clippy::too_many_arguments)]
fn dominates_use(
    body: &Body,
    s: &Scratch,
    def: Inst,
    def_block: u32,
    def_order: u32,
    user: &InstData,
    user_order: u32,
    user_block: u32,
    use_block: u32,
) -> bool {
    // Unreachable definitions dominate nothing (reachable).
    if !s.reachable(def_block) {
        return false;
    }
    // An invoke's result is defined on the edge to its normal destination (a callbr's, since
    // LLVM 17, at the callbr itself, like any instruction's).
    let dd = &body.insts[def];
    if dd.opcode == Opcode::Invoke {
        // Operands `[args*, normal, unwind, callee]`.
        let dest = |back: usize| {
            let k = dd.operands.len().checked_sub(back)?;
            let b = dd.operands.get(k)?.as_block()?;
            s.bidx.get(b.index()).copied().filter(|&b| b != NONE)
        };
        let (Some(end), unwind) = (dest(3), dest(2)) else {
            return false;
        };
        // An invoke whose two destinations are the same is rejected elsewhere in LLVM, and its
        // dominance is not computed.
        if unwind == Some(end) {
            return true;
        }
        // A phi at the end of the edge, for the incoming edge from the definition's block.
        if user.opcode == Opcode::Phi && user_block == end && use_block == def_block {
            return true;
        }
        return edge_dominates(s, def_block, end, use_block);
    }
    if def_block != use_block {
        return s.dominates(def_block, use_block);
    }
    if user.opcode == Opcode::Phi {
        return true;
    }
    def_order < user_order
}

/// LLVM's `DominatorTree::dominates(const BasicBlockEdge &, const BasicBlock *)`: whether the
/// edge `start -> end` dominates (reachable) block `use_block`.
fn edge_dominates(s: &Scratch, start: u32, end: u32, use_block: u32) -> bool {
    if !s.dominates(end, use_block) {
        return false;
    }
    let preds = s.preds(end);
    if preds.len() == 1 {
        return true;
    }
    // A critical edge dominates `use_block` iff `end` dominates its other predecessors; more
    // than one edge from `start` to `end` dominates nothing.
    let mut seen_start = false;
    for &p in preds {
        if p == start {
            if seen_start {
                return false;
            }
            seen_start = true;
        } else if !s.dominates(end, p) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch holding the CFG `succs` (by block index; block 0 is the entry).
    fn cfg(succs: &[Vec<u32>]) -> Scratch {
        let mut s = Scratch::default();
        for v in succs {
            s.succ_start.push(s.succ.len() as u32);
            s.succ.extend(v);
        }
        s.succ_start.push(s.succ.len() as u32);
        let n = succs.len();
        s.pred_start = vec![0; n + 1];
        for &t in &s.succ {
            s.pred_start[t as usize + 1] += 1;
        }
        for k in 0..n {
            s.pred_start[k + 1] += s.pred_start[k];
        }
        let mut fill = s.pred_start[..n].to_vec();
        s.pred = vec![0; s.succ.len()];
        for (b, v) in succs.iter().enumerate() {
            for &t in v {
                s.pred[fill[t as usize] as usize] = b as u32;
                fill[t as usize] += 1;
            }
        }
        s
    }

    /// Dominance by brute force: `a` dominates `b` iff `b` is unreachable from the entry once
    /// `a` is removed (or `a == b`).
    fn dominates_naive(succs: &[Vec<u32>], a: usize, b: usize) -> bool {
        if a == b {
            return true;
        }
        let mut seen = vec![false; succs.len()];
        let mut work = vec![0usize];
        while let Some(x) = work.pop() {
            if x == a || seen[x] {
                continue;
            }
            seen[x] = true;
            work.extend(succs[x].iter().map(|&t| t as usize));
        }
        !seen[b]
    }

    #[test]
    fn both_dominator_algorithms_agree_with_the_definition() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut rand = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..400 {
            let n = 1 + rand(24) as usize;
            let succs: Vec<Vec<u32>> = (0..n)
                .map(|_| {
                    (0..rand(4))
                        .map(|_| 1 + rand(n.max(2) as u64 - 1) as u32)
                        .filter(|&t| (t as usize) < n)
                        .collect()
                })
                .collect();
            let mut answers = Vec::new();
            for force_lt in [false, true] {
                let mut s = cfg(&succs);
                s.force_lt = force_lt;
                s.dominators();
                let mut d = Vec::new();
                for a in 0..n as u32 {
                    for b in 0..n as u32 {
                        d.push(s.dominates(a, b));
                    }
                }
                answers.push(d);
            }
            assert_eq!(answers[0], answers[1], "{succs:?}");
            let s = cfg(&succs);
            let mut s2 = s;
            s2.dominators();
            for a in 0..n {
                for b in 0..n {
                    if s2.reachable(b as u32) && s2.reachable(a as u32) {
                        assert_eq!(
                            answers[0][a * n + b],
                            dominates_naive(&succs, a, b),
                            "{a} dom {b} in {succs:?}"
                        );
                    }
                }
            }
        }
    }
}

/// An operand of a metadata tuple as its text shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum MdOperand<'t> {
    /// `!N`.
    Ref(u32),
    /// `!{...}` written in place: its text.
    Inline(&'t str),
    /// `!"..."`.
    Str,
    /// Anything else (`i1 false`, `null`, `!DILocation(...)`).
    Other,
}

/// What an operand's text is.
fn classify(p: &str) -> MdOperand<'_> {
    if let Some(n) = p.strip_prefix('!').and_then(|d| d.parse::<u32>().ok()) {
        MdOperand::Ref(n)
    } else if p.starts_with("!\"") {
        MdOperand::Str
    } else if p.starts_with("!{") {
        MdOperand::Inline(p)
    } else {
        MdOperand::Other
    }
}

/// The operands of a tuple node's text (`[distinct] !{a, b}`), or `None` if it is not a tuple.
fn tuple_operands(text: &str) -> Option<Vec<MdOperand<'_>>> {
    Some(tuple_pieces(text)?.into_iter().map(classify).collect())
}

/// The operands of a tuple node's text as written (trimmed), or `None` if it is not a tuple.
fn tuple_pieces(text: &str) -> Option<Vec<&str>> {
    let t = text.trim();
    let t = t.strip_prefix("distinct").map_or(t, str::trim_start);
    let inner = t.strip_prefix("!{")?.strip_suffix('}')?;
    Some(top_level_pieces(inner))
}

/// `inner` split at the commas outside strings and brackets, each piece trimmed, empty ones
/// left out: a tuple's operands, a specialised node's fields.
fn top_level_pieces(inner: &str) -> Vec<&str> {
    // Most tuples are lists of references (`!{!1, !2}`): split at commas when nothing nests.
    let b = inner.as_bytes();
    if memchr::memchr3(b'"', b'(', b'{', b).is_none() && memchr::memchr2(b'[', b'<', b).is_none() {
        return inner
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
    }
    let (mut depth, mut start, mut i) = (0i32, 0usize, 0usize);
    let mut pieces: Vec<&str> = Vec::new();
    while i < b.len() {
        match b[i] {
            // A string ends at the next quote (LLVM escapes quotes inside as `\22`): jump.
            b'"' => {
                i += memchr::memchr(b'"', &b[i + 1..]).map_or(b.len(), |k| k + 1);
            }
            b'(' | b'{' | b'[' | b'<' => depth += 1,
            b')' | b'}' | b']' | b'>' => depth -= 1,
            b',' if depth == 0 => {
                pieces.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    pieces.push(&inner[start.min(inner.len())..]);
    pieces
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

/// The text of attached metadata `md` as a node: a numbered node's definition, or a node
/// written in place.
fn attached_text<'a>(
    m: &'a Module,
    nodes: &mut Option<rustc_hash::FxHashMap<u32, &'a str>>,
    md: &'a crate::metadata::Metadata,
) -> Option<&'a str> {
    match md {
        crate::metadata::Metadata::Ref(n) => nodes
            .get_or_insert_with(|| m.md_nodes.iter().map(|n| (n.id, &*n.text)).collect())
            .get(n)
            .copied(),
        crate::metadata::Metadata::Text(t) => Some(t),
        _ => None,
    }
}

/// The text of the numbered nodes among `ids`, by number: one pass over the nodes for a few
/// wanted ones, rather than a map of all of them (modules with debug information have
/// millions).
fn nodes_named<'m>(m: &'m Module, ids: &[MdOperand<'_>]) -> rustc_hash::FxHashMap<u32, &'m str> {
    let wanted: rustc_hash::FxHashSet<u32> = ids
        .iter()
        .filter_map(|o| match o {
            MdOperand::Ref(n) => Some(*n),
            _ => None,
        })
        .collect();
    if wanted.is_empty() {
        return Default::default();
    }
    (m.md_nodes.iter())
        .filter(|n| wanted.contains(&n.id))
        .map(|n| (n.id, &*n.text))
        .collect()
}

/// LLVM's checks of `!llvm.module.flags`: each flag a triple of a behavior (an integer from
/// 1 to 8), a name and a value; the value of "CG Profile" a list of triples.
fn verify_module_flags(m: &Module) -> Result<(), VerifyError> {
    let Some(flags) = m.named_md.iter().find(|n| &*n.name == "llvm.module.flags") else {
        return Ok(());
    };
    let fail = |msg: &str| {
        Err(VerifyError {
            function: String::new(),
            offset: None,
            msg: msg.into(),
        })
    };
    // Only the nodes the flags name, and those of a call-graph profile, are looked up.
    let pick = |ids: &[MdOperand<'_>]| nodes_named(m, ids);
    let listed = tuple_operands(&flags.text).unwrap_or_default();
    let nodes = pick(&listed);
    for flag in listed {
        let Some(pieces) = (match flag {
            MdOperand::Ref(n) => nodes.get(&n).and_then(|t| tuple_pieces(t)),
            MdOperand::Inline(t) => tuple_pieces(t),
            _ => None,
        }) else {
            continue;
        };
        let [behavior, id, value] = pieces[..] else {
            return fail("incorrect number of operands in module flag");
        };
        let number = behavior
            .split_once(' ')
            .filter(|(t, _)| t.starts_with('i'))
            .and_then(|(_, v)| v.trim().parse::<i128>().ok());
        match number {
            None => {
                return fail("invalid behavior operand in module flag (expected constant integer)")
            }
            Some(1..=8) => {}
            Some(_) => {
                return fail("invalid behavior operand in module flag (unexpected constant)")
            }
        }
        if classify(id) != MdOperand::Str {
            return fail("invalid ID operand in module flag (expected metadata string)");
        }
        if id == "!\"SemanticInterposition\"" && !is_const_int(value) {
            return fail("SemanticInterposition metadata requires constant integer argument");
        }
        if id == "!\"CG Profile\"" {
            let list = pick(&[classify(value)]);
            let entries = resolve(&list, classify(value))
                .map(|(_, e)| e)
                .unwrap_or_default();
            let entry_nodes = pick(&entries);
            for entry in entries {
                let triple = resolve(&entry_nodes, entry).is_some_and(|(_, ops)| ops.len() == 3);
                if !triple {
                    return fail("expected a MDNode triple");
                }
            }
        }
    }
    Ok(())
}

/// LLVM's checks of `!llvm.ident` and `!llvm.commandline` (compiler and command-line
/// strings): each entry a node of exactly one operand, a string.
fn verify_string_lists(m: &Module) -> Result<(), VerifyError> {
    for list in ["llvm.ident", "llvm.commandline"] {
        let Some(named) = m.named_md.iter().find(|n| &*n.name == list) else {
            continue;
        };
        let fail = |msg: String| {
            Err(VerifyError {
                function: String::new(),
                offset: None,
                msg,
            })
        };
        let entries = tuple_operands(&named.text).unwrap_or_default();
        let nodes = nodes_named(m, &entries);
        for entry in entries {
            let Some((_, ops)) = resolve(&nodes, entry) else {
                continue;
            };
            if ops.len() != 1 {
                return fail(format!("incorrect number of operands in {list} metadata"));
            }
            if ops[0] != MdOperand::Str {
                return fail(format!(
                    "invalid value for {list} metadata entry operand(the operand should be a string)"
                ));
            }
        }
    }
    Ok(())
}

/// LLVM's checks of what globals have attached: a function's `!kcfi_type` and `!prof` at most
/// once, an `!absolute_symbol` range list not empty, an `!associated` node naming one
/// global by a pointer.
fn verify_global_attachments(m: &Module) -> Result<(), VerifyError> {
    let mut nodes = None;
    for g in m.live_globals() {
        let fail = |msg: &str| {
            Err(VerifyError {
                function: String::new(),
                offset: m.def_offset(g),
                msg: format!("{msg} ('@{}')", m.global_name(g)),
            })
        };
        let md = match &m.globals[g].kind {
            GlobalKind::Function(f) => &f.md,
            GlobalKind::Var(v) => &v.md,
            GlobalKind::Alias(_) => continue,
        };
        if md.is_empty() {
            continue;
        }
        if m.globals[g].as_function().is_some() {
            for kind in ["kcfi_type", "prof"] {
                if md.iter().filter(|a| &*a.kind == kind).count() > 1 {
                    return fail(&format!("function must have a single !{kind} attachment"));
                }
            }
        }
        let function = m.globals[g].as_function().is_some();
        for a in md {
            let kind = &*a.kind;
            let prof = function && kind == "prof";
            if !matches!(kind, "absolute_symbol" | "associated") && !prof {
                continue;
            }
            let Some(ops) = attached_text(m, &mut nodes, &a.md).and_then(tuple_pieces) else {
                continue;
            };
            if prof {
                if let Some(msg) = function_prof_problem(&ops) {
                    return fail(msg);
                }
                continue;
            }
            if kind == "absolute_symbol" {
                if ops.is_empty() {
                    return fail("It should have at least one range!");
                }
                // Integers as wide as the global's address (`DataLayout::getIntPtrType`).
                let dl = m.datalayout.as_deref().unwrap_or("");
                let bits = crate::datalayout::pointer_spec(dl, m.globals[g].common().addrspace).0;
                let shape = attached_text(m, &mut nodes, &a.md).and_then(RangeShape::of);
                if let Some(msg) = shape.and_then(|s| s.problem(Some(bits))) {
                    return fail(msg);
                }
                continue;
            }
            let [op] = ops[..] else {
                return fail("associated metadata must have one operand");
            };
            if op == "null" {
                return fail("associated metadata must have a global value");
            }
            if op.starts_with('!') {
                return fail("associated metadata must be ValueAsMetadata");
            }
            let typed_pointer = m.typed_pointers
                && op
                    .split_whitespace()
                    .next()
                    .is_some_and(|t| t.ends_with('*'));
            if !op.starts_with("ptr") && !typed_pointer {
                return fail("associated value must be pointer typed");
            }
        }
    }
    Ok(())
}

/// LLVM's rules for a function's `!prof` node, given its operands: a count's name
/// (`function_entry_count` or `synthetic_function_entry_count`) and then a constant.
fn function_prof_problem(ops: &[&str]) -> Option<&'static str> {
    let [name, count, ..] = ops[..] else {
        return Some("!prof annotations should have no less than 2 operands");
    };
    if name == "null" {
        return Some("first operand should not be null");
    }
    if classify(name) != MdOperand::Str {
        return Some("expected string with name of the !prof annotation");
    }
    if !matches!(
        name,
        "!\"function_entry_count\"" | "!\"synthetic_function_entry_count\""
    ) {
        return Some(
            "first operand should be 'function_entry_count' or 'synthetic_function_entry_count'",
        );
    }
    if count == "null" {
        return Some("second operand should not be null");
    }
    // A constant (`i64 200`), not a node or a string.
    if count.starts_with('!') {
        return Some("expected integer argument to function_entry_count");
    }
    None
}

/// A node (by reference or written in place) as its operands, with its own number if it has
/// one; `None` if it is not a tuple node.
fn resolve<'a>(
    nodes: &rustc_hash::FxHashMap<u32, &'a str>,
    op: MdOperand<'a>,
) -> Option<(Option<u32>, Vec<MdOperand<'a>>)> {
    match op {
        MdOperand::Ref(n) => Some((Some(n), tuple_operands(nodes.get(&n)?)?)),
        MdOperand::Inline(t) => Some((None, tuple_operands(t)?)),
        _ => None,
    }
}

/// LLVM's verdict on one scope list (`Err` with its words).
fn check_scope_list<'a>(
    nodes: &rustc_hash::FxHashMap<u32, &'a str>,
    list: MdOperand<'a>,
    checked_scopes: &mut rustc_hash::FxHashSet<u32>,
) -> Result<(), &'static str> {
    let named = |op: MdOperand<'_>, own: Option<u32>| {
        op == MdOperand::Str || own.is_some_and(|n| op == MdOperand::Ref(n))
    };
    let Some((_, scopes)) = resolve(nodes, list) else {
        return Ok(());
    };
    for scope in scopes {
        // A scope is in many lists: checked once.
        if let MdOperand::Ref(n) = scope {
            if !checked_scopes.insert(n) {
                continue;
            }
        }
        let Some((own, ops)) = resolve(nodes, scope) else {
            return Err("scope list must consist of MDNodes");
        };
        if !(2..=3).contains(&ops.len()) {
            return Err("scope must have two or three operands");
        }
        if !named(ops[0], own) {
            return Err("first scope operand must be self-referential or string");
        }
        if ops.len() == 3 && ops[2] != MdOperand::Str {
            return Err("third scope operand must be string (if used)");
        }
        // Domains are shared by many scopes: each is checked once too.
        if let MdOperand::Ref(d) = ops[1] {
            if nodes.contains_key(&d) && !checked_scopes.insert(d) {
                continue;
            }
        }
        let Some((own, dom)) = resolve(nodes, ops[1]) else {
            return Err("second scope operand must be MDNode");
        };
        if !(1..=2).contains(&dom.len()) {
            return Err("domain must have one or two operands");
        }
        if !named(dom[0], own) {
            return Err("first domain operand must be self-referential or string");
        }
        if dom.len() == 2 && dom[1] != MdOperand::Str {
            return Err("second domain operand must be string (if used)");
        }
    }
    Ok(())
}

/// LLVM's check of an `!llvm.access.group` node: an access group (a distinct node without
/// operands), or a list of them.
fn check_access_groups<'a>(
    nodes: &rustc_hash::FxHashMap<u32, &'a str>,
    md: &'a crate::metadata::Metadata,
) -> Result<(), &'static str> {
    let text = |op: MdOperand<'a>| match op {
        MdOperand::Ref(n) => nodes.get(&n).copied(),
        MdOperand::Inline(t) => Some(t),
        _ => None,
    };
    let group = |t: &str| {
        t.trim_start().starts_with("distinct") && tuple_operands(t).is_some_and(|o| o.is_empty())
    };
    let own = node_text(nodes, md);
    let Some(own) = own else { return Ok(()) };
    if group(own) {
        return Ok(());
    }
    for op in tuple_operands(own).unwrap_or_default() {
        let Some(t) = text(op) else {
            return Err("Access scope list must consist of MDNodes");
        };
        if !group(t) {
            return Err("Access scope list contains invalid access scope");
        }
    }
    Ok(())
}

/// [`attached_text`] with the numbered nodes' texts at hand.
fn node_text<'a>(
    nodes: &rustc_hash::FxHashMap<u32, &'a str>,
    md: &'a crate::metadata::Metadata,
) -> Option<&'a str> {
    match md {
        crate::metadata::Metadata::Ref(n) => nodes.get(n).copied(),
        crate::metadata::Metadata::Text(t) => Some(&**t),
        _ => None,
    }
}

/// LLVM's check of an `!annotation` node: one operand or more, each a string or a tuple of
/// strings.
fn check_annotation(
    nodes: &rustc_hash::FxHashMap<u32, &str>,
    md: &crate::metadata::Metadata,
) -> Result<(), &'static str> {
    let text = node_text(nodes, md);
    let Some(ops) = text.and_then(tuple_operands) else {
        return Ok(());
    };
    if ops.is_empty() {
        return Err("annotation must have at least one operand");
    }
    for op in ops {
        let strings = match op {
            MdOperand::Str => true,
            MdOperand::Ref(_) | MdOperand::Inline(_) => resolve(nodes, op)
                .is_some_and(|(_, inner)| inner.iter().all(|&o| o == MdOperand::Str)),
            MdOperand::Other => false,
        };
        if !strings {
            return Err("operands must be a string or a tuple of strings");
        }
    }
    Ok(())
}

/// Whether a tuple operand's text is a constant integer (`i64 123`, `i1 true`): what
/// `mdconst::dyn_extract<ConstantInt>` finds.
fn is_const_int(p: &str) -> bool {
    let Some((ty, v)) = p.split_once(' ') else {
        return false;
    };
    let v = v.trim();
    ty.strip_prefix('i')
        .is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
        && (matches!(v, "true" | "false")
            || v.strip_prefix('-')
                .unwrap_or(v)
                .bytes()
                .all(|b| b.is_ascii_digit())
                && !v.is_empty())
}

/// The pieces of the tuple `op` names (numbered or written in place).
fn tuple_at<'a>(nodes: &rustc_hash::FxHashMap<u32, &'a str>, op: &'a str) -> Option<Vec<&'a str>> {
    match classify(op) {
        MdOperand::Ref(n) => tuple_pieces(nodes.get(&n)?),
        MdOperand::Inline(t) => tuple_pieces(t),
        _ => None,
    }
}

/// LLVM's `visitCallStackMetadata`: a call stack (a `!callsite` node, the first operand of a
/// `!memprof` MemInfoBlock) is a list of one constant integer or more (location hashes).
fn check_call_stack(stack: &[&str]) -> Result<(), &'static str> {
    if stack.is_empty() {
        return Err("call stack metadata should have at least 1 operand");
    }
    if !stack.iter().all(|p| is_const_int(p)) {
        return Err("call stack metadata operand should be constant integer");
    }
    Ok(())
}

/// LLVM 22's checks of a `!memprof` node (`kind` "memprof") or a `!callsite` one: a list of
/// MemInfoBlocks, each a call stack, an allocation type string and then pairs of constant
/// integers (LLVM 22 takes no further strings there; later versions do).
fn check_memprof(
    nodes: &rustc_hash::FxHashMap<u32, &str>,
    kind: &str,
    md: &crate::metadata::Metadata,
) -> Result<(), &'static str> {
    let text = node_text(nodes, md);
    let Some(ops) = text.and_then(tuple_pieces) else {
        return Ok(());
    };
    if kind == "callsite" {
        return check_call_stack(&ops);
    }
    if ops.is_empty() {
        return Err("!memprof annotations should have at least 1 metadata operand (MemInfoBlock)");
    }
    for mib in ops {
        // A MemInfoBlock that is no node makes opt-22 crash: left alone.
        let Some(mib) = tuple_at(nodes, mib) else {
            continue;
        };
        if mib.len() < 2 {
            return Err("Each !memprof MemInfoBlock should have at least 2 operands");
        }
        if mib[0] == "null" {
            return Err("!memprof MemInfoBlock first operand should not be null");
        }
        let Some(stack) = tuple_at(nodes, mib[0]) else {
            return Err("!memprof MemInfoBlock first operand should be an MDNode");
        };
        check_call_stack(&stack)?;
        if classify(mib[1]) != MdOperand::Str {
            return Err("!memprof MemInfoBlock second operand should be an MDString");
        }
        for &op in &mib[2..] {
            let Some(pair) = tuple_at(nodes, op) else {
                return Err("Not all !memprof MemInfoBlock operands 2 to N are MDNode");
            };
            if pair.len() != 2 {
                return Err(
                    "Not all !memprof MemInfoBlock operands 2 to N are MDNode with 2 operands",
                );
            }
            if !pair.iter().all(|p| is_const_int(p)) {
                return Err("Not all !memprof MemInfoBlock operands 2 to N are MDNode with ConstantInt operands");
            }
        }
    }
    Ok(())
}

/// LLVM's checks of `!annotation`, `!memprof`, `!callsite` and `!llvm.access.group` nodes, and of `!alias.scope` and `!noalias` lists (and of the scope an
/// `llvm.experimental.noalias.scope.decl` declares): a list of scopes, each a node of two or
/// three operands (itself or a name, its domain, an optional description string), each domain
/// a node of one or two (itself or a name, an optional description string). The first finding
/// in module order is reported, with LLVM's words.
fn verify_alias_scopes(m: &Module) -> Result<(), VerifyError> {
    // Built at the first list: most modules without `!noalias` never need it.
    let mut nodes: Option<rustc_hash::FxHashMap<u32, &str>> = None;
    fn as_operand(md: &crate::metadata::Metadata) -> Option<MdOperand<'_>> {
        match md {
            crate::metadata::Metadata::Ref(n) => Some(MdOperand::Ref(*n)),
            crate::metadata::Metadata::Text(t) if t.starts_with("!{") => Some(MdOperand::Inline(t)),
            _ => None,
        }
    }
    let mut checked: rustc_hash::FxHashSet<u32> = rustc_hash::FxHashSet::default();
    let mut checked_scopes: rustc_hash::FxHashSet<u32> = rustc_hash::FxHashSet::default();
    for g in m.functions() {
        let Some(body) = m.function(g).and_then(|f| f.body.as_ref()) else {
            continue;
        };
        for (i, d) in body.insts.iter() {
            if d.md.is_empty() {
                continue;
            }
            let contents = d.md.iter().filter(|a| {
                matches!(
                    &*a.kind,
                    "annotation" | "llvm.access.group" | "memprof" | "callsite"
                )
            });
            for a in contents {
                let nodes = nodes
                    .get_or_insert_with(|| m.md_nodes.iter().map(|n| (n.id, &*n.text)).collect());
                let r = match &*a.kind {
                    "annotation" => check_annotation(nodes, &a.md),
                    "memprof" | "callsite" => check_memprof(nodes, &a.kind, &a.md),
                    _ => check_access_groups(nodes, &a.md),
                };
                if let Err(msg) = r {
                    return Err(VerifyError {
                        function: m.global_name(g),
                        offset: body.source_offsets.get(i).copied().filter(|&o| o != 0),
                        msg: msg.into(),
                    });
                }
            }
            let lists =
                d.md.iter()
                    .filter(|a| matches!(&*a.kind, "alias.scope" | "noalias"))
                    .filter_map(|a| as_operand(&a.md));
            for list in lists {
                // Instructions share a few lists: each numbered list is checked once.
                if let MdOperand::Ref(n) = list {
                    if !checked.insert(n) {
                        continue;
                    }
                }
                let nodes = nodes
                    .get_or_insert_with(|| m.md_nodes.iter().map(|n| (n.id, &*n.text)).collect());
                if let Err(msg) = check_scope_list(nodes, list, &mut checked_scopes) {
                    return Err(VerifyError {
                        function: m.global_name(g),
                        offset: body.source_offsets.get(i).copied().filter(|&o| o != 0),
                        msg: msg.into(),
                    });
                }
            }
        }
    }
    Ok(())
}
