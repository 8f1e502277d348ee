//! The MCP server: the tool registry over stdio or Streamable HTTP (rmcp). Tools run on the
//! blocking pool; a client's cancellation stops waiting at once and tells the tool to stop;
//! `progressToken` requests get progress notifications.

pub mod http;
mod stdio;

pub use stdio::{check_line, serve_stdio};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    InitializeResult, ListToolsResult, PaginatedRequestParams, ProgressNotificationParam,
    ServerCapabilities, Tool as McpTool, ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::tools::{Control, Tool, ToolError, Workspace, registry};

const INSTRUCTIONS: &str = "repotoire serves a knowledge graph of this repository (who defines, calls, imports and inherits what) and its detectors' findings. For structural questions — who calls X, what breaks if X changes, how A reaches B, what a file defines — use these tools instead of grep and reading files: their answers are complete over the graph and far smaller. Start with find_symbol or search_code to get a qualified name; every answer ends with suggested next calls.";

#[derive(Clone)]
pub struct Server {
    ws: Arc<Workspace>,
}

impl Server {
    pub fn new(ws: Arc<Workspace>) -> Server {
        Server { ws }
    }
}

/// A registry tool as MCP describes it.
pub fn describe(tool: &dyn Tool) -> McpTool {
    let annotations = ToolAnnotations::new()
        .read_only(tool.read_only())
        .destructive(false)
        .open_world(false);
    McpTool::new(
        tool.name(),
        tool.description(),
        Arc::new(tool.input_schema()),
    )
    .with_raw_output_schema(Arc::new(tool.output_schema()))
    .with_annotations(annotations)
}

impl ServerHandler for Server {
    fn get_info(&self) -> InitializeResult {
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("repotoire", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(
            registry::served_over_mcp().map(describe).collect(),
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.to_string();
        if !registry::served_over_mcp().any(|t| t.name() == name) {
            let known: Vec<&str> = registry::served_over_mcp().map(|t| t.name()).collect();
            return Err(ErrorData::invalid_params(
                format!("no tool `{name}`; tools: {}", known.join(", ")),
                None,
            ));
        }
        let arguments = serde_json::Value::Object(request.arguments.unwrap_or_default());
        let cancelled = Arc::new(AtomicBool::new(false));
        let (progress_tx, mut progress_rx) =
            tokio::sync::mpsc::unbounded_channel::<(f64, f64, String)>();
        let token = context.meta.get_progress_token();
        let peer = context.peer.clone();
        let forward = tokio::spawn(async move {
            while let Some((done, total, message)) = progress_rx.recv().await {
                if let Some(token) = &token {
                    let _ = peer
                        .notify_progress(
                            ProgressNotificationParam::new(token.clone(), done)
                                .with_total(total)
                                .with_message(message),
                        )
                        .await;
                }
            }
        });
        let ws = self.ws.clone();
        let flag = cancelled.clone();
        let mut work = tokio::task::spawn_blocking(move || {
            let send = move |done: f64, total: f64, message: &str| {
                let _ = progress_tx.send((done, total, message.to_string()));
            };
            let control = Control::new(&flag, &send);
            registry::call(&ws, &name, arguments, &control)
        });
        let outcome = tokio::select! {
            joined = &mut work => joined,
            () = context.ct.cancelled() => {
                cancelled.store(true, Ordering::Relaxed);
                forward.abort();
                return Err(ErrorData::internal_error("cancelled by the client", None));
            }
        };
        let _ = forward.await;
        let result = match outcome {
            Ok(Ok(reply)) => {
                let mut result = CallToolResult::success(vec![ContentBlock::text(reply.text)]);
                result.structured_content = Some(reply.json);
                result
            }
            // Errors a model can act on go back as tool results, not protocol errors.
            Ok(Err(
                err @ (ToolError::Invalid(_) | ToolError::Failed(_) | ToolError::Cancelled),
            )) => CallToolResult::error(vec![ContentBlock::text(err.to_string())]),
            Ok(Err(err)) => return Err(ErrorData::invalid_params(err.to_string(), None)),
            Err(join) => {
                CallToolResult::error(vec![ContentBlock::text(format!("the tool failed: {join}"))])
            }
        };
        Ok(result.into())
    }
}
