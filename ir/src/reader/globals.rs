//! Module-level grammar: the top-level loop and its dispatch ([`Parser::module`],
//! `top_word`), the end-of-module checks, comdats, global variables, aliases and ifuncs
//! (`global_def` and friends), references to globals (placeholders for forward uses),
//! function headers (`define`/`declare`, with calling conventions), and summary entries.

use super::attrs::AttrPos;
use super::types::struct_nesting_error;
use super::{token_offset, PResult, Parser, UNKNOWN_AS};
use crate::attr::{AttrList, AttrSet};
use crate::function::{Body, Function, Param};
use crate::inst::*;
use crate::lexer::{Lexer, Tok, Token};
use crate::module::*;
use crate::types::TypeData;
use crate::value::Value;
use cranelift_entity::EntityRef;

impl<'a> Parser<'a> {
    pub(super) fn module(&mut self, done_before: &mut dyn FnMut(usize)) -> PResult<()> {
        if self.src.starts_with(b"BC\xC0\xDE") || self.src.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]) {
            return self.error_at(
                0,
                "this is LLVM bitcode, not textual IR; convert it with `llvm-dis` first",
            );
        }
        loop {
            let keep = match &self.defer {
                Some(d) => d.keep_from(self.tok.start),
                None => self.tok.start,
            };
            done_before(keep as usize);
            if self.defer.is_some() {
                self.pump(false)?;
                if matches!(self.tok.kind, Tok::Exclaim | Tok::MetaName)
                    && self.metadata_window_in_parallel()
                {
                    continue;
                }
            }
            let target_def = self.tok.kind == Tok::Word
                && matches!(self.cur_text(), "target" | "source_filename");
            if !target_def {
                self.past_target = true;
            } else if self.past_target && self.cur_text() == "target" {
                // LLVM 22 reads `target datalayout` and `target triple` before anything else.
                return self.err("expected top-level entity");
            }
            match self.tok.kind {
                Tok::Eof => break,
                Tok::Word => self.top_word()?,
                Tok::Local => self.type_def()?,
                Tok::Global => self.global_def()?,
                Tok::Comdat => self.comdat_def()?,
                Tok::MetaName => self.named_md()?,
                Tok::Exclaim => self.md_def()?,
                Tok::Error if self.src.get(self.tok.start as usize) == Some(&b'^') => {
                    self.summary_entry()?
                }
                _ => {
                    return self.err(format!(
                        "expected a top-level entity, found {}",
                        self.describe()
                    ))
                }
            }
        }
        self.await_plan()?;
        if self.defer.is_some() {
            self.pump(true)?;
        }
        self.finish_module()
    }

    /// The module's use-list order directives against the uses LLVM would count: operands of
    /// instructions, of (uniqued) constants other than `blockaddress`, aliases' targets and
    /// initializers.
    fn check_module_uselists(&mut self) -> PResult<()> {
        for (at, v, n) in std::mem::take(&mut self.module_uselists) {
            let Value::Const(c) = v else { continue };
            // LLVM 22 keeps no use lists for plain data (`i32 0`, `ptr null`, `undef`,
            // `c"..."`, ...), and ignores an order given for one.
            if self.is_constant_data(c) {
                continue;
            }
            let mut uses = 0usize;
            for f in self.m.functions() {
                let Some(body) = self.m.function(f).and_then(|x| x.body.as_ref()) else {
                    continue;
                };
                uses += super::body::value_uses(body, v);
            }
            for (k, data) in self.m.consts.iter() {
                // A `blockaddress` is a use of its block only: LLVM 22's holds no function.
                if matches!(data, crate::constant::ConstData::BlockAddress { .. }) {
                    continue;
                }
                uses += self
                    .m
                    .consts
                    .operand_slice(k)
                    .iter()
                    .filter(|&&o| o == c)
                    .count();
            }
            for g in self.m.live_globals() {
                let direct = match &self.m.globals[g].kind {
                    GlobalKind::Alias(a) => a.target == c,
                    GlobalKind::Var(gv) => gv.init == Some(c),
                    GlobalKind::Function(f) => {
                        [f.personality, f.prefix, f.prologue].contains(&Some(c))
                    }
                };
                uses += usize::from(direct);
            }
            self.check_use_count(uses, n, at)?;
        }
        for d in std::mem::take(&mut self.bb_uselists) {
            let fname = self.name_of(d.func);
            let foff = token_offset(d.func);
            if d.func.kind != Tok::Global {
                return self.error_at(foff, "expected function name in uselistorder_bb");
            }
            let Some(g) = self
                .m
                .global_by_name(&fname)
                .filter(|&g| !self.pending_globals.contains_key(&g))
            else {
                return self.error_at(
                    foff,
                    "invalid function forward reference in uselistorder_bb",
                );
            };
            let Some(f) = self.m.function(g) else {
                return self.error_at(foff, "expected function name in uselistorder_bb");
            };
            let Some(body) = f.body.as_ref() else {
                return self.error_at(foff, "invalid declaration in uselistorder_bb");
            };
            let loff = token_offset(d.label);
            let lname = self.name_of(d.label);
            if d.label.kind == Tok::Local
                && !d.label.quoted
                && lname.bytes().all(|b| b.is_ascii_digit())
            {
                return self.error_at(loff, "invalid numeric label in uselistorder_bb");
            }
            if d.label.kind != Tok::Local {
                return self.error_at(loff, "expected basic block name in uselistorder_bb");
            }
            let block = body
                .blocks
                .iter()
                .find(|(_, b)| b.name.as_str() == Some(&*lname))
                .map(|(b, _)| b);
            let Some(b) = block else {
                let is_value = f.params.iter().any(|p| p.name.as_str() == Some(&*lname))
                    || body
                        .inst_names
                        .iter()
                        .any(|(_, n)| n.as_str() == Some(&*lname));
                let msg = if is_value {
                    "expected basic block in uselistorder_bb"
                } else {
                    "invalid basic block in uselistorder_bb"
                };
                return self.error_at(loff, msg);
            };
            // Branches, and each `blockaddress` constant of the block.
            let fc = self
                .m
                .consts
                .iter()
                .find_map(|(k, _)| (self.m.consts.as_global(k) == Some(g)).then_some(k));
            let addresses = self
                .m
                .consts
                .iter()
                .filter(|(_, c)| {
                    matches!(c, crate::constant::ConstData::BlockAddress { func, block, .. }
                        if Some(*func) == fc && **block == *lname)
                })
                .count();
            let uses = super::body::value_uses(body, Value::Block(b)) + addresses;
            self.check_use_count(uses, d.indexes, d.at)?;
        }
        Ok(())
    }

    /// Whether constant `c` is one of LLVM's `ConstantData`, which have no use lists: a
    /// number, `null`, `none`, `undef`, `poison`, `zeroinitializer`, a string, and arrays,
    /// vectors and splats that LLVM holds as numbers (elements of 8 to 64 bits or half to
    /// double) or folds to one of the others.
    fn is_constant_data(&self, c: crate::constant::Const) -> bool {
        use crate::constant::ConstData as D;
        let consts = &self.m.consts;
        let scalar = |k: crate::constant::Const| match consts.get(k) {
            D::Int { ty, .. } => {
                matches!(
                    self.m.types.get(*ty),
                    crate::types::TypeData::Int(8 | 16 | 32 | 64)
                )
            }
            D::Float { ty, .. } => !matches!(
                self.m.types.get(*ty),
                crate::types::TypeData::Float(
                    crate::types::FloatKind::X86Fp80
                        | crate::types::FloatKind::Fp128
                        | crate::types::FloatKind::PpcFp128
                )
            ),
            _ => false,
        };
        let same = |elems: &[crate::constant::Const], f: &dyn Fn(&D) -> bool| {
            !elems.is_empty() && elems.iter().all(|&k| f(consts.get(k)))
        };
        let folded = |elems: &[crate::constant::Const]| {
            same(elems, &|d| matches!(d, D::Null(_) | D::Zero(_)))
                || same(elems, &|d| matches!(d, D::Undef(_)))
                || same(elems, &|d| matches!(d, D::Poison(_)))
        };
        match consts.get(c) {
            D::Int { .. }
            | D::Float { .. }
            | D::Null(_)
            | D::None(_)
            | D::Undef(_)
            | D::Poison(_)
            | D::Zero(_)
            | D::Bytes { .. } => true,
            D::Splat { elem, .. } => matches!(consts.get(*elem), D::Int { .. } | D::Float { .. }),
            D::Array { elems, .. } | D::Vector { elems, .. } => {
                elems.iter().all(|&k| scalar(k)) || folded(elems)
            }
            D::Struct { elems, .. } => folded(elems),
            _ => false,
        }
    }

    /// `blockaddress(@f, %bb)`: `@f` a function with a body, `%bb` one of its blocks other
    /// than the entry (LLParser's rules, and the verifier's for the entry). A body kept as text
    /// is not looked into, and a numbered block (`%3`) is taken on trust; an undefined `@f`
    /// is reported as such later.
    fn check_block_addresses(&self) -> PResult<()> {
        for &(c, func_at, block_at) in &self.block_addresses {
            let crate::constant::ConstData::BlockAddress { func, block, .. } = self.m.consts.get(c)
            else {
                continue;
            };
            let Some(g) = self.m.consts.as_global(*func) else {
                continue;
            };
            if self.pending_globals.contains_key(&g) {
                continue;
            }
            let Some(f) = self.m.function(g) else {
                return self.error_at(func_at, "expected function name in blockaddress");
            };
            let Some(body) = f.body.as_ref() else {
                return self.error_at(func_at, "cannot take blockaddress inside a declaration");
            };
            if body.is_lazy() || block.bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            let at =
                (body.layout.iter()).position(|&b| body.blocks[b].name.as_str() == Some(&**block));
            match at {
                None => return self.error_at(block_at, "referenced value is not a basic block"),
                Some(0) => {
                    return self.error_at(
                        block_at,
                        "blockaddress may not be used with the entry block!",
                    )
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// `!N` references inside metadata definitions (kept as text, so not resolved while
    /// reading) must name a defined node too: a scan of their text, strings skipped, against
    /// a bit set of the defined ids, on all cores. Only a finding looks for its place in the
    /// source, the definition's line.
    fn check_node_references(&self) -> PResult<()> {
        use rayon::prelude::*;
        // From the nodes in text order rather than the set of ids: the same ids, but read
        // and written in order (a debug build defines hundreds of thousands).
        let ids = || self.m.md_nodes.iter().map(|n| n.id);
        let max = ids().max().map_or(0, |m| m as usize + 1);
        let mut defined = vec![0u64; max.div_ceil(64)];
        for id in ids() {
            defined[id as usize / 64] |= 1 << (id % 64);
        }
        let is_defined =
            |id: u64| (id as usize) < max && defined[id as usize / 64] & (1 << (id % 64)) != 0;
        // Definitions read from their bytes noted the nodes they reference as they went
        // ([`Parser::plain_def`]): when all of those are defined, only the other
        // definitions' text is searched; else all of it, for the first in text order.
        let all_noted_defined = (self.md_referenced.iter().enumerate())
            .all(|(w, &bits)| bits & !defined.get(w).copied().unwrap_or(0) == 0);
        let md_noted = &self.md_noted;
        let skip = |k: usize| all_noted_defined && md_noted.get(k).copied().unwrap_or(false);
        let nodes = (self.m.md_nodes.par_iter().enumerate())
            .filter(|&(k, _)| !skip(k))
            .map(|(_, n)| (Some(n.id), &*n.text));
        let named = self.m.named_md.par_iter().map(|n| (None, &*n.text));
        let found = nodes
            .chain(named)
            .filter_map(|(id, text)| {
                let at = first_undefined_reference(text.as_bytes(), &is_defined)?;
                Some((id, text, at))
            })
            .find_first(|_| true);
        let Some((id, text, (at, undefined))) = found else {
            return Ok(());
        };
        // The definition's text in the source: after `!N = ` for a node, else anywhere.
        let src = self.src;
        let start = match id {
            Some(id) => memchr::memmem::find(src, format!("!{id} =").as_bytes()).unwrap_or(0),
            None => 0,
        };
        let off = memchr::memmem::find(&src[start..], text.as_bytes()).map_or(0, |k| start + k);
        self.error_at(
            (off + at) as u32,
            format!("use of undefined metadata '!{undefined}'"),
        )
    }

    fn finish_module(&mut self) -> PResult<()> {
        self.m.globals.shrink_to_fit();
        if self.guard.order_has_uses {
            let mut seen = vec![false; self.m.globals.len()];
            let mut order: Vec<GlobalId> = (self.m.order.iter().rev())
                .filter(|g| !std::mem::replace(&mut seen[g.index()], true))
                .copied()
                .collect();
            order.reverse();
            self.m.order = order;
        }
        // `!N` references outside metadata nodes must name a defined node (references inside
        // a node's text are not parsed, so not checked).
        if let Some((&id, &off)) = self
            .md_first_use
            .iter()
            .filter(|(&id, _)| !self.guard.md_ids.contains(id))
            .min_by_key(|(_, &o)| o)
        {
            return self.error_at(off, format!("use of undefined metadata '!{id}'"));
        }
        self.check_node_references()?;
        self.check_module_uselists()?;
        if let Some((off, name)) = self
            .comdat_uses
            .iter()
            .find(|(_, n)| !self.comdat_names.contains(n))
        {
            return self.error_at(*off, format!("use of undefined comdat '${name}'"));
        }
        // One debug-info format per module: whichever came second is refused where it first
        // appears, as LLParser refuses it while reading in order.
        if let (Some(rec), Some(call)) = (self.dbg_record_at, self.dbg_call_at) {
            return if rec < call {
                self.error_at(
                    call,
                    "llvm.dbg intrinsic should not appear in a module using non-intrinsic debug info",
                )
            } else {
                self.error_at(
                    rec,
                    "debug record should not appear in a module containing debug info intrinsics",
                )
            };
        }
        self.check_lazy()?;
        self.check_block_addresses()?;
        self.declare_called_intrinsics()?;
        // Bodies kept as text follow the upgrade of old lifetime calls, and only that one
        // (`Parser::upgrade_lazy_lifetimes`): another makes it an error, and every body is
        // read.
        self.upgrade_intrinsics()?;
        // Before numbered names are dropped, so that the message can show them.
        if let Some((&g, &off)) = self.pending_globals.iter().min_by_key(|(_, &o)| o) {
            let name = self.m.global_name(g);
            let name = super::shown_name(&name);
            let at = self.global_sigil(off);
            return self.error_at(at, format!("use of undefined value '@{name}'"));
        }
        // `@0`-style names are LLVM's numbered (unnamed) globals; the writer renumbers them.
        // Globals named with digits only (`@"0"`) take their names as written once no
        // numbered global is keyed by the same digits. Each leaves the name map on its own:
        // rebuilding the map hashed every name again.
        let (mut numbered, mut digit_named) = (Vec::new(), Vec::new());
        for (id, g) in self.m.globals.iter() {
            match &g.common().name {
                Name::Named(n) if n.bytes().all(|b| b.is_ascii_digit()) => numbered.push(id),
                Name::Named(n) if n.starts_with(super::DIGIT_NAME) => digit_named.push(id),
                _ => {}
            }
        }
        for g in numbered {
            self.m.rename_global(g, Name::Unnamed);
        }
        for g in digit_named {
            let name = self.m.global_name(g);
            let name = super::shown_name(&name).into();
            self.m.rename_global(g, Name::Named(name));
        }
        // Identified structs used but never defined are opaque; that is LLVM's rule too, except
        // LLVM requires a definition. Insist on one, like LLVM.
        // (`named_structs` lists only defined structs, so look at the ones used.)
        let undefined = (self.type_first_use.iter())
            .filter(|(t, _)| !self.defined_types.contains(t))
            .min_by_key(|(_, &off)| off);
        if let Some((&t, &off)) = undefined {
            let name = self.m.types.struct_name(t).unwrap_or("").to_string();
            return self.error_at(off, format!("use of undefined type named '%{name}'"));
        }
        if let Some((t, msg)) = struct_nesting_error(&self.m.types, &self.guard.type_defs) {
            let off = self.guard.type_defs.get(&t).copied().unwrap_or(0);
            return self.error_at(off, msg);
        }
        Ok(())
    }

    fn top_word(&mut self) -> PResult<()> {
        let w = self.cur_text();
        match w {
            "source_filename" => {
                self.bump();
                self.expect(Tok::Equal, "'='")?;
                let t = self.expect(Tok::Str, "a string")?;
                self.m.source_filename = Some(self.string_bytes(t));
            }
            "target" => {
                self.bump();
                if self.eat_word("datalayout") {
                    self.expect(Tok::Equal, "'='")?;
                    let at = token_offset(self.tok);
                    let dl = self.expect_string()?;
                    if let Err(msg) = crate::datalayout::check(&dl) {
                        return self.error_at(at, msg);
                    }
                    self.m.datalayout = Some(dl);
                    self.program_as = self.m.program_addrspace();
                } else if self.eat_word("triple") {
                    self.expect(Tok::Equal, "'='")?;
                    self.m.triple = Some(self.expect_string()?);
                } else {
                    return self.err("expected 'datalayout' or 'triple' after 'target'");
                }
            }
            "module" => {
                self.bump();
                self.expect_word("asm")?;
                let t = self.expect(Tok::Str, "a string")?;
                self.m.module_asm.push(self.string_bytes(t));
            }
            "define" | "declare" => self.function()?,
            "attributes" => self.attr_group()?,
            // Use-list order directives only matter to bitcode round trips (and are not
            // printed back, as opt -S does not print them), but are checked as LLVM checks
            // them: their indexes here, their values once the module is read.
            "uselistorder" => {
                let at = token_offset(self.tok);
                self.bump();
                let (_, v) = self.typed_value()?;
                self.expect(Tok::Comma, "comma in uselistorder directive")?;
                let order = self.uselist_indexes()?;
                self.module_uselists.push((at, v, order.len()));
            }
            "uselistorder_bb" => {
                let at = token_offset(self.tok);
                self.bump();
                let func = self.bump();
                self.expect(Tok::Comma, "comma in uselistorder_bb directive")?;
                let label = self.bump();
                self.expect(Tok::Comma, "comma in uselistorder_bb directive")?;
                let indexes = self.uselist_indexes()?.len();
                self.bb_uselists.push(super::BbUseList {
                    at,
                    func,
                    label,
                    indexes,
                });
            }
            "deplibs" => return self.err("'deplibs' is no longer supported"),
            _ => {
                return self.err(format!(
                    "expected a top-level entity, found {}",
                    self.describe()
                ))
            }
        }
        Ok(())
    }

    fn comdat_def(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = self.name_of(t);
        self.expect(Tok::Equal, "'='")?;
        self.expect_word("comdat")?;
        let k = self.expect(Tok::Word, "a comdat selection kind")?;
        let kind = self.text(k);
        if !self.comdat_names.insert(name.clone()) {
            return self.error_at(token_offset(t), format!("redefinition of comdat '${name}'"));
        }
        if !matches!(
            kind,
            "any" | "exactmatch" | "largest" | "nodeduplicate" | "noduplicates" | "samesize"
        ) {
            return self.error_at(
                token_offset(k),
                format!("unknown comdat selection kind '{kind}'"),
            );
        }
        self.m.comdats.push(Comdat {
            name,
            kind: kind.into(),
        });
        Ok(())
    }

    /// The sigil of the global name noted at `at` (its first character, or its sigil): LLVM's
    /// messages about a global point there, past neither the `@` nor an opening quote.
    fn global_sigil(&self, at: u32) -> u32 {
        let before = |k: u32| at.checked_sub(k).and_then(|o| self.src.get(o as usize));
        match (before(1), before(2)) {
            (Some(b'@'), _) => at - 1,
            (Some(b'"'), Some(b'@')) => at - 2,
            _ => at,
        }
    }

    /// Get or reserve the global named by token `t`, used as a pointer in address space
    /// `addrspace` ([`UNKNOWN_AS`] if the use does not say).
    pub(super) fn global_ref(&mut self, t: Token, addrspace: u32) -> GlobalId {
        self.saw_global = true;
        let name = self.name_str(t);
        if let Some(g) = self.m.global_by_name(&name) {
            return g;
        }
        self.placeholder_global(name.into(), t.start, addrspace)
    }

    /// LLParser's check of a definition against the forward reference `placeholder` it
    /// replaces: both must be pointers in one address space. `ty_at` is where a variable's or
    /// alias's value type is written (`None` for a function, refused at the reference).
    fn check_forward_type(
        &self,
        placeholder: GlobalId,
        kind: &GlobalKind,
        ty_at: Option<u32>,
    ) -> PResult<()> {
        let used = self.m.globals[placeholder].common().addrspace;
        let defined = match kind {
            GlobalKind::Alias(a) if a.ifunc => used,
            GlobalKind::Alias(a) => {
                let t = self.m.consts.ty(a.target);
                self.m.types.pointer_addrspace(t).unwrap_or(used)
            }
            GlobalKind::Function(f) => f.common.addrspace,
            GlobalKind::Var(v) => v.common.addrspace,
        };
        if used == UNKNOWN_AS || used == defined {
            return Ok(());
        }
        let ptr = |a: u32| match a {
            0 => "ptr".to_string(),
            a => format!("ptr addrspace({a})"),
        };
        match (kind, ty_at) {
            (GlobalKind::Function(f), _) => {
                let at = self.pending_globals.get(&placeholder).copied().unwrap_or(0);
                let at = self.global_sigil(at);
                self.error_at(
                    at,
                    format!(
                        "invalid forward reference to function '{}' with wrong type: expected '{}' but was '{}'",
                        super::shown_name(f.common.name.as_str().unwrap_or_default()),
                        ptr(defined),
                        ptr(used)
                    ),
                )
            }
            (GlobalKind::Alias(_), Some(at)) => self.error_at(
                at,
                "forward reference and definition of alias have different types",
            ),
            (_, at) => self.error_at(
                at.unwrap_or(0),
                "forward reference and definition of global have different types",
            ),
        }
    }

    /// Reserve a handle for global `name`, first used at `offset` and not defined yet, as a
    /// pointer in address space `addrspace` ([`UNKNOWN_AS`] where the use names no type): the
    /// definition must agree ([`Parser::check_forward_type`]).
    pub(super) fn placeholder_global(
        &mut self,
        name: Box<str>,
        offset: u32,
        addrspace: u32,
    ) -> GlobalId {
        let placeholder = GlobalKind::Var(Box::new(GlobalVar {
            common: GlobalCommon {
                name: Name::Named(name),
                addrspace,
                ..Default::default()
            },
            value_ty: self.m.types.int(8),
            constant: false,
            externally_initialized: false,
            init: None,
            align: None,
            extra: Vec::new(),
            md: Vec::new(),
            attrs: AttrSet::default(),
            lazy_init: None,
        }));
        let g = self.m.add_global(placeholder);
        self.pending_globals.insert(g, offset);
        g
    }

    /// Linkage and the other prefix keywords shared by globals and functions.
    fn global_prefix(&mut self, c: &mut GlobalCommon) -> PResult<()> {
        let start = self.tok.start;
        self.global_prefix_words(c)?;
        if c.linkage.is_local() && c.visibility != Visibility::Default {
            return self.error_at(
                start,
                "symbol with local linkage must have default visibility",
            );
        }
        if c.linkage.is_local() && c.dll != DllStorage::Default {
            return self.error_at(
                start,
                "symbol with local linkage cannot have a DLL storage class",
            );
        }
        if c.dso_local && c.dll == DllStorage::Import {
            return self.err("dso_location and DLL-StorageClass mismatch");
        }
        Ok(())
    }

    fn global_prefix_words(&mut self, c: &mut GlobalCommon) -> PResult<()> {
        loop {
            if self.tok.kind != Tok::Word {
                return Ok(());
            }
            let w = self.cur_text();
            if let Some((l, _)) = Linkage::ALL.iter().find(|(_, k)| *k == w) {
                c.linkage = *l;
                if w == "external" {
                    self.external_written = true;
                }
            } else {
                match w {
                    "dso_local" => c.dso_local = true,
                    "dso_preemptable" => c.dso_local = false,
                    "default" => c.visibility = Visibility::Default,
                    "hidden" => c.visibility = Visibility::Hidden,
                    "protected" => c.visibility = Visibility::Protected,
                    "dllimport" => c.dll = DllStorage::Import,
                    "dllexport" => c.dll = DllStorage::Export,
                    "unnamed_addr" => c.unnamed_addr = UnnamedAddr::Global,
                    "local_unnamed_addr" => c.unnamed_addr = UnnamedAddr::Local,
                    "thread_local" => {
                        self.bump();
                        if self.tok.kind == Tok::LParen {
                            self.bump();
                            let m = self.expect(Tok::Word, "a TLS model")?;
                            c.thread_local = Some(self.text(m).into());
                            self.expect(Tok::RParen, "')'")?;
                        } else {
                            c.thread_local = Some("".into());
                        }
                        continue;
                    }
                    "addrspace" => {
                        c.addrspace = self.opt_addrspace()?;
                        continue;
                    }
                    _ => return Ok(()),
                }
            }
            self.bump();
        }
    }

    fn global_def(&mut self) -> PResult<()> {
        let nt = self.bump();
        let name = self.global_def_name(nt);
        self.expect(Tok::Equal, "'='")?;
        self.global_body(Name::Named(name), nt.start)
    }

    /// The name a global definition takes: as written, or, for a number (`@5`) or the empty
    /// name (`@""`, unnamed as in LLVM), the next number: numbers may skip ahead, and an
    /// unnamed global takes the one after the last.
    fn global_def_name(&mut self, nt: Token) -> Box<str> {
        let name = self.name_of(nt);
        if name.is_empty() {
            let n = self.next_global_num;
            self.next_global_num = n.wrapping_add(1);
            return n.to_string().into();
        }
        if !nt.quoted && name.bytes().all(|b| b.is_ascii_digit()) {
            self.next_global_num = name.parse::<u32>().unwrap_or(0).wrapping_add(1);
        }
        name
    }

    fn global_body(&mut self, name: Name, name_off: u32) -> PResult<()> {
        let mut common = GlobalCommon {
            name,
            ..Default::default()
        };
        self.global_prefix(&mut common)?;
        let externally_initialized = self.eat_word("externally_initialized");
        let ty_at;
        let kind = if self.eat_word("alias") || self.is_word("ifunc") {
            let ifunc = self.eat_word("ifunc");
            ty_at = token_offset(self.tok);
            let value_ty = self.parse_type()?;
            self.expect(Tok::Comma, "','")?;
            let target = if self.tok.kind == Tok::Word
                && matches!(
                    self.cur_text(),
                    "bitcast" | "getelementptr" | "addrspacecast" | "inttoptr"
                ) {
                let t = self.tok;
                match self.const_expr(None, t)? {
                    Value::Const(c) => c,
                    _ => return self.error_at(token_offset(t), "expected a constant aliasee"),
                }
            } else {
                let aty = self.parse_type()?;
                self.parse_const(aty)?
            };
            let mut md = Vec::new();
            while self.eat(Tok::Comma) {
                if self.eat_word("partition") {
                    common.partition = Some(self.expect_string()?);
                } else if self.tok.kind == Tok::MetaName {
                    md.push(self.md_attachment()?);
                } else {
                    return self.err(format!("unexpected {} after alias", self.describe()));
                }
            }
            GlobalKind::Alias(Box::new(Alias {
                common,
                value_ty,
                target,
                ifunc,
                md,
            }))
        } else {
            let constant = if self.eat_word("constant") {
                true
            } else if self.eat_word("global") {
                false
            } else {
                return self.err(format!(
                    "expected 'global', 'constant', 'alias' or 'ifunc', found {}",
                    self.describe()
                ));
            };
            ty_at = token_offset(self.tok);
            let value_ty = self.parse_type()?;
            let is_decl =
                matches!(common.linkage, Linkage::ExternWeak) || self.last_was_external(&common);
            let mut lazy_init = None;
            let init = if is_decl {
                None
            } else if let Some(text) = self.lazy_initializer(&common.name) {
                lazy_init = Some(Box::new(text));
                Some(
                    self.m
                        .consts
                        .intern(crate::constant::ConstData::Zero(value_ty)),
                )
            } else {
                Some(self.parse_const(value_ty)?)
            };
            // After the initializer, as LLParser checks it.
            if !self.m.types.may_be_in_memory(value_ty) {
                return self.error_at(ty_at, "invalid type for global variable");
            }
            let mut gv = GlobalVar {
                common,
                value_ty,
                constant,
                externally_initialized,
                init,
                align: None,
                extra: Vec::new(),
                md: Vec::new(),
                attrs: AttrSet::default(),
                lazy_init,
            };
            while self.eat(Tok::Comma) {
                if self.eat_word("section") {
                    gv.common.section = Some(self.expect_string()?);
                } else if self.eat_word("partition") {
                    gv.common.partition = Some(self.expect_string()?);
                } else if self.is_word("comdat") {
                    gv.common.comdat = Some(self.comdat_ref(&gv.common.name)?);
                } else if self.eat_word("align") {
                    gv.align = Some(self.parse_align()?);
                } else if self.is_word("code_model") {
                    let s = self.tok.start;
                    self.bump();
                    self.expect(Tok::Str, "a string")?;
                    gv.extra
                        .push(self.raw_text(s as usize, self.prev_end() as usize).into());
                } else if self.tok.kind == Tok::Word
                    && matches!(
                        self.cur_text(),
                        "no_sanitize_address"
                            | "no_sanitize_hwaddress"
                            | "sanitize_address_dyninit"
                            | "sanitize_memtag"
                    )
                {
                    let t = self.bump();
                    gv.extra.push(self.text(t).into());
                } else if self.tok.kind == Tok::MetaName {
                    gv.md.push(self.md_attachment()?);
                } else {
                    return self.err(format!("unexpected {} in global variable", self.describe()));
                }
            }
            // Attribute groups, string attributes (`"key" = "value"`) and, as LLVM reads a
            // variable's attributes like a function's, keyword ones (`align 4` among them:
            // LLVM keeps it as an attribute, `align=4` in a group, not as the alignment).
            loop {
                let read = match self.tok.kind {
                    Tok::AttrGroup | Tok::Str => self.attr(&mut gv.attrs, AttrPos::Other)?,
                    // `align N` as a parameter's, the only place our reader takes it.
                    Tok::Word if self.cur_text() == "align" => {
                        self.attr(&mut gv.attrs, AttrPos::Param)?
                    }
                    Tok::Word => self.attr(&mut gv.attrs, AttrPos::Function)?,
                    _ => false,
                };
                if !read {
                    break;
                }
            }
            GlobalKind::Var(Box::new(gv))
        };
        let kept = matches!(&kind, GlobalKind::Var(v) if v.lazy_init.is_some());
        let g = self.define_global(kind, name_off, Some(ty_at))?;
        if kept {
            self.lazy_bodies.push(g);
        }
        Ok(())
    }

    fn last_was_external(&self, c: &GlobalCommon) -> bool {
        // `external global T` has no initializer; `external` is the default linkage, so we
        // have to look at the text: was the keyword written?
        c.linkage == Linkage::External && self.external_written
    }

    /// Define a global read at `name_off` (`ty_at`: where its value type is written, for a
    /// variable or alias), filling the placeholder of a forward reference if there is one.
    fn define_global(
        &mut self,
        kind: GlobalKind,
        name_off: u32,
        ty_at: Option<u32>,
    ) -> PResult<GlobalId> {
        self.external_written = false;
        let found = match &kind.common().name {
            Name::Named(n) => Some(self.m.global_or_hash(&n[..])),
            _ => None,
        };
        if let Some(Ok(g)) = found {
            if !self.pending_globals.contains_key(&g) {
                let n = kind.common().name.as_str().unwrap_or_default();
                let n = super::shown_name(n);
                let at = self.global_sigil(name_off);
                return self.error_at(at, format!("redefinition of global '@{n}'"));
            }
            self.check_forward_type(g, &kind, ty_at)?;
            self.pending_globals.remove(&g);
            self.m.globals[g].kind = kind;
            // Keep LLVM's order: a global is placed where it is defined, not first used.
            // Its place from the first use goes in `finish_module` (all at once: removing
            // each here would be quadratic in the number of globals).
            self.m.order.push(g);
            self.guard.order_has_uses = true;
            self.m.set_def_offset(g, name_off);
            return Ok(g);
        }
        let hash = found.and_then(Result::err);
        let g = match hash {
            Some(h) => self.m.add_named_global(kind, h),
            None => self.m.add_global(kind),
        };
        self.m.set_def_offset(g, name_off);
        Ok(g)
    }

    /// `comdat` or `comdat($name)` of the global named `owner`; the comdat must be defined
    /// by the end of the module (checked then, for those not defined yet: LLVM prints them
    /// first), and an unnamed global has no implicit one.
    fn comdat_ref(&mut self, owner: &Name) -> PResult<Box<str>> {
        let kw = token_offset(self.tok);
        self.expect_word("comdat")?;
        if self.eat(Tok::LParen) {
            let t = self.expect(Tok::Comdat, "'$name'")?;
            self.expect(Tok::RParen, "')'")?;
            let name = self.name_of(t);
            if !self.comdat_names.contains(&name) {
                self.comdat_uses.push((token_offset(t), name.clone()));
            }
            Ok(name)
        } else {
            match owner.as_str() {
                Some(n) if !n.bytes().all(|b| b.is_ascii_digit()) => {
                    let n = super::shown_name(n);
                    if !self.comdat_names.contains(n) {
                        self.comdat_uses.push((kw, n.into()));
                    }
                }
                _ => return self.error_at(kw, "comdat cannot be unnamed"),
            }
            Ok("".into())
        }
    }

    pub(super) fn function(&mut self) -> PResult<()> {
        let is_define = self.cur_text() == "define";
        self.bump();
        // A declaration's metadata attachments come first (`declare !dbg !7 i32 @f()`); after
        // its header, a `!name` starts the next top-level entity (named metadata).
        let mut md = Vec::new();
        while !is_define && self.tok.kind == Tok::MetaName {
            md.push(self.md_attachment()?);
        }
        let mut common = GlobalCommon::default();
        self.global_prefix(&mut common)?;
        let cc = self.calling_conv()?;
        let mut attrs = AttrList::default();
        self.attrs_into(&mut attrs.ret, AttrPos::Return)?;
        let ret = self.parse_result_type()?;
        let nt = self.expect(Tok::Global, "a function name")?;
        let name = self.global_def_name(nt);
        common.name = Name::Named(name);
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
                let mut pa = AttrSet::default();
                self.attrs_into(&mut pa, AttrPos::Param)?;
                let name = if self.tok.kind == Tok::Local {
                    let t = self.bump();
                    Name::Named(self.name_of(t))
                } else {
                    Name::Unnamed
                };
                self.check_argument_type(at, ty)?;
                params.push(Param { ty, name });
                attrs.params.push(pa);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')'")?;
            // They live as long as the function: no room to grow (a module may hold millions).
            params.shrink_to_fit();
            attrs.params.shrink_to_fit();
        }
        // The verifier's rule, checked where the header is read.
        let intrinsic = common.name.as_str().is_some_and(|n| n.starts_with("llvm."));
        if intrinsic && is_define {
            return self.error_at(token_offset(nt), "llvm intrinsics cannot be defined!");
        }
        if !intrinsic && attrs.params.iter().any(|p| p.has("immarg")) {
            return self.error_at(
                token_offset(nt),
                "immarg attribute only applies to intrinsics",
            );
        }
        let fn_ty = self.m.types.intern(TypeData::Func {
            ret,
            params: params.iter().map(|p| p.ty).collect(),
            varargs,
        });
        let mut f = Function {
            cc,
            md,
            ..Function::declaration(common, fn_ty, params, attrs)
        };
        // Unless the header says otherwise, a function lives in the program address space.
        f.common.addrspace = self.program_as;
        loop {
            match self.tok.kind {
                Tok::Word => match self.cur_text() {
                    "unnamed_addr" => {
                        self.bump();
                        f.common.unnamed_addr = UnnamedAddr::Global;
                    }
                    "local_unnamed_addr" => {
                        self.bump();
                        f.common.unnamed_addr = UnnamedAddr::Local;
                    }
                    "addrspace" => f.common.addrspace = self.opt_addrspace()?,
                    "section" => {
                        self.bump();
                        f.common.section = Some(self.expect_string()?);
                    }
                    "partition" => {
                        self.bump();
                        f.common.partition = Some(self.expect_string()?);
                    }
                    "comdat" => f.common.comdat = Some(self.comdat_ref(&f.common.name)?),
                    "align" if self.peek_is_int() => {
                        self.bump();
                        f.align = Some(self.parse_align()?);
                    }
                    "gc" => {
                        self.bump();
                        f.gc = Some(self.expect_string()?);
                    }
                    "prefix" => {
                        self.bump();
                        f.prefix = Some(self.typed_const()?);
                    }
                    "prologue" => {
                        self.bump();
                        f.prologue = Some(self.typed_const()?);
                    }
                    "personality" => {
                        self.bump();
                        f.personality = Some(self.typed_const()?);
                    }
                    _ => {
                        if !self.attr(&mut f.attrs.func, AttrPos::Function)? {
                            break;
                        }
                    }
                },
                Tok::AttrGroup | Tok::Str => {
                    self.attr(&mut f.attrs.func, AttrPos::Function)?;
                }
                Tok::MetaName if is_define => f.md.push(self.md_attachment()?),
                _ => break,
            }
        }
        if is_define {
            self.await_plan()?;
            if self.tok.kind != Tok::LBrace {
                return self.err(format!(
                    "expected '{{' to start the function body, found {}",
                    self.describe()
                ));
            }
            // Also for a body left to a worker (which names the parameters again): a repeated
            // parameter name is reported here, at its place among the top-level errors.
            let varargs = self.m.types.func_parts(f.fn_ty).is_some_and(|(_, _, v)| v);
            self.begin_body(&f.params, varargs)?;
            // After a summary entry, labels read otherwise ([`Parser::colon_ignored`]): the
            // body is read here, in text order.
            let lazy = if self.colon_ignored {
                None
            } else {
                self.lazy_body()
            };
            let kept = lazy.is_some();
            let deferred = match lazy {
                Some(lazy) => {
                    f.body = Some(Box::new(Body::lazy(lazy)));
                    None
                }
                None if self.colon_ignored => None,
                None => self
                    .deferrable_body()
                    .map(|end| (end, f.params.clone(), varargs)),
            };
            if !kept && deferred.is_none() {
                self.body = Body::with_capacity(self.body_lines_estimate());
                self.function_body()?;
                // The capacity was estimated from the text; give back what was not used.
                self.body.shrink_to_fit();
                f.body = Some(Box::new(std::mem::take(&mut self.body)));
            }
            let hint = (!kept && deferred.is_none()).then(|| self.take_global_insts());
            // Numbered parameters are printed by the writer; forget their text names.
            for p in &mut f.params {
                if matches!(&p.name, Name::Named(n) if n.bytes().all(|b| b.is_ascii_digit())) {
                    p.name = Name::Unnamed;
                }
            }
            let g = self.define_global(GlobalKind::Function(Box::new(f)), nt.start, None)?;
            if let Some(i) = self.plan_at.take() {
                self.plan_funcs.insert(i as u32, g);
            }
            if let Some(hint) = hint {
                self.hints.set(g, hint);
            }
            if kept {
                self.lazy_bodies.push(g);
            }
            if let Some((end, params, varargs)) = deferred {
                self.defer_body(g, params, varargs, end);
            }
            return Ok(());
        }
        self.define_global(GlobalKind::Function(Box::new(f)), nt.start, None)?;
        Ok(())
    }

    /// Skip a module summary entry (`^N = gv: (...)`, as `llvm-dis` writes ThinLTO and LTO
    /// bitcode's index): the summary describes the module for the thin link and is not part
    /// of the IR. opt-22 reads it and prints a module without it, and so do we. Without an
    /// index to fill, LLParser skips an entry of the kinds it names (LLVM 22 does not name
    /// `typeidCompatibleVTable`, which it writes) to its balanced `)`, and reads the numbers
    /// of `flags` and `blockcount`; so does this.
    fn summary_entry(&mut self) -> PResult<()> {
        let caret = self.tok.start as usize;
        let digits = self.src[caret + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return self.err("expected top-level entity");
        }
        self.colon_ignored = true;
        self.md_serial = true;
        self.seek((caret + 1 + digits) as u32);
        self.expect_msg(Tok::Equal, "expected '=' here")?;
        // `gv:` lexes as a label here, `gv :` as a word and a colon; LLVM lexes both as the
        // keyword and a colon, as colons are ignored in names from here on.
        let kind = self.tok;
        let word = match kind.kind {
            Tok::Label if !kind.quoted => self.text(kind),
            Tok::Word => self.cur_text(),
            _ => "",
        };
        if !matches!(word, "gv" | "module" | "typeid" | "flags" | "blockcount") {
            return self.err(
                "Expected 'gv', 'module', 'typeid', 'flags' or 'blockcount' at the start of summary entry",
            );
        }
        let count = matches!(word, "flags" | "blockcount");
        self.bump();
        if kind.kind == Tok::Word {
            let msg = if count {
                "expected ':' here"
            } else {
                "expected ':' at start of summary entry"
            };
            self.expect_msg(Tok::Colon, msg)?;
        }
        if count {
            // An unsigned integer (LLVM's `parseUInt64`: a negative one is not).
            let unsigned = self.tok.kind == Tok::Int
                && !matches!(self.src[self.tok.start as usize], b'-' | b's');
            if !unsigned {
                return self.err("expected integer");
            }
            self.bump();
            return Ok(());
        }
        if self.tok.kind != Tok::LParen {
            return self.err("expected '(' at start of summary entry");
        }
        self.lex.pos = self.tok.start as usize + 1;
        if self.lex.balanced_parens().is_none() {
            self.seek(self.src.len() as u32);
            return self.err("found end of file while parsing summary entry");
        }
        self.tok = self.lex.next_token();
        Ok(())
    }

    fn peek_is_int(&self) -> bool {
        let mut l = Lexer {
            src: self.src,
            pos: self.lex.pos,
        };
        l.next_token().kind == Tok::Int
    }

    pub(super) fn calling_conv(&mut self) -> PResult<CallConv> {
        if self.tok.kind != Tok::Word {
            return Ok(CallConv(None));
        }
        let w = self.cur_text();
        if w == "cc" {
            self.bump();
            let n = self.parse_u32()?;
            return Ok(CallConv(Some(format!("cc {n}").into())));
        }
        // `cc42` in one word, as LLVM prints a convention it has no keyword for.
        if let Some(n) = (w.strip_prefix("cc"))
            .filter(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()))
            .and_then(|d| d.parse::<u32>().ok())
        {
            self.bump();
            return Ok(CallConv(Some(format!("cc {n}").into())));
        }
        if CallConv::KEYWORDS.contains(&w) {
            self.bump();
            return Ok(CallConv(if w == "ccc" { None } else { Some(w.into()) }));
        }
        Ok(CallConv(None))
    }
}

/// The first `!N` in a metadata definition's text whose `N` `is_defined` refuses: where its
/// digits start, and `N`. Quoted strings (`!"..."`, `c"..."`) and comments (a node written
/// over several lines may hold them) are skipped.
fn first_undefined_reference(
    text: &[u8],
    is_defined: &impl Fn(u64) -> bool,
) -> Option<(usize, u64)> {
    let mut i = 0;
    while let Some(k) = memchr::memchr3(b'!', b'"', b';', &text[i..]) {
        i += k;
        match text[i] {
            b'"' => {
                i += 2 + memchr::memchr(b'"', &text[i + 1..])?;
                continue;
            }
            b';' => {
                i += 1 + memchr::memchr(b'\n', &text[i..])?;
                continue;
            }
            _ => {}
        }
        let (mut digits, mut id) = (0, 0u64);
        while let Some(&d) = text.get(i + 1 + digits).filter(|d| d.is_ascii_digit()) {
            id = id.saturating_mul(10).saturating_add(u64::from(d - b'0'));
            digits += 1;
        }
        if digits > 0 && !is_defined(id) {
            return Some((i + 1, id));
        }
        i += 1 + digits;
    }
    None
}
