//! Building replacements for a merged-away function G: forwarding thunks and aliases.
//!
//! A thunk is a new function that takes G's place (name, linkage, attributes) and tail-calls
//! the survivor F, casting arguments and the result where the comparator let types differ
//! (pointer vs. integer of the same width, typed pointers of different pointee types, structs
//! of such). It is appended to the module, as LLVM's `Function::Create` does.

use crate::uses::Uses;
use cranelift_entity::EntityRef;
use mergefn_ir::inst::{CallConv, CallInfo, Opcode, TailKind};
use mergefn_ir::metadata::Metadata;
use mergefn_ir::uses::User;
use mergefn_ir::Inst;
use mergefn_ir::{
    Body, Const, ConstData, Function, GlobalId, GlobalKind, InstData, InstExtra, Module, Name,
    Param, Type, TypeData, Value,
};
use rustc_hash::FxHashSet;

/// Whether LLVM's verifier rejects a call to a function of calling convention `cc` ("calling
/// convention does not permit calls"): GPU kernels and shader entry points. By keyword or by
/// number (`cc 71` is `ptx_kernel`, `cc 76` `spir_kernel`, `cc 91` `amdgpu_kernel`).
pub fn cc_forbids_calls(cc: &CallConv) -> bool {
    matches!(
        cc.0.as_deref(),
        Some(
            "ptx_kernel"
                | "spir_kernel"
                | "amdgpu_kernel"
                | "amdgpu_vs"
                | "amdgpu_gs"
                | "amdgpu_hs"
                | "amdgpu_es"
                | "amdgpu_ls"
                | "amdgpu_ps"
                | "amdgpu_cs"
                | "amdgpu_cs_chain"
                | "amdgpu_cs_chain_preserve"
                | "amdgpu_gfx_whole_wave"
                | "cc 71"
                | "cc 76"
                | "cc 91"
        )
    )
}

/// LLVM's `canCreateThunkFor`: not varargs, not a function nothing may call (LLVM 22 refuses
/// kernels; for the shader conventions it writes a thunk its own verifier rejects, and we
/// refuse those too: docs/DIVERGENCES.md), and not a single block of fewer than two
/// (non-debug) instructions — a thunk would be no smaller.
pub fn can_create_thunk_for(m: &Module, f: GlobalId) -> bool {
    let func = m.function(f).expect("a function");
    if m.types.func_parts(func.fn_ty).is_some_and(|p| p.2) || cc_forbids_calls(&func.cc) {
        return false;
    }
    let Some(body) = &func.body else { return true };
    if body.layout.len() == 1 {
        let n = body.blocks[body.layout[0]]
            .insts
            .iter()
            .filter(|&&i| !is_debug_intrinsic(m, &body.insts[i]))
            .count();
        if n < 2 {
            return false;
        }
    }
    true
}

/// Calls to `llvm.dbg.*` and `llvm.pseudoprobe` do not count as code.
pub fn is_debug_intrinsic(m: &Module, d: &InstData) -> bool {
    if d.opcode != Opcode::Call {
        return false;
    }
    let Some(g) = d
        .callee()
        .and_then(|v| v.as_const())
        .and_then(|c| m.consts.as_global(c))
    else {
        return false;
    };
    m.globals[g]
        .common()
        .name
        .as_str()
        .is_some_and(|n| n.starts_with("llvm.dbg.") || n == "llvm.pseudoprobe")
}

/// The member types of a struct or array (what `extractvalue` indexes), in order.
fn aggregate_members(m: &Module, t: Type) -> Option<Vec<Type>> {
    if let Some((fields, _)) = m.types.struct_fields(t) {
        return Some(fields.to_vec());
    }
    match m.types.get(t) {
        TypeData::Array(n, e) => Some(vec![*e; *n as usize]),
        _ => None,
    }
}

/// Emit `v` (of type `from`) converted to `to` into `body`'s block `b`, like LLVM 22's
/// `createCast`: member by member for structs and arrays (the comparator lets `[1 x %A]`
/// equal `[1 x %B]` when the members are pointer/integer congruent), `inttoptr`/`ptrtoint`
/// between integers and pointers or vectors of them, `bitcast` otherwise, nothing when the
/// types agree.
fn cast_value(
    m: &mut Module,
    body: &mut Body,
    b: mergefn_ir::Block,
    v: Value,
    from: Type,
    to: Type,
) -> Value {
    if from == to {
        return v;
    }
    if let (Some(fe), Some(te)) = (aggregate_members(m, from), aggregate_members(m, to)) {
        let mut result = Value::Const(m.consts.intern(ConstData::Poison(to)));
        for (i, (&fe_i, &te_i)) in fe.iter().zip(te.iter()).enumerate() {
            let mut ev = InstData::new(Opcode::ExtractValue, fe_i);
            ev.operands.push(v);
            ev.extra = InstExtra::Indices(thin_vec::thin_vec![i as u32]);
            let e = push(body, b, ev);
            let c = cast_value(m, body, b, Value::Inst(e), fe_i, te_i);
            let mut iv = InstData::new(Opcode::InsertValue, to);
            iv.operands.extend([result, c]);
            iv.extra = InstExtra::Indices(thin_vec::thin_vec![i as u32]);
            result = Value::Inst(push(body, b, iv));
        }
        return result;
    }
    let (fs, ts) = (m.types.scalar(from), m.types.scalar(to));
    let is_int = |t: Type| matches!(m.types.get(t), TypeData::Int(_));
    let op = if is_int(fs) && m.types.is_pointer(ts) {
        Opcode::IntToPtr
    } else if m.types.is_pointer(fs) && is_int(ts) {
        Opcode::PtrToInt
    } else {
        Opcode::BitCast
    };
    let mut d = InstData::new(op, to);
    d.operands.push(v);
    Value::Inst(push(body, b, d))
}

fn push(body: &mut Body, b: mergefn_ir::Block, d: InstData) -> mergefn_ir::Inst {
    let i = body.insts.push(d);
    body.blocks[b].insts.push(i);
    i
}

/// Append to `body`'s block `b` a tail call of F with G's arguments (cast to F's parameter
/// types) followed by the constants `extra` (F's further parameters, for a parameterized
/// merge: see [`crate::similar`]), and the return of its result (cast to G's return type).
/// Returns the call, the index of its callee operand, and the return.
fn forward_call(
    m: &mut Module,
    uses: &mut Uses,
    body: &mut Body,
    b: mergefn_ir::Block,
    f: GlobalId,
    g: GlobalId,
    extra: &[Const],
) -> (Inst, usize, Inst) {
    let gf = m.function(g).expect("G is a function").clone_without_body();
    let ff = m.function(f).expect("F is a function").clone_without_body();
    let (g_ret, g_params, _) = m
        .types
        .func_parts(gf.fn_ty)
        .map(|(r, p, v)| (r, p.to_vec(), v))
        .expect("function type");
    let (f_ret, f_params, _) = m
        .types
        .func_parts(ff.fn_ty)
        .map(|(r, p, v)| (r, p.to_vec(), v))
        .expect("function type");
    let mut args: Vec<Value> = Vec::with_capacity(g_params.len());
    for (i, (&gt, &ft)) in g_params.iter().zip(f_params.iter()).enumerate() {
        args.push(cast_value(m, body, b, Value::Arg(i as u32), gt, ft));
    }
    args.extend(extra.iter().map(|&c| Value::Const(c)));
    let swift_tail = |c: &Function| c.cc.0.as_deref() == Some("swifttailcc");
    let callee = m.global_const(f);
    let mut call = InstData::new(Opcode::Call, f_ret);
    call.operands.extend(args);
    call.operands.push(Value::Const(callee));
    call.extra = InstExtra::Call(Box::new(CallInfo {
        fn_ty: ff.fn_ty,
        cc: ff.cc.clone(),
        tail: if swift_tail(&ff) && swift_tail(&gf) {
            TailKind::MustTail
        } else {
            TailKind::Tail
        },
        attrs: uses.call_attrs(f, &ff.attrs),
        bundles: thin_vec::ThinVec::new(),
        addrspace: (ff.common.addrspace != 0).then_some(ff.common.addrspace),
        indirect_dests: 0,
        forwards_varargs: false,
    }));
    let call_operand = call.operands.len() - 1;
    let ci = push(body, b, call);
    let void = m.types.void();
    let mut ret = InstData::new(Opcode::Ret, void);
    if !m.types.is_void(g_ret) {
        let r = cast_value(m, body, b, Value::Inst(ci), f_ret, g_ret);
        ret.operands.push(r);
    }
    let ri = push(body, b, ret);
    (ci, call_operand, ri)
}

/// The text of module-level metadata node `!id`.
fn md_text<'a>(m: &'a Module, md: &Metadata) -> Option<&'a str> {
    let Metadata::Ref(id) = md else { return None };
    m.md_nodes.iter().find(|n| n.id == *id).map(|n| &*n.text)
}

/// The value of field `name:` of a specialised node's text, if present.
fn md_field<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let at = text.match_indices(name).find(|&(i, _)| {
        i > 0
            && matches!(text.as_bytes()[i - 1], b'(' | b' ')
            && text[i + name.len()..].starts_with(": ")
    })?;
    let rest = &text[at.0 + name.len() + 2..];
    Some(rest.split([',', ')']).next().unwrap_or("").trim())
}

/// Whether a `DILocalVariable` describes a parameter (`arg: N` with N > 0).
fn is_parameter(m: &Module, var: &Metadata) -> bool {
    md_text(m, var)
        .and_then(|t| md_field(t, "arg"))
        .is_some_and(|a| a.parse::<u32>().is_ok_and(|n| n > 0))
}

/// LLVM's `writeThunk` under `-mergefunc-preserve-debug-info`: G itself becomes the thunk.
/// Its entry block keeps only what describes its parameters — `dbg_value`/`dbg_assign` of a
/// parameter, and a parameter's `dbg_declare` of an alloca with the alloca and the stores of
/// arguments into it — then calls F with G's arguments; the other blocks go. The call and
/// the return are placed at G's `DISubprogram`'s scope line. G keeps its name, uses and
/// callers.
pub fn write_thunk_in_place(m: &mut Module, uses: &mut Uses, f: GlobalId, g: GlobalId) {
    let sp = m
        .function(g)
        .and_then(|g| g.md.iter().find(|a| &*a.kind == "dbg"))
        .map(|a| a.md.clone());
    let scope_line = sp
        .as_ref()
        .and_then(|sp| md_text(m, sp))
        .and_then(|t| md_field(t, "scopeLine"))
        .and_then(|l| l.parse::<u64>().ok())
        .unwrap_or(0);
    uses.drop_block_addresses(m, g);
    let mut body = m
        .function_mut(g)
        .and_then(|g| g.body.take())
        .expect("G has a body");
    let entry = body.entry().expect("a body has an entry block");
    let entry_insts = body.blocks[entry].insts.clone();
    // What describes the parameters: debug records (or intrinsic calls) about them, and for
    // a declared alloca, the alloca and the stores of arguments into it.
    let alloca_of = |md: &Metadata| match md {
        Metadata::Value(_, Value::Inst(a)) if body.insts[*a].opcode == Opcode::Alloca => Some(*a),
        _ => None,
    };
    let stores_of_args = |a: Inst| -> Vec<Inst> {
        body.insts
            .iter()
            .filter(|(_, d)| {
                d.opcode == Opcode::Store
                    && d.operands.get(1) == Some(&Value::Inst(a))
                    && matches!(d.operands.first(), Some(Value::Arg(_)))
            })
            .map(|(i, _)| i)
            .collect()
    };
    let mut kept_insts: FxHashSet<Inst> = FxHashSet::default();
    // Which of a variable-describing operand list (address/value, variable) to keep.
    let keep_description = |kind: &str, ops: &[Metadata], kept: &mut FxHashSet<Inst>| {
        if ops.len() < 2 || !is_parameter(m, &ops[1]) {
            return false;
        }
        if kind != "declare" {
            return true;
        }
        let Some(a) = alloca_of(&ops[0]) else {
            return false;
        };
        let stores = stores_of_args(a);
        if stores.is_empty() {
            return false;
        }
        kept.insert(a);
        kept.extend(stores);
        true
    };
    let mut kept_records: FxHashSet<(Inst, usize)> = FxHashSet::default();
    for &i in &entry_insts {
        let d = &body.insts[i];
        for (k, r) in d.debug.iter().flat_map(|x| x.records.iter()).enumerate() {
            if keep_description(&r.kind, &r.ops, &mut kept_insts) {
                kept_records.insert((i, k));
            }
        }
        if is_debug_intrinsic(m, d) {
            let name = d
                .callee()
                .and_then(|v| v.as_const())
                .and_then(|c| m.consts.as_global(c))
                .map(|c| m.global_name(c))
                .unwrap_or_default();
            let ops: Vec<Metadata> = d.operands[..d.num_call_args()]
                .iter()
                .filter_map(|v| match v {
                    Value::Md(a) => Some(body.md_args[*a].clone()),
                    _ => None,
                })
                .collect();
            let kind = name.strip_prefix("llvm.dbg.").unwrap_or("");
            if matches!(kind, "value" | "assign" | "declare")
                && keep_description(kind, &ops, &mut kept_insts)
            {
                kept_insts.insert(i);
            }
        }
    }
    // Rebuild the entry block: kept instructions in order; the kept records of an erased
    // instruction move on to the next instruction that stays (LLVM's debug markers).
    let mut pending = Vec::new();
    let mut new_insts = Vec::new();
    for &i in &entry_insts {
        let records = body.insts[i]
            .debug
            .as_mut()
            .map(|x| std::mem::take(&mut x.records))
            .unwrap_or_default();
        pending.extend(
            records
                .into_iter()
                .enumerate()
                .filter(|(k, _)| kept_records.contains(&(i, *k)))
                .map(|(_, r)| r),
        );
        if kept_insts.contains(&i) {
            body.insts[i]
                .debug
                .get_or_insert_with(Default::default)
                .records = std::mem::take(&mut pending);
            new_insts.push(i);
        } else {
            // Gone: no operands, so the use lists' entries for it are no longer live.
            let void = m.types.void();
            body.insts[i] = InstData::new(Opcode::Unreachable, void);
        }
    }
    for &b in &body.layout[1..] {
        for &i in &body.blocks[b].insts {
            let void = m.types.void();
            body.insts[i] = InstData::new(Opcode::Unreachable, void);
        }
    }
    body.layout.truncate(1);
    body.blocks[entry].insts = new_insts;
    // A kept description of a value computed by an erased instruction (a parameter of an
    // inlined callee) now describes `poison`, as LLVM's erased values leave their metadata.
    let mut erased_to_poison = |md: &mut Metadata| {
        let mut poison = |ty: Type, v: &mut Value| {
            if matches!(v, Value::Inst(i) if !kept_insts.contains(i)) {
                *v = Value::Const(m.consts.intern(ConstData::Poison(ty)));
            }
        };
        match md {
            Metadata::Value(ty, v) => poison(*ty, v),
            Metadata::ArgList(args) => args.iter_mut().for_each(|(ty, v)| poison(*ty, v)),
            _ => {}
        }
    };
    for &i in &body.blocks[entry].insts {
        for r in body.insts[i]
            .debug
            .iter_mut()
            .flat_map(|x| x.records.iter_mut())
        {
            r.ops.iter_mut().for_each(&mut erased_to_poison);
        }
    }
    for r in &mut pending {
        r.ops.iter_mut().for_each(&mut erased_to_poison);
    }
    for (_, md) in body.md_args.iter_mut() {
        erased_to_poison(md);
    }
    let first_new = body.insts.len();
    let (ci, call_operand, ri) = forward_call(m, uses, &mut body, entry, f, g, &[]);
    if let Some(first) = body.blocks[entry]
        .insts
        .iter()
        .copied()
        .find(|i| i.index() >= first_new)
    {
        if !pending.is_empty() {
            body.insts[first]
                .debug
                .get_or_insert_with(Default::default)
                .records = pending;
        }
    }
    if let Some(Metadata::Ref(sp)) = sp {
        let loc = Metadata::Text(
            format!("!DILocation(line: {scope_line}, column: 0, scope: !{sp})").into(),
        );
        for i in [ci, ri] {
            body.insts[i].debug.get_or_insert_with(Default::default).loc = Some(loc.clone());
        }
    }
    m.function_mut(g).expect("G").body = Some(body);
    uses.add(
        f,
        User::Inst {
            func: g,
            inst: ci,
            operand: call_operand as u32,
            direct: true,
        },
    );
}

/// Replace G by a thunk that tail-calls F (LLVM's `writeThunk`). G's uses move to the thunk
/// and G is deleted. Returns the thunk.
pub fn write_thunk(m: &mut Module, uses: &mut Uses, f: GlobalId, g: GlobalId) -> GlobalId {
    write_thunk_passing(m, uses, f, g, &[])
}

/// [`write_thunk`] to an F that takes G's parameters and then `extra` ones: the thunk passes
/// its own arguments followed by the constants `extra` (a parameterized merge, see
/// [`Options::merge_similar`](crate::Options::merge_similar)).
pub fn write_thunk_passing(
    m: &mut Module,
    uses: &mut Uses,
    f: GlobalId,
    g: GlobalId,
    extra: &[Const],
) -> GlobalId {
    let gf = m.function(g).expect("G is a function").clone_without_body();
    let g_params = m
        .types
        .func_parts(gf.fn_ty)
        .map(|(_, p, _)| p.to_vec())
        .expect("function type");
    // One block, a call and a return (casts of arguments or of the result are rare): room
    // for exactly that, as a module of a million merged copies holds a million thunks.
    let mut body = Body::default();
    body.insts.reserve_exact(2);
    body.blocks.reserve_exact(1);
    let entry = body.blocks.push(Default::default());
    body.layout.push(entry);
    let (ci, call_operand, _) = forward_call(m, uses, &mut body, entry, f, g, extra);

    let thunk = Function {
        common: gf.common.clone(),
        fn_ty: gf.fn_ty,
        params: g_params
            .iter()
            .map(|&ty| Param {
                ty,
                name: Name::Unnamed,
            })
            .collect(),
        cc: gf.cc.clone(),
        attrs: gf.attrs.clone(),
        align: gf.align,
        gc: gf.gc.clone(),
        prefix: gf.prefix,
        prologue: gf.prologue,
        personality: gf.personality,
        md: gf
            .md
            .iter()
            .filter(|a| matches!(&*a.kind, "type" | "kcfi_type"))
            .cloned()
            .collect(),
        body: Some(Box::new(body)),
    };
    // The thunk takes G's name (added first, the name now finds it), G's uses and what
    // metadata says of G; then G goes, as LLVM's `takeName`, RAUW and `eraseFromParent`.
    let t = m.add_global(GlobalKind::Function(Box::new(thunk)));
    uses.add(
        f,
        User::Inst {
            func: t,
            inst: ci,
            operand: call_operand as u32,
            direct: true,
        },
    );
    // Extra arguments naming functions are uses too: a later replacement must reach them.
    let first_extra = call_operand - extra.len();
    for (k, &c) in extra.iter().enumerate() {
        if let Some(h) = m
            .consts
            .as_global(c)
            .filter(|&h| m.globals[h].as_function().is_some())
        {
            uses.add(
                h,
                User::Inst {
                    func: t,
                    inst: ci,
                    operand: (first_extra + k) as u32,
                    direct: true,
                },
            );
        }
    }
    uses.replace_all_uses(m, g, t);
    uses.erase_function(m, g);
    t
}
