//! The comparator is a total order and the hash respects it, on real IR.
//!
//! For the first functions of every module under `target/corpus/{rust,c,typed}`: reflexivity,
//! antisymmetry and "equal ⇒ equal hash" on every pair; transitivity on the whole set (the
//! functions sorted by the comparator must be ordered pairwise, with equal ones adjacent) and
//! on random triples. All comparisons of one module share one `GlobalNumbers`, as in a pass
//! run. Without a corpus the tests pass silently, unless `CI=true`.

use mergefn_compare::{
    detailed_hash, structural_hash, FunctionComparator, GlobalNumbers, StructuralHasher,
};
use mergefn_ir::{GlobalId, Module};
use proptest::prelude::*;
use std::cmp::Ordering;
use std::path::PathBuf;
use std::sync::OnceLock;

/// How many function definitions per module the laws are checked on.
const FUNCTIONS_PER_MODULE: usize = 200;

struct Corpus {
    modules: Vec<(String, Module, Vec<GlobalId>)>,
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/corpus");
        let ci = std::env::var("CI").is_ok_and(|v| v == "true");
        let mut modules = Vec::new();
        for dir in ["rust", "c", "typed"] {
            let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
                assert!(
                    !ci,
                    "CI=true but the corpus directory {} is missing (run scripts/corpus.sh)",
                    root.join(dir).display()
                );
                continue;
            };
            let mut paths: Vec<PathBuf> = entries
                .map(|e| e.expect("readable corpus entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "ll"))
                .collect();
            paths.sort();
            for p in paths {
                let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                let m = mergefn_ir::parse_module(&bytes)
                    .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                let fs: Vec<GlobalId> = m
                    .functions()
                    .filter(|&f| m.function(f).is_some_and(|f| !f.is_declaration()))
                    .take(FUNCTIONS_PER_MODULE)
                    .collect();
                modules.push((
                    format!("{dir}/{}", p.file_name().unwrap().to_string_lossy()),
                    m,
                    fs,
                ));
            }
        }
        Corpus { modules }
    })
}

fn cmp(m: &Module, n: &GlobalNumbers, f: GlobalId, g: GlobalId) -> Ordering {
    FunctionComparator::new(m, f, g, n).compare()
}

/// Two functions found equal must have the same lookup key.
fn assert_equal_keys(name: &str, m: &Module, (f, kf): (GlobalId, u64), (g, kg): (GlobalId, u64)) {
    assert_eq!(
        kf,
        kg,
        "{name}: @{} and @{} are equal but have different lookup keys",
        m.global_name(f),
        m.global_name(g)
    );
}

/// The definitions of `m` grouped by LLVM's structural hash, groups of two or more only, each
/// cut to its first `cap` members.
fn shared_hash_buckets(m: &Module, hasher: &StructuralHasher, cap: usize) -> Vec<Vec<GlobalId>> {
    let mut buckets: std::collections::BTreeMap<u64, Vec<GlobalId>> = Default::default();
    for f in m.functions() {
        if m.function(f).is_some_and(|f| !f.is_declaration()) {
            buckets.entry(hasher.hash(m, f)).or_default().push(f);
        }
    }
    buckets
        .into_values()
        .filter(|b| b.len() > 1)
        .map(|mut b| {
            b.truncate(cap);
            b
        })
        .collect()
}

fn why(m: &Module, f: GlobalId, g: GlobalId) -> String {
    mergefn_compare::explain(m, f, g).to_string()
}

#[test]
fn reflexive_antisymmetric_and_equal_functions_hash_equal() {
    let (mut pairs, mut equal, mut functions) = (0u64, 0u64, 0u64);
    for (name, m, fs) in &corpus().modules {
        let n = GlobalNumbers::new();
        let hashes: Vec<u64> = fs.iter().map(|&f| structural_hash(m, f)).collect();
        let keys: Vec<u64> = fs.iter().map(|&f| detailed_hash(m, f)).collect();
        for &f in fs {
            assert_eq!(
                cmp(m, &n, f, f),
                Ordering::Equal,
                "{name}: @{} is not equal to itself\n{}",
                m.global_name(f),
                why(m, f, f)
            );
        }
        for i in 0..fs.len() {
            for j in i + 1..fs.len() {
                let (f, g) = (fs[i], fs[j]);
                let (a, b) = (cmp(m, &n, f, g), cmp(m, &n, g, f));
                assert_eq!(
                    a,
                    b.reverse(),
                    "{name}: cmp(@{}, @{}) = {a:?} but the reverse is {b:?}",
                    m.global_name(f),
                    m.global_name(g)
                );
                if a.is_eq() {
                    assert_eq!(
                        hashes[i],
                        hashes[j],
                        "{name}: @{} and @{} are equal but hash differently",
                        m.global_name(f),
                        m.global_name(g)
                    );
                    assert_equal_keys(name, m, (f, keys[i]), (g, keys[j]));
                    equal += 1;
                }
                pairs += 1;
            }
        }
        functions += fs.len() as u64;
    }
    eprintln!("laws: {functions} functions reflexive; {pairs} pairs antisymmetric, {equal} of them equal with equal hashes");
}

/// The lookup key (`--lookup hash`) keeps "equal ⇒ equal key" where it matters, among
/// functions that share LLVM's structural hash, over whole modules (the pairs above are only
/// the first functions of each). Pairs per bucket are capped so that huge buckets stay cheap.
/// Also measures how fine the key is: the share of unequal pairs it tells apart.
#[test]
fn equal_functions_share_a_lookup_key_across_whole_modules() {
    const BUCKET_CAP: usize = 48;
    let (mut equal, mut unequal, mut unequal_same_key) = (0u64, 0u64, 0u64);
    for (name, m, _) in &corpus().modules {
        let n = GlobalNumbers::new();
        let hasher = StructuralHasher::new(m);
        for fs in shared_hash_buckets(m, &hasher, BUCKET_CAP) {
            let fs = &fs[..];
            let keys: Vec<u64> = fs.iter().map(|&f| hasher.key(m, f)).collect();
            assert_eq!(
                keys,
                fs.iter().map(|&f| detailed_hash(m, f)).collect::<Vec<_>>(),
                "{name}: the hasher's key and detailed_hash disagree"
            );
            for i in 0..fs.len() {
                for j in i + 1..fs.len() {
                    let (f, g) = (fs[i], fs[j]);
                    if cmp(m, &n, f, g).is_eq() {
                        assert_equal_keys(name, m, (f, keys[i]), (g, keys[j]));
                        equal += 1;
                    } else {
                        unequal += 1;
                        unequal_same_key += (keys[i] == keys[j]) as u64;
                    }
                }
            }
        }
    }
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    assert!(
        !ci || equal > 1000,
        "CI=true: expected many equal pairs, found {equal}"
    );
    eprintln!(
        "keys: {equal} equal pairs share a key; {unequal_same_key} of {unequal} unequal pairs in \
         shared-hash buckets share one too"
    );
}

/// Sort with the comparator (insertion sort: never trusts transitivity), then check every
/// pair against the sorted order and that equal functions form contiguous runs.
#[test]
fn transitive_over_each_module() {
    let mut checked = 0u64;
    for (name, m, fs) in &corpus().modules {
        let n = GlobalNumbers::new();
        let mut sorted: Vec<GlobalId> = Vec::with_capacity(fs.len());
        for &f in fs {
            let at = sorted
                .iter()
                .position(|&g| cmp(m, &n, f, g).is_lt())
                .unwrap_or(sorted.len());
            sorted.insert(at, f);
        }
        for i in 0..sorted.len() {
            let mut in_run = true;
            for j in i + 1..sorted.len() {
                let (f, g) = (sorted[i], sorted[j]);
                let o = cmp(m, &n, f, g);
                assert!(
                    o.is_le(),
                    "{name}: @{} sorts before @{} but compares {o:?}",
                    m.global_name(f),
                    m.global_name(g)
                );
                if o.is_eq() {
                    assert!(
                        in_run,
                        "{name}: @{} equals @{} but a function between them does not",
                        m.global_name(f),
                        m.global_name(g)
                    );
                } else {
                    in_run = false;
                }
                checked += 1;
            }
        }
    }
    eprintln!("laws: {checked} pairs consistent with one sorted order per module");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    /// `a ≤ b ≤ c ⇒ a ≤ c`, and the same for `≥`, on random triples of one module.
    #[test]
    fn transitive_on_random_triples(module in any::<prop::sample::Index>(), i in any::<prop::sample::Index>(), j in any::<prop::sample::Index>(), k in any::<prop::sample::Index>()) {
        let modules = &corpus().modules;
        prop_assume!(!modules.is_empty());
        let (name, m, fs) = &modules[module.index(modules.len())];
        prop_assume!(!fs.is_empty());
        let (a, b, c) = (fs[i.index(fs.len())], fs[j.index(fs.len())], fs[k.index(fs.len())]);
        let n = GlobalNumbers::new();
        let (ab, bc, ac) = (cmp(m, &n, a, b), cmp(m, &n, b, c), cmp(m, &n, a, c));
        if ab.is_le() && bc.is_le() {
            prop_assert!(ac.is_le(), "{}: @{} ≤ @{} ≤ @{} but {:?}", name, m.global_name(a), m.global_name(b), m.global_name(c), ac);
        }
        if ab.is_ge() && bc.is_ge() {
            prop_assert!(ac.is_ge(), "{}: @{} ≥ @{} ≥ @{} but {:?}", name, m.global_name(a), m.global_name(b), m.global_name(c), ac);
        }
        if ab.is_eq() && bc.is_eq() {
            prop_assert!(ac.is_eq());
        }
    }
}

/// The keys of the opt-in merges keep their laws on real IR, over shared-hash buckets:
/// functions `similar` finds similar (with every constant operand tolerated, the most it can
/// tolerate) have equal [`StructuralHasher::similar_key`]s, and functions equal modulo a
/// partition of callees (here the coarsest: every callee in one class) have equal
/// [`StructuralHasher::callee_blind_key`]s.
#[test]
fn similar_and_callee_blind_keys_keep_their_laws() {
    const BUCKET_CAP: usize = 32;
    let (mut similar_pairs, mut blind_pairs, mut pairs) = (0u64, 0u64, 0u64);
    let one_class = |_: GlobalId| Some(0u32);
    for (name, m, _) in &corpus().modules {
        let hasher = StructuralHasher::new(m);
        for fs in shared_hash_buckets(m, &hasher, BUCKET_CAP) {
            let fs = &fs[..];
            let sim: Vec<u64> = fs.iter().map(|&f| hasher.similar_key(m, f)).collect();
            let blind: Vec<u64> = fs.iter().map(|&f| hasher.callee_blind_key(m, f)).collect();
            for i in 0..fs.len() {
                for j in i + 1..fs.len() {
                    let (f, g) = (fs[i], fs[j]);
                    let n = GlobalNumbers::new();
                    pairs += 1;
                    if mergefn_compare::similar::similar(m, f, g, &n, &|_, _| true).is_some() {
                        similar_pairs += 1;
                        assert_eq!(
                            sim[i],
                            sim[j],
                            "{name}: @{} and @{} are similar but have different similar keys",
                            m.global_name(f),
                            m.global_name(g)
                        );
                    }
                    let n = GlobalNumbers::new();
                    let modulo = FunctionComparator::new(m, f, g, &n)
                        .with_callee_classes(&one_class)
                        .compare();
                    if modulo.is_eq() {
                        blind_pairs += 1;
                        assert_eq!(
                            blind[i],
                            blind[j],
                            "{name}: @{} and @{} are equal modulo callees but have different \
                             callee-blind keys",
                            m.global_name(f),
                            m.global_name(g)
                        );
                    }
                }
            }
        }
    }
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    assert!(
        !ci || (similar_pairs > 1000 && blind_pairs > 1000),
        "CI=true: expected many similar pairs, found {similar_pairs} similar and {blind_pairs} \
         equal modulo callees"
    );
    eprintln!(
        "opt-in keys: {similar_pairs} similar pairs and {blind_pairs} pairs equal modulo callees \
         (of {pairs} in shared-hash buckets) share their keys"
    );
}
