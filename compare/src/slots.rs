//! LLVM's slot numbers for a function's unnamed values (`%0`, `%1`, ...).
//!
//! Unnamed arguments, blocks and non-void instructions are numbered in that order, blocks and
//! instructions in layout order, as the text format requires. The comparator needs this to find
//! the block a `blockaddress(@f, %3)` names; explanations use it to print values.

use cranelift_entity::SecondaryMap;
use mergefn_ir::{Block, Function, Inst, Module, Name};

/// Slot numbers of one function's unnamed values.
pub(crate) struct Slots {
    args: Vec<Option<u32>>,
    insts: SecondaryMap<Inst, Option<u32>>,
    blocks: SecondaryMap<Block, Option<u32>>,
}

impl Slots {
    pub(crate) fn new(m: &Module, f: &Function) -> Slots {
        let mut next = 0;
        let mut take = |named: bool| {
            if named {
                None
            } else {
                next += 1;
                Some(next - 1)
            }
        };
        let args = f
            .params
            .iter()
            .map(|p| take(p.name.as_str().is_some()))
            .collect();
        let (mut insts, mut blocks) = (SecondaryMap::new(), SecondaryMap::new());
        if let Some(body) = &f.body {
            for &b in &body.layout {
                blocks[b] = take(body.blocks[b].name.as_str().is_some());
                for &i in &body.blocks[b].insts {
                    let named =
                        body.inst_names[i].as_str().is_some() || m.types.is_void(body.insts[i].ty);
                    insts[i] = take(named);
                }
            }
        }
        Slots {
            args,
            insts,
            blocks,
        }
    }

    pub(crate) fn arg(&self, f: &Function, i: u32) -> String {
        local(
            &f.params[i as usize].name,
            self.args.get(i as usize).copied().flatten(),
        )
    }

    pub(crate) fn inst(&self, f: &Function, i: Inst) -> String {
        let name = f.body.as_ref().map(|b| &b.inst_names[i]);
        local(name.unwrap_or(&Name::Unnamed), self.insts[i])
    }

    pub(crate) fn block(&self, f: &Function, b: Block) -> String {
        let name = f.body.as_ref().map(|body| &body.blocks[b].name);
        local(name.unwrap_or(&Name::Unnamed), self.blocks[b])
    }
}

fn local(name: &Name, slot: Option<u32>) -> String {
    match (name.as_str(), slot) {
        (Some(n), _) => format!("%{n}"),
        (None, Some(s)) => format!("%{s}"),
        (None, None) => "<void>".into(),
    }
}

/// The block `name` (as written after `%`) of `f`: a named block, or an unnamed one by slot.
pub(crate) fn find_block(m: &Module, f: &Function, name: &str) -> Option<Block> {
    let body = f.body.as_ref()?;
    if let Some(&b) = body
        .layout
        .iter()
        .find(|&&b| body.blocks[b].name.as_str() == Some(name))
    {
        return Some(b);
    }
    let wanted: u32 = name.parse().ok()?;
    let slots = Slots::new(m, f);
    body.layout
        .iter()
        .copied()
        .find(|&b| slots.blocks[b] == Some(wanted))
}
