//! Replacing a merged-away function G by an alias of the survivor F (LLVM's `writeAlias`,
//! under `-mergefunc-use-aliases`).

use crate::consts::global_const_like;
use crate::uses::Uses;
use mergefn_ir::uses::User;
use mergefn_ir::{Alias, GlobalCommon, GlobalId, GlobalKind, Module, UnnamedAddr};

/// Whether G may be replaced by an alias: aliases enabled and G's address insignificant.
pub fn can_create_alias_for(m: &Module, g: GlobalId, use_aliases: bool) -> bool {
    use_aliases && m.globals[g].common().unnamed_addr == UnnamedAddr::Global
}

/// Replace G by an alias of F (LLVM's `writeAlias`); F's alignment becomes the larger of both.
pub fn write_alias(m: &mut Module, uses: &mut Uses, f: GlobalId, g: GlobalId) -> GlobalId {
    let gf = m.function(g).expect("G is a function").clone_without_body();
    let g_align = gf.align;
    let f_align = m.function(f).expect("F").align;
    m.function_mut(f).expect("F").align = max_align(f_align, g_align);
    let target = global_const_like(m, g, f);
    let linkage = gf.common.linkage;
    let common = GlobalCommon {
        name: gf.common.name.clone(),
        linkage,
        visibility: gf.common.visibility,
        unnamed_addr: UnnamedAddr::Global,
        addrspace: gf.common.addrspace,
        dso_local: linkage.is_local(),
        ..Default::default()
    };
    let a = m.add_global(GlobalKind::Alias(Box::new(Alias {
        common,
        value_ty: gf.fn_ty,
        target,
        ifunc: false,
        md: Vec::new(),
    })));
    uses.add(f, User::Global(a));
    uses.replace_all_uses(m, g, a);
    uses.erase_function(m, g);
    a
}

/// LLVM's `std::max(A.valueOrOne(), B.valueOrOne())` over optional alignments.
pub fn max_align(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    if a.is_none() && b.is_none() {
        None
    } else {
        Some(a.unwrap_or(1).max(b.unwrap_or(1)))
    }
}
