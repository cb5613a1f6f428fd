//! The type grammar: `%T = type ...` definitions, first-class types (integers, floats,
//! pointers typed and opaque, vectors, arrays, structs, functions, target extension types),
//! and the check that identified structs do not nest deeper than [`MAX_STRUCT_DEPTH`].

use super::{token_offset, PResult, Parser, MAX_DEPTH, MAX_INT_BITS, MAX_STRUCT_DEPTH};
use crate::attr::AttrSet;
use crate::lexer::{Lexer, Tok};
use crate::types::{FloatKind, StructBody, Type, TypeData, TypeTable};
use cranelift_entity::EntityRef;
use rustc_hash::FxHashMap;

/// The identified struct that contains itself (LLVM: "identified structure type 'T' is
/// recursive") or nests deeper than [`MAX_STRUCT_DEPTH`], if any, with the message. The walk
/// keeps its own stack, so the passes that recurse over types afterwards (the comparator, the
/// data layout) can rely on bounded depth. Pointers end the walk: `%list = type { ptr, %list* }`
/// is fine.
pub(super) fn struct_nesting_error(
    tt: &TypeTable,
    defs: &FxHashMap<Type, u32>,
) -> Option<(Type, String)> {
    fn child(tt: &TypeTable, t: Type, k: usize) -> Option<Type> {
        match tt.get(t) {
            TypeData::Struct { elems, .. } => elems.get(k).copied(),
            TypeData::Named(_) => tt.body(t)?.elems.get(k).copied(),
            TypeData::Array(_, e) | TypeData::Vector { elem: e, .. } => (k == 0).then_some(*e),
            TypeData::Func { ret, params, .. } => match k {
                0 => Some(*ret),
                _ => params.get(k - 1).copied(),
            },
            TypeData::TargetExt { types, .. } => types.get(k).copied(),
            _ => None,
        }
    }
    const UNSEEN: u32 = u32::MAX;
    const ON_STACK: u32 = u32::MAX - 1;
    let named = |t: Type| matches!(tt.get(t), TypeData::Named(_));
    let name = |t: Type| tt.struct_name(t).unwrap_or_default().to_owned();
    // Depth of each finished type (a leaf is 0), or UNSEEN / ON_STACK.
    let mut depth = vec![UNSEEN; tt.len()];
    // (type, next child, 1 + the deepest child so far)
    let mut stack: Vec<(Type, usize, u32)> = Vec::new();
    for &root in tt.named_structs() {
        if depth[root.index()] != UNSEEN {
            continue;
        }
        depth[root.index()] = ON_STACK;
        stack.push((root, 0, 0));
        while let Some(top) = stack.last_mut() {
            let (t, k, d) = *top;
            if let Some(c) = child(tt, t, k) {
                top.1 += 1;
                match depth[c.index()] {
                    UNSEEN => {
                        depth[c.index()] = ON_STACK;
                        stack.push((c, 0, 0));
                    }
                    ON_STACK => {
                        // A cycle: `c` and everything above it on the stack. It closes at
                        // the identified struct on it defined last, as LLVM reports it.
                        let from = stack.iter().rposition(|e| e.0 == c).unwrap_or(0);
                        let t = stack[from..]
                            .iter()
                            .map(|e| e.0)
                            .filter(|&t| named(t))
                            .max_by_key(|t| defs.get(t).copied().unwrap_or(0))
                            .unwrap_or(c);
                        let msg = format!("identified structure type '{}' is recursive", name(t));
                        return Some((t, msg));
                    }
                    cd => top.2 = d.max(cd + 1),
                }
            } else {
                stack.pop();
                if d > MAX_STRUCT_DEPTH && named(t) {
                    let msg = format!(
                        "identified structure type '{}' nests types {d} levels deep; at most {MAX_STRUCT_DEPTH} are supported",
                        name(t)
                    );
                    return Some((t, msg));
                }
                depth[t.index()] = d;
                if let Some(parent) = stack.last_mut() {
                    parent.2 = parent.2.max(d + 1);
                }
            }
        }
    }
    None
}

impl<'a> Parser<'a> {
    pub(super) fn type_def(&mut self) -> PResult<()> {
        let nt = self.bump();
        let name = self.name_of(nt);
        self.expect(Tok::Equal, "'='")?;
        self.expect_word("type")?;
        let is_struct = match self.tok.kind {
            Tok::LBrace => true,
            Tok::Less => self
                .lex
                .src
                .get(self.lex.pos..)
                .is_some_and(|r| r.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')),
            Tok::Word => self.cur_text() == "opaque",
            _ => false,
        };
        if !is_struct {
            // `%0 = type [4 x i8]`: a name for a type that is not a struct. LLVM refuses it
            // where the name was used before (that use made an opaque struct of it).
            if self.m.types.alias(&name).is_some()
                || self
                    .m
                    .types
                    .lookup(&TypeData::Named(name.clone()))
                    .is_some()
            {
                return self.error_at(
                    token_offset(nt),
                    format!(
                        "redefinition of type '%{name}' (non-struct types may not be recursive)"
                    ),
                );
            }
            let ty = self.parse_type()?;
            self.m.types.set_alias(&name, ty);
            return Ok(());
        }
        let t = self.m.types.named(&name);
        if !self.defined_types.insert(t) {
            return self.error_at(token_offset(nt), format!("redefinition of type '%{name}'"));
        }
        self.guard.type_defs.insert(t, token_offset(nt));
        if self.eat_word("opaque") {
            self.m.types.set_body(t, None);
            return Ok(());
        }
        // Fix the print order now; the body follows (it may refer to `t` itself).
        self.m.types.set_body(t, None);
        let packed = self.tok.kind == Tok::Less;
        if packed {
            self.bump();
        }
        let elems = self.struct_elems()?;
        if packed {
            self.expect(Tok::Greater, "'>'")?;
        }
        self.m.types.set_body(t, Some(StructBody { elems, packed }));
        Ok(())
    }

    /// LLParser's "invalid type for function argument" for a parameter of type `ty` written
    /// at `at` (`FunctionType::isValidArgumentType`): a `label`, or an identified struct
    /// without a body at this point of the text: declared `opaque`, defined only further
    /// down, or the one whose body is being read. (A body read later, which sees every
    /// definition, is let through: a missed refusal, never a false one.)
    pub(super) fn check_argument_type(&self, at: u32, ty: Type) -> PResult<()> {
        let invalid = match self.m.types.get(ty) {
            TypeData::Label => true,
            TypeData::Named(_) => self.m.types.body(ty).is_none(),
            _ => false,
        };
        if invalid {
            return self.error_at(at, "invalid type for function argument");
        }
        Ok(())
    }

    pub(super) fn parse_type(&mut self) -> PResult<Type> {
        if let Some(t) = self.plain_type() {
            self.allow_void = false;
            return Ok(t);
        }
        let allow_void = std::mem::take(&mut self.allow_void);
        let at = token_offset(self.tok);
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        let t = r?;
        if !allow_void && t == self.m.types.void() {
            return self.error_at(at, "void type only allowed for function results");
        }
        Ok(t)
    }

    /// `ptr` or `iN` when nothing after it makes it more (`*`, a parameter list, an address
    /// space), read without the general path's bookkeeping: most types written are one of
    /// these two. `None` (nothing read) for anything else, and for what the general path
    /// reports as an error (a width out of range, nesting too deep).
    fn plain_type(&mut self) -> Option<Type> {
        if self.tok.kind != Tok::Word || self.depth >= MAX_DEPTH {
            return None;
        }
        let word = &self.src[self.tok.start as usize..self.tok.end as usize];
        let ty = match word {
            b"ptr" => self.m.types.ptr(0),
            [b'i', digits @ ..]
                if (1..=7).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit) =>
            {
                let n = (digits.iter()).fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
                if n == 0 || n > MAX_INT_BITS {
                    return None;
                }
                self.m.types.int(n)
            }
            _ => return None,
        };
        let before = (self.tok, self.lex.pos, self.last_end);
        self.bump();
        let extended = match self.tok.kind {
            Tok::Star | Tok::LParen => true,
            Tok::Word => &self.src[self.tok.start as usize..self.tok.end as usize] == b"addrspace",
            _ => false,
        };
        if extended {
            (self.tok, self.lex.pos, self.last_end) = before;
            return None;
        }
        // What `enter` and the general path leave behind for a type one level deep.
        self.guard.type_hw = self.guard.type_hw.max(self.depth + 1);
        Some(ty)
    }

    /// A type where LLVM also takes `void`: a function's or a call's result.
    pub(super) fn parse_result_type(&mut self) -> PResult<Type> {
        self.allow_void = true;
        self.parse_type()
    }

    fn note_struct_use(&mut self, t: Type, off: u32) {
        self.type_first_use.entry(t).or_insert(off);
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let start = self.tok.start;
        // Only the keyword takes no `*`: a `T**` of typed-pointer syntax is `ptr` twice over.
        let mut bare_ptr = self.tok.kind == Tok::Word && self.cur_text() == "ptr";
        let outer_hw = std::mem::replace(&mut self.guard.type_hw, self.depth);
        let mut ty = match self.tok.kind {
            Tok::Word => {
                let w = self.bump();
                let s = self.text(w);
                let b = s.as_bytes();
                match s {
                    "void" => self.m.types.void(),
                    "label" => self.m.types.label(),
                    "metadata" => self.m.types.metadata(),
                    "token" => self.m.types.token(),
                    "x86_amx" => self.m.types.intern(TypeData::X86Amx),
                    // Gone in LLVM 20; typed-pointer (LLVM 14) IR still has it.
                    "x86_mmx" if !self.m.typed_pointers => {
                        return self.error_at(token_offset(w), "expected type")
                    }
                    "x86_mmx" => self.m.types.intern(TypeData::X86Mmx),
                    "half" => self.m.types.intern(TypeData::Float(FloatKind::Half)),
                    "bfloat" => self.m.types.intern(TypeData::Float(FloatKind::BFloat)),
                    "float" => self.m.types.intern(TypeData::Float(FloatKind::Float)),
                    "double" => self.m.types.intern(TypeData::Float(FloatKind::Double)),
                    "x86_fp80" => self.m.types.intern(TypeData::Float(FloatKind::X86Fp80)),
                    "fp128" => self.m.types.intern(TypeData::Float(FloatKind::Fp128)),
                    "ppc_fp128" => self.m.types.intern(TypeData::Float(FloatKind::PpcFp128)),
                    "ptr" => {
                        let a = self.opt_addrspace()?;
                        self.m.types.ptr(a)
                    }
                    "target" => self.target_ext_type()?,
                    _ if b.len() > 1
                        && (b[0] == b'i' || b[0] == b'b')
                        && b[1..].iter().all(u8::is_ascii_digit) =>
                    {
                        let n: u32 = s[1..].parse().unwrap_or(u32::MAX);
                        if n == 0 || n > MAX_INT_BITS {
                            return self
                                .error_at(w.start, "bitwidth for integer type out of range");
                        }
                        if b[0] == b'i' {
                            self.m.types.int(n)
                        } else {
                            self.m.types.intern(TypeData::Byte(n))
                        }
                    }
                    _ => return self.error_at(w.start, format!("expected a type, found '{s}'")),
                }
            }
            Tok::Local => {
                let t = self.bump();
                let text = &self.src[t.start as usize..t.end as usize];
                // The same text is the same name, quoted or not (a plain name holds no `\`).
                if let Some(&ty) = self.type_names.get(text) {
                    ty
                } else {
                    let name = self.name_of(t);
                    let ty = if let Some(ty) = self.m.types.alias(&name) {
                        ty
                    } else {
                        let ty = self.m.types.named(&name);
                        self.note_struct_use(ty, t.start);
                        ty
                    };
                    self.type_names.insert(text, ty);
                    ty
                }
            }
            Tok::LBrace => {
                let text = self.struct_literal_text();
                match text.and_then(|t| self.struct_literal_seen(t)) {
                    Some(ty) => ty,
                    None => {
                        let elems = self.struct_elems()?;
                        let ty = self.m.types.intern(TypeData::Struct {
                            elems,
                            packed: false,
                        });
                        self.note_struct_literal(start, text, ty);
                        ty
                    }
                }
            }
            Tok::Less => {
                let text = self.struct_literal_text();
                match text.and_then(|t| self.struct_literal_seen(t)) {
                    Some(ty) => ty,
                    None => self.packed_or_vector(start, text)?,
                }
            }
            Tok::LSquare => {
                let text = self.array_text();
                if let Some(ty) = text.and_then(|t| self.struct_literal_seen(t)) {
                    ty
                } else {
                    let ty = self.array_type()?;
                    self.note_struct_literal(start, text, ty);
                    ty
                }
            }
            _ => return self.err(format!("expected a type, found {}", self.describe())),
        };
        // Suffixes: typed pointers and function types. They nest without recursing here, so
        // they count against MAX_DEPTH on top of the levels the type so far takes.
        let mut levels = self.guard.type_hw.saturating_sub(self.depth);
        loop {
            match self.tok.kind {
                Tok::Star if bare_ptr => {
                    return self.err("ptr* is invalid - use ptr instead");
                }
                Tok::Star => {
                    self.bump();
                    ty = self.typed_ptr(ty, 0, start)?;
                }
                Tok::Word if self.cur_text() == "addrspace" && self.peek_addrspace_star() => {
                    let a = self.opt_addrspace()?;
                    self.expect(Tok::Star, "'*'")?;
                    ty = self.typed_ptr(ty, a, start)?;
                }
                Tok::LParen => {
                    if matches!(
                        self.m.types.get(ty),
                        TypeData::Func { .. } | TypeData::Label | TypeData::Metadata
                    ) {
                        return self.err("invalid function return type");
                    }
                    ty = self.fn_type_params(ty)?;
                    levels = levels.max(self.guard.type_hw.saturating_sub(self.depth));
                }
                _ => break,
            }
            bare_ptr = false;
            levels += 1;
            if self.depth + levels > MAX_DEPTH {
                return self.err(format!("nesting deeper than {MAX_DEPTH} levels"));
            }
        }
        self.guard.type_hw = outer_hw.max(self.depth + levels);
        Ok(ty)
    }

    /// At `[`: an array type `[N x T]`.
    fn array_type(&mut self) -> PResult<Type> {
        self.bump();
        let n = self.parse_u64()?;
        self.expect_word("x")?;
        let elem_at = self.tok.start;
        let elem = self.parse_type()?;
        if !self.m.types.may_be_in_memory(elem) {
            return self.error_at(elem_at, "invalid array element type");
        }
        self.expect(Tok::RSquare, "']'")?;
        Ok(self.m.types.intern(TypeData::Array(n, elem)))
    }

    /// The text of the array type at the current `[`, up to its `]`, when it holds no other
    /// bracket or brace, no string, no comment and no line break (`[39 x i8]`, `[4 x ptr]`):
    /// like a literal struct's ([`Parser::struct_literal_text`]), the same such text is the
    /// same type wherever it stands. A sanitizer build writes one at each of its globals.
    fn array_text(&self) -> Option<&'a [u8]> {
        let start = self.tok.start as usize;
        let src: &'a [u8] = self.src;
        let rest = src.get(start + 1..)?;
        let close = memchr::memchr3(b'[', b']', b'{', rest)?;
        let inner = &rest[..close];
        if rest[close] != b']' || memchr::memchr3(b';', b'\n', b'"', inner).is_some() {
            return None;
        }
        Some(&src[start..start + close + 2])
    }

    /// At `<`: a packed struct `<{ ... }>` (noted by its `text` when it has one, see
    /// [`Parser::struct_literal_text`]) or a vector `<N x T>`, `<vscale x N x T>`.
    fn packed_or_vector(&mut self, start: u32, text: Option<&'a [u8]>) -> PResult<Type> {
        self.bump();
        if self.tok.kind == Tok::LBrace {
            let elems = self.struct_elems()?;
            self.expect(Tok::Greater, "'>'")?;
            let ty = self.m.types.intern(TypeData::Struct {
                elems,
                packed: true,
            });
            self.note_struct_literal(start, text, ty);
            return Ok(ty);
        }
        let scalable = self.eat_word("vscale");
        if scalable {
            self.expect_word("x")?;
        }
        let n = self.parse_u32()?;
        self.expect_word("x")?;
        let elem_at = token_offset(self.tok);
        let elem = self.parse_type()?;
        self.expect(Tok::Greater, "'>'")?;
        if n == 0 {
            return self.error_at(start, "zero element vector is illegal");
        }
        // LLVM's `VectorType::isValidElementType`: scalars and pointers (and the byte type,
        // which LLVM 22 does not have yet), and target types that say they may be elements.
        let valid = match self.m.types.get(elem) {
            TypeData::Int(_)
            | TypeData::Byte(_)
            | TypeData::Float(_)
            | TypeData::Ptr(_)
            | TypeData::TypedPtr(..) => true,
            TypeData::TargetExt { name, .. } => crate::types::target_type_info(name).vector_element,
            _ => false,
        };
        if !valid {
            return self.error_at(elem_at, "invalid vector element type");
        }
        Ok(self.m.types.intern(TypeData::Vector {
            len: n,
            elem,
            scalable,
        }))
    }

    /// The text of the literal struct type at the current `{` (or `<{`), up to its `}` (or
    /// `}>`), when it holds
    /// no other brace, no string, no comment and no line break: the same such text is the
    /// same type wherever it stands (a type's name means one type, see `type_names`).
    fn struct_literal_text(&self) -> Option<&'a [u8]> {
        let start = self.tok.start as usize;
        let src: &'a [u8] = self.src;
        // A packed struct as LLVM prints it, `<{ ... }>`: the same, with its angle brackets.
        let packed = usize::from(src.get(start) == Some(&b'<'));
        if packed == 1 && src.get(start + 1) != Some(&b'{') {
            return None;
        }
        let rest = src.get(start + packed + 1..)?;
        let close = memchr::memchr3(b'{', b'}', b'"', rest)?;
        if rest[close] != b'}' || memchr::memchr2(b';', b'\n', &rest[..close]).is_some() {
            return None;
        }
        let end = start + packed + close + 2;
        if packed == 1 && src.get(end) != Some(&b'>') {
            return None;
        }
        Some(&src[start..end + packed])
    }

    /// Note `ty`, just read from `start`, as the type of `text` ([`Parser::struct_literal_text`])
    /// with the nesting it took; only when the `}` (or `}>`) read is the one the text ends at.
    fn note_struct_literal(&mut self, start: u32, text: Option<&'a [u8]>, ty: Type) {
        if let Some(t) = text.filter(|t| self.last_end as usize == start as usize + t.len()) {
            let levels = self.guard.type_hw.saturating_sub(self.depth);
            self.struct_literals.insert(t, (ty, levels));
        }
    }

    /// The type of `text` ([`Parser::struct_literal_text`]) if it was read before, with the
    /// reader moved past it as if read again; `None` (nothing moved) if it was not, or if it
    /// would nest too deep here (then reading it gives the error).
    fn struct_literal_seen(&mut self, text: &[u8]) -> Option<Type> {
        let &(ty, levels) = self.struct_literals.get(text)?;
        if self.depth + levels > MAX_DEPTH {
            return None;
        }
        self.guard.type_hw = self.guard.type_hw.max(self.depth + levels);
        let end = self.tok.start as usize + text.len();
        self.lex.pos = end;
        self.last_end = end as u32;
        self.tok = self.lex.next_token();
        Some(ty)
    }

    fn typed_ptr(&mut self, pointee: Type, a: u32, start: u32) -> PResult<Type> {
        if matches!(
            self.m.types.get(pointee),
            TypeData::Void | TypeData::Label | TypeData::Metadata
        ) {
            return self.error_at(start, "pointer to this type is invalid");
        }
        if self.opaque_only || matches!(self.m.types.get(pointee), TypeData::Ptr(_)) {
            return Ok(self.m.types.intern(TypeData::Ptr(a)));
        }
        self.m.typed_pointers = true;
        Ok(self.m.types.intern(TypeData::TypedPtr(pointee, a)))
    }

    /// Whether the tokens ahead are `addrspace(N)*` (typed pointer suffix).
    fn peek_addrspace_star(&self) -> bool {
        let mut l = Lexer {
            src: self.src,
            pos: self.lex.pos,
        };
        l.next_token().kind == Tok::LParen
            && l.next_token().kind == Tok::Int
            && l.next_token().kind == Tok::RParen
            && l.next_token().kind == Tok::Star
    }

    pub(super) fn opt_addrspace(&mut self) -> PResult<u32> {
        if self.is_word("addrspace") {
            self.bump();
            self.expect(Tok::LParen, "'('")?;
            let n = if self.tok.kind == Tok::Str {
                // Symbolic address spaces ("A", "G", "P") from the data layout.
                let s = self.expect_string()?;
                return self.err(format!("symbolic address space \"{s}\" is not supported"));
            } else {
                let t = self.tok;
                let n = self.parse_u32()?;
                if n >= 1 << 24 {
                    return self.error_at(
                        token_offset(t),
                        "invalid address space, must be a 24-bit integer",
                    );
                }
                n
            };
            self.expect(Tok::RParen, "')'")?;
            Ok(n)
        } else {
            Ok(0)
        }
    }

    fn target_ext_type(&mut self) -> PResult<Type> {
        self.expect(Tok::LParen, "'('")?;
        let name = self.expect_string()?;
        let mut types = Vec::new();
        let mut ints = Vec::new();
        while self.eat(Tok::Comma) {
            if self.tok.kind == Tok::Int {
                ints.push(self.parse_u32()?);
            } else {
                if !ints.is_empty() {
                    return self.err("target extension type parameters must come before integers");
                }
                // A target type may take `void` as a parameter (`target("a", void)`).
                types.push(self.parse_result_type()?);
            }
        }
        self.expect(Tok::RParen, "')'")?;
        Ok(self
            .m
            .types
            .intern(TypeData::TargetExt { name, types, ints }))
    }

    fn struct_elems(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LBrace, "'{'")?;
        let mut elems = Vec::new();
        if !self.eat(Tok::RBrace) {
            loop {
                elems.push(self.parse_type()?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrace, "'}'")?;
        }
        Ok(elems)
    }

    fn fn_type_params(&mut self, ret: Type) -> PResult<Type> {
        self.expect(Tok::LParen, "'('")?;
        let mut params = Vec::new();
        let mut varargs = false;
        if !self.eat(Tok::RParen) {
            loop {
                if self.eat(Tok::DotDotDot) {
                    varargs = true;
                    break;
                }
                let at = token_offset(self.tok);
                let ty = self.parse_type()?;
                params.push(ty);
                // Old IR allows attributes inside function types; drop them.
                let mut junk = AttrSet::default();
                while self.attr(&mut junk, super::attrs::AttrPos::Other)? {}
                self.check_argument_type(at, ty)?;
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')'")?;
        }
        Ok(self.m.types.intern(TypeData::Func {
            ret,
            params,
            varargs,
        }))
    }
}
