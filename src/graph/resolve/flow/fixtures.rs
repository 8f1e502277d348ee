//! pytest fixtures: a test's parameter holds what the fixture of that name returns (or, for
//! a generator fixture, yields). pytest looks a name up in the test's own module (its class
//! first), then in the `conftest.py` files of the test's folder and every folder above it,
//! nearest first; so does this.

use rustc_hash::FxHashMap;

use crate::graph::model::NodeKind;
use crate::parse::flow::{DefFlow, Expr, Flow, ParamKind};

use super::values::{ANY_KEY, Vals, Var};
use super::{Solver, Unit};

/// A fixture: its node and its file.
#[derive(Clone, Copy)]
struct Fixture {
    node: u32,
    file: u32,
}

impl<'r> Solver<'r> {
    /// One unit per test or fixture parameter that a fixture fills.
    pub(super) fn fixture_units(&mut self) -> Vec<Unit<'r>> {
        let mut fixtures: FxHashMap<u32, Vec<Fixture>> = FxHashMap::default();
        let mut defs: Vec<(u32, u32, &'r DefFlow)> = self
            .defs
            .iter()
            .map(|(&node, &(file, def))| (node, file, def))
            .collect();
        defs.sort_unstable_by_key(|&(node, ..)| node);
        for &(node, file, def) in &defs {
            if !is_test_file(&self.r.facts[file as usize].path) {
                continue;
            }
            if let Some(name) = fixture_name(self.flow(file), def) {
                let name = match name {
                    Some(given) => self.id(file, given),
                    None => self.name(self.r.nodes[node as usize].name.as_str()),
                };
                fixtures
                    .entry(name)
                    .or_default()
                    .push(Fixture { node, file });
            }
        }
        let mut units = Vec::new();
        if fixtures.is_empty() {
            return units;
        }
        for (node, file, def) in defs {
            let path = &self.r.facts[file as usize].path;
            if !is_test_file(path) {
                continue;
            }
            let is_method = self.r.nodes[node as usize].kind == NodeKind::Method;
            for (index, param) in def.params.iter().enumerate() {
                if (is_method && index == 0)
                    || param.default.is_some()
                    || matches!(param.kind, ParamKind::Rest | ParamKind::RestKeywords)
                {
                    continue;
                }
                let name = self.id(file, param.name);
                let Some(candidates) = fixtures.get(&name) else {
                    continue;
                };
                if let Some(fixture) = self.nearest(node, file, candidates) {
                    units.push(Unit::Fixture(node, name, fixture.node));
                }
            }
        }
        units
    }

    /// The fixture pytest would pick for a parameter of `consumer`: one in the consumer's
    /// class, then its module, then the nearest `conftest.py` above it. A fixture never
    /// fills its own parameter (that would be the overridden one, which we do not model).
    fn nearest(&self, consumer: u32, file: u32, candidates: &[Fixture]) -> Option<Fixture> {
        let class_of = |node: u32| self.r.parent[node as usize].filter(|&p| self.r.is_class(p));
        let class = class_of(consumer);
        let path = &self.r.facts[file as usize].path;
        let rank = |f: &Fixture| -> Option<usize> {
            if f.node == consumer {
                return None;
            }
            let owner = class_of(f.node);
            if f.file == file {
                return match owner {
                    None => Some(1),
                    Some(_) if owner == class => Some(0),
                    Some(_) => None,
                };
            }
            let other = &self.r.facts[f.file as usize].path;
            let folder = other.strip_suffix("conftest.py")?;
            (path.starts_with(folder) && owner.is_none()).then(|| 2 + path.len() - folder.len())
        };
        candidates
            .iter()
            .filter_map(|f| rank(f).map(|r| (r, f.node, *f)))
            .min_by_key(|&(r, node, _)| (r, node))
            .map(|(.., f)| f)
    }

    /// A parameter filled by a fixture holds what the fixture gives.
    pub(super) fn fill_from_fixture(&mut self, consumer: u32, name: u32, fixture: u32) {
        let Some(&(file, def)) = self.defs.get(&fixture) else {
            return;
        };
        let given = if def.generator {
            let elements = self.container(file, fixture, 3);
            Vals::from_slice(self.store.get(Var::Elem(elements, ANY_KEY)))
        } else {
            Vals::from_slice(self.store.get(Var::Ret(fixture)))
        };
        self.store.add(Var::Local(consumer, name), &given);
    }
}

/// Files pytest collects tests and fixtures from.
fn is_test_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name == "conftest.py"
        || (name.starts_with("test_") && name.ends_with(".py"))
        || name.ends_with("_test.py")
}

/// `Some(None)` for a fixture named after its function, `Some(Some(name))` for
/// `@pytest.fixture(name="…")`, `None` for anything else.
fn fixture_name(flow: &Flow, def: &DefFlow) -> Option<Option<u32>> {
    let mut call = def.decorated;
    while let Some(index) = call {
        let c = flow.calls.get(index as usize)?;
        if names_fixture(flow, c.callee) {
            return Some(None);
        }
        if let Some(Expr::Call(inner)) = flow.exprs.get(c.callee as usize)
            && let Some(factory) = flow.calls.get(*inner as usize)
            && names_fixture(flow, factory.callee)
        {
            let named = flow.pairs(factory.keywords).find_map(|(key, value)| {
                match (flow.name(key), flow.exprs.get(value as usize)) {
                    ("name", Some(Expr::Constant(given))) => Some(*given),
                    _ => None,
                }
            });
            return Some(named);
        }
        call = match flow
            .list(c.args)
            .first()
            .and_then(|&a| flow.exprs.get(a as usize))
        {
            Some(Expr::Call(inner)) => Some(*inner),
            _ => None,
        };
    }
    None
}

/// `fixture` or `pytest.fixture`.
fn names_fixture(flow: &Flow, expr: u32) -> bool {
    match flow.exprs.get(expr as usize) {
        Some(Expr::Name(name)) => flow.name(*name) == "fixture",
        Some(Expr::Attr { object, name, .. }) => {
            flow.name(*name) == "fixture"
                && matches!(flow.exprs.get(*object as usize),
                    Some(Expr::Name(base)) if flow.name(*base) == "pytest")
        }
        _ => false,
    }
}
