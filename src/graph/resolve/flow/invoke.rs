//! Calls: what each callee value does with the arguments (parameters bound, containers
//! filled, known library effects) and what the call returns.

use smallvec::{SmallVec, smallvec};
use std::rc::Rc;

use crate::graph::model::NodeKind;
use crate::parse::flow::{CallHow, DefFlow, Expr, ExprId, FlowCall, ParamKind};

use super::plans::Entry;
use super::values::{ANY_KEY, Val, Vals, Var, extend};
use super::{CallOutcome, MAX_TARGETS, Solver};

/// Adds to `out` the values of `vals` that are among `returned`.
fn keep_returned(out: &mut Vals, returned: &[Val], vals: &[Val]) {
    for &val in vals {
        if returned.contains(&val) && !out.contains(&val) {
            out.push(val);
        }
    }
}

/// A call's arguments, evaluated once.
pub(super) struct Args<'r> {
    pub(super) positional: SmallVec<[Vals; 4]>,
    /// (interned name, values).
    pub(super) keywords: SmallVec<[(u32, Vals); 2]>,
    /// Elements of `*xs` and values of `**kw`.
    pub(super) spread: Vals,
    pub(super) spread_keywords: Vals,
    /// The argument expressions (constant keys, `getattr` names).
    pub(super) exprs: &'r [ExprId],
}

/// What invoking the callee values found.
#[derive(Default)]
pub(super) struct Found {
    pub(super) targets: SmallVec<[u32; 4]>,
    pub(super) results: Vals,
    pub(super) external: bool,
    /// The named externals it can call (not the anonymous one, id 0).
    pub(super) externals: SmallVec<[u32; 4]>,
    /// A known effect decided the result (a decorator is not taken as the identity).
    pub(super) decided: bool,
}

impl Args<'_> {
    /// No arguments.
    fn none() -> Self {
        Args {
            positional: SmallVec::new(),
            keywords: SmallVec::new(),
            spread: Vals::new(),
            spread_keywords: Vals::new(),
            exprs: &[],
        }
    }
}

impl<'r> Solver<'r> {
    /// Evaluates call `index` of `file` once more: binds its arguments, records its result
    /// and its outcome.
    pub(super) fn call(&mut self, file: u32, index: u32) {
        let flow = self.flow(file);
        let Some(call) = flow.calls.get(index as usize) else {
            return;
        };
        let mut callees = self.eval(file, call.scope, call.callee);
        if call.how == CallHow::Raise {
            callees.retain(|c| self.is_class_value(*c));
        }
        // Arguments no callee takes are not evaluated, unless reading them calls a getter.
        let args = if call.how == CallHow::Decorator
            || callees.iter().any(|&c| self.takes_arguments(c))
            || self.reads_property(file, call)
        {
            self.arguments(file, call)
        } else {
            Args::none()
        };
        let mut found = Found::default();
        for callee in callees {
            self.invoke(file, call, callee, &args, &mut found);
        }
        if call.how == CallHow::Decorator && found.targets.is_empty() && !found.decided {
            // An unknown decorator gives back what it decorates (most do, or wrap it).
            found.results = args.positional.first().cloned().unwrap_or_default();
        }
        let at = self.result_slot(file, index);
        self.store.add_at(at, &found.results);
        let mut targets = found.targets;
        targets.sort_unstable();
        targets.dedup();
        if targets.len() > MAX_TARGETS {
            targets.clear();
        }
        let mut externals = found.externals;
        externals.sort_unstable();
        externals.dedup();
        // Most evaluations after the first find what the last one did: nothing to allocate.
        let outcome: &mut CallOutcome = &mut self.outcomes[file as usize][index as usize];
        outcome.external = found.external && targets.is_empty();
        if *outcome.targets != *targets {
            outcome.targets = Box::from(&targets[..]);
        }
        if *outcome.externals != *externals {
            outcome.externals = Box::from(&externals[..]);
        }
    }

    /// Whether `value` is a class (of the project or a library's), not an instance.
    fn is_class_value(&self, value: Val) -> bool {
        match value {
            Val::Def(node) | Val::Static(node) => self.r.is_class(node),
            Val::Ext(id) => self.external_classes[id as usize],
            _ => false,
        }
    }

    /// Whether calling `callee` does anything with the arguments.
    fn takes_arguments(&self, callee: Val) -> bool {
        match callee {
            Val::Def(node) => self.r.nodes[node as usize].kind != NodeKind::Module,
            Val::Static(_) | Val::Bound(_) | Val::Inst(_) | Val::BoxMethod(..) => true,
            Val::Ext(id) => self.external_effects[id as usize].is_some(),
            Val::Lambda(_) | Val::Prop(_) | Val::Super(_) | Val::Boxed(_) => false,
        }
    }

    /// Whether an argument of the call reads an attribute that can hold a property, or
    /// indexes what may be an instance with `__getitem__`.
    fn reads_property(&self, file: u32, call: &FlowCall) -> bool {
        let flow = self.flow(file);
        let mut stack: SmallVec<[ExprId; 16]> = SmallVec::from_slice(flow.list(call.args));
        stack.extend(flow.pairs(call.keywords).map(|(_, value)| value));
        stack.extend(call.spread);
        stack.extend(call.spread_keywords);
        while let Some(expr) = stack.pop() {
            match flow.exprs.get(expr as usize) {
                Some(Expr::Attr { object, name, .. }) => {
                    if self.property_names.contains(&self.id(file, *name)) {
                        return true;
                    }
                    stack.push(*object);
                }
                Some(Expr::Index { .. }) if self.dunder_getitem.is_some() => return true,
                Some(
                    Expr::Index { object: inner, .. }
                    | Expr::Slice { object: inner, .. }
                    | Expr::Many(inner)
                    | Expr::Elements(inner)
                    | Expr::InstanceOf(inner),
                ) => stack.push(*inner),
                Some(Expr::Items(run) | Expr::Either(run)) => {
                    stack.extend_from_slice(flow.list(*run))
                }
                Some(Expr::Dict(run)) => stack.extend(flow.pairs(*run).map(|(_, value)| value)),
                _ => {}
            }
        }
        false
    }

    fn arguments(&mut self, file: u32, call: &'r FlowCall) -> Args<'r> {
        let flow = self.flow(file);
        let positional = flow
            .list(call.args)
            .iter()
            .map(|&a| self.eval(file, call.scope, a))
            .collect();
        let keywords = flow
            .pairs(call.keywords)
            .map(|(name, value)| (self.id(file, name), self.eval(file, call.scope, value)))
            .collect();
        let spread = match call.spread {
            Some(s) => {
                let vals = self.eval(file, call.scope, s);
                self.elements(&vals)
            }
            None => Vals::new(),
        };
        let spread_keywords = match call.spread_keywords {
            Some(s) => {
                let vals = self.eval(file, call.scope, s);
                self.elements(&vals)
            }
            None => Vals::new(),
        };
        Args {
            positional,
            keywords,
            spread,
            spread_keywords,
            exprs: flow.list(call.args),
        }
    }

    fn invoke(
        &mut self,
        file: u32,
        call: &'r FlowCall,
        callee: Val,
        args: &Args<'r>,
        found: &mut Found,
    ) {
        match callee {
            Val::Def(node) | Val::Static(node) => match self.r.nodes[node as usize].kind {
                NodeKind::Function | NodeKind::Method => self.enter(node, 0, args, found),
                NodeKind::Class => self.construct(node, args, found),
                _ => {}
            },
            Val::Bound(method) => self.enter(method, 1, args, found),
            Val::Inst(class) => {
                for &method in self.member_of(class, "__call__").iter() {
                    self.enter(method, 1, args, found);
                }
            }
            Val::Lambda(id) => {
                let (lambda_file, body, scope) = self.lambdas[id as usize];
                let vals = self.eval(lambda_file, scope, body);
                extend(&mut found.results, &vals);
            }
            Val::Ext(id) => {
                found.external = true;
                if id != 0 {
                    found.externals.push(id);
                }
                match self.external_effects[id as usize] {
                    Some(effect) => {
                        found.decided = true;
                        self.apply(file, call, effect, args, found);
                    }
                    // An instance of a library class is known by its class, so that its
                    // methods are named (`Session().get` is `requests.Session.get`).
                    None if self.external_classes[id as usize] => {
                        extend(&mut found.results, &[Val::Ext(id)]);
                    }
                    None => extend(&mut found.results, &[Val::Ext(0)]),
                }
            }
            Val::BoxMethod(container, method) => {
                self.container_call(file, container, method, args, found);
            }
            Val::Prop(_) | Val::Super(_) | Val::Boxed(_) => {}
        }
    }

    /// The methods `name` (a dunder the pass calls itself) of a class along its MRO (the
    /// first class defining it), looked up once per class.
    fn member_of(&mut self, class: u32, name: &'static str) -> Rc<[u32]> {
        if let Some(known) = self.dunder_cache.get(&(class, name)) {
            return known.clone();
        }
        let found: Rc<[u32]> = self
            .r
            .class_member(class, name)
            .map(|(found, _)| found)
            .unwrap_or_default()
            .into_iter()
            .filter(|&m| self.r.nodes[m as usize].kind == NodeKind::Method)
            .collect();
        self.dunder_cache.insert((class, name), found.clone());
        found
    }

    /// A class called: `__new__` and `__init__` along its MRO run; an instance comes back.
    fn construct(&mut self, class: u32, args: &Args<'r>, found: &mut Found) {
        let inits = self.member_of(class, "__init__");
        if inits.is_empty() {
            found.targets.push(class);
            // No class of ours defines it: an outside base's constructor runs.
            for base in self.outside_bases(class) {
                if let Val::Ext(base) = base
                    && base != 0
                {
                    let init = self.name("__init__");
                    if let Val::Ext(made) = self.external_attr(base, init, "__init__") {
                        found.externals.push(made);
                    }
                }
            }
        }
        for &init in inits.iter() {
            self.enter(init, 1, args, found);
        }
        for &new in self.member_of(class, "__new__").iter() {
            self.enter(new, 1, args, found);
        }
        extend(&mut found.results, &[Val::Inst(class)]);
    }

    /// A project function called: arguments flow into its parameters (after `skip` bound
    /// ones), its return values out.
    fn enter(&mut self, function: u32, skip: usize, args: &Args<'r>, found: &mut Found) {
        found.targets.push(function);
        let Some(&(file, def)) = self.defs.get(&function) else {
            let returned = Vals::from_slice(self.store.get(Var::Ret(function)));
            extend(&mut found.results, &returned);
            return;
        };
        let entry = self.entry(function, file, def);
        let params = &entry.params;
        let returned = Vals::from_slice(self.store.get_at(entry.ret));
        let returned = self.passed_through(function, def, &entry, skip, &returned, args);
        extend(&mut found.results, &returned);
        let mut bound: SmallVec<[bool; 16]> = smallvec![false; def.params.len()];
        let positional: SmallVec<[usize; 16]> = (0..def.params.len())
            .filter(|&i| def.params[i].kind == ParamKind::Positional)
            .skip(skip)
            .collect();
        let rest = def.params.iter().position(|p| p.kind == ParamKind::Rest);
        let rest_keywords = def
            .params
            .iter()
            .position(|p| p.kind == ParamKind::RestKeywords);
        for (i, vals) in args.positional.iter().enumerate() {
            match positional.get(i) {
                Some(&p) => {
                    bound[p] = true;
                    self.add_guarded(params[p], vals);
                }
                None if rest.is_some() => {
                    let container = self.container(file, function, 1);
                    self.put(container, ANY_KEY, vals);
                }
                None => {}
            }
        }
        if !args.spread.is_empty() {
            for &p in positional.iter().skip(args.positional.len()) {
                bound[p] = true;
                self.add_guarded(params[p], &args.spread);
            }
            if rest.is_some() {
                let container = self.container(file, function, 1);
                self.put(container, ANY_KEY, &args.spread);
            }
        }
        for (name, vals) in &args.keywords {
            let param = def.params.iter().position(|p| {
                self.id(file, p.name) == *name
                    && matches!(p.kind, ParamKind::Positional | ParamKind::Keyword)
            });
            match param {
                Some(p) => {
                    bound[p] = true;
                    self.add_guarded(params[p], vals);
                }
                None if rest_keywords.is_some() => {
                    let container = self.container(file, function, 2);
                    self.put(container, *name, vals);
                }
                None => {}
            }
        }
        if !args.spread_keywords.is_empty() {
            for (p, param) in def.params.iter().enumerate() {
                if !bound[p] && matches!(param.kind, ParamKind::Positional | ParamKind::Keyword) {
                    self.add_guarded(params[p], &args.spread_keywords);
                }
            }
        }
    }

    /// A function's return values as seen by one call: what came in through a parameter
    /// from another call is not given back here (an identity decorator returns what *this*
    /// site passed, not everything any site ever passed). A light context sensitivity that
    /// keeps decorators and pass-through helpers from joining all their callers.
    fn passed_through(
        &mut self,
        function: u32,
        def: &DefFlow,
        entry: &Entry,
        skip: usize,
        returned: &[Val],
        args: &Args<'r>,
    ) -> Vals {
        if returned.is_empty() {
            return Vals::new();
        }
        // Only the returned values matter: which of them a parameter brought in.
        let mut incoming = Vals::new();
        let mut anything = false;
        let params = &entry.params;
        for (i, param) in def.params.iter().enumerate() {
            if i < skip && param.kind == ParamKind::Positional {
                continue;
            }
            anything |= self.store.is_top_at(params[i]);
            let vals = Vals::from_slice(self.store.get_at(params[i]));
            keep_returned(&mut incoming, returned, &vals);
            // Elements can only add what is returned and not yet known to come in.
            if incoming.len() < returned.len()
                && vals
                    .iter()
                    .any(|v| matches!(v, Val::Boxed(_) | Val::Inst(_)))
            {
                self.each_element(&vals, &mut |part| {
                    keep_returned(&mut incoming, returned, part);
                });
            }
        }
        // What this call gave matters only for values that may have come from elsewhere.
        let undecided = returned.iter().any(|&v| {
            if anything {
                !self.made_inside(v, function)
            } else {
                incoming.contains(&v)
            }
        });
        if !undecided {
            return Vals::from_slice(returned);
        }
        let given = self.given(entry.given, args, returned);
        // A parameter that can hold anything may have brought any outside value in: only
        // what this call gave and what the function makes itself come back.
        returned
            .iter()
            .copied()
            .filter(|&v| {
                given.contains(&v)
                    || if anything {
                        self.made_inside(v, function)
                    } else {
                        !incoming.contains(&v)
                    }
            })
            .collect()
    }

    /// Which of `returned` a call hands the function: among its arguments and their
    /// elements, or the defaults of the parameters (a parameter left out holds its
    /// default). Elements are read only while a returned value is still unaccounted for:
    /// once all are, more elements could not change the answer (and a new returned value
    /// runs the call again anyway).
    fn given(&mut self, defaults: u32, args: &Args<'r>, returned: &[Val]) -> Vals {
        let mut given = Vals::new();
        let mut all: SmallVec<[&Vals; 8]> = args.positional.iter().collect();
        all.extend(args.keywords.iter().map(|(_, v)| v));
        for vals in &all {
            keep_returned(&mut given, returned, vals);
        }
        keep_returned(&mut given, returned, &args.spread);
        keep_returned(&mut given, returned, &args.spread_keywords);
        let defaults = Vals::from_slice(self.store.get_at(defaults));
        keep_returned(&mut given, returned, &defaults);
        for vals in all {
            if given.len() == returned.len() {
                break;
            }
            if vals
                .iter()
                .any(|v| matches!(v, Val::Boxed(_) | Val::Inst(_) | Val::Ext(_)))
            {
                self.each_element(vals, &mut |part| keep_returned(&mut given, returned, part));
            }
        }
        given
    }

    /// Whether a value is made by `function` itself: one of its nested definitions or an
    /// instance of one, a container, a lambda, an external value.
    fn made_inside(&self, val: Val, function: u32) -> bool {
        let node = match val {
            Val::Def(n) | Val::Bound(n) | Val::Static(n) | Val::Inst(n) | Val::Prop(n) => n,
            Val::Super(_) => return false,
            Val::Ext(_) | Val::Boxed(_) | Val::BoxMethod(..) | Val::Lambda(_) => return true,
        };
        let mut at = self.r.parent[node as usize];
        while let Some(parent) = at {
            if parent == function {
                return true;
            }
            at = self.r.parent[parent as usize];
        }
        false
    }

    /// Calls each function value in `functions` with one argument holding `elements`.
    pub(super) fn call_back(
        &mut self,
        functions: &[Val],
        elements: &[Val],
        found: &mut Found,
    ) -> Vals {
        let args = Args {
            positional: smallvec![Vals::from_slice(elements)],
            keywords: SmallVec::new(),
            spread: Vals::new(),
            spread_keywords: Vals::new(),
            exprs: &[],
        };
        let mut inner = Found::default();
        for &function in functions {
            match function {
                Val::Def(node) | Val::Static(node)
                    if matches!(
                        self.r.nodes[node as usize].kind,
                        NodeKind::Function | NodeKind::Method
                    ) =>
                {
                    self.enter(node, 0, &args, &mut inner)
                }
                Val::Bound(method) => self.enter(method, 1, &args, &mut inner),
                Val::Lambda(id) => {
                    let (file, body, scope) = self.lambdas[id as usize];
                    let vals = self.eval(file, scope, body);
                    extend(&mut inner.results, &vals);
                }
                _ => {}
            }
        }
        found.targets.extend(inner.targets);
        inner.results
    }
}

/// Whether an outside name is spelled as a class is (`CamelCase`, not `CONSTANT`).
pub(super) fn names_a_class(qualified: &str) -> bool {
    let last = qualified.rsplit('.').next().unwrap_or(qualified);
    last.starts_with(|c: char| c.is_ascii_uppercase())
        && last.contains(|c: char| c.is_ascii_lowercase())
}
