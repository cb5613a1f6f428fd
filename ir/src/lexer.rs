//! The `.ll` lexer: zero-copy over bytes.
//!
//! Tokens are spans into the input; names and strings are unescaped only when the parser asks.
//! The token classes follow LLVM's `LLLexer`: sigiled names (`%x`, `@x`, `$x`, `!x`, `#N`),
//! labels (`name:`), integers, floats, strings, and bare words (keywords and types, which the
//! parser tells apart).

use memchr::memchr;

/// A token class, as LLVM's `LLLexer` distinguishes them. Keywords are not told apart here:
/// they are all [`Word`](Tok::Word)s.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tok {
    /// End of input.
    Eof,
    /// `=`
    Equal,
    /// `,`
    Comma,
    /// `*` (typed pointers).
    Star,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `!` not followed by a name (`!{`, `!42`, `!"s"`).
    Exclaim,
    /// `|` (between DI flags: `flags: DIFlagPublic | DIFlagPrototyped`).
    Bar,
    /// `:`
    Colon,
    /// `...` (varargs).
    DotDotDot,
    /// `%name`, `%"name"`, `%42`: text is the part after the sigil (still escaped when quoted).
    Local,
    /// `@name`, `@"name"`, `@42`: text is the part after the sigil (still escaped when quoted).
    Global,
    /// `$name`: a comdat reference; text is the part after the sigil.
    Comdat,
    /// `!name` (named metadata or specialised node keyword like `!DILocation`).
    MetaName,
    /// `#42` attribute group reference.
    AttrGroup,
    /// `#dbg_value` and friends.
    DbgRecord,
    /// `name:` / `"name":` / `42:` block label; text excludes the colon.
    Label,
    /// Integer literal, decimal (optionally negative) or `u0x`/`s0x` hex.
    Int,
    /// Floating point literal, decimal or `0x...` hex forms.
    Float,
    /// `"..."`, text excludes the quotes (still escaped).
    Str,
    /// `c"..."`, text excludes `c"` and `"`.
    CStr,
    /// Bare word: keyword, type name, etc.
    Word,
    /// A byte that starts no token.
    Error,
}

/// A token: its class and its span in the input. The span's text is read from the source by
/// the parser, so tokens are `Copy` and allocate nothing.
#[derive(Copy, Clone, Debug)]
pub struct Token {
    /// The token class.
    pub kind: Tok,
    /// Byte offset where the token's text starts (after any sigil or opening quote).
    pub start: u32,
    /// Byte offset one past the token's text (before any closing quote or colon).
    pub end: u32,
    /// For sigiled and label tokens: the name was quoted (`%"a b"`). For [`Tok::Error`]: a
    /// quoted name holding a NUL character, which LLVM's lexer refuses ([`NUL_IN_NAME`]).
    pub quoted: bool,
}

/// The lexer: a cursor over the input bytes. Comments (`;` to end of line) and whitespace are
/// skipped between tokens.
pub struct Lexer<'a> {
    /// The whole input.
    pub src: &'a [u8],
    /// Byte offset of the next unread byte.
    pub pos: usize,
}

/// Bytes that may continue an identifier: letters, digits, `-`, `$`, `.`, `_`.
static IDENT: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'$' | b'.' | b'_');
        c += 1;
    }
    t
};

/// The bytes of a keyword as LLVM's lexer ends one: letters, digits and `_`.
pub(crate) static KEYWORD: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    t
};

/// [`IDENT`] with `\`, which the lexer and the plan's scan take inside a name (LLVM's
/// lexer reads `\XX` escapes there).
static IDENT_OR_BACKSLASH: [bool; 256] = {
    let mut t = IDENT;
    t[b'\\' as usize] = true;
    t
};

/// The length of the run of identifier bytes at the start of `s` ([`is_ident_char`], and
/// `\` when `backslash`). Eight bytes a step while all are: C++'s and Rust's names run to
/// a hundred bytes and more, and are measured at every reference.
#[inline]
pub(crate) fn ident_run(s: &[u8], backslash: bool) -> usize {
    let t = if backslash {
        &IDENT_OR_BACKSLASH
    } else {
        &IDENT
    };
    table_run(s, t)
}

/// The length of the run at the start of `s` of bytes that `t` says yes to, eight bytes a
/// step while all are.
#[inline]
pub(crate) fn table_run(s: &[u8], t: &[bool; 256]) -> usize {
    let mut i = 0;
    while let Some(c) = s.get(i..i + 8) {
        let all = t[c[0] as usize]
            & t[c[1] as usize]
            & t[c[2] as usize]
            & t[c[3] as usize]
            & t[c[4] as usize]
            & t[c[5] as usize]
            & t[c[6] as usize]
            & t[c[7] as usize];
        if !all {
            break;
        }
        i += 8;
    }
    i + s[i..].iter().take_while(|&&c| t[c as usize]).count()
}

/// A table of the bytes in `bytes`, for scanners that stop at a few kinds of byte and skip
/// the rest with one lookup each.
pub(crate) const fn byte_set(bytes: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < bytes.len() {
        t[bytes[i] as usize] = true;
        i += 1;
    }
    t
}

/// Whether `c` may continue an identifier (`[-a-zA-Z$._0-9]`).
pub fn is_ident_char(c: u8) -> bool {
    IDENT[c as usize]
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a [u8]) -> Self {
        Lexer { src, pos: 0 }
    }

    fn peek(&self, off: usize) -> u8 {
        *self.src.get(self.pos + off).unwrap_or(&0)
    }

    fn skip_trivia(&mut self) {
        loop {
            match self.peek(0) {
                b' ' | b'\t' | b'\n' | b'\r' => self.pos += 1,
                b';' => match memchr(b'\n', &self.src[self.pos..]) {
                    Some(n) => self.pos += n + 1,
                    None => self.pos = self.src.len(),
                },
                _ => return,
            }
        }
    }

    /// Scan a quoted string starting at `self.pos` (on the opening quote); returns end of the
    /// content (position of the closing quote) or None if unterminated.
    fn scan_string(&mut self) -> Option<usize> {
        let start = self.pos + 1;
        let Some(n) = memchr(b'"', &self.src[start..]) else {
            // Unterminated: the error token takes the rest of the input, and so does the lexer.
            self.pos = self.src.len();
            return None;
        };
        self.pos = start + n + 1;
        Some(start + n)
    }

    fn tok(&self, kind: Tok, start: usize, end: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: end as u32,
            quoted: false,
        }
    }

    /// A quoted name's token over `start..end`, or an error token if the name holds NUL.
    fn quoted_name(&self, kind: Tok, start: usize, end: usize) -> Token {
        let raw = &self.src[start..end];
        let nul = memchr(0, raw).is_some()
            || (memchr(b'\\', raw).is_some() && unescape(raw).contains(&0));
        Token {
            kind: if nul { Tok::Error } else { kind },
            start: start as u32,
            end: end as u32,
            quoted: true,
        }
    }

    /// A sigiled name after `self.pos` (which is just past the sigil).
    fn sigiled(&mut self, kind: Tok) -> Token {
        let c = self.peek(0);
        if c == b'"' {
            let s = self.pos + 1;
            return match self.scan_string() {
                Some(e) if kind == Tok::MetaName => Token {
                    kind,
                    start: s as u32,
                    end: e as u32,
                    quoted: true,
                },
                Some(e) => self.quoted_name(kind, s, e),
                None => self.tok(Tok::Error, s - 2, self.src.len()),
            };
        }
        let s = self.pos;
        self.pos += ident_run(&self.src[s..], true);
        if self.pos == s {
            return self.tok(Tok::Error, s - 1, s);
        }
        self.tok(kind, s, self.pos)
    }

    /// The next token, or [`Tok::Eof`] at the end of input; a byte that starts no token gives
    /// [`Tok::Error`] rather than failing.
    pub fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        let c = self.peek(0);
        if self.pos >= self.src.len() {
            return self.tok(Tok::Eof, start, start);
        }
        self.pos += 1;
        let simple = |k| Token {
            kind: k,
            start: start as u32,
            end: start as u32 + 1,
            quoted: false,
        };
        match c {
            b'=' => simple(Tok::Equal),
            b',' => simple(Tok::Comma),
            b'*' => simple(Tok::Star),
            b'[' => simple(Tok::LSquare),
            b']' => simple(Tok::RSquare),
            b'{' => simple(Tok::LBrace),
            b'}' => simple(Tok::RBrace),
            b'(' => simple(Tok::LParen),
            b')' => simple(Tok::RParen),
            b'<' => simple(Tok::Less),
            b'>' => simple(Tok::Greater),
            b'|' => simple(Tok::Bar),
            b':' => simple(Tok::Colon),
            b'%' => self.sigiled(Tok::Local),
            b'@' => self.sigiled(Tok::Global),
            b'$' => {
                // `$N:` is a label (`$` may start a name), as LLVM's lexer checks first.
                let tail = self.src[self.pos..]
                    .iter()
                    .take_while(|&&b| is_ident_char(b))
                    .count();
                if self.peek(tail) == b':' {
                    self.pos += tail + 1;
                    return self.tok(Tok::Label, start, self.pos - 1);
                }
                if self.peek(0) == b'"' || is_ident_char(self.peek(0)) {
                    self.sigiled(Tok::Comdat)
                } else {
                    self.tok(Tok::Error, start, self.pos)
                }
            }
            b'!' => {
                let n = self.peek(0);
                if n.is_ascii_alphabetic() || matches!(n, b'-' | b'$' | b'.' | b'_' | b'\\') {
                    self.sigiled(Tok::MetaName)
                } else {
                    simple(Tok::Exclaim)
                }
            }
            b'#' => {
                let s = self.pos;
                if self.peek(0).is_ascii_digit() {
                    while self.peek(0).is_ascii_digit() {
                        self.pos += 1;
                    }
                    self.tok(Tok::AttrGroup, s, self.pos)
                } else {
                    while is_ident_char(self.peek(0)) {
                        self.pos += 1;
                    }
                    if self.pos == s {
                        self.tok(Tok::Error, start, self.pos)
                    } else {
                        self.tok(Tok::DbgRecord, s, self.pos)
                    }
                }
            }
            b'"' => {
                self.pos = start;
                match self.scan_string() {
                    Some(e) => {
                        if self.peek(0) == b':' {
                            self.pos += 1;
                            self.quoted_name(Tok::Label, start + 1, e)
                        } else {
                            self.tok(Tok::Str, start + 1, e)
                        }
                    }
                    None => self.tok(Tok::Error, start, self.src.len()),
                }
            }
            b'.' if self.peek(0) == b'.' && self.peek(1) == b'.' => {
                self.pos += 2;
                self.tok(Tok::DotDotDot, start, self.pos)
            }
            b'c' if self.peek(0) == b'"' => {
                self.pos = start + 1;
                match self.scan_string() {
                    Some(e) => self.tok(Tok::CStr, start + 2, e),
                    None => self.tok(Tok::Error, start, self.src.len()),
                }
            }
            b'0'..=b'9' | b'-' | b'+' => self.number(start),
            _ if is_ident_char(c) => {
                // A keyword ends at its last letter, digit or `_`; only when a `.`, `-` or
                // `$` follows is the whole name run needed, to see whether a label ends it.
                self.pos = start + table_run(&self.src[start..], &KEYWORD);
                let keyword_end = self.pos;
                let longer = is_ident_char(self.peek(0));
                if longer {
                    self.skip_ident();
                }
                // `u0x..`/`s0x..` hex integers.
                let text = &self.src[start..self.pos];
                if text.len() > 3
                    && (text[0] == b'u' || text[0] == b's')
                    && text[1] == b'0'
                    && text[2] == b'x'
                {
                    return self.tok(Tok::Int, start, self.pos);
                }
                if self.peek(0) == b':' {
                    self.pos += 1;
                    return self.tok(Tok::Label, start, self.pos - 1);
                }
                // Not a label: as in LLVM's lexer, an integer type ends at its last digit
                // and a keyword at its last letter, digit or `_` (`i16-1` is `i16`, `-1`).
                if longer {
                    self.pos = start + word_end(text).min(keyword_end - start);
                }
                if self.pos == start {
                    // A `.` that starts no label (nor `...`) is no token LLVM's lexer
                    // knows; a word of no bytes would leave the lexer where it stood. (`$`
                    // has its own arm above.)
                    self.pos = start + 1;
                    return self.tok(Tok::Error, start, self.pos);
                }
                self.tok(Tok::Word, start, self.pos)
            }
            _ => self.tok(Tok::Error, start, self.pos),
        }
    }

    /// Move past the identifier characters at `pos`.
    fn skip_ident(&mut self) {
        self.pos += ident_run(&self.src[self.pos..], false);
    }

    fn number(&mut self, start: usize) -> Token {
        let c = self.src[start];
        // Hex floats: 0x, 0xK, 0xL, 0xM, 0xH, 0xR.
        if c == b'0' && self.peek(0) == b'x' {
            self.pos += 1;
            if matches!(self.peek(0), b'K' | b'L' | b'M' | b'H' | b'R') {
                self.pos += 1;
            }
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.tok(Tok::Float, start, self.pos);
        }
        if !c.is_ascii_digit() && !self.peek(0).is_ascii_digit() {
            // A label or word starting with '-' (rare): `-foo:`.
            while is_ident_char(self.peek(0)) {
                self.pos += 1;
            }
            if self.peek(0) == b':' {
                self.pos += 1;
                return self.tok(Tok::Label, start, self.pos - 1);
            }
            return self.tok(Tok::Error, start, self.pos);
        }
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(0) == b'.' {
            self.pos += 1;
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
            if matches!(self.peek(0), b'e' | b'E')
                && (self.peek(1).is_ascii_digit()
                    || (matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit()))
            {
                self.pos += 2;
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            }
            return self.tok(Tok::Float, start, self.pos);
        }
        // Labels may be numeric (`42:`) or identifier-like starting with digits (`1foo:`).
        if is_ident_char(self.peek(0)) {
            let save = self.pos;
            while is_ident_char(self.peek(0)) {
                self.pos += 1;
            }
            if self.peek(0) == b':' {
                self.pos += 1;
                return self.tok(Tok::Label, start, self.pos - 1);
            }
            self.pos = save;
        }
        // `-3:` is a label too (a name, not a number, as LLVM reads it); `+` starts none.
        if self.peek(0) == b':' && c != b'+' {
            self.pos += 1;
            return self.tok(Tok::Label, start, self.pos - 1);
        }
        self.tok(Tok::Int, start, self.pos)
    }

    /// Raw text of balanced parentheses starting at `self.pos` (just after a `(` already
    /// consumed). Returns the span of the content, leaves `pos` after the closing `)`.
    pub fn balanced_parens(&mut self) -> Option<(usize, usize)> {
        let start = self.pos;
        let mut depth = 1usize;
        while self.pos < self.src.len() {
            match self.src[self.pos] {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += 1;
                        return Some((start, self.pos - 1));
                    }
                }
                b'"' => {
                    let n = memchr(b'"', &self.src[self.pos + 1..])?;
                    self.pos += n + 1;
                }
                _ => {}
            }
            self.pos += 1;
        }
        None
    }
}

/// LLVM's lexer's message for a quoted name holding NUL (`%"\\00"`).
pub const NUL_IN_NAME: &str = "NUL character is not allowed in names";

/// The first of the 256 code points that stand for bytes of a name that are not UTF-8
/// (U+10FF00 to U+10FFFF, private use): LLVM's names are bytes, ours are text.
const NAME_BYTE_BASE: u32 = 0x10_FF00;

/// The name spelt by `bytes` (unescaped), without loss: valid UTF-8 as it is, and each byte
/// of an invalid sequence as the private code point U+10FF00 + byte, which
/// [`name_to_bytes`] turns back into that byte when the name is printed (`!\FFfoo`).
pub fn name_from_bytes(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| {
        let bytes = e.into_bytes();
        let mut out = String::with_capacity(bytes.len() + 8);
        let mut rest = &bytes[..];
        while !rest.is_empty() {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    out.push_str(s);
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    out.push_str(std::str::from_utf8(good).expect("checked"));
                    let n = e.error_len().unwrap_or(bad.len());
                    for &b in &bad[..n] {
                        out.push(char::from_u32(NAME_BYTE_BASE + u32::from(b)).expect("a char"));
                    }
                    rest = &bad[n..];
                }
            }
        }
        out
    })
}

/// The bytes of name `n`, each code point [`name_from_bytes`] made of a byte turned back
/// into it.
pub fn name_to_bytes(n: &str) -> std::borrow::Cow<'_, [u8]> {
    // The UTF-8 of U+10FF00..=U+10FFFF starts with F4 8F.
    let b = n.as_bytes();
    if !memchr::memchr_iter(0xF4, b).any(|i| b.get(i + 1) == Some(&0x8F)) {
        return std::borrow::Cow::Borrowed(n.as_bytes());
    }
    let mut out = Vec::with_capacity(n.len());
    for c in n.chars() {
        match u32::from(c).checked_sub(NAME_BYTE_BASE) {
            Some(b) if b < 256 => out.push(b as u8),
            _ => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Unescape LLVM's `\XX` hex escapes and `\\` in a quoted string.
pub fn unescape(raw: &[u8]) -> Vec<u8> {
    if memchr(b'\\', raw).is_none() {
        return raw.to_vec();
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\\' {
            if raw.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            if i + 2 < raw.len() {
                let h = (raw[i + 1] as char).to_digit(16);
                let l = (raw[i + 2] as char).to_digit(16);
                if let (Some(h), Some(l)) = (h, l) {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
            }
        }
        out.push(raw[i]);
        i += 1;
    }
    out
}

/// Where the word `text` (a run of name characters that is not a label) ends as LLVM's lexer
/// reads it: an integer type (`i` and digits) at its last digit, anything else at the first
/// byte that is not a letter, a digit or `_`.
fn word_end(text: &[u8]) -> usize {
    if text.len() > 1 && text[0] == b'i' && text[1].is_ascii_digit() {
        return 1 + text[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    }
    table_run(text, &KEYWORD)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The run a byte at a time, as the tables say.
    fn naive(s: &[u8], backslash: bool) -> usize {
        s.iter()
            .take_while(|&&c| is_ident_char(c) || (backslash && c == b'\\'))
            .count()
    }

    proptest! {
        /// Eight bytes a step measures the same run as one at a time: names of every length
        /// around the step, ending in every kind of byte (a quote, a `\`, a byte past ASCII).
        #[test]
        fn ident_run_is_the_run_of_name_bytes(
            name in proptest::collection::vec(
                prop_oneof![Just(b'a'), Just(b'Z'), Just(b'7'), Just(b'.'), Just(b'_'), Just(b'$'), Just(b'-')],
                0..40,
            ),
            end in prop_oneof![Just(b'\\'), Just(b'"'), Just(b'('), Just(b' '), Just(0xC3u8), Just(b'x')],
            tail in proptest::collection::vec(any::<u8>(), 0..12),
        ) {
            let mut s = name.clone();
            s.push(end);
            s.extend(tail);
            for backslash in [false, true] {
                prop_assert_eq!(ident_run(&s, backslash), naive(&s, backslash));
            }
        }

        /// Every token but the end moves the lexer forward, so no loop over tokens can spin
        /// (a `.` starting a word once gave a word of no bytes, and `call void .x()`
        /// hung the reader). Bytes drawn mostly from name characters and sigils.
        #[test]
        fn every_token_moves_the_lexer_forward(
            s in proptest::collection::vec(
                prop_oneof![
                    4 => proptest::sample::select(b"._$-a1:\"%@!#^ ,(".to_vec()),
                    1 => any::<u8>(),
                ],
                0..60,
            ),
        ) {
            let mut lex = Lexer::new(&s);
            loop {
                let before = lex.pos;
                let t = lex.next_token();
                if t.kind == Tok::Eof {
                    break;
                }
                prop_assert!(lex.pos > before, "{:?} at {} in {:?}", t.kind, before, String::from_utf8_lossy(&s));
            }
        }
    }

    #[test]
    fn a_dot_starting_no_label_is_an_error_token() {
        for src in [&b".x("[..], b".", b". ", b".-"] {
            let t = Lexer::new(src).next_token();
            assert_eq!((t.kind, t.start, t.end), (Tok::Error, 0, 1), "{src:?}");
        }
        let t = Lexer::new(b".x:").next_token();
        assert_eq!(t.kind, Tok::Label);
    }
}
