//! The debug-info nodes LLVM's verifier refuses on their own text: a `!DIExpression` that
//! is not valid as `DIExpression::isValid` judges it, a `!DIGlobalVariable` without a
//! type, a `!DIMacro` or `!DIMacroFile` of the wrong macinfo type, a `!DIDerivedType` other
//! than a pointer or reference with a DWARF address space, and a `!DIFixedPointType` whose
//! encoding or factors do not fit its kind. Such findings make LLVM strip the module's debug information (a warning), and only
//! what is left is verified again: so a node found wanting is reported only when something
//! stripping keeps reaches it (a named node other than `llvm.dbg.*`, an attachment other
//! than `!dbg`, a call's metadata argument), as the walk that numbers nodes for printing
//! finds it; modules without such nodes pay one look at each node's first bytes.
//!
//! Expressions written inside another node's text (`expr: !DIExpression(...)`) or inside a
//! function are not looked at.

use super::{top_level_pieces, VerifyError};
use crate::module::Module;
use rayon::prelude::*;

/// Check the module's numbered debug-info nodes.
pub(super) fn verify_debug_info_nodes(m: &Module) -> Result<(), VerifyError> {
    // Each node judged on its own text, on all cores (a debug build has hundreds of
    // thousands), the suspects kept in node order.
    let suspect = |n: &crate::metadata::MdNode| -> Option<&'static str> {
        let text = n.text.trim_start();
        let text = text.strip_prefix("distinct").map_or(text, str::trim_start);
        let kind = text.strip_prefix("!DI")?;
        if let Some(elements) = kind.strip_prefix("Expression(") {
            if expression_is_valid(elements.trim_end().trim_end_matches(')')) == Some(false) {
                return Some("invalid expression");
            }
        } else if let Some(fields) = kind.strip_prefix("Macro(") {
            // A macro defines or undefines (`DW_MACINFO_define`, `_undef`: 1, 2).
            let ty = field(fields, "type").unwrap_or("");
            if !matches!(ty, "DW_MACINFO_define" | "DW_MACINFO_undef" | "1" | "2") {
                return Some("invalid macinfo type");
            }
        } else if let Some(fields) = kind.strip_prefix("MacroFile(") {
            // A macro file starts a file (`DW_MACINFO_start_file`, 3, the default).
            let ty = field(fields, "type").unwrap_or("DW_MACINFO_start_file");
            if !matches!(ty, "DW_MACINFO_start_file" | "3") {
                return Some("invalid macinfo type");
            }
        } else if let Some(fields) = kind.strip_prefix("FixedPointType(") {
            if let Some(msg) = fixed_point_problem(fields) {
                return Some(msg);
            }
        } else if let Some(fields) = kind.strip_prefix("DerivedType(") {
            // A DWARF address space is a pointer's or a reference's (tags 0x0f, 0x10, 0x42).
            let tag = field(fields, "tag").unwrap_or("");
            let pointer = matches!(
                tag,
                "DW_TAG_pointer_type"
                    | "DW_TAG_reference_type"
                    | "DW_TAG_rvalue_reference_type"
                    | "15"
                    | "16"
                    | "66"
            );
            if !pointer && field(fields, "dwarfAddressSpace").is_some() {
                return Some("DWARF address space only applies to pointer or reference types");
            }
        } else if let Some(fields) = kind.strip_prefix("GlobalVariable(") {
            let fields = fields.trim_end().trim_end_matches(')');
            let typed = top_level_pieces(fields)
                .iter()
                .any(|f| f.strip_prefix("type:").is_some_and(|v| v.trim() != "null"));
            if !typed {
                return Some("missing global variable type");
            }
        }
        None
    };
    let suspects: Vec<(u32, &'static str)> = m
        .md_nodes
        .par_iter()
        .with_min_len(1024)
        .filter_map(|n| Some((n.id, suspect(n)?)))
        .collect();
    if suspects.is_empty() {
        return Ok(());
    }
    let ids: Vec<u32> = suspects.iter().map(|s| s.0).collect();
    let reached = crate::writer::numbering::reached_without_debug_info(m, &ids);
    match suspects.iter().zip(reached).find(|(_, r)| *r) {
        Some(((_, msg), _)) => Err(VerifyError {
            function: String::new(),
            offset: None,
            msg: (*msg).into(),
        }),
        None => Ok(()),
    }
}

/// The value of field `name` in a node's fields (`name: value, ...)`), as written.
fn field<'t>(fields: &'t str, name: &str) -> Option<&'t str> {
    let fields = fields.trim_end().strip_suffix(')').unwrap_or(fields);
    top_level_pieces(fields).into_iter().find_map(|f| {
        let (n, v) = f.split_once(':')?;
        (n.trim() == name).then(|| v.trim())
    })
}

/// What LLVM's verifier says of a `!DIFixedPointType`'s fields: its encoding is
/// `DW_ATE_signed_fixed` or `DW_ATE_unsigned_fixed` (0x0d, 0x0e); a rational type (kind 2)
/// has no factor, the others (binary, decimal) no numerator or denominator.
fn fixed_point_problem(fields: &str) -> Option<&'static str> {
    let zero = |v: Option<&str>| v.is_none_or(|v| v.bytes().all(|c| c == b'0'));
    let encoding = field(fields, "encoding").unwrap_or("");
    if !matches!(
        encoding,
        "DW_ATE_signed_fixed" | "DW_ATE_unsigned_fixed" | "13" | "14"
    ) {
        return Some("invalid encoding");
    }
    let rational = matches!(field(fields, "kind"), Some("Rational" | "2"));
    if rational && !zero(field(fields, "factor")) {
        return Some("factor should be 0 for rationals");
    }
    let unscaled = zero(field(fields, "numerator")) && zero(field(fields, "denominator"));
    if !rational && !unscaled {
        return Some("numerator and denominator should be 0 for non-rationals");
    }
    None
}

/// DWARF operation codes `DIExpression::isValid` names.
mod op {
    pub const DEREF: u64 = 0x06;
    pub const SWAP: u64 = 0x16;
    pub const LIT0: u64 = 0x30;
    pub const REG0: u64 = 0x50;
    pub const REG31: u64 = 0x6f;
    pub const BREG0: u64 = 0x70;
    pub const BREG31: u64 = 0x8f;
    pub const STACK_VALUE: u64 = 0x9f;
    pub const LLVM_FRAGMENT: u64 = 0x1000;
    pub const LLVM_ENTRY_VALUE: u64 = 0x1003;
    pub const LLVM_ARG: u64 = 0x1005;
}

/// The operations `DIExpression::isValid` takes in LLVM 22, by name and code, with the
/// number of elements each spans (itself and its arguments). Checked code by code against
/// opt-22: every other operation makes an expression invalid.
const VALID_OPS: &[(&str, u64, usize)] = &[
    ("DW_OP_deref", op::DEREF, 1),
    ("DW_OP_constu", 0x10, 2),
    ("DW_OP_consts", 0x11, 2),
    ("DW_OP_dup", 0x12, 1),
    ("DW_OP_over", 0x14, 1),
    ("DW_OP_swap", op::SWAP, 1),
    ("DW_OP_rot", 0x17, 1),
    ("DW_OP_xderef", 0x18, 1),
    ("DW_OP_abs", 0x19, 1),
    ("DW_OP_and", 0x1a, 1),
    ("DW_OP_div", 0x1b, 1),
    ("DW_OP_minus", 0x1c, 1),
    ("DW_OP_mod", 0x1d, 1),
    ("DW_OP_mul", 0x1e, 1),
    ("DW_OP_neg", 0x1f, 1),
    ("DW_OP_not", 0x20, 1),
    ("DW_OP_or", 0x21, 1),
    ("DW_OP_plus", 0x22, 1),
    ("DW_OP_plus_uconst", 0x23, 2),
    ("DW_OP_shl", 0x24, 1),
    ("DW_OP_shr", 0x25, 1),
    ("DW_OP_shra", 0x26, 1),
    ("DW_OP_xor", 0x27, 1),
    ("DW_OP_eq", 0x29, 1),
    ("DW_OP_ge", 0x2a, 1),
    ("DW_OP_gt", 0x2b, 1),
    ("DW_OP_le", 0x2c, 1),
    ("DW_OP_lt", 0x2d, 1),
    ("DW_OP_ne", 0x2e, 1),
    ("DW_OP_lit0", op::LIT0, 1),
    ("DW_OP_regx", 0x90, 2),
    ("DW_OP_bregx", 0x92, 3),
    ("DW_OP_deref_size", 0x94, 2),
    ("DW_OP_push_object_address", 0x97, 1),
    ("DW_OP_stack_value", op::STACK_VALUE, 1),
    ("DW_OP_LLVM_fragment", op::LLVM_FRAGMENT, 3),
    ("DW_OP_LLVM_convert", 0x1001, 3),
    ("DW_OP_LLVM_tag_offset", 0x1002, 2),
    ("DW_OP_LLVM_entry_value", op::LLVM_ENTRY_VALUE, 2),
    ("DW_OP_LLVM_implicit_pointer", 0x1004, 1),
    ("DW_OP_LLVM_arg", op::LLVM_ARG, 2),
    ("DW_OP_LLVM_extract_bits_sext", 0x1006, 3),
    ("DW_OP_LLVM_extract_bits_zext", 0x1007, 3),
];

/// A `DW_ATE_*` encoding (an operand of `DW_OP_LLVM_convert`): this does not judge an
/// expression that uses one where its code would matter.
const ENCODING: u64 = u64::MAX - 1;

/// One element of an expression as written: a number, a `DW_OP_*` name (its code, or
/// `u64::MAX` for an operation outside [`VALID_OPS`], which is invalid wherever it is an
/// operation), [`ENCODING`], or `None` for what is none of those.
fn element(e: &str) -> Option<u64> {
    if e.starts_with("DW_ATE_") {
        return Some(ENCODING);
    }
    if let Some(reg) = e
        .strip_prefix("DW_OP_reg")
        .and_then(|n| n.parse::<u64>().ok())
    {
        return Some(if reg <= 31 { op::REG0 + reg } else { u64::MAX });
    }
    if let Some(reg) = e
        .strip_prefix("DW_OP_breg")
        .and_then(|n| n.parse::<u64>().ok())
    {
        return Some(if reg <= 31 { op::BREG0 + reg } else { u64::MAX });
    }
    if e.starts_with("DW_OP_") {
        return Some(
            VALID_OPS
                .iter()
                .find(|o| o.0 == e)
                .map_or(u64::MAX, |o| o.1),
        );
    }
    e.parse().ok()
}

/// LLVM's `ExprOperand::getSize`, for the operations that can be valid.
fn span(code: u64) -> usize {
    if (op::BREG0..=op::BREG31).contains(&code) {
        return 2;
    }
    VALID_OPS.iter().find(|o| o.1 == code).map_or(1, |o| o.2)
}

/// `DIExpression::isValid` on the text between an expression's parentheses; `None` when
/// this does not judge it.
fn expression_is_valid(text: &str) -> Option<bool> {
    let mut ops: smallvec::SmallVec<[u64; 8]> = smallvec::SmallVec::new();
    for e in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        ops.push(element(e)?);
    }
    let n = ops.len();
    let mut i = 0;
    while i < n {
        let code = ops[i];
        if code == ENCODING {
            return None;
        }
        let size = span(code);
        if i + size > n {
            return Some(false);
        }
        if (op::REG0..=op::REG31).contains(&code) || (op::BREG0..=op::BREG31).contains(&code) {
            return Some(true);
        }
        match code {
            // A fragment comes last.
            op::LLVM_FRAGMENT => return Some(i + size == n),
            // A stack value comes last, or just before the fragment.
            op::STACK_VALUE => {
                if i + size != n && ops[i + size] != op::LLVM_FRAGMENT {
                    return Some(false);
                }
            }
            // Swapping needs something on the stack besides the location.
            op::SWAP if n == 1 => return Some(false),
            // An entry value comes first (after `DW_OP_LLVM_arg 0`) and covers one operation.
            op::LLVM_ENTRY_VALUE => {
                let first = if ops[0] == op::LLVM_ARG && ops.get(1) == Some(&0) {
                    2
                } else {
                    0
                };
                if ops[i + 1] == ENCODING {
                    return None;
                }
                return Some(i == first && ops[i + 1] == 1);
            }
            _ if code != u64::MAX && VALID_OPS.iter().any(|o| o.1 == code) => {}
            _ => return Some(false),
        }
        i += size;
    }
    Some(true)
}

#[cfg(test)]
mod tests {
    use super::expression_is_valid as valid;

    #[test]
    fn expressions_are_judged_as_llvm_22_judges_them() {
        for ok in [
            "",
            "DW_OP_deref",
            "DW_OP_lit0",
            "DW_OP_reg5, 1000",
            "DW_OP_breg3, 2, 99999",
            "DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 8",
            "DW_OP_dup, DW_OP_swap",
            "DW_OP_LLVM_arg, 0, DW_OP_LLVM_entry_value, 1",
            "DW_OP_LLVM_convert, 8, DW_ATE_signed",
            "16, 2, 22, 24",
        ] {
            assert_eq!(valid(ok), Some(true), "{ok}");
        }
        for bad in [
            "DW_OP_lit5",
            "DW_OP_swap",
            "DW_OP_stack_value, DW_OP_deref",
            "DW_OP_deref, DW_OP_LLVM_entry_value, 1",
            "DW_OP_LLVM_entry_value, 2",
            "DW_OP_xderef_size, 4",
            "DW_OP_LLVM_fragment, 0",
            "DW_OP_LLVM_fragment, 0, 8, DW_OP_deref",
            "DW_OP_constu",
            "0, 1, 9, 7, 2",
            "DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_lit1",
        ] {
            assert_eq!(valid(bad), Some(false), "{bad}");
        }
    }
}
