//! Sinks fed by what a function of another file returns (`db.execute(query_for(x))` with
//! `query_for` imported): the call is resolved along the graph's edges, and the callee's
//! return summary says whether it gives back the tainted argument, or a source of its own.

use rustc_hash::FxHashMap;

use crate::detect::graph::GraphCtx;
use crate::detect::local::taint::{Origin, ReturnSummary, Summary, ThroughCall, tables};
use crate::detect::local::{Hit, Waypoint};
use crate::detect::rule::Rule;
use crate::graph::model::Node;

/// A caller's parameter that reaches a sink through another file's function: (file,
/// function line, parameter) and its summary.
pub(super) type Derived<'c> = ((&'c str, u32, u32), Summary);

/// The findings of sinks fed through other files' functions, and the summaries of the
/// callers' parameters that reach a sink that way.
pub(super) fn through_returns<'c>(
    ctx: &'c GraphCtx<'_>,
    rule: &Rule,
) -> (Vec<(String, Hit)>, Vec<Derived<'c>>) {
    let mut hits = Vec::new();
    let mut derived = Vec::new();
    let returns = return_summaries(ctx);
    if returns.is_empty() {
        return (hits, derived);
    }
    for (path, results) in ctx.local {
        for through in results.taint.throughs.iter().filter(|t| t.rule == rule.id) {
            for callee in super::callees(ctx, path, through.function, through.call_line)
                .filter(|callee| callee.name == through.callee)
            {
                let callee_path = ctx.snap.file_path(callee);
                let Some(summaries) = returns.get(&(callee_path, callee.line)) else {
                    continue;
                };
                for summary in summaries {
                    let Some(origin) = reaching(through, summary) else {
                        continue;
                    };
                    let steps = joined(through, summary, callee_path, path);
                    match origin {
                        Origin::Source(source) => {
                            if let Some(hit) = finding(rule, path, through, callee, &source, steps)
                            {
                                ctx.shared.withdraw(path, &rule.id, through.line);
                                hits.push(((*path).to_string(), hit));
                            }
                        }
                        Origin::Param(index, _) => derived.push((
                            (*path, through.function, index),
                            Summary {
                                function: through.function,
                                param: index,
                                rule: rule.id.clone(),
                                sink: through.sink.clone(),
                                steps,
                                reported: false,
                                constant_here: false,
                                needs_formatting: false,
                            },
                        )),
                    }
                }
            }
        }
    }
    (hits, derived)
}

/// What each function gives back, by (file, function line).
pub(super) fn return_summaries<'a>(
    ctx: &GraphCtx<'a>,
) -> FxHashMap<(&'a str, u32), Vec<&'a ReturnSummary>> {
    let mut returns: FxHashMap<(&str, u32), Vec<&ReturnSummary>> = FxHashMap::default();
    for (path, results) in ctx.local {
        for summary in &results.taint.returns {
            returns
                .entry((*path, summary.function))
                .or_default()
                .push(summary);
        }
    }
    returns
}

/// What reaches the sink when the callee returns `summary`: the tainted argument when it
/// gives back that parameter, a source when it returns one of its own.
fn reaching(through: &ThroughCall, summary: &ReturnSummary) -> Option<Origin> {
    if through.needs_formatting && !summary.formatted {
        return None;
    }
    match (&through.arg, &summary.origin) {
        (Some((arg, origin)), Origin::Param(param, name))
            if arg == param || through.keyword.as_ref() == Some(name) =>
        {
            Some(origin.clone())
        }
        (None, Origin::Source(source)) => Some(Origin::Source(source.clone())),
        _ => None,
    }
}

/// The caller's steps with the callee's placed before the value comes back.
fn joined(
    through: &ThroughCall,
    summary: &ReturnSummary,
    callee_path: &str,
    path: &str,
) -> Vec<Waypoint> {
    let back = through
        .steps
        .iter()
        .position(|(line, note)| *line == through.call_line && note.starts_with("returned by"))
        .unwrap_or(0);
    let own = |steps: &[(u32, String)]| -> Vec<Waypoint> {
        steps.iter().cloned().map(Into::into).collect()
    };
    let mut steps = own(&through.steps[..back]);
    steps.extend(
        own(&summary.steps)
            .iter()
            .map(|step| super::placed(step, callee_path, path)),
    );
    steps.extend(own(&through.steps[back..]));
    steps
}

fn finding(
    rule: &Rule,
    path: &str,
    through: &ThroughCall,
    callee: &Node,
    source: &str,
    flow: Vec<Waypoint>,
) -> Option<Hit> {
    let family = crate::lang::for_path(path)
        .map_or(crate::lang::Family::Python, crate::lang::LangId::family);
    let (severity, trust) = tables::source_trust(family, source);
    if severity.is_some() && !rule.local_input {
        return None;
    }
    Some(Hit {
        rule: rule.id.clone(),
        line: through.line,
        end_line: through.end_line,
        column: through.column,
        message: format!(
            "{source}, returned by `{}`, reaches {} {}{trust}",
            callee.qualified_name, through.sink, through.consequence
        ),
        severity,
        flow,
        value: None,
        audit: false,
    })
}
