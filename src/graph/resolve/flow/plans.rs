//! Plans: the static part of reading a bare name, a class member, an imported name, a
//! call's result or a function's parameters, worked out once.
//!
//! Which scope binds a name, which definitions it names, whether a builtin stands behind
//! it, where an import leads, and which variables along a class's MRO can hold a member
//! never change while the fixpoint runs: everything that can write a variable is indexed
//! before it starts. Only the variables' values change. A plan keeps those variables as
//! store slots, so an evaluation reads them directly instead of walking scopes, rebuilding
//! import paths and hashing each variable.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::rc::Rc;

use crate::graph::model::NodeKind;
use crate::parse::ImportKind;
use crate::parse::flow::DefFlow;

use super::Solver;
use super::builtins;
use super::values::{Store, Val, Vals, Var, extend};

/// A plan's index before it is made.
const UNMADE: u32 = u32::MAX;

/// Most modules a re-imported name is followed through.
const MAX_REEXPORTS: u32 = 4;

/// One source of a plan's values.
#[derive(Debug, Clone, Copy)]
pub(super) enum Part {
    /// A variable, by store slot.
    Slot(u32),
    /// A value that cannot change (an undecorated definition).
    Const(Val),
}

/// How a bare name is read in one scope.
struct NamePlan {
    parts: Box<[Part]>,
    /// The name falls through to this module's globals: when they hold nothing, its
    /// imports are read, then the builtin.
    module: Option<u32>,
    builtin: Option<Val>,
}

/// How a member is read on a class or its instances.
struct MemberPlan {
    /// Assignments along the MRO, then the first class's definitions of the name.
    parts: Box<[Part]>,
    /// A class in the MRO has a base from outside the project.
    outside: bool,
    /// The subclasses that can hold the name (`in_subclasses`), once asked.
    subclasses: Option<Rc<[u32]>>,
}

/// How a name a module imports is read: per project module it comes from, that module's
/// global, and (when the global holds nothing) the module's own import of the name;
/// else, when the import leads outside the project, the outside value.
struct ImportPlan {
    sources: Box<[ImportSource]>,
    external: Option<Val>,
}

struct ImportSource {
    global: Option<Part>,
    /// (module, name) to follow when the global is empty: a re-export.
    further: Option<(u32, u32)>,
}

#[derive(Default)]
pub(super) struct Plans {
    /// By (file, scope, name): one plan for every read of a name in one scope.
    name_index: FxHashMap<(u32, u32, u32), u32>,
    names: Vec<NamePlan>,
    /// By (class, name).
    member_index: FxHashMap<(u32, u32), u32>,
    members: Vec<MemberPlan>,
    /// By file, then call: the slot of what the call returns, `UNMADE` before.
    results: Vec<Vec<u32>>,
    /// By function node: what entering it reads, `UNMADE` before.
    entry_index: Vec<u32>,
    entries: Vec<Entry>,
    /// By (module, name).
    import_index: FxHashMap<(u32, u32), u32>,
    imports: Vec<ImportPlan>,
}

/// What a call reads and writes of the function it enters: its parameters' slots
/// (`Var::Local(function, parameter)`, in order), its return and its defaults.
#[derive(Clone)]
pub(super) struct Entry {
    pub(super) params: Rc<[u32]>,
    pub(super) ret: u32,
    pub(super) given: u32,
}

/// Appends the values of `parts` to `out` (the current unit reads each slot).
fn read_parts(parts: &[Part], store: &mut Store, out: &mut Vals) {
    for part in parts {
        match *part {
            Part::Slot(at) => extend(out, store.get_at(at)),
            Part::Const(val) => extend(out, &[val]),
        }
    }
}

impl Solver<'_> {
    /// A bare name `id` read in `scope`: the innermost function binding it (class bodies
    /// only for code directly in them), then the module: its assignments, definitions and
    /// imports; then builtins.
    pub(super) fn read_name(&mut self, file: u32, scope: Option<u32>, id: u32) -> Vals {
        let plan = self.name_plan(file, scope, id);
        let mut out = Vals::new();
        let NamePlan { parts, module, .. } = &self.plans.names[plan as usize];
        let module = *module;
        read_parts(parts, &mut self.store, &mut out);
        if out.is_empty()
            && let Some(module) = module
        {
            out = self.imported_value(module, id);
            if out.is_empty()
                && let Some(builtin) = self.plans.names[plan as usize].builtin
            {
                out.push(builtin);
            }
        }
        out
    }

    fn name_plan(&mut self, file: u32, scope: Option<u32>, id: u32) -> u32 {
        let key = (file, scope.unwrap_or(u32::MAX), id);
        if let Some(&known) = self.plans.name_index.get(&key) {
            return known;
        }
        let plan = self.make_name_plan(file, scope, id);
        let at = self.plans.names.len() as u32;
        self.plans.names.push(plan);
        self.plans.name_index.insert(key, at);
        at
    }

    fn make_name_plan(&mut self, file: u32, scope: Option<u32>, id: u32) -> NamePlan {
        let facts = &self.r.facts[file as usize];
        let mut at = scope;
        let mut first = true;
        while let Some(index) = at {
            let symbol = &facts.symbols[index as usize];
            let class_body = symbol.kind.is_class_like();
            if (!class_body || first)
                && let Some(node) = self.symbol_node(file, index)
            {
                let members = self.own_members(node, id);
                if self.locals.contains(&(node, id)) || !members.is_empty() {
                    let mut parts: SmallVec<[Part; 4]> =
                        self.local_part(node, id).into_iter().collect();
                    for at in members {
                        parts.push(self.def_part(self.member_list[at]));
                    }
                    return NamePlan {
                        parts: Box::from(&parts[..]),
                        module: None,
                        builtin: None,
                    };
                }
            }
            first = false;
            at = symbol.parent;
        }
        let module = self.r.file_module[file as usize];
        let mut parts: SmallVec<[Part; 4]> = self.local_part(module, id).into_iter().collect();
        for &found in self.in_module(module, id).iter() {
            parts.push(self.def_part(found));
        }
        let name = self.spelled.get(id as usize).copied().unwrap_or("");
        let builtin = (!self.locals.contains(&(module, id)) && builtins::is_builtin(name))
            .then(|| self.external(&format!("builtins.{name}")));
        NamePlan {
            parts: Box::from(&parts[..]),
            module: Some(module),
            builtin,
        }
    }

    /// The variable `local` reads, when anything can write it.
    fn local_part(&mut self, holder: u32, id: u32) -> Option<Part> {
        (self.attributes_written.contains(&id) || self.written.contains(&(holder, id)))
            .then(|| Part::Slot(self.store.slot_of(Var::Local(holder, id))))
    }

    /// What `value_of_def` reads for a definition.
    fn def_part(&mut self, node: u32) -> Part {
        if !self.decorated.contains(&node) {
            return Part::Const(Val::Def(node));
        }
        let Some(holder) = self.definition_holder(node) else {
            return Part::Const(Val::Def(node));
        };
        let name = self.r.nodes[node as usize].name.as_str();
        let id = self.name(name);
        Part::Slot(self.store.slot_of(Var::Local(holder, id)))
    }

    /// A class attribute or method along the MRO: assignments to the class or its
    /// instances, then definitions. Read through an instance (`bind`), a function binds.
    pub(super) fn member(&mut self, class: u32, id: u32, bind: bool) -> Vals {
        let plan = self.member_plan(class, id);
        self.read_member(plan, bind)
    }

    fn read_member(&mut self, plan: u32, bind: bool) -> Vals {
        let mut out = Vals::new();
        read_parts(
            &self.plans.members[plan as usize].parts,
            &mut self.store,
            &mut out,
        );
        if bind {
            for val in &mut out {
                if let Val::Def(f) = *val
                    && matches!(
                        self.r.nodes[f as usize].kind,
                        NodeKind::Function | NodeKind::Method
                    )
                {
                    *val = Val::Bound(f);
                }
            }
            out.dedup();
        }
        out
    }

    fn member_plan(&mut self, class: u32, id: u32) -> u32 {
        if let Some(&known) = self.plans.member_index.get(&(class, id)) {
            return known;
        }
        let mro = self.mro(class);
        let mut parts: SmallVec<[Part; 8]> = SmallVec::new();
        for &owner in mro.iter() {
            parts.extend(self.local_part(owner, id));
        }
        let found = mro
            .iter()
            .map(|&owner| self.own_members(owner, id))
            .find(|found| !found.is_empty())
            .unwrap_or(0..0);
        for at in found {
            parts.push(self.def_part(self.member_list[at]));
        }
        let outside = mro.iter().any(|c| self.external_based.contains_key(c));
        let at = self.plans.members.len() as u32;
        self.plans.members.push(MemberPlan {
            parts: Box::from(&parts[..]),
            outside,
            subclasses: None,
        });
        self.plans.member_index.insert((class, id), at);
        at
    }

    /// What the outside bases of a class and of the classes in its MRO hold, read where
    /// each class is defined (`class A(ext.Base)` gives `ext.Base`).
    pub(super) fn outside_bases(&mut self, class: u32) -> Vals {
        let mut out = Vals::new();
        for c in self.mro(class).iter().copied() {
            let Some(bases) = self.external_based.get(&c).cloned() else {
                continue;
            };
            let scope = self.r.origin[c as usize].and_then(|(file, symbol)| {
                self.r.facts[file as usize].symbols[symbol as usize].parent
            });
            for (file, base) in bases {
                let mut parts = base.split('.');
                let first = parts.next().unwrap_or("");
                let id = self.name(first);
                let mut vals = self.read_name(file, scope, id);
                for part in parts {
                    let id = self.name(part);
                    vals = vals
                        .iter()
                        .filter_map(|&v| match v {
                            Val::Ext(base) => Some(self.external_attr(base, id, part)),
                            _ => None,
                        })
                        .collect();
                }
                for val in vals {
                    if matches!(val, Val::Ext(id) if id != 0) {
                        extend(&mut out, &[val]);
                    }
                }
            }
        }
        out
    }

    /// `class.name` or `instance.name` (`instance`): the member; when nothing in the
    /// project's MRO holds it, anything from an outside base, else (on an instance) what
    /// subclasses hold.
    pub(super) fn class_attribute(&mut self, class: u32, id: u32, instance: bool) -> Vals {
        let plan = self.member_plan(class, id);
        let vals = self.read_member(plan, instance);
        if !vals.is_empty() {
            return vals;
        }
        if self.plans.members[plan as usize].outside {
            let mut out = Vals::new();
            let name = self.spelled.get(id as usize).copied().unwrap_or("");
            // A name the project assigns as an attribute (`cls.user = …` in a test's setup)
            // is data of ours the pass did not follow, not the outside base's member.
            let bases = if self.attributes_written.contains(&id) {
                Vals::new()
            } else {
                self.outside_bases(class)
            };
            for base in bases {
                if let Val::Ext(base) = base {
                    extend(&mut out, &[self.external_attr(base, id, name)]);
                }
            }
            if out.is_empty() {
                out.push(Val::Ext(0));
            }
            return out;
        }
        if instance {
            return self.in_subclasses(plan, class, id);
        }
        vals
    }

    /// An attribute a class's instances lack but its subclasses' have (`self.child()` in a
    /// base whose subclasses set `self.child`): the instance may be any of those.
    fn in_subclasses(&mut self, plan: u32, class: u32, id: u32) -> Vals {
        let subclasses = match &self.plans.members[plan as usize].subclasses {
            Some(found) => found.clone(),
            None => {
                // Only where a subclass can hold the name: an attribute written somewhere,
                // or a definition of the subclass itself.
                let written = self.attributes_written.contains(&id);
                let found: Rc<[u32]> = self
                    .descendants(class)
                    .iter()
                    .copied()
                    .skip(1)
                    .filter(|&sub| written || !self.own_members(sub, id).is_empty())
                    .collect();
                self.plans.members[plan as usize].subclasses = Some(found.clone());
                found
            }
        };
        let mut out = Vals::new();
        for &sub in subclasses.iter() {
            let vals = self.member(sub, id, true);
            extend(&mut out, &vals);
        }
        out
    }

    /// A name imported into `module`: a global of another project module (followed
    /// through at most `MAX_REEXPORTS` modules that only re-import it), or something from
    /// outside the project.
    pub(super) fn imported_value(&mut self, module: u32, id: u32) -> Vals {
        self.imported_through(module, id, MAX_REEXPORTS)
    }

    fn imported_through(&mut self, module: u32, id: u32, hops: u32) -> Vals {
        let plan = self.import_plan(module, id);
        let mut out = Vals::new();
        for at in 0..self.plans.imports[plan as usize].sources.len() {
            let source = &self.plans.imports[plan as usize].sources[at];
            let (global, further) = (source.global, source.further);
            let mut vals = Vals::new();
            read_parts(global.as_slice(), &mut self.store, &mut vals);
            if vals.is_empty()
                && hops > 0
                && let Some((next, name)) = further
            {
                vals = self.imported_through(next, name, hops - 1);
            }
            extend(&mut out, &vals);
        }
        if out.is_empty()
            && let Some(external) = self.plans.imports[plan as usize].external
        {
            out.push(external);
        }
        out
    }

    fn import_plan(&mut self, module: u32, id: u32) -> u32 {
        if let Some(&known) = self.plans.import_index.get(&(module, id)) {
            return known;
        }
        let name = self.spelled.get(id as usize).copied().unwrap_or("");
        let mut sources = Vec::new();
        let mut external = None;
        let imports = self
            .r
            .bindings
            .get(&module)
            .and_then(|b| b.get(name))
            .map_or(&[][..], |found| &found[..]);
        for &(import_file, index) in imports {
            let import = &self.r.facts[import_file as usize].imports[index as usize];
            let found = self.r.import_source(import_file, index);
            if import.kind == ImportKind::Member
                && let Some(imported) = import.name.as_deref()
            {
                let imported = self.name(imported);
                for &source in &found {
                    sources.push(ImportSource {
                        global: self.local_part(source, imported),
                        further: (source != module).then_some((source, imported)),
                    });
                }
            }
            if found.is_empty() {
                external = Some(match (import.kind, import.name.as_deref()) {
                    (ImportKind::Member, Some(member)) => format!("{}.{member}", import.path),
                    // `import a.b` binds `a`; `import a.b as c` binds `a.b`.
                    (ImportKind::Module, _) if import.alias.is_none() => name.to_string(),
                    _ => import.path.clone(),
                });
            }
        }
        let external = external.map(|path| self.external(&path));
        let at = self.plans.imports.len() as u32;
        self.plans.imports.push(ImportPlan {
            sources: sources.into(),
            external,
        });
        self.plans.import_index.insert((module, id), at);
        at
    }

    /// Makes room for every file's plans.
    pub(super) fn size_plans(&mut self, files: usize) {
        self.plans.results = vec![Vec::new(); files];
    }

    /// The slot of `Var::Result(file, call)`.
    pub(super) fn result_slot(&mut self, file: u32, call: u32) -> u32 {
        let calls = self.flow(file).calls.len();
        let by_file = &mut self.plans.results[file as usize];
        if by_file.len() < calls {
            by_file.resize(calls, UNMADE);
        }
        match by_file.get(call as usize) {
            Some(&known) if known != UNMADE => known,
            Some(_) => {
                // Kept here, not hashed: the index then holds only variables found by name.
                let at = self.store.fresh();
                self.plans.results[file as usize][call as usize] = at;
                at
            }
            None => self.store.slot_of(Var::Result(file, call)),
        }
    }

    /// What entering `function` (defined by `def` in `file`) reads and writes.
    pub(super) fn entry(&mut self, function: u32, file: u32, def: &DefFlow) -> Entry {
        let known = self
            .plans
            .entry_index
            .get(function as usize)
            .copied()
            .unwrap_or(UNMADE);
        if known != UNMADE {
            return self.plans.entries[known as usize].clone();
        }
        let ret = self.store.slot_of(Var::Ret(function));
        let params: Rc<[u32]> = def
            .params
            .iter()
            .map(|param| {
                let name = self.id(file, param.name);
                self.store.slot_of(Var::Local(function, name))
            })
            .collect();
        let given = self.store.slot_of(Var::Given(function));
        let entry = Entry { params, ret, given };
        let index = &mut self.plans.entry_index;
        if index.len() <= function as usize {
            index.resize(self.r.nodes.len().max(function as usize + 1), UNMADE);
        }
        index[function as usize] = self.plans.entries.len() as u32;
        self.plans.entries.push(entry.clone());
        entry
    }
}
