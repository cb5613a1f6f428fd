//! Types: printing a type (`ty`, struct bodies), and the order in which a module's
//! identified structs are defined (`type_order`, with LLVM's `TypeFinder`).

use super::Writer;
use crate::attr::{Attr, AttrSet};
use crate::constant::{Const, ConstData};
use crate::function::Body;
use crate::inst::*;
use crate::metadata::Metadata;
use crate::module::*;
use crate::types::{Type, TypeData};
use crate::value::Value;
use cranelift_entity::EntityRef;

/// LLVM's `TypeFinder`, for the identified structs only: globals (value type, initializer),
/// aliases, ifuncs, then each function (its type, type attributes, personality and prefix
/// constants, then each instruction's type, constant operands, GEP source and allocated
/// types, call-site type attributes). Types are walked depth first, each marked when first
/// pushed, as LLVM's worklist does.
struct TypeFinder<'m> {
    m: &'m Module,
    seen_ty: Vec<bool>,
    seen_const: rustc_hash::FxHashSet<Const>,
    found: Vec<Type>,
    stack: Vec<Type>,
}

impl TypeFinder<'_> {
    fn ty(&mut self, t: Type) {
        if std::mem::replace(&mut self.seen_ty[t.index()], true) {
            return;
        }
        self.stack.push(t);
        while let Some(t) = self.stack.pop() {
            let types = &self.m.types;
            let push = |s: &mut Self, sub: Type| {
                if !std::mem::replace(&mut s.seen_ty[sub.index()], true) {
                    s.stack.push(sub);
                }
            };
            match types.get(t) {
                TypeData::Named(_) => {
                    self.found.push(t);
                    if let Some(b) = types.body(t) {
                        for &e in b.elems.iter().rev() {
                            push(self, e);
                        }
                    }
                }
                TypeData::Struct { elems, .. } => {
                    for &e in elems.iter().rev() {
                        push(self, e);
                    }
                }
                TypeData::Array(_, e) | TypeData::Vector { elem: e, .. } => push(self, *e),
                TypeData::TypedPtr(p, _) => push(self, *p),
                TypeData::Func { ret, params, .. } => {
                    for &p in params.iter().rev() {
                        push(self, p);
                    }
                    push(self, *ret);
                }
                TypeData::TargetExt { types: ts, .. } => {
                    for &p in ts.iter().rev() {
                        push(self, p);
                    }
                }
                _ => {}
            }
        }
    }

    fn constant(&mut self, c: Const) {
        let consts = &self.m.consts;
        if matches!(consts.get(c), ConstData::Global { .. }) || !self.seen_const.insert(c) {
            return;
        }
        self.ty(consts.ty(c));
        match consts.get(c) {
            ConstData::Array { elems, .. }
            | ConstData::Vector { elems, .. }
            | ConstData::Struct { elems, .. } => {
                for &e in elems.iter() {
                    self.constant(e);
                }
            }
            ConstData::Splat { elem, .. } => self.constant(*elem),
            ConstData::PtrAuth { ops, .. } => {
                for &e in ops.iter() {
                    self.constant(e);
                }
            }
            ConstData::Expr(e) => {
                if let Some(s) = e.source_ty {
                    self.ty(s);
                }
                for &o in e.ops.iter() {
                    self.constant(o);
                }
            }
            _ => {}
        }
    }

    fn value(&mut self, body: &Body, v: Value) {
        match v {
            Value::Const(c) => self.constant(c),
            Value::Md(md) => self.metadata(body, &body.md_args[md]),
            _ => {}
        }
    }

    fn metadata(&mut self, body: &Body, md: &Metadata) {
        match md {
            Metadata::Value(_, v) => self.value(body, *v),
            Metadata::ArgList(items) => {
                for (_, v) in items {
                    self.value(body, *v);
                }
            }
            _ => {}
        }
    }

    /// The identified structs that metadata node `text` names (`%T`, `%"T"`, `%0`), in the
    /// order written: module-level metadata has no local values, so every `%` name outside
    /// a string is a type. Most nodes name none, and their text has no `%`.
    fn md_node_types(&mut self, text: &str) {
        if memchr::memchr(b'%', text.as_bytes()).is_none() {
            return;
        }
        let mut lex = crate::lexer::Lexer::new(text.as_bytes());
        loop {
            let t = lex.next_token();
            match t.kind {
                crate::lexer::Tok::Eof => return,
                crate::lexer::Tok::Local => {
                    let raw = &text.as_bytes()[t.start as usize..t.end as usize];
                    let name = if t.quoted {
                        crate::lexer::name_from_bytes(crate::lexer::unescape(raw))
                    } else {
                        String::from_utf8_lossy(raw).into_owned()
                    };
                    if let Some(ty) = self.m.types.lookup(&TypeData::Named(name.into())) {
                        self.ty(ty);
                    }
                }
                _ => {}
            }
        }
    }

    fn attrs(&mut self, set: &AttrSet) {
        for a in &set.attrs {
            if let Attr::Type(_, t) = a {
                self.ty(*t);
            }
        }
    }

    fn run(&mut self, total: usize) {
        let m = self.m;
        for g in m.live_globals() {
            if let GlobalKind::Var(v) = &m.globals[g].kind {
                self.ty(v.value_ty);
                if let Some(i) = v.init {
                    self.constant(i);
                }
            }
        }
        for ifunc in [false, true] {
            for g in m.live_globals() {
                if let GlobalKind::Alias(a) = &m.globals[g].kind {
                    if a.ifunc == ifunc {
                        self.ty(a.value_ty);
                        if !ifunc {
                            self.constant(a.target);
                        }
                    }
                }
            }
        }
        for g in m.live_globals() {
            if self.found.len() == total {
                return;
            }
            let GlobalKind::Function(f) = &m.globals[g].kind else {
                continue;
            };
            self.ty(f.fn_ty);
            self.attrs(&f.attrs.func);
            self.attrs(&f.attrs.ret);
            for p in &f.attrs.params {
                self.attrs(p);
            }
            for c in [f.personality, f.prefix, f.prologue].into_iter().flatten() {
                self.constant(c);
            }
            let Some(body) = &f.body else { continue };
            for &b in &body.layout {
                for &i in &body.blocks[b].insts {
                    let d = &body.insts[i];
                    self.ty(d.ty);
                    if let Some(ci) = d.call_info() {
                        let n = d.num_call_args();
                        for &v in &d.operands[..n] {
                            self.value(body, v);
                        }
                        for bu in &ci.bundles {
                            for &v in &bu.inputs {
                                self.value(body, v);
                            }
                        }
                        for &v in &d.operands[n..] {
                            self.value(body, v);
                        }
                    } else {
                        for &v in &d.operands {
                            self.value(body, v);
                        }
                    }
                    match &d.extra {
                        InstExtra::Gep { source } => self.ty(*source),
                        InstExtra::Alloca { allocated, .. } => self.ty(*allocated),
                        InstExtra::Call(ci) => {
                            self.attrs(&ci.attrs.func);
                            self.attrs(&ci.attrs.ret);
                            for p in &ci.attrs.params {
                                self.attrs(p);
                            }
                        }
                        _ => {}
                    }
                    if let Some(dbg) = &d.debug {
                        for r in dbg.records.iter() {
                            for md in &r.ops {
                                self.metadata(body, md);
                            }
                        }
                    }
                }
            }
        }
        // Bodies kept as text name types the walk cannot see: print every defined struct
        // (one nothing uses is harmless: LLVM reads it and prints the module without it).
        // (A module keeps its source text exactly when it has such bodies.)
        if m.source.is_some() {
            for &t in m.types.named_structs() {
                self.ty(t);
            }
            return;
        }
        // Then the metadata: a tuple's value operands (`!{%T undef}`) are kept in its text.
        // (The debug-info kinds take no values of struct type.)
        for n in &m.md_nodes {
            if self.found.len() == total {
                return;
            }
            let text = n.text.trim_start();
            if text.starts_with("!{") || text.starts_with("distinct !{") {
                self.md_node_types(text);
            }
        }
    }
}

impl<'m> Writer<'m> {
    pub(super) fn ty(&mut self, t: Type) {
        let composite = matches!(
            self.m.types.get(t),
            TypeData::Struct { .. }
                | TypeData::Array(..)
                | TypeData::Vector { .. }
                | TypeData::Func { .. }
                | TypeData::Named(_)
        );
        if !composite {
            return self.ty_text(t);
        }
        if let Some(&(a, b)) = self.types.at.get(&t) {
            let text = &self.types.text[a as usize..b as usize];
            self.out.extend_from_slice(text);
            return;
        }
        let from = self.out.len();
        self.ty_text(t);
        if self.out.len() - from <= super::TypeTexts::LONGEST {
            let a = self.types.text.len() as u32;
            self.types.text.extend_from_slice(&self.out[from..]);
            self.types.at.insert(t, (a, self.types.text.len() as u32));
        }
    }

    /// [`Writer::ty`] without the cache.
    fn ty_text(&mut self, t: Type) {
        match self.m.types.get(t) {
            TypeData::Void => self.s("void"),
            TypeData::Label => self.s("label"),
            TypeData::Metadata => self.s("metadata"),
            TypeData::Token => self.s("token"),
            TypeData::X86Amx => self.s("x86_amx"),
            TypeData::X86Mmx => self.s("x86_mmx"),
            TypeData::Int(n) => {
                self.s("i");
                self.num(*n);
            }
            TypeData::Byte(n) => {
                self.s("b");
                self.num(*n);
            }
            TypeData::Float(k) => self.s(k.keyword()),
            TypeData::Ptr(a) => {
                self.s("ptr");
                if *a != 0 {
                    self.s(" addrspace(");
                    self.num(*a);
                    self.s(")");
                }
            }
            TypeData::TypedPtr(p, a) => {
                self.ty(*p);
                if *a != 0 {
                    self.s(" addrspace(");
                    self.num(*a);
                    self.s(")");
                }
                self.s("*");
            }
            TypeData::Array(n, e) => {
                self.s("[");
                self.num(*n);
                self.s(" x ");
                self.ty(*e);
                self.s("]");
            }
            TypeData::Vector {
                len,
                elem,
                scalable,
            } => {
                self.s(if *scalable { "<vscale x " } else { "<" });
                self.num(*len);
                self.s(" x ");
                self.ty(*elem);
                self.s(">");
            }
            TypeData::Struct { elems, packed } => self.struct_body(elems, *packed),
            TypeData::Named(n) => self.name(b'%', n),
            TypeData::Func {
                ret,
                params,
                varargs,
            } => {
                self.ty(*ret);
                self.s(" (");
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        self.s(", ");
                    }
                    self.ty(*p);
                }
                if *varargs {
                    self.s(if params.is_empty() { "..." } else { ", ..." });
                }
                self.s(")");
            }
            TypeData::TargetExt { name, types, ints } => {
                self.s("target(");
                self.quoted_text(name);
                for t in types {
                    self.s(", ");
                    self.ty(*t);
                }
                for i in ints {
                    self.s(", ");
                    self.num(*i);
                }
                self.s(")");
            }
        }
    }

    pub(super) fn struct_body(&mut self, elems: &[Type], packed: bool) {
        if packed {
            self.s("<");
        }
        if elems.is_empty() {
            self.s("{}");
        } else {
            self.s("{ ");
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    self.s(", ");
                }
                self.ty(*e);
            }
            self.s(" }");
        }
        if packed {
            self.s(">");
        }
    }
}

/// The identified structs to print, in the order LLVM's `TypeFinder` meets them (only
/// those some global, function, instruction or constant uses; opt prints no others):
/// numbered ones (`%0`) first, then named ones.
pub(super) fn type_order(m: &Module) -> Vec<Type> {
    let total = m.types.named_structs().len();
    if total == 0 {
        return Vec::new();
    }
    let mut tf = TypeFinder {
        m,
        seen_ty: vec![false; m.types.len()],
        seen_const: rustc_hash::FxHashSet::default(),
        found: Vec::new(),
        stack: Vec::new(),
    };
    tf.run(total);
    let (mut numbered, named): (Vec<Type>, Vec<Type>) = tf.found.into_iter().partition(|&t| {
        m.types
            .struct_name(t)
            .is_some_and(|n| n.bytes().all(|c| c.is_ascii_digit()))
    });
    numbered.extend(named);
    numbered
}
