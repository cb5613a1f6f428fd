//! Function bodies: the per-function state, local names and their forward-reference
//! placeholders (`%x` used before it is defined), basic blocks and their labels, and the
//! loop over a body's blocks and instructions.

use super::{token_offset, Key, Local, PResult, Parser};
use crate::function::{Block, BlockData, Body, Param};
use crate::inst::*;
use crate::lexer::{Tok, Token};
use crate::metadata::DbgRecord;
use crate::module::*;
use crate::types::{Type, TypeData};
use crate::value::Value;

/// How many operands of `body` are `v`, as LLVM counts uses (not a phi's incoming blocks).
pub(super) fn value_uses(body: &Body, v: Value) -> usize {
    let block = matches!(v, Value::Block(_));
    body.insts
        .values()
        .filter(|d| !(block && d.opcode == Opcode::Phi))
        .map(|d| d.operands.iter().filter(|&&o| o == v).count())
        .sum()
}

impl<'a> Parser<'a> {
    /// Start a body: reset the per-function tables (keeping their capacity) and name the
    /// parameters (`varargs`: the function takes variable arguments).
    pub(super) fn begin_body(&mut self, params: &[Param], varargs: bool) -> PResult<()> {
        self.fs.varargs = varargs;
        self.fs.names.clear();
        self.fs.pending.clear();
        self.fs.defined_blocks.clear();
        self.fs.next_num = 0;
        self.fs.params.clear();
        self.fs.params.extend(params.iter().map(|p| p.ty));
        for (i, p) in params.iter().enumerate() {
            let key: Key<'a> = match &p.name {
                Name::Named(n) => n.to_string().into(),
                Name::Unnamed => {
                    let k = self.fs.next_num.to_string().into();
                    self.fs.next_num = self.fs.next_num.wrapping_add(1);
                    k
                }
            };
            if let Name::Named(n) = &p.name {
                if n.bytes().all(|b| b.is_ascii_digit()) {
                    self.fs.next_num = n.parse::<u32>().unwrap_or(0).wrapping_add(1);
                }
            }
            if self
                .fs
                .names
                .insert(key.clone(), Local::Arg(i as u32))
                .is_some()
            {
                return self.err(format!("redefinition of argument '%{key}'"));
            }
        }
        Ok(())
    }

    /// An estimate of the instruction count of the body starting at the current `{`: the
    /// indented lines up to the first `}` that starts a line (how printed IR ends a body).
    /// Each byte is scanned at most once: a body that starts before the end found by an
    /// earlier scan (bodies written on one line) just gets a small estimate.
    /// The instructions of the body just read that name a global, in arena order (a
    /// forward-referenced instruction gets its handle before it is read).
    pub(super) fn take_global_insts(&mut self) -> Box<[Inst]> {
        let mut v = std::mem::take(&mut self.global_insts);
        v.sort_unstable();
        v.dedup();
        v.into_boxed_slice()
    }

    pub(super) fn body_lines_estimate(&mut self) -> usize {
        let start = self.tok.start as usize;
        if start < self.scanned_to {
            return 4;
        }
        let rest = &self.src[start..];
        let end = find_lit!(rest, b"\n}").unwrap_or(rest.len());
        self.scanned_to = start + end;
        // Instructions (and debug records) are the indented lines; labels and blanks are not.
        find_lit!(iter & rest[..end], b"\n  ").count().max(1)
    }

    pub(super) fn value_type(&self, v: Value) -> Type {
        match v {
            Value::Arg(i) => self.fs.params[i as usize],
            Value::Inst(i) => self.body.insts[i].ty,
            Value::Const(c) => self.m.consts.ty(c),
            Value::Block(_) => self
                .m
                .types
                .lookup(&TypeData::Label)
                .expect("label type interned"),
            Value::Asm(a) => self.m.asms[a].fn_ty,
            Value::Md(_) => self
                .m
                .types
                .lookup(&TypeData::Metadata)
                .expect("metadata type interned"),
        }
    }

    /// The key of local name `t` among a body's names: its text, except that a quoted name
    /// of digits (`%"2"`) is a name, not the number `%2` (LLVM keeps the two apart), so its
    /// key starts with a byte no name holds. [`key_name`] gives the name back.
    pub(super) fn local_key(&self, t: Token) -> Key<'a> {
        let k = self.name_str(t);
        if t.quoted && !k.is_empty() && k.bytes().all(|c| c.is_ascii_digit()) {
            format!("\0{k}").into()
        } else {
            k
        }
    }

    /// A use of a local name with expected type `ty`.
    pub(super) fn local_use(&mut self, ty: Type) -> PResult<Value> {
        let t = self.bump();
        if !self.in_function {
            return self.error_at(token_offset(t), "local value used outside a function body");
        }
        let key = self.local_key(t);
        let is_label = matches!(self.m.types.get(ty), TypeData::Label);
        let v = match self.fs.names.get(key.as_ref()) {
            Some(&Local::Arg(i)) => Value::Arg(i),
            Some(&Local::Inst(i)) => Value::Inst(i),
            Some(&Local::Block(b)) => Value::Block(b),
            None => {
                self.fs.pending.insert(key.clone(), t.start);
                if is_label {
                    let b = self.body.blocks.push(BlockData {
                        name: Name::Named(key_name(&key).into()),
                        ..Default::default()
                    });
                    self.fs.defined_blocks.push(false);
                    self.fs.names.insert(key.clone(), Local::Block(b));
                    Value::Block(b)
                } else {
                    let i = self.body.insts.push(InstData::new(Opcode::Freeze, ty));
                    self.fs.names.insert(key.clone(), Local::Inst(i));
                    Value::Inst(i)
                }
            }
        };
        if is_label != matches!(v, Value::Block(_)) || (!is_label && self.value_type(v) != ty) {
            return self.error_at(
                token_offset(t),
                format!("'%{key}' defined with a different type than this use expects"),
            );
        }
        Ok(v)
    }

    /// `{ 1, 0, 2 }` of a use-list order directive, checked as LLParser checks it: two or
    /// more distinct indexes in range, not already in order.
    pub(super) fn uselist_indexes(&mut self) -> PResult<Vec<u32>> {
        let at = token_offset(self.tok);
        self.expect(Tok::LBrace, "'{' here")?;
        if self.tok.kind == Tok::RBrace {
            return self.err("expected non-empty list of uselistorder indexes");
        }
        let mut order: Vec<u32> = Vec::new();
        let (mut offset, mut max, mut ordered) = (0i64, 0u32, true);
        loop {
            let i = self.parse_u32()?;
            offset += i64::from(i) - order.len() as i64;
            max = max.max(i);
            ordered &= i as usize == order.len();
            order.push(i);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RBrace, "'}' here")?;
        if order.len() < 2 {
            return self.error_at(at, "expected >= 2 uselistorder indexes");
        }
        if offset != 0 || max as usize >= order.len() {
            return self.error_at(
                at,
                "expected distinct uselistorder indexes in range [0, size)",
            );
        }
        if ordered {
            return self.error_at(at, "expected uselistorder indexes to change the order");
        }
        Ok(order)
    }

    /// LLParser's check of a directive against the value's uses.
    pub(super) fn check_use_count(&self, uses: usize, indexes: usize, at: u32) -> PResult<()> {
        match uses {
            0 => self.error_at(at, "value has no uses"),
            1 => self.error_at(at, "value only has one use"),
            n if n != indexes => {
                self.error_at(at, format!("wrong number of indexes, expected {n}"))
            }
            _ => Ok(()),
        }
    }

    /// How many operands of the body being read are `v` (a phi's incoming blocks are not
    /// uses of the blocks in LLVM, which keeps them apart from the operands).
    fn local_uses(&self, v: Value) -> usize {
        value_uses(&self.body, v)
    }

    pub(super) fn function_body(&mut self) -> PResult<()> {
        self.in_function = true;
        self.bump(); // {
        let label_ty = self.m.types.label();
        let _ = label_ty;
        self.m.types.metadata();
        let mut cur: Option<Block> = None;
        let mut records: Vec<DbgRecord> = Vec::new();
        let mut directives = false;
        loop {
            match self.tok.kind {
                Tok::RBrace => {
                    if let Some(b) = cur {
                        return self.unterminated(b);
                    }
                    if !records.is_empty() {
                        // Records belong to the instruction that follows them.
                        return self.err("expected instruction opcode");
                    }
                    self.bump();
                    break;
                }
                Tok::Eof => return self.err("expected '}' at the end of the function body"),
                Tok::Label => {
                    if self.colon_ignored && self.label_is_a_name(self.tok) {
                        // After a summary entry LLVM lexes `entry:` as a word and a colon.
                        return self.err("expected instruction opcode");
                    }
                    let t = self.bump();
                    if let Some(b) = cur {
                        return self.unterminated(b);
                    }
                    cur = Some(self.define_block(Some(t))?);
                }
                Tok::DbgRecord => records.push(self.dbg_record()?),
                // Use-list order directives: a block's decides the order of its `; preds`
                // comment; the others only matter to bitcode round trips (opt -S drops them
                // too), so their line is skipped.
                Tok::Word if cur.is_none() && self.cur_text() == "uselistorder" => {
                    // Checked as LLParser checks them; after the first, only directives.
                    directives = true;
                    let at = token_offset(self.tok);
                    self.bump();
                    if self.is_word("label") {
                        let v = self.label_value()?;
                        self.expect(Tok::Comma, "comma in uselistorder directive")?;
                        let order = self.uselist_indexes()?;
                        let uses = self.local_uses(v);
                        self.check_use_count(uses, order.len(), at)?;
                        if let Value::Block(b) = v {
                            self.body.block_use_orders.push((b, order.into()));
                        }
                    } else {
                        let (_, v) = self.typed_value()?;
                        self.expect(Tok::Comma, "comma in uselistorder directive")?;
                        let order = self.uselist_indexes()?;
                        match v {
                            Value::Inst(_) | Value::Arg(_) => {
                                let uses = self.local_uses(v);
                                self.check_use_count(uses, order.len(), at)?;
                            }
                            Value::Const(_) => self.module_uselists.push((at, v, order.len())),
                            _ => {}
                        }
                    }
                }
                _ if directives => return self.err("expected uselistorder directive"),
                _ => {
                    let b = match cur {
                        Some(b) => b,
                        None => {
                            // A block without a label, first or after a terminator, takes the
                            // next number (`%1` after `%0`), as in LLVM.
                            let b = self.define_block(None)?;
                            cur = Some(b);
                            b
                        }
                    };
                    let at = token_offset(self.tok);
                    self.saw_global = false;
                    let i = self.instruction()?;
                    if self.saw_global {
                        self.global_insts.push(i);
                    }
                    self.body.source_offsets[i] = at;
                    if !records.is_empty() {
                        let d = self.body.insts[i]
                            .debug
                            .get_or_insert_with(Default::default);
                        d.records = std::mem::take(&mut records);
                    }
                    self.body.blocks[b].insts.push(i);
                    if self.body.insts[i].opcode.is_terminator() {
                        cur = None;
                    }
                }
            }
        }
        self.in_function = false;
        if let Some(b) = cur {
            return self.unterminated(b);
        }
        if self.body.layout.is_empty() {
            return self.err("function body requires at least one basic block");
        }
        if let Some((k, &off)) = self.fs.pending.iter().min_by_key(|(_, &o)| o) {
            return self.error_at(off, format!("use of undefined value '%{k}'"));
        }
        Ok(())
    }

    fn unterminated<T>(&self, b: Block) -> PResult<T> {
        let name = match &self.body.blocks[b].name {
            Name::Named(n) => format!("basic block '%{n}'"),
            Name::Unnamed => "the entry block".into(),
        };
        self.err(format!(
            "{name} does not end with a terminator instruction (ret, br, switch, unreachable, ...)"
        ))
    }

    /// Take the number `text` (of token `t`) for a local value or block. LLVM 22 allows gaps:
    /// numbers only have to increase. `expected` starts the message, up to the number.
    pub(super) fn claim_number(&mut self, t: Token, text: &str, expected: &str) -> PResult<()> {
        let n: u32 = text.parse().unwrap_or(u32::MAX);
        if n < self.fs.next_num || n == u32::MAX {
            return self.error_at(
                token_offset(t),
                format!("{expected}{}' or greater", self.fs.next_num),
            );
        }
        self.fs.next_num = n + 1;
        Ok(())
    }

    fn define_block(&mut self, label: Option<Token>) -> PResult<Block> {
        let (key, name): (Key<'a>, Name) = match label {
            Some(t) => {
                let k = self.local_key(t);
                if !t.quoted && k.bytes().all(|c| c.is_ascii_digit()) {
                    self.claim_number(t, &k, "label expected to be numbered '")?;
                    (k, Name::Unnamed)
                } else {
                    let name = Name::Named(key_name(&k).into());
                    (k, name)
                }
            }
            None => {
                let k: Key<'a> = self.fs.next_num.to_string().into();
                self.fs.next_num = self.fs.next_num.wrapping_add(1);
                (k, Name::Unnamed)
            }
        };
        let b = match self.fs.names.get(key.as_ref()) {
            Some(&Local::Block(b)) if self.fs.pending.remove(key.as_ref()).is_some() => {
                self.body.blocks[b].name = name;
                self.fs.defined_blocks[b.as_u32() as usize] = true;
                b
            }
            Some(_) => {
                let off = label.map_or(self.tok.start, |t| t.start);
                return self.error_at(off, format!("redefinition of '%{}'", key_name(&key)));
            }
            None => {
                let b = self.body.blocks.push(BlockData {
                    name,
                    ..Default::default()
                });
                self.fs.defined_blocks.push(true);
                self.fs.names.insert(key, Local::Block(b));
                b
            }
        };
        self.body.layout.push(b);
        Ok(b)
    }

    pub(super) fn define_inst(
        &mut self,
        key: Key<'a>,
        name: Name,
        data: InstData,
        off: u32,
    ) -> PResult<Inst> {
        match self.fs.names.get(key.as_ref()) {
            Some(&Local::Inst(i)) if self.fs.pending.remove(key.as_ref()).is_some() => {
                if self.body.insts[i].ty != data.ty {
                    return self.error_at(
                        off,
                        format!(
                            "'%{}' defined with a different type than its earlier use",
                            key_name(&key)
                        ),
                    );
                }
                self.body.insts[i] = data;
                self.body.inst_names.set(i, name);
                Ok(i)
            }
            Some(_) => self.error_at(off, format!("redefinition of '%{}'", key_name(&key))),
            None => {
                let i = self.body.insts.push(data);
                self.body.inst_names.set(i, name);
                self.fs.names.insert(key, Local::Inst(i));
                Ok(i)
            }
        }
    }
}

/// The name a key of [`Parser::local_key`] stands for.
pub(super) fn key_name(key: &str) -> &str {
    key.strip_prefix('\0').unwrap_or(key)
}
