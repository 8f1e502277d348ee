//! Call sites → `calls` edges with a confidence tier (DESIGN.md), or unresolved facts.

use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::graph::model::{EdgeKind, NodeKind, OutsideKind, Resolution, UnresolvedCall};
use crate::graph::resolve::flow::CallOutcome;
use crate::graph::resolve::{Resolver, types};
use crate::lang::Family;
use crate::parse::facts::Borrow;
use crate::parse::flow::CallHow;
use crate::parse::{Binding, CallKind, CallSite, LocalName, SymbolKind};

/// More same-named candidates than this and a call stays unresolved.
pub(super) const MAX_CANDIDATES: usize = 3;

/// What a call's receiver turned out to be.
pub(super) enum Receiver {
    /// A module or class used by name: a static call.
    Static(Vec<u32>),
    /// An object literal used as a namespace (`objects.rs`).
    Object(Vec<super::objects::Object>),
    /// `super`: the classes after the caller's in its MRO, nearest first.
    Super(Vec<u32>),
    /// An instance of these classes; `exact` when dispatch is static (Rust `self`).
    Instance {
        classes: Vec<u32>,
        exact: bool,
    },
    /// Something imported from outside the project (`json` in `json.dumps()`): its
    /// methods are not ours, so no name matching.
    External,
    /// JavaScript's `this` in a function of no class (`res.send = function () { this.… }`,
    /// an object literal's method): the object is most likely the file's own.
    UnclassedThis,
    Unknown,
}

impl Receiver {
    /// An instance of one of `classes`, not known exactly; unknown when there are none.
    pub(super) fn some_of(classes: Vec<u32>) -> Receiver {
        if classes.is_empty() {
            Receiver::Unknown
        } else {
            Receiver::Instance {
                classes,
                exact: false,
            }
        }
    }
}

/// A call's caller node, its targets and how sure the resolution is.
pub(super) type ResolvedCall = (u32, Vec<u32>, Resolution);
/// A file's calls in site order, those that found no target, and the calls only value flow
/// sees (of other expressions, made by the language, property reads) as (caller, target,
/// line).
pub(super) type FileCalls = (
    Vec<ResolvedCall>,
    Arc<[UnresolvedCall]>,
    Vec<(u32, u32, u32)>,
);

pub(super) type LocalBindings<'a> = FxHashMap<(Option<u32>, &'a str), Vec<&'a Binding>>;

/// What a file's calls are resolved against besides the resolver's tables.
pub(super) struct FileContext<'a> {
    /// Typed local names by (scope, name).
    pub(super) locals: LocalBindings<'a>,
    /// Python parameters by (function symbol, name): a call through one is not a call of a
    /// same-named definition outside the function.
    params: rustc_hash::FxHashSet<(u32, &'a str)>,
    /// JS/TS and Rust parameters and locals by name, with the function holding each.
    scoped: FxHashMap<&'a str, Vec<&'a LocalName>>,
    /// Where name guesses may land (`guess_folders`).
    folders: Vec<&'a str>,
}

impl Resolver {
    /// Resolves every call site, files in parallel (lookups only read the resolver), then
    /// records the edges in file order so the graph does not depend on scheduling.
    pub(super) fn add_calls(&mut self) {
        // The unresolved facts are built beside the lookups, in parallel: ~100k of them on
        // a large repository, each copying its name and receiver.
        let resolved: Vec<FileCalls> = {
            let this: &Self = self;
            (0..this.facts.len())
                .into_par_iter()
                .map(|file| this.calls_of(file as u32))
                .collect()
        };
        for (file, calls) in resolved.into_iter().enumerate() {
            self.record_calls(file as u32, calls);
        }
    }

    /// Where each call site of a file goes (lookups only read the resolver), and the calls
    /// that went nowhere as facts kept for tools and later patches.
    /// The receiver a type test around the call narrowed to a project class.
    fn narrowed_receiver(&self, file: u32, call: &CallSite) -> Option<Receiver> {
        let classes = self.resolve_type(file, call.caller, call.narrowed.as_deref()?);
        (!classes.is_empty()).then_some(Receiver::Instance {
            classes,
            exact: false,
        })
    }

    pub(super) fn calls_of(&self, file: u32) -> FileCalls {
        let facts = &self.facts[file as usize];
        let mut locals: LocalBindings<'_> = FxHashMap::default();
        for binding in facts.bindings.iter().filter(|b| !b.field) {
            locals
                .entry((binding.scope, binding.name.as_str()))
                .or_default()
                .push(binding);
        }
        let outcome = self.flow.files.get(file as usize);
        let mut by_site: FxHashMap<(u32, u32), &CallOutcome> = FxHashMap::default();
        let mut only_flow = Vec::new();
        if let Some(outcome) = outcome {
            for (call, found) in facts.flow.calls.iter().zip(&outcome.calls) {
                if call.how == CallHow::Named {
                    by_site.insert((call.line, call.column), found);
                    continue;
                }
                let caller = self.caller_node(file, call.scope);
                for &target in &found.targets {
                    only_flow.push((caller, target, call.line));
                }
            }
            for &(caller, getter, site) in &outcome.reads {
                let line = match facts.flow.exprs.get(site as usize) {
                    Some(
                        crate::parse::flow::Expr::Attr { line, .. }
                        | crate::parse::flow::Expr::Index { line, .. },
                    ) => *line,
                    _ => facts
                        .flow
                        .calls
                        .iter()
                        .find(|c| c.callee == site)
                        .map_or(0, |c| c.line),
                };
                only_flow.push((caller, getter, line));
            }
        }
        let params = facts
            .flow
            .defs
            .iter()
            .flat_map(|def| {
                def.params
                    .iter()
                    .map(move |p| (def.symbol, facts.flow.name(p.name)))
            })
            .collect();
        let mut scoped: FxHashMap<&str, Vec<&LocalName>> = FxHashMap::default();
        for local in &facts.locals {
            scoped.entry(local.name.as_str()).or_default().push(local);
        }
        let context = FileContext {
            locals,
            params,
            scoped,
            folders: self.guess_folders(file),
        };
        let mut calls: Vec<ResolvedCall> = Vec::with_capacity(facts.calls.len());
        for call in &facts.calls {
            let caller = self.caller_node(file, call.caller);
            let _site = super::site::Site::at(call.line);
            let (targets, how) = self.resolve_call(file, call, &context);
            let resolved = match by_site.get(&(call.line, call.column)) {
                Some(found) => self.joined(caller, call, (targets, how), found, &mut only_flow),
                None => (targets, how),
            };
            calls.push((caller, resolved.0, resolved.1));
        }
        let unresolved = facts
            .calls
            .iter()
            .zip(&calls)
            .filter(|(call, (_, targets, _))| {
                // A name handed on that names no project function is no call at all.
                if call.kind == CallKind::Reference {
                    return false;
                }
                // A builtin given project functions (`sorted(xs, key=f)`) calls them: the
                // call has edges, and is still a call of the builtin.
                targets.is_empty()
                    || by_site
                        .get(&(call.line, call.column))
                        .is_some_and(|found| !found.externals.is_empty())
            })
            .map(|(call, &(caller, _, _))| {
                let _site = super::site::Site::at(call.line);
                UnresolvedCall {
                    caller,
                    name: call.name.clone(),
                    receiver: call.receiver.clone().or_else(|| call.scope.clone()),
                    line: call.line,
                    column: call.column,
                    outside: self.outside_callee(
                        file,
                        call,
                        &context,
                        by_site.get(&(call.line, call.column)).copied(),
                    ),
                }
            })
            .collect();
        (calls, unresolved, only_flow)
    }

    /// What names and types found for a call, joined with what value flow found for it.
    fn joined(
        &self,
        caller: u32,
        call: &CallSite,
        (targets, how): (Vec<u32>, Resolution),
        found: &CallOutcome,
        only_flow: &mut Vec<(u32, u32, u32)>,
    ) -> (Vec<u32>, Resolution) {
        // A type test around the call says more than the values its receiver holds
        // anywhere in the function.
        if call.narrowed.is_some() && !targets.is_empty() && how <= Resolution::KnownType {
            return (targets, how);
        }
        let mut flow = found.targets.to_vec();
        self.keep_last_definitions(&mut flow);
        if self.names_a_replaced_definition(&targets, how) {
            // The call names a decorated definition: it reaches it, as an editor or a
            // type checker says, through what the decorator put in its place.
            for target in flow.into_iter().filter(|t| !targets.contains(t)) {
                only_flow.push((caller, target, call.line));
            }
            (targets, how)
        } else {
            with_flow(&flow, found.external, targets, how)
        }
    }

    /// Whether a call resolved by name or type names only decorated definitions whose name
    /// holds the decorator's result.
    fn names_a_replaced_definition(&self, targets: &[u32], how: Resolution) -> bool {
        how <= Resolution::KnownType
            && !targets.is_empty()
            && targets.iter().all(|t| self.flow.replaced.contains(t))
    }

    /// The node a call in `scope` is made by: its function (or class body), or the module.
    fn caller_node(&self, file: u32, scope: Option<u32>) -> u32 {
        scope
            .and_then(|c| self.sym_node[file as usize][c as usize])
            .unwrap_or(self.file_module[file as usize])
    }

    /// Records a file's resolved calls as edges, and its unresolved ones.
    pub(super) fn record_calls(&mut self, file: u32, (calls, unresolved, only_flow): FileCalls) {
        let facts = self.facts[file as usize].clone();
        let stats = &mut self.file_stats[file as usize];
        for call in unresolved.iter() {
            match call.outside.as_ref().map(|o| o.kind) {
                Some(OutsideKind::Builtin) => stats.calls_builtin += 1,
                Some(OutsideKind::External) => stats.calls_external += 1,
                None => {}
            }
        }
        self.unresolved_calls.set(file, unresolved);
        for (_, targets, _) in facts
            .calls
            .iter()
            .zip(&calls)
            .filter(|(call, _)| call.kind != CallKind::Reference)
            .map(|(_, resolved)| resolved)
        {
            stats.calls += 1;
            match targets.len() {
                0 => stats.calls_unresolved += 1,
                1 => stats.calls_resolved += 1,
                _ => stats.calls_ambiguous += 1,
            }
        }
        for (call, (caller, targets, how)) in facts.calls.iter().zip(calls) {
            for target in targets {
                self.edge(caller, target, EdgeKind::Calls, how, Some(call.line));
            }
        }
        for (caller, target, line) in only_flow {
            self.edge(
                caller,
                target,
                EdgeKind::Calls,
                Resolution::Flow,
                Some(line),
            );
        }
    }

    fn resolve_call(
        &self,
        file: u32,
        call: &CallSite,
        context: &FileContext<'_>,
    ) -> (Vec<u32>, Resolution) {
        let (mut targets, mut how) = if let Some(scope) = &call.scope {
            self.path_call(file, call, scope, context)
        } else if call.name == "super"
            && call.receiver.is_none()
            && self.family(file) == Family::Ecma
        {
            return (
                self.super_constructor(file, call.caller),
                Resolution::Direct,
            );
        } else if let Some(called) = self.called_through_call_or_apply(file, call) {
            (called, Resolution::Direct)
        } else if let Some(receiver) = &call.receiver {
            self.method_call(file, call, receiver, context)
        } else {
            (self.by_plain_name(file, call, context), Resolution::Direct)
        };
        // CommonJS: calling a `require`d module calls what it assigned to `module.exports`.
        if self.family(file) == Family::Ecma {
            targets = self.module_exports(targets);
        }
        let constructor = match self.family(file) {
            Family::Python => Some("__init__"),
            Family::Ecma => Some("constructor"),
            Family::Rust => None,
        };
        for target in &mut targets {
            if self.is_class(*target)
                && (call.kind == CallKind::New || self.family(file) != Family::Rust)
                && let Some((found, _)) = constructor.and_then(|c| self.class_member(*target, c))
                && let Some(&init) = found.last()
            {
                *target = init;
            }
        }
        self.keep_callable(file, call, &mut targets, &mut how);
        let mut unique = targets;
        // In Rust two same-named methods of one type from trait impls are the trait for
        // different arguments (`From<A>`, `From<B>`): either may be meant. Others are the
        // same method under different `cfg`s: one stands for both. A trait's declaration
        // beside the impls that run it stays whichever impl is chosen, and is no candidate
        // of its own.
        let mut declared = Vec::new();
        if self.family(file) == Family::Rust {
            let mut seen = rustc_hash::FxHashSet::default();
            unique.retain(|&t| seen.insert(t));
            declared = self.declarations_beside_impls(&mut unique);
            self.prefer_own_impl(file, call, &mut unique);
            self.prefer_receivers_borrow(file, call, &context.locals, &mut unique);
            self.keep_enabled_alternatives(&mut unique);
            if !unique.iter().all(|&t| self.in_trait_impl(t)) {
                self.keep_last_definitions(&mut unique);
            }
        } else {
            self.keep_last_definitions(&mut unique);
        }
        // Dispatch through a trait or interface reaches every implementation; anything
        // else with several candidates is a guess among them.
        let dispatch = how == Resolution::Interface;
        let candidates = unique.len();
        unique.extend(declared);
        if candidates > MAX_CANDIDATES && !dispatch {
            unique.clear();
        }
        if candidates > 1 && !dispatch {
            how = Resolution::Ambiguous;
        }
        (unique, how)
    }

    /// `a::b::f()`, `Type::f()`: the project's definitions on that path; in Rust, else the
    /// methods the project gives an outside type, or its impl of an outside trait.
    fn path_call(
        &self,
        file: u32,
        call: &CallSite,
        scope: &str,
        context: &FileContext<'_>,
    ) -> (Vec<u32>, Resolution) {
        let plain;
        let scope = if self.family(file) == Family::Rust {
            plain = types::path_without_arguments(scope);
            plain.as_ref()
        } else {
            scope
        };
        let found = self.static_call(file, call, scope);
        if !found.0.is_empty() || self.family(file) != Family::Rust {
            return found;
        }
        if scope == "Self" {
            return (self.foreign_self_call(file, call), Resolution::Direct);
        }
        match self.foreign_type_call(file, call, scope) {
            found if found.is_empty() => self.outside_trait_call(file, call, scope, context),
            found => (found, Resolution::Direct),
        }
    }

    /// A method call on `receiver`: by what the receiver is known to be.
    fn method_call(
        &self,
        file: u32,
        call: &CallSite,
        receiver: &str,
        context: &FileContext<'_>,
    ) -> (Vec<u32>, Resolution) {
        if self.family(file) == Family::Rust {
            let found = self.foreign_field_call(file, call, receiver, &context.locals);
            if !found.is_empty() {
                return (found, Resolution::KnownType);
            }
        }
        match self
            .narrowed_receiver(file, call)
            .unwrap_or_else(|| self.receiver(file, call.caller, receiver, &context.locals))
        {
            Receiver::Static(nodes) => (
                nodes
                    .iter()
                    .flat_map(|&n| self.lookup_member(n, &call.name))
                    .collect(),
                Resolution::Direct,
            ),
            // JavaScript's `super` is the home class's base, fixed; Python's `super()`
            // is the next class in the MRO of the instance's class, which a subclass
            // can change.
            Receiver::Super(after) => (
                self.super_method(&after, &call.name),
                if self.family(file) == Family::Python {
                    Resolution::KnownType
                } else {
                    Resolution::Direct
                },
            ),
            Receiver::Object(objects) => (
                objects
                    .iter()
                    .flat_map(|object| self.object_member(object, &call.name))
                    .collect(),
                Resolution::Direct,
            ),
            Receiver::Instance { classes, exact } => {
                let from = self.home_module(file, call.caller);
                self.method_on(&classes, &call.name, exact, from)
            }
            typed @ (Receiver::External | Receiver::Unknown) => {
                let external = matches!(typed, Receiver::External);
                self.untyped_call(file, call, receiver, external, context)
            }
            Receiver::UnclassedThis => self.own_file_guess(file, &call.name, context),
        }
    }

    /// A method called on a receiver of no project type: a method the project gives its
    /// outside type (Rust), else nothing if it is known to come from outside, else a guess
    /// by the method's name.
    fn untyped_call(
        &self,
        file: u32,
        call: &CallSite,
        receiver: &str,
        external: bool,
        context: &FileContext<'_>,
    ) -> (Vec<u32>, Resolution) {
        if self.family(file) == Family::Rust {
            if self.runs_primitive_method(file, call, receiver, &context.locals) {
                return (Vec::new(), Resolution::Direct);
            }
            let foreign = match receiver {
                "self" => self.foreign_self_call(file, call),
                _ => self.foreign_receiver_call(file, call, receiver, &context.locals),
            };
            if !foreign.is_empty() {
                return (foreign, Resolution::KnownType);
            }
            if self.holds_outside_value(file, call, receiver, &context.locals) {
                return (Vec::new(), Resolution::Direct);
            }
        }
        if external {
            (Vec::new(), Resolution::Direct)
        } else {
            self.by_method_name(file, &call.name, &context.folders)
        }
    }

    /// Drops what a call cannot run: modules, TypeScript types, Rust types; and of a
    /// function handed on, anything but a function (its tier is value flow's).
    fn keep_callable(
        &self,
        file: u32,
        call: &CallSite,
        targets: &mut Vec<u32>,
        how: &mut Resolution,
    ) {
        // Modules are not called; nor, in TypeScript, are interfaces and type aliases (a
        // `new X()` beside `interface X` constructs the value of that name, not the type);
        // nor in Rust are types: `Point(1, 2)` and `Value::Null(..)` build a value as a
        // struct literal does, with no function of the project run.
        let family = self.family(file);
        targets.retain(|&t| {
            let node = &self.nodes[t as usize];
            node.kind != NodeKind::Module
                && !(family == Family::Ecma
                    && matches!(
                        node.symbol_kind,
                        Some(SymbolKind::Interface | SymbolKind::TypeAlias)
                    ))
                && !(family == Family::Rust && node.kind == NodeKind::Class)
        });
        if call.kind == CallKind::Reference {
            // Only a function is handed on to be called; a name of anything else (a
            // constant, a type, a variant) is an argument like any other.
            targets.retain(|&t| {
                matches!(
                    self.nodes[t as usize].kind,
                    NodeKind::Function | NodeKind::Method
                )
            });
            *how = (*how).max(Resolution::Flow);
        }
    }

    /// A by-name guess kept to the caller's own file (`this` in a function of no class).
    fn own_file_guess(
        &self,
        file: u32,
        name: &str,
        context: &FileContext<'_>,
    ) -> (Vec<u32>, Resolution) {
        let (mut found, how) = self.by_method_name(file, name, &context.folders);
        found.retain(|&n| self.nodes[n as usize].file == file);
        (found, how)
    }

    /// `self.m()` and `Self::m()` in a Rust impl block that defines `m` call that `m`: a type
    /// implementing one trait twice (for `Value` and for `&Value`) holds two of them, and
    /// the block's own is the one its `Self` has.
    fn prefer_own_impl(&self, file: u32, call: &CallSite, targets: &mut Vec<u32>) {
        let on_self = call.receiver.as_deref() == Some("self")
            || (call.receiver.is_none() && call.scope.as_deref() == Some("Self"));
        if targets.len() < 2 || !on_self {
            return;
        }
        let symbols = &self.facts[file as usize].symbols;
        let Some(block) = call
            .caller
            .and_then(|c| symbols.get(c as usize))
            .and_then(|s| s.parent)
            .filter(|&p| symbols[p as usize].kind == SymbolKind::Impl)
        else {
            return;
        };
        let own: Vec<u32> = targets
            .iter()
            .copied()
            .filter(|&t| {
                self.origin[t as usize].is_some_and(|(f, s)| {
                    f == file && self.facts[f as usize].symbols[s as usize].parent == Some(block)
                })
            })
            .collect();
        if own.len() == 1 {
            *targets = own;
        }
    }

    /// A Rust type may implement one trait for itself and for references to it (`Map`,
    /// `&Map`, `&mut Map` each `IntoIterator`): a receiver whose declared type says how it
    /// is held calls the impl for that (`map.into_iter()` with `map: &Map` is `&Map`'s).
    fn prefer_receivers_borrow(
        &self,
        file: u32,
        call: &CallSite,
        locals: &LocalBindings<'_>,
        targets: &mut Vec<u32>,
    ) {
        if targets.len() < 2 {
            return;
        }
        let Some(receiver) = call.receiver.as_deref() else {
            return;
        };
        let Some(bindings) = self.innermost_bindings(file, call.caller, receiver, locals) else {
            return;
        };
        let mut held = bindings
            .iter()
            .filter(|b| b.annotated())
            .map(|b| Borrow::of_type(&b.type_text));
        let Some(borrow) = held.next() else {
            return;
        };
        if held.any(|b| b != borrow) || bindings.iter().any(|b| !b.annotated()) {
            return;
        }
        let of_block = |target: u32| {
            let (f, s) = self.origin[target as usize]?;
            let symbols = &self.facts[f as usize].symbols;
            let block = &symbols[symbols[s as usize].parent? as usize];
            (block.kind == SymbolKind::Impl).then_some(block.borrow)
        };
        // Only a choice among impls: a trait's own declaration beside them is dispatch.
        let blocks: Vec<Option<Borrow>> = targets.iter().map(|&t| of_block(t)).collect();
        if blocks.iter().any(Option::is_none) || blocks.iter().all(|b| *b == blocks[0]) {
            return;
        }
        let kept: Vec<u32> = targets
            .iter()
            .zip(&blocks)
            .filter(|(_, b)| **b == Some(borrow))
            .map(|(&t, _)| t)
            .collect();
        if !kept.is_empty() {
            *targets = kept;
        }
    }

    /// Whether `name` is a parameter or typed local of a function around `scope` that no
    /// definition there shadows: calling it calls what it holds, not what a definition of
    /// that name further out is.
    pub(super) fn names_a_local(
        &self,
        file: u32,
        mut scope: Option<u32>,
        name: &str,
        context: &FileContext<'_>,
    ) -> bool {
        let symbols = &self.facts[file as usize].symbols;
        while let Some(index) = scope {
            let symbol = &symbols[index as usize];
            if !symbol.kind.is_function_like() {
                return false;
            }
            if let Some(node) = self.sym_node[file as usize][index as usize]
                && self
                    .members
                    .get(&node)
                    .is_some_and(|m| m.contains_key(name))
            {
                return false;
            }
            // JS/TS and Rust locals hold a name only after their declaration, which
            // `shadowed_by_local` knows; parameters, and a Python function's names, hold
            // it throughout.
            let python = self.family(file) == Family::Python;
            let bound = context.locals.get(&(Some(index), name)).is_some_and(|b| {
                b.iter()
                    .any(|b| !b.field && (python || b.position.is_some()))
            });
            if bound || context.params.contains(&(index, name)) {
                return true;
            }
            scope = symbol.parent;
        }
        false
    }
}

impl Resolver {
    /// JavaScript's `f.call(that, …)` and `f.apply(that, args)` call `f`: ES5's way to call
    /// a base constructor (`Base.call(this, name)`) or a base method
    /// (`Base.prototype.init.call(this)`). `None` where the receiver is no project function
    /// or class (then `call` may be a method of its own).
    fn called_through_call_or_apply(&self, file: u32, call: &CallSite) -> Option<Vec<u32>> {
        if !matches!(call.name.as_str(), "call" | "apply") || self.family(file) != Family::Ecma {
            return None;
        }
        let receiver = call.receiver.as_deref()?;
        let found: Vec<u32> = match receiver.rsplit_once(".prototype.") {
            Some((class, member)) if !member.contains('.') => self
                .resolve_path(file, call.caller, class)
                .into_iter()
                .filter(|&n| self.is_class(n))
                .flat_map(|n| self.lookup_member(n, member))
                .collect(),
            _ => self.resolve_path(file, call.caller, receiver),
        };
        let callable: Vec<u32> = found
            .into_iter()
            .filter(|&n| {
                matches!(
                    self.nodes[n as usize].kind,
                    NodeKind::Function | NodeKind::Method | NodeKind::Class
                )
            })
            .collect();
        (!callable.is_empty()).then_some(callable)
    }

    /// What a call of a plain name (`f()`) calls: the definition lexical scope finds,
    /// unless a parameter or local nearer than it holds the name.
    fn by_plain_name(&self, file: u32, call: &CallSite, context: &FileContext<'_>) -> Vec<u32> {
        if self.names_a_local(file, call.caller, &call.name, context) {
            return Vec::new();
        }
        let mut found = self.lookup_name(file, call.caller, &call.name);
        if self.shadowed_by_local(file, call, &found, context) {
            found.clear();
        }
        found
    }

    /// Whether a parameter or local of a function around `call` binds `name` there (JS/TS,
    /// Rust).
    pub(super) fn local_at(call: &CallSite, name: &str, context: &FileContext<'_>) -> bool {
        let at = (call.line, call.column);
        context
            .scoped
            .get(name)
            .is_some_and(|locals| locals.iter().any(|l| l.holds(at)))
    }

    /// Whether a parameter or local of a function around `call` (JS/TS, Rust) binds its
    /// name nearer than each definition `found`: `function send(res, next) { next(); }`
    /// calls what `next` holds, whatever `next` the module defines.
    fn shadowed_by_local(
        &self,
        file: u32,
        call: &CallSite,
        found: &[u32],
        context: &FileContext<'_>,
    ) -> bool {
        let Some(locals) = context
            .scoped
            .get(call.name.as_str())
            .filter(|_| !found.is_empty())
        else {
            return false;
        };
        let at = (call.line, call.column);
        locals.iter().any(|local| {
            local.holds(at)
                && found.iter().all(|&target| {
                    let node = &self.nodes[target as usize];
                    // A definition inside the binding function is nearer still.
                    !(node.file == file && local.from.0 <= node.line && node.end_line <= local.to.0)
                })
        })
    }
}

/// Names and value flow together: what flow found replaces a name-based answer unless both
/// agree (then the name's tier stands); a callee from outside the project is not matched by
/// name; where flow knows nothing, names decide.
fn with_flow(
    found: &[u32],
    external: bool,
    targets: Vec<u32>,
    how: Resolution,
) -> (Vec<u32>, Resolution) {
    if !found.is_empty() {
        let mut named = targets.clone();
        named.sort_unstable();
        named.dedup();
        let mut found = found.to_vec();
        found.sort_unstable();
        // Agreeing with a name guess makes it a value-flow edge; with a typed or direct
        // resolution, that stands.
        if named == found && how <= Resolution::KnownType {
            return (targets, how);
        }
        return (found, Resolution::Flow);
    }
    if external {
        return (Vec::new(), Resolution::Direct);
    }
    (targets, how)
}
