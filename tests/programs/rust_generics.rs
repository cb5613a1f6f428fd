//! A generic-heavy Rust workload for the behaviour and code-size checks: the same generic
//! functions (sorting, formatting, B-tree maps) instantiated for many types, printing a
//! deterministic summary. Built by scripts/corpus.sh into target/corpus/programs/rust_prog.ll.

use std::collections::BTreeMap;
use std::fmt::Debug;

#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
struct P2 { x: i32, y: i32 }
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
struct P3 { x: i64, y: i64, z: i64 }

#[inline(never)]
fn summarize<T: Debug + Clone + PartialOrd>(name: &str, mut v: Vec<T>) -> String {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let first = v.first().cloned();
    let last = v.last().cloned();
    format!("{name}: n={} first={first:?} last={last:?}", v.len())
}

#[inline(never)]
fn histogram<K: Ord + Clone + Debug>(items: &[K]) -> BTreeMap<K, usize> {
    let mut m = BTreeMap::new();
    for k in items { *m.entry(k.clone()).or_insert(0) += 1; }
    m
}

fn lcg(seed: &mut u64) -> u64 { *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407); *seed >> 33 }

fn main() {
    let mut s = 42u64;
    let a: Vec<u32> = (0..500).map(|_| (lcg(&mut s) % 97) as u32).collect();
    let b: Vec<i32> = (0..500).map(|_| (lcg(&mut s) % 89) as i32 - 40).collect();
    let c: Vec<u64> = (0..500).map(|_| lcg(&mut s) % 1000).collect();
    let d: Vec<i64> = (0..500).map(|_| (lcg(&mut s) % 1000) as i64 - 500).collect();
    let e: Vec<P2> = (0..300).map(|_| P2 { x: (lcg(&mut s) % 50) as i32, y: (lcg(&mut s) % 50) as i32 }).collect();
    let f: Vec<P3> = (0..300).map(|_| P3 { x: (lcg(&mut s) % 9) as i64, y: 1, z: (lcg(&mut s) % 7) as i64 }).collect();
    let g: Vec<String> = (0..200).map(|_| format!("w{}", lcg(&mut s) % 30)).collect();
    println!("{}", summarize("u32", a.clone()));
    println!("{}", summarize("i32", b.clone()));
    println!("{}", summarize("u64", c.clone()));
    println!("{}", summarize("i64", d.clone()));
    println!("{}", summarize("p2", e.clone()));
    println!("{}", summarize("p3", f.clone()));
    println!("{}", summarize("str", g.clone()));
    for (k, n) in histogram(&a).iter().take(5) { println!("a {k} {n}"); }
    for (k, n) in histogram(&b).iter().take(5) { println!("b {k} {n}"); }
    for (k, n) in histogram(&c).iter().take(5) { println!("c {k} {n}"); }
    for (k, n) in histogram(&d).iter().take(5) { println!("d {k} {n}"); }
    for (k, n) in histogram(&g).iter().take(5) { println!("g {k} {n}"); }
    let total: u64 = a.iter().map(|&x| x as u64).sum::<u64>() + c.iter().sum::<u64>();
    println!("total {total}");
}
