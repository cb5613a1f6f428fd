//! Debug-info node fields (`!DILocation(line: 3, scope: !7)`), checked as LLParser checks
//! them while mergefn keeps the node as text: each field at most once, the fields a kind
//! requires, the ones that cannot be `null`, a definition's `distinct`, and the limits of
//! line, column, argument and tag numbers. What a field's value must name (a file, a type)
//! is the verifier's business and not checked here.

use super::{PResult, Parser, MAX_DEPTH};
use crate::lexer::Tok;

/// For each specialised node kind: the fields it requires (`REQUIRED` in LLParser) and those
/// that may not be `null`.
fn rules(kind: &str) -> (&'static [&'static str], &'static [&'static str]) {
    match kind {
        "DILocation" => (&["scope"], &["scope"]),
        "GenericDINode" => (&["tag"], &[]),
        "DISubrange" | "DIGenericSubrange" => (&[], &["count"]),
        "DIEnumerator" => (&["name", "value"], &[]),
        "DIDerivedType" => (&["tag", "baseType"], &[]),
        "DICompositeType" => (&["tag"], &[]),
        "DISubroutineType" => (&["types"], &[]),
        "DIFile" => (&["filename", "directory"], &[]),
        "DICompileUnit" => (&["file"], &["file"]),
        "DILexicalBlock" => (&["scope"], &["scope"]),
        "DILexicalBlockFile" => (&["scope", "discriminator"], &["scope"]),
        "DICommonBlock" => (&["scope"], &[]),
        "DINamespace" => (&["scope"], &[]),
        "DITemplateTypeParameter" => (&["type"], &[]),
        "DITemplateValueParameter" => (&["value"], &[]),
        // `name` is optional: clang emits nameless ones for string literals.
        "DIGlobalVariable" => (&[], &[]),
        "DILocalVariable" => (&["scope"], &["scope"]),
        "DILabel" => (&["scope"], &["scope"]),
        "DIGlobalVariableExpression" => (&["var", "expr"], &[]),
        "DIImportedEntity" => (&["tag", "scope"], &[]),
        _ => (&[], &[]),
    }
}

/// The fields LLParser 22 knows for each specialised node kind (its `VISIT_MD_FIELDS` lists,
/// each name confirmed against opt-22: a field of a later LLVM, such as `DICompileUnit`'s
/// `dialect` or `DIBasicType`'s `file`, is its "invalid field"). `DIAssignID` takes none.
#[rustfmt::skip]
fn known_fields(kind: &str) -> &'static [&'static str] {
    match kind {
        "DIBasicType" => &["align", "dataSize", "encoding", "flags", "name", "num_extra_inhabitants", "size", "tag"],
        "DICommonBlock" => &["declaration", "file", "line", "name", "scope"],
        "DICompileUnit" => &["debugInfoForProfiling", "dwoId", "emissionKind", "enums", "file", "flags", "globals", "imports", "isOptimized", "language", "macros", "nameTableKind", "producer", "rangesBaseAddress", "retainedTypes", "runtimeVersion", "sdk", "sourceLanguageName", "sourceLanguageVersion", "splitDebugFilename", "splitDebugInlining", "sysroot"],
        "DICompositeType" => &["align", "allocated", "annotations", "associated", "baseType", "bitStride", "dataLocation", "discriminator", "elements", "enumKind", "file", "flags", "identifier", "line", "name", "num_extra_inhabitants", "offset", "rank", "runtimeLang", "scope", "size", "specification", "tag", "templateParams", "vtableHolder"],
        "DIDerivedType" => &["align", "annotations", "baseType", "dwarfAddressSpace", "extraData", "file", "flags", "line", "name", "offset", "ptrAuthAuthenticatesNullValues", "ptrAuthExtraDiscriminator", "ptrAuthIsAddressDiscriminated", "ptrAuthIsaPointer", "ptrAuthKey", "scope", "size", "tag"],
        "DIEnumerator" => &["isUnsigned", "name", "value"],
        "DIFile" => &["checksum", "checksumkind", "directory", "filename", "source"],
        "DIFixedPointType" => &["align", "denominator", "encoding", "factor", "flags", "kind", "name", "numerator", "size", "tag"],
        "DIGenericSubrange" => &["count", "lowerBound", "stride", "upperBound"],
        "DIGlobalVariable" => &["align", "annotations", "declaration", "file", "isDefinition", "isLocal", "line", "linkageName", "name", "scope", "templateParams", "type"],
        "DIGlobalVariableExpression" => &["expr", "var"],
        "DIImportedEntity" => &["elements", "entity", "file", "line", "name", "scope", "tag"],
        "DILabel" => &["column", "coroSuspendIdx", "file", "isArtificial", "line", "name", "scope"],
        "DILexicalBlock" => &["column", "file", "line", "scope"],
        "DILexicalBlockFile" => &["discriminator", "file", "scope"],
        "DILocalVariable" => &["align", "annotations", "arg", "file", "flags", "line", "name", "scope", "type"],
        "DILocation" => &["atomGroup", "atomRank", "column", "inlinedAt", "isImplicitCode", "line", "scope"],
        "DIMacro" => &["line", "name", "type", "value"],
        "DIMacroFile" => &["file", "line", "nodes", "type"],
        "DIModule" => &["apinotes", "configMacros", "file", "includePath", "isDecl", "line", "name", "scope"],
        "DINamespace" => &["exportSymbols", "name", "scope"],
        "DIObjCProperty" => &["attributes", "file", "getter", "line", "name", "setter", "type"],
        "DIStringType" => &["align", "encoding", "name", "size", "stringLength", "stringLengthExpression", "stringLocationExpression", "tag"],
        "DISubprogram" => &["annotations", "containingType", "declaration", "file", "flags", "isDefinition", "isLocal", "isOptimized", "keyInstructions", "line", "linkageName", "name", "retainedNodes", "scope", "scopeLine", "spFlags", "targetFuncName", "templateParams", "thisAdjustment", "thrownTypes", "type", "unit", "virtualIndex", "virtuality"],
        "DISubrange" => &["count", "lowerBound", "stride", "upperBound"],
        "DISubrangeType" => &["align", "baseType", "bias", "file", "flags", "line", "lowerBound", "name", "scope", "size", "stride", "upperBound"],
        "DISubroutineType" => &["cc", "flags", "types"],
        "DITemplateTypeParameter" => &["defaulted", "name", "type"],
        "DITemplateValueParameter" => &["defaulted", "name", "tag", "type", "value"],
        "GenericDINode" => &["header", "operands", "tag"],
        _ => &[],
    }
}

/// How a field's value is written, as LLParser reads it (the kind of its `MD*Field`), for the
/// fields [`field_form`] knows.
#[derive(Clone, Copy)]
enum Form {
    /// Metadata: `!N`, `!{...}`, `!"..."`, a node written in place, `null`, or a typed value.
    Md,
    /// A string constant.
    Str,
    /// `true` or `false`.
    Bool,
    /// An integer within these bounds.
    Int(i128, i128),
    /// An integer of any width.
    AnyInt,
    /// Metadata or an integer within these bounds.
    MdOrInt(i128, i128),
}

/// The form of field `field` of `kind`, for the fields whose form LLParser checks and the
/// other rules here do not; each one found by giving opt-22 a value of every form.
#[rustfmt::skip]
fn field_form(kind: &str, field: &str) -> Option<Form> {
    use Form::*;
    Some(match kind {
        "DIBasicType" => match field {
            "align" => Int(0, u32::MAX as i128),
            "dataSize" => Int(0, u32::MAX as i128),
            "name" => Str,
            "num_extra_inhabitants" => Int(0, u32::MAX as i128),
            "size" => MdOrInt(0, u64::MAX as i128),
            _ => return None,
        },
        "DICommonBlock" => match field {
            "declaration" => Md,
            "file" => Md,
            "line" => Int(0, u32::MAX as i128),
            "name" => Str,
            "scope" => Md,
            _ => return None,
        },
        "DICompileUnit" => match field {
            "debugInfoForProfiling" => Bool,
            "flags" => Str,
            "sourceLanguageVersion" => Int(0, u32::MAX as i128),
            "dwoId" => Int(0, u64::MAX as i128),
            "enums" => Md,
            "file" => Md,
            "globals" => Md,
            "imports" => Md,
            "isOptimized" => Bool,
            "macros" => Md,
            "producer" => Str,
            "rangesBaseAddress" => Bool,
            "retainedTypes" => Md,
            "runtimeVersion" => Int(0, u32::MAX as i128),
            "sdk" => Str,
            "splitDebugFilename" => Str,
            "splitDebugInlining" => Bool,
            "sysroot" => Str,
            _ => return None,
        },
        "DICompositeType" => match field {
            "align" => Int(0, u32::MAX as i128),
            "allocated" => Md,
            "annotations" => Md,
            "associated" => Md,
            "baseType" => Md,
            "bitStride" => Md,
            "dataLocation" => Md,
            "discriminator" => Md,
            "elements" => Md,
            "file" => Md,
            "identifier" => Str,
            "line" => Int(0, u32::MAX as i128),
            "name" => Str,
            "num_extra_inhabitants" => Int(0, u32::MAX as i128),
            "offset" => MdOrInt(0, u64::MAX as i128),
            "rank" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            "scope" => Md,
            "size" => MdOrInt(0, u64::MAX as i128),
            "specification" => Md,
            "templateParams" => Md,
            "vtableHolder" => Md,
            _ => return None,
        },
        "DIDerivedType" => match field {
            "align" => Int(0, u32::MAX as i128),
            "annotations" => Md,
            "baseType" => Md,
            "dwarfAddressSpace" => Int(0, u32::MAX as i128),
            "extraData" => Md,
            "file" => Md,
            "line" => Int(0, u32::MAX as i128),
            "name" => Str,
            "offset" => MdOrInt(0, u64::MAX as i128),
            "ptrAuthAuthenticatesNullValues" => Bool,
            "ptrAuthExtraDiscriminator" => Int(0, 65535),
            "ptrAuthIsAddressDiscriminated" => Bool,
            "ptrAuthIsaPointer" => Bool,
            "ptrAuthKey" => Int(0, 7),
            "scope" => Md,
            "size" => MdOrInt(0, u64::MAX as i128),
            _ => return None,
        },
        "DIEnumerator" => match field {
            "isUnsigned" => Bool,
            "name" => Str,
            "value" => AnyInt,
            _ => return None,
        },
        "DIFile" => match field {
            "checksum" => Str,
            "directory" => Str,
            "filename" => Str,
            "source" => Str,
            _ => return None,
        },
        "DIFixedPointType" => match field {
            "align" => Int(0, u32::MAX as i128),
            "denominator" => AnyInt,
            "factor" => Int(i64::MIN as i128, i64::MAX as i128),
            "name" => Str,
            "numerator" => AnyInt,
            "size" => MdOrInt(0, u64::MAX as i128),
            _ => return None,
        },
        "DIGenericSubrange" => match field {
            "count" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            "lowerBound" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            "stride" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            "upperBound" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            _ => return None,
        },
        "DIGlobalVariable" => match field {
            "align" => Int(0, u32::MAX as i128),
            "annotations" => Md,
            "declaration" => Md,
            "file" => Md,
            "isDefinition" => Bool,
            "isLocal" => Bool,
            "line" => Int(0, u32::MAX as i128),
            "linkageName" => Str,
            "name" => Str,
            "scope" => Md,
            "templateParams" => Md,
            "type" => Md,
            _ => return None,
        },
        "DIGlobalVariableExpression" => match field {
            "expr" => Md,
            "var" => Md,
            _ => return None,
        },
        "DIImportedEntity" => match field {
            "elements" => Md,
            "entity" => Md,
            "file" => Md,
            "line" => Int(0, u32::MAX as i128),
            "name" => Str,
            "scope" => Md,
            _ => return None,
        },
        "DILabel" => match field {
            "column" => Int(0, 65535),
            "coroSuspendIdx" => Int(0, u64::MAX as i128),
            "file" => Md,
            "isArtificial" => Bool,
            "line" => Int(0, u32::MAX as i128),
            "name" => Str,
            "scope" => Md,
            _ => return None,
        },
        "DILexicalBlock" => match field {
            "column" => Int(0, 65535),
            "file" => Md,
            "line" => Int(0, u32::MAX as i128),
            "scope" => Md,
            _ => return None,
        },
        "DILexicalBlockFile" => match field {
            "discriminator" => Int(0, u32::MAX as i128),
            "file" => Md,
            "scope" => Md,
            _ => return None,
        },
        "DILocalVariable" => match field {
            "align" => Int(0, u32::MAX as i128),
            "annotations" => Md,
            "arg" => Int(0, 65535),
            "file" => Md,
            "line" => Int(0, u32::MAX as i128),
            "name" => Str,
            "scope" => Md,
            "type" => Md,
            _ => return None,
        },
        "DILocation" => match field {
            "atomGroup" => Int(0, u64::MAX as i128),
            "atomRank" => Int(0, 255),
            "column" => Int(0, 65535),
            "inlinedAt" => Md,
            "isImplicitCode" => Bool,
            "line" => Int(0, u32::MAX as i128),
            "scope" => Md,
            _ => return None,
        },
        "DIMacro" => match field {
            "line" => Int(0, u32::MAX as i128),
            "name" => Str,
            "value" => Str,
            _ => return None,
        },
        "DIMacroFile" => match field {
            "file" => Md,
            "line" => Int(0, u32::MAX as i128),
            "nodes" => Md,
            _ => return None,
        },
        "DIModule" => match field {
            "apinotes" => Str,
            "configMacros" => Str,
            "file" => Md,
            "includePath" => Str,
            "isDecl" => Bool,
            "line" => Int(0, u32::MAX as i128),
            "name" => Str,
            "scope" => Md,
            _ => return None,
        },
        "DINamespace" => match field {
            "exportSymbols" => Bool,
            "name" => Str,
            "scope" => Md,
            _ => return None,
        },
        "DIObjCProperty" => match field {
            "attributes" => Int(0, u32::MAX as i128),
            "file" => Md,
            "getter" => Str,
            "line" => Int(0, u32::MAX as i128),
            "name" => Str,
            "setter" => Str,
            "type" => Md,
            _ => return None,
        },
        "DIStringType" => match field {
            "align" => Int(0, u32::MAX as i128),
            "name" => Str,
            "size" => MdOrInt(0, u64::MAX as i128),
            "stringLength" => Md,
            "stringLengthExpression" => Md,
            "stringLocationExpression" => Md,
            _ => return None,
        },
        "DISubprogram" => match field {
            "annotations" => Md,
            "containingType" => Md,
            "declaration" => Md,
            "file" => Md,
            "isDefinition" => Bool,
            "isLocal" => Bool,
            "isOptimized" => Bool,
            "keyInstructions" => Bool,
            "line" => Int(0, u32::MAX as i128),
            "linkageName" => Str,
            "name" => Str,
            "retainedNodes" => Md,
            "scope" => Md,
            "scopeLine" => Int(0, u32::MAX as i128),
            "targetFuncName" => Str,
            "templateParams" => Md,
            "thisAdjustment" => Int(i32::MIN as i128, i32::MAX as i128),
            "thrownTypes" => Md,
            "type" => Md,
            "unit" => Md,
            "virtualIndex" => Int(0, u32::MAX as i128),
            _ => return None,
        },
        "DISubrange" => match field {
            "count" => MdOrInt(-1, i64::MAX as i128),
            "lowerBound" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            "stride" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            "upperBound" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            _ => return None,
        },
        "DISubrangeType" => match field {
            "align" => Int(0, u32::MAX as i128),
            "baseType" => Md,
            "bias" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            "file" => Md,
            "line" => Int(0, u32::MAX as i128),
            "lowerBound" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            "name" => Str,
            "scope" => Md,
            "size" => MdOrInt(0, u64::MAX as i128),
            "stride" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            "upperBound" => MdOrInt(i64::MIN as i128, i64::MAX as i128),
            _ => return None,
        },
        "DISubroutineType" => match field {
            "types" => Md,
            _ => return None,
        },
        "DITemplateTypeParameter" => match field {
            "defaulted" => Bool,
            "name" => Str,
            "type" => Md,
            _ => return None,
        },
        "DITemplateValueParameter" => match field {
            "defaulted" => Bool,
            "name" => Str,
            "type" => Md,
            "value" => Md,
            _ => return None,
        },
        "GenericDINode" => match field {
            "header" => Str,
            _ => return None,
        },
        _ => return None,
    })
}

/// LLParser's message for `value` in field `name` of form `form`, if it does not fit.
fn form_problem(form: Form, name: &str, value: &str) -> Option<String> {
    let int = value
        .strip_prefix('-')
        .unwrap_or(value)
        .bytes()
        .all(|c| c.is_ascii_digit())
        && !value.is_empty()
        && value != "-";
    // Hexadecimal integers (`u0x1f`, `s0x1f`): integers, their bounds left unchecked.
    let hex = value.starts_with("u0x") || value.starts_with("s0x");
    // What no metadata operand starts with: a bare number, a string, a boolean, a DWARF or
    // LLVM named constant.
    let not_md = int
        || hex
        || value.starts_with('"')
        || value == "true"
        || value == "false"
        || value.starts_with("DW_")
        || value.starts_with("DI")
        || value.starts_with("CSK_");
    let bounds = |min: i128, max: i128| -> Option<String> {
        let v: i128 = value.parse().ok()?;
        if v > max {
            Some(format!("value for '{name}' too large, limit is {max}"))
        } else if v < min {
            Some(if min == 0 {
                "expected unsigned integer".to_string()
            } else {
                format!("value for '{name}' too small, limit is {min}")
            })
        } else {
            None
        }
    };
    match form {
        Form::Md => not_md.then(|| "expected metadata operand".to_string()),
        Form::Str => (!value.starts_with('"')).then(|| "expected string constant".to_string()),
        Form::Bool => {
            (value != "true" && value != "false").then(|| "expected 'true' or 'false'".to_string())
        }
        Form::AnyInt => (!int && !hex).then(|| "expected integer".to_string()),
        Form::Int(min, max) if int => bounds(min, max),
        Form::Int(_, _) if hex => None,
        Form::Int(min, _) => Some(if min == 0 {
            "expected unsigned integer".to_string()
        } else {
            "expected signed integer".to_string()
        }),
        Form::MdOrInt(min, max) if int => bounds(min, max),
        Form::MdOrInt(_, _) if hex => None,
        Form::MdOrInt(_, _) => not_md.then(|| "expected metadata operand".to_string()),
    }
}

/// A field as [`Parser::check_di_fields`] reads it: its name, its value (empty when no rule
/// looks at it), the value's offset, and its form when [`field_form`] knows it.
type Field<'s> = (&'s str, &'s str, u32, Option<Form>);

/// Whether the fields of specialised node `kind` are checked (the debug-info nodes; an
/// expression's operations and an argument list are not fields).
pub(super) fn checked_kind(kind: &str) -> bool {
    (kind.starts_with("DI") || kind == "GenericDINode")
        && kind != "DIArgList"
        && kind != "DIExpression"
}

/// Field spans found while skipping a node's parentheses: (start of the field, its `:`, end),
/// byte offsets into the source.
pub(super) type Spans = smallvec::SmallVec<[(u32, u32, u32); 16]>;

/// A signed field's value within `i64`, or LLParser's message.
fn signed_within(name: &str, value: &str) -> Option<String> {
    let v = value.parse::<i128>().ok()?;
    if v > i128::from(i64::MAX) {
        Some(format!(
            "value for '{name}' too large, limit is {}",
            i64::MAX
        ))
    } else if v < i128::from(i64::MIN) {
        Some(format!(
            "value for '{name}' too small, limit is {}",
            i64::MIN
        ))
    } else {
        None
    }
}

/// An unsigned field's value within `max`, or LLParser's message.
fn unsigned_within(name: &str, value: &str, max: u64) -> Option<String> {
    if value.starts_with('-') {
        return Some("expected unsigned integer".into());
    }
    match value.parse::<u128>() {
        Ok(v) if v > u128::from(max) => {
            Some(format!("value for '{name}' too large, limit is {max}"))
        }
        _ => None,
    }
}

/// A field whose value is one of LLVM's named constants (a DWARF tag or language, a `|` of
/// flags): the first name LLVM 22 does not know, as (offset in `value`, LLParser's message).
fn named_constant(kind: &str, field: &str, value: &str) -> Option<(u32, String)> {
    use super::dwarf_names::*;
    let numeric = |v: &str| v.bytes().all(|c| c.is_ascii_digit() || c == b'-');
    // DWARF names, by their prefix: one the lexer gives but LLVM 22 does not know is
    // "invalid", any other word "expected".
    let dwarf: Option<(&str, &[&str], &str)> = match (kind, field) {
        (_, "tag") => Some(("DW_TAG_", DWARF_TAGS, "DWARF tag")),
        (_, "language") => Some(("DW_LANG_", DWARF_LANGUAGES, "DWARF language")),
        ("DISubroutineType", "cc") => Some((
            "DW_CC_",
            DWARF_CALLING_CONVENTIONS,
            "DWARF calling convention",
        )),
        ("DIBasicType" | "DIStringType" | "DIFixedPointType", "encoding") => {
            Some(("DW_ATE_", DWARF_ENCODINGS, "DWARF type attribute encoding"))
        }
        ("DISubprogram", "virtuality") => Some((
            "DW_VIRTUALITY_",
            DWARF_VIRTUALITIES,
            "DWARF virtuality code",
        )),
        ("DIMacro" | "DIMacroFile", "type") => {
            Some(("DW_MACINFO_", DWARF_MACINFO_TYPES, "DWARF macinfo type"))
        }
        ("DICompileUnit", "sourceLanguageName") => Some((
            "DW_LNAME_",
            DWARF_SOURCE_LANGUAGE_NAMES,
            "DWARF source language name",
        )),
        ("DICompositeType", "enumKind") => Some((
            "DW_APPLE_ENUM_KIND_",
            DWARF_ENUM_KINDS,
            "DWARF enum kind code",
        )),
        _ => None,
    };
    if let Some((prefix, known, what)) = dwarf {
        let msg = if value.starts_with(prefix) {
            (known.binary_search(&value).is_err()).then(|| format!("invalid {what} '{value}'"))
        } else {
            (!numeric(value)).then(|| format!("expected {what}"))
        };
        return msg.map(|m| (0, m));
    }
    // Words of LLVM's own (`emissionKind: FullDebug`): any other word is not one the lexer
    // gives that field.
    let words: Option<(&[&str], &str)> = match (kind, field) {
        ("DICompileUnit", "emissionKind") => Some((
            &[
                "NoDebug",
                "FullDebug",
                "LineTablesOnly",
                "DebugDirectivesOnly",
            ],
            "emission kind",
        )),
        ("DICompileUnit", "nameTableKind") => {
            Some((&["Default", "GNU", "None", "Apple"], "nameTable kind"))
        }
        ("DIFixedPointType", "kind") => {
            Some((&["Binary", "Decimal", "Rational"], "fixed-point kind"))
        }
        _ => None,
    };
    if let Some((known, what)) = words {
        return (!known.contains(&value) && !numeric(value))
            .then(|| (0, format!("expected {what}")));
    }
    match (kind, field) {
        (_, "checksumkind") => checksum_kind_problem(value).map(|m| (0, m)),
        // (A compile unit's `flags` is a string: the command line.)
        (k, "flags" | "spFlags") if !(k == "DICompileUnit" && field == "flags") => {
            let (prefix, known, what) = if field == "flags" {
                ("DIFlag", DI_FLAGS, "debug info flag")
            } else {
                ("DISPFlag", DI_SP_FLAGS, "subprogram debug info flag")
            };
            let mut at = 0;
            for part in value.split('|') {
                let lead = part.len() - part.trim_start().len();
                let name = part.trim();
                if name.starts_with(prefix) {
                    if known.binary_search(&name).is_err() {
                        return Some(((at + lead) as u32, format!("invalid {what} '{name}'")));
                    }
                } else if !name.is_empty() && name.bytes().all(|c| c.is_ascii_digit()) {
                    // A number: the flags' bits, 32 of them.
                    if name.parse::<u32>().is_err() {
                        let msg = "expected 32-bit integer (too large)".to_string();
                        return Some(((at + lead) as u32, msg));
                    }
                } else {
                    // Neither a flag's name nor a number (the same words for both fields).
                    return Some(((at + lead) as u32, "expected debug info flag".to_string()));
                }
                at += part.len() + 1;
            }
            None
        }
        _ => None,
    }
}

/// The words LLVM's lexer reads as debug-info names and keeps the text of: by prefix, and
/// whole (the emission and name-table kinds).
const DI_WORD_PREFIXES: &[&str] = &[
    "DW_TAG_",
    "DW_ATE_",
    "DW_VIRTUALITY_",
    "DW_LANG_",
    "DW_LNAME_",
    "DW_CC_",
    "DW_OP_",
    "DW_MACINFO_",
    "DW_APPLE_ENUM_KIND_",
    "DIFlag",
    "DISPFlag",
    "CSK_",
];
const DI_WORDS: &[&str] = &[
    "NoDebug",
    "FullDebug",
    "LineTablesOnly",
    "DebugDirectivesOnly",
    "Default",
    "GNU",
    "None",
    "Apple",
];

/// A `DIFile`'s `checksumkind` other than `CSK_MD5`, `CSK_SHA1` or `CSK_SHA256`, as LLParser
/// words it: with the text of the token it found when the lexer keeps one (a string's
/// contents, a `@`/`%` name without its sigil, a debug-info word), otherwise with the last
/// text it kept, the field's own name.
fn checksum_kind_problem(value: &str) -> Option<String> {
    if matches!(value, "CSK_MD5" | "CSK_SHA1" | "CSK_SHA256") {
        return None;
    }
    let shown = if let Some(inner) = value.strip_prefix('"') {
        inner.strip_suffix('"').unwrap_or(inner)
    } else if let Some(name) = value.strip_prefix(['@', '%']) {
        name.trim_matches('"')
    } else if DI_WORDS.contains(&value) || DI_WORD_PREFIXES.iter().any(|p| value.starts_with(p)) {
        value
    } else {
        "checksumkind"
    };
    Some(format!("invalid checksum kind '{shown}'"))
}

/// Where the fields of a `!DILocation` end (one past its `)`), when they are written as LLVM
/// prints them and pass [`Parser::check_di_fields`]: `(line: 3, column: 7, scope: !5,
/// inlinedAt: !9, isImplicitCode: true, atomGroup: 1, atomRank: 1)`, each field but `scope`
/// optional, in that order, `line` and `column` within their limits; the `N` of each `!N`
/// it names pushed on `refs`. `None` for any other text, which the
/// general path then reads (and reports on, if it must).
pub(super) fn plain_location(src: &[u8], open: usize, refs: &mut Vec<u64>) -> Option<usize> {
    // Straight-line code over the fields in LLVM's order, each name compared as a constant
    // (a few loads, no loop): this runs for most nodes of a debug build.
    let mut i = open + 1;
    let mut first = true;
    // The field `name` (after `, ` unless it is the first) at `i`, and past it if so.
    fn field<const N: usize>(src: &[u8], i: &mut usize, first: &mut bool, name: &[u8; N]) -> bool {
        let at = if *first {
            *i
        } else if src.get(*i..*i + 2) == Some(b", ") {
            *i + 2
        } else {
            return false;
        };
        if src.get(at..at + N) != Some(name) {
            return false;
        }
        *i = at + N;
        *first = false;
        true
    }
    // Digits at `i` worth at most `max` (no digits, or more than `u64` holds: `None`).
    let number = |i: &mut usize, max: u64| -> Option<()> {
        let n = src[*i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if decimal(&src[*i..*i + n])? > max {
            return None;
        }
        *i += n;
        Some(())
    };
    // `!N`, noted in `refs`.
    let mut node = |i: &mut usize| -> Option<()> {
        if src.get(*i) != Some(&b'!') {
            return None;
        }
        let n = src[*i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if n == 0 {
            return None;
        }
        let id = decimal(&src[*i + 1..*i + 1 + n]).unwrap_or(u64::MAX);
        refs.push(id);
        *i += 1 + n;
        Some(())
    };
    if src.get(open) != Some(&b'(') {
        return None;
    }
    if field(src, &mut i, &mut first, b"line: ") {
        number(&mut i, u64::from(u32::MAX))?;
    }
    if field(src, &mut i, &mut first, b"column: ") {
        number(&mut i, u64::from(u16::MAX))?;
    }
    if !field(src, &mut i, &mut first, b"scope: ") {
        return None;
    }
    node(&mut i)?;
    if field(src, &mut i, &mut first, b"inlinedAt: ") {
        node(&mut i)?;
    }
    if field(src, &mut i, &mut first, b"isImplicitCode: ") {
        if src.get(i..i + 4) == Some(b"true") {
            i += 4;
        } else if src.get(i..i + 5) == Some(b"false") {
            i += 5;
        } else {
            return None;
        }
    }
    if field(src, &mut i, &mut first, b"atomGroup: ") {
        number(&mut i, u64::MAX)?;
    }
    if field(src, &mut i, &mut first, b"atomRank: ") {
        number(&mut i, u64::MAX)?;
    }
    (src.get(i) == Some(&b')')).then_some(i + 1)
}

/// How a field's value is written, for [`plain_fields`].
#[derive(Clone, Copy)]
pub(super) enum Plain {
    /// A decimal number, at most this.
    Number(u64),
    /// `!N`; or `null` too, when `true`.
    Node(bool),
    /// A string on the line.
    Str,
    /// Debug-info flags LLVM 22 knows, joined by ` | `.
    Flags,
    /// Subprogram flags LLVM 22 knows, joined by ` | `; with `DISPFlagDefinition`, only in
    /// a `distinct` node.
    SpFlags,
    /// `true` or `false`.
    Bool,
    /// A DWARF tag LLVM 22 knows (`DW_TAG_member`).
    Tag,
}

/// A kind's fields for [`plain_fields`]: see [`plain_spec`].
pub(super) type PlainSpec = (&'static [(&'static [u8], Plain)], u32);

/// For the kinds [`plain_fields`] reads (the commonest of a debug build after locations):
/// their fields in the order LLVM prints them, how each is written, and which are required
/// (a bit per field: `scope`, never `null`; a derived type's `tag` and `baseType`). Limits
/// as [`Parser::check_di_fields`] applies them.
pub(super) fn plain_spec(kind: &[u8]) -> Option<PlainSpec> {
    use Plain::*;
    const LINE: u64 = u32::MAX as u64;
    const COLUMN: u64 = u16::MAX as u64;
    Some(match kind {
        b"DILexicalBlock" => (
            &[
                (b"scope", Node(false)),
                (b"file", Node(true)),
                (b"line", Number(LINE)),
                (b"column", Number(COLUMN)),
            ],
            1 << 0,
        ),
        b"DILocalVariable" => (
            &[
                (b"name", Str),
                (b"arg", Number(u16::MAX as u64)),
                (b"scope", Node(false)),
                (b"file", Node(true)),
                (b"line", Number(LINE)),
                (b"type", Node(true)),
                (b"flags", Flags),
                (b"align", Number(u32::MAX as u64)),
                (b"annotations", Node(true)),
            ],
            1 << 2,
        ),
        b"DISubprogram" => (
            &[
                (b"name", Str),
                (b"linkageName", Str),
                (b"scope", Node(true)),
                (b"file", Node(true)),
                (b"line", Number(LINE)),
                (b"type", Node(true)),
                (b"scopeLine", Number(LINE)),
                (b"containingType", Node(true)),
                (b"virtualIndex", Number(u32::MAX as u64)),
                (b"flags", Flags),
                (b"spFlags", SpFlags),
                (b"unit", Node(true)),
                (b"templateParams", Node(true)),
                (b"declaration", Node(true)),
                (b"retainedNodes", Node(true)),
                (b"thrownTypes", Node(true)),
                (b"annotations", Node(true)),
                (b"targetFuncName", Str),
                (b"keyInstructions", Bool),
            ],
            0,
        ),
        b"DIDerivedType" => (
            &[
                (b"tag", Tag),
                (b"name", Str),
                (b"scope", Node(true)),
                (b"file", Node(true)),
                (b"line", Number(LINE)),
                (b"baseType", Node(true)),
                (b"size", Number(u64::MAX)),
                (b"align", Number(u32::MAX as u64)),
                (b"offset", Number(u64::MAX)),
                (b"flags", Flags),
                (b"extraData", Node(true)),
                (b"dwarfAddressSpace", Number(u32::MAX as u64)),
                (b"annotations", Node(true)),
            ],
            1 << 0 | 1 << 5,
        ),
        b"DISubroutineType" => (&[(b"flags", Flags), (b"types", Node(true))], 1 << 1),
        b"DICompositeType" => (
            &[
                (b"tag", Tag),
                (b"name", Str),
                (b"scope", Node(true)),
                (b"file", Node(true)),
                (b"line", Number(LINE)),
                (b"baseType", Node(true)),
                (b"size", Number(u64::MAX)),
                (b"align", Number(u32::MAX as u64)),
                (b"offset", Number(u64::MAX)),
                (b"flags", Flags),
                (b"elements", Node(true)),
                (b"vtableHolder", Node(true)),
                (b"templateParams", Node(true)),
                (b"identifier", Str),
                (b"discriminator", Node(true)),
            ],
            1 << 0,
        ),
        b"DITemplateTypeParameter" => (
            &[(b"name", Str), (b"type", Node(true)), (b"defaulted", Bool)],
            1 << 1,
        ),
        _ => return None,
    })
}

/// Where the fields of a node of a kind [`plain_spec`] describes end (one past its `)`),
/// when they are written as LLVM prints them (its fields in its order, `, ` between them,
/// values as the spec says) and pass [`Parser::check_di_fields`]; each `!N` noted in
/// `refs` as [`plain_location`] notes them. `None` for anything else, which the general path
/// reads.
pub(super) fn plain_fields(
    src: &[u8],
    open: usize,
    (spec, required): PlainSpec,
    distinct: bool,
    refs: &mut Vec<u64>,
) -> Option<usize> {
    use super::dwarf_names::{DI_FLAGS, DI_SP_FLAGS, DWARF_TAGS};
    if src.get(open) != Some(&b'(') {
        return None;
    }
    let digits = |i: usize| {
        (src.get(i..).unwrap_or_default().iter())
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut i = open + 1;
    let mut next = 0;
    let mut found = 0u32;
    while *src.get(i)? != b')' {
        if i != open + 1 {
            if src.get(i..i + 2)? != b", " {
                return None;
            }
            i += 2;
        }
        let n = src[i..]
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .count();
        let name = &src[i..i + n];
        // In order, each once.
        let k = (next..spec.len()).find(|&k| spec[k].0 == name)?;
        if src.get(i + n..i + n + 2)? != b": " {
            return None;
        }
        i += n + 2;
        next = k + 1;
        found |= 1 << k;
        match spec[k].1 {
            Plain::Number(max) => {
                let d = digits(i);
                if decimal(&src[i..i + d])? > max {
                    return None;
                }
                i += d;
            }
            Plain::Node(nullable) => {
                if nullable && src[i..].starts_with(b"null") {
                    i += 4;
                } else {
                    if src.get(i) != Some(&b'!') {
                        return None;
                    }
                    let d = digits(i + 1);
                    if d == 0 {
                        return None;
                    }
                    let id = decimal(&src[i + 1..i + 1 + d]).unwrap_or(u64::MAX);
                    refs.push(id);
                    i += 1 + d;
                }
            }
            Plain::Str => {
                if src.get(i) != Some(&b'"') {
                    return None;
                }
                let e = memchr::memchr2(b'"', b'\n', &src[i + 1..])?;
                if src[i + 1 + e] != b'"' {
                    return None;
                }
                i += e + 2;
            }
            Plain::Flags | Plain::SpFlags => {
                let e = memchr::memchr2(b',', b')', &src[i..])?;
                let value = std::str::from_utf8(&src[i..i + e]).ok()?;
                let (known, definition) = match spec[k].1 {
                    Plain::Flags => (DI_FLAGS, false),
                    _ => (
                        DI_SP_FLAGS,
                        value.split(" | ").any(|f| f == "DISPFlagDefinition"),
                    ),
                };
                // A definition that is not `distinct`: the general path says so.
                if definition && !distinct {
                    return None;
                }
                if !value.split(" | ").all(|f| known.binary_search(&f).is_ok()) {
                    return None;
                }
                i += e;
            }
            Plain::Tag => {
                let n = src[i..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                    .count();
                let tag = std::str::from_utf8(&src[i..i + n]).ok()?;
                if !tag.starts_with("DW_TAG_") || DWARF_TAGS.binary_search(&tag).is_err() {
                    return None;
                }
                i += n;
            }
            Plain::Bool => {
                if src[i..].starts_with(b"true") {
                    i += 4;
                } else if src[i..].starts_with(b"false") {
                    i += 5;
                } else {
                    return None;
                }
            }
        }
    }
    // A subprogram without `spFlags` is a definition (`isDefinition` is `true` unless
    // written): one that is not `distinct` is the general path's to report.
    if !distinct
        && (spec.iter().enumerate())
            .any(|(k, f)| matches!(f.1, Plain::SpFlags) && found & 1 << k == 0)
    {
        return None;
    }
    (found & required == required).then_some(i + 1)
}

/// The value of a run of decimal digits, `None` if it is empty or does not fit `u64`.
pub(super) fn decimal(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u64, |n, &d| {
        n.checked_mul(10)?
            .checked_add(u64::from(d.wrapping_sub(b'0')))
    })
}

impl<'a> Parser<'a> {
    /// Skip the parenthesised fields of a specialised node (as `skip_group` does), noting
    /// where each top-level field starts, has its `:` and ends: one pass over the bytes, as
    /// this runs for every debug-info node of a module.
    pub(super) fn skip_di_group(&mut self, spans: &mut Spans) -> PResult<()> {
        if self.tok.kind != Tok::LParen {
            return self.err(format!("expected '(', found {}", self.describe()));
        }
        let src = self.src;
        let mut depth = 0usize;
        let mut i = self.tok.start as usize;
        let (mut start, mut colon) = (i + 1, 0usize);
        // Only these bytes matter: a table lookup per byte, the rest skipped at once.
        static SPECIAL: [bool; 256] = crate::lexer::byte_set(b"()[]{}\",:");
        while i < src.len() {
            if !SPECIAL[src[i] as usize] {
                i += 1;
                continue;
            }
            match src[i] {
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    if depth > MAX_DEPTH as usize {
                        return self
                            .error_at(i as u32, format!("nesting deeper than {MAX_DEPTH} levels"));
                    }
                }
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        if colon != 0 {
                            spans.push((start as u32, colon as u32, i as u32));
                        }
                        break;
                    }
                }
                b'"' => match memchr::memchr(b'"', &src[i + 1..]) {
                    Some(n) => i += n + 1,
                    None => return self.err("unterminated string"),
                },
                b',' if depth == 1 => {
                    if colon != 0 {
                        spans.push((start as u32, colon as u32, i as u32));
                    }
                    start = i + 1;
                    colon = 0;
                }
                b':' if depth == 1 && colon == 0 => colon = i,
                _ => {}
            }
            i += 1;
        }
        if i >= src.len() {
            return self.err("unbalanced '('");
        }
        self.seek(i as u32 + 1);
        Ok(())
    }

    /// Check the fields of `!kind(...)` (their spans from [`Self::skip_di_group`]); `bang` is
    /// the offset of the `!` of `!kind`, `open` that of the `(`; `distinct` when the node is.
    pub(super) fn check_di_fields(
        &self,
        kind: &str,
        distinct: bool,
        (bang, open): (u32, u32),
        spans: &Spans,
    ) -> PResult<()> {
        let src = self.src;
        // Names and values as text without checking UTF-8 again (the reader knows the input);
        // ASCII trimming, byte by byte.
        let text = |a: u32, b: u32| {
            self.valid_str(a as usize, b as usize)
                .or_else(|| std::str::from_utf8(&src[a as usize..b as usize]).ok())
                .unwrap_or("")
                .trim_ascii()
        };
        let close = spans.last().map_or(open + 1, |s| s.2 + 1);
        let mut fs: smallvec::SmallVec<[Field<'_>; 16]> = smallvec::SmallVec::new();
        // A field twice: a 64-bit filter of (length, last byte) first, names compared only
        // when it says "maybe" (nodes have a dozen fields, and there are many nodes).
        let mut seen = 0u64;
        let known = known_fields(kind);
        // Where a field's name starts, past the blanks after the `(` or `,`.
        let name_at = |a: u32, c: u32| {
            a + src[a as usize..c as usize]
                .iter()
                .take_while(|x| x.is_ascii_whitespace())
                .count() as u32
        };
        for &(a, c, b) in spans.iter() {
            let name = text(a, c);
            let bit = 1u64 << ((name.len() * 7 + name.bytes().last().unwrap_or(0) as usize) & 63);
            if seen & bit != 0 && fs.iter().any(|f| f.0 == name) {
                return self.error_at(
                    name_at(a, c),
                    format!("field '{name}' cannot be specified more than once"),
                );
            }
            seen |= bit;
            if !known.contains(&name) {
                let msg = if kind == "DIAssignID" {
                    "expected ')' here".to_string()
                } else {
                    format!("invalid field '{name}'")
                };
                return self.error_at(name_at(a, c), msg);
            }
            // Values are read only for the fields the rules look at.
            let wanted = matches!(
                name.as_bytes().first(),
                Some(
                    b's' | b'f'
                        | b'c'
                        | b'l'
                        | b'u'
                        | b'a'
                        | b't'
                        | b'e'
                        | b'n'
                        | b'i'
                        | b'v'
                        | b'k'
                )
            ) && matches!(
                name,
                "scope"
                    | "file"
                    | "count"
                    | "lowerBound"
                    | "upperBound"
                    | "stride"
                    | "line"
                    | "column"
                    | "arg"
                    | "tag"
                    | "language"
                    | "emissionKind"
                    | "name"
                    | "isDefinition"
                    | "spFlags"
                    | "flags"
                    | "checksumkind"
                    | "cc"
                    | "encoding"
                    | "virtuality"
                    | "type"
                    | "nameTableKind"
                    | "sourceLanguageName"
                    | "enumKind"
                    | "kind"
            );
            let form = field_form(kind, name);
            let wanted = wanted || form.is_some();
            let (value, off) = if wanted {
                let lead = src[c as usize + 1..b as usize]
                    .iter()
                    .take_while(|x| x.is_ascii_whitespace())
                    .count() as u32;
                (text(c + 1, b), c + 1 + lead)
            } else {
                ("", c + 1)
            };
            fs.push((name, value, off, form));
        }
        let (required, non_null) = rules(kind);
        for &r in required {
            if !fs.iter().any(|f| f.0 == r) {
                return self.error_at(close - 1, format!("missing required field '{r}'"));
            }
        }
        if kind == "DICompileUnit"
            && !fs
                .iter()
                .any(|f| f.0 == "language" || f.0 == "sourceLanguageName")
        {
            return self.error_at(
                close - 1,
                "missing one of 'language' or 'sourceLanguageName', required for !DICompileUnit",
            );
        }
        for &(name, value, off, form) in &fs {
            if value == "null" && non_null.contains(&name) {
                return self.error_at(off, format!("'{name}' cannot be null"));
            }
            let limit = match (kind, name) {
                (_, "line") => Some(u64::from(u32::MAX)),
                (_, "column") => Some(u64::from(u16::MAX)),
                ("DILocalVariable", "arg") => Some(u64::from(u16::MAX)),
                (_, "tag") | (_, "language")
                    if value.bytes().all(|c| c.is_ascii_digit() || c == b'-') =>
                {
                    Some(u64::from(u16::MAX))
                }
                _ if !value.bytes().all(|c| c.is_ascii_digit() || c == b'-') => None,
                ("DICompileUnit", "emissionKind" | "nameTableKind") => Some(3),
                ("DICompileUnit", "sourceLanguageName") => Some(u64::from(u32::MAX)),
                ("DISubroutineType", "cc")
                | ("DIBasicType" | "DIStringType" | "DIFixedPointType", "encoding")
                | ("DIMacro" | "DIMacroFile", "type") => Some(255),
                ("DISubprogram", "virtuality") => Some(2),
                ("DICompositeType", "enumKind") => Some(1),
                ("DIFixedPointType", "kind") => Some(2),
                _ => None,
            };
            if let Some(msg) = limit.and_then(|max| unsigned_within(name, value, max)) {
                return self.error_at(off, msg);
            }
            if let Some(msg) = form.and_then(|f| form_problem(f, name, value)) {
                return self.error_at(off, msg);
            }
            if matches!(kind, "DISubrange" | "DIGenericSubrange")
                && matches!(name, "count" | "lowerBound" | "upperBound" | "stride")
            {
                if let Some(msg) = signed_within(name, value) {
                    return self.error_at(off, msg);
                }
            }
            if let Some((at, msg)) = named_constant(kind, name, value) {
                return self.error_at(off + at, msg);
            }
            if kind == "DIGlobalVariable" && name == "name" && value == "\"\"" {
                return self.error_at(off, "'name' cannot be empty");
            }
        }
        // A subprogram is a definition by its `spFlags` when it has them (the flag's name or
        // bit 3 of a number), otherwise by `isDefinition`, which is `true` unless written.
        let definition = kind == "DISubprogram"
            && match fs.iter().find(|f| f.0 == "spFlags") {
                Some(&(_, v, _, _)) => v.split('|').map(str::trim).any(|f| {
                    f == "DISPFlagDefinition" || f.parse::<u64>().is_ok_and(|n| n & 8 != 0)
                }),
                None => fs
                    .iter()
                    .find(|f| f.0 == "isDefinition")
                    .is_none_or(|f| f.1 == "true"),
            };
        if !distinct && (kind == "DICompileUnit" || definition) {
            let what = if definition {
                "!DISubprogram that is a Definition"
            } else {
                "!DICompileUnit"
            };
            return self.error_at(bang, format!("missing 'distinct', required for {what}"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{plain_fields, plain_location, plain_spec};

    #[test]
    fn a_definition_read_at_once_must_be_distinct() {
        let spec = plain_spec(b"DISubprogram").expect("a plain kind");
        let def = "(name: \"f\", spFlags: DISPFlagLocalToUnit | DISPFlagDefinition)";
        assert!(plain_fields(def.as_bytes(), 0, spec, true, &mut Vec::new()).is_some());
        assert!(plain_fields(def.as_bytes(), 0, spec, false, &mut Vec::new()).is_none());
        let src = format!("!0 = !DISubprogram{def}\n");
        let err = crate::reader::parse_module(src.as_bytes()).expect_err("not distinct");
        assert!(err.msg.contains("missing 'distinct'"), "{err}");
    }

    #[test]
    fn plain_variables_and_blocks_are_read_at_once_and_the_rest_left_to_the_general_path() {
        let end = |kind: &str, s: &str| {
            let spec = plain_spec(kind.as_bytes()).expect("a plain kind");
            plain_fields(s.as_bytes(), 0, spec, true, &mut Vec::new()).map(|e| s[e..].to_string())
        };
        for (kind, s) in [
            ("DILexicalBlock", "(scope: !5, file: !1, line: 7, column: 3)"),
            ("DILexicalBlock", "(scope: !5)"),
            ("DILexicalBlock", "(scope: !5, file: null, line: 4294967295, column: 65535)"),
            ("DILocalVariable", "(name: \"x\", arg: 1, scope: !5, file: !1, line: 2, type: !9)"),
            ("DILocalVariable", "(name: \"this\", arg: 1, scope: !5, type: !9, flags: DIFlagArtificial | DIFlagObjectPointer)"),
            ("DILocalVariable", "(scope: !5, align: 64, annotations: !3)"),
            ("DILocalVariable", "(name: \"a, b)\", scope: !5)"),
            ("DISubprogram", "(name: \"f\", linkageName: \"_Z1fv\", scope: !1, file: !1, line: 3, type: !4, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !7, keyInstructions: true)"),
            ("DISubprogram", "(name: \"g\", scope: !1, spFlags: DISPFlagOptimized)"),
            ("DISubprogram", "()"),
            ("DIDerivedType", "(tag: DW_TAG_const_type, baseType: !5)"),
            ("DIDerivedType", "(tag: DW_TAG_pointer_type, name: \"*const ()\", baseType: !7, size: 64, align: 64, dwarfAddressSpace: 0)"),
            ("DIDerivedType", "(tag: DW_TAG_member, name: \"x\", scope: !3, file: !2, line: 4, baseType: null, size: 32, offset: 64, flags: DIFlagPublic)"),
            ("DISubroutineType", "(types: !83)"),
            ("DISubroutineType", "(flags: DIFlagPrototyped, types: !83)"),
            ("DICompositeType", "(tag: DW_TAG_array_type, baseType: !4, size: 552, elements: !6)"),
            ("DICompositeType", "(tag: DW_TAG_structure_type, name: \"S\", scope: !14, file: !2, size: 16, align: 8, flags: DIFlagPublic, elements: !16, templateParams: !20, identifier: \"1197ce\")"),
            ("DITemplateTypeParameter", "(name: \"T\", type: !18)"),
            ("DITemplateTypeParameter", "(name: \"T\", type: !18, defaulted: true)"),
        ] {
            assert_eq!(end(kind, &format!("{s}\n!6 = ")).as_deref(), Some("\n!6 = "), "{s}");
        }
        for (kind, s) in [
            ("DILexicalBlock", "(file: !1, line: 7)"), // no scope
            ("DILexicalBlock", "(scope: null)"),       // a null scope
            ("DILexicalBlock", "(scope: !5, column: 65536)"), // too large
            ("DILexicalBlock", "(line: 7, scope: !5)"), // not LLVM's order
            ("DILexicalBlock", "(scope: !5, scope: !5)"), // twice
            ("DILexicalBlock", "(scope: !5, discriminator: 1)"), // not this kind's
            ("DILexicalBlock", "(scope: !5,  line: 1)"), // not LLVM's spacing
            ("DILocalVariable", "(scope: !5, arg: 1)"), // not LLVM's order
            ("DILocalVariable", "(arg: 65536, scope: !5)"), // too large
            ("DILocalVariable", "(scope: !5, flags: DIFlagBogus)"), // an unknown flag
            ("DILocalVariable", "(scope: !5, flags: 64)"), // a number: general path
            ("DILocalVariable", "(name: \"x\n\", scope: !5)"), // a string over lines
            ("DILocalVariable", "(name: x, scope: !5)"), // not a string
            ("DILocalVariable", "(scope: !5, type: !)"),
            ("DILocalVariable", "(scope: !5"),
            ("DILocalVariable", "(scope: !"), // the text ends here
            ("DILocalVariable", "(scope: "),
            ("DILocalVariable", "(name: \"x"),
            ("DILocalVariable", "(scope: !5, flags: DIFlagArtificial"),
            ("DISubprogram", "(name: \"f\", spFlags: DISPFlagBogus)"),
            ("DISubprogram", "(name: \"f\", thisAdjustment: -8)"), // not read here
            ("DISubprogram", "(name: \"f\", keyInstructions: 1)"),
            ("DISubprogram", "(line: 3, name: \"f\")"),
            ("DIDerivedType", "(tag: DW_TAG_member)"), // no baseType
            ("DIDerivedType", "(baseType: !5)"),       // no tag
            ("DIDerivedType", "(tag: DW_TAG_bogus, baseType: !5)"), // an unknown tag
            ("DIDerivedType", "(tag: 13, baseType: !5)"), // a number: general path
            (
                "DIDerivedType",
                "(tag: DW_TAG_member, baseType: !5, size: !9)",
            ), // size as a node
            ("DISubroutineType", "(cc: DW_CC_normal, types: !8)"), // not read here
            ("DISubroutineType", "(flags: DIFlagPrototyped)"), // no types
            ("DICompositeType", "(name: \"S\")"),      // no tag
            (
                "DICompositeType",
                "(tag: DW_TAG_structure_type, runtimeLang: DW_LANG_Swift)",
            ), // not read here
            ("DITemplateTypeParameter", "(name: \"T\")"), // no type
        ] {
            assert_eq!(end(kind, s), None, "{s:?}");
        }
    }

    #[test]
    fn definitions_read_at_once_keep_their_text() {
        // What follows `!N = `, `distinct` included, whichever path reads it.
        let texts = [
            "!DILocation(line: 3, column: 7, scope: !1)",
            "distinct !DILocation(line: 4, scope: !1, inlinedAt: !0)",
            "!DILocation(scope: !1, line: 5)", // not LLVM's order: the general path
            "distinct !DISubprogram(name: \"f\", spFlags: DISPFlagDefinition, unit: !3)",
            "distinct !{!1, !\"a scope: {}\"}",
            "!{}",
            "!{i32 7, !\"PIC Level\", i32 2}",
            "distinct !DILexicalBlock(scope: !1, file: !3, line: 2, column: 1)",
            "!DILocalVariable(name: \"x\", arg: 1, scope: !1, file: !3, line: 2, type: !3)",
        ];
        let mut src = String::new();
        for (k, t) in texts.iter().enumerate() {
            src.push_str(&format!("!{} = {t}\n", k + 7));
        }
        src.push_str("!0 = !DILocation(line: 1, scope: !1)\n!1 = !{}\n!3 = !{}\n");
        let m = crate::reader::parse_module(src.as_bytes()).expect("reads");
        for (k, t) in texts.iter().enumerate() {
            let node = m
                .md_nodes
                .iter()
                .find(|n| n.id == k as u32 + 7)
                .expect("defined");
            assert_eq!(&*node.text, *t);
        }
        // A reference to a node nobody defines is found in a location read at once too.
        let undefined = "!0 = !DILocation(line: 1, scope: !1, inlinedAt: !9)\n!1 = !{}\n";
        let err = crate::reader::parse_module(undefined.as_bytes()).expect_err("!9");
        assert!(err.msg.contains("undefined metadata '!9'"), "{err}");
    }

    #[test]
    fn plain_locations_are_read_at_once_and_the_rest_left_to_the_general_path() {
        let end =
            |s: &str| plain_location(s.as_bytes(), 0, &mut Vec::new()).map(|e| s[e..].to_string());
        for s in [
            "(line: 3, column: 7, scope: !5)",
            "(line: 0, scope: !5)",
            "(scope: !5)",
            "(line: 4294967295, column: 65535, scope: !5, inlinedAt: !9)",
            "(line: 27, column: 36, scope: !3159, atomGroup: 1, atomRank: 1)",
            "(line: 1, scope: !2, inlinedAt: !3, isImplicitCode: true)",
        ] {
            assert_eq!(
                end(&format!("{s}\n!6 = ")).as_deref(),
                Some("\n!6 = "),
                "{s}"
            );
        }
        for s in [
            "(line: 4294967296, scope: !5)", // too large
            "(line: 1, column: 65536, scope: !5)",
            "(line: 1, column: 2)",            // no scope
            "(line: 1, scope: null)",          // a null scope
            "(column: 2, line: 1, scope: !5)", // not LLVM's order
            "(line: 1, scope: !5, scope: !5)", // twice
            "(line: 1,  scope: !5)",           // not LLVM's spacing
            "(line: 1, scope: !5, foo: 1)",    // an unknown field
            "(line: -1, scope: !5)",
            "(line: 1, scope: !5, isImplicitCode: 1)",
            "(line: 1, scope: !5",
            "(line: 1, scope: ",
            "(line: 1, scope: !",
        ] {
            assert_eq!(end(s), None, "{s}");
        }
    }
}
