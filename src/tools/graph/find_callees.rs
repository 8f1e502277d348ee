//! `find_callees`: what a symbol calls, to a depth, and the calls that left the project.

use petgraph::Direction;
use petgraph::stable_graph::NodeIndex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::EdgeKind;
use crate::tools::graph::{Reached, confidence_arg, depth_arg, plural, reached, traverse};
use crate::tools::lookup::SymbolRef;
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct FindCallees;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Qualified name or a unique short name of a function, method or class.
    pub symbol: String,
    /// How many call hops to follow (1–5, default 1).
    pub depth: Option<u32>,
    /// Ignore call edges below this confidence (0–1, default 0).
    pub min_confidence: Option<f32>,
    /// Most callees listed (default 20).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub target: Vec<SymbolRef>,
    pub callees: Vec<Reached>,
    pub total: usize,
    /// Calls the symbol itself makes that resolve to nothing in the project (libraries,
    /// builtins, dynamic calls): `name` or `receiver.name`, with the line.
    pub external: Vec<ExternalCall>,
}

#[derive(Serialize, JsonSchema)]
pub struct ExternalCall {
    pub call: String,
    pub line: u32,
    /// What it calls, where the graph can name it (`builtins.len`, `os.path.join`).
    pub callee: Option<String>,
    /// `builtin` or `external` when named.
    pub kind: Option<&'static str>,
}

impl TypedTool for FindCallees {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "find_callees";
    const DESCRIPTION: &'static str = "What a function or method calls inside the project, up to N hops, with call sites and confidence; also lists its calls into libraries and builtins.";

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
        let found = traverse(
            snap,
            &targets,
            Direction::Outgoing,
            &[EdgeKind::Calls],
            depth,
            min,
        );
        // Sites of a callee are lines in the file of whoever called it.
        let first = targets.first().copied().unwrap_or(NodeIndex::new(0));
        let mut callees = reached(snap, found, |_, via| via.unwrap_or(first));
        callees.sort_by(|a, b| {
            a.depth
                .cmp(&b.depth)
                .then(
                    a.sites
                        .first()
                        .map(|s| s.line)
                        .cmp(&b.sites.first().map(|s| s.line)),
                )
                .then(a.symbol.qualified_name.cmp(&b.symbol.qualified_name))
        });
        let total = callees.len();
        let shown = limit(args.limit);
        callees.truncate(shown);
        let ids: Vec<u32> = targets.iter().map(|t| t.index() as u32).collect();
        let mut files: Vec<u32> = targets.iter().map(|&t| snap.graph[t].file).collect();
        files.sort_unstable();
        files.dedup();
        let mut external: Vec<ExternalCall> = files
            .iter()
            .flat_map(|&file| snap.unresolved_calls().of_file(file))
            .filter(|c| ids.contains(&c.caller))
            .map(|c| ExternalCall {
                call: c
                    .receiver
                    .as_ref()
                    .map_or_else(|| c.name.clone(), |r| format!("{r}.{}", c.name)),
                line: c.line,
                callee: c.outside.as_ref().map(|o| o.qualified_name.clone()),
                kind: c.outside.as_ref().map(|o| o.kind.as_str()),
            })
            .collect();
        external.sort_by_key(|c| c.line);
        external.truncate(shown);

        let target: Vec<SymbolRef> = targets.iter().map(|&t| SymbolRef::of(snap, t)).collect();
        let name = target
            .first()
            .map(|t| t.qualified_name.clone())
            .unwrap_or_default();
        let mut text = format!(
            "{} calls {} in the project (depth {depth}):\n",
            name,
            plural(total, "symbol")
        );
        for callee in &callees {
            let lines: Vec<String> = callee.sites.iter().map(|s| s.line.to_string()).collect();
            let via = callee
                .via
                .as_deref()
                .map(|v| format!(" via {v}"))
                .unwrap_or_default();
            text.push_str(&format!(
                "{}[d{} c{:.1}] {} {} ({}:{}){} called at line {}\n",
                "  ".repeat(callee.depth as usize - 1),
                callee.depth,
                callee.confidence,
                callee.symbol.kind,
                callee.symbol.qualified_name,
                callee.symbol.file,
                callee.symbol.line,
                via,
                lines.join(", ")
            ));
        }
        if total > callees.len() {
            text.push_str(&format!("… {} more (raise limit)\n", total - callees.len()));
        }
        if !external.is_empty() {
            let listed: Vec<String> = external
                .iter()
                .take(12)
                .map(|c| match (&c.callee, c.kind) {
                    (Some(callee), Some(kind)) if *callee != c.call => {
                        format!("{} ({kind} {callee})@{}", c.call, c.line)
                    }
                    (_, Some(kind)) => format!("{} ({kind})@{}", c.call, c.line),
                    _ => format!("{}@{}", c.call, c.line),
                })
                .collect();
            text.push_str(&format!(
                "outside the project: {}{}\n",
                listed.join(", "),
                if external.len() > 12 { " …" } else { "" }
            ));
        }
        let mut next = vec![Hint::new(
            "find_callers",
            json!({"symbol": name}),
            "who calls it",
        )];
        if let Some(top) = callees.first() {
            next.push(Hint::new(
                "find_callees",
                json!({"symbol": top.symbol.qualified_name}),
                "follow the first callee",
            ));
        }
        Ok(Answer {
            data: Output {
                target,
                callees,
                total,
                external,
            },
            text,
            next,
        })
    }
}
