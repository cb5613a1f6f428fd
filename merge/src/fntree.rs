//! `FnTree`: the set of pairwise-distinct functions, ordered by (hash, comparator).
//!
//! LLVM keeps a `std::set<FunctionNode>`; our comparator needs the module and the global
//! numbering as context, so a `BTreeSet<T: Ord>` cannot hold it. The tree is a sorted vector
//! searched by binary search with a caller-supplied comparison: O(log N) comparisons per lookup
//! (comparisons are what cost; the O(N) element shift of an insertion is a `memmove` of
//! 12-byte nodes, negligible next to one function comparison at the sizes we see).
//!
//! Invariant: nodes are strictly increasing under the comparison in force when they were
//! inserted; a node's function is removed before its body changes (MergeFunctions' rule), so
//! the order stays valid.

use mergefn_ir::GlobalId;
use std::cmp::Ordering;

/// A function in the tree with the hash it had when inserted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub hash: u64,
    pub func: GlobalId,
}

/// The ordered set of distinct functions.
#[derive(Default, Debug)]
pub struct FnTree {
    nodes: Vec<Node>,
}

impl FnTree {
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Insert `node` unless an equal function is present. `cmp(a, b)` orders two functions
    /// with equal hashes. Returns `Err(existing)` with the equal function already in the tree,
    /// or `Ok(())` after inserting.
    pub fn insert(
        &mut self,
        node: Node,
        mut cmp: impl FnMut(GlobalId, GlobalId) -> Ordering,
    ) -> Result<(), GlobalId> {
        let r = self.nodes.binary_search_by(|probe| {
            probe
                .hash
                .cmp(&node.hash)
                .then_with(|| cmp(probe.func, node.func))
        });
        match r {
            Ok(i) => Err(self.nodes[i].func),
            Err(i) => {
                self.nodes.insert(i, node);
                Ok(())
            }
        }
    }

    /// Remove function `func` inserted with hash `hash`. Returns whether it was present.
    pub fn remove(&mut self, func: GlobalId, hash: u64) -> bool {
        let lo = self.nodes.partition_point(|n| n.hash < hash);
        let hi = lo + self.nodes[lo..].partition_point(|n| n.hash == hash);
        match self.nodes[lo..hi].iter().position(|n| n.func == func) {
            Some(p) => {
                self.nodes.remove(lo + p);
                true
            }
            None => false,
        }
    }

    /// Replace function `old` (inserted with `hash`) by `new`, which compares equal to it.
    pub fn replace(&mut self, old: GlobalId, hash: u64, new: GlobalId) {
        let lo = self.nodes.partition_point(|n| n.hash < hash);
        if let Some(n) = self.nodes[lo..]
            .iter_mut()
            .take_while(|n| n.hash == hash)
            .find(|n| n.func == old)
        {
            n.func = new;
        }
    }

    pub fn funcs(&self) -> impl Iterator<Item = GlobalId> + '_ {
        self.nodes.iter().map(|n| n.func)
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
