//! What holds before any statement runs: parameters' own containers, `self` and `cls`,
//! generators' element containers, annotated names and declared returns.

use crate::graph::model::NodeKind;
use crate::graph::resolve::types;
use crate::parse::flow::{DefFlow, Expr};

use super::Solver;
use super::values::{Val, Vals, Var};

impl<'r> Solver<'r> {
    /// What holds before any statement runs: parameters' own containers, `self` and `cls`,
    /// generators' element containers, annotated names.
    pub(super) fn seed(&mut self) {
        let defs: Vec<(u32, u32, &'r DefFlow)> = self
            .defs
            .iter()
            .map(|(&node, &(file, def))| (node, file, def))
            .collect();
        for (node, file, def) in defs {
            let class = self.r.parent[node as usize].filter(|&p| self.r.is_class(p));
            for (index, param) in def.params.iter().enumerate() {
                let name = self.id(file, param.name);
                let var = Var::Local(node, name);
                use crate::parse::flow::ParamKind;
                match param.kind {
                    ParamKind::Rest => {
                        let rest = self.container(file, node, 1);
                        self.store.add(var, &[Val::Boxed(rest)]);
                    }
                    ParamKind::RestKeywords => {
                        let rest = self.container(file, node, 2);
                        self.store.add(var, &[Val::Boxed(rest)]);
                    }
                    _ => {}
                }
                if index == 0
                    && let Some(class) = class
                    && self.r.nodes[node as usize].kind == NodeKind::Method
                {
                    match self.method_kind(file, def) {
                        Some("staticmethod") => {}
                        Some("classmethod") => self.store.add(var, &[Val::Def(class)]),
                        _ => self.store.add(var, &[Val::Inst(class)]),
                    }
                }
            }
            if def.generator {
                let elements = self.container(file, node, 3);
                self.store.add(Var::Ret(node), &[Val::Boxed(elements)]);
            }
        }
        for file in self.python_files().collect::<Vec<_>>() {
            self.seed_returns(file);
            self.seed_annotations(file);
        }
    }

    /// `staticmethod` or `classmethod` when one of the definition's decorators says so.
    fn method_kind(&self, file: u32, def: &DefFlow) -> Option<&'static str> {
        let flow = self.flow(file);
        let mut call = def.decorated;
        while let Some(index) = call {
            let c = flow.calls.get(index as usize)?;
            if let Some(Expr::Name(name)) = flow.exprs.get(c.callee as usize) {
                for kind in ["staticmethod", "classmethod"] {
                    if flow.name(*name) == kind {
                        return Some(kind);
                    }
                }
            }
            let first = flow.list(c.args).first();
            call = match first.and_then(|&a| flow.exprs.get(a as usize)) {
                Some(Expr::Call(inner)) => Some(*inner),
                _ => None,
            };
        }
        None
    }

    /// Annotated parameters, locals and fields hold what `annotated` says, or an external
    /// value when the annotation names something imported from outside.
    fn seed_annotations(&mut self, file: u32) {
        let facts = &self.r.facts[file as usize];
        for binding in facts.bindings.iter().filter(|b| b.annotated()) {
            let scope = if binding.field {
                match self.r.enclosing_class(file, binding.scope) {
                    Some(class) => class,
                    None => continue,
                }
            } else {
                self.scope_node(file, binding.scope)
            };
            let name = self.name(&binding.name);
            if !binding.field
                && self.is_parameter(scope, name)
                && let Some(guard) = self.guard_of(file, binding.scope, &binding.type_text)
            {
                let slot = self.store.slot_of(Var::Local(scope, name));
                self.guards.insert(slot, guard);
            }
            let mut vals = self.annotated(file, binding.scope, &binding.type_text);
            if vals.is_empty() {
                match self.annotation_external(file, binding.scope, &binding.type_text) {
                    Some(val) => vals.push(val),
                    None => continue,
                }
            }
            self.written.insert((scope, name));
            self.store.add(Var::Local(scope, name), &vals);
        }
    }

    /// Whether `name` is a parameter of the function `node`.
    fn is_parameter(&self, node: u32, name: u32) -> bool {
        let Some(&(file, def)) = self.defs.get(&node) else {
            return false;
        };
        def.params.iter().any(|p| self.id(file, p.name) == name)
    }

    /// What an annotation names of the project: instances of its classes, or the classes
    /// themselves for `type[X]` (not for a `Protocol`, which only the classes matching it
    /// make).
    fn annotated(&self, file: u32, scope: Option<u32>, text: &str) -> Vals {
        let classes = self.r.resolve_type(file, scope, text);
        if types::names_a_class_object(text) {
            classes
                .into_iter()
                .filter(|&c| !self.r.is_protocol(c))
                .map(Val::Def)
                .collect()
        } else {
            classes.into_iter().map(Val::Inst).collect()
        }
    }

    /// A function's declared return type, where it names a project class, is among what it
    /// returns (its body may build the value where flow cannot see: a library call, a
    /// cache). `Self` is left to the body: it is the receiver's class, not the definer's.
    fn seed_returns(&mut self, file: u32) {
        let r = self.r;
        let facts = &r.facts[file as usize];
        for (index, symbol) in facts.symbols.iter().enumerate() {
            let Some(returns) = symbol.detail.as_deref() else {
                continue;
            };
            if !symbol.kind.is_function_like() {
                continue;
            }
            let Some(node) = self.symbol_node(file, index as u32) else {
                continue;
            };
            // A generator's declared type names what it yields through, not a value.
            if self.defs.get(&node).is_some_and(|&(_, def)| def.generator) {
                continue;
            }
            self.seed_return(file, symbol, returns, node);
        }
    }

    fn seed_return(
        &mut self,
        file: u32,
        symbol: &crate::parse::facts::Symbol,
        returns: &str,
        node: u32,
    ) {
        if types::clean(returns).is_none_or(|t| t == "Self" || t.ends_with(".Self")) {
            return;
        }
        let vals = self.annotated(file, symbol.parent, returns);
        self.store.add(Var::Ret(node), &vals);
        if let Some(guard) = self.guard_of(file, symbol.parent, returns) {
            let slot = self.store.slot_of(Var::Ret(node));
            self.guards.insert(slot, guard);
        }
    }

    /// An annotation whose first name is imported from outside the project.
    fn annotation_external(&mut self, file: u32, scope: Option<u32>, text: &str) -> Option<Val> {
        let clean = types::clean(text)?;
        let first = clean.split('.').next()?;
        let home = self.r.home_module(file, scope);
        let imported = self.r.bindings.get(&home)?.contains_key(first);
        (imported && self.r.lookup_name(file, scope, first).is_empty()).then_some(Val::Ext(0))
    }
}
