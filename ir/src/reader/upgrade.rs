//! LLVM 22's upgrades of intrinsic declarations, done once the module is read, as LLParser
//! does them at the end of a module (its `UpgradeCallsToIntrinsic` over every function, in
//! module order): the declaration of an intrinsic called without one
//! (`declare_called_intrinsics`), the renaming of overloaded intrinsics to the names their
//! types give (`remangle_decls`), and the obsolete signatures LLVM rewrites with their calls
//! ([`crate::intrinsics::Obsolete`]: `lifetime.start` with a size, `ctlz` without its `i1`,
//! the masked memory intrinsics with an alignment argument, `vector.splice` by a signed
//! offset, ...). Each upgraded declaration
//! is replaced by one appended at the end of the module, in the order of the old ones, as
//! LLVM appends them; typed-pointer IR (LLVM 14) keeps its own forms.
//!
//! Real modules (clang and rustc output) declare every intrinsic under its current name and
//! signature: only a declaration named `llvm.*` whose name or signature is not today's costs
//! more than a look at its name, and only then are the bodies walked.

use super::{PResult, Parser};
use crate::attr::{Attr, AttrList, AttrSet};
use crate::constant::{ApInt, ConstData};
use crate::function::{Function, Param};
use crate::inst::*;
use crate::intrinsics::Obsolete;
use crate::lazy::RefKind;
use crate::module::*;
use crate::types::{Type, TypeData};
use crate::value::Value;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// A call of a declaration being upgraded.
struct CallOf {
    /// The function whose body holds the call.
    caller: GlobalId,
    inst: Inst,
    /// The declaration it calls.
    callee: GlobalId,
    /// The call's function type.
    fn_ty: Type,
    /// A `call` (not an `invoke` or `callbr`).
    plain: bool,
}

/// What becomes of one declaration.
enum Fix {
    /// Renamed to the name its types give ([`Parser::remangle_one`]).
    Remangle,
    /// `lifetime.start`/`end` with a size ([`Parser::upgrade_lifetime`]).
    Lifetime,
    /// The calls are deleted.
    Removed,
    /// Each call becomes a call of `llvm.vector.splice.left` or `.right`
    /// ([`Parser::upgrade_splice`]).
    Splice,
    /// The calls are rebuilt as calls of declaration `name` of type `fn_ty`
    /// ([`Parser::rebuild_calls`]).
    Rebuilt {
        how: Obsolete,
        name: String,
        fn_ty: Type,
    },
}

/// Renamings decided so far: each call to point at another declaration, and the old
/// declarations nothing calls any more. Applied once every declaration had its turn.
#[derive(Default)]
struct Remangled {
    edits: Vec<(GlobalId, Inst, GlobalId)>,
    emptied: Vec<GlobalId>,
}

impl<'a> Parser<'a> {
    /// LLVM declares an intrinsic a module calls without declaring it (`call void
    /// @llvm.assume(i1 %c)` alone is valid): an undefined `@llvm.*` that some call names as
    /// its callee becomes a declaration of that call's function type, appended in the order
    /// of their names as LLVM appends them. (LLVM also gives it the intrinsic's attributes; opt
    /// adds those again whenever it reads the declaration.)
    pub(super) fn declare_called_intrinsics(&mut self) -> PResult<()> {
        let mut wanted: Vec<(u32, GlobalId)> = self
            .pending_globals
            .iter()
            .filter(|(&g, _)| {
                matches!(&self.m.globals[g].common().name, Name::Named(n) if n.starts_with("llvm."))
            })
            .map(|(&g, &off)| (off, g))
            .collect();
        if wanted.is_empty() {
            return Ok(());
        }
        // By name, as LLVM walks its map of forward references.
        wanted.sort_unstable_by(|a, b| {
            let name = |g: GlobalId| self.m.globals[g].common().name.as_str().unwrap_or("");
            name(a.1).cmp(name(b.1))
        });
        let mut types: FxHashMap<GlobalId, Type> = FxHashMap::default();
        for f in self.m.functions() {
            let Some(body) = self.m.function(f).and_then(|f| f.body.as_ref()) else {
                continue;
            };
            for d in body.insts.values() {
                let (Some(callee), Some(info)) = (d.callee(), d.call_info()) else {
                    continue;
                };
                // The last call's type: LLVM walks the uses newest first (the others'
                // types are declared under their own names by `remangle_decls`).
                if let Some(g) = callee.as_const().and_then(|c| self.m.consts.as_global(c)) {
                    types.insert(g, info.fn_ty);
                }
            }
        }
        let mut created = Vec::new();
        for (at, g) in wanted {
            let Some(&fn_ty) = types.get(&g) else {
                continue;
            };
            let name = self.m.globals[g].common().name.as_str().unwrap_or("");
            // At the `@`, as LLVM says it.
            let sigil = at.saturating_sub(u32::from(at > 0 && self.src[at as usize - 1] == b'@'));
            if crate::intrinsics::is_unknown(name) {
                return self.error_at(sigil, format!("unknown intrinsic '{name}'"));
            }
            if crate::intrinsics::signature_is_wrong(&self.m.types, name, fn_ty) {
                return self.error_at(sigil, "invalid intrinsic signature");
            }
            let Some((_, params, _)) = self.m.types.func_parts(fn_ty) else {
                continue;
            };
            let params = unnamed_params(params);
            let name = self.m.globals[g].common().name.clone();
            let attrs = AttrList {
                params: vec![AttrSet::default(); params.len()],
                ..Default::default()
            };
            let common = GlobalCommon {
                name,
                addrspace: self.program_as,
                ..Default::default()
            };
            self.m.globals[g].kind = GlobalKind::Function(Box::new(Function::declaration(
                common, fn_ty, params, attrs,
            )));
            // Printed after everything the text defined, in name order.
            self.m.order.retain(|&x| x != g);
            self.m.order.push(g);
            self.pending_globals.remove(&g);
            created.push(g);
        }
        // Under the names their calls' types give, each as LLVM creates it.
        self.remangle_decls(created, true);
        Ok(())
    }

    /// Every upgrade of declarations LLVM 22's reader does once the module is read, each
    /// declaration in module order, as LLVM goes over the module's functions. Whether anything
    /// changed.
    pub(super) fn upgrade_intrinsics(&mut self) -> PResult<bool> {
        if self.m.typed_pointers {
            return Ok(false);
        }
        // Only declarations with an obsolete signature or a wrong name: every real module
        // declares intrinsics under their right names, and must not pay for a walk over its
        // calls.
        let found: Vec<(GlobalId, Option<Obsolete>)> = self
            .m
            .functions()
            .filter_map(|g| {
                let f = self.m.function(g)?;
                let name = f.common.name.as_str()?;
                if f.body.is_some() || !name.starts_with("llvm.") {
                    return None;
                }
                let types = &self.m.types;
                if let Some(how) = crate::intrinsics::obsolete_form(types, name, f.fn_ty) {
                    return Some((g, Some(how)));
                }
                crate::intrinsics::mangled_name(types, name, f.fn_ty)
                    .is_some_and(|want| want != name)
                    .then_some((g, None))
            })
            .collect();
        if found.is_empty() {
            self.upgrade_lazy_lifetimes(&FxHashMap::default())?;
            return Ok(false);
        }
        let decls: Vec<GlobalId> = found.iter().map(|f| f.0).collect();
        let calls = self.calls_of(&decls);
        let obsolete: FxHashSet<GlobalId> = (found.iter())
            .filter_map(|f| f.1.is_some().then_some(f.0))
            .collect();
        let mut plan: Vec<(GlobalId, Fix)> = Vec::with_capacity(found.len());
        for (g, how) in found {
            let fix = match how {
                None => Fix::Remangle,
                Some(how) => match self.obsolete_fix(g, how, &calls, &obsolete)? {
                    Some(fix) => fix,
                    None => continue,
                },
            };
            plan.push((g, fix));
        }
        // Bodies kept as text follow the lifetime upgrade only ([`Self::upgrade_lazy_lifetimes`]).
        if !self.lazy_bodies.is_empty() && plan.iter().any(|(_, f)| !matches!(f, Fix::Lifetime)) {
            return self.error_at(0, "lazy bodies beside intrinsics the reader upgrades");
        }
        // The old declarations go first: one may have the name of what replaces it (LLVM
        // renames it `.old` before it declares the new one).
        for (g, fix) in &plan {
            if !matches!(fix, Fix::Remangle) {
                self.m.delete_global(*g);
            }
        }
        let mut remangled = Remangled::default();
        let mut lifetimes = FxHashMap::default();
        for (g, fix) in plan {
            match fix {
                Fix::Remangle => self.remangle_one(g, &calls, false, &mut remangled),
                Fix::Lifetime => {
                    let new = self.upgrade_lifetime(g, &calls)?;
                    lifetimes.insert(g, new);
                }
                Fix::Removed => {
                    for c in calls.iter().filter(|c| c.callee == g) {
                        self.erase_inst(c.caller, c.inst);
                    }
                }
                Fix::Splice => self.upgrade_splice(g, &calls)?,
                Fix::Rebuilt { how, name, fn_ty } => {
                    self.rebuild_calls(g, how, &name, fn_ty, &calls)?
                }
            }
        }
        self.finish_remangle(remangled);
        self.upgrade_lazy_lifetimes(&lifetimes)?;
        Ok(true)
    }

    /// The calls of old lifetime declarations in bodies kept as text (the scan took them as
    /// LLVM 22 reads them: [`crate::lazy::OldLifetime`], their dropped parts
    /// [`RefKind::Skip`]s): each now calls the new declaration `upgraded` maps its old one to
    /// (every old declaration upgraded is a key, gone from the module; the value is `None`
    /// when no body kept as text calls it). An error (the caller then reads every body) if a
    /// body kept as text names an upgraded declaration otherwise, or drops the size of a
    /// call of one not upgraded.
    fn upgrade_lazy_lifetimes(
        &mut self,
        upgraded: &FxHashMap<GlobalId, Option<GlobalId>>,
    ) -> PResult<()> {
        if !self.lazy_skips && upgraded.is_empty() {
            return Ok(());
        }
        for k in 0..self.lazy_bodies.len() {
            let g = self.lazy_bodies[k];
            let Some(lazy) = self.m.globals[g].lazy_text_mut() else {
                continue;
            };
            let mut bad = None;
            for j in 0..lazy.refs.len() {
                let sized = (lazy.refs.get(j + 1)).is_some_and(|n| {
                    matches!(n.kind, RefKind::Skip(_)) && n.at == lazy.refs[j].end + 1
                });
                let r = &mut lazy.refs[j];
                match &mut r.kind {
                    RefKind::Global {
                        id, callee: true, ..
                    } if sized => match upgraded.get(id) {
                        Some(&Some(new)) => *id = new,
                        _ => bad = Some(lazy.start + r.at),
                    },
                    RefKind::Global { id, .. } if upgraded.contains_key(id) => {
                        bad = Some(lazy.start + r.at)
                    }
                    _ => {}
                }
                if bad.is_some() {
                    break;
                }
            }
            if let Some(at) = bad {
                return self.error_at(
                    at,
                    "a body kept as text calls an intrinsic otherwise upgraded",
                );
            }
        }
        Ok(())
    }

    /// How declaration `g`, of obsolete form `how`, is upgraded; `None` to keep it as written:
    /// when a call through another type calls it, or when the new declaration's name cannot
    /// be made or belongs to another global of another type (not one of the `obsolete` ones,
    /// which all give way). An `invoke` or `callbr` of it is refused: LLVM replaces it with a
    /// `call`, and its block is left without a terminator.
    fn obsolete_fix(
        &mut self,
        g: GlobalId,
        how: Obsolete,
        calls: &[CallOf],
        obsolete: &FxHashSet<GlobalId>,
    ) -> PResult<Option<Fix>> {
        let Some(old_ty) = self.m.function(g).map(|f| f.fn_ty) else {
            return Ok(None);
        };
        let mine = || calls.iter().filter(move |c| c.callee == g);
        if let Some(c) = mine().find(|c| !c.plain) {
            let body = self.m.function(c.caller).and_then(|f| f.body.as_ref());
            let at = body.and_then(|b| b.source_offsets.get(c.inst).copied());
            let msg = format!(
                "Basic Block in function '{}' does not have terminator!",
                self.m.global_name(c.caller)
            );
            return self.error_at(at.unwrap_or(0), msg);
        }
        if mine().any(|c| c.fn_ty != old_ty) {
            return Ok(None);
        }
        Ok(self.obsolete_fix_of_type(how, old_ty, obsolete))
    }

    /// [`Self::obsolete_fix`] once the calls are known to allow it.
    fn obsolete_fix_of_type(
        &mut self,
        how: Obsolete,
        old_ty: Type,
        obsolete: &FxHashSet<GlobalId>,
    ) -> Option<Fix> {
        let (ret, params, _) = self.m.types.func_parts(old_ty)?;
        let mut params = params.to_vec();
        let (base, ret) = match how {
            Obsolete::LifetimeSize => return Some(Fix::Lifetime),
            Obsolete::Removed => return Some(Fix::Removed),
            Obsolete::Splice => return Some(Fix::Splice),
            Obsolete::Appended {
                base,
                falses,
                token,
                null_pointer,
            } => {
                let i1 = self.m.types.int(1);
                params.extend(std::iter::repeat_n(i1, falses));
                if token {
                    params.push(self.m.types.token());
                }
                if null_pointer {
                    params.push(self.m.types.ptr(0));
                }
                (base, if token { self.m.types.void() } else { ret })
            }
            Obsolete::AlignArgument { base, at, .. } => {
                params.remove(at);
                (base, ret)
            }
            Obsolete::MemAlignArgument { base, .. } => {
                params.remove(crate::intrinsics::MEM_ALIGN_ARGUMENT);
                (base, ret)
            }
        };
        let fn_ty = self.m.types.intern(TypeData::Func {
            ret,
            params,
            varargs: false,
        });
        let name = crate::intrinsics::upgraded_name(&self.m.types, base, fn_ty)?;
        match self.m.global_by_name(&name) {
            Some(t)
                if !obsolete.contains(&t)
                    && self.m.function(t).is_none_or(|f| f.fn_ty != fn_ty) =>
            {
                None
            }
            _ => Some(Fix::Rebuilt { how, name, fn_ty }),
        }
    }

    /// Every call of the declarations `decls`, in the order of the bodies.
    fn calls_of(&self, decls: &[GlobalId]) -> Vec<CallOf> {
        let wanted: FxHashSet<GlobalId> = decls.iter().copied().collect();
        let mut calls = Vec::new();
        for f in self.m.functions() {
            let Some(body) = self.m.function(f).and_then(|x| x.body.as_ref()) else {
                continue;
            };
            for (i, d) in body.insts.iter() {
                let (Some(callee), Some(info)) = (d.callee(), d.call_info()) else {
                    continue;
                };
                if let Some(g) = callee.as_const().and_then(|c| self.m.consts.as_global(c)) {
                    if wanted.contains(&g) {
                        calls.push(CallOf {
                            caller: f,
                            inst: i,
                            callee: g,
                            fn_ty: info.fn_ty,
                            plain: d.opcode == Opcode::Call,
                        });
                    }
                }
            }
        }
        calls
    }

    /// Append a declaration of intrinsic `name` of type `fn_ty`, as LLVM creates one: its
    /// parameters unnamed, with attributes `param_attrs`, and with `own`, the intrinsic's own
    /// function attributes when [`crate::writer::numbering::intrinsic_attrs`] knows them (in
    /// an attribute group, as every function's attributes are printed).
    fn declare_intrinsic(
        &mut self,
        name: &str,
        fn_ty: Type,
        mut param_attrs: Vec<AttrSet>,
        own: bool,
    ) -> GlobalId {
        let params = unnamed_params(self.m.types.func_parts(fn_ty).map_or(&[][..], |p| p.1));
        param_attrs.resize(params.len(), AttrSet::default());
        let mut func = AttrSet::default();
        if let Some(own) = own
            .then(|| crate::writer::numbering::intrinsic_attrs(name))
            .flatten()
        {
            let own: Vec<Attr> = own.iter().map(|&a| Attr::Other(a.into())).collect();
            let group = match self.m.attr_groups.iter().find(|(_, c)| **c == own) {
                Some((&id, _)) => id,
                None => {
                    let id = self.unnamed_attr_group();
                    self.m.attr_groups.insert(id, own);
                    id
                }
            };
            func.groups.push(group);
        }
        let attrs = AttrList {
            params: param_attrs,
            func,
            ..Default::default()
        };
        let common = GlobalCommon {
            name: Name::Named(name.into()),
            addrspace: self.program_as,
            ..Default::default()
        };
        let f = Function::declaration(common, fn_ty, params, attrs);
        self.m.add_global(GlobalKind::Function(Box::new(f)))
    }

    /// A number for a new attribute group that no `#N` of the module names: one past the
    /// largest defined or named. A reference to a group the text never defines is legal
    /// (LLVM reads it as no attributes), so the largest defined number is not enough: a new
    /// group under a number a function names without defining would give it the
    /// intrinsic's attributes. Only upgrades create groups, so the walk is rare.
    fn unnamed_attr_group(&self) -> u32 {
        let mut max = self.m.attr_groups.keys().next_back().copied();
        max = max.max(self.lazy_attr_max);
        let largest = |set: &AttrSet| set.groups.iter().copied().max();
        let largest_of = |list: &AttrList| {
            let sets = [&list.func, &list.ret].into_iter().chain(&list.params);
            sets.map(largest).max().flatten()
        };
        for g in self.m.globals.values() {
            match &g.kind {
                GlobalKind::Function(f) => {
                    max = max.max(largest_of(&f.attrs));
                    for d in f.body.iter().flat_map(|b| b.insts.values()) {
                        max = max.max(d.call_info().and_then(|info| largest_of(&info.attrs)));
                    }
                }
                GlobalKind::Var(v) => max = max.max(largest(&v.attrs)),
                GlobalKind::Alias(_) => {}
            }
        }
        max.map_or(0, |k| k.saturating_add(1))
    }

    /// Delete instruction `i` of `f`'s body, as LLVM erases one: its debug records go to the
    /// next instruction, before that one's own.
    fn erase_inst(&mut self, f: GlobalId, i: Inst) {
        let Some(body) = self.m.globals[f]
            .as_function_mut()
            .and_then(|x| x.body.as_mut())
        else {
            return;
        };
        let Some((b, at)) = body.layout.iter().find_map(|&b| {
            let at = body.blocks[b].insts.iter().position(|&x| x == i)?;
            Some((b, at))
        }) else {
            return;
        };
        body.blocks[b].insts.remove(at);
        let records = body.insts[i]
            .debug
            .as_mut()
            .map(|d| std::mem::take(&mut d.records))
            .unwrap_or_default();
        if let (false, Some(&next)) = (records.is_empty(), body.blocks[b].insts.get(at)) {
            let debug = body.insts[next].debug.get_or_insert_with(Default::default);
            debug.records.splice(0..0, records);
        }
        self.hints.forget(f, i);
    }

    /// LLVM 22's `llvm.lifetime.start`/`end` take the pointer alone; IR from LLVM 15–21 passes
    /// a size first (`call void @llvm.lifetime.start.p0(i64 8, ptr %a)`). LLVM's reader
    /// upgrades such IR: every call drops the size, and the old declaration `g` gives way to
    /// the new one, `declare void @llvm.lifetime.start.p0(ptr captures(none))`, appended after
    /// a leftover `declare void @llvm.lifetime.start.i64(i64)` (what LLVM declares first, with
    /// the size's type). Doing the same keeps merge decisions equal to opt-22's: functions that
    /// differ only in those sizes are equal to it. As LLVM does, a call keeps its marker only
    /// on an alloca (seen through casts and all-zero GEPs, and then named directly, through
    /// the declaration of the alloca's pointer type); on anything else it is erased, and
    /// without a call kept there is no new declaration. A kept call is rebuilt
    /// ([`Self::rebuild_call`]): its attributes and metadata go. (With allocas of two address
    /// spaces, LLVM declares the two in the order of its use list, which is the order of
    /// the calls only when the old declaration follows them in the text; mergefn takes the
    /// order of the calls.)
    ///
    /// Calls in bodies kept as text (the scan took only those of `(i64, ptr)` on an alloca,
    /// [`crate::lazy::OldLifetime`]) are all kept: the new declaration of address space 0
    /// they are to call is returned ([`Self::upgrade_lazy_lifetimes`] points them at it).
    /// An error (the caller then reads every body) when the declaration is of another type,
    /// or when a call read names an alloca of another address space (which would decide the
    /// order of the new declarations by calls that include the ones kept as text).
    fn upgrade_lifetime(&mut self, g: GlobalId, calls: &[CallOf]) -> PResult<Option<GlobalId>> {
        let (name, old_ty) = {
            let f = self.m.function(g).expect("a declaration");
            (f.common.name.as_str().unwrap_or("").to_owned(), f.fn_ty)
        };
        let Some((_, &[size, ptr], _)) = self.m.types.func_parts(old_ty) else {
            return Ok(None);
        };
        let lazy_calls = (self.lazy_bodies.iter()).any(|&f| {
            (self.m.globals[f].lazy_text()).is_some_and(|l| {
                l.refs
                    .iter()
                    .any(|r| matches!(r.kind, RefKind::Global { id, callee: true, .. } if id == g))
            })
        });
        if lazy_calls
            && (!matches!(self.m.types.get(size), TypeData::Int(64))
                || !matches!(self.m.types.get(ptr), TypeData::Ptr(0)))
        {
            return self.error_at(
                0,
                "a body kept as text calls a lifetime intrinsic of another type",
            );
        }
        let which = if name.starts_with("llvm.lifetime.start") {
            "start"
        } else {
            "end"
        };
        let void = self.m.types.void();
        let width = match self.m.types.get(size) {
            TypeData::Int(w) => *w,
            _ => 64,
        };
        let leftover = format!("llvm.lifetime.{which}.i{width}");
        if self.m.global_by_name(&leftover).is_none() {
            let ty = self.m.types.intern(TypeData::Func {
                ret: void,
                params: vec![size],
                varargs: false,
            });
            self.declare_intrinsic(&leftover, ty, Vec::new(), false);
        }
        // Each call: the pointer it keeps, or `None` to erase it.
        let mut kept: Vec<(GlobalId, Inst, Option<Value>)> = Vec::new();
        for c in calls.iter().filter(|c| c.callee == g) {
            let body = (self.m.function(c.caller))
                .and_then(|x| x.body.as_ref())
                .expect("a body");
            kept.push((c.caller, c.inst, lifetime_pointer(&self.m, body, c.inst)));
        }
        for &(f, i, _) in kept.iter().filter(|k| k.2.is_none()) {
            self.erase_inst(f, i);
        }
        // Each kept call names its alloca, of whatever address space, through the
        // declaration of that pointer type (`llvm.lifetime.start.p5` for an alloca in
        // `addrspace(5)` seen through an `addrspacecast`), declared at its first call.
        let captures = AttrSet {
            attrs: thin_vec::thin_vec![Attr::Other("captures(none)".into())],
            ..Default::default()
        };
        let mut new_p0 = None;
        for (f, i, keep) in kept {
            let Some(keep) = keep else { continue };
            let ptr = match keep {
                Value::Inst(x) => (self.m.function(f))
                    .and_then(|x| x.body.as_ref())
                    .map_or(ptr, |body| body.insts[x].ty),
                _ => ptr,
            };
            let space = match self.m.types.get(ptr) {
                TypeData::Ptr(a) | TypeData::TypedPtr(_, a) => *a,
                _ => 0,
            };
            if lazy_calls && space != 0 {
                return self.error_at(0, "a body kept as text beside allocas of another space");
            }
            let new_name = format!("llvm.lifetime.{which}.p{space}");
            let new_ty = self.m.types.intern(TypeData::Func {
                ret: void,
                params: vec![ptr],
                varargs: false,
            });
            let target = match self.m.global_by_name(&new_name) {
                Some(t) => t,
                None => self.declare_intrinsic(&new_name, new_ty, vec![captures.clone()], true),
            };
            new_p0 = Some(target);
            let callee = Value::Const(self.m.global_const(target));
            let operands = SmallVec::from_slice(&[keep, callee]);
            self.rebuild_call(f, i, new_ty, operands, AttrList::default());
        }
        if !lazy_calls {
            return Ok(None);
        }
        // The calls kept as text, after any read (all of address space 0).
        let target = match new_p0 {
            Some(t) => t,
            None => {
                let new_name = format!("llvm.lifetime.{which}.p0");
                let new_ty = self.m.types.intern(TypeData::Func {
                    ret: void,
                    params: vec![ptr],
                    varargs: false,
                });
                match self.m.global_by_name(&new_name) {
                    Some(t) => t,
                    None => self.declare_intrinsic(&new_name, new_ty, vec![captures], true),
                }
            }
        };
        Ok(Some(target))
    }

    /// Instruction `i` of `f`'s body.
    fn call_mut(&mut self, f: GlobalId, i: Inst) -> &mut InstData {
        let body = self.m.globals[f]
            .as_function_mut()
            .and_then(|x| x.body.as_mut())
            .expect("a body");
        &mut body.insts[i]
    }

    /// Call `i` of `f` becomes the call LLVM's `IRBuilder` puts in its place: through
    /// `fn_ty`, of `operands` (the arguments, then the callee), with attributes `attrs`; of
    /// the old call it keeps only the name, the debug location and the debug records (no
    /// other attributes, `tail` marker, calling convention, bundles, fast-math flags or
    /// metadata).
    fn rebuild_call(
        &mut self,
        f: GlobalId,
        i: Inst,
        fn_ty: Type,
        operands: SmallVec<[Value; 3]>,
        attrs: AttrList,
    ) {
        let ret = self.m.types.func_parts(fn_ty).map_or(fn_ty, |p| p.0);
        let d = self.call_mut(f, i);
        let addrspace = d.call_info().and_then(|info| info.addrspace);
        d.ty = ret;
        d.operands = operands;
        d.fmf = Default::default();
        d.md = Default::default();
        d.extra = InstExtra::Call(Box::new(CallInfo {
            fn_ty,
            cc: Default::default(),
            tail: TailKind::None,
            attrs: std::sync::Arc::new(attrs),
            bundles: Default::default(),
            addrspace,
            indirect_dests: 0,
            forwards_varargs: false,
        }));
    }

    /// The calls of `g` (obsolete form `how`) become calls of declaration `name` of type
    /// `fn_ty` (declared at the end of the module unless it is there), each rebuilt as LLVM
    /// rebuilds it ([`Self::rebuild_call`]) with the arguments `how` says; an alignment
    /// argument becomes an `align` attribute (and a memory intrinsic keeps its attributes).
    fn rebuild_calls(
        &mut self,
        g: GlobalId,
        how: Obsolete,
        name: &str,
        fn_ty: Type,
        calls: &[CallOf],
    ) -> PResult<()> {
        let target = match self.m.global_by_name(name) {
            Some(t) => t,
            None => self.declare_intrinsic(name, fn_ty, Vec::new(), true),
        };
        let callee = Value::Const(self.m.global_const(target));
        let ret = self.m.types.func_parts(fn_ty).map_or(fn_ty, |p| p.0);
        let i1 = self.m.types.int(1);
        let token = self.m.types.token();
        let no = Value::Const(self.m.consts.intern(ConstData::Int {
            ty: i1,
            val: ApInt::from_u64(1, 0),
        }));
        let none = Value::Const(self.m.consts.intern(ConstData::None(token)));
        let ptr = self.m.types.ptr(0);
        let null = Value::Const(self.m.consts.intern(ConstData::Null(ptr)));
        for c in calls.iter().filter(|c| c.callee == g) {
            let body = (self.m.function(c.caller))
                .and_then(|x| x.body.as_ref())
                .expect("a body");
            let d = &body.insts[c.inst];
            let at = body.source_offsets.get(c.inst).copied().unwrap_or(0);
            let mut args: SmallVec<[Value; 3]> = d.operands[..d.num_call_args()].into();
            let mut attrs = AttrList::default();
            let align_of = |v: Value| {
                v.as_const().and_then(|a| match self.m.consts.get(a) {
                    ConstData::Int { val, .. } => val.as_u64(),
                    _ => None,
                })
            };
            match how {
                Obsolete::Appended {
                    falses,
                    token,
                    null_pointer,
                    ..
                } => {
                    args.extend(std::iter::repeat_n(no, falses));
                    if token {
                        args.push(none);
                    }
                    if null_pointer {
                        args.push(null);
                    }
                }
                Obsolete::AlignArgument { at: k, ptr, base } => {
                    let bytes = match align_of(args.remove(k)) {
                        // A gather or scatter gets its element's ABI alignment instead.
                        Some(0) if base.ends_with("gather") || base.ends_with("scatter") => {
                            let parts = self.m.types.func_parts(fn_ty);
                            let value = parts.and_then(|p| p.1.first().copied());
                            let vector = if base.ends_with("gather") {
                                Some(ret)
                            } else {
                                value
                            };
                            vector.map_or(1, |v| self.element_abi_align(v))
                        }
                        Some(0) => return self.error_at(at, "Invalid zero alignment argument"),
                        Some(n) if n.is_power_of_two() && n <= 1 << 32 => n,
                        _ => return self.error_at(at, "Invalid alignment argument"),
                    };
                    attrs.params.resize(ptr + 1, AttrSet::default());
                    set_align(&mut attrs.params[ptr], bytes);
                }
                Obsolete::MemAlignArgument { pointers, .. } => {
                    // LLVM takes the argument for a constant without checking that it is one.
                    let k = crate::intrinsics::MEM_ALIGN_ARGUMENT;
                    let Some(bytes) = align_of(args.remove(k)) else {
                        let msg = "the alignment argument of a memory intrinsic is not a constant";
                        return self.error_at(at, msg);
                    };
                    attrs = (**d.call_info().map(|info| &info.attrs).expect("a call")).clone();
                    if attrs.params.len() > k {
                        attrs.params.remove(k);
                    }
                    let len = attrs.params.len().max(pointers);
                    attrs.params.resize(len, AttrSet::default());
                    // None for 0, else rounded down to a power of two, as LLVM's `Align` does.
                    let bytes = (bytes > 0).then(|| 1u64 << bytes.ilog2());
                    for p in &mut attrs.params[..pointers] {
                        p.attrs.retain(|a| a.kind() != "align");
                        if let Some(bytes) = bytes {
                            set_align(p, bytes);
                        }
                    }
                }
                Obsolete::LifetimeSize | Obsolete::Removed | Obsolete::Splice => {}
            }
            // A result that becomes `void` (`coro.end`'s) must be unused and unnamed, which
            // LLVM's verifier then says of the new call.
            let used = || super::body::value_uses(body, Value::Inst(c.inst)) > 0;
            if ret != d.ty
                && matches!(self.m.types.get(ret), TypeData::Void)
                && (body
                    .inst_names
                    .get(c.inst)
                    .is_some_and(|n| n.as_str().is_some())
                    || used())
            {
                return self.error_at(at, "Instruction has a name, but provides a void value!");
            }
            // The masked memory intrinsics' upgrade copies the old call's `tail` marker and
            // metadata to the new one (`tail call ... @llvm.masked.load...(ptr align 8 %p,
            // ...), !tbaa !3` stays so); the others' does not.
            let marks = matches!(how, Obsolete::AlignArgument { .. }).then(|| {
                let tail = d.call_info().map(|info| info.tail).unwrap_or_default();
                (tail, d.md.clone())
            });
            args.push(callee);
            self.rebuild_call(c.caller, c.inst, fn_ty, args, attrs);
            if let Some((tail, md)) = marks {
                let d = self.call_mut(c.caller, c.inst);
                d.md = md;
                if let InstExtra::Call(info) = &mut d.extra {
                    info.tail = tail;
                }
            }
        }
        Ok(())
    }

    /// The calls of `g`, an obsolete `llvm.vector.splice`, the last first (LLVM's order of
    /// uses, which decides which declaration comes first): each is rebuilt
    /// ([`Self::rebuild_call`]) as a call of `llvm.vector.splice.left` by its offset when that
    /// is 0 or more, else of `llvm.vector.splice.right` by its magnitude, and loses its name,
    /// as LLVM 22 upgrades it. An offset that is not a constant stops LLVM ("Invalid
    /// llvm.vector.splice offset argument"); here it is an error at the call.
    fn upgrade_splice(&mut self, g: GlobalId, calls: &[CallOf]) -> PResult<()> {
        let i32t = self.m.types.int(32);
        for c in calls.iter().rev().filter(|c| c.callee == g) {
            let body = (self.m.function(c.caller))
                .and_then(|x| x.body.as_ref())
                .expect("a body");
            let d = &body.insts[c.inst];
            let at = body.source_offsets.get(c.inst).copied().unwrap_or(0);
            let offset = match d.operands.get(2).and_then(|v| v.as_const()) {
                Some(k) => match self.m.consts.get(k) {
                    ConstData::Int { val, .. } => val.as_u64().map(|v| v as u32 as i32),
                    _ => None,
                },
                None => None,
            };
            let Some(offset) = offset else {
                return self.error_at(at, "Invalid llvm.vector.splice offset argument");
            };
            let (a, b) = (d.operands[0], d.operands[1]);
            let side = if offset >= 0 { "left" } else { "right" };
            let base = format!("llvm.vector.splice.{side}");
            let Some(name) = crate::intrinsics::upgraded_name(&self.m.types, &base, c.fn_ty) else {
                continue;
            };
            let target = match self.m.global_by_name(&name) {
                Some(t) => t,
                None => self.declare_intrinsic(&name, c.fn_ty, Vec::new(), true),
            };
            let callee = Value::Const(self.m.global_const(target));
            let magnitude = Value::Const(self.m.consts.intern(ConstData::Int {
                ty: i32t,
                val: ApInt::from_u64(32, u64::from(offset.unsigned_abs())),
            }));
            let operands: SmallVec<[Value; 3]> = [a, b, magnitude, callee].into_iter().collect();
            self.rebuild_call(c.caller, c.inst, c.fn_ty, operands, AttrList::default());
            if let Some(body) =
                (self.m.globals[c.caller].as_function_mut()).and_then(|f| f.body.as_mut())
            {
                body.inst_names.set(c.inst, Name::Unnamed);
            }
        }
        Ok(())
    }

    /// The ABI alignment under the module's data layout of the elements of vector type `v`
    /// (1 for anything else, which the verifier then refuses in the intrinsic's signature).
    fn element_abi_align(&self, v: Type) -> u64 {
        use crate::datalayout::{abi_align, Scalar};
        let types = &self.m.types;
        let TypeData::Vector { elem, .. } = *types.get(v) else {
            return 1;
        };
        let scalar = match *types.get(elem) {
            TypeData::Int(n) | TypeData::Byte(n) => Scalar::Int(n),
            TypeData::Float(k) => Scalar::Float(k.bits()),
            TypeData::Ptr(space) | TypeData::TypedPtr(_, space) => Scalar::Ptr(space),
            _ => return 1,
        };
        abi_align(self.m.datalayout.as_deref().unwrap_or(""), scalar)
    }

    /// LLVM renames an overloaded intrinsic to the name its types give
    /// ([`crate::intrinsics`]): each declaration of `decls` whose name is not that of its
    /// calls' type is replaced by one under the mangled name (reused if the module has it,
    /// else appended), the calls follow, and the old declaration goes once nothing calls it.
    /// With `requeue`, a declaration that keeps its name moves to the end of the module when
    /// its turn comes, as LLVM creates the declarations of undeclared intrinsics one by one.
    /// Typed-pointer IR keeps LLVM 14's names.
    fn remangle_decls(&mut self, decls: Vec<GlobalId>, requeue: bool) {
        if decls.is_empty() || self.m.typed_pointers {
            return;
        }
        let calls = self.calls_of(&decls);
        let mut done = Remangled::default();
        for g in decls {
            self.remangle_one(g, &calls, requeue, &mut done);
        }
        self.finish_remangle(done);
    }

    /// [`Self::remangle_decls`] for declaration `g`, whose calls are among `calls`.
    fn remangle_one(&mut self, g: GlobalId, calls: &[CallOf], requeue: bool, done: &mut Remangled) {
        let (name, fn_ty) = {
            let f = self.m.function(g).expect("a function");
            (f.common.name.as_str().unwrap_or("").to_owned(), f.fn_ty)
        };
        // The declaration's own type first, then, for an intrinsic the module calls
        // without declaring it, each other type its calls use, the last call first
        // (LLVM's order of uses). A written declaration keeps the calls of another type,
        // which the verifier refuses ("Intrinsic called with incompatible signature").
        let mut tys: Vec<Type> = vec![fn_ty];
        for c in calls.iter().rev().filter(|c| requeue && c.callee == g) {
            if !tys.contains(&c.fn_ty) {
                tys.push(c.fn_ty);
            }
        }
        let calls_of = |ty: Type| calls.iter().filter(move |c| c.callee == g && c.fn_ty == ty);
        let mut keeps_uses = false;
        let mut retyped = false;
        let own = crate::intrinsics::mangled_name(&self.m.types, &name, fn_ty);
        let own_ok = own.as_ref().is_none_or(|n| *n == name);
        if requeue && own_ok {
            self.m.order.retain(|&x| x != g);
            self.m.order.push(g);
        }
        for (k, &ty) in tys.iter().enumerate() {
            let Some(new_name) = crate::intrinsics::mangled_name(&self.m.types, &name, ty) else {
                keeps_uses |= k > 0 || calls_of(ty).next().is_some();
                continue;
            };
            if new_name == name && ty == fn_ty {
                keeps_uses |= calls_of(ty).next().is_some();
                continue;
            }
            if new_name == name {
                // An intrinsic called without a declaration, under the name this call's type
                // gives but first declared with another call's type (the last call's): it
                // becomes this type's declaration, declared now, after those before it.
                let params = unnamed_params(self.m.types.func_parts(ty).map_or(&[][..], |p| p.1));
                let f = self.m.globals[g].as_function_mut().expect("a function");
                f.attrs = AttrList {
                    params: vec![AttrSet::default(); params.len()],
                    ..Default::default()
                };
                f.fn_ty = ty;
                f.params = params;
                self.m.order.retain(|&x| x != g);
                self.m.order.push(g);
                retyped = true;
                done.edits
                    .extend(calls_of(ty).map(|c| (c.caller, c.inst, g)));
                continue;
            }
            // LLVM's `remangleIntrinsicFunction`: a global already named so but of another
            // type (two declarations each named as the other's type wants, as a link that
            // renamed struct types leaves them: Assembler `remangle.ll`) makes room by
            // becoming `<name>.renamed`; it is remangled in its turn, or stays so named.
            let existing = match self.m.global_by_name(&new_name) {
                Some(t) if self.m.function(t).is_some_and(|f| f.fn_ty == ty) => Some(t),
                Some(t) => {
                    let renamed = format!("{new_name}.renamed");
                    self.m.rename_global(t, Name::Named(renamed.into()));
                    None
                }
                None => None,
            };
            let target = match existing {
                Some(t) => t,
                None => {
                    let old = self.m.function(g).expect("a function");
                    let params =
                        unnamed_params(self.m.types.func_parts(ty).map_or(&[][..], |p| p.1));
                    let attrs = if ty == fn_ty {
                        old.attrs.clone()
                    } else {
                        AttrList::default()
                    };
                    // A new declaration, as LLVM's `getOrInsertDeclaration` makes one: of the
                    // old one's properties only the calling convention is copied (no linkage,
                    // visibility, `unnamed_addr`, section, ...).
                    let common = GlobalCommon {
                        name: Name::Named(new_name.clone().into()),
                        addrspace: self.program_as,
                        ..Default::default()
                    };
                    let mut nf = Function::declaration(common, ty, params, attrs);
                    nf.cc = old.cc.clone();
                    self.m.add_global(GlobalKind::Function(Box::new(nf)))
                }
            };
            done.edits
                .extend(calls_of(ty).map(|c| (c.caller, c.inst, target)));
        }
        // Gone once nothing calls it, unless it already has its own type's name.
        if !keeps_uses && !retyped && own.as_deref() != Some(name.as_str()) {
            done.emptied.push(g);
        }
    }

    /// Apply the renamings decided: the calls name their new declarations, and the old
    /// declarations nothing calls go.
    fn finish_remangle(&mut self, done: Remangled) {
        let mut consts = FxHashMap::default();
        for (f, i, target) in done.edits {
            let c = *consts
                .entry(target)
                .or_insert_with(|| self.m.global_const(target));
            if let Some(last) = self.call_mut(f, i).operands.last_mut() {
                *last = Value::Const(c);
            }
        }
        for g in done.emptied {
            self.m.delete_global(g);
        }
    }
}

/// Parameters of types `tys`, unnamed, as LLVM declares an intrinsic's.
fn unnamed_params(tys: &[Type]) -> Vec<Param> {
    tys.iter()
        .map(|&ty| Param {
            ty,
            name: Name::Unnamed,
        })
        .collect()
}

/// Parameter attributes `p` say `align bytes` (last, in place of any other `align`).
fn set_align(p: &mut AttrSet, bytes: u64) {
    p.attrs.retain(|a| a.kind() != "align");
    p.attrs.push(Attr::Other(format!("align {bytes}").into()));
}

/// The pointer a call of an old `llvm.lifetime.*` (size, pointer) keeps once LLVM 22 upgrades
/// it: its alloca when the pointer is one, seen through casts (an `addrspacecast` too) and
/// all-zero GEPs, or `None` when the call is to be erased.
fn lifetime_pointer(m: &Module, body: &crate::function::Body, call: Inst) -> Option<Value> {
    let ptr = body.insts[call].operands[1];
    let mut v = ptr;
    while let Value::Inst(x) = v {
        let d = &body.insts[x];
        let zero_gep = d.opcode == Opcode::GetElementPtr
            && d.operands[1..].iter().all(|&o| {
                o.as_const().is_some_and(|c| match m.consts.get(c) {
                    ConstData::Int { val, .. } => val.words.iter().all(|&w| w == 0),
                    ConstData::Zero(_) => true,
                    _ => false,
                })
            });
        if matches!(d.opcode, Opcode::BitCast | Opcode::AddrSpaceCast) || zero_gep {
            v = d.operands[0];
        } else {
            break;
        }
    }
    let Value::Inst(x) = v else { return None };
    (body.insts[x].opcode == Opcode::Alloca).then_some(v)
}
