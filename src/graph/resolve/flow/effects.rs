//! What known library functions and container methods do with the values they are given.

use crate::parse::flow::{Expr, ExprId, FlowCall};

use super::Solver;
use super::builtins::{Effect, METHODS};
use super::invoke::{Args, Found};
use super::values::{ANY_KEY, Val, Vals, Var, extend};

impl<'r> Solver<'r> {
    /// What a known library function does.
    pub(super) fn apply(
        &mut self,
        file: u32,
        call: &'r FlowCall,
        effect: Effect,
        args: &Args<'r>,
        found: &mut Found,
    ) {
        let first = args.positional.first().cloned().unwrap_or_default();
        let key_id = self.name("key");
        let keyword = |name: u32| {
            args.keywords
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        let site = self.site_container(file, call);
        match effect {
            Effect::CallsFirst { keep } => {
                let mut elements = Vals::new();
                for vals in args.positional.iter().skip(1) {
                    let more = self.elements(vals);
                    extend(&mut elements, &more);
                }
                let results = self.call_back(&first, &elements, found);
                let kept = if keep { elements } else { results };
                self.put(site, ANY_KEY, &kept);
                extend(&mut found.results, &[Val::Boxed(site)]);
            }
            Effect::CallsKey { one } => {
                let elements = self.elements(&first);
                self.call_back(&keyword(key_id), &elements, found);
                if one {
                    extend(&mut found.results, &elements);
                } else {
                    self.put(site, ANY_KEY, &elements);
                    extend(&mut found.results, &[Val::Boxed(site)]);
                }
            }
            Effect::Collects => {
                for vals in &args.positional {
                    let elements = self.elements(vals);
                    self.put(site, ANY_KEY, &elements);
                }
                extend(&mut found.results, &[Val::Boxed(site)]);
            }
            Effect::Dict => {
                for (name, vals) in &args.keywords {
                    self.put(site, *name, vals);
                }
                for val in first {
                    if let Val::Boxed(source) = val {
                        self.copy_into(site, source);
                    }
                }
                extend(&mut found.results, &[Val::Boxed(site)]);
            }
            Effect::Element => {
                let elements = self.elements(&first);
                extend(&mut found.results, &elements);
            }
            Effect::Identity => extend(&mut found.results, &first),
            Effect::Second => {
                if let Some(second) = args.positional.get(1) {
                    extend(&mut found.results, second);
                }
            }
            Effect::Nothing => {}
            Effect::GetAttr => {
                if let Some(name) = self.constant(file, args.exprs.get(1).copied()) {
                    let vals = self.attr(file, call.scope, &first, name, call.callee);
                    extend(&mut found.results, &vals);
                }
            }
            Effect::Super => self.super_of(file, call, &first, found),
            Effect::Dunder(method) => self.dunder(&first, method, found),
            Effect::TypeOf => {
                for val in first {
                    if let Val::Inst(class) = val {
                        extend(&mut found.results, &[Val::Def(class)]);
                    }
                }
            }
            Effect::Static | Effect::ClassMethod | Effect::Property => {
                for val in first {
                    let (Val::Def(f) | Val::Bound(f) | Val::Static(f)) = val else {
                        continue;
                    };
                    let wrapped = match effect {
                        Effect::Static => Val::Static(f),
                        Effect::ClassMethod => Val::Bound(f),
                        _ => Val::Prop(f),
                    };
                    extend(&mut found.results, &[wrapped]);
                }
            }
        }
    }

    /// The container a call makes (one per call site).
    fn site_container(&mut self, file: u32, call: &FlowCall) -> u32 {
        let site = call.line.wrapping_mul(4096).wrapping_add(call.column);
        self.container(file, site, 4)
    }

    /// `super(C, self)` is `C`'s; `super()` the enclosing class's.
    fn super_of(&mut self, file: u32, call: &FlowCall, first: &[Val], found: &mut Found) {
        let class = match first.iter().find_map(|v| match v {
            Val::Def(c) if self.r.is_class(*c) => Some(*c),
            _ => None,
        }) {
            Some(class) => Some(class),
            None => self.r.enclosing_class(file, call.scope),
        };
        if let Some(class) = class {
            extend(&mut found.results, &[Val::Super(class)]);
        }
    }

    /// `len(x)` and its kind: the method `method` of each instance among `vals` is called.
    fn dunder(&mut self, vals: &[Val], method: &'static str, found: &mut Found) {
        let id = self.name(method);
        for &val in vals {
            let Val::Inst(class) = val else {
                continue;
            };
            for bound in self.class_attribute(class, id, true) {
                if let Val::Bound(target) = bound {
                    found.targets.push(target);
                }
            }
        }
        extend(&mut found.results, &[Val::Ext(0)]);
    }

    /// The interned name of a constant argument.
    fn constant(&self, file: u32, expr: Option<ExprId>) -> Option<u32> {
        match self.flow(file).exprs.get(expr? as usize)? {
            Expr::Constant(name) => Some(self.id(file, *name)),
            _ => None,
        }
    }

    fn copy_into(&mut self, target: u32, source: u32) {
        for (key, slot) in self.keys(source) {
            let vals = Vals::from_slice(self.store.get_at(slot));
            self.put(target, key, &vals);
        }
    }

    /// `xs.append(f)`, `d.update(…)`, `d.get("k")`, `d.values()`, ….
    pub(super) fn container_call(
        &mut self,
        file: u32,
        container: u32,
        method: u8,
        args: &Args<'r>,
        found: &mut Found,
    ) {
        let first = args.positional.first().cloned().unwrap_or_default();
        let key = self.constant(file, args.exprs.first().copied());
        match METHODS.get(method as usize).copied().unwrap_or("") {
            "append" | "add" => self.put(container, ANY_KEY, &first),
            "insert" => {
                let second = args.positional.get(1).cloned().unwrap_or_default();
                self.put(container, ANY_KEY, &second);
            }
            "extend" => {
                let elements = self.elements(&first);
                self.put(container, ANY_KEY, &elements);
            }
            "update" => {
                for val in first {
                    if let Val::Boxed(source) = val {
                        self.copy_into(container, source);
                    }
                }
                for (name, vals) in &args.keywords {
                    self.put(container, *name, vals);
                }
            }
            "setdefault" => {
                let second = args.positional.get(1).cloned().unwrap_or_default();
                self.put(container, key.unwrap_or(ANY_KEY), &second);
                self.read_key(container, key, found);
            }
            "get" | "pop" | "__getitem__" => self.read_key(container, key, found),
            _ => extend(&mut found.results, &[Val::Boxed(container)]),
        }
    }

    fn read_key(&mut self, container: u32, key: Option<u32>, found: &mut Found) {
        match key {
            Some(key) => {
                extend(
                    &mut found.results,
                    self.store.get(Var::Elem(container, key)),
                );
                extend(
                    &mut found.results,
                    self.store.get(Var::Elem(container, ANY_KEY)),
                );
            }
            None => {
                let vals = self.elements(&[Val::Boxed(container)]);
                extend(&mut found.results, &vals);
            }
        }
    }
}
