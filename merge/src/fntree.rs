//! `FnTree`: the set of pairwise-distinct functions, ordered by (hash, comparator).
//!
//! LLVM keeps a `std::set<FunctionNode>`; our comparator needs the module and the global
//! numbering as context, so a `BTreeSet<T: Ord>` cannot hold it. Since the hash is the first
//! key, the tree is a map from hash to a bucket, and each bucket a vector sorted by the
//! comparator and searched by binary search with a caller-supplied comparison: O(log n)
//! comparisons per lookup, n the functions sharing the hash. (One sorted vector of every
//! function cost an O(N) `memmove` per insertion and removal: a tenth of re2's merge phase.)
//!
//! Invariant: nodes are strictly increasing under the comparison in force when they were
//! inserted; a node's function is removed before its body changes (MergeFunctions' rule), so
//! the order stays valid.

use mergefn_ir::GlobalId;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A function in the tree with the hash it had when inserted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The function's hash as the tree is keyed in this run: 0 for [`Lookup::Tree`](crate::Lookup::Tree),
    /// the structural hash for `Hybrid`, the detailed key for `Hash`. Two nodes can only be equal
    /// when their hashes are.
    pub hash: u64,
    /// The function.
    pub func: GlobalId,
}

/// The ordered set of distinct functions.
#[derive(Default, Debug)]
pub struct FnTree {
    /// Functions by hash, each bucket in the comparator's order.
    buckets: BTreeMap<u64, Vec<GlobalId>>,
    len: usize,
}

impl FnTree {
    /// Number of functions in the tree.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the tree holds no function.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Insert `node`, or return the function already in the tree that compares equal to it.
    /// `cmp(probe, new)` orders a function in the tree against the one being inserted; it is
    /// only called for functions with the same hash.
    pub fn insert(
        &mut self,
        node: Node,
        mut cmp: impl FnMut(GlobalId, GlobalId) -> Ordering,
    ) -> Result<(), GlobalId> {
        let bucket = self.buckets.entry(node.hash).or_default();
        match bucket.binary_search_by(|&probe| cmp(probe, node.func)) {
            Ok(i) => Err(bucket[i]),
            Err(i) => {
                bucket.insert(i, node.func);
                self.len += 1;
                Ok(())
            }
        }
    }

    /// Remove `func`, inserted with `hash`; whether it was there.
    pub fn remove(&mut self, func: GlobalId, hash: u64) -> bool {
        let Some(bucket) = self.buckets.get_mut(&hash) else {
            return false;
        };
        let Some(p) = bucket.iter().position(|&f| f == func) else {
            return false;
        };
        bucket.remove(p);
        if bucket.is_empty() {
            self.buckets.remove(&hash);
        }
        self.len -= 1;
        true
    }

    /// Let `new` take `old`'s place (same hash, and equal to `old` under the comparator).
    pub fn replace(&mut self, old: GlobalId, hash: u64, new: GlobalId) {
        if let Some(f) = self
            .buckets
            .get_mut(&hash)
            .and_then(|b| b.iter_mut().find(|f| **f == old))
        {
            *f = new;
        }
    }

    /// The functions in order: by hash, then by the comparator.
    pub fn funcs(&self) -> impl Iterator<Item = GlobalId> + '_ {
        self.buckets.values().flatten().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_entity::EntityRef;

    fn g(i: usize) -> GlobalId {
        GlobalId::new(i)
    }

    /// Functions "equal" when their index has the same value mod 10.
    fn by_class(a: GlobalId, b: GlobalId) -> Ordering {
        (a.index() % 10).cmp(&(b.index() % 10))
    }

    #[test]
    fn insert_finds_equal_and_keeps_order() {
        let mut t = FnTree::default();
        for i in [3, 1, 2, 7] {
            assert_eq!(
                t.insert(
                    Node {
                        hash: 0,
                        func: g(i)
                    },
                    by_class
                ),
                Ok(())
            );
        }
        assert_eq!(
            t.insert(
                Node {
                    hash: 0,
                    func: g(13)
                },
                by_class
            ),
            Err(g(3))
        );
        assert_eq!(
            t.insert(
                Node {
                    hash: 1,
                    func: g(13)
                },
                by_class
            ),
            Ok(()),
            "other hash, other slot"
        );
        assert_eq!(
            t.funcs().collect::<Vec<_>>(),
            vec![g(1), g(2), g(3), g(7), g(13)]
        );
        assert!(t.remove(g(3), 0));
        assert!(!t.remove(g(3), 0));
        t.replace(g(7), 0, g(17));
        assert_eq!(
            t.funcs().collect::<Vec<_>>(),
            vec![g(1), g(2), g(17), g(13)]
        );
    }
}
