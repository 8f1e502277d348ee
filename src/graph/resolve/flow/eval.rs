//! What an expression can hold, and where an assignment puts it.

use smallvec::smallvec;

use crate::graph::model::NodeKind;
use crate::parse::flow::{Expr, ExprId, OPEN, Target};

use super::Solver;
use super::builtins::container_method;
use super::values::{ANY_KEY, Val, Vals, Var, extend};

/// Deepest evaluation (expressions within expressions, unpacking within unpacking).
const MAX_NESTING: u32 = 200;

impl<'r> Solver<'r> {
    /// The values expression `expr` of `file` can have, read in `scope`.
    pub(super) fn eval(&mut self, file: u32, scope: Option<u32>, expr: ExprId) -> Vals {
        // Extraction bounds expression depth; facts read back from a damaged cache might
        // not be, so nesting is bounded here too.
        if self.depth > MAX_NESTING {
            return Vals::new();
        }
        self.depth += 1;
        let vals = self.eval_inner(file, scope, expr);
        self.depth -= 1;
        vals
    }

    fn eval_inner(&mut self, file: u32, scope: Option<u32>, expr: ExprId) -> Vals {
        let flow = self.flow(file);
        let Some(e) = flow.exprs.get(expr as usize) else {
            return Vals::new();
        };
        match e {
            Expr::Name(name) => self.read_name(file, scope, self.id(file, *name)),
            Expr::Attr { object, name, .. } => {
                let objects = self.eval(file, scope, *object);
                self.attr(file, scope, &objects, self.id(file, *name), expr)
            }
            Expr::Call(call) => {
                let at = self.result_slot(file, *call);
                Vals::from_slice(self.store.get_at(at))
            }
            Expr::Index { object, key, .. } => {
                let objects = self.eval(file, scope, *object);
                let mut out = self.index(&objects, self.key(file, *key));
                self.get_item(file, scope, &objects, expr, &mut out);
                out
            }
            Expr::Slice { object, from, to } => {
                let objects = self.eval(file, scope, *object);
                self.slice(&objects, expr, *from, *to)
            }
            Expr::Constant(_) | Expr::Unknown => Vals::new(),
            Expr::Defined(symbol) => self
                .symbol_node(file, *symbol)
                .map_or_else(Vals::new, |n| smallvec![Val::Def(n)]),
            Expr::Lambda { .. } => {
                let next = self.lambdas.len() as u32;
                let id = *self.lambda_ids.entry((file, expr)).or_insert(next);
                if id == next
                    && let Expr::Lambda { body, scope } = e
                {
                    self.lambdas.push((file, *body, *scope));
                }
                smallvec![Val::Lambda(id)]
            }
            Expr::Items(items) => {
                let container = self.container(file, expr, 0);
                for (position, &item) in flow.list(*items).iter().enumerate() {
                    let vals = self.eval(file, scope, item);
                    let key = self.position_key(position);
                    self.put(container, key, &vals);
                }
                smallvec![Val::Boxed(container)]
            }
            Expr::Dict(pairs) => {
                let container = self.container(file, expr, 0);
                for (key, value) in flow.pairs(*pairs) {
                    let vals = self.eval(file, scope, value);
                    let key = self.key(file, key);
                    self.put(container, key, &vals);
                }
                smallvec![Val::Boxed(container)]
            }
            Expr::Many(item) => {
                let container = self.container(file, expr, 0);
                let vals = self.eval(file, scope, *item);
                self.put(container, ANY_KEY, &vals);
                smallvec![Val::Boxed(container)]
            }
            Expr::Elements(inner) => {
                let vals = self.eval(file, scope, *inner);
                self.elements(&vals)
            }
            Expr::InstanceOf(inner) => {
                let vals = self.eval(file, scope, *inner);
                let mut out = Vals::new();
                for val in vals {
                    match val {
                        Val::Def(class) if self.r.is_class(class) => out.push(Val::Inst(class)),
                        Val::Boxed(_) => {
                            for element in self.elements(&[val]) {
                                if let Val::Def(class) = element
                                    && self.r.is_class(class)
                                {
                                    out.push(Val::Inst(class));
                                }
                            }
                        }
                        Val::Ext(_) => out.push(Val::Ext(0)),
                        _ => {}
                    }
                }
                out
            }
            Expr::Either(options) => {
                let mut out = Vals::new();
                for &option in flow.list(*options) {
                    let vals = self.eval(file, scope, option);
                    extend(&mut out, &vals);
                }
                out
            }
        }
    }

    /// `object.name` for each value the object can hold.
    pub(super) fn attr(
        &mut self,
        file: u32,
        scope: Option<u32>,
        objects: &[Val],
        id: u32,
        site: ExprId,
    ) -> Vals {
        let Some(&name) = self.spelled.get(id as usize) else {
            return Vals::new();
        };
        let mut out = Vals::new();
        for &object in objects {
            match object {
                Val::Def(node) if self.r.nodes[node as usize].kind == NodeKind::Module => {
                    let mut vals = Vals::from_slice(self.local(node, id));
                    for &found in self.in_module(node, id).iter() {
                        extend(&mut vals, &self.value_of_def(found));
                    }
                    if vals.is_empty() {
                        // A name the module imports (`pkg.g`, re-exported by `__init__`).
                        vals = self.imported_value(node, id);
                    }
                    extend(&mut out, &vals);
                }
                Val::Def(class) | Val::Inst(class) if self.r.is_class(class) => {
                    let instance = matches!(object, Val::Inst(_));
                    let vals = self.class_attribute(class, id, instance);
                    self.read(file, scope, &vals, site, &mut out);
                }
                Val::Super(class) => {
                    let vals = self.after_in_mro(class, id);
                    self.read(file, scope, &vals, site, &mut out);
                }
                Val::Ext(base) => {
                    let val = self.external_attr(base, id, name);
                    extend(&mut out, &[val]);
                }
                Val::Boxed(container) => {
                    if let Some(method) = container_method(name) {
                        extend(&mut out, &[Val::BoxMethod(container, method)]);
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// `super().name` in class `class`: the next class after it in its MRO that defines the
    /// name; when none does (a mixin), the next one in each subclass's MRO.
    fn after_in_mro(&mut self, class: u32, id: u32) -> Vals {
        let mut out = Vals::new();
        for &instance in self.descendants(class).iter() {
            if instance != class && !out.is_empty() {
                break;
            }
            let mro = self.mro(instance);
            let Some(at) = mro.iter().position(|&c| c == class) else {
                continue;
            };
            let mut next = None;
            for &owner in &mro[at + 1..] {
                if !self.local(owner, id).is_empty() || !self.own_members(owner, id).is_empty() {
                    next = Some(owner);
                    break;
                }
            }
            if let Some(owner) = next {
                let vals = self.member(owner, id, true);
                extend(&mut out, &vals);
            }
        }
        out
    }

    /// Reading attribute values: a property calls its getter (written down in the last pass).
    fn read(&mut self, file: u32, scope: Option<u32>, vals: &[Val], site: ExprId, out: &mut Vals) {
        for &val in vals {
            if let Val::Prop(getter) = val {
                let returned = Vals::from_slice(self.store.get(Var::Ret(getter)));
                extend(out, &returned);
                let caller = self.scope_node(file, scope);
                self.reads.insert((file, caller, getter, site));
            } else {
                extend(out, &[val]);
            }
        }
    }

    /// `instance[key]` calls the class's `__getitem__` (written down like a property's
    /// getter) and gives what it returns.
    fn get_item(
        &mut self,
        file: u32,
        scope: Option<u32>,
        objects: &[Val],
        site: ExprId,
        out: &mut Vals,
    ) {
        let Some(id) = self.dunder_getitem else {
            return;
        };
        for &object in objects {
            let Val::Inst(class) = object else {
                continue;
            };
            // Read like a property: its getter runs, and what it returns comes back.
            let getters: Vals = self
                .class_attribute(class, id, true)
                .into_iter()
                .filter_map(|method| match method {
                    Val::Bound(getter) => Some(Val::Prop(getter)),
                    _ => None,
                })
                .collect();
            self.read(file, scope, &getters, site, out);
        }
    }

    /// `object[key]`.
    fn index(&mut self, objects: &[Val], key: u32) -> Vals {
        let mut out = Vals::new();
        for &object in objects {
            match object {
                Val::Boxed(container) => match (key != ANY_KEY).then_some(key) {
                    Some(id) => {
                        extend(&mut out, self.store.get(Var::Elem(container, id)));
                        extend(&mut out, self.store.get(Var::Elem(container, ANY_KEY)));
                    }
                    None => {
                        let vals = self.elements(&[object]);
                        extend(&mut out, &vals);
                    }
                },
                Val::Ext(_) => extend(&mut out, &[Val::Ext(0)]),
                _ => {}
            }
        }
        out
    }

    /// What iterating over each value gives: a container's elements, an instance's
    /// `__iter__` results' `__next__` results, anything external.
    pub(super) fn elements(&mut self, vals: &[Val]) -> Vals {
        let mut out = Vals::new();
        self.each_element(vals, &mut |part| extend(&mut out, part));
        out
    }

    /// Hands `each` every part of what `elements` would join (the same variables read, in
    /// the same order), for callers that want less than the whole union.
    pub(super) fn each_element(&mut self, vals: &[Val], each: &mut dyn FnMut(&[Val])) {
        for &val in vals {
            match val {
                Val::Boxed(container) => {
                    let keys = self.box_keys[container as usize].0;
                    self.store.get_at(keys);
                    for at in 0..self.box_keys[container as usize].1.len() {
                        let (_, slot) = self.box_keys[container as usize].1[at];
                        each(self.store.get_at(slot));
                    }
                }
                Val::Inst(class) => {
                    let (iter_id, next_id) = (self.dunder_iter, self.dunder_next);
                    for iterator in self.member(class, iter_id, true) {
                        let Val::Bound(method) = iterator else {
                            continue;
                        };
                        for returned in Vals::from_slice(self.store.get(Var::Ret(method))) {
                            match returned {
                                Val::Inst(next_class) => {
                                    for next in self.member(next_class, next_id, true) {
                                        if let Val::Bound(n) = next {
                                            each(self.store.get(Var::Ret(n)));
                                        }
                                    }
                                }
                                Val::Boxed(_) => {
                                    // Joined first, as a nested `elements` call would.
                                    let vals = self.elements(&[returned]);
                                    each(&vals);
                                }
                                _ => {}
                            }
                        }
                    }
                }
                Val::Ext(_) => each(&[Val::Ext(0)]),
                _ => {}
            }
        }
    }

    /// `xs[from:to]`: a container of its own (one per source container and slice) holding
    /// the positions in range, renumbered from 0; with bounds that are not constants, every
    /// element at any position.
    fn slice(&mut self, objects: &[Val], site: ExprId, from: u32, to: u32) -> Vals {
        let mut out = Vals::new();
        for &object in objects {
            let Val::Boxed(container) = object else {
                if let Val::Ext(_) = object {
                    extend(&mut out, &[Val::Ext(0)]);
                }
                continue;
            };
            let part = self.container(container, site, 6);
            for (key, slot) in self.keys(container) {
                let position = self
                    .spelled
                    .get(key as usize)
                    .and_then(|name| name.parse::<u32>().ok());
                let new_key = match position {
                    _ if from == OPEN => ANY_KEY,
                    Some(p) if p >= from && p < to => self.position_key((p - from) as usize),
                    Some(_) => continue,
                    None => ANY_KEY,
                };
                let vals = Vals::from_slice(self.store.get_at(slot));
                self.put(part, new_key, &vals);
            }
            extend(&mut out, &[Val::Boxed(part)]);
        }
        out
    }

    /// The (position, key) of each item a container holds at a known position (a tuple
    /// display's), in order; the unit under way now reads the container's keys.
    fn positioned(&mut self, container: u32) -> Vec<(usize, u32)> {
        let mut positions: Vec<(usize, u32)> = self
            .keys(container)
            .into_iter()
            .filter_map(|(key, _)| {
                let name = self.spelled.get(key as usize)?;
                name.parse::<usize>().ok().map(|p| (p, key))
            })
            .collect();
        positions.sort_unstable();
        positions
    }

    /// The container `*rest` gets: the positions from `from`, less `after` at the end.
    fn rest_of(&mut self, container: u32, from: usize, after: usize) -> u32 {
        let rest = self.container(u32::MAX, container, 5);
        let positions = self.positioned(container);
        let count = positions.len();
        for (position, key) in positions {
            if position >= from && position + after < count {
                let vals = Vals::from_slice(self.store.get(Var::Elem(container, key)));
                self.put(rest, ANY_KEY, &vals);
            }
        }
        let any = Vals::from_slice(self.store.get(Var::Elem(container, ANY_KEY)));
        self.put(rest, ANY_KEY, &any);
        rest
    }

    /// Puts `vals` where `target` says.
    pub(super) fn assign(
        &mut self,
        file: u32,
        scope: Option<u32>,
        target: &'r Target,
        vals: &[Val],
    ) {
        match target {
            Target::Name(name) => {
                let Some(holder) = self.assigned_scope(file, scope, *name) else {
                    return;
                };
                let id = self.id(file, *name);
                let slot = self.store.slot_of(Var::Local(holder, id));
                self.add_guarded(slot, vals);
            }
            Target::Attr { object, name } => {
                let objects = self.eval(file, scope, *object);
                let id = self.id(file, *name);
                for object in objects {
                    let holder = match object {
                        Val::Inst(class) => class,
                        Val::Def(node) if self.r.is_class(node) => node,
                        Val::Def(node) if self.r.nodes[node as usize].kind == NodeKind::Module => {
                            node
                        }
                        _ => continue,
                    };
                    self.store.add(Var::Local(holder, id), vals);
                }
            }
            Target::Index { object, key } => {
                let objects = self.eval(file, scope, *object);
                let key = self.key(file, *key);
                for object in objects {
                    if let Val::Boxed(container) = object {
                        self.put(container, key, vals);
                    }
                }
            }
            Target::Unpack(items) => {
                if self.depth > MAX_NESTING {
                    return;
                }
                self.depth += 1;
                for &val in vals {
                    match val {
                        Val::Boxed(container) => {
                            let star = items.iter().position(|t| matches!(t, Target::Star(_)));
                            for (position, item) in items.iter().enumerate() {
                                let mut got = if star == Some(position) {
                                    let after = items.len() - position - 1;
                                    smallvec![Val::Boxed(self.rest_of(container, position, after))]
                                } else {
                                    // After a star, items count from the end.
                                    let at = match star {
                                        Some(star) if position > star => self
                                            .positioned(container)
                                            .len()
                                            .checked_sub(items.len() - position),
                                        _ => Some(position),
                                    };
                                    match at {
                                        Some(at) => {
                                            let key = self.position_key(at);
                                            Vals::from_slice(
                                                self.store.get(Var::Elem(container, key)),
                                            )
                                        }
                                        None => Vals::new(),
                                    }
                                };
                                extend(&mut got, self.store.get(Var::Elem(container, ANY_KEY)));
                                self.assign(file, scope, item, &got);
                            }
                        }
                        _ => {
                            for item in items {
                                self.assign(file, scope, item, &[val]);
                            }
                        }
                    }
                }
                self.depth -= 1;
            }
            Target::Star(inner) => self.assign(file, scope, inner, vals),
        }
    }
}
