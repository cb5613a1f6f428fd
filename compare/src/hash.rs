//! [`structural_hash`]: LLVM 22's `StructuralHash(F)` as MergeFunctions uses it, bit for bit.
//!
//! MergeFunctions keys `FnTree` by (hash, comparator): functions with different hashes are never
//! compared. The hash therefore has to be a function of what the comparator calls equal:
//! `compare(f, g) == Equal ⇒ structural_hash(f) == structural_hash(g)`. LLVM's non-detailed hash
//! satisfies this by looking only at what equal functions share exactly: whether the function is
//! varargs, its argument count, and the opcodes of its instructions block by block in the very
//! CFG order the comparator walks. It ignores types (equal functions may have `ptr` where the
//! other has `i64`), operands and constants.
//!
//! We reproduce LLVM's values, not just its partition: MergeFunctions processes candidates in
//! hash order, and that order decides where thunks land in the output. LLVM combines 64-bit
//! words with `stable_hash_combine` (XXH3-64 over their little-endian bytes); `opt
//! -passes='print<structural-hash>'` prints the same values this function returns.

use crate::llvm;
use cranelift_entity::EntityRef;
use mergefn_ir::{Block, Body, GlobalId, Module};
use xxhash_rust::xxh3::xxh3_64;

/// LLVM's initial hash value (also the hash of a declaration).
const INITIAL: u64 = 4;
const FUNCTION_HEADER: u64 = 0x6264_2d6b_6b2d_6b72;
const BLOCK_HEADER: u64 = 45798;

/// `stable_hash_combine`: XXH3-64 of the words' little-endian bytes.
fn combine(words: &[u64]) -> u64 {
    let mut bytes = Vec::with_capacity(words.len() * 8);
    for w in words {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    xxh3_64(&bytes)
}

/// `combine(&[n])` for an opcode number `n`, from a table computed once.
fn opcode_word(n: u64) -> u64 {
    static TABLE: std::sync::OnceLock<[u64; 128]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| std::array::from_fn(|k| combine(&[k as u64])));
    match table.get(n as usize) {
        Some(&w) => w,
        None => combine(&[n]),
    }
}

/// The structural hash of function `f` of `m`. Panics if `f` is not a function.
///
/// To hash many functions of one module, [`StructuralHasher`] looks up what they share once.
pub fn structural_hash(m: &Module, f: GlobalId) -> u64 {
    StructuralHasher::new(m).hash(f)
}

/// [`structural_hash`] for the functions of one module.
#[derive(Copy, Clone, Debug)]
pub struct StructuralHasher<'m> {
    m: &'m Module,
    debug: llvm::DebugIntrinsics,
}

impl<'m> StructuralHasher<'m> {
    pub fn new(m: &'m Module) -> Self {
        StructuralHasher {
            m,
            debug: llvm::DebugIntrinsics::of(m),
        }
    }

    /// The structural hash of function `f`. Panics if `f` is not a function.
    pub fn hash(&self, f: GlobalId) -> u64 {
        let m = self.m;
        let func = m
            .function(f)
            .unwrap_or_else(|| panic!("structural_hash: {} is not a function", m.global_name(f)));
        let Some(body) = &func.body else {
            return INITIAL;
        };
        let varargs = m.types.func_parts(func.fn_ty).is_some_and(|(_, _, v)| v);
        SCRATCH.with_borrow_mut(|scratch| {
            let HashScratch { bytes, walk } = scratch;
            // The words go straight into the byte string XXH3 reads. Instructions are read
            // where the CFG walk finds them: the merge pass hashes each body right after the
            // use index read it (`UseIndex::build_visiting`), so the body is in cache.
            bytes.clear();
            bytes.reserve(4 + body.blocks.len() + body.insts.len());
            for w in [
                INITIAL,
                FUNCTION_HEADER,
                varargs as u64,
                func.params.len() as u64,
            ] {
                bytes.push(w.to_le_bytes());
            }
            walk_blocks(body, walk, |b| {
                bytes.push(BLOCK_HEADER.to_le_bytes());
                // Non-detailed mode hashes each instruction as the combination of its opcode
                // alone.
                for &i in &body.blocks[b].insts {
                    let d = &body.insts[i];
                    // Debug intrinsics are records in LLVM 22: it does not see them.
                    if !self.debug.is_debug(m, d) {
                        bytes.push(opcode_word(llvm::opcode_number(d.opcode)).to_le_bytes());
                    }
                }
            });
            xxh3_64(bytes.as_flattened())
        })
    }
}

/// Buffers [`StructuralHasher::hash`] reuses from one function to the next on a thread.
#[derive(Default)]
struct HashScratch {
    /// The byte string XXH3 reads, eight bytes at a time.
    bytes: Vec<[u8; 8]>,
    walk: BlockWalk,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<HashScratch> = std::cell::RefCell::default();
}

/// The stack and visited set of a CFG walk.
#[derive(Default)]
struct BlockWalk {
    stack: Vec<Block>,
    visited: Vec<bool>,
}

/// Visit the blocks reachable from the entry in the order both hashes (and the comparator)
/// walk them: depth first, successors pushed in operand order.
fn for_each_block(body: &Body, visit: impl FnMut(Block)) {
    walk_blocks(body, &mut BlockWalk::default(), visit)
}

/// [`for_each_block`] with the walk's buffers supplied.
fn walk_blocks(body: &Body, walk: &mut BlockWalk, mut visit: impl FnMut(Block)) {
    let Some(entry) = body.entry() else { return };
    let BlockWalk { stack, visited } = walk;
    stack.clear();
    stack.push(entry);
    visited.clear();
    visited.resize(body.blocks.len(), false);
    visited[entry.index()] = true;
    while let Some(b) = stack.pop() {
        visit(b);
        if let Some(t) = body.terminator(b) {
            for s in llvm::successors(&body.insts[t]) {
                if !std::mem::replace(&mut visited[s.index()], true) {
                    stack.push(s);
                }
            }
        }
    }
}

/// A finer key than [`structural_hash`] for keyed lookup (`--lookup hash`): it also covers
/// each instruction's result type, its operands' kinds, argument positions, integer constant
/// values and compare predicates, so that functions that differ only late (in a constant, an
/// operand) land in different buckets.
///
/// It keeps the same law, `compare(f, g) == Equal ⇒ detailed_hash(f) == detailed_hash(g)`, by
/// hashing only what the comparator requires to be identical, in its own walk order:
/// - types coarsely, as the comparator sees them: a pointer in address space 0 counts as the
///   pointer-sized integer, integers by width, floats by kind, every other type by its kind
///   alone (identified and literal structs alike);
/// - a non-zero integer constant by width and value (the comparator compares those exactly,
///   and no other kind of constant can equal one; a zero can equal `null`, a pointer being the
///   pointer-sized integer), except as a GEP index (GEPs with constant indices are compared by
///   their byte offset); every other constant, global, instruction or
///   block operand by its kind alone (their equality depends on serial numbers, on the
///   global numbering or on self-reference rules);
/// - an argument by its position (arguments are numbered in order before anything else).
pub fn detailed_hash(m: &Module, f: GlobalId) -> u64 {
    use mergefn_ir::{ConstData, InstExtra, TypeData, Value};
    let Some(func) = m.function(f) else {
        return INITIAL;
    };
    let Some(body) = &func.body else {
        return INITIAL;
    };
    let ptr_bits = m.pointer_bits(0) as u64;
    let ty_word = |t: mergefn_ir::Type| -> u64 {
        match m.types.get(t) {
            TypeData::Int(w) => 1 << 32 | *w as u64,
            TypeData::Ptr(0) | TypeData::TypedPtr(_, 0) => 1 << 32 | ptr_bits,
            TypeData::Ptr(a) | TypeData::TypedPtr(_, a) => 2 << 32 | *a as u64,
            TypeData::Float(k) => 3 << 32 | *k as u64,
            TypeData::Named(_) | TypeData::Struct { .. } => 4 << 32,
            other => (5 << 32) | kind_word(other),
        }
    };
    // Everything LLVM's structural hash covers is in here too: varargs, the argument count,
    // and each block's opcodes in walk order.
    let varargs = m.types.func_parts(func.fn_ty).is_some_and(|(_, _, v)| v);
    let debug = llvm::DebugIntrinsics::of(m);
    let mut words: Vec<u64> = vec![FUNCTION_HEADER, varargs as u64, func.params.len() as u64];
    for_each_block(body, |b| {
        words.push(BLOCK_HEADER);
        for i in llvm::block_insts(m, debug, body, b) {
            let d = &body.insts[i];
            words.push(llvm::opcode_number(d.opcode));
            words.push(ty_word(d.ty));
            if let InstExtra::Cmp(p) = &d.extra {
                words.push(p.0 as u64);
            }
            // A GEP with constant indices is compared by its byte offset, not its indices.
            let gep = d.opcode == mergefn_ir::Opcode::GetElementPtr;
            for v in &d.operands {
                match *v {
                    Value::Arg(k) => words.push(1 << 40 | k as u64),
                    Value::Const(c) => match m.consts.get(c) {
                        ConstData::Int { ty, val } if !gep && val.words.iter().any(|&w| w != 0) => {
                            words.push(ty_word(*ty));
                            words.extend(val.words.iter().copied());
                        }
                        _ => words.push(2 << 40),
                    },
                    Value::Inst(_) => words.push(3 << 40),
                    Value::Block(_) => words.push(4 << 40),
                    _ => words.push(5 << 40),
                }
            }
        }
    });
    combine(&words)
}

/// A word for a type's kind alone (its discriminant's hash; the same within one build).
fn kind_word(t: &mergefn_ir::TypeData) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    std::mem::discriminant(t).hash(&mut h);
    h.finish()
}
