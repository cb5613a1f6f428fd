//! Rewrites of constants shared by every kind of merge: replacing a global inside constants
//! at any depth (LLVM's `handleOperandChange` of each kind of constant), what a deleted
//! function's block addresses become, casts of global references, and how text names a
//! global. The bottom layer of the crate: it reads and interns constants and nothing else.

use mergefn_ir::inst::Opcode;
use mergefn_ir::lexer::is_ident_char;
use mergefn_ir::{ApInt, Const, ConstData, ConstExpr, GlobalId, GlobalKind, Module, Type};
use rustc_hash::FxHashMap;

/// What [`rewrite_const`] does with one constant.
pub enum Rewrite {
    /// Replace it (and so everything above it that holds it).
    With(Const),
    /// Leave it and what is below it as they are.
    Keep,
    /// Rewrite its operands.
    Descend,
}

/// `c` rewritten by `rule`, bottom-up where the rule descends, re-interning each constant
/// whose operands changed (`memo` remembers the answers of one rewrite).
pub fn rewrite_const(
    m: &mut Module,
    c: Const,
    memo: &mut FxHashMap<Const, Const>,
    rule: &mut dyn FnMut(&mut Module, Const) -> Rewrite,
) -> Const {
    if let Some(&r) = memo.get(&c) {
        return r;
    }
    let r = match rule(m, c) {
        Rewrite::With(r) => r,
        Rewrite::Keep => c,
        Rewrite::Descend => {
            let ops = m.consts.operands(c);
            let new_ops: Vec<Const> = ops
                .iter()
                .map(|&o| rewrite_const(m, o, memo, rule))
                .collect();
            if new_ops == ops.as_slice() {
                c
            } else {
                let mut it = new_ops.into_iter();
                let mut next = || it.next().expect("same number of operands");
                let nd = m.consts.get(c).map_refs(|t| t, |_| next(), |g| g);
                m.consts.intern(nd)
            }
        }
    };
    memo.insert(c, r);
    r
}

/// The rule that turns each `blockaddress(@g, %bb)` into `inttoptr (i32 1 to ptr)`: what
/// LLVM leaves of a block address when the block is deleted with `g`'s body.
pub fn kill_block_addresses(m: &mut Module, c: Const, g: GlobalId) -> Rewrite {
    match m.consts.get(c) {
        ConstData::BlockAddress { ty, func, .. } if m.consts.as_global(*func) == Some(g) => {
            let ty = *ty;
            let i32t = m.types.int(32);
            let one = m.consts.intern(ConstData::Int {
                ty: i32t,
                val: ApInt::from_u64(32, 1),
            });
            Rewrite::With(m.consts.intern(ConstData::Expr(Box::new(ConstExpr {
                ops: vec![one],
                ..ConstExpr::new(Opcode::IntToPtr, ty)
            }))))
        }
        _ => Rewrite::Descend,
    }
}

/// Whether `c` holds a `blockaddress` of a block of `g`.
pub fn holds_block_address(m: &Module, c: Const, g: GlobalId) -> bool {
    match m.consts.get(c) {
        ConstData::BlockAddress { func, .. } => m.consts.as_global(*func) == Some(g),
        _ => m
            .consts
            .operand_slice(c)
            .iter()
            .any(|&o| holds_block_address(m, o, g)),
    }
}

/// The constant naming `to`, with the type `from`'s constant has (a bitcast in typed-pointer
/// modules when the pointer types differ, as LLVM 14 did).
pub fn global_const_like(m: &mut Module, from: GlobalId, to: GlobalId) -> Const {
    let want = m.global_ptr_type(from);
    let c = m.global_const(to);
    cast_const(m, c, want)
}

/// How `@name` is spelled in text.
pub fn name_ref(name: &str) -> String {
    let plain =
        !name.is_empty() && !name.as_bytes()[0].is_ascii_digit() && name.bytes().all(is_ident_char);
    if plain {
        format!("@{name}")
    } else {
        let mut s = String::from("@\"");
        for b in name.bytes() {
            if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
                s.push(b as char);
            } else {
                s.push_str(&format!("\\{b:02X}"));
            }
        }
        s.push('"');
        s
    }
}

/// Whether `c` names `g` other than through a `blockaddress` (which is not a use of `g`).
pub fn const_mentions(m: &Module, c: Const, g: GlobalId) -> bool {
    match m.consts.get(c) {
        ConstData::Global { global, .. } => *global == g,
        ConstData::BlockAddress { .. } => false,
        _ => m
            .consts
            .operand_slice(c)
            .iter()
            .any(|&o| const_mentions(m, o, g)),
    }
}

/// The rule of a replace-all-uses of `from` by `to_c`: a `blockaddress` is left alone (it
/// names `from`'s blocks, not a use of `from`), and a `dso_local_equivalent` of `from`
/// becomes one of the function behind `to_c` when that is an alias (LLVM's
/// `DSOLocalEquivalent::handleOperandChangeImpl`: it must name a function).
pub fn replace_global(m: &mut Module, c: Const, from: GlobalId, to_c: Const) -> Rewrite {
    match m.consts.get(c) {
        ConstData::Global { global, .. } if *global == from => Rewrite::With(to_c),
        ConstData::BlockAddress { .. } => Rewrite::Keep,
        ConstData::DsoLocalEquivalent { ty, func } if m.consts.as_global(*func) == Some(from) => {
            let ty = *ty;
            let mut target = to_c;
            while let Some(GlobalKind::Alias(a)) = m
                .consts
                .as_global(strip_casts(m, target))
                .map(|g| &m.globals[g].kind)
            {
                target = a.target;
            }
            let func = strip_casts(m, target);
            Rewrite::With(m.consts.intern(ConstData::DsoLocalEquivalent { ty, func }))
        }
        _ => Rewrite::Descend,
    }
}

/// `c` without the pointer casts around it.
pub fn strip_casts(m: &Module, mut c: Const) -> Const {
    while let ConstData::Expr(e) = m.consts.get(c) {
        match e.ops.first() {
            Some(&o) if e.op.is_cast() => c = o,
            _ => break,
        }
    }
    c
}

/// `c` as a constant of type `want`: unchanged when the types agree, else a `bitcast` (or
/// `addrspacecast`) expression, as LLVM ≤ 14 wrote for typed pointers.
pub fn cast_const(m: &mut Module, c: Const, want: Type) -> Const {
    let have = m.consts.ty(c);
    if have == want {
        return c;
    }
    let op = if m.types.pointer_addrspace(have) != m.types.pointer_addrspace(want) {
        Opcode::AddrSpaceCast
    } else {
        Opcode::BitCast
    };
    m.consts.intern(ConstData::Expr(Box::new(ConstExpr {
        ops: vec![c],
        ..ConstExpr::new(op, want)
    })))
}
