//! The module: globals, types, constants, metadata, and the properties shared by all globals.

use crate::attr::AttrSet;
use crate::constant::{ConstData, ConstPool};
use crate::function::Function;
use crate::metadata::{MdAttachment, MdNode, NamedMd};
use crate::types::{Type, TypeTable};
use crate::Const;
use cranelift_entity::{entity_impl, EntityRef, PrimaryMap};
use serde::{Deserialize, Serialize};

/// A handle to a global value (function, variable, alias or ifunc).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GlobalId(u32);
entity_impl!(GlobalId, "g");

/// A handle to an interned inline-asm value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AsmId(u32);
entity_impl!(AsmId, "asm");

/// The name of a value: a string, or unnamed (numbered by the writer, like LLVM's slots).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize)]
pub enum Name {
    /// No name: the writer numbers it (`@0`, `%3`) in LLVM's slot order.
    #[default]
    Unnamed,
    /// A name as written after `@`/`%`, without quotes and with `\XX` escapes resolved.
    Named(Box<str>),
}

impl Name {
    /// The name's text, or `None` when unnamed.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Name::Named(s) => Some(s),
            Name::Unnamed => None,
        }
    }
}

/// A global's linkage type (LLVM's `GlobalValue::LinkageTypes`); the default is `External`,
/// which the writer leaves implicit.
#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub enum Linkage {
    /// `external` (implicit): visible to and resolvable by other modules.
    #[default]
    External,
    /// `available_externally`: a copy for inlining only; the real definition is elsewhere, so
    /// MergeFunctions never merges it.
    AvailableExternally,
    /// `linkonce`: discardable if unused and interposable (a different definition may win at link
    /// time).
    LinkOnceAny,
    /// `linkonce_odr`: discardable if unused; every definition is equivalent (ODR), so it is not
    /// interposable. C++ inline functions and template instances.
    LinkOnceOdr,
    /// `weak`: kept even if unused, and interposable.
    WeakAny,
    /// `weak_odr`: kept even if unused; every definition is equivalent.
    WeakOdr,
    /// `appending`: arrays concatenated by the linker (`@llvm.used`, `@llvm.global_ctors`).
    Appending,
    /// `internal`: local to the module, in the symbol table as a local symbol.
    Internal,
    /// `private`: local to the module and not in the symbol table at all.
    Private,
    /// `extern_weak`: a declaration whose symbol may be absent at link time (null then).
    ExternWeak,
    /// `common`: a tentative C definition, merged by the linker; interposable.
    Common,
}

impl Linkage {
    /// Every linkage with its `.ll` keyword (`External` as `"external"`, though the writer omits it).
    pub const ALL: [(Linkage, &'static str); 11] = [
        (Linkage::External, "external"),
        (Linkage::AvailableExternally, "available_externally"),
        (Linkage::LinkOnceAny, "linkonce"),
        (Linkage::LinkOnceOdr, "linkonce_odr"),
        (Linkage::WeakAny, "weak"),
        (Linkage::WeakOdr, "weak_odr"),
        (Linkage::Appending, "appending"),
        (Linkage::Internal, "internal"),
        (Linkage::Private, "private"),
        (Linkage::ExternWeak, "extern_weak"),
        (Linkage::Common, "common"),
    ];

    /// The `.ll` keyword of the linkage (`"linkonce_odr"`, ...).
    pub fn keyword(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(l, _)| *l == self)
            .map(|(_, k)| *k)
            .unwrap_or("external")
    }

    /// LLVM's `isLocalLinkage`: `internal` or `private`.
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Internal | Linkage::Private)
    }

    /// LLVM's `isInterposableLinkage`: the definition may be replaced at link time by a
    /// non-equivalent one.
    pub fn is_interposable(self) -> bool {
        matches!(
            self,
            Linkage::WeakAny | Linkage::LinkOnceAny | Linkage::Common | Linkage::ExternWeak
        )
    }

    /// LLVM's `isDiscardableIfUnused`.
    pub fn is_discardable_if_unused(self) -> bool {
        matches!(
            self,
            Linkage::LinkOnceAny
                | Linkage::LinkOnceOdr
                | Linkage::Internal
                | Linkage::Private
                | Linkage::AvailableExternally
        )
    }

    /// LLVM's `isWeakForLinker`: the linker may pick another module's definition (or none:
    /// `extern_weak`).
    pub fn is_weak_for_linker(self) -> bool {
        matches!(
            self,
            Linkage::WeakAny
                | Linkage::WeakOdr
                | Linkage::LinkOnceAny
                | Linkage::LinkOnceOdr
                | Linkage::Common
                | Linkage::ExternWeak
        )
    }
}

/// A global's visibility (LLVM's `GlobalValue::VisibilityTypes`).
#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub enum Visibility {
    /// `default`: visible to other modules and, in shared objects, preemptible.
    #[default]
    Default,
    /// `hidden`: not visible outside the linked component (implies `dso_local`).
    Hidden,
    /// `protected`: visible, but references within the component bind locally.
    Protected,
}

/// A global's DLL storage class (LLVM's `GlobalValue::DLLStorageClassTypes`).
#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub enum DllStorage {
    /// No DLL storage class.
    #[default]
    Default,
    /// `dllimport`.
    Import,
    /// `dllexport`.
    Export,
}

/// Whether a global's address is significant (LLVM's `GlobalValue::UnnamedAddr`). MergeFunctions
/// may replace a function by an alias only when its address is insignificant.
#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub enum UnnamedAddr {
    /// No attribute: the address is significant.
    #[default]
    None,
    /// `local_unnamed_addr`: the address is insignificant within the module.
    Local,
    /// `unnamed_addr`: the address is insignificant everywhere.
    Global,
}

/// Properties every global value has.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct GlobalCommon {
    /// The global's name (`@name`), or unnamed (`@0`).
    pub name: Name,
    /// Linkage type.
    pub linkage: Linkage,
    /// Visibility.
    pub visibility: Visibility,
    /// DLL storage class.
    pub dll: DllStorage,
    /// `dso_local`: the definition binds within the linked component (LLVM's `isDSOLocal`).
    /// Under the `SemanticInterposition` module flag, a definition without it is interposable.
    pub dso_local: bool,
    /// `thread_local` model: None, or `""` (general dynamic), `localdynamic`, ...
    pub thread_local: Option<Box<str>>,
    /// `unnamed_addr` / `local_unnamed_addr`, or neither.
    pub unnamed_addr: UnnamedAddr,
    /// Address space of the global's address (`addrspace(N)`; 0 by default).
    pub addrspace: u32,
    /// `section "name"`. Part of a function's signature for the comparator.
    pub section: Option<Box<str>>,
    /// `partition "name"`.
    pub partition: Option<Box<str>>,
    /// `comdat` (Some("") means the comdat named like the global) or `comdat($name)`.
    pub comdat: Option<Box<str>>,
}

/// A global variable: `@g = [linkage] [global|constant] T [init], align N, ...`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GlobalVar {
    /// Properties shared by all globals.
    pub common: GlobalCommon,
    /// The type of the variable's value (not of its address, which is a pointer).
    pub value_ty: Type,
    /// `constant` rather than `global`: the memory is never written.
    pub constant: bool,
    /// `externally_initialized`: the initial value may be changed before the program runs.
    pub externally_initialized: bool,
    /// The initializer; `None` for an external declaration.
    pub init: Option<Const>,
    /// `align N`, in bytes, when given.
    pub align: Option<u64>,
    /// Trailing `, key value` properties we keep as text (code_model, sanitizer flags).
    pub extra: Vec<Box<str>>,
    /// Attached metadata (`!dbg !5`, `!type ...`).
    pub md: Vec<MdAttachment>,
    /// Variable attributes (`attributes #N` references and inline ones).
    pub attrs: AttrSet,
    /// An initializer the reader kept as text ([`crate::lazy`]): then [`init`](Self::init)
    /// is a `zeroinitializer` standing in for it (so the variable still reads as a
    /// definition), and only the writer and the use index look at the text. Not serialised
    /// (modules for JSON are read in full).
    #[serde(skip)]
    pub lazy_init: Option<Box<crate::lazy::LazyBody>>,
}

/// `@a = alias T, ptr @aliasee` or `@i = ifunc T, ptr @resolver`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Alias {
    /// Properties shared by all globals.
    pub common: GlobalCommon,
    /// The type of the value the alias stands for (a function type for an ifunc).
    pub value_ty: Type,
    /// The aliasee (`ptr @f`, possibly a constant expression over it), or the ifunc's resolver.
    pub target: Const,
    /// An `ifunc` rather than an `alias`.
    pub ifunc: bool,
    /// Attached metadata.
    pub md: Vec<MdAttachment>,
}

/// Every kind is boxed, so that the module's table of globals holds 16 bytes per global
/// (with a flag, 24) rather than the largest kind: the table grows by doubling, and a
/// variable or alias inline made each slot 232 bytes (9 MiB for 20,000 globals).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum GlobalKind {
    /// A function declaration or definition.
    Function(Box<Function>),
    /// A global variable.
    Var(Box<GlobalVar>),
    /// An alias or ifunc.
    Alias(Box<Alias>),
}

impl GlobalKind {
    /// The properties every kind of global has (name, linkage, visibility, ...).
    pub fn common(&self) -> &GlobalCommon {
        match self {
            GlobalKind::Function(f) => &f.common,
            GlobalKind::Var(v) => &v.common,
            GlobalKind::Alias(a) => &a.common,
        }
    }
}

/// An entry of [`Module::globals`]: a global value of any kind, possibly deleted.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Global {
    /// What the global is: function, variable, or alias/ifunc.
    pub kind: GlobalKind,
    /// Deleted globals keep their handle (handles are never reused) but are not printed.
    pub deleted: bool,
}

impl Global {
    /// The properties every kind of global has (name, linkage, visibility, ...).
    pub fn common(&self) -> &GlobalCommon {
        self.kind.common()
    }
    /// [`common`](Self::common), mutably. Renaming a global this way leaves the module's name map
    /// stale: call [`Module::register_name`] or [`Module::rebuild_names`] after.
    pub fn common_mut(&mut self) -> &mut GlobalCommon {
        match &mut self.kind {
            GlobalKind::Function(f) => &mut f.common,
            GlobalKind::Var(v) => &mut v.common,
            GlobalKind::Alias(a) => &mut a.common,
        }
    }
    /// The text this global keeps unread ([`crate::lazy`]): a function's body or a
    /// variable's initializer.
    pub fn lazy_text(&self) -> Option<&crate::lazy::LazyBody> {
        match &self.kind {
            GlobalKind::Function(f) => f.body.as_ref()?.lazy.as_deref(),
            GlobalKind::Var(v) => v.lazy_init.as_deref(),
            GlobalKind::Alias(_) => None,
        }
    }
    /// [`lazy_text`](Self::lazy_text), mutably.
    pub fn lazy_text_mut(&mut self) -> Option<&mut crate::lazy::LazyBody> {
        match &mut self.kind {
            GlobalKind::Function(f) => f.body.as_mut()?.lazy.as_deref_mut(),
            GlobalKind::Var(v) => v.lazy_init.as_deref_mut(),
            GlobalKind::Alias(_) => None,
        }
    }
    /// The function, if this global is one.
    pub fn as_function(&self) -> Option<&Function> {
        match &self.kind {
            GlobalKind::Function(f) => Some(f),
            _ => None,
        }
    }
    /// The function, if this global is one, mutably.
    pub fn as_function_mut(&mut self) -> Option<&mut Function> {
        match &mut self.kind {
            GlobalKind::Function(f) => Some(f),
            _ => None,
        }
    }
    /// The type of the value this global defines (function type for functions).
    pub fn value_ty(&self) -> Type {
        match &self.kind {
            GlobalKind::Function(f) => f.fn_ty,
            GlobalKind::Var(v) => v.value_ty,
            GlobalKind::Alias(a) => a.value_ty,
        }
    }
}

/// Inline assembly: `asm [sideeffect] [alignstack] [inteldialect] [unwind] "asm", "constraints"`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct InlineAsm {
    /// The function type of the call (`void (i32)`).
    pub fn_ty: Type,
    /// The assembly string, unescaped.
    pub asm: Box<[u8]>,
    /// The constraint string, unescaped (`"=r,r,~{memory}"`).
    pub constraints: Box<[u8]>,
    /// `sideeffect`: the asm has effects beyond its outputs.
    pub sideeffect: bool,
    /// `alignstack`: the stack must be aligned for it.
    pub alignstack: bool,
    /// `inteldialect`: Intel rather than AT&T syntax.
    pub inteldialect: bool,
    /// `unwind`: the asm may unwind.
    pub unwind: bool,
}

/// `$name = comdat any|exactmatch|largest|nodeduplicate|samesize`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Comdat {
    /// The comdat's name (without the `$`).
    pub name: Box<str>,
    /// The selection kind as written: `any`, `exactmatch`, `largest`, `nodeduplicate` or
    /// `samesize`.
    pub kind: Box<str>,
}

/// A whole LLVM module.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Module {
    /// The module's identifier, like LLVM's `ModuleIdentifier`: the name of the file it was
    /// read from, as given (`<stdin>` for standard input). Not part of the text: the writer
    /// prints it as the `; ModuleID = '...'` comment, as `opt -S` does. `None` prints no such line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module_id: Option<Box<str>>,
    /// `source_filename = "..."`, unescaped.
    pub source_filename: Option<Box<[u8]>>,
    /// `target datalayout = "..."`; LLVM's default layout when absent.
    pub datalayout: Option<Box<str>>,
    /// `target triple = "..."`.
    pub triple: Option<Box<str>>,
    /// `module asm "..."` lines, unescaped, in order.
    pub module_asm: Vec<Box<[u8]>>,
    /// Every type the module uses, interned: equal types have equal [`Type`] handles.
    pub types: TypeTable,
    /// Every constant the module uses, uniqued as in an `LLVMContext`: the same constant has one
    /// [`Const`] handle, so constants compare by handle.
    pub consts: ConstPool,
    /// All globals ever created. Handles are never reused: deleted globals stay here with
    /// [`Global::deleted`] set. Iterate live ones with [`live_globals`](Self::live_globals).
    pub globals: PrimaryMap<GlobalId, Global>,
    /// Print order of globals; the writer prints variables, then aliases/ifuncs, then functions
    /// (LLVM's order), each group in this order. May hold deleted globals: iterate it through
    /// [`Module::live_globals`].
    pub order: Vec<GlobalId>,
    /// `$name = comdat ...` definitions, in order.
    pub comdats: Vec<Comdat>,
    /// Interned inline-asm values ([`Value::Asm`](crate::Value::Asm) operands).
    pub asms: PrimaryMap<AsmId, InlineAsm>,
    /// `attributes #N = { ... }`, by group number.
    pub attr_groups: std::collections::BTreeMap<u32, Vec<crate::attr::Attr>>,
    /// Numbered metadata nodes (`!N = ...`), kept as text, in order.
    pub md_nodes: Vec<MdNode>,
    /// Named metadata (`!llvm.module.flags = !{...}`), kept as text, in order.
    pub named_md: Vec<NamedMd>,
    /// Whether the text used typed pointers (`i32*`): the writer then prints typed pointers.
    pub typed_pointers: bool,
    /// The text bodies kept as text point into ([`crate::lazy`]); `None` when every body
    /// was read.
    #[serde(skip)]
    pub source: Option<crate::lazy::Source>,
    /// Functions whose bodies are kept as text because another function's text is the same
    /// but for the name, with that function (whose body was read), in module order
    /// ([`crate::lazy`]'s twins). They may merge: the pass gives each a clone of the other's
    /// body when it reaches it. Empty when every body was read.
    #[serde(skip)]
    pub twins: Vec<(GlobalId, GlobalId)>,
    #[serde(skip)]
    names: NameIndex,
    /// Where each global's definition or declaration starts in the text it was read from
    /// (`u32::MAX`: unknown), for messages about a global as a whole; see
    /// [`def_offset`](Self::def_offset).
    #[serde(skip)]
    def_offsets: Vec<u32>,
}

impl Module {
    /// Where global `g` is defined (or declared) in the text the module was read from: for
    /// messages about a global as a whole, such as the verifier's. `None` for a global the
    /// text did not define (made by a pass, or read from JSON).
    pub fn def_offset(&self, g: GlobalId) -> Option<u32> {
        self.def_offsets
            .get(g.index())
            .copied()
            .filter(|&o| o != u32::MAX)
    }

    /// Note where global `g` is defined in the text being read ([`Self::def_offset`]).
    pub fn set_def_offset(&mut self, g: GlobalId, offset: u32) {
        if self.def_offsets.len() <= g.index() {
            self.def_offsets.resize(g.index() + 1, u32::MAX);
        }
        self.def_offsets[g.index()] = offset;
    }

    /// Rebuild the indexes that are not serialised.
    pub fn rebuild_indexes(&mut self) {
        self.types.rebuild_index();
        self.consts.rebuild_index();
        self.rebuild_names();
    }

    /// Rebuild the name → global map (after renaming globals directly).
    pub fn rebuild_names(&mut self) {
        let mut names = NameIndex::default();
        for (id, g) in self.globals.iter().filter(|(_, g)| !g.deleted) {
            if let Some(n) = g.common().name.as_str() {
                names.insert(&self.globals, n, id);
            }
        }
        self.names = names;
    }

    /// The live global named `name` (without `@`), if any. The map is kept up to date by
    /// [`add_global`](Self::add_global), [`register_name`](Self::register_name) and
    /// [`delete_global`](Self::delete_global); after a deserialisation call
    /// [`rebuild_indexes`](Self::rebuild_indexes) first.
    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        self.names.get(&self.globals, name)
    }

    /// [`global_by_name`](Self::global_by_name) for a definition: when no global is named
    /// `name`, the hash of the name, for [`add_named_global`](Self::add_named_global) (the
    /// reader defines tens of thousands of globals with long names, each new).
    pub(crate) fn global_or_hash(&self, name: &str) -> Result<GlobalId, u64> {
        let h = NameIndex::hash(name);
        self.names.get_hashed(&self.globals, name, h).ok_or(h)
    }

    /// [`add_global`](Self::add_global) for a global whose name no other has, hashed to
    /// `hash` by [`global_or_hash`](Self::global_or_hash) with the module unchanged since.
    pub(crate) fn add_named_global(&mut self, kind: GlobalKind, hash: u64) -> GlobalId {
        let id = self.globals.push(Global {
            kind,
            deleted: false,
        });
        debug_assert_eq!(
            self.globals[id].common().name.as_str().map(NameIndex::hash),
            Some(hash)
        );
        self.names.insert_new(hash, id);
        self.order.push(id);
        id
    }

    /// Add a global, register its name, and append it to the print order.
    pub fn add_global(&mut self, kind: GlobalKind) -> GlobalId {
        let id = self.globals.push(Global {
            kind,
            deleted: false,
        });
        if let Some(n) = self.globals[id].common().name.as_str() {
            self.names.insert(&self.globals, n, id);
        }
        self.order.push(id);
        id
    }

    /// Register `id` under its current name (after a rename or a placeholder fill-in).
    pub fn register_name(&mut self, id: GlobalId) {
        if let Some(n) = self.globals[id].common().name.as_str() {
            self.names.insert(&self.globals, n, id);
        }
    }

    /// Give global `id` the name `name`, keeping the name map up to date.
    pub fn rename_global(&mut self, id: GlobalId, name: Name) {
        if let Some(n) = self.globals[id].common().name.as_str() {
            self.names.remove(n, id);
        }
        self.globals[id].common_mut().name = name;
        self.register_name(id);
    }

    /// Mark a global deleted and forget its name.
    pub fn delete_global(&mut self, id: GlobalId) {
        if let Some(n) = self.globals[id].common().name.as_str() {
            self.names.remove(n, id);
        }
        // O(1): `order` keeps the id and readers of it skip deleted globals (a pass that
        // deletes a million functions must not rewrite the order a million times).
        self.globals[id].deleted = true;
    }

    /// Live globals in print order.
    pub fn live_globals(&self) -> impl Iterator<Item = GlobalId> + '_ {
        self.order
            .iter()
            .copied()
            .filter(move |&g| !self.globals[g].deleted)
    }

    /// The function behind `id`, or `None` if `id` is a variable or alias.
    pub fn function(&self, id: GlobalId) -> Option<&Function> {
        self.globals[id].as_function()
    }

    /// The function behind `id`, mutably, or `None` if `id` is a variable or alias.
    pub fn function_mut(&mut self, id: GlobalId) -> Option<&mut Function> {
        self.globals[id].as_function_mut()
    }

    /// Functions in print order.
    pub fn functions(&self) -> impl Iterator<Item = GlobalId> + '_ {
        self.live_globals()
            .filter(|&g| self.globals[g].as_function().is_some())
    }

    /// The pointer type of global `id` (typed or opaque as the module is).
    pub fn global_ptr_type(&mut self, id: GlobalId) -> Type {
        let g = &self.globals[id];
        let (vt, a) = (g.value_ty(), g.common().addrspace);
        let typed = self.typed_pointers;
        self.types.pointer_to(vt, a, typed)
    }

    /// The constant that names global `id`.
    pub fn global_const(&mut self, id: GlobalId) -> Const {
        let ty = self.global_ptr_type(id);
        self.consts.intern(ConstData::Global { ty, global: id })
    }

    /// Name of a global for messages (unnamed globals as `@N` by handle).
    pub fn global_name(&self, id: GlobalId) -> String {
        match &self.globals[id].common().name {
            Name::Named(n) => n.to_string(),
            Name::Unnamed => format!("<unnamed {}>", id),
        }
    }

    /// The program address space (`P<n>` in the data layout, 0 when absent): where functions
    /// live unless they say otherwise, and the address space of a call's callee by default.
    pub fn program_addrspace(&self) -> u32 {
        self.datalayout
            .as_deref()
            .and_then(|dl| {
                dl.rsplit('-')
                    .filter_map(|spec| spec.strip_prefix('P'))
                    .find_map(|n| n.parse().ok())
            })
            .unwrap_or(0)
    }

    /// The pointer size in bits for address space `addrspace`, from the data layout
    /// (`p[n]:size:...`), defaulting to 64 like LLVM.
    pub fn pointer_bits(&self, addrspace: u32) -> u32 {
        self.datalayout
            .as_deref()
            .map_or(64, |dl| layout_pointer_bits(dl, addrspace))
    }
}

/// [`Module::pointer_bits`] of the data layout string `dl` (also read by the scan of bodies
/// kept as text, which must see the width the comparator sees).
pub(crate) fn layout_pointer_bits(dl: &str, addrspace: u32) -> u32 {
    for spec in dl.split('-') {
        if let Some(rest) = spec.strip_prefix('p') {
            let mut parts = rest.split(':');
            let first = parts.next().unwrap_or("");
            let as_num = if first.is_empty() {
                0
            } else {
                first
                    .trim_start_matches(|c: char| !c.is_ascii_digit())
                    .parse()
                    .unwrap_or(u32::MAX)
            };
            if as_num == addrspace {
                if let Some(size) = parts.next().and_then(|s| s.parse().ok()) {
                    return size;
                }
            }
        }
    }
    64
}

/// The module's name → global map, without a second copy of each name: entries are a
/// global and the hash of the name it was entered under, and a lookup compares the global's
/// own name. (A map owning its keys cost a copy of every name, and growing it hashed every
/// name again: a sanitizer build has tens of thousands of long ones.) An entry whose global
/// was renamed since no longer answers to its old name.
#[derive(Clone, Default)]
struct NameIndex {
    table: hashbrown::HashTable<(u64, GlobalId)>,
}

impl NameIndex {
    fn hash(name: &str) -> u64 {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(name)
    }

    fn named(globals: &PrimaryMap<GlobalId, Global>, id: GlobalId, name: &str) -> bool {
        globals[id].common().name.as_str() == Some(name)
    }

    fn get(&self, globals: &PrimaryMap<GlobalId, Global>, name: &str) -> Option<GlobalId> {
        self.get_hashed(globals, name, Self::hash(name))
    }

    /// [`NameIndex::get`] with the name's hash `h` at hand.
    fn get_hashed(
        &self,
        globals: &PrimaryMap<GlobalId, Global>,
        name: &str,
        h: u64,
    ) -> Option<GlobalId> {
        self.table
            .find(h, |&(eh, id)| eh == h && Self::named(globals, id, name))
            .map(|&(_, id)| id)
    }

    /// Enter `id` under a name of hash `h` that no entry has.
    fn insert_new(&mut self, h: u64, id: GlobalId) {
        self.table.insert_unique(h, (h, id), |&(eh, _)| eh);
    }

    /// Enter `id` (whose name is `name`), in place of the global entered under that name.
    fn insert(&mut self, globals: &PrimaryMap<GlobalId, Global>, name: &str, id: GlobalId) {
        let h = Self::hash(name);
        match self.table.entry(
            h,
            |&(eh, e)| eh == h && Self::named(globals, e, name),
            |&(eh, _)| eh,
        ) {
            hashbrown::hash_table::Entry::Occupied(mut e) => e.get_mut().1 = id,
            hashbrown::hash_table::Entry::Vacant(e) => {
                e.insert((h, id));
            }
        }
    }

    /// Forget `id` if it is the global entered under `name`.
    fn remove(&mut self, name: &str, id: GlobalId) {
        let h = Self::hash(name);
        if let Ok(e) = self.table.find_entry(h, |&(eh, e)| eh == h && e == id) {
            e.remove();
        }
    }
}

impl std::fmt::Debug for NameIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NameIndex({} names)", self.table.len())
    }
}
