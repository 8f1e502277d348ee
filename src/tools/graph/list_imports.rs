//! `list_imports`: what a file or module imports from the project.

use petgraph::Direction;
use petgraph::visit::EdgeRef;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::{EdgeKind, NodeKind};
use crate::tools::graph::plural;
use crate::tools::lookup::{SymbolRef, module_of_file};
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct ListImports;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// A file path or a module's qualified name.
    pub module: String,
    /// Most imports listed (default 50).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Import {
    /// The imported module or symbol.
    pub target: SymbolRef,
    /// Lines of the import statements.
    pub lines: Vec<u32>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub module: SymbolRef,
    pub imports: Vec<Import>,
    pub total: usize,
}

impl TypedTool for ListImports {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "list_imports";
    const DESCRIPTION: &'static str = "What a file or module imports from inside the project (modules and symbols, with the import lines). Imports of libraries are not in the graph.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let state = ws.state();
        let snap = &state.snap;
        let module = resolve_module(ws, &state, &args.module)?;
        let mut imports: Vec<Import> = snap
            .graph
            .edges_directed(module, Direction::Outgoing)
            .filter(|e| e.weight().kind == EdgeKind::Imports)
            .map(|e| Import {
                target: SymbolRef::of(snap, e.target()),
                lines: e.weight().lines.clone(),
            })
            .collect();
        imports.sort_by(|a, b| {
            a.lines
                .first()
                .cmp(&b.lines.first())
                .then(a.target.qualified_name.cmp(&b.target.qualified_name))
        });
        let total = imports.len();
        imports.truncate(args.limit.map_or(50, |l| limit(Some(l))));
        let module_ref = SymbolRef::of(snap, module);
        let mut text = format!(
            "{} ({}) imports {} from the project:\n",
            module_ref.qualified_name,
            module_ref.file,
            plural(total, "module or symbol")
        );
        for import in &imports {
            let lines: Vec<String> = import.lines.iter().map(u32::to_string).collect();
            text.push_str(&format!(
                "  {} {} ({}) line {}\n",
                import.target.kind,
                import.target.qualified_name,
                import.target.file,
                lines.join(", ")
            ));
        }
        if total > imports.len() {
            text.push_str(&format!(
                "  … {} more (raise limit)\n",
                total - imports.len()
            ));
        }
        let next = vec![
            Hint::new(
                "list_importers",
                json!({"target": module_ref.qualified_name}),
                "who imports this module",
            ),
            Hint::new(
                "find_cycles",
                json!({"kind": "imports"}),
                "whether these imports form cycles",
            ),
        ];
        Ok(Answer {
            data: Output {
                module: module_ref,
                imports,
                total,
            },
            text,
            next,
        })
    }
}

/// The module node for a file path or a module's qualified name.
pub fn resolve_module(
    ws: &Workspace,
    state: &crate::tools::workspace::State,
    text: &str,
) -> Result<petgraph::stable_graph::NodeIndex, ToolError> {
    let snap = &state.snap;
    let by_path = ws
        .confine(text)
        .ok()
        .map(|p| snap.lookup(&p).to_vec())
        .unwrap_or_default();
    let nodes = if by_path.is_empty() {
        ws.names(state).resolve(snap, text)?
    } else {
        by_path
    };
    for &node in &nodes {
        match snap.graph[node].kind {
            NodeKind::Module => return Ok(node),
            NodeKind::File => {
                if let Some(module) = module_of_file(snap, node) {
                    return Ok(module);
                }
            }
            _ => {}
        }
    }
    Err(ToolError::Invalid(format!(
        "`{text}` is not a file or module; pass a file path or a module's qualified name (find_symbol with kind=module finds one)"
    )))
}
