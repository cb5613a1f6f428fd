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
    StructuralHasher::new(m).hash(m, f)
}

/// [`structural_hash`] (and [`key`](Self::key)) for the functions of one module: what they
/// share is looked up once, and the hasher holds no borrow of the module, so that a pass can
/// keep it while it edits the module (functions it creates are hashed with it too).
#[derive(Copy, Clone, Debug)]
pub struct StructuralHasher {
    debug: llvm::DebugIntrinsics,
    /// Width of a pointer in address space 0 (the key's integer for such pointers).
    ptr_bits: u64,
}

impl StructuralHasher {
    /// A hasher for the functions of `m`. It reads what all of them share (the data layout's
    /// pointer width, the debug intrinsic declarations) now and keeps no borrow of `m`, so the
    /// module passed to [`hash`](Self::hash) and [`key`](Self::key) later must be `m` or `m` after
    /// edits that added or changed functions (not a different module).
    pub fn new(m: &Module) -> Self {
        StructuralHasher {
            debug: llvm::DebugIntrinsics::of(m),
            ptr_bits: m.pointer_bits(0) as u64,
        }
    }

    /// The structural hash of function `f`. Panics if `f` is not a function.
    pub fn hash(&self, m: &Module, f: GlobalId) -> u64 {
        self.walk(m, f, false, false, false).0
    }

    /// A key for keyed lookup (`--lookup hash`) that tells apart what [`hash`](Self::hash)
    /// cannot: on real code, functions with equal keys are nearly always equal, so a bucket
    /// holds one function and a lookup costs at most the one comparison that confirms it.
    /// Panics if `f` is not a function.
    ///
    /// The law it keeps is `compare(f, g) == Equal ⇒ key(f) == key(g)`, by hashing only what
    /// the comparator requires to be identical, at positions where it compares them, walking
    /// the blocks in the comparator's order (depth first from the entry, without debug
    /// intrinsics):
    /// - everything [`hash`](Self::hash) covers (varargs, argument count, opcodes), the calling
    ///   convention, and compare predicates;
    /// - types coarsely, as the comparator sees them: a pointer in address space 0 counts as
    ///   the pointer-sized integer, integers by width, floats by kind, every other type by its
    ///   kind alone;
    /// - local values by serial number: an argument by its position, an instruction or block
    ///   by the order in which this walk first meets it (as the instruction itself or as an
    ///   operand). The comparator numbers values in its own tables and calls two values equal
    ///   only when their numbers are, so equal functions repeat values in the same pattern at
    ///   every set of positions it compares; numbering by first occurrence over the same
    ///   positions, taken in the same order on both sides, then gives the same numbers;
    /// - a global operand by identity (the comparator orders globals by their number, equal
    ///   only for the same global), except its own function as a call's callee, which the
    ///   comparator lets stand for the other side's own function;
    /// - a non-zero integer constant by width and value (no other kind of constant can equal
    ///   one; a zero can equal `null`, a pointer being the pointer-sized integer); every other
    ///   constant, metadata and asm operand by its kind alone;
    /// - of a GEP, only the pointer operand: GEPs are compared by byte offset, not indices;
    ///   of an alloca, no operand (its size may be implicit on one side).
    pub fn key(&self, m: &Module, f: GlobalId) -> u64 {
        self.walk(m, f, true, false, false).1
    }

    /// [`key`](Self::key) with every global a call targets counted alike, whatever the
    /// function: the key for comparisons modulo classes of callees
    /// ([`FunctionComparator::with_callee_classes`](crate::FunctionComparator::with_callee_classes)),
    /// which may find two calls of different functions equal. Its law is the same with that
    /// comparator: equal modulo any partition of callees ⇒ equal keys.
    pub fn callee_blind_key(&self, m: &Module, f: GlobalId) -> u64 {
        self.walk(m, f, true, true, false).1
    }

    /// [`key`](Self::key) with every constant operand counted alike (globals, callees,
    /// integers, its own name): the key for [`similar`](crate::similar::similar), which
    /// tolerates different constants at some operands and different poison-generating flags
    /// (never hashed) but requires everything else equal. Its law: `similar(f, g)` is `Some`
    /// ⇒ equal keys.
    pub fn similar_key(&self, m: &Module, f: GlobalId) -> u64 {
        self.walk(m, f, true, true, true).1
    }

    /// The structural hash, and the key when `keyed` (else 0).
    fn walk(
        &self,
        m: &Module,
        f: GlobalId,
        keyed: bool,
        blind_callees: bool,
        consts_alike: bool,
    ) -> (u64, u64) {
        use mergefn_ir::{ConstData, InstExtra, Opcode, TypeData, Value};
        let func = m
            .function(f)
            .unwrap_or_else(|| panic!("structural_hash: {} is not a function", m.global_name(f)));
        let Some(body) = &func.body else {
            return (INITIAL, INITIAL);
        };
        let ptr_bits = self.ptr_bits;
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
        let varargs = m.types.func_parts(func.fn_ty).is_some_and(|(_, _, v)| v);
        SCRATCH.with_borrow_mut(|scratch| {
            let HashScratch {
                bytes,
                walk,
                inst_sn,
                block_sn,
            } = scratch;
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
            // The key: an FxHash-style stream of words (cheap; a collision only costs a
            // comparison).
            let mut key = Key(0);
            if keyed {
                inst_sn.clear();
                inst_sn.resize(body.insts.len(), 0);
                block_sn.clear();
                block_sn.resize(body.blocks.len(), 0);
                key.add(varargs as u64);
                key.add(func.params.len() as u64);
                key.add(llvm::calling_conv_number(func.cc.0.as_deref()).0);
            }
            // Serial numbers of instructions and blocks, from 1 (0: not met yet).
            let mut next = 0u32;
            let mut serial = |slot: &mut u32| {
                if *slot == 0 {
                    next += 1;
                    *slot = next;
                }
                LOCAL | *slot as u64
            };
            walk_blocks(body, walk, |b| {
                bytes.push(BLOCK_HEADER.to_le_bytes());
                key.add(BLOCK_HEADER);
                for &i in &body.blocks[b].insts {
                    let d = &body.insts[i];
                    // Debug intrinsics are records in LLVM 22: it does not see them.
                    if self.debug.is_debug(m, d) {
                        continue;
                    }
                    // Non-detailed mode hashes each instruction as the combination of its
                    // opcode alone.
                    let opcode = llvm::opcode_number(d.opcode);
                    bytes.push(opcode_word(opcode).to_le_bytes());
                    if !keyed {
                        continue;
                    }
                    key.add(serial(&mut inst_sn[i.index()]));
                    key.add(opcode << 48 | ty_word(d.ty));
                    if let InstExtra::Cmp(p) = &d.extra {
                        key.add(p.0 as u64);
                    }
                    // The operands as stored: which of them the comparator pairs up depends
                    // only on the opcode and their number, both equal in equal functions.
                    // Of a GEP, the pointer only; of an alloca, nothing (`alloca i32` has an
                    // implicit size, equal to a written `i32 1`); a call's bundle inputs are
                    // left out.
                    let ops = match d.opcode {
                        Opcode::GetElementPtr => &d.operands[..d.operands.len().min(1)],
                        Opcode::Alloca => &[],
                        _ => &d.operands[..],
                    };
                    let callee = d.callee().is_some().then(|| ops.len() - 1);
                    for (k, &v) in ops.iter().enumerate() {
                        let w = match v {
                            Value::Arg(a) => ARG | a as u64,
                            Value::Inst(x) => serial(&mut inst_sn[x.index()]),
                            Value::Block(x) => serial(&mut block_sn[x.index()]),
                            Value::Const(_) if consts_alike => OTHER_CONST,
                            Value::Const(c) => match m.consts.get(c) {
                                ConstData::Global { .. } if blind_callees && Some(k) == callee => {
                                    CALLEE
                                }
                                ConstData::Global { global, .. } => {
                                    if *global == f && Some(k) == callee {
                                        SELF_CALL
                                    } else {
                                        GLOBAL | global.index() as u64
                                    }
                                }
                                ConstData::Int { ty, val } if val.words.iter().any(|&w| w != 0) => {
                                    key.add(INT | ty_word(*ty));
                                    for &x in val.words.iter() {
                                        key.add(x);
                                    }
                                    continue;
                                }
                                _ => OTHER_CONST,
                            },
                            Value::Asm(_) | Value::Md(_) => OTHER,
                        };
                        key.add(w);
                    }
                }
            });
            (xxh3_64(bytes.as_flattened()), key.0)
        })
    }
}

/// Tags that keep the kinds of word in [`StructuralHasher::key`] apart.
const ARG: u64 = 1 << 40;
const LOCAL: u64 = 2 << 40;
const GLOBAL: u64 = 3 << 40;
const SELF_CALL: u64 = 4 << 40;
/// A call's target in [`StructuralHasher::callee_blind_key`].
const CALLEE: u64 = 8 << 40;
const OTHER_CONST: u64 = 5 << 40;
const OTHER: u64 = 6 << 40;
const INT: u64 = 7 << 40;

/// The key's running hash: each word is mixed in as FxHash does (rotate, xor, multiply).
struct Key(u64);

impl Key {
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Buffers [`StructuralHasher`] reuses from one function to the next on a thread.
#[derive(Default)]
struct HashScratch {
    /// The byte string XXH3 reads, eight bytes at a time.
    bytes: Vec<[u8; 8]>,
    walk: BlockWalk,
    /// The key's serial number of each instruction and block met so far (0: not yet).
    inst_sn: Vec<u32>,
    block_sn: Vec<u32>,
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
/// walk them: depth first, successors pushed in operand order, with the walk's buffers
/// supplied.
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

/// [`StructuralHasher::key`] of one function: a finer key than [`structural_hash`] for keyed
/// lookup (`--lookup hash`). Panics if `f` is not a function.
pub fn detailed_hash(m: &Module, f: GlobalId) -> u64 {
    StructuralHasher::new(m).key(m, f)
}

/// A word for a type's kind alone (its discriminant's hash; the same within one build).
fn kind_word(t: &mergefn_ir::TypeData) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    std::mem::discriminant(t).hash(&mut h);
    h.finish()
}
