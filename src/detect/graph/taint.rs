//! Taint across calls: a source in one function, passed along resolved call edges to a
//! function whose parameter reaches a sink (`local::taint` summaries), up to a few calls
//! deep.

use std::collections::HashMap;

use petgraph::visit::EdgeRef;

use crate::detect::graph::GraphCtx;
use crate::detect::local::Hit;
use crate::detect::local::taint::{Origin, Summary, tables};
use crate::detect::rule::Rule;
use crate::graph::model::EdgeKind;

/// How many calls a value is followed through.
const MAX_CALLS: usize = 3;

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, _limit: Option<f64>) -> Vec<(String, Hit)> {
    let snap = ctx.snap;
    // (file, function line) → graph node.
    let mut functions = HashMap::new();
    for index in snap.graph.node_indices() {
        if let Some(node) = snap.node(index).filter(|n| crate::detect::graph::is_callable(n)) {
            functions.insert((snap.file_path(node), node.line), index);
        }
    }
    // Summaries for this rule by (file, function line, param).
    let mut summaries: HashMap<(String, u32, u32), Summary> = HashMap::new();
    for (path, results) in ctx.local {
        for summary in results.taint.summaries.iter().filter(|s| s.rule == rule.id) {
            summaries.entry(((*path).to_string(), summary.function, summary.param)).or_insert_with(|| summary.clone());
        }
    }
    let mut out = Vec::new();
    for _ in 0..MAX_CALLS {
        let mut derived = Vec::new();
        for (path, results) in ctx.local {
            for call in &results.taint.calls {
                let Some(&caller) = functions.get(&(*path, call.function)) else { continue };
                for edge in snap.graph.edges(caller) {
                    let weight = edge.weight();
                    if weight.kind != EdgeKind::Calls || weight.confidence < 0.6 || !weight.lines.contains(&call.line) {
                        continue;
                    }
                    let Some(callee) = snap.node(edge.target()).filter(|n| n.name == call.callee) else { continue };
                    let callee_path = snap.file_path(callee).to_string();
                    let Some(summary) = summaries.get(&(callee_path.clone(), callee.line, call.arg)) else { continue };
                    let mut flow: Vec<(String, u32, String)> = call.steps.iter().map(|(l, n)| ((*path).to_string(), *l, n.clone())).collect();
                    flow.extend(summary.steps.iter().map(|(l, n)| (callee_path.clone(), *l, n.clone())));
                    match &call.origin {
                        Origin::Source(source) => {
                            let (severity, trust) = tables::source_trust(source);
                            let message = format!(
                                "{source} reaches {} in `{}` through argument {} ({} calls away){trust}",
                                summary.sink,
                                callee.qualified_name,
                                call.arg + 1,
                                flow.iter().filter(|s| s.2.starts_with("passed to")).count()
                            );
                            let steps = flow.iter().map(|(file, line, note)| {
                                if file == *path { (*line, note.clone()) } else { (*line, format!("{note} ({file})")) }
                            });
                            out.push(((*path).to_string(), Hit {
                                rule: rule.id.clone(),
                                line: call.line,
                                end_line: call.line,
                                column: 1,
                                message,
                                severity,
                                flow: steps.collect(),
                                value: None,
                            }));
                        }
                        Origin::Param(index, _) => {
                            let key = ((*path).to_string(), call.function, *index);
                            if !summaries.contains_key(&key) {
                                let mut steps = call.steps.clone();
                                steps.extend(summary.steps.iter().map(|(l, n)| (*l, format!("{n} ({callee_path})"))));
                                derived.push((key, Summary { function: call.function, param: *index, rule: rule.id.clone(), sink: summary.sink.clone(), steps }));
                            }
                        }
                    }
                }
            }
        }
        if derived.is_empty() {
            break;
        }
        for (key, summary) in derived {
            summaries.entry(key).or_insert(summary);
        }
    }
    out.sort_by(|a, b| (&a.0, a.1.line).cmp(&(&b.0, b.1.line)));
    out.dedup_by(|a, b| a.0 == b.0 && a.1.line == b.1.line && a.1.message == b.1.message);
    out
}
