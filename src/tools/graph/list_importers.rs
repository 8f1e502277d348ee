//! `list_importers`: who imports a module, a file or a symbol.

use std::collections::BTreeMap;

use petgraph::Direction;
use petgraph::stable_graph::NodeIndex;
use petgraph::visit::EdgeRef;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::{EdgeKind, NodeKind};
use crate::tools::graph::{plural, with_members};
use crate::tools::lookup::{SymbolRef, module_of_file};
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct ListImporters;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// A file path, a module's qualified name, or a symbol's.
    pub target: String,
    /// Most importers listed (default 50).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Importer {
    pub module: SymbolRef,
    /// What it imports: the module itself or names from it.
    pub names: Vec<String>,
    pub lines: Vec<u32>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub target: SymbolRef,
    pub importers: Vec<Importer>,
    pub total: usize,
}

impl TypedTool for ListImporters {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "list_importers";
    const DESCRIPTION: &'static str = "Which modules import a module, file or symbol (a module counts imports of anything it defines), with the names imported and the lines.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let state = ws.state();
        let snap = &state.snap;
        let by_path = ws
            .confine(&args.target)
            .ok()
            .map(|p| snap.lookup(&p).to_vec())
            .unwrap_or_default();
        let nodes = if by_path.is_empty() {
            ws.names(&state).resolve(snap, &args.target)?
        } else {
            by_path
        };
        let mut target = nodes[0];
        if snap.graph[target].kind == NodeKind::File {
            target = module_of_file(snap, target).unwrap_or(target);
        }
        let covered: Vec<NodeIndex> = if snap.graph[target].kind == NodeKind::Module {
            with_members(snap, &[target])
        } else {
            vec![target]
        };
        let mut by_module: BTreeMap<NodeIndex, (Vec<String>, Vec<u32>)> = BTreeMap::new();
        for &node in &covered {
            for edge in snap
                .graph
                .edges_directed(node, Direction::Incoming)
                .filter(|e| e.weight().kind == EdgeKind::Imports)
            {
                let entry = by_module.entry(edge.source()).or_default();
                entry.0.push(snap.graph[node].name.clone());
                entry.1.extend(edge.weight().lines.iter().copied());
            }
        }
        let mut importers: Vec<Importer> = by_module
            .into_iter()
            .map(|(module, (mut names, mut lines))| {
                names.sort();
                names.dedup();
                lines.sort_unstable();
                lines.dedup();
                Importer {
                    module: SymbolRef::of(snap, module),
                    names,
                    lines,
                }
            })
            .collect();
        importers.sort_by(|a, b| a.module.file.cmp(&b.module.file));
        let total = importers.len();
        importers.truncate(args.limit.map_or(50, |l| limit(Some(l))));
        let target_ref = SymbolRef::of(snap, target);
        let mut text = format!(
            "{} imported by {}:\n",
            target_ref.qualified_name,
            plural(total, "module")
        );
        for importer in &importers {
            let lines: Vec<String> = importer.lines.iter().map(u32::to_string).collect();
            text.push_str(&format!(
                "  {} ({}:{}) imports {}\n",
                importer.module.qualified_name,
                importer.module.file,
                lines.join(","),
                importer.names.join(", ")
            ));
        }
        if total > importers.len() {
            text.push_str(&format!(
                "  … {} more (raise limit)\n",
                total - importers.len()
            ));
        }
        let next = vec![
            Hint::new(
                "impact_of",
                json!({"symbol": target_ref.qualified_name}),
                "everything that depends on it, not only importers",
            ),
            Hint::new(
                "list_imports",
                json!({"module": target_ref.file}),
                "what it imports itself",
            ),
        ];
        Ok(Answer {
            data: Output {
                target: target_ref,
                importers,
                total,
            },
            text,
            next,
        })
    }
}
