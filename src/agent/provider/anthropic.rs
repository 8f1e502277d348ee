//! Anthropic Messages API: request body and the streamed events (`message_start`,
//! `content_block_start|delta|stop`, `message_delta`, `message_stop`, `ping`, `error`).

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::agent::conversation::{Block, Message, Role, StopReason, Usage};
use crate::agent::provider::sse::SseEvent;
use crate::agent::provider::{Completion, Failure, ProviderError, Request};

pub const VERSION: &str = "2023-06-01";

pub fn url(base: &str) -> String {
    format!("{base}/v1/messages")
}

pub fn body(model: &str, request: &Request<'_>) -> Value {
    let messages: Vec<Value> = request
        .messages
        .iter()
        .map(|m| {
            let content: Vec<Value> = m
                .content
                .iter()
                .filter_map(|b| match b {
                    // The API refuses empty text blocks.
                    Block::Text { text } if text.is_empty() => None,
                    Block::Text { text } => Some(json!({"type": "text", "text": text})),
                    Block::ToolUse { id, name, input } => Some(json!({"type": "tool_use", "id": id, "name": name, "input": input})),
                    Block::ToolResult { tool_use_id, content, is_error } => {
                        Some(json!({"type": "tool_result", "tool_use_id": tool_use_id, "content": content, "is_error": is_error}))
                    }
                })
                .collect();
            json!({"role": match m.role { Role::User => "user", Role::Assistant => "assistant" }, "content": content})
        })
        .collect();
    let mut tools: Vec<Value> = request
        .tools
        .iter()
        .map(|t| json!({"name": t.name, "description": t.description, "input_schema": t.schema}))
        .collect();
    // The system prompt and tool list are the same every turn: cache them.
    if let Some(last) = tools.last_mut() {
        last["cache_control"] = json!({"type": "ephemeral"});
    }
    let mut body = json!({
        "model": model,
        "max_tokens": request.max_tokens,
        "system": [{"type": "text", "text": request.system, "cache_control": {"type": "ephemeral"}}],
        "messages": messages,
        "stream": true,
    });
    // A request without tools (the compaction summary) leaves the key out.
    if !tools.is_empty() {
        body["tools"] = Value::Array(tools);
    }
    body
}

/// A content block while it streams in.
enum Partial {
    Text(String),
    Tool {
        id: String,
        name: String,
        json: String,
    },
    /// Thinking and other blocks we do not send back.
    Other,
}

#[derive(Default)]
pub struct Assembler {
    blocks: BTreeMap<u64, Partial>,
    usage: Usage,
    stop: Option<StopReason>,
    done: bool,
}

impl Assembler {
    /// Takes one event; `emit` receives text as it arrives. Ok(true) once `message_stop` came.
    pub fn event(&mut self, event: &SseEvent, emit: &mut dyn FnMut(&str)) -> Result<bool, Failure> {
        if event.event == "ping" {
            return Ok(false);
        }
        let data: Value = serde_json::from_str(&event.data).map_err(|e| {
            Failure::new(
                ProviderError::Stream(format!("event `{}` is not JSON: {e}", event.event)),
                true,
            )
        })?;
        let kind = data["type"].as_str().unwrap_or(event.event.as_str());
        let index = data["index"].as_u64().unwrap_or(0);
        match kind {
            "message_start" => read_usage(&data["message"]["usage"], &mut self.usage),
            "content_block_start" => {
                let block = &data["content_block"];
                let partial = match block["type"].as_str() {
                    Some("text") => {
                        let text = block["text"].as_str().unwrap_or_default().to_string();
                        if !text.is_empty() {
                            emit(&text);
                        }
                        Partial::Text(text)
                    }
                    Some("tool_use") => Partial::Tool {
                        id: block["id"].as_str().unwrap_or_default().to_string(),
                        name: block["name"].as_str().unwrap_or_default().to_string(),
                        json: String::new(),
                    },
                    _ => Partial::Other,
                };
                self.blocks.insert(index, partial);
            }
            "content_block_delta" => {
                let delta = &data["delta"];
                match (self.blocks.get_mut(&index), delta["type"].as_str()) {
                    (Some(Partial::Text(text)), Some("text_delta")) => {
                        let piece = delta["text"].as_str().unwrap_or_default();
                        emit(piece);
                        text.push_str(piece);
                    }
                    (Some(Partial::Tool { json, .. }), Some("input_json_delta")) => {
                        json.push_str(delta["partial_json"].as_str().unwrap_or_default())
                    }
                    _ => {}
                }
            }
            "content_block_stop" => {}
            "message_delta" => {
                if let Some(reason) = data["delta"]["stop_reason"].as_str() {
                    self.stop = Some(stop_reason(reason));
                }
                // Output tokens arrive here; input counts may be repeated (the same numbers).
                read_usage(&data["usage"], &mut self.usage);
            }
            "message_stop" => {
                self.done = true;
                return Ok(true);
            }
            "error" => {
                let kind = data["error"]["type"].as_str().unwrap_or("error");
                let message = data["error"]["message"].as_str().unwrap_or("no message");
                return Err(Failure::new(
                    ProviderError::Remote {
                        provider: "anthropic".into(),
                        message: format!("{kind}: {message}"),
                    },
                    true,
                ));
            }
            _ => {}
        }
        Ok(false)
    }

    pub fn finish(self) -> Result<Completion, Failure> {
        if !self.done {
            return Err(Failure::new(
                ProviderError::Stream("the stream ended before `message_stop`".into()),
                true,
            ));
        }
        let mut content = Vec::new();
        let mut malformed = Vec::new();
        for partial in self.blocks.into_values() {
            match partial {
                Partial::Text(text) if !text.is_empty() => content.push(Block::Text { text }),
                Partial::Tool { id, name, json } => {
                    let input = parse_input(&json).unwrap_or_else(|e| {
                        malformed.push((id.clone(), format!("{e} in {json:?}")));
                        json!({})
                    });
                    content.push(Block::ToolUse { id, name, input });
                }
                _ => {}
            }
        }
        Ok(Completion {
            message: Message {
                role: Role::Assistant,
                content,
            },
            usage: self.usage,
            stop: self.stop.unwrap_or(StopReason::EndTurn),
            malformed,
        })
    }
}

/// Tool arguments: an empty string means no arguments; anything else must be an object.
pub fn parse_input(json: &str) -> Result<Value, String> {
    if json.trim().is_empty() {
        return Ok(json!({}));
    }
    match serde_json::from_str::<Value>(json) {
        Ok(value @ Value::Object(_)) => Ok(value),
        Ok(other) => Err(format!("arguments must be a JSON object, not {other}")),
        Err(e) => Err(format!("arguments are not valid JSON ({e})")),
    }
}

fn read_usage(usage: &Value, into: &mut Usage) {
    let read = |name: &str| usage[name].as_u64();
    if let Some(n) = read("input_tokens") {
        into.input_tokens = n;
    }
    if let Some(n) = read("output_tokens") {
        into.output_tokens = n;
    }
    if let Some(n) = read("cache_creation_input_tokens") {
        into.cache_creation_input_tokens = n;
    }
    if let Some(n) = read("cache_read_input_tokens") {
        into.cache_read_input_tokens = n;
    }
}

fn stop_reason(reason: &str) -> StopReason {
    match reason {
        "end_turn" | "stop_sequence" => StopReason::EndTurn,
        "tool_use" => StopReason::ToolUse,
        "max_tokens" => StopReason::MaxTokens,
        other => StopReason::Other(other.to_string()),
    }
}
