//! What a query rule's spec asks of a match beyond its pattern (`unless_enclosing`,
//! `in_loop`, `callee`, …; detectors/README.md), compiled once per rule.

use crate::detect::local::constant_names::{bound_to_constants, bound_to_matching};
use crate::detect::local::enclosing::{bound_in_loop, moved_into_closure};
use crate::detect::local::named_functions::function_named;
use crate::detect::rule::{QuerySpec, Rule};
use crate::lang::Family;
use crate::parse::flat::FlatTree;
use crate::parse::query::matcher::Capture;
use crate::parse::query::regexes::LazyRegex;

pub(super) struct Filters {
    pub(super) unless_enclosing: Option<LazyRegex>,
    pub(super) unless_above: Option<LazyRegex>,
    pub(super) unless_line_rest: Option<LazyRegex>,
    pub(super) unless_function: Option<LazyRegex>,
    pub(super) only_function: Option<LazyRegex>,
    pub(super) only_enclosing: Option<LazyRegex>,
    pub(super) only_file: Option<LazyRegex>,
    pub(super) in_loop: bool,
    pub(super) outlives_loop: Option<String>,
    pub(super) unless_constant: Option<String>,
    pub(super) only_constant: Option<String>,
    /// The capture holding a name, and what the function it names must not match.
    pub(super) unless_defined: Option<(String, LazyRegex)>,
    /// The capture holding a name, and what it must be bound to.
    pub(super) only_bound: Option<(String, LazyRegex, Option<LazyRegex>)>,
    pub(super) unless_bound: Vec<(String, LazyRegex)>,
    pub(super) in_async: bool,
    /// The capture holding the called name (its index once the matcher is built), and
    /// what its library path must match.
    pub(super) callee: Option<(String, Option<u32>, LazyRegex)>,
    pub(super) path_ok: Box<dyn Fn(&str) -> bool + Send + Sync>,
    /// The query's matches are audit findings.
    pub(super) audit: bool,
}

impl Filters {
    pub(super) fn of(rule: &Rule, spec: &QuerySpec) -> Result<Filters, String> {
        let unless_path = regex(&rule.source, &spec.unless_path)?;
        let only_path = regex(&rule.source, &spec.only_path)?;
        Ok(Filters {
            unless_enclosing: regex(&rule.source, &spec.unless_enclosing)?,
            unless_above: regex(&rule.source, &spec.unless_above)?,
            unless_line_rest: regex(&rule.source, &spec.unless_line_rest)?,
            unless_function: regex(&rule.source, &spec.unless_function)?,
            only_function: regex(&rule.source, &spec.only_function)?,
            only_enclosing: regex(&rule.source, &spec.only_enclosing)?,
            only_file: regex(&rule.source, &spec.only_file)?,
            in_loop: spec.in_loop,
            outlives_loop: spec.outlives_loop.clone(),
            unless_constant: spec.unless_constant.clone(),
            only_constant: spec.only_constant.clone(),
            unless_defined: match &spec.unless_defined {
                Some(d) => Some((
                    d.capture.clone(),
                    LazyRegex::new(&d.matches).map_err(|e| format!("{}: {e}", rule.source))?,
                )),
                None => None,
            },
            only_bound: match &spec.only_bound {
                Some(d) => Some((
                    d.capture.clone(),
                    LazyRegex::new(&d.matches).map_err(|e| format!("{}: {e}", rule.source))?,
                    d.unless_matches
                        .as_deref()
                        .map(LazyRegex::new)
                        .transpose()
                        .map_err(|e| format!("{}: {e}", rule.source))?,
                )),
                None => None,
            },
            unless_bound: spec
                .unless_bound
                .iter()
                .map(|d| {
                    LazyRegex::new(&d.matches)
                        .map(|regex| (d.capture.clone(), regex))
                        .map_err(|e| format!("{}: {e}", rule.source))
                })
                .collect::<Result<_, _>>()?,
            in_async: spec.in_async,
            callee: match &spec.callee {
                Some(c) => Some((
                    c.capture.clone(),
                    None,
                    LazyRegex::new(&c.path).map_err(|e| format!("{}: {e}", rule.source))?,
                )),
                None => None,
            },
            path_ok: Box::new(move |path| {
                unless_path.as_ref().is_none_or(|r| !r.is_match(path))
                    && only_path.as_ref().is_none_or(|r| r.is_match(path))
            }),
            audit: spec.audit,
        })
    }
}

impl Filters {
    /// Finds the callee capture among the matcher's capture names.
    pub(super) fn resolve(&mut self, capture_names: &[String]) {
        if let Some((name, index, _)) = &mut self.callee {
            *index = capture_names
                .iter()
                .position(|n| n == name)
                .map(|i| i as u32);
        }
    }
}

impl Filters {
    /// Whether the filters that read what a captured name stands for (`outlives_loop`,
    /// `unless_constant`, `only_constant`, `only_bound`, `unless_bound`, `unless_defined`)
    /// let the match at `at` stand.
    pub(super) fn names_allow(
        &self,
        capture_names: &[String],
        captures: &[Capture<'_>],
        tree: &FlatTree<'_>,
        at: u32,
        source: &str,
        family: Family,
    ) -> bool {
        let node = |name: &str| {
            let index = capture_names.iter().position(|n| n == name)?;
            captures
                .iter()
                .find(|(c, _)| *c as usize == index)
                .map(|(_, node)| *node)
        };
        let captured = |name: &str| tree.index_of(node(name)?);
        if let Some(name) = &self.outlives_loop
            && let Some(value) = captured(name)
            && (bound_in_loop(tree, value, source, family)
                || moved_into_closure(tree, at, source, family))
        {
            return false;
        }
        let constant = |name: &str| {
            captured(name).is_some_and(|value| bound_to_constants(tree, value, source, family))
        };
        if self.unless_constant.as_deref().is_some_and(constant)
            || self.only_constant.as_deref().is_some_and(|n| !constant(n))
        {
            return false;
        }
        if let Some((name, regex, unless)) = &self.only_bound
            && !captured(name).is_some_and(|value| {
                let fits =
                    |t: &str| regex.is_match(t) && !unless.as_ref().is_some_and(|u| u.is_match(t));
                fits(tree.text(value, source))
                    || bound_to_matching(tree, value, source, family, &fits)
            })
        {
            return false;
        }
        if self.unless_bound.iter().any(|(name, regex)| {
            captured(name).is_some_and(|value| {
                bound_to_matching(tree, value, source, family, &|t| regex.is_match(t))
            })
        }) {
            return false;
        }
        if let Some((name, regex)) = &self.unless_defined
            && let Some(named) = node(name)
            && tree.index_of(named).is_none_or(|named| {
                function_named(tree, named, source)
                    .is_none_or(|f| regex.is_match(tree.text(f, source)))
            })
        {
            return false;
        }
        true
    }
}

fn regex(source: &str, text: &Option<String>) -> Result<Option<LazyRegex>, String> {
    text.as_deref()
        .map(|t| LazyRegex::new(t).map_err(|e| format!("{source}: {e}")))
        .transpose()
}
