//! Metadata: `!N = ...` and named `!name = !{...}` definitions (kept as text), metadata
//! operands, `!kind !N` attachments on instructions, functions and globals, and `#dbg_*`
//! debug records.

use super::{token_offset, PResult, Parser};
use crate::inst::*;
use crate::lexer::{Tok, Token};
use crate::metadata::{DbgRecord, MdAttachment, MdNode, Metadata, NamedMd};
use rayon::prelude::*;
use thin_vec::ThinVec;

/// The specialised metadata nodes LLVM 22 reads (`!DILocation(...)`, ...); `DIArgList` only
/// inside a call or debug record, never as a numbered node.
const MD_KINDS: &[&str] = &[
    "DIAssignID",
    "DIBasicType",
    "DICommonBlock",
    "DICompileUnit",
    "DICompositeType",
    "DIDerivedType",
    "DIEnumerator",
    "DIExpression",
    "DIFile",
    "DIFixedPointType",
    "DIGenericSubrange",
    "DIGlobalVariable",
    "DIGlobalVariableExpression",
    "DIImportedEntity",
    "DILabel",
    "DILexicalBlock",
    "DILexicalBlockFile",
    "DILocalVariable",
    "DILocation",
    "DIMacro",
    "DIMacroFile",
    "DIModule",
    "DINamespace",
    "DIObjCProperty",
    "DIStringType",
    "DISubprogram",
    "DISubrange",
    "DISubrangeType",
    "DISubroutineType",
    "DITemplateTypeParameter",
    "DITemplateValueParameter",
    "GenericDINode",
];

/// Windows of metadata read on all cores in this process ([`metadata_windows_read`]).
static WINDOWS_READ: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How many windows of metadata definitions this process read on all cores so far: for tests
/// to tell that reading took that path rather than its serial fallback.
#[doc(hidden)]
pub fn metadata_windows_read() -> usize {
    WINDOWS_READ.load(std::sync::atomic::Ordering::Relaxed)
}

impl<'a> Parser<'a> {
    /// A specialised node's kind must be one LLVM 22 knows: `!DIFragment(...)` of a later or
    /// forked LLVM is refused with LLVM's words rather than kept as text.
    fn check_md_kind(&self, t: crate::lexer::Token, numbered: bool) -> PResult<()> {
        let name = self.text(t);
        if MD_KINDS.binary_search(&name).is_ok() || (!numbered && name == "DIArgList") {
            Ok(())
        } else {
            self.error_at(token_offset(t), "expected metadata type")
        }
    }

    /// A metadata node definition's right-hand side, kept as text: `[distinct] !{...}` or
    /// `[distinct] !DIKind(...)`.
    fn md_node_text(&mut self) -> PResult<Box<str>> {
        let start = token_offset(self.tok) as usize;
        let distinct = self.eat_word("distinct");
        match self.tok.kind {
            Tok::Exclaim => {
                self.bump();
                if self.tok.kind != Tok::LBrace {
                    return self.err(format!(
                        "expected '{{' after '!', found {}",
                        self.describe()
                    ));
                }
                self.skip_tuple()?;
            }
            Tok::MetaName => {
                let t = self.bump();
                self.check_md_kind(t, true)?;
                if self.tok.kind != Tok::LParen {
                    return self.err(format!(
                        "expected '(' after a specialised metadata kind, found {}",
                        self.describe()
                    ));
                }
                self.skip_node_fields(t, distinct)?;
            }
            _ => {
                return self.err(format!(
                    "expected a metadata node, found {}",
                    self.describe()
                ))
            }
        }
        Ok(self.raw_text(start, self.last_end as usize).into())
    }

    /// Skip a tuple's `{...}` (at the current token), refusing what LLParser refuses among its
    /// operands, which it reads without a function's values: a local value (`%x`, "invalid
    /// use of function-local name") and an operand of type `metadata` ("invalid
    /// metadata-value-metadata roundtrip"). Only a tuple holding a `%` or the word
    /// `metadata` is looked at again.
    fn skip_tuple(&mut self) -> PResult<()> {
        let start = self.tok.start as usize;
        self.skip_group()?;
        let text = &self.src[start..self.last_end as usize];
        if memchr::memchr(b'%', text).is_none() && find_lit!(text, b"metadata").is_none() {
            return Ok(());
        }
        match tuple_misuse(text) {
            Some((at, msg)) => self.error_at((start + at) as u32, msg),
            None => Ok(()),
        }
    }

    pub(super) fn named_md(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = self.name_of(t);
        self.expect(Tok::Equal, "'='")?;
        if self.tok.kind != Tok::Exclaim {
            return self.err("expected '!{' in named metadata");
        }
        let text = self.md_node_text()?;
        self.m.named_md.push(NamedMd { name, text });
        Ok(())
    }

    pub(super) fn md_def(&mut self) -> PResult<()> {
        if let Some(r) = self.plain_def() {
            return r;
        }
        let bang = self.bump();
        let id = self.parse_u32()?;
        if !self.guard.md_ids.insert(id) {
            return self.error_at(bang.start, "Metadata id is already used");
        }
        self.expect(Tok::Equal, "'='")?;
        let text = self.md_node_text()?;
        self.m.md_nodes.push(MdNode { id, text });
        self.md_noted.push(false);
        Ok(())
    }

    /// At the `!` of a definition written on one line as LLVM prints it, the commonest kinds
    /// (see [`plain_tuple`], [`super::di::plain_location`] and [`super::di::plain_fields`]: a
    /// debug build's locations, variables, scopes, subprograms and types, a Rust build's
    /// alias scopes), the definition read at once from the bytes, without a token, and the
    /// nodes it references noted (`md_referenced`); `None` for any other text, which
    /// [`Self::md_def`] reads.
    fn plain_def(&mut self) -> Option<PResult<()>> {
        const LOCATION: &[u8] = b"!DILocation";
        let src = self.src;
        let bang = self.tok.start as usize;
        if self.colon_ignored || src.get(bang) != Some(&b'!') {
            return None;
        }
        let n = src[bang + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        // Nine digits always fit `u32`; longer ids take the general path.
        if !(1..=9).contains(&n) {
            return None;
        }
        let id = super::di::decimal(&src[bang + 1..bang + 1 + n])? as u32;
        let mut start = bang + 1 + n;
        if src.get(start..start + 3)? != b" = " {
            return None;
        }
        start += 3;
        let mut kind = start;
        if src[kind..].starts_with(b"distinct ") {
            kind += b"distinct ".len();
        }
        let refs = &mut self.md_scratch;
        refs.clear();
        let end = if src[kind..].starts_with(b"!{") {
            plain_tuple(src, kind + 1, refs)
        } else if src[kind..].starts_with(LOCATION) {
            super::di::plain_location(src, kind + LOCATION.len(), refs)
        } else if src[kind..].starts_with(b"!DI") {
            let name = &src[kind + 1..];
            let n = name.iter().take_while(|b| b.is_ascii_alphabetic()).count();
            let spec = super::di::plain_spec(&name[..n])?;
            super::di::plain_fields(src, kind + 1 + n, spec, kind != start, refs)
        } else {
            return None;
        }?;
        // A reference past any id a module of this size defines takes the general path,
        // which keeps the bit set small whatever the text says.
        let most = (src.len() as u64).min(1 << 26);
        if refs.iter().any(|&id| id >= most) {
            return None;
        }
        for &id in refs.iter() {
            let word = (id / 64) as usize;
            if word >= self.md_referenced.len() {
                self.md_referenced.resize(word + 1, 0);
            }
            self.md_referenced[word] |= 1 << (id % 64);
        }
        if !self.guard.md_ids.insert(id) {
            return Some(self.error_at(bang as u32, "Metadata id is already used"));
        }
        let text = self.raw_text(start, end).into();
        self.m.md_nodes.push(MdNode { id, text });
        self.md_noted.push(true);
        self.seek(end as u32);
        Some(Ok(()))
    }

    /// Read the metadata definitions from the current token on all cores, a window of them
    /// at a time, if what is left of the text is big enough to be worth it (the metadata of
    /// a debug build is as big as its code, and LLVM prints it last, after every body).
    /// Whether it read a window: then the parser is at its end, and the caller releases the
    /// text before it (a window is a few pieces per core, so little of the input is resident
    /// at once).
    ///
    /// A window is cut at line starts into pieces, each read by a parser of its own as
    /// [`Self::md_def`] and [`Self::named_md`] read it, and the pieces are taken in text
    /// order. Anything unusual (an error, a piece whose last node runs past its end, an id
    /// defined twice) leaves the parser where it was, for the serial reading to go on from
    /// there and say what it says (and the metadata is read serially from then on). A window
    /// that reaches the end of the text ends at the first thing that is not a metadata
    /// definition, where reading goes on.
    pub(super) fn metadata_window_in_parallel(&mut self) -> bool {
        let threads = rayon::current_num_threads();
        let start = token_offset(self.tok) as usize;
        let src = self.src;
        // Metadata text per piece (less than two pieces are read in place): a 16th of the
        // input, so that a small debug build's metadata is read on all cores too.
        let piece = crate::piece_bytes(src.len(), 16);
        if self.md_serial || src.len() - start < 2 * piece || threads < 2 {
            return false;
        }
        let window = 2 * threads * piece;
        let mut cuts = vec![start];
        // Pieces of about `piece` up to the window's end, or to the end of the text when what
        // would be left is too little for a window of its own (it would be read serially);
        // the last piece runs to the end only when less than a piece is left. (A window
        // once ended at the end of the text whatever was left: one thread read most of a
        // debug build's metadata.)
        let more = |cut: usize| cut - start < window || src.len() - cut < 2 * piece;
        while more(*cuts.last().expect("one cut")) {
            let at = cuts.last().expect("one cut") + piece;
            if at >= src.len() - piece {
                cuts.push(src.len());
                break;
            }
            match find_lit!(&src[at..], b"\n!") {
                Some(nl) => cuts.push(at + nl + 1),
                None => {
                    cuts.push(src.len());
                    break;
                }
            }
        }
        let utf8 = self.src_is_utf8;
        let last = cuts.len() - 2;
        let at_end = cuts[last + 1] == src.len();
        // Per piece: its nodes, its named metadata, where it stopped, the nodes it noted as
        // referenced, and which of its nodes noted theirs ([`Self::plain_def`]).
        type Piece = (Vec<MdNode>, Vec<NamedMd>, u32, Vec<u64>, Vec<bool>);
        let pieces: Vec<Option<Piece>> = (0..=last)
            .into_par_iter()
            .map(|k| {
                let (a, b) = (cuts[k], cuts[k + 1]);
                let mut p = Parser::with_utf8(src, utf8);
                p.seek(a as u32);
                while (token_offset(p.tok) as usize) < b {
                    match p.tok.kind {
                        Tok::Exclaim => p.md_def().ok()?,
                        Tok::MetaName => p.named_md().ok()?,
                        _ if k == last && at_end => break,
                        _ => return None,
                    }
                    if p.last_end as usize > b {
                        return None;
                    }
                }
                Some((
                    p.m.md_nodes,
                    p.m.named_md,
                    token_offset(p.tok),
                    p.md_referenced,
                    p.md_noted,
                ))
            })
            .collect();
        if pieces.iter().any(Option::is_none) {
            self.md_serial = true;
            return false;
        }
        // Each id once, and none the text before defined: into the module's set at once; on
        // a repeat, the ids this added are taken out again and the serial reading (from the
        // set as it was) says where.
        let ids = || pieces.iter().flatten().flat_map(|p| &p.0).map(|n| n.id);
        if let Some(k) = ids().position(|id| !self.guard.md_ids.insert(id)) {
            for id in ids().take(k) {
                self.guard.md_ids.remove(id);
            }
            self.md_serial = true;
            return false;
        }
        let mut stop = start as u32;
        for (nodes, named, end, refs, noted) in pieces.into_iter().flatten() {
            self.m.md_nodes.extend(nodes);
            self.m.named_md.extend(named);
            if self.md_referenced.len() < refs.len() {
                self.md_referenced.resize(refs.len(), 0);
            }
            for (word, bits) in self.md_referenced.iter_mut().zip(refs) {
                *word |= bits;
            }
            self.md_noted.extend(noted);
            stop = end;
        }
        self.seek(stop);
        WINDOWS_READ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        true
    }

    /// The shared name of metadata kind token `t` (`!noalias` -> "noalias").
    fn intern_md_kind(&mut self, t: Token) -> std::sync::Arc<str> {
        // Looked up by the text itself first: a kind repeats on most instructions.
        let text = self.text(t);
        if !t.quoted && !text.contains('\\') {
            if let Some(k) = self.md_kinds.get(text) {
                return k.clone();
            }
        }
        let name = self.name_of(t);
        if let Some(k) = self.md_kinds.get(&*name) {
            return k.clone();
        }
        let k: std::sync::Arc<str> = name.into();
        self.md_kinds.insert(k.clone());
        k
    }

    /// Skip `(...)` after the kind token `t` of a specialised node, checking a debug-info
    /// node's fields on the way ([`super::di`]).
    fn skip_node_fields(&mut self, t: Token, distinct: bool) -> PResult<()> {
        let kind = self.text(t);
        if self.colon_ignored {
            // After a summary entry LLVM lexes `line:` as a word and a colon.
            let mut peek = crate::lexer::Lexer {
                src: self.src,
                pos: self.tok.end as usize,
            };
            let field = peek.next_token();
            if field.kind == Tok::Label && self.label_is_a_name(field) {
                return self.error_at(field.start, "expected field label here");
            }
        }
        if kind == "DIExpression" {
            return self.skip_expression();
        }
        if !super::di::checked_kind(kind) {
            return self.skip_group();
        }
        if kind == "DILocation" {
            // Most nodes of a debug build: their fields as LLVM prints them, at once.
            let noted = &mut Vec::new(); // checked with the rest of the node's text
            if let Some(end) = super::di::plain_location(self.src, self.tok.start as usize, noted) {
                self.seek(end as u32);
                return Ok(());
            }
        }
        // At the `!` of `!DIKind`, where LLVM reports a missing `distinct`.
        let bang = t.start.saturating_sub(1);
        if kind == "DIAssignID" {
            // No fields, and only `distinct`: LLVM checks that first.
            if !distinct {
                return self.error_at(bang, "missing 'distinct', required for !DIAssignID()");
            }
            let mut peek = crate::lexer::Lexer {
                src: self.src,
                pos: self.tok.end as usize,
            };
            let next = peek.next_token();
            if self.tok.kind == Tok::LParen && next.kind != Tok::RParen {
                return self.error_at(next.start, "expected ')' here");
            }
        }
        let open = self.tok.start;
        let mut spans = super::di::Spans::new();
        self.skip_di_group(&mut spans)?;
        self.check_di_fields(kind, distinct, (bang, open), &spans)
    }

    /// Skip an expression's `(...)`, whose elements are operations (`DW_OP_*`), encodings
    /// (`DW_ATE_*`) and unsigned 64-bit numbers, as LLParser reads them: anything else is
    /// "expected unsigned integer", a longer number "element too large".
    fn skip_expression(&mut self) -> PResult<()> {
        let start = self.tok.start as usize + 1;
        self.skip_group()?;
        let text = &self.src[start..self.last_end as usize - 1];
        let mut at = start;
        for element in text.split(|&b| b == b',') {
            let lead = element
                .iter()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
            let digits = element.trim_ascii();
            let named = digits.starts_with(b"DW_OP_") || digits.starts_with(b"DW_ATE_");
            if !digits.is_empty() && !named && !digits.iter().all(u8::is_ascii_digit) {
                return self.error_at((at + lead) as u32, "expected unsigned integer");
            }
            // u64::MAX has 20 digits.
            if digits.len() >= 20
                && digits.iter().all(u8::is_ascii_digit)
                && std::str::from_utf8(digits).is_ok_and(|d| d.parse::<u64>().is_err())
            {
                return self.error_at(
                    (at + lead) as u32,
                    format!("element too large, limit is {}", u64::MAX),
                );
            }
            at += element.len() + 1;
        }
        Ok(())
    }

    pub(super) fn md_attachment(&mut self) -> PResult<MdAttachment> {
        let k = self.expect(Tok::MetaName, "a metadata kind")?;
        let kind = self.intern_md_kind(k);
        let md = self.parse_metadata()?;
        Ok(MdAttachment { kind, md })
    }

    pub(super) fn parse_metadata(&mut self) -> PResult<Metadata> {
        self.enter()?;
        let r = self.parse_metadata_inner();
        self.leave();
        r
    }

    fn parse_metadata_inner(&mut self) -> PResult<Metadata> {
        let start = token_offset(self.tok);
        match self.tok.kind {
            Tok::Exclaim => {
                self.bump();
                match self.tok.kind {
                    Tok::Int => {
                        let off = token_offset(self.tok);
                        let id = self.parse_u32()?;
                        self.md_first_use.entry(id).or_insert(off);
                        Ok(Metadata::Ref(id))
                    }
                    Tok::LBrace => {
                        self.skip_tuple()?;
                        Ok(Metadata::Text(
                            self.raw_text(start as usize, self.last_end as usize).into(),
                        ))
                    }
                    Tok::Str => {
                        self.bump();
                        Ok(Metadata::Text(
                            self.raw_text(start as usize, self.prev_end() as usize)
                                .into(),
                        ))
                    }
                    _ => self.err(format!("expected metadata, found {}", self.describe())),
                }
            }
            Tok::MetaName => {
                let t = self.bump();
                self.check_md_kind(t, false)?;
                let name = self.text(t);
                if self.tok.kind != Tok::LParen {
                    return self.error_at(token_offset(t), format!("expected '(' after '!{name}'"));
                }
                if name == "DIArgList" {
                    self.bump();
                    let mut items = Vec::new();
                    if !self.eat(Tok::RParen) {
                        loop {
                            let ty = self.parse_type()?;
                            let v = self.parse_value(ty)?;
                            items.push((ty, v));
                            if !self.eat(Tok::Comma) {
                                break;
                            }
                        }
                        self.expect(Tok::RParen, "')'")?;
                    }
                    return Ok(Metadata::ArgList(items));
                }
                self.skip_node_fields(t, false)?;
                Ok(Metadata::Text(
                    self.raw_text(start as usize, self.last_end as usize).into(),
                ))
            }
            _ => {
                let ty = self.parse_type()?;
                let v = self.parse_value(ty)?;
                Ok(Metadata::Value(ty, v))
            }
        }
    }

    /// A debug record, `#dbg_value(value, !var, !expr, !loc)` and its kin, read with LLParser's
    /// shape checks: the kinds LLVM 22 has, metadata nodes where it wants nodes, each comma.
    pub(super) fn dbg_record(&mut self) -> PResult<DbgRecord> {
        let t = self.bump();
        self.dbg_record_at.get_or_insert(token_offset(t));
        let name = self.text(t);
        let kind: Box<str> = name.strip_prefix("dbg_").unwrap_or(name).into();
        if !matches!(
            &*kind,
            "value" | "declare" | "assign" | "declare_value" | "label"
        ) {
            return self.error_at(t.start, "expected debug record type here");
        }
        self.expect(Tok::LParen, "'('")?;
        let mut ops = Vec::new();
        if &*kind == "label" {
            ops.push(self.md_node_operand()?);
        } else {
            ops.push(self.parse_metadata()?);
            self.record_comma()?;
            ops.push(self.md_node_operand()?);
            self.record_comma()?;
            ops.push(self.md_node_operand()?);
            if &*kind == "assign" {
                self.record_comma()?;
                ops.push(self.md_node_operand()?);
                self.record_comma()?;
                ops.push(self.parse_metadata()?);
                self.record_comma()?;
                ops.push(self.md_node_operand()?);
            }
        }
        self.record_comma()?;
        ops.push(self.md_node_operand()?);
        self.expect(Tok::RParen, "')'")?;
        Ok(DbgRecord { kind, ops })
    }

    fn record_comma(&mut self) -> PResult<()> {
        if !self.eat(Tok::Comma) {
            return self.err("Expected ',' here");
        }
        Ok(())
    }

    /// A metadata node (`!N`, `!{...}`, `!DIFoo(...)`), where LLVM's `parseMDNode` wants one.
    fn md_node_operand(&mut self) -> PResult<Metadata> {
        if !matches!(self.tok.kind, Tok::Exclaim | Tok::MetaName) {
            return self.err("expected '!' here");
        }
        self.parse_metadata()
    }

    pub(super) fn inst_md(&mut self, d: &mut InstData) -> PResult<()> {
        let a = self.md_attachment()?;
        if &*a.kind == "dbg" {
            d.debug.get_or_insert_with(Default::default).loc = Some(a.md);
        } else {
            // Exact size: most instructions carry one or two attachments.
            let old = std::mem::take(&mut d.md);
            let mut md = ThinVec::with_capacity(old.len() + 1);
            md.extend(old);
            md.push(a);
            d.md = md;
        }
        Ok(())
    }
}

/// Where a tuple's `{...}` starting at `open` ends (one past its `}`), when it is all of its
/// line and holds only what the general path takes without a second look: names and numbers
/// (`!5`, `i64 -1`, `ptr @f`, `null`), strings (`!"scope"`, which may hold anything but a
/// line break), nested tuples, and no `%` or `metadata` (see [`Parser::skip_tuple`]); the
/// `N` of each `!N` it names pushed on `refs`. `None` for anything else,
/// which the general path reads.
fn plain_tuple(src: &[u8], open: usize, refs: &mut Vec<u64>) -> Option<usize> {
    static PLAIN: [bool; 256] = crate::lexer::byte_set(
        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,!@-_.<>()[]*",
    );
    let eol = memchr::memchr(b'\n', &src[open..]).map_or(src.len(), |k| open + k);
    let line = &src[open..eol];
    let mut depth = 0usize;
    let mut i = 0;
    while i < line.len() {
        match line[i] {
            b'{' => {
                depth += 1;
                if depth > 64 {
                    return None;
                }
            }
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            b'"' => i += 1 + memchr::memchr(b'"', &line[i + 1..])?,
            b'!' => {
                // A reference (`!5`), noted; else a string, a tuple or a name follows.
                let n = line[i + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                if n > 0 {
                    let id = super::di::decimal(&line[i + 1..i + 1 + n]).unwrap_or(u64::MAX);
                    refs.push(id);
                    i += n;
                }
            }
            b'm' if line[i..].starts_with(b"metadata") => return None,
            c if !PLAIN[c as usize] => return None,
            _ => {}
        }
        i += 1;
    }
    (i + 1 == line.len()).then_some(open + i + 1)
}

/// The first operand of tuple text `{...}` (nested tuples included) that LLParser refuses
/// (see [`Parser::skip_tuple`]): its offset in `text` and the message. An operand is
/// `<type> <value>`, so a local name followed by the operand's end (`,` or `}`) is a value,
/// and a local name anywhere else is a type (`%T zeroinitializer`).
fn tuple_misuse(text: &[u8]) -> Option<(usize, &'static str)> {
    // Open brackets; `true` for a tuple's `!{`, where operands start.
    let mut open: Vec<bool> = Vec::new();
    let mut operand_start = false;
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        let in_tuple = open.last() == Some(&true);
        match c {
            b'"' => {
                i += memchr::memchr(b'"', &text[i + 1..]).map_or(text.len(), |k| k + 1);
            }
            b'{' => {
                open.push(i == 0 || text[i - 1] == b'!');
                operand_start = true;
            }
            b'(' | b'[' | b'<' => open.push(false),
            b'}' | b')' | b']' | b'>' => {
                open.pop();
            }
            b',' => operand_start = true,
            b'%' if in_tuple => {
                let mut end = i + 1;
                if text.get(end) == Some(&b'"') {
                    end += memchr::memchr(b'"', &text[end + 1..]).map_or(text.len(), |k| k + 2);
                } else {
                    while text.get(end).is_some_and(|&b| {
                        b.is_ascii_alphanumeric() || matches!(b, b'-' | b'$' | b'.' | b'_')
                    }) {
                        end += 1;
                    }
                }
                let next = text[end.min(text.len())..]
                    .iter()
                    .find(|b| !b.is_ascii_whitespace());
                if matches!(next, Some(b',' | b'}')) {
                    return Some((i, "invalid use of function-local name"));
                }
                i = end;
                continue;
            }
            b'm' if in_tuple
                && operand_start
                && text[i..].starts_with(b"metadata")
                && text.get(i + 8).is_some_and(u8::is_ascii_whitespace) =>
            {
                return Some((i, "invalid metadata-value-metadata roundtrip"));
            }
            _ => {}
        }
        if !c.is_ascii_whitespace() && !matches!(c, b'{' | b',') {
            operand_start = false;
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::plain_tuple;

    #[test]
    fn undefined_references_are_found_in_text_order_whichever_path_read_them() {
        let at = |src: &str| {
            let e = crate::reader::parse_module(src.as_bytes()).expect_err("undefined");
            (e.line, e.col, e.msg)
        };
        let sub = "distinct !DISubprogram(name: \"f\", type: !8, spFlags: 0)";
        // A tuple read from its bytes first, a subprogram read by the general path after it.
        let (line, col, msg) = at(&format!("!0 = !{{!7}}\n!1 = {sub}\n"));
        assert_eq!((line, col), (1, 9), "{msg}");
        assert!(msg.contains("'!7'"), "{msg}");
        // The other way round.
        let (line, col, msg) = at(&format!("!1 = {sub}\n!0 = !{{!7}}\n"));
        assert_eq!((line, col), (1, 47), "{msg}");
        assert!(msg.contains("'!8'"), "{msg}");
        // Nested, after defined ones; and in a location's `inlinedAt`.
        let (line, col, _) = at("!0 = !{!1, !{!2, !\"x\"}, !9}\n!1 = !{}\n!2 = !{}\n");
        assert_eq!((line, col), (1, 26));
        let (line, col, _) = at("!1 = !{}\n!0 = !DILocation(line: 2, scope: !1, inlinedAt: !5)\n");
        assert_eq!((line, col), (2, 50));
    }

    #[test]
    fn plain_tuples_are_read_at_once_and_the_rest_left_to_the_general_path() {
        let end =
            |s: &str| plain_tuple(s.as_bytes(), 0, &mut Vec::new()).map(|e| s[e..].to_string());
        for s in [
            "{}",
            "{!5}",
            "{!1, !2, !\"_RNvCs1_3foo:%x {}\"}",
            "{i64 0, i64 -1, ptr @f, ptr @\"a b\", ptr null}",
            "{!{!1}, <2 x i32> <i32 1, i32 2>}",
        ] {
            assert_eq!(
                end(&format!("{s}\n!6 = ")).as_deref(),
                Some("\n!6 = "),
                "{s}"
            );
            assert_eq!(end(s).as_deref(), Some(""), "{s} at the end of the text");
        }
        for s in [
            "{!1",              // does not end
            "{!1\n}",           // not on one line
            "{!1} ; a comment", // something after it
            "{!1}\r\n",         // not LLVM's line break
            "{!\"abc}\n",       // a string that does not end on its line
            "{i32 %x}",         // a local name: the general path looks again
            "{metadata !1}",    // LLVM refuses this
            "{i32 $x}",         // not a plain token
            "{!1, !2}, !3",     // more after the tuple
        ] {
            assert_eq!(end(s), None, "{s:?}");
        }
    }
}
