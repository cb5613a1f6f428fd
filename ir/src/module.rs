//! The module: globals, types, constants, metadata, and the properties shared by all globals.

use crate::attr::AttrSet;
use crate::constant::{ConstData, ConstPool};
use crate::function::Function;
use crate::metadata::{MdAttachment, MdNode, NamedMd};
use crate::types::{Type, TypeTable};
use crate::Const;
use cranelift_entity::{entity_impl, PrimaryMap};
use rustc_hash::FxHashMap;
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
    #[default]
    Unnamed,
    Named(Box<str>),
}

impl Name {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Name::Named(s) => Some(s),
            Name::Unnamed => None,
        }
    }
}

#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub enum Linkage {
    #[default]
    External,
    AvailableExternally,
    LinkOnceAny,
    LinkOnceOdr,
    WeakAny,
    WeakOdr,
    Appending,
    Internal,
    Private,
    ExternWeak,
    Common,
}

impl Linkage {
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

    pub fn keyword(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(l, _)| *l == self)
            .map(|(_, k)| *k)
            .unwrap_or("external")
    }

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

#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub enum Visibility {
    #[default]
    Default,
    Hidden,
    Protected,
}

#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub enum DllStorage {
    #[default]
    Default,
    Import,
    Export,
}

#[derive(
    Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub enum UnnamedAddr {
    #[default]
    None,
    Local,
    Global,
}

/// Properties every global value has.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct GlobalCommon {
    pub name: Name,
    pub linkage: Linkage,
    pub visibility: Visibility,
    pub dll: DllStorage,
    pub dso_local: bool,
    /// `thread_local` model: None, or `""` (general dynamic), `localdynamic`, ...
    pub thread_local: Option<Box<str>>,
    pub unnamed_addr: UnnamedAddr,
    pub addrspace: u32,
    pub section: Option<Box<str>>,
    pub partition: Option<Box<str>>,
    /// `comdat` (Some("") means the comdat named like the global) or `comdat($name)`.
    pub comdat: Option<Box<str>>,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GlobalVar {
    pub common: GlobalCommon,
    pub value_ty: Type,
    pub constant: bool,
    pub externally_initialized: bool,
    pub init: Option<Const>,
    pub align: Option<u64>,
    /// Trailing `, key value` properties we keep as text (code_model, sanitizer flags).
    pub extra: Vec<Box<str>>,
    pub md: Vec<MdAttachment>,
    pub attrs: AttrSet,
}

/// `@a = alias T, ptr @aliasee` or `@i = ifunc T, ptr @resolver`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Alias {
    pub common: GlobalCommon,
    pub value_ty: Type,
    pub target: Const,
    pub ifunc: bool,
    pub md: Vec<MdAttachment>,
}

/// Every kind is boxed, so that the module's table of globals holds 16 bytes per global
/// (with a flag, 24) rather than the largest kind: the table grows by doubling, and a
/// variable or alias inline made each slot 232 bytes (9 MiB for 20,000 globals).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum GlobalKind {
    Function(Box<Function>),
    Var(Box<GlobalVar>),
    Alias(Box<Alias>),
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Global {
    pub kind: GlobalKind,
    /// Deleted globals keep their handle (handles are never reused) but are not printed.
    pub deleted: bool,
}

impl Global {
    pub fn common(&self) -> &GlobalCommon {
        match &self.kind {
            GlobalKind::Function(f) => &f.common,
            GlobalKind::Var(v) => &v.common,
            GlobalKind::Alias(a) => &a.common,
        }
    }
    pub fn common_mut(&mut self) -> &mut GlobalCommon {
        match &mut self.kind {
            GlobalKind::Function(f) => &mut f.common,
            GlobalKind::Var(v) => &mut v.common,
            GlobalKind::Alias(a) => &mut a.common,
        }
    }
    pub fn as_function(&self) -> Option<&Function> {
        match &self.kind {
            GlobalKind::Function(f) => Some(f),
            _ => None,
        }
    }
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
    pub fn_ty: Type,
    pub asm: Box<[u8]>,
    pub constraints: Box<[u8]>,
    pub sideeffect: bool,
    pub alignstack: bool,
    pub inteldialect: bool,
    pub unwind: bool,
}

/// `$name = comdat any|exactmatch|largest|nodeduplicate|samesize`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Comdat {
    pub name: Box<str>,
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
    pub source_filename: Option<Box<[u8]>>,
    pub datalayout: Option<Box<str>>,
    pub triple: Option<Box<str>>,
    pub module_asm: Vec<Box<[u8]>>,
    pub types: TypeTable,
    pub consts: ConstPool,
    pub globals: PrimaryMap<GlobalId, Global>,
    /// Print order of globals; the writer prints variables, then aliases/ifuncs, then functions
    /// (LLVM's order), each group in this order. May hold deleted globals: iterate it through
    /// [`Module::live_globals`].
    pub order: Vec<GlobalId>,
    pub comdats: Vec<Comdat>,
    pub asms: PrimaryMap<AsmId, InlineAsm>,
    /// `attributes #N = { ... }`, by group number.
    pub attr_groups: std::collections::BTreeMap<u32, Vec<crate::attr::Attr>>,
    pub md_nodes: Vec<MdNode>,
    pub named_md: Vec<NamedMd>,
    /// Whether the text used typed pointers (`i32*`): the writer then prints typed pointers.
    pub typed_pointers: bool,
    #[serde(skip)]
    names: FxHashMap<Box<str>, GlobalId>,
}

impl Module {
    /// Rebuild the indexes that are not serialised.
    pub fn rebuild_indexes(&mut self) {
        self.types.rebuild_index();
        self.consts.rebuild_index();
        self.rebuild_names();
    }

    /// Rebuild the name → global map (after renaming globals directly).
    pub fn rebuild_names(&mut self) {
        self.names = self
            .globals
            .iter()
            .filter(|(_, g)| !g.deleted)
            .filter_map(|(id, g)| g.common().name.as_str().map(|n| (n.into(), id)))
            .collect();
    }

    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        self.names.get(name).copied()
    }

    /// Add a global, register its name, and append it to the print order.
    pub fn add_global(&mut self, kind: GlobalKind) -> GlobalId {
        let id = self.globals.push(Global {
            kind,
            deleted: false,
        });
        if let Some(n) = self.globals[id].common().name.as_str() {
            self.names.insert(n.into(), id);
        }
        self.order.push(id);
        id
    }

    /// Register `id` under its current name (after a rename or a placeholder fill-in).
    pub fn register_name(&mut self, id: GlobalId) {
        if let Some(n) = self.globals[id].common().name.as_str() {
            self.names.insert(n.into(), id);
        }
    }

    /// Mark a global deleted and forget its name.
    pub fn delete_global(&mut self, id: GlobalId) {
        if let Some(n) = self.globals[id].common().name.as_str() {
            if self.names.get(n) == Some(&id) {
                self.names.remove(n);
            }
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

    pub fn function(&self, id: GlobalId) -> Option<&Function> {
        self.globals[id].as_function()
    }

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

    /// The pointer size in bits for address space `addrspace`, from the data layout
    /// (`p[n]:size:...`), defaulting to 64 like LLVM.
    pub fn pointer_bits(&self, addrspace: u32) -> u32 {
        if let Some(dl) = &self.datalayout {
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
        }
        64
    }
}
