//! `cmp_operations` and `cmp_geps`: one instruction pair, everything but the operand values.

use super::{FunctionComparator, Side, TyRef, Val};
use crate::llvm::{self, Operand};
use mergefn_ir::inst::{Atomic, AtomicRmwInfo, CallInfo, CmpXchgInfo, Ordering as AtomicOrdering};
use mergefn_ir::{ApInt, ConstData, Flags, Inst, InstData, InstExtra, Opcode, Type, TypeData};
use std::cmp::Ordering;

/// An atomic ordering and sync scope, as LLVM numbers them; non-atomic accesses are
/// `NotAtomic` in the system scope.
fn atomic_key(a: Option<&Atomic>) -> (u64, (u64, &str)) {
    match a {
        Some(a) => (
            a.ordering as u64,
            llvm::sync_scope_number(a.scope.as_deref()),
        ),
        None => (
            AtomicOrdering::NotAtomic as u64,
            llvm::sync_scope_number(None),
        ),
    }
}

impl<'m, 'g> FunctionComparator<'m, 'g> {
    /// One instruction pair (LLVM's `cmpOperations`), most significant first:
    /// 1. the instructions' own serial numbers (where they were first used vs defined);
    /// 2. opcode; a GEP then goes to [`cmp_geps`](Self::cmp_geps) after its pointer operand;
    /// 3. operand count, result type, the raw optional data (wrap/exact/disjoint/nneg/samesign
    ///    bits and fast-math flags), each operand's type;
    /// 4. opcode-specific state: alloca type and alignment; load/store volatility, alignment
    ///    (the data layout's default when not written), ordering, sync scope, and for loads all
    ///    metadata; predicates; call convention, attributes, bundle schema, tail kind and
    ///    `!range` of calls; switch case values; `insertvalue`/`extractvalue` indices; fence,
    ///    `cmpxchg` and `atomicrmw` state; shuffle masks; a phi's incoming blocks.
    ///
    /// Returns whether the caller still has to compare the operands (not for GEPs).
    pub(crate) fn cmp_operations(
        &mut self,
        il: Inst,
        ir: Inst,
        ol: &[Operand],
        or: &[Operand],
    ) -> (Ordering, bool) {
        let o = self.cmp_values(Val::Inst(il), Val::Inst(ir));
        if o.is_ne() {
            return (o, true);
        }
        let (l, r) = (
            &self.body(Side::Left).insts[il],
            &self.body(Side::Right).insts[ir],
        );
        let o = llvm::opcode_number(l.opcode).cmp(&llvm::opcode_number(r.opcode));
        if o.is_ne() {
            return (
                self.decided(o, "cmp_operations", |_| {
                    format!("opcodes {} vs {}", l.opcode.keyword(), r.opcode.keyword())
                }),
                true,
            );
        }
        if l.opcode == Opcode::GetElementPtr {
            let o = self.cmp_values(ol[0].into(), or[0].into());
            if o.is_ne() {
                return (o, false);
            }
            return (self.cmp_geps(l, r, ol, or), false);
        }
        (self.cmp_operation_state(l, r, ol, or), true)
    }

    fn cmp_operation_state(
        &mut self,
        l: &'m InstData,
        r: &'m InstData,
        ol: &[Operand],
        or: &[Operand],
    ) -> Ordering {
        let o = ol.len().cmp(&or.len());
        if o.is_ne() {
            return self.decided(o, "cmp_operations", |_| {
                format!("{} vs {} operands", ol.len(), or.len())
            });
        }
        let o = self.cmp_types(TyRef::Id(l.ty), TyRef::Id(r.ty));
        if o.is_ne() {
            return o;
        }
        let (fl, fr) = (llvm::raw_optional_data(l), llvm::raw_optional_data(r));
        let o = fl.cmp(&fr);
        if o.is_ne() && !(l.opcode != Opcode::ByteCast && self.tolerate_flags(r)) {
            return self.decided(o, "cmp_operations", |_| format!("optional flags (nuw/nsw/exact/disjoint/nneg/samesign/fast-math) 0x{fl:x} vs 0x{fr:x}"));
        }
        for (&a, &b) in ol.iter().zip(or) {
            let (ta, tb) = (
                self.type_of(Side::Left, a.into()),
                self.type_of(Side::Right, b.into()),
            );
            let o = self.cmp_types(ta, tb);
            if o.is_ne() {
                return o;
            }
        }
        match (&l.extra, &r.extra) {
            (
                InstExtra::Alloca {
                    allocated: ta,
                    align: aa,
                    ..
                },
                InstExtra::Alloca {
                    allocated: tb,
                    align: ab,
                    ..
                },
            ) => {
                let o = self.cmp_types(TyRef::Id(*ta), TyRef::Id(*tb));
                if o.is_ne() {
                    return o;
                }
                let dl = self.layout();
                let (x, y) = (
                    aa.map_or_else(|| dl.pref_align(&self.m.types, *ta), u64::from),
                    ab.map_or_else(|| dl.pref_align(&self.m.types, *tb), u64::from),
                );
                self.decided(x.cmp(&y), "cmp_operations", |_| {
                    format!("alloca alignments {x} vs {y}")
                })
            }
            (
                InstExtra::Load {
                    align: aa,
                    atomic: xa,
                },
                InstExtra::Load {
                    align: ab,
                    atomic: xb,
                },
            ) => {
                let o = self.cmp_memory_access(
                    l,
                    r,
                    (aa.map(u64::from), ab.map(u64::from)),
                    (l.ty, r.ty),
                    (xa, xb),
                );
                if o.is_ne() {
                    return o;
                }
                self.cmp_inst_metadata(&l.md, &r.md)
            }
            (
                InstExtra::Store {
                    align: aa,
                    atomic: xa,
                },
                InstExtra::Store {
                    align: ab,
                    atomic: xb,
                },
            ) => {
                let (ta, tb) = (
                    self.stored_type(Side::Left, l),
                    self.stored_type(Side::Right, r),
                );
                self.cmp_memory_access(
                    l,
                    r,
                    (aa.map(u64::from), ab.map(u64::from)),
                    (ta, tb),
                    (xa, xb),
                )
            }
            (InstExtra::Cmp(a), InstExtra::Cmp(b)) => {
                self.decided(a.0.cmp(&b.0), "cmp_operations", |_| {
                    format!("predicates {} vs {}", a.name(), b.name())
                })
            }
            (InstExtra::Call(a), InstExtra::Call(b)) => self.cmp_calls(l, r, a, b),
            (InstExtra::Indices(a), InstExtra::Indices(b)) => {
                let o = a.len().cmp(&b.len()).then_with(|| a.cmp(b));
                self.decided(o, "cmp_operations", |_| format!("indices {a:?} vs {b:?}"))
            }
            (InstExtra::Fence(a), InstExtra::Fence(b)) => {
                let (ka, kb) = (atomic_key(Some(a)), atomic_key(Some(b)));
                self.decided(ka.cmp(&kb), "cmp_operations", |_| {
                    format!("fence orderings or scopes {ka:?} vs {kb:?}")
                })
            }
            (InstExtra::CmpXchg(xa), InstExtra::CmpXchg(xb)) => {
                let (
                    CmpXchgInfo {
                        weak: wa,
                        success: sa,
                        failure: fa,
                        scope: ca,
                        ..
                    },
                    CmpXchgInfo {
                        weak: wb,
                        success: sb,
                        failure: fb,
                        scope: cb,
                        ..
                    },
                ) = (&**xa, &**xb);
                let o = self
                    .cmp_volatile(l, r)
                    .then(wa.cmp(wb))
                    .then((*sa as u64).cmp(&(*sb as u64)))
                    .then((*fa as u64).cmp(&(*fb as u64)))
                    .then(
                        llvm::sync_scope_number(ca.as_deref())
                            .cmp(&llvm::sync_scope_number(cb.as_deref())),
                    );
                self.decided(o, "cmp_operations", |_| {
                    "cmpxchg volatility, weakness, orderings or scope differ".into()
                })
            }
            (InstExtra::AtomicRmw(xa), InstExtra::AtomicRmw(xb)) => {
                let (
                    AtomicRmwInfo {
                        op: pa,
                        ordering: oa,
                        scope: ca,
                        ..
                    },
                    AtomicRmwInfo {
                        op: pb,
                        ordering: ob,
                        scope: cb,
                        ..
                    },
                ) = (&**xa, &**xb);
                let o = llvm::rmw_op_number(pa)
                    .cmp(&llvm::rmw_op_number(pb))
                    .then(self.cmp_volatile(l, r))
                    .then((*oa as u64).cmp(&(*ob as u64)))
                    .then(
                        llvm::sync_scope_number(ca.as_deref())
                            .cmp(&llvm::sync_scope_number(cb.as_deref())),
                    );
                self.decided(o, "cmp_operations", |_| {
                    format!(
                        "atomicrmw {pa} vs {pb}: operation, volatility, ordering or scope differ"
                    )
                })
            }
            (InstExtra::Shuffle(a), InstExtra::Shuffle(b)) => {
                let key = |m: &[i32]| m.iter().map(|&x| x as i64 as u64).collect::<Vec<_>>();
                let o = a.len().cmp(&b.len()).then_with(|| key(a).cmp(&key(b)));
                self.decided(o, "cmp_operations", |_| {
                    format!("shuffle masks {a:?} vs {b:?}")
                })
            }
            _ => match l.opcode {
                Opcode::Switch => self.cmp_switch_cases(l, r),
                Opcode::Phi => {
                    for (a, b) in llvm::phi_blocks(l).zip(llvm::phi_blocks(r)) {
                        let o = self.cmp_values(Val::Block(a), Val::Block(b));
                        if o.is_ne() {
                            return o;
                        }
                    }
                    Ordering::Equal
                }
                _ => Ordering::Equal,
            },
        }
    }

    /// Load/store state: volatility, alignment (the ABI alignment of the accessed type when the
    /// text has none, as LLParser fills in), ordering, sync scope.
    fn cmp_memory_access(
        &mut self,
        l: &InstData,
        r: &InstData,
        (aa, ab): (Option<u64>, Option<u64>),
        (ta, tb): (Type, Type),
        (xa, xb): (&Option<Box<Atomic>>, &Option<Box<Atomic>>),
    ) -> Ordering {
        let o = self.cmp_volatile(l, r);
        if o.is_ne() {
            return self.decided(o, "cmp_operations", |_| "volatility differs".into());
        }
        let dl = self.layout();
        let (x, y) = (
            aa.unwrap_or_else(|| dl.abi_align(&self.m.types, ta)),
            ab.unwrap_or_else(|| dl.abi_align(&self.m.types, tb)),
        );
        let o = x.cmp(&y);
        if o.is_ne() {
            return self.decided(o, "cmp_operations", |_| format!("alignments {x} vs {y}"));
        }
        let (ka, kb) = (atomic_key(xa.as_deref()), atomic_key(xb.as_deref()));
        self.decided(ka.cmp(&kb), "cmp_operations", |_| {
            format!("atomic orderings or scopes {ka:?} vs {kb:?}")
        })
    }

    fn cmp_volatile(&self, l: &InstData, r: &InstData) -> Ordering {
        use mergefn_ir::Flags;
        l.flags
            .has(Flags::VOLATILE)
            .cmp(&r.flags.has(Flags::VOLATILE))
    }

    fn stored_type(&self, side: Side, d: &InstData) -> Type {
        match self.type_of(side, d.operands[0].into()) {
            TyRef::Id(t) => t,
            _ => d.ty,
        }
    }

    /// Call-like state: calling convention, attributes, operand bundle schema (count, then
    /// per bundle tag and input count), tail-call kind (`call` only), then `!range`.
    fn cmp_calls(
        &mut self,
        l: &'m InstData,
        r: &'m InstData,
        a: &'m CallInfo,
        b: &'m CallInfo,
    ) -> Ordering {
        let (ca, cb) = (
            llvm::calling_conv_number(a.cc.0.as_deref()),
            llvm::calling_conv_number(b.cc.0.as_deref()),
        );
        if ca != cb {
            return self.decided(ca.cmp(&cb), "cmp_operations", |_| {
                format!("calling conventions {ca:?} vs {cb:?}")
            });
        }
        let o = self.cmp_attrs(&a.attrs, &b.attrs, "call site");
        if o.is_ne() {
            return o;
        }
        let o = self.cmp_operand_bundles(a, b);
        if o.is_ne() {
            return o;
        }
        if l.opcode == Opcode::Call {
            let o = (a.tail as u64).cmp(&(b.tail as u64));
            if o.is_ne() {
                return self.decided(o, "cmp_operations", |_| {
                    format!("tail-call kinds {:?} vs {:?}", a.tail, b.tail)
                });
            }
        }
        self.cmp_range_metadata(&l.md, &r.md)
    }

    /// Operand bundle schemas (LLVM's `cmpOperandBundlesSchema`): bundle count, then per
    /// bundle the tag as text and the number of inputs. The inputs themselves are operands.
    pub(crate) fn cmp_operand_bundles(&mut self, a: &CallInfo, b: &CallInfo) -> Ordering {
        let o = a.bundles.len().cmp(&b.bundles.len());
        if o.is_ne() {
            return self.decided(o, "cmp_operand_bundles", |_| {
                format!("{} vs {} bundles", a.bundles.len(), b.bundles.len())
            });
        }
        for (x, y) in a.bundles.iter().zip(&b.bundles) {
            let o = x
                .tag
                .as_bytes()
                .cmp(y.tag.as_bytes())
                .then(x.inputs.len().cmp(&y.inputs.len()));
            if o.is_ne() {
                return self.decided(o, "cmp_operand_bundles", |_| {
                    format!(
                        "\"{}\" with {} inputs vs \"{}\" with {}",
                        x.tag,
                        x.inputs.len(),
                        y.tag,
                        y.inputs.len()
                    )
                });
            }
        }
        Ordering::Equal
    }

    /// Switch case values, pairwise by [`cmp_constants`](Self::cmp_constants) (they are
    /// operands too; this only makes them count before the destinations).
    fn cmp_switch_cases(&mut self, l: &InstData, r: &InstData) -> Ordering {
        let cases = |d: &InstData| {
            d.operands
                .iter()
                .skip(2)
                .step_by(2)
                .copied()
                .collect::<Vec<_>>()
        };
        for (a, b) in cases(l).into_iter().zip(cases(r)) {
            if let (Val::Const(x), Val::Const(y)) = (Val::from(a), Val::from(b)) {
                let o = self.cmp_constants(x, y);
                if o.is_ne() {
                    return o;
                }
            }
        }
        Ordering::Equal
    }

    /// Two GEPs (LLVM's `cmpGEPs`): address space; then, when both offsets are constant
    /// under the data layout, the offsets as unsigned numbers of the index width (so
    /// `gep i8, p, 8` equals `gep {i32, i64}, p, 0, 1` on x86-64); otherwise source element
    /// type, operand count, and operands by [`cmp_values`](Self::cmp_values). No-wrap flags
    /// are not compared, as in LLVM 22.
    pub(crate) fn cmp_geps(
        &mut self,
        l: &'m InstData,
        r: &'m InstData,
        ol: &[Operand],
        or: &[Operand],
    ) -> Ordering {
        let (al, ar) = (
            self.gep_addrspace(Side::Left, ol),
            self.gep_addrspace(Side::Right, or),
        );
        if al != ar {
            return self.decided(al.cmp(&ar), "cmp_geps", |_| {
                format!("address spaces {al} vs {ar}")
            });
        }
        // Not in LLVM 22: the no-wrap flags (inbounds, nusw, nuw) make out-of-range results
        // poison, so GEPs that differ in them are not interchangeable (llvm/llvm-project#219664,
        // see docs/DIVERGENCES.md).
        let gep_flags = Flags::INBOUNDS | Flags::NUSW | Flags::NUW;
        let (fl, fr) = (l.flags.0 & gep_flags, r.flags.0 & gep_flags);
        if fl != fr && !self.tolerate_flags(r) {
            return self.decided(fl.cmp(&fr), "cmp_geps", |_| {
                format!("no-wrap flags {fl:#x} vs {fr:#x}")
            });
        }
        let width = self.layout().index_size_bits(al).min(128);
        let (sl, sr) = (gep_source(l), gep_source(r));
        if let (Some(a), Some(b)) = (
            self.gep_offset(sl, &ol[1..], width),
            self.gep_offset(sr, &or[1..], width),
        ) {
            return self.decided(a.cmp(&b), "cmp_geps", |_| {
                format!("constant offsets {a} vs {b}")
            });
        }
        let o = self.cmp_types(TyRef::Id(sl), TyRef::Id(sr));
        if o.is_ne() {
            return o;
        }
        let o = ol.len().cmp(&or.len());
        if o.is_ne() {
            return self.decided(o, "cmp_geps", |_| {
                format!("{} vs {} operands", ol.len(), or.len())
            });
        }
        for (&a, &b) in ol.iter().zip(or) {
            let o = self.cmp_values(a.into(), b.into());
            if o.is_ne() {
                return o;
            }
        }
        Ordering::Equal
    }

    fn gep_addrspace(&self, side: Side, ops: &[Operand]) -> u32 {
        let t = self.type_of(side, ops[0].into());
        let scalar = match t {
            TyRef::Id(t) => TyRef::Id(self.m.types.scalar(t)),
            t => t,
        };
        self.pointer_addrspace(scalar).unwrap_or(0)
    }

    /// A constant integer index (not a vector splat), sign-extended, as LLVM's
    /// `dyn_cast<ConstantInt>` in `accumulateConstantOffset` sees it.
    fn const_index(&self, o: Operand) -> Option<i128> {
        let Operand::Value(mergefn_ir::Value::Const(c)) = o else {
            return None;
        };
        let m = self.m;
        let signed = |v: &ApInt| -> i128 {
            let lo = v.words[0] as u128 | (v.words.get(1).copied().unwrap_or(0) as u128) << 64;
            let shift = 128 - v.bits.min(128);
            ((lo << shift) as i128) >> shift
        };
        match m.consts.get(c) {
            ConstData::Int { ty, val } if matches!(m.types.get(*ty), TypeData::Int(_)) => {
                Some(signed(val))
            }
            ConstData::Zero(ty) if matches!(m.types.get(*ty), TypeData::Int(_)) => Some(0),
            _ => None,
        }
    }

    /// LLVM's `GEPOperator::accumulateConstantOffset`: the byte offset of a GEP whose indices
    /// are all constant integers, modulo 2^`width`; `None` if some index is not constant or a
    /// non-zero index steps over a scalable type.
    fn gep_offset(&self, source: Type, indices: &[Operand], width: u32) -> Option<u128> {
        let (m, dl) = (self.m, self.layout());
        let tt = &m.types;
        let mask = if width >= 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        };
        if matches!(tt.get(source), TypeData::Int(8)) && !indices.is_empty() {
            return self.const_index(indices[0]).map(|i| i as u128 & mask);
        }
        let mut offset: u128 = 0;
        let mut current = source;
        for (k, &op) in indices.iter().enumerate() {
            let index = self.const_index(op);
            let (next, step) = if k == 0 {
                (source, Step::Stride(dl.alloc_size(tt, source)))
            } else {
                match tt.get(current) {
                    TypeData::Struct { .. } | TypeData::Named(_) => {
                        let i = index? as u64;
                        (
                            tt.member(current, i)?,
                            Step::Field(dl.field_offset(tt, current, i)?),
                        )
                    }
                    TypeData::Array(_, e) => (*e, Step::Stride(dl.element_stride(tt, *e, false))),
                    TypeData::Vector { elem, .. } => {
                        (*elem, Step::Stride(dl.element_stride(tt, *elem, true)))
                    }
                    _ => return None,
                }
            };
            let index = index?;
            if index != 0 {
                if is_scalable(m, next) {
                    return None;
                }
                let add = match step {
                    Step::Field(off) => off as u128,
                    Step::Stride(size) => (index as u128).wrapping_mul(size as u128),
                };
                offset = offset.wrapping_add(add) & mask;
            }
            current = next;
        }
        Some(offset & mask)
    }
}

/// How one GEP index moves the address.
enum Step {
    /// A struct field at this byte offset.
    Field(u64),
    /// Index times this element size.
    Stride(u64),
}

fn gep_source(d: &InstData) -> Type {
    match &d.extra {
        InstExtra::Gep { source } => *source,
        _ => d.ty,
    }
}

/// Whether a type's size is a multiple of `vscale` (a scalable vector, or an aggregate of them).
fn is_scalable(m: &mergefn_ir::Module, t: Type) -> bool {
    match m.types.get(t) {
        TypeData::Vector { scalable, .. } => *scalable,
        TypeData::Array(_, e) => is_scalable(m, *e),
        TypeData::Struct { .. } | TypeData::Named(_) => m
            .types
            .struct_fields(t)
            .is_some_and(|(f, _)| f.iter().any(|&e| is_scalable(m, e))),
        _ => false,
    }
}
