//! Taint across calls: a source in one function, passed along resolved call edges to a
//! function whose parameter reaches a sink (`local::taint` summaries), up to a few calls
//! deep; and a sink fed by what a function of another file returns (`returns.rs`).

mod returns;

use std::borrow::Cow;
use std::collections::HashMap;

use petgraph::Direction;
use petgraph::stable_graph::NodeIndex;
use petgraph::visit::EdgeRef;
use rustc_hash::FxHashMap;

use crate::detect::finding::Severity;
use crate::detect::graph::GraphCtx;
use crate::detect::local::taint::{CallThrough, Origin, ReturnSummary, Summary, TaintCall, tables};
use crate::detect::local::{Hit, Waypoint};
use crate::detect::rule::Rule;
use crate::graph::model::{EdgeKind, Node, NodeKind};

/// How many calls a value is followed through.
const MAX_CALLS: usize = 3;

/// A tainted value handed to a function the graph resolves the call to.
pub struct Passed<'a> {
    pub path: &'a str,
    /// As the file recorded it, or, for a value another file's function returned, with
    /// what that function gives back in its place.
    pub call: Cow<'a, TaintCall>,
    pub callee: &'a Node,
    pub callee_path: &'a str,
}

/// (file, function line) → graph node, for every function and method.
fn functions<'c>(ctx: &'c GraphCtx<'_>) -> &'c FxHashMap<(&'c str, u32), NodeIndex> {
    ctx.shared.taint_functions.get_or_init(|| {
        let snap = ctx.snap;
        let mut functions = FxHashMap::default();
        for index in snap.graph.node_indices() {
            if let Some(node) = snap
                .node(index)
                .filter(|n| crate::detect::graph::is_callable(n))
            {
                functions.insert((snap.file_path(node), node.line), index);
            }
        }
        functions
    })
}

/// Withdraws the findings of parameters that every call in their file fills with a
/// constant, where no call comes from another file: no outside data reaches the sink.
fn withdraw_constant_fed(ctx: &GraphCtx<'_>, rule: &Rule) {
    let snap = ctx.snap;
    for (path, results) in ctx.local {
        for summary in &results.taint.summaries {
            if summary.rule != rule.id || !summary.reported || !summary.constant_here {
                continue;
            }
            let Some(&function) = functions(ctx).get(&(*path, summary.function)) else {
                continue;
            };
            let called_elsewhere = snap
                .graph
                .edges_directed(function, Direction::Incoming)
                .filter(|e| e.weight().kind == EdgeKind::Calls)
                .filter_map(|e| snap.node(e.source()))
                .any(|caller| snap.file_path(caller) != *path);
            if !called_elsewhere {
                let line = summary.steps.last().map_or(summary.function, |s| s.line);
                ctx.shared.withdraw(path, &rule.id, line);
            }
        }
    }
}

/// Per file, the nodes a call can be made by: functions and methods by their lines, and
/// the module, which makes the calls of code outside any of them.
pub(crate) type Makers<'c> = FxHashMap<&'c str, (Vec<(u32, u32, NodeIndex)>, Option<NodeIndex>)>;

fn makers<'a>(ctx: &GraphCtx<'a>) -> Makers<'a> {
    let snap: &'a crate::graph::snapshot::Snapshot = ctx.snap;
    let mut out: Makers<'a> = FxHashMap::default();
    for index in snap.graph.node_indices() {
        let Some(node) = snap.node(index) else {
            continue;
        };
        let entry = out.entry(snap.file_path(node)).or_default();
        if crate::detect::graph::is_callable(node) {
            entry.0.push((node.line, node.end_line, index));
        } else if node.kind == NodeKind::Module {
            entry.1 = Some(index);
        }
    }
    out
}

/// The graph node that makes a call at `line` of a function the graph has no node for
/// (an anonymous callback, `app.get("/", (req, res) => …)`): the innermost function
/// around it, else the module.
fn maker_of(makers: &Makers<'_>, path: &str, line: u32) -> Option<NodeIndex> {
    let (functions, module) = makers.get(path)?;
    functions
        .iter()
        .filter(|(start, end, _)| *start <= line && line <= *end)
        .min_by_key(|(start, end, _)| end - start)
        .map(|&(_, _, index)| index)
        .or(*module)
}

/// The node that makes a call at `line` inside the function starting at `function`.
fn caller(ctx: &GraphCtx<'_>, path: &str, function: u32, line: u32) -> Option<NodeIndex> {
    if let Some(&caller) = functions(ctx).get(&(path, function)) {
        return Some(caller);
    }
    let makers = ctx.shared.taint_makers.get_or_init(|| makers(ctx));
    maker_of(makers, path, line)
}

/// What a call at `line` resolves to: the targets of its maker's call edges of at least
/// the trait tier that list the line.
fn callees<'c, 'a: 'c>(
    ctx: &'c GraphCtx<'a>,
    path: &str,
    function: u32,
    line: u32,
) -> impl Iterator<Item = &'a Node> + 'c {
    let snap: &'a crate::graph::snapshot::Snapshot = ctx.snap;
    caller(ctx, path, function, line)
        .into_iter()
        .flat_map(move |caller| snap.graph.edges(caller))
        .filter(move |edge| {
            let weight = edge.weight();
            weight.kind == EdgeKind::Calls
                && weight.confidence >= 0.6
                && weight.lines.contains(&line)
        })
        .filter_map(move |edge| snap.node(edge.target()))
}

/// Every resolved callee of every file's tainted calls: the same for each taint rule.
fn passed<'c, 'a>(ctx: &'c GraphCtx<'a>) -> &'c [Passed<'a>] {
    ctx.shared.taint_calls.get_or_init(|| {
        let snap: &'a crate::graph::snapshot::Snapshot = ctx.snap;
        let local: &'a HashMap<&'a str, std::sync::Arc<crate::detect::local::LocalResults>> =
            ctx.local;
        let returns = returns::return_summaries(ctx);
        let mut out = Vec::new();
        for (path, results) in local {
            for recorded in &results.taint.calls {
                let values: Vec<Cow<'a, TaintCall>> = match &recorded.through {
                    None => vec![Cow::Borrowed(recorded)],
                    Some(through) => returned_values(ctx, &returns, path, recorded, through),
                };
                for call in values {
                    for callee in callees(ctx, path, call.function, call.line)
                        .filter(|callee| names_callee(callee, &call.callee))
                    {
                        out.push(Passed {
                            path,
                            call: call.clone(),
                            callee,
                            callee_path: snap.file_path(callee),
                        });
                    }
                }
            }
        }
        out
    })
}

/// Whether a call spelled `called` reaches `callee`: by its name, or, for a constructor,
/// by its class's (`Handler(x)` runs `Handler.__init__`, `new Runner(x)` its
/// `constructor`).
fn names_callee(callee: &Node, called: &str) -> bool {
    if callee.name == called {
        return true;
    }
    matches!(callee.name.as_str(), "__init__" | "constructor")
        && callee
            .qualified_name
            .rsplit(['.', ':'])
            .filter(|part| !part.is_empty())
            .nth(1)
            == Some(called)
}

/// A passed value that another file's function returned: tainted as what that function
/// gives back says (its tainted argument, or a source it reads itself), once per origin.
fn returned_values<'a>(
    ctx: &GraphCtx<'a>,
    returns: &rustc_hash::FxHashMap<(&'a str, u32), Vec<&'a ReturnSummary>>,
    path: &'a str,
    call: &'a TaintCall,
    through: &CallThrough,
) -> Vec<Cow<'a, TaintCall>> {
    let mut out: Vec<Cow<'a, TaintCall>> = Vec::new();
    for callee in callees(ctx, path, call.function, through.line)
        .filter(|callee| callee.name == through.callee)
    {
        let callee_path = ctx.snap.file_path(callee);
        for summary in returns
            .get(&(callee_path, callee.line))
            .into_iter()
            .flatten()
        {
            let origin = match (through.arg, &summary.origin) {
                (Some(arg), Origin::Param(param, name))
                    if arg == *param || through.keyword.as_ref() == Some(name) =>
                {
                    call.origin.clone()
                }
                (None, Origin::Source(source)) => Origin::Source(source.clone()),
                _ => continue,
            };
            if out.iter().any(|c| c.origin == origin) {
                continue;
            }
            out.push(Cow::Owned(TaintCall {
                origin,
                formatted: call.formatted || summary.formatted,
                through: None,
                ..call.clone()
            }));
        }
    }
    out
}

/// A parameter's sink: the file it is in and the summary that reaches it.
type SinkAt<'a> = (&'a str, &'a Summary);

/// The finding at the sink itself for a source a caller in the same file passes to a
/// function whose sink does not report its parameters: a reviewer reads the flow where the
/// data is used, and the call site's finding names the way there. (Across files the call
/// site's finding alone speaks for the flow.)
fn at_sink(
    rule: &Rule,
    source: &str,
    summary: &Summary,
    call: &TaintCall,
    severity: Option<Severity>,
) -> Option<Hit> {
    let line = summary.steps.last()?.line;
    let mut flow: Vec<Waypoint> = call.steps.iter().cloned().map(Into::into).collect();
    flow.extend(summary.steps.iter().cloned());
    Some(Hit {
        rule: rule.id.clone(),
        line,
        end_line: line,
        column: 1,
        message: format!(
            "{source} reaches {} through argument {} (passed in at line {})",
            summary.sink,
            summary.param + 1,
            call.line
        ),
        severity,
        flow,
        value: None,
        audit: false,
    })
}

/// The finding at `built` (file, line), where a source's value, passed down from `passed`
/// (file, line), is built into the string a deeper sink runs: `flow` is the flow reported at
/// the call, whose steps name their files relative to that call's file.
fn at_formatting(
    rule: &Rule,
    source: &str,
    summary: &Summary,
    passed: (&str, u32),
    built: (&str, u32),
    flow: &[Waypoint],
    severity: Option<Severity>,
) -> Hit {
    let (file, line) = built;
    let flow = flow
        .iter()
        .map(|step| placed(step, passed.0, file))
        .collect();
    let at = if passed.0 == file {
        format!("line {}", passed.1)
    } else {
        format!("{}:{}", passed.0, passed.1)
    };
    Hit {
        rule: rule.id.clone(),
        line,
        end_line: line,
        column: 1,
        message: format!(
            "{source} is built into what reaches {} here (passed in at {at})",
            summary.sink
        ),
        severity,
        flow,
        value: None,
        audit: false,
    }
}

#[expect(
    clippy::too_many_lines,
    reason = "call summaries and the flows followed through them share the rule's tables"
)]
pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, _limit: Option<f64>) -> Vec<(String, Hit)> {
    withdraw_constant_fed(ctx, rule);
    // Summaries for this rule by (file, function line, param).
    let mut summaries: HashMap<(&str, u32, u32), Summary> = HashMap::new();
    // Every sink each parameter reaches (`summaries` keeps the first).
    let mut sinks_of: HashMap<(&str, u32, u32), Vec<SinkAt<'_>>> = HashMap::new();
    for (path, results) in ctx.local {
        for summary in results.taint.summaries.iter().filter(|s| s.rule == rule.id) {
            let key = (*path, summary.function, summary.param);
            summaries.entry(key).or_insert_with(|| summary.clone());
            sinks_of.entry(key).or_default().push((*path, summary));
        }
    }
    let (mut out, derived) = returns::through_returns(ctx, rule);
    for (key, summary) in derived {
        summaries.entry(key).or_insert(summary);
    }
    if summaries.is_empty() {
        return out;
    }
    let passed = passed(ctx);
    // Sinks inside a function already reported for a caller's source (one finding each).
    let mut sinks_reported: rustc_hash::FxHashSet<(&str, u32)> = Default::default();
    // Where a parameter is built into the string a deeper sink needs formatted
    // (`run_query("… '%s'" % name)`): the line a review flags, as the sink line is for a
    // sink reached directly. By the parameter's (file, function line, param).
    let mut formatted_at: HashMap<(&str, u32, u32), (&str, u32)> = HashMap::new();
    for _ in 0..MAX_CALLS {
        let mut derived = Vec::new();
        let mut sinks_grew = false;
        for &Passed {
            path,
            ref call,
            callee,
            callee_path,
        } in passed
        {
            let Some(summary) = summaries
                .get(&(callee_path, callee.line, call.arg))
                .filter(|s| call.formatted || !s.needs_formatting)
            else {
                continue;
            };
            let mut flow: Vec<Waypoint> = call.steps.iter().cloned().map(Into::into).collect();
            flow.extend(
                summary
                    .steps
                    .iter()
                    .map(|step| placed(step, callee_path, path)),
            );
            match &call.origin {
                Origin::Source(source) => {
                    let family = crate::lang::for_path(path)
                        .map_or(crate::lang::Family::Python, crate::lang::LangId::family);
                    let (severity, trust) = tables::source_trust(family, source);
                    if severity.is_some() && !rule.local_input {
                        continue;
                    }
                    let hops = flow
                        .iter()
                        .filter(|s| s.note.starts_with("passed to"))
                        .count();
                    let message = format!(
                        "{source} reaches {} in `{}` through argument {} ({hops} call{} away){trust}",
                        summary.sink,
                        callee.qualified_name,
                        call.arg + 1,
                        if hops == 1 { "" } else { "s" }
                    );
                    let sinks = sinks_of.get(&(callee_path, callee.line, call.arg));
                    for &(sink_path, sink) in sinks.into_iter().flatten() {
                        if sink.reported
                            || (sink.needs_formatting && !call.formatted)
                            || sink_path != path
                            || !sinks_reported
                                .insert((sink_path, sink.steps.last().map_or(0, |s| s.line)))
                        {
                            continue;
                        }
                        if let Some(hit) = at_sink(rule, source, sink, call, severity) {
                            out.push((sink_path.to_string(), hit));
                        }
                    }
                    if let Some(&built) = formatted_at.get(&(callee_path, callee.line, call.arg))
                        && sinks_reported.insert(built)
                    {
                        let hit = at_formatting(
                            rule,
                            source,
                            summary,
                            (path, call.line),
                            built,
                            &flow,
                            severity,
                        );
                        out.push((built.0.to_string(), hit));
                    }
                    out.push((
                        path.to_string(),
                        Hit {
                            rule: rule.id.clone(),
                            line: call.line,
                            end_line: call.line,
                            column: 1,
                            message,
                            severity,
                            flow,
                            value: None,
                            audit: false,
                        },
                    ));
                }
                Origin::Param(index, _) => {
                    let key = (path, call.function, *index);
                    let built_deeper = formatted_at
                        .get(&(callee_path, callee.line, call.arg))
                        .copied();
                    if let Some(at) = built_deeper.or_else(|| {
                        (summary.needs_formatting && call.formatted).then_some((path, call.line))
                    }) {
                        formatted_at.entry(key).or_insert(at);
                    }
                    // The caller's parameter reaches the callee's sinks too.
                    if let Some(deeper) = sinks_of.get(&(callee_path, callee.line, call.arg)) {
                        let deeper = deeper.clone();
                        let mine = sinks_of.entry(key).or_default();
                        for sink in deeper {
                            if !mine.iter().any(|s| std::ptr::eq(s.1, sink.1)) {
                                mine.push(sink);
                                sinks_grew = true;
                            }
                        }
                    }
                    if !summaries.contains_key(&key) {
                        let mut steps: Vec<Waypoint> =
                            call.steps.iter().cloned().map(Into::into).collect();
                        steps.extend(
                            summary
                                .steps
                                .iter()
                                .map(|step| placed(step, callee_path, path)),
                        );
                        derived.push((
                            key,
                            Summary {
                                function: call.function,
                                param: *index,
                                rule: rule.id.clone(),
                                sink: summary.sink.clone(),
                                steps,
                                reported: false,
                                constant_here: false,
                                needs_formatting: summary.needs_formatting && !call.formatted,
                            },
                        ));
                    }
                }
            }
        }
        if derived.is_empty() && !sinks_grew {
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

/// A step of a flow followed from `from` (the file its step list belongs to) into a flow
/// reported in `file`: it names its file unless that is `file`.
pub(super) fn placed(step: &Waypoint, from: &str, file: &str) -> Waypoint {
    let at = step.file.as_deref().unwrap_or(from);
    Waypoint {
        line: step.line,
        note: step.note.clone(),
        file: (at != file).then(|| at.to_string()),
    }
}
