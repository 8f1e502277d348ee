//! Intra-procedural taint: inside each function, follow values from sources (request data,
//! the environment, argv, stdin — and the function's own parameters) through assignments,
//! string building and pass-through calls to sinks. A finding carries the path it took.
//! What crosses a call or a file is recorded (`crossing.rs`) for `detect::graph::taint`,
//! which follows it along resolved call edges.

mod bindings;
mod branches;
mod building;
mod callers;
mod crossing;
mod entry;
mod eval;
mod grammar;
mod jsx;
mod macros;
mod name_set;
mod report;
mod response_objects;
mod returns;
mod sink_shapes;
mod sinks;
mod statements;
pub mod tables;
mod units;
mod unknown;
mod url_query;
mod visit;
#[cfg(test)]
mod work_tests;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::detect::finding::Severity;
use crate::detect::local::functions::{function_indices, walk_body_at};
use crate::detect::local::{Ctx, Hit};
use crate::lang::Family;
use crate::parse::flat::FlatTree;
use bindings::DESTRUCTURING;
pub use crossing::{
    CallThrough, FileTaint, Origin, ReturnSummary, Summary, TaintCall, ThroughCall,
};
use grammar::{CONTAINERS, Fields, VISITED_KINDS};
pub use sinks::{Sink, SinkSpec, SinkTable};
use units::{enclosing_class, function_name, keep_source_fields, safe_fields};

#[derive(Debug, Clone)]
struct Taint {
    /// Shared between copies, as `steps` is.
    origin: std::rc::Rc<Origin>,
    /// Shared between copies: a value is copied on every read of a name that holds it,
    /// and only a copy that takes a step of its own needs its own list.
    steps: std::rc::Rc<Vec<(u32, String)>>,
    /// Built into a larger string (concatenation, formatting, interpolation).
    formatted: bool,
    /// Cast to a string (`String(x)`, `str(x)`): it can no longer be an object.
    stringified: bool,
    /// Held under a key of an object or dict literal (`{S: x}`), not as the object itself.
    nested: bool,
    /// Held only past the first element of an argument list whose program is not tainted
    /// (`["ping", host]`): what runs is fixed, only its arguments vary.
    argv_tail: bool,
    /// Built into a URL past its `?` or `#` (`url_query.rs`): it cannot choose where the
    /// URL leads.
    host_fixed: bool,
    /// Passed through `encodeURI`: no line breaks, `<`, `>` or `"` are left, but `:`, `/`,
    /// `;`, `(`, `'` and `..` are; only sinks that say so take it as clean.
    uri_encoded: bool,
    /// Its every `/` removed (`name.replace("/", "")`): it can no longer name another
    /// folder, only a file beside the others; sinks that say so take it as clean.
    separators_stripped: bool,
    /// Carried only if a function of another file gives it back (`query_for(x)`): the
    /// graph decides.
    through: Option<std::rc::Rc<Through>>,
    /// The first line of the function whose parameter `origin` names, when that is not the
    /// function analysed: a constructor's parameter a method reads back from the field the
    /// constructor stored it in (`self.host = host`, then `self.host` in `ping`).
    owner: Option<u32>,
}

/// A call into another file whose result a value is.
#[derive(Debug)]
struct Through {
    callee: String,
    line: u32,
    /// The tainted argument it was given, if any (`KEYWORD` when given by keyword).
    arg: Option<u32>,
    /// The parameter name a tainted keyword argument was given for.
    keyword: Option<String>,
}

/// The position recorded for an argument given by keyword: no parameter has it.
pub const KEYWORD: u32 = u32::MAX;

impl Taint {
    fn new(origin: Origin, line: u32, note: String) -> Taint {
        Taint {
            origin: std::rc::Rc::new(origin),
            steps: std::rc::Rc::new(vec![(line, note)]),
            formatted: false,
            stringified: false,
            nested: false,
            argv_tail: false,
            host_fixed: false,
            uri_encoded: false,
            separators_stripped: false,
            through: None,
            owner: None,
        }
    }

    fn step(mut self, line: u32, note: String) -> Taint {
        if self.steps.len() < 12 && self.steps.last().is_none_or(|s| s.1 != note) {
            std::rc::Rc::make_mut(&mut self.steps).push((line, note));
        }
        self
    }
}

const MAX_DEPTH: u32 = 40;

/// Works on flat-tree indices: kinds, fields and children are array reads, not
/// tree-sitter calls (this runs on every call and assignment of every file).
struct Analyser<'a, 'c, 't> {
    ctx: &'a Ctx<'c, 't>,
    flat: &'a FlatTree<'t>,
    fields: &'a Fields,
    family: Family,
    env: FxHashMap<String, Taint>,
    /// Names assigned untainted values in this function, and what those may hold.
    known: FxHashMap<String, unknown::Shape>,
    /// Names holding a plain string literal, with its text, where a rule watches strings
    /// being built (`building.rs`).
    literals: FxHashMap<String, String>,
    /// Names holding a guard's verdict (`ok = is_safe_url(next)`), and the names the
    /// guard tested: `if ok:` vouches for them.
    verdicts: FxHashMap<String, Vec<u32>>,
    /// The scopes of the functions around this one, innermost last (read, never cloned).
    outer: &'a [(u32, Scope)],
    sinks: &'a SinkTable,
    tables: &'static tables::Tables,
    /// The decorators of the function being analysed, one per line.
    decorators: String,
    /// The function being analysed (0: the file's top level).
    unit: u32,
    function_line: u32,
    function_name: String,
    /// The function's parameter nodes, by index (without `self`).
    params: Vec<u32>,
    /// The file's calls by name, for what callers pass.
    calls: &'a callers::Calls<'c>,
    /// What the file's own functions return of their parameters.
    returns: &'a returns::Returns,
    /// The class around the function (a method's), and the fields its earlier methods
    /// set from a source (`self.name = request.args["n"]` in `__init__`).
    class: Option<u32>,
    class_fields: &'a ClassFields,
    /// Fields every declaration in the file types as a number or boolean (`page: u32` in
    /// a `Query` struct, `page: int` on a pydantic model): reading one carries nothing.
    safe_fields: &'a FxHashSet<String>,
    /// Names the file imports from libraries, by the path they stand for.
    library_names: &'a FxHashMap<String, String>,
    /// Every name the file's imports bind, the project's own modules included.
    imported: &'a FxHashSet<String>,
    /// Names imported from the project's own modules (relative imports, `crate::`): a
    /// call of one is never a library's sink of the same name.
    own_imports: &'a FxHashSet<String>,
    /// While summarising a function for `returns`: the parameters its returns carry.
    returned: Option<Vec<returns::Returned>>,
    /// While summarising: the one parameter that carries an origin, so each parameter a
    /// return builds on is found, not only the one a union of them would name.
    summarised: Option<u32>,
    out: &'a mut FileTaint,
    hits: &'a mut Vec<Hit>,
    /// Which of `hits` came from waypoint sinks (`SinkSpec::waypoint`).
    waypoints: Vec<usize>,
    /// What happens where a guarded branch ends, by flat-tree index (`branches.rs`).
    scheduled: Vec<(u32, branches::Event)>,
    /// Whether control cannot leave a node by its end, by node (`Analyser::exits`).
    exits_known: std::cell::RefCell<FxHashMap<u32, bool>>,
}

pub fn analyse(ctx: &Ctx<'_, '_>, sinks: &SinkTable, hits: &mut Vec<Hit>) -> FileTaint {
    let mut out = FileTaint::default();
    let family = ctx.language.family();
    let flat = ctx.flat;
    let fields = Fields::of(flat);
    // A nested function (a callback, a closure) sees what the functions around it hold:
    // their sources and what their names may carry, not their parameters (a summary
    // speaks of its own function's parameters only). Functions come in document order,
    // so each one's enclosing functions were analysed before it.
    let mut around: Vec<(u32, Scope)> = Vec::new();
    let calls = callers::Calls::default();
    let functions = functions_of(ctx, flat);
    let returns = returns::Returns::new(functions.clone());
    let mut class_fields = ClassFields::default();
    let safe_fields = safe_fields(ctx.facts, tables::of(family));
    let mut library_names =
        crate::detect::local::imports::library_names(&ctx.facts.imports, family);
    crate::detect::local::imports::add_library_made(
        &mut library_names,
        &ctx.facts.imports,
        &ctx.facts.bindings,
        family,
    );
    let own_imports = crate::detect::local::imports::own_names(&ctx.facts.imports);
    let mut imported = crate::detect::local::imports::imported_names(&ctx.facts.imports);
    if family == Family::Rust {
        imported.extend(crate::detect::local::imports::rust_module_heads(ctx.source));
    }
    // The file's own top-level statements (a script, a browser page's code) come first, as
    // the tree's root: what they leave tainted, every function of the file sees.
    let units: Vec<u32> = std::iter::once(0).chain(functions).collect();
    for (at, &unit) in units.iter().enumerate() {
        while around.last().is_some_and(|(end, _)| *end <= unit) {
            around.pop();
        }
        let start = hits.len();
        let mut analyser = Analyser {
            ctx,
            flat,
            fields: &fields,
            family,
            env: FxHashMap::default(),
            known: FxHashMap::default(),
            literals: FxHashMap::default(),
            verdicts: FxHashMap::default(),
            outer: &around,
            sinks,
            tables: tables::of(family),
            decorators: String::new(),
            unit,
            function_line: flat.line(unit),
            function_name: match unit {
                0 => String::new(),
                _ => function_name(flat, ctx.source, unit, fields.name),
            },
            params: Vec::new(),
            calls: &calls,
            returns: &returns,
            class: enclosing_class(flat, unit),
            class_fields: &class_fields,
            safe_fields: &safe_fields,
            library_names: &library_names,
            imported: &imported,
            own_imports: &own_imports,
            returned: None,
            summarised: None,
            out: &mut out,
            hits,
            waypoints: Vec::new(),
            scheduled: Vec::new(),
            exits_known: Default::default(),
        };
        if unit == 0 {
            analyser.visit_inside(unit);
        } else {
            analyser.function(unit);
            analyser.note_every_returned_param();
        }
        let waypoints = std::mem::take(&mut analyser.waypoints);
        drop_passed_waypoints(analyser.hits, start, &waypoints);
        let class = analyser.class;
        let constructor = matches!(analyser.function_name.as_str(), "__init__" | "constructor")
            .then_some(analyser.function_line);
        let scope = (analyser.env, analyser.known);
        if let Some(class) = class {
            keep_source_fields(&mut class_fields, class, &scope.0, constructor);
        }
        let end = flat.entry(unit).end;
        if units.get(at + 1).is_some_and(|next| *next < end) {
            around.push((end, scope));
        }
    }
    out
}

/// Drops a waypoint's finding when a finding of the same rule went on from its line: the
/// value that passed `path.join` reached the file it opens, which is the finding to read.
fn drop_passed_waypoints(hits: &mut Vec<Hit>, start: usize, waypoints: &[usize]) {
    if waypoints.is_empty() {
        return;
    }
    let passed: FxHashSet<usize> = waypoints
        .iter()
        .copied()
        .filter(|&w| {
            let waypoint = &hits[w];
            hits[start..].iter().enumerate().any(|(i, hit)| {
                !waypoints.contains(&(start + i))
                    && hit.rule == waypoint.rule
                    && hit.flow.iter().any(|step| step.line == waypoint.line)
            })
        })
        .collect();
    if passed.is_empty() {
        return;
    }
    let mut index = 0;
    hits.retain(|_| {
        index += 1;
        !passed.contains(&(index - 1))
    });
}

/// The file's functions (flat indices, in document order), with Python lambdas bound to
/// a name (`q = lambda n: …`), which are called as functions are.
fn functions_of(ctx: &Ctx<'_, '_>, flat: &FlatTree<'_>) -> Vec<u32> {
    let mut functions = function_indices(ctx, |i| {
        crate::detect::local::functions::bound_name(flat, ctx.source, i).is_some()
    });
    // A Rust closure is analysed on its own, as a callback is: a handler written as one
    // (`get(|Query(q): Query<Q>| …)`), and what it captures from a handler around it.
    if ctx.language.family() == Family::Rust {
        let closures = grammar::CLOSURES.of(ctx.language);
        functions.extend((0..flat.len() as u32).filter(|&i| closures.holds(flat, i)));
        functions.sort_unstable();
    }
    functions
}

/// What a function's names hold once it has run: tainted ones, and what others may carry.
type Scope = (FxHashMap<String, Taint>, FxHashMap<String, unknown::Shape>);

/// By class: its fields (`self.name`, `this.name`) a method set from a source.
type ClassFields = FxHashMap<u32, FxHashMap<String, Taint>>;

impl Analyser<'_, '_, '_> {
    fn text(&self, node: u32) -> &str {
        self.flat.text(node, self.ctx.source)
    }

    fn kind(&self, node: u32) -> &'static str {
        self.flat.kind(node)
    }

    /// What a call through an imported name calls, by its library path.
    fn library_callee(&self, callee: &str) -> Option<String> {
        crate::detect::local::imports::library_callee(self.library_names, self.family, callee)
    }

    /// The taint a name holds here, or in a function around this one when it holds a
    /// source there (its parameters are that function's, not this one's). A name this
    /// function assigns or vouches for shadows the outer ones.
    fn env_get(&self, name: &str) -> Option<&Taint> {
        if let Some(taint) = self.env.get(name) {
            return Some(taint);
        }
        if self.known.contains_key(name) {
            return None;
        }
        for (_, (env, known)) in self.outer.iter().rev() {
            if let Some(taint) = env.get(name) {
                return matches!(*taint.origin, Origin::Source(_)).then_some(taint);
            }
            if known.contains_key(name) {
                return None;
            }
        }
        self.class_fields.get(&self.class?)?.get(name)
    }

    /// What a name not tainted here may hold, here or in a function around this one.
    fn known_get(&self, name: &str) -> Option<unknown::Shape> {
        if self.env.contains_key(name) {
            return None;
        }
        if let Some(shape) = self.known.get(name) {
            return Some(*shape);
        }
        for (_, (env, known)) in self.outer.iter().rev() {
            if let Some(shape) = known.get(name) {
                return Some(*shape);
            }
            if env.contains_key(name) {
                return None;
            }
        }
        None
    }

    /// Whether a route decorator converts parameter `name` (`<int:id>`, Flask's and
    /// Django's): only numbers and UUIDs get in.
    fn converted_to_number(&self, name: &str) -> bool {
        self.decorators.match_indices(name).any(|(at, _)| {
            self.decorators[at + name.len()..].starts_with('>')
                && ["<int:", "<float:", "<uuid:"]
                    .iter()
                    .any(|c| self.decorators[..at].ends_with(c))
        })
    }

    fn child(&self, node: u32, field: u16) -> Option<u32> {
        self.flat.child_by_field(node, field)
    }

    fn function(&mut self, function: u32) {
        self.decorators = self.decorators_of(function);
        let entry = self.entry(function);
        if let Some(params) = self.child(function, self.fields.parameters) {
            let mut index = 0;
            for param in self.flat.named_children(params) {
                let Some((name, type_text)) = tables::param_name(self.ctx, param) else {
                    if self.destructured_param(param, index, entry) {
                        index += 1;
                    }
                    continue;
                };
                // A route converter (`<int:id>`, Flask's and Django's) lets only numbers in.
                let typed_safe = type_text.is_some_and(|t| self.tables.is_safe_type(t))
                    || self.converted_to_number(&name);
                // A parameter shadows whatever the functions around held under its name.
                self.env.remove(&name);
                self.known.remove(&name);
                if matches!(name.as_str(), "self" | "cls" | "this") {
                    continue;
                }
                self.params.push(param);
                let summarising = self.returned.is_some();
                let constant = !typed_safe
                    && !summarising
                    && callers::constant_at_every_call(
                        self.ctx,
                        self.calls,
                        &callers::Param {
                            function: &self.function_name,
                            index,
                            name: &name,
                            node: param,
                        },
                    );
                let list = self.iterated_list(function, index);
                if typed_safe || constant {
                    self.known.insert(name.clone(), unknown::Shape::default());
                } else if let Some(taint) =
                    list.and_then(|list| self.iterated_element(list, param, &name))
                {
                    self.env.insert(name.clone(), taint);
                } else if let Some(list) = list.filter(|_| {
                    self.family == Family::Rust && !matches!(entry, entry::Entry::Route)
                }) {
                    // A Rust closure's element holds no more than the list it comes from.
                    self.known.insert(name.clone(), self.shape(list, 0));
                } else if let Some(origin) = if summarising {
                    self.summarises(index)
                        .then(|| Origin::Param(index, name.clone()))
                } else {
                    self.param_origin(index, &name, param, type_text, entry)
                } {
                    self.bind_param(name, param, origin);
                } else {
                    // Injected by the framework: not the caller's, not the request's.
                    self.known.insert(name.clone(), unknown::Shape::OPAQUE);
                }
                index += 1;
            }
        }
        let Some(body) = self.child(function, self.fields.body) else {
            return;
        };
        self.visit(body);
        self.visit_inside(body);
        if let Some(value) = self.tail_value(body) {
            self.note_returned(value);
        }
    }
}
