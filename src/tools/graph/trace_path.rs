//! `trace_path`: the shortest dependency path from one symbol to another over calls and
//! imports (and inheritance), falling back to the modules that hold them.

use std::collections::{HashMap, VecDeque};

use petgraph::Direction;
use petgraph::stable_graph::NodeIndex;
use petgraph::visit::EdgeRef;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::{EdgeKind, Snapshot};
use crate::tools::graph::depth_arg;
use crate::tools::lookup::{SymbolRef, home_module};
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace};

pub struct TracePath;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Where the path starts (qualified name, unique short name or file path).
    pub from: String,
    /// Where it ends.
    pub to: String,
    /// Longest path searched (1–12 hops, default 8).
    pub max_depth: Option<u32>,
}

#[derive(Serialize, JsonSchema)]
pub struct Hop {
    pub symbol: SymbolRef,
    /// The edge that led here (empty for the first hop).
    pub edge: String,
    pub confidence: f32,
    /// Line of the call or import in the previous hop's file.
    pub line: Option<u32>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub found: bool,
    /// `symbol`: a path between the symbols themselves; `module`: only their modules connect.
    pub level: String,
    pub path: Vec<Hop>,
}

impl TypedTool for TracePath {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "trace_path";
    const DESCRIPTION: &'static str = "Shortest dependency path from one symbol to another over calls, imports and inheritance (how does A reach B?). If the symbols do not connect, tries the modules that hold them.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let depth = depth_arg(args.max_depth, 8, 12)?;
        let state = ws.state();
        let snap = &state.snap;
        let index = ws.names(&state);
        let from = index.resolve(snap, &args.from)?;
        let to = index.resolve(snap, &args.to)?;
        let mut level = "symbol";
        let mut path = shortest(snap, &from, &to, depth);
        if path.is_none() {
            let from_modules: Vec<NodeIndex> = from.iter().map(|&n| home_module(snap, n)).collect();
            let to_modules: Vec<NodeIndex> = to.iter().map(|&n| home_module(snap, n)).collect();
            if from_modules != from || to_modules != to {
                path = shortest(snap, &from_modules, &to_modules, depth);
                level = "module";
            }
        }
        let from_name = snap.graph[from[0]].qualified_name.clone();
        let to_name = snap.graph[to[0]].qualified_name.clone();
        let Some(path) = path else {
            let text = format!(
                "No dependency path from {from_name} to {to_name} within {depth} hops (calls, imports, inheritance; also tried their modules).\n"
            );
            let next = vec![
                Hint::new(
                    "trace_path",
                    json!({"from": to_name, "to": from_name}),
                    "the other direction",
                ),
                Hint::new(
                    "impact_of",
                    json!({"symbol": to_name}),
                    "what does depend on the target",
                ),
            ];
            return Ok(Answer {
                data: Output {
                    found: false,
                    level: level.into(),
                    path: Vec::new(),
                },
                text,
                next,
            });
        };
        let mut text = format!(
            "{}-level path, {} hop(s), from {from_name} to {to_name}:\n",
            level,
            path.len().saturating_sub(1)
        );
        for hop in &path {
            if hop.edge.is_empty() {
                text.push_str(&format!("  {}\n", hop.symbol.line()));
            } else {
                text.push_str(&format!(
                    "  --{}{}{}--> {}\n",
                    hop.edge,
                    if hop.confidence < 1.0 {
                        format!(" c{:.1}", hop.confidence)
                    } else {
                        String::new()
                    },
                    hop.line.map(|l| format!(" @L{l}")).unwrap_or_default(),
                    hop.symbol.line()
                ));
            }
        }
        let next = vec![Hint::new(
            "find_callers",
            json!({"symbol": to_name}),
            "every other way into the target",
        )];
        Ok(Answer {
            data: Output {
                found: true,
                level: level.into(),
                path,
            },
            text,
            next,
        })
    }
}

/// How a node was reached: from which node, over which edge, how sure, at which line.
type Step = (NodeIndex, EdgeKind, f32, Option<u32>);

fn shortest(snap: &Snapshot, from: &[NodeIndex], to: &[NodeIndex], depth: u32) -> Option<Vec<Hop>> {
    let mut came: HashMap<NodeIndex, Option<Step>> = HashMap::new();
    let mut queue: VecDeque<(NodeIndex, u32)> = VecDeque::new();
    for &f in from {
        came.insert(f, None);
        queue.push_back((f, 0));
    }
    let mut end = None;
    while let Some((node, d)) = queue.pop_front() {
        if to.contains(&node) {
            end = Some(node);
            break;
        }
        if d >= depth {
            continue;
        }
        for edge in snap.graph.edges_directed(node, Direction::Outgoing) {
            let w = edge.weight();
            if w.kind == EdgeKind::Contains || came.contains_key(&edge.target()) {
                continue;
            }
            came.insert(
                edge.target(),
                Some((node, w.kind, w.confidence, w.lines.first().copied())),
            );
            queue.push_back((edge.target(), d + 1));
        }
    }
    let mut node = end?;
    let mut hops = Vec::new();
    loop {
        let step = came.get(&node).copied().flatten();
        hops.push(Hop {
            symbol: SymbolRef::of(snap, node),
            edge: step.map(|s| s.1.as_str().to_string()).unwrap_or_default(),
            confidence: step.map_or(1.0, |s| s.2),
            line: step.and_then(|s| s.3),
        });
        match step {
            Some((previous, ..)) => node = previous,
            None => break,
        }
    }
    hops.reverse();
    Some(hops)
}
