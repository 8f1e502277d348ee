//! `find_cycles`: import cycles between modules and call cycles between functions, each
//! with one concrete path around it.

use std::collections::{HashMap, HashSet, VecDeque};

use petgraph::Direction;
use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;
use petgraph::stable_graph::NodeIndex;
use petgraph::visit::{EdgeRef, IntoEdgeReferences};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::{EdgeKind, NodeKind, Snapshot};
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct FindCycles;

#[derive(Debug, Clone, Copy, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum CycleKind {
    Imports,
    Calls,
    Both,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// imports (between modules), calls (between functions; recursion excluded) or both (default).
    pub kind: Option<CycleKind>,
    /// Only cycles touching files under this path.
    pub under: Option<String>,
    /// Most cycles listed (default 20), largest first.
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Cycle {
    /// imports or calls
    pub kind: String,
    /// Nodes in the strongly connected component.
    pub size: usize,
    /// Its members' qualified names (first 30).
    pub members: Vec<String>,
    /// One cycle through it: first and last element are the same.
    pub path: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub cycles: Vec<Cycle>,
    pub total: usize,
}

impl TypedTool for FindCycles {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "find_cycles";
    const DESCRIPTION: &'static str = "Import cycles between modules and call cycles between functions (mutual recursion), largest first, each with a concrete path around it.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let kind = args.kind.unwrap_or(CycleKind::Both);
        let prefix = args.under.as_deref().map(|p| ws.confine(p)).transpose()?;
        let state = ws.state();
        let snap = &state.snap;
        let mut cycles = Vec::new();
        if matches!(kind, CycleKind::Imports | CycleKind::Both) {
            let index = ws.names(&state);
            cycles.extend(cycles_of(
                snap,
                "imports",
                |n| snap.graph[n].kind == NodeKind::Module,
                EdgeKind::Imports,
                |n| index.home(n),
            ));
        }
        control.check()?;
        if matches!(kind, CycleKind::Calls | CycleKind::Both) {
            cycles.extend(cycles_of(
                snap,
                "calls",
                |n| matches!(snap.graph[n].kind, NodeKind::Function | NodeKind::Method),
                EdgeKind::Calls,
                |n| n,
            ));
        }
        if let Some(prefix) = prefix.filter(|p| !p.is_empty()) {
            cycles.retain(|(_, nodes)| {
                nodes
                    .iter()
                    .any(|&n| crate::tools::is_under(snap.file_path(&snap.graph[n]), &prefix))
            });
        }
        cycles.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.kind.cmp(&b.0.kind)));
        let total = cycles.len();
        let cycles: Vec<Cycle> = cycles
            .into_iter()
            .take(limit(args.limit))
            .map(|(c, _)| c)
            .collect();
        let mut text = format!(
            "{total} cycle(s){}:\n",
            if total > cycles.len() {
                format!(", largest {} shown", cycles.len())
            } else {
                String::new()
            }
        );
        for cycle in &cycles {
            text.push_str(&format!(
                "{} cycle of {}: {}\n",
                cycle.kind,
                cycle.size,
                cycle.path.join(" → ")
            ));
        }
        let mut next = Vec::new();
        if let Some(first) = cycles.first().and_then(|c| c.path.first()) {
            let tool = if cycles[0].kind == "imports" {
                ("list_imports", json!({"module": first}))
            } else {
                ("find_callees", json!({"symbol": first}))
            };
            next.push(Hint::new(tool.0, tool.1, "where the first cycle closes"));
        }
        next.push(Hint::new(
            "list_findings",
            json!({"detector": "import-cycle"}),
            "cycles as findings",
        ));
        Ok(Answer {
            data: Output { cycles, total },
            text,
            next,
        })
    }
}

/// Strongly connected components (size ≥ 2) of the subgraph of `kind` edges between nodes
/// `keep` admits, after mapping edge ends through `lift`.
fn cycles_of(
    snap: &Snapshot,
    label: &str,
    keep: impl Fn(NodeIndex) -> bool,
    kind: EdgeKind,
    lift: impl Fn(NodeIndex) -> NodeIndex,
) -> Vec<(Cycle, Vec<NodeIndex>)> {
    let mut local: HashMap<NodeIndex, petgraph::graph::NodeIndex> = HashMap::new();
    let mut sub: DiGraph<NodeIndex, ()> = DiGraph::new();
    let mut seen_edges = HashSet::new();
    for edge in (&snap.graph)
        .edge_references()
        .filter(|e| e.weight().kind == kind)
    {
        let (source, target) = (lift(edge.source()), lift(edge.target()));
        if source == target
            || !keep(source)
            || !keep(target)
            || !seen_edges.insert((source, target))
        {
            continue;
        }
        let s = *local.entry(source).or_insert_with(|| sub.add_node(source));
        let t = *local.entry(target).or_insert_with(|| sub.add_node(target));
        sub.add_edge(s, t, ());
    }
    tarjan_scc(&sub)
        .into_iter()
        .filter(|component| component.len() >= 2)
        .map(|component| {
            let members: HashSet<_> = component.iter().copied().collect();
            let path = cycle_through(&sub, component[0], &members);
            let mut names: Vec<String> = component
                .iter()
                .map(|&n| snap.graph[sub[n]].qualified_name.clone())
                .collect();
            names.sort();
            let size = names.len();
            names.truncate(30);
            let nodes: Vec<NodeIndex> = component.iter().map(|&n| sub[n]).collect();
            (
                Cycle {
                    kind: label.to_string(),
                    size,
                    members: names,
                    path: path
                        .into_iter()
                        .map(|n| snap.graph[sub[n]].qualified_name.clone())
                        .collect(),
                },
                nodes,
            )
        })
        .collect()
}

/// Shortest way from `start` back to itself inside the component.
fn cycle_through(
    sub: &DiGraph<NodeIndex, ()>,
    start: petgraph::graph::NodeIndex,
    members: &HashSet<petgraph::graph::NodeIndex>,
) -> Vec<petgraph::graph::NodeIndex> {
    let mut came: HashMap<petgraph::graph::NodeIndex, petgraph::graph::NodeIndex> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for next in sub.neighbors_directed(node, Direction::Outgoing) {
            if !members.contains(&next) {
                continue;
            }
            if next == start {
                // Walk back from `node` to `start`, then close the loop.
                let mut path = vec![node];
                let mut at = node;
                while let Some(&previous) = came.get(&at) {
                    path.push(previous);
                    at = previous;
                }
                if at != start {
                    path.push(start);
                }
                path.reverse();
                path.push(start);
                return path;
            }
            if let std::collections::hash_map::Entry::Vacant(slot) = came.entry(next) {
                slot.insert(node);
                queue.push_back(next);
            }
        }
    }
    vec![start, start]
}
