//! Every tool, one line each, sorted by name. The CLI, MCP and the agent list tools from
//! here and nowhere else.

use crate::tools::Tool;
use crate::tools::coding::{bash, edit_file, glob, grep, read_file, write_file};
use crate::tools::findings::{explain_finding, list_findings, run_detectors};
use crate::tools::graph::{
    communities, file_outline, find_callees, find_callers, find_cycles, find_symbol, graph_stats,
    hotspots, impact_of, list_importers, list_imports, trace_path,
};
use crate::tools::search::search_code;

static TOOLS: &[&dyn Tool] = &[
    &bash::Bash,
    &communities::Communities,
    &edit_file::EditFile,
    &explain_finding::ExplainFinding,
    &file_outline::FileOutline,
    &find_callees::FindCallees,
    &find_callers::FindCallers,
    &find_cycles::FindCycles,
    &find_symbol::FindSymbol,
    &glob::Glob,
    &graph_stats::GraphStats,
    &grep::Grep,
    &hotspots::Hotspots,
    &impact_of::ImpactOf,
    &list_findings::ListFindings,
    &list_importers::ListImporters,
    &list_imports::ListImports,
    &read_file::ReadFile,
    &run_detectors::RunDetectors,
    &search_code::SearchCode,
    &trace_path::TracePath,
    &write_file::WriteFile,
];

pub fn all() -> &'static [&'static dyn Tool] {
    TOOLS
}

/// The tools MCP clients are offered: the graph, findings and search tools (see `Kind`).
pub fn served_over_mcp() -> impl Iterator<Item = &'static dyn Tool> {
    TOOLS
        .iter()
        .copied()
        .filter(|t| t.kind() == crate::tools::Kind::Graph)
}

pub fn get(name: &str) -> Option<&'static dyn Tool> {
    TOOLS.iter().copied().find(|t| t.name() == name)
}

/// Runs a tool by name.
pub fn call(
    ws: &crate::tools::Workspace,
    name: &str,
    args: serde_json::Value,
    control: &crate::tools::Control,
) -> Result<crate::tools::Reply, crate::tools::ToolError> {
    let tool = get(name).ok_or_else(|| crate::tools::ToolError::UnknownTool {
        name: name.to_string(),
        known: TOOLS
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(", "),
    })?;
    tool.call(ws, args, control)
}
