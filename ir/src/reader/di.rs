//! Debug-info node fields (`!DILocation(line: 3, scope: !7)`), checked as LLParser checks
//! them while mergefn keeps the node as text: each field at most once, the fields a kind
//! requires, the ones that cannot be `null`, a definition's `distinct`, and the limits of
//! line, column, argument and tag numbers. What a field's value must name (a file, a type)
//! is the verifier's business and not checked here.

use super::{PResult, Parser};

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

/// The top-level `name: value` fields of a node's parenthesised text, with each value's
/// offset in `text`.
fn fields(text: &str) -> Vec<(&str, &str, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut start) = (0i32, false, 0usize);
    for (k, &c) in b.iter().enumerate() {
        match c {
            b'"' => in_str = !in_str,
            _ if in_str => {}
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                push_field(text, start, k, &mut out);
                start = k + 1;
            }
            _ => {}
        }
    }
    push_field(text, start, b.len(), &mut out);
    out
}

fn push_field<'t>(text: &'t str, from: usize, to: usize, out: &mut Vec<(&'t str, &'t str, usize)>) {
    let part = &text[from..to];
    if let Some(colon) = part.find(':') {
        let name = part[..colon].trim();
        let raw = &part[colon + 1..];
        let value = raw.trim();
        let at = from + colon + 1 + (raw.len() - raw.trim_start().len());
        if !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
            out.push((name, value, at));
        }
    }
}

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

impl<'a> Parser<'a> {
    /// Check the fields of `!kind(...)`, whose parenthesised text starts at byte `open` (the
    /// `(`) and ends at `close` (one past the `)`); `distinct` when the node is.
    pub(super) fn check_di_fields(
        &self,
        kind: &str,
        distinct: bool,
        open: u32,
        close: u32,
    ) -> PResult<()> {
        if !(kind.starts_with("DI") || kind == "GenericDINode")
            || kind == "DIArgList"
            || kind == "DIExpression"
        {
            return Ok(());
        }
        let text = self.raw_text(open as usize + 1, close as usize - 1);
        let fs = fields(&text);
        let at = |off: usize| open + 1 + off as u32;
        for (k, &(name, _, off)) in fs.iter().enumerate() {
            if fs[..k].iter().any(|f| f.0 == name) {
                let name_at = text[..off].rfind(name).unwrap_or(off);
                return self.error_at(
                    at(name_at),
                    format!("field '{name}' cannot be specified more than once"),
                );
            }
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
        for &(name, value, off) in &fs {
            if value == "null" && non_null.contains(&name) {
                return self.error_at(at(off), format!("'{name}' cannot be null"));
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
                ("DICompileUnit", "emissionKind") if value.bytes().all(|c| c.is_ascii_digit()) => {
                    Some(3)
                }
                _ => None,
            };
            if let Some(msg) = limit.and_then(|max| unsigned_within(name, value, max)) {
                return self.error_at(at(off), msg);
            }
            if matches!(kind, "DISubrange" | "DIGenericSubrange")
                && matches!(name, "count" | "lowerBound" | "upperBound" | "stride")
            {
                if let Some(msg) = signed_within(name, value) {
                    return self.error_at(at(off), msg);
                }
            }
            if kind == "DIGlobalVariable" && name == "name" && value == "\"\"" {
                return self.error_at(at(off), "'name' cannot be empty");
            }
        }
        let definition = kind == "DISubprogram"
            && fs.iter().any(|&(n, v, _)| {
                (n == "isDefinition" && v == "true")
                    || (n == "spFlags" && v.split('|').any(|f| f.trim() == "DISPFlagDefinition"))
            });
        if !distinct && (kind == "DICompileUnit" || definition) {
            let what = if definition {
                "!DISubprogram that is a Definition"
            } else {
                "!DICompileUnit"
            };
            return self.error_at(open, format!("missing 'distinct', required for {what}"));
        }
        Ok(())
    }
}
