//! [`GlobalNumbers`]: LLVM's `GlobalNumberState`.
//!
//! The comparator orders references to global values (callees, addresses of globals) by a serial
//! number handed out the first time a global is seen. The numbers must outlive one comparison:
//! `FnTree` is an ordered set, so every comparison of one pass run has to agree on how two
//! globals are ordered, or the tree's invariants break. Hence one `GlobalNumbers` per run,
//! shared by reference between all comparators of that run.
//!
//! Numbers are assigned in visiting order, which is deterministic for a given module and
//! sequence of comparisons. Once assigned, a number never changes; when the merge pass deletes a
//! function it may [`erase`](GlobalNumbers::erase) it, like LLVM does.

use mergefn_ir::GlobalId;
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};
use std::hash::BuildHasher;

/// A stable serial number per global value for the duration of one pass run.
///
/// Interior mutability lets many comparators share one `&GlobalNumbers` while each assigns
/// numbers; it is deliberately not `Sync` (one run is single-threaded, as in LLVM).
#[derive(Debug, Default)]
pub struct GlobalNumbers {
    numbers: RefCell<FxHashMap<GlobalId, u64>>,
    next: Cell<u64>,
    /// The module's data layout, parsed once per run rather than once per comparison.
    layout: std::cell::OnceCell<crate::layout::DataLayout>,
    /// The module's debug intrinsic declarations, looked up once per run (a run adds no
    /// globals of those names).
    debug_intrinsics: std::cell::OnceCell<crate::llvm::DebugIntrinsics>,
    /// Attribute sets in LLVM's in-memory form (groups expanded, legacy spellings upgraded,
    /// sorted), by set and by whether it is a function's own set: a function meets many others
    /// in one run, and putting its attributes in order is most of what a comparison decided by
    /// attributes costs. Valid while the module's attribute groups do not change, which a
    /// pass run never does.
    canon_attrs: RefCell<[FxHashMap<mergefn_ir::AttrSet, CanonSet>; 2]>,
    /// Numbered metadata nodes as the comparator reads them (`!{!5, i64 0}` split into
    /// operands), by node number: loads carry `!tbaa`/`!range` nodes that many comparisons
    /// meet. Nodes naming a global are not kept (merging rewrites those).
    md_nodes: RefCell<FxHashMap<u32, std::rc::Rc<crate::comparator::MdBody>>>,
    /// Functions' own attribute lists, interned: equal lists get equal ids, so two functions
    /// with the same attributes (most pairs) are told apart by id without reading the lists.
    /// Keyed by function: valid while no function's attribute list changes, which a pass run
    /// never does (merging only gives new functions their lists).
    fn_attr_ids: RefCell<cranelift_entity::SecondaryMap<GlobalId, Option<u32>>>,
    /// Distinct lists by hash: (a function holding the list, its id). Lists are not copied.
    attr_list_ids: RefCell<FxHashMap<u64, Vec<(GlobalId, u32)>>>,
    attr_list_count: Cell<u32>,
    /// Function attribute comparisons already made, by the two lists' ids.
    fn_attr_orders: RefCell<FxHashMap<(u32, u32), std::cmp::Ordering>>,
}

type CanonSet = std::sync::Arc<[crate::comparator::attrs::CanonAttr]>;

impl GlobalNumbers {
    /// An empty numbering: no global has a number yet. Use one per pass run over one module and
    /// share it (by reference) with every comparator of that run, as LLVM's `GlobalNumberState`
    /// is shared by all `FunctionComparator`s of a MergeFunctions run.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of `g`, assigning the next unused one on first sight.
    pub fn number(&self, g: GlobalId) -> u64 {
        *self.numbers.borrow_mut().entry(g).or_insert_with(|| {
            let n = self.next.get();
            self.next.set(n + 1);
            n
        })
    }

    /// Forget `g`'s number (it will get a fresh one if seen again). Other numbers are unchanged.
    pub fn erase(&self, g: GlobalId) {
        self.numbers.borrow_mut().remove(&g);
    }

    /// Forget all numbers, as at the end of a pass run. The counter keeps counting, so numbers
    /// handed out later never collide with ones a caller may still hold.
    pub fn clear(&self) {
        self.numbers.borrow_mut().clear();
    }

    /// The data layout of `m`, the module of this run.
    pub(crate) fn layout(&self, m: &mergefn_ir::Module) -> &crate::layout::DataLayout {
        self.layout
            .get_or_init(|| crate::layout::DataLayout::of_module(m))
    }

    /// The debug intrinsic declarations of `m`, the module of this run.
    pub(crate) fn debug_intrinsics(&self, m: &mergefn_ir::Module) -> crate::llvm::DebugIntrinsics {
        *self
            .debug_intrinsics
            .get_or_init(|| crate::llvm::DebugIntrinsics::of(m))
    }

    /// `set` of `m` in LLVM's in-memory form (see the `canon_attrs` field).
    pub(crate) fn canon_attrs(
        &self,
        m: &mergefn_ir::Module,
        set: &mergefn_ir::AttrSet,
        function_level: bool,
    ) -> CanonSet {
        let mut cache = self.canon_attrs.borrow_mut();
        let cache = &mut cache[usize::from(function_level)];
        if let Some(c) = cache.get(set) {
            return c.clone();
        }
        let c: CanonSet = crate::comparator::attrs::canon_set(m, set, function_level).into();
        cache.insert(set.clone(), c.clone());
        c
    }

    /// The id of function `f`'s own attribute list (see `fn_attr_ids`).
    pub(crate) fn fn_attr_id(&self, m: &mergefn_ir::Module, f: GlobalId) -> u32 {
        if let Some(Some(id)) = self.fn_attr_ids.borrow().get(f) {
            return *id;
        }
        let attrs_of = |g: GlobalId| m.function(g).map(|func| &func.attrs);
        let attrs = attrs_of(f);
        let key = rustc_hash::FxBuildHasher.hash_one(attrs);
        let mut lists = self.attr_list_ids.borrow_mut();
        let same = lists.entry(key).or_default();
        let id = match same.iter().find(|&&(g, _)| attrs_of(g) == attrs) {
            Some(&(_, id)) => id,
            None => {
                let id = self.attr_list_count.get();
                self.attr_list_count.set(id + 1);
                same.push((f, id));
                id
            }
        };
        self.fn_attr_ids.borrow_mut()[f] = Some(id);
        id
    }

    /// The order of two function attribute lists, by their ids, if compared before.
    pub(crate) fn fn_attr_order(&self, ids: (u32, u32)) -> Option<std::cmp::Ordering> {
        self.fn_attr_orders.borrow().get(&ids).copied()
    }

    pub(crate) fn remember_fn_attr_order(&self, ids: (u32, u32), o: std::cmp::Ordering) {
        self.fn_attr_orders.borrow_mut().insert(ids, o);
    }

    /// Numbered node `id`, if this run has parsed it already.
    pub(crate) fn cached_md_node(&self, id: u32) -> Option<std::rc::Rc<crate::comparator::MdBody>> {
        self.md_nodes.borrow().get(&id).cloned()
    }

    /// Numbered node `id` parsed by `parse` the first time it is asked for.
    pub(crate) fn md_node(
        &self,
        id: u32,
        parse: impl FnOnce() -> crate::comparator::MdBody,
    ) -> std::rc::Rc<crate::comparator::MdBody> {
        self.md_nodes
            .borrow_mut()
            .entry(id)
            .or_insert_with(|| std::rc::Rc::new(parse()))
            .clone()
    }

    /// How many numbered metadata nodes this run has kept parsed.
    #[cfg(test)]
    pub(crate) fn md_nodes_read(&self) -> usize {
        self.md_nodes.borrow().len()
    }

    /// How many globals currently have a number.
    pub fn len(&self) -> usize {
        self.numbers.borrow().len()
    }

    /// Whether no global currently has a number.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_entity::EntityRef;

    #[test]
    fn numbers_are_assigned_once_in_visiting_order() {
        let n = GlobalNumbers::new();
        let (a, b) = (GlobalId::new(7), GlobalId::new(3));
        assert_eq!(n.number(a), 0);
        assert_eq!(n.number(b), 1);
        assert_eq!(n.number(a), 0);
        n.erase(a);
        assert_eq!(n.number(a), 2);
        assert_eq!(n.len(), 2);
    }

    /// A set is put in order once per run: the second request is the first answer, and equal
    /// sets written apart share it; function-level and other sets are kept apart (only the
    /// former upgrade `readonly` and friends to `memory(...)`).
    #[test]
    fn attribute_sets_are_canonicalised_once_per_run() {
        let m = mergefn_ir::parse_module(
            b"declare void @f(ptr readonly) readonly\ndeclare void @g(ptr readonly) readonly\n",
        )
        .expect("reads");
        let n = GlobalNumbers::new();
        let f = m.function(m.global_by_name("f").unwrap()).unwrap();
        let g = m.function(m.global_by_name("g").unwrap()).unwrap();
        let first = n.canon_attrs(&m, &f.attrs.func, true);
        assert!(std::sync::Arc::ptr_eq(
            &first,
            &n.canon_attrs(&m, &f.attrs.func, true)
        ));
        assert!(std::sync::Arc::ptr_eq(
            &first,
            &n.canon_attrs(&m, &g.attrs.func, true)
        ));
        let param = n.canon_attrs(&m, &f.attrs.params[0], false);
        assert!(!std::sync::Arc::ptr_eq(&first, &param));
        // Same attribute as written, different canonical form at function level.
        assert_ne!(format!("{first:?}"), format!("{param:?}"));
    }

    /// Functions' own attribute lists get one id per distinct list, and a pair of lists is
    /// compared once per run: asked again, in either order, the answers agree with a fresh run.
    #[test]
    fn function_attribute_lists_are_interned_and_their_order_remembered() {
        let m = mergefn_ir::parse_module(
            b"define void @f(ptr noundef %p) nounwind {\n  ret void\n}\n\
              define void @g(ptr noundef %p) nounwind {\n  ret void\n}\n\
              define void @h(ptr %p) nounwind {\n  ret void\n}\n\
              define void @k(ptr noundef %p) #0 {\n  ret void\n}\n\
              attributes #0 = { nounwind }\n",
        )
        .expect("reads");
        let id = |name: &str| m.global_by_name(name).unwrap();
        let n = GlobalNumbers::new();
        let attr_id = |name: &str| n.fn_attr_id(&m, id(name));
        assert_eq!(attr_id("f"), attr_id("g"));
        assert_ne!(attr_id("f"), attr_id("h"));
        assert_ne!(attr_id("f"), attr_id("k"), "written apart: different lists");
        let cmp = |n: &GlobalNumbers, a: &str, b: &str| {
            crate::FunctionComparator::new(&m, id(a), id(b), n).compare()
        };
        for (a, b) in [("f", "h"), ("h", "f"), ("f", "k"), ("k", "h")] {
            let first = cmp(&n, a, b);
            assert_eq!(cmp(&n, a, b), first, "{a} vs {b} asked again");
            assert_eq!(
                cmp(&GlobalNumbers::new(), a, b),
                first,
                "{a} vs {b} in a fresh run"
            );
            assert_eq!(cmp(&n, b, a), first.reverse(), "{b} vs {a}");
        }
        assert!(cmp(&n, "f", "g").is_eq());
        assert!(
            cmp(&n, "f", "k").is_eq(),
            "a group spells the same attributes"
        );
        assert!(cmp(&n, "f", "h").is_ne());
        // Explanations still say the attributes decided (they always compare the lists).
        let e = crate::explain(&m, id("f"), id("h"));
        let d = e.difference.expect("a difference");
        assert_eq!(d.rule, "cmp_attrs", "{d:?}");
        assert!(d.detail.starts_with("function"), "{d:?}");
    }
}
