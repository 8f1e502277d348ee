//! `find_callers`: who calls a symbol, to a depth, with call sites and confidence.

use petgraph::Direction;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::EdgeKind;
use crate::tools::graph::{
    Reached, Site, confidence_arg, depth_arg, plural, reached, traverse, with_constructors,
};
use crate::tools::lookup::SymbolRef;
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct FindCallers;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Qualified name (`pkg.mod.Class.method`, `crate::m::f`, `src/a.f`) or a unique short name.
    pub symbol: String,
    /// How many call hops to follow (1–5, default 1: direct callers).
    pub depth: Option<u32>,
    /// Ignore call edges below this confidence (0–1, default 0).
    pub min_confidence: Option<f32>,
    /// Most callers listed (default 20).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub target: Vec<SymbolRef>,
    pub callers: Vec<Reached>,
    /// Callers found before `limit` applied.
    pub total: usize,
    /// Calls by this name the graph could not attribute to any symbol (possible callers).
    pub unresolved_by_name: Vec<Site>,
}

impl TypedTool for FindCallers {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "find_callers";
    const DESCRIPTION: &'static str = "Who calls a function, method or class (constructors included), up to N hops, with call sites and edge confidence (1.0 direct, 0.9 known receiver type, 0.8 value flow, 0.6 interface/unique name, 0.3 one of several). Prefer this to grep for 'who uses X'.";

    #[expect(
        clippy::too_many_lines,
        reason = "the breadth-first walk and the answer it builds share the visited set"
    )]
    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let depth = depth_arg(args.depth, 1, 5)?;
        let min = confidence_arg(args.min_confidence)?;
        let state = ws.state();
        let snap = &state.snap;
        let targets = ws.names(&state).resolve(snap, &args.symbol)?;
        let starts = with_constructors(snap, &targets);
        let found = traverse(
            snap,
            &starts,
            Direction::Incoming,
            &[EdgeKind::Calls],
            depth,
            min,
        );
        let mut callers = reached(snap, found, |node, _| node);
        callers.sort_by(|a, b| {
            a.depth
                .cmp(&b.depth)
                .then(b.confidence.total_cmp(&a.confidence))
                .then(a.symbol.qualified_name.cmp(&b.symbol.qualified_name))
        });
        let total = callers.len();
        let shown = limit(args.limit);
        callers.truncate(shown);

        let names: Vec<&str> = targets
            .iter()
            .map(|&t| snap.graph[t].name.as_str())
            .collect();
        let unresolved_by_name: Vec<Site> = snap
            .unresolved_calls()
            .iter()
            .filter(|c| !c.calls_outside_for_sure() && names.contains(&c.name.as_str()))
            .take(shown)
            .filter_map(|c| {
                let caller =
                    snap.node(petgraph::stable_graph::NodeIndex::new(c.caller as usize))?;
                Some(Site {
                    file: snap.file_path(caller).to_string(),
                    line: c.line,
                })
            })
            .collect();

        let target: Vec<SymbolRef> = targets.iter().map(|&t| SymbolRef::of(snap, t)).collect();
        let name = target
            .first()
            .map(|t| t.qualified_name.clone())
            .unwrap_or_default();
        let mut text = format!(
            "{} of {} (depth {depth}):\n",
            plural(total, "caller"),
            target
                .iter()
                .map(SymbolRef::line)
                .collect::<Vec<_>>()
                .join(", ")
        );
        for caller in &callers {
            let sites: Vec<String> = caller
                .sites
                .iter()
                .map(|s| format!("{}:{}", s.file, s.line))
                .collect();
            let via = caller
                .via
                .as_deref()
                .map(|v| format!(" via {v}"))
                .unwrap_or_default();
            text.push_str(&format!(
                "{}[d{} c{:.1}] {} {}{} at {}\n",
                "  ".repeat(caller.depth as usize - 1),
                caller.depth,
                caller.confidence,
                caller.symbol.kind,
                caller.symbol.qualified_name,
                via,
                if sites.is_empty() {
                    caller.symbol.file.clone()
                } else {
                    sites.join(", ")
                }
            ));
        }
        if total > callers.len() {
            text.push_str(&format!(
                "… {} more (raise limit, or min_confidence to drop weak edges)\n",
                total - callers.len()
            ));
        }
        if !unresolved_by_name.is_empty() {
            text.push_str(&format!(
                "{} unresolved call(s) by the same name may also reach it: {}\n",
                unresolved_by_name.len(),
                unresolved_by_name
                    .iter()
                    .take(5)
                    .map(|s| format!("{}:{}", s.file, s.line))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let mut next = vec![Hint::new(
            "impact_of",
            json!({"symbol": name, "depth": 3}),
            "what breaks if it changes",
        )];
        if depth == 1 && total > 0 {
            next.push(Hint::new(
                "find_callers",
                json!({"symbol": name, "depth": 2}),
                "callers of the callers",
            ));
        }
        if let Some(first) = callers.first() {
            next.push(Hint::new(
                "file_outline",
                json!({"file": first.symbol.file}),
                "the top caller's file",
            ));
        }
        Ok(Answer {
            data: Output {
                target,
                callers,
                total,
                unresolved_by_name,
            },
            text,
            next,
        })
    }
}
