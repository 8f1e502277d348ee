//! Value flow for Python: a points-to fixpoint over every file's `Flow` facts (assignments,
//! returns, calls with their arguments, parameters, decorators) that says what each called
//! expression can hold, in the spirit of PyCG's assignment graph. It is flow-insensitive
//! (every assignment to a name counts everywhere in its scope) and bounded: at most
//! `MAX_ROUNDS` passes over the program, at most `values::MAX_VALUES` values per variable
//! (past it the variable is "anything" and its calls keep the name-based tiers).
//!
//! Its answer per call (`CallOutcome`) is read by `calls.rs`: project targets become edges
//! of the `Flow` tier when they differ from what names alone found; a callee known to come
//! from outside the project is never matched by name.

mod builtins;
mod effects;
mod eval;
mod fixtures;
mod guards;
mod index;
mod invoke;
mod names;
mod order;
mod plans;
mod seed;
mod values;

use rustc_hash::{FxHashMap, FxHashSet};

pub(super) use builtins::is_builtin;

use crate::graph::model::NodeKind;
use crate::graph::resolve::Resolver;
use crate::lang::Family;
use crate::parse::flow::{DefFlow, ExprId, Flow, NO_NAME, NameId, StepKind};
use values::{Store, Val, Vals, Var};

/// Evaluations per unit (statement, call, definition) on average before the fixpoint is
/// called off.
const MAX_VISITS: usize = 16;
/// Most subclasses `super()` looks through.
const MAX_SUBCLASSES: usize = 64;
/// Most project targets one call keeps.
const MAX_TARGETS: usize = 16;

/// What the pass found for one call.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CallOutcome {
    /// Project functions, methods and classes it calls (constructors for classes).
    pub targets: Box<[u32]>,
    /// It can call something outside the project, and nothing of ours.
    pub external: bool,
    /// What outside the project it calls, where that has a name (`Outcomes::externals`).
    pub externals: Box<[u32]>,
}

/// The outcomes of one file: per `Flow::calls` entry, and calls made by reading a property.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileOutcome {
    pub calls: Vec<CallOutcome>,
    /// (caller node, getter, expression) for each property read; the expression's line is
    /// read from the file's current facts, so a patch that only moved lines keeps these.
    pub reads: Vec<(u32, u32, u32)>,
}

/// Everything the pass found, by file (empty for files without flow facts).
#[derive(Debug, Clone, Default)]
pub struct Outcomes {
    pub files: Vec<FileOutcome>,
    /// Qualified names of things outside the project, by id (`builtins.len`, `os.path.join`).
    pub externals: Vec<String>,
    /// Decorated definitions whose name holds something else (the decorator's wrapper).
    pub replaced: FxHashSet<u32>,
}

pub(super) struct Solver<'r> {
    r: &'r Resolver,
    store: Store,
    names: FxHashMap<&'r str, u32>,
    /// Each interned name by id.
    spelled: Vec<&'r str>,
    /// Each file's flow names as interned ids.
    file_names: Vec<Vec<u32>>,
    /// Scope node × name for every name a scope binds (assignments, parameters).
    locals: FxHashSet<(u32, u32)>,
    /// Function node → (file, its `DefFlow`).
    defs: FxHashMap<u32, (u32, &'r DefFlow)>,
    /// Definitions whose name holds their decorators' result, not themselves.
    decorated: FxHashSet<u32>,
    /// Containers by where they are made: (file, expression) or a function's own (its
    /// generator, `*args`, `**kwargs`), and the constant keys each was given.
    boxes: FxHashMap<(u32, u32, u8), u32>,
    /// Per container: the slot standing for its list of keys (read by iteration), and each
    /// key with the slot of its elements (`Var::Elem`), so iterating hashes nothing.
    box_keys: Vec<(u32, Vec<(u32, u32)>)>,
    lambdas: Vec<(u32, ExprId, Option<u32>)>,
    lambda_ids: FxHashMap<(u32, ExprId), u32>,
    externals: Vec<String>,
    /// The known library effect of each external value, by id.
    external_effects: Vec<Option<builtins::Effect>>,
    /// Whether each external value's name is spelled as a class's (`invoke::names_a_class`).
    external_classes: Vec<bool>,
    external_ids: FxHashMap<String, u32>,
    /// How deep the evaluation under way is nested.
    depth: u32,
    /// Direct subclasses of each class.
    subclasses: FxHashMap<u32, Vec<u32>>,
    /// What to evaluate: every definition, statement and call of every Python file.
    units: Vec<Unit<'r>>,
    /// Each call's outcome at its last evaluation, by file.
    outcomes: Vec<Vec<CallOutcome>>,
    /// (file, caller, getter, expression) of every property read seen.
    reads: FxHashSet<(u32, u32, u32, u32)>,
    /// Names something can write as a variable, attribute or parameter: any other name's
    /// variables are empty and are not looked up.
    writable: FxHashSet<u32>,
    /// Names that can hold a property: decorated definitions and names assigned in class
    /// bodies. Reading another attribute never calls a getter.
    property_names: FxHashSet<u32>,
    /// Definitions named directly in a node (node, name) as runs of `member_list`.
    member_index: FxHashMap<(u32, u32), (u32, u32)>,
    member_list: Vec<u32>,
    module_cache: FxHashMap<(u32, u32), std::rc::Rc<[u32]>>,
    mro_cache: FxHashMap<u32, std::rc::Rc<[u32]>>,
    /// `__init__`, `__new__` and `__call__` of each class asked about.
    dunder_cache: FxHashMap<(u32, &'static str), std::rc::Rc<[u32]>>,
    /// Interned `external.attribute` names.
    external_attrs: FxHashMap<(u32, u32), u32>,
    /// Names assigned as an attribute somewhere (`x.name = …`).
    attributes_written: FxHashSet<u32>,
    /// Scope node × name of every variable a statement, parameter, decorator or annotation
    /// writes; with `attributes_written`, all a `Var::Local` can ever hold.
    written: FxHashSet<(u32, u32)>,
    /// What reading each name and member reads, worked out once.
    plans: plans::Plans,
    /// Each class's subclasses, nearest first (`descendants`), once asked.
    descendant_cache: FxHashMap<u32, std::rc::Rc<[u32]>>,
    /// The interned `__iter__` and `__next__`, which iteration asks for.
    dunder_iter: u32,
    dunder_next: u32,
    /// The interned `__getitem__`, which indexing an instance calls, when a project method
    /// has that name.
    dunder_getitem: Option<u32>,
    /// Classes with a base from outside the project (`class Client(werkzeug.Client)`): an
    /// attribute none of the project's classes in their MRO defines comes from there.
    external_based: FxHashMap<u32, Vec<(u32, &'r str)>>,
    /// What each annotated parameter's variable, and each annotated function's return (by
    /// store slot), lets in.
    guards: FxHashMap<u32, guards::Guard>,
}

impl Resolver {
    /// Runs the pass over every Python file.
    pub(super) fn solve_flow(&self) -> Outcomes {
        let mut files = vec![FileOutcome::default(); self.facts.len()];
        if !self
            .facts
            .iter()
            .any(|f| f.language.family() == Family::Python && !f.flow.is_empty())
        {
            return Outcomes {
                files,
                ..Outcomes::default()
            };
        }
        let started = std::time::Instant::now();
        let mut solver = Solver::new(self);
        let indexed = started.elapsed();
        solver.seed();
        let seeded = started.elapsed();
        let budget = solver.units.len() * MAX_VISITS;
        let mut visits = 0;
        while visits < budget
            && let Some(unit) = solver.store.next()
        {
            visits += 1;
            solver.evaluate(unit);
        }
        tracing::debug!(
            visits,
            units = solver.units.len(),
            settled = visits < budget,
            variables = solver.store.size().0,
            reads = solver.store.size().1,
            index_ms = indexed.as_secs_f64() * 1000.0,
            seed_ms = (seeded - indexed).as_secs_f64() * 1000.0,
            fixpoint_ms = (started.elapsed() - seeded).as_secs_f64() * 1000.0,
            rss = crate::process::memory::rss_mib(),
            "value flow"
        );
        for (file, out) in files.iter_mut().enumerate() {
            out.calls = std::mem::take(&mut solver.outcomes[file]);
        }
        let replaced = solver.replaced_definitions();
        let mut reads: Vec<_> = solver.reads.into_iter().collect();
        reads.sort_unstable();
        for (file, caller, getter, line) in reads {
            files[file as usize].reads.push((caller, getter, line));
        }
        Outcomes {
            files,
            externals: solver.externals,
            replaced,
        }
    }
}

impl<'r> Solver<'r> {
    fn new(r: &'r Resolver) -> Solver<'r> {
        let mut solver = Solver {
            r,
            store: Store::default(),
            names: FxHashMap::default(),
            spelled: Vec::new(),
            file_names: vec![Vec::new(); r.facts.len()],
            locals: FxHashSet::default(),
            defs: FxHashMap::default(),
            decorated: FxHashSet::default(),
            boxes: FxHashMap::default(),
            box_keys: Vec::new(),
            lambdas: Vec::new(),
            lambda_ids: FxHashMap::default(),
            externals: vec![String::new()],
            external_effects: vec![None],
            external_classes: vec![false],
            external_ids: FxHashMap::default(),
            units: Vec::new(),
            outcomes: vec![Vec::new(); r.facts.len()],
            reads: FxHashSet::default(),
            external_attrs: FxHashMap::default(),
            writable: FxHashSet::default(),
            property_names: FxHashSet::default(),
            member_index: FxHashMap::default(),
            member_list: Vec::new(),
            module_cache: FxHashMap::default(),
            mro_cache: FxHashMap::default(),
            dunder_cache: FxHashMap::default(),
            subclasses: FxHashMap::default(),
            external_based: FxHashMap::default(),
            guards: FxHashMap::default(),
            attributes_written: FxHashSet::default(),
            written: FxHashSet::default(),
            plans: plans::Plans::default(),
            descendant_cache: FxHashMap::default(),
            dunder_iter: 0,
            dunder_next: 0,
            dunder_getitem: None,
            depth: 0,
        };
        let mut bases: Vec<(&u32, &Vec<u32>)> = r.bases.iter().collect();
        bases.sort_unstable();
        for (&class, bases) in bases {
            for &base in bases {
                solver.subclasses.entry(base).or_default().push(class);
            }
        }
        solver.size_plans(r.facts.len());
        solver.dunder_iter = solver.name("__iter__");
        solver.dunder_next = solver.name("__next__");
        if r.nodes
            .iter()
            .any(|n| n.kind == NodeKind::Method && n.name == "__getitem__")
        {
            solver.dunder_getitem = Some(solver.name("__getitem__"));
        }
        solver.index_members();
        solver.external_based = index::external_based(r);
        for file in solver.python_files().collect::<Vec<_>>() {
            solver.index_file(file);
        }
        for file in solver.python_files().collect::<Vec<_>>() {
            let flow = solver.flow(file);
            solver.outcomes[file as usize] = vec![CallOutcome::default(); flow.calls.len()];
            solver.units.extend(order::units_of(file, flow));
        }
        let fixtures = solver.fixture_units();
        solver.units.extend(fixtures);
        solver.store = Store::with_units(solver.units.len());
        solver
    }

    /// Decorated definitions that their name no longer holds once the decorators ran.
    fn replaced_definitions(&mut self) -> FxHashSet<u32> {
        let mut decorated: Vec<u32> = self.decorated.iter().copied().collect();
        decorated.sort_unstable();
        decorated
            .into_iter()
            .filter(|&node| !self.value_of_def(node).contains(&Val::Def(node)))
            .collect()
    }

    /// A class and its subclasses, nearest first, at most `MAX_SUBCLASSES` (worked out
    /// once per class: `super()` asks on every evaluation).
    fn descendants(&mut self, class: u32) -> std::rc::Rc<[u32]> {
        if let Some(known) = self.descendant_cache.get(&class) {
            return known.clone();
        }
        let mut out = vec![class];
        let mut seen: FxHashSet<u32> = FxHashSet::from_iter([class]);
        let mut at = 0;
        while at < out.len() && out.len() < MAX_SUBCLASSES {
            for &sub in self.subclasses.get(&out[at]).map_or(&[][..], Vec::as_slice) {
                if seen.insert(sub) {
                    out.push(sub);
                }
            }
            at += 1;
        }
        out.truncate(MAX_SUBCLASSES);
        let found: std::rc::Rc<[u32]> = out.into();
        self.descendant_cache.insert(class, found.clone());
        found
    }

    fn python_files(&self) -> impl Iterator<Item = u32> + 'r {
        let facts = &self.r.facts;
        (0..facts.len() as u32).filter(move |&f| {
            let facts = &facts[f as usize];
            facts.language.family() == Family::Python && !facts.flow.is_empty()
        })
    }

    fn flow(&self, file: u32) -> &'r Flow {
        &self.r.facts[file as usize].flow
    }

    fn symbol_node(&self, file: u32, symbol: u32) -> Option<u32> {
        self.r.sym_node[file as usize]
            .get(symbol as usize)
            .copied()
            .flatten()
    }

    /// The node of a scope: its definition, or the file's module.
    fn scope_node(&self, file: u32, scope: Option<u32>) -> u32 {
        scope
            .and_then(|s| self.symbol_node(file, s))
            .unwrap_or(self.r.file_module[file as usize])
    }

    /// The interned id of name `local` of `file`'s flow.
    fn id(&self, file: u32, local: NameId) -> u32 {
        self.file_names[file as usize]
            .get(local as usize)
            .copied()
            .unwrap_or(u32::MAX)
    }

    /// The interned id of a key name, or `ANY_KEY` for `NO_NAME`.
    fn key(&self, file: u32, local: NameId) -> u32 {
        if local == NO_NAME {
            values::ANY_KEY
        } else {
            self.id(file, local)
        }
    }

    fn name(&mut self, name: &'r str) -> u32 {
        let next = self.names.len() as u32;
        let id = *self.names.entry(name).or_insert(next);
        if id == next {
            self.spelled.push(name);
        }
        id
    }

    fn external(&mut self, name: &str) -> Val {
        if name.len() > 120 {
            return Val::Ext(0);
        }
        if let Some(&id) = self.external_ids.get(name) {
            return Val::Ext(id);
        }
        let id = self.externals.len() as u32;
        self.externals.push(name.to_string());
        self.external_effects.push(builtins::effect(name));
        self.external_classes.push(invoke::names_a_class(name));
        self.external_ids.insert(name.to_string(), id);
        Val::Ext(id)
    }

    /// A container made at (file, site, kind), created on first use.
    fn container(&mut self, file: u32, site: u32, kind: u8) -> u32 {
        let next = self.box_keys.len() as u32;
        let id = *self.boxes.entry((file, site, kind)).or_insert(next);
        if id == next {
            let keys = self.store.fresh();
            self.box_keys.push((keys, Vec::new()));
        }
        id
    }

    fn put(&mut self, container: u32, key: u32, vals: &[Val]) {
        if vals.is_empty() {
            return;
        }
        let (keys, known) = &self.box_keys[container as usize];
        let at = match known.iter().find(|&&(k, _)| k == key) {
            Some(&(_, at)) => at,
            None => {
                let keys = *keys;
                let at = self.store.slot_of(Var::Elem(container, key));
                self.box_keys[container as usize].1.push((key, at));
                self.store.touch_at(keys);
                at
            }
        };
        self.store.add_at(at, vals);
    }

    /// The keys container `container` was given, with their elements' slots; the unit
    /// under way now reads the list (a key added later runs it again).
    fn keys(&mut self, container: u32) -> Vec<(u32, u32)> {
        let (keys, known) = &self.box_keys[container as usize];
        let keys = *keys;
        let known = known.clone();
        self.store.get_at(keys);
        known
    }

    /// Which scope node an assignment to `name` in `scope` writes: the function's own, the
    /// module's for `global`, the enclosing function's for `nonlocal`.
    fn assigned_scope(&self, file: u32, scope: Option<u32>, name: NameId) -> Option<u32> {
        let node = self.scope_node(file, scope);
        let Some(&(_, def)) = self.defs.get(&node) else {
            return Some(node);
        };
        if def.globals.contains(&name) {
            return Some(self.r.file_module[file as usize]);
        }
        if def.nonlocals.contains(&name) {
            let facts = &self.r.facts[file as usize];
            let mut at = scope.and_then(|s| facts.symbols[s as usize].parent);
            while let Some(s) = at {
                if facts.symbols[s as usize].kind.is_function_like() {
                    return self.symbol_node(file, s);
                }
                at = facts.symbols[s as usize].parent;
            }
        }
        Some(node)
    }

    /// Evaluates one unit again.
    fn evaluate(&mut self, unit: u32) {
        match self.units[unit as usize] {
            Unit::Def(file, def) => self.apply_defaults_and_decorators(file, def),
            Unit::Step(file, index) => {
                let step = &self.flow(file).steps[index as usize];
                match &step.kind {
                    StepKind::Assign { target, value } => {
                        let vals = self.eval(file, step.scope, *value);
                        self.assign(file, step.scope, target, &vals);
                    }
                    StepKind::Return(value) => {
                        let vals = self.eval(file, step.scope, *value);
                        let function = self.scope_node(file, step.scope);
                        let slot = self.store.slot_of(Var::Ret(function));
                        self.add_guarded(slot, &vals);
                    }
                    StepKind::Yield(value) => {
                        let vals = self.eval(file, step.scope, *value);
                        let function = self.scope_node(file, step.scope);
                        let elements = self.container(file, function, 3);
                        self.put(elements, values::ANY_KEY, &vals);
                    }
                }
            }
            Unit::Call(file, index) => self.call(file, index),
            Unit::Fixture(consumer, name, fixture) => {
                self.fill_from_fixture(consumer, name, fixture);
            }
        }
    }

    /// Defaults and annotated classes flow into their parameters; a decorated name holds its decorators' result.
    fn apply_defaults_and_decorators(&mut self, file: u32, def: &'r DefFlow) {
        let Some(node) = self.symbol_node(file, def.symbol) else {
            return;
        };
        let outer = self.r.facts[file as usize].symbols[def.symbol as usize].parent;
        for param in &def.params {
            for value in [param.default, param.annotation].into_iter().flatten() {
                let vals = self.eval(file, outer, value);
                let name = self.id(file, param.name);
                self.store.add(Var::Local(node, name), &vals);
                self.store.add(Var::Given(node), &vals);
            }
        }
        if let Some(call) = def.decorated {
            let holder = self.scope_node(file, outer);
            let name = &self.r.facts[file as usize].symbols[def.symbol as usize].name;
            let name = self.name(name);
            let at = self.result_slot(file, call);
            let vals = Vals::from_slice(self.store.get_at(at));
            self.store.add(Var::Local(holder, name), &vals);
        }
    }
}

/// Something the fixpoint evaluates.
#[derive(Clone, Copy)]
enum Unit<'r> {
    /// A definition's defaults and decorators.
    Def(u32, &'r DefFlow),
    Step(u32, u32),
    Call(u32, u32),
    /// A test's parameter (consumer node, name) filled by a pytest fixture (node).
    Fixture(u32, u32, u32),
}
