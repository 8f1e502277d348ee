//! `file_outline`: what a file defines, nested, with lines and metrics.

use petgraph::Direction;
use petgraph::stable_graph::NodeIndex;
use petgraph::visit::EdgeRef;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::docs::Docs;
use crate::graph::{EdgeKind, NodeKind};
use crate::tools::lookup::kind_name;
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace};

pub struct FileOutline;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// File path relative to the repository root.
    pub file: String,
}

#[derive(Serialize, JsonSchema)]
pub struct Item {
    pub name: String,
    pub qualified_name: String,
    pub kind: String,
    pub line: u32,
    pub end_line: u32,
    /// 0 at top level, 1 inside a class, …
    pub depth: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complexity: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub file: String,
    pub language: String,
    pub lines: u32,
    pub module: Option<String>,
    pub symbols: Vec<Item>,
}

impl TypedTool for FileOutline {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "file_outline";
    const DESCRIPTION: &'static str = "The classes, functions and methods a file defines, nested, with line ranges, complexity and the first doc line — cheaper than reading the file.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let path = ws.confine(&args.file)?;
        let state = ws.state();
        let snap = &state.snap;
        let Some(&file) = snap
            .lookup(&path)
            .iter()
            .find(|&&n| snap.graph[n].kind == NodeKind::File)
        else {
            let index = ws.names(&state);
            let near: Vec<String> = index
                .fuzzy(snap, &path, Some(crate::tools::lookup::KindFilter::File), 3)
                .into_iter()
                .map(|(n, _)| snap.graph[n].qualified_name.clone())
                .collect();
            return Err(ToolError::Invalid(format!(
                "no indexed file `{path}`{}",
                if near.is_empty() {
                    " (not a Rust, Python or TS/JS file, ignored, or skipped)".to_string()
                } else {
                    format!("; closest: {}", near.join(", "))
                }
            )));
        };
        let node = &snap.graph[file];
        let info = &snap.files[node.file as usize];
        let mut symbols = Vec::new();
        let mut module = None;
        let mut docs = Docs::new(snap, ws.root());
        outline(snap, &mut docs, file, 0, true, &mut module, &mut symbols);
        let mut text = format!(
            "{} ({}, {} lines){}\n",
            path,
            info.language.name(),
            info.lines,
            module
                .as_deref()
                .map(|m| format!(" module {m}"))
                .unwrap_or_default()
        );
        for item in &symbols {
            text.push_str(&format!(
                "{}{} {} L{}-{}",
                "  ".repeat(item.depth as usize),
                item.kind,
                item.name,
                item.line,
                item.end_line
            ));
            if let Some(c) = item.complexity.filter(|&c| c > 1) {
                text.push_str(&format!(" cc={c}"));
            }
            if let Some(doc) = &item.doc {
                text.push_str(&format!(" — {doc}"));
            }
            text.push('\n');
        }
        if symbols.is_empty() {
            text.push_str("(no classes or functions)\n");
        }
        let mut next = vec![
            Hint::new("list_imports", json!({"module": path}), "what it imports"),
            Hint::new("list_importers", json!({"target": path}), "who imports it"),
        ];
        if let Some(first) = symbols
            .iter()
            .find(|s| s.kind == "function" || s.kind == "method")
        {
            next.push(Hint::new(
                "find_callers",
                json!({"symbol": first.qualified_name}),
                "who calls its first function",
            ));
        }
        Ok(Answer {
            data: Output {
                file: path,
                language: info.language.name().to_string(),
                lines: info.lines,
                module,
                symbols,
            },
            text,
            next,
        })
    }
}

/// Records `at`'s contained symbols in line order, depth first. The file's own module node is
/// looked through, not listed.
fn outline(
    snap: &crate::graph::Snapshot,
    docs: &mut Docs<'_>,
    at: NodeIndex,
    depth: u32,
    top: bool,
    module: &mut Option<String>,
    out: &mut Vec<Item>,
) {
    let mut children: Vec<NodeIndex> = snap
        .graph
        .edges_directed(at, Direction::Outgoing)
        .filter(|e| e.weight().kind == EdgeKind::Contains)
        .map(|e| e.target())
        .collect();
    children.sort_by_key(|&c| (snap.graph[c].line, c));
    for child in children {
        let n = &snap.graph[child];
        if top && n.kind == NodeKind::Module {
            *module = Some(n.qualified_name.clone());
            outline(snap, docs, child, depth, false, module, out);
            continue;
        }
        out.push(Item {
            name: n.name.clone(),
            qualified_name: n.qualified_name.clone(),
            kind: kind_name(n).to_string(),
            line: n.line,
            end_line: n.end_line,
            depth,
            complexity: n.metrics.map(|m| m.complexity),
            params: n.metrics.map(|m| m.params),
            doc: docs
                .first_line(child)
                .map(|d| crate::tools::search::clip(&d, 120)),
        });
        if depth < 16 {
            outline(snap, docs, child, depth + 1, false, module, out);
        }
    }
}
