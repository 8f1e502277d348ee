//! The OpenAI Chat Completions wire format (OpenAI, OpenRouter, DeepInfra, Ollama): request
//! body and the streamed chunks (`choices[].delta` with content and `tool_calls` by index, a
//! final usage chunk, `[DONE]`).

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::agent::conversation::{Block, Message, Role, StopReason, Usage};
use crate::agent::provider::anthropic::parse_input;
use crate::agent::provider::sse::SseEvent;
use crate::agent::provider::{Completion, Failure, ProviderError, Request};

pub fn url(base: &str) -> String {
    format!("{base}/chat/completions")
}

pub fn body(provider: &str, model: &str, request: &Request<'_>) -> Value {
    let mut messages = vec![json!({"role": "system", "content": request.system})];
    for message in request.messages {
        match message.role {
            Role::Assistant => {
                let text = message.text();
                let calls: Vec<Value> = message
                    .tool_uses()
                    .into_iter()
                    .map(|(id, name, input)| json!({"id": id, "type": "function", "function": {"name": name, "arguments": input.to_string()}}))
                    .collect();
                let mut out = json!({"role": "assistant", "content": if text.is_empty() { Value::Null } else { Value::String(text) }});
                if !calls.is_empty() {
                    out["tool_calls"] = Value::Array(calls);
                }
                messages.push(out);
            }
            Role::User => {
                // Tool results are messages of their own, right after the assistant's calls.
                let mut text = String::new();
                for block in &message.content {
                    match block {
                        Block::ToolResult {
                            tool_use_id,
                            content,
                            is_error,
                        } => {
                            let content = if *is_error {
                                format!("Error: {content}")
                            } else {
                                content.clone()
                            };
                            messages.push(json!({"role": "tool", "tool_call_id": tool_use_id, "content": content}));
                        }
                        Block::Text { text: t } => text.push_str(t),
                        Block::ToolUse { .. } => {}
                    }
                }
                if !text.is_empty() {
                    messages.push(json!({"role": "user", "content": text}));
                }
            }
        }
    }
    let tools: Vec<Value> =
        request.tools.iter().map(|t| json!({"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.schema}})).collect();
    let mut body = json!({
        "model": model,
        "messages": messages,
        "stream": true,
        "stream_options": {"include_usage": true},
    });
    // OpenAI's own API takes `max_completion_tokens` (reasoning models refuse `max_tokens`);
    // the compatible servers take `max_tokens`.
    let limit = if provider == "openai" {
        "max_completion_tokens"
    } else {
        "max_tokens"
    };
    body[limit] = json!(request.max_tokens);
    // A request without tools (the compaction summary) leaves the key out.
    if !tools.is_empty() {
        body["tools"] = Value::Array(tools);
    }
    body
}

#[derive(Default)]
struct Call {
    id: String,
    name: String,
    arguments: String,
}

#[derive(Default)]
pub struct Assembler {
    text: String,
    calls: BTreeMap<u64, Call>,
    usage: Usage,
    stop: Option<StopReason>,
    done: bool,
}

impl Assembler {
    /// Takes one event; `emit` receives text as it arrives. Ok(true) at `[DONE]`.
    pub fn event(&mut self, event: &SseEvent, emit: &mut dyn FnMut(&str)) -> Result<bool, Failure> {
        let data = event.data.trim();
        if data == "[DONE]" {
            self.done = true;
            return Ok(true);
        }
        if data.is_empty() {
            return Ok(false);
        }
        let chunk: Value = serde_json::from_str(data).map_err(|e| {
            Failure::new(
                ProviderError::Stream(format!("a chunk is not JSON: {e}")),
                true,
            )
        })?;
        if let Some(error) = chunk.get("error") {
            let message = error["message"].as_str().unwrap_or("no message");
            return Err(Failure::new(
                ProviderError::Remote {
                    provider: "openai".into(),
                    message: message.to_string(),
                },
                true,
            ));
        }
        if let Some(usage) = chunk.get("usage").filter(|u| u.is_object()) {
            let prompt = usage["prompt_tokens"].as_u64().unwrap_or(0);
            let cached = usage["prompt_tokens_details"]["cached_tokens"]
                .as_u64()
                .unwrap_or(0);
            self.usage = Usage {
                input_tokens: prompt.saturating_sub(cached),
                output_tokens: usage["completion_tokens"].as_u64().unwrap_or(0),
                cache_creation_input_tokens: 0,
                cache_read_input_tokens: cached,
            };
        }
        for choice in chunk["choices"].as_array().into_iter().flatten() {
            let delta = &choice["delta"];
            if let Some(piece) = delta["content"].as_str().filter(|p| !p.is_empty()) {
                emit(piece);
                self.text.push_str(piece);
            }
            for call in delta["tool_calls"].as_array().into_iter().flatten() {
                let index = call["index"].as_u64().unwrap_or(0);
                let entry = self.calls.entry(index).or_default();
                if let Some(id) = call["id"].as_str() {
                    entry.id.push_str(id);
                }
                if let Some(name) = call["function"]["name"].as_str() {
                    entry.name.push_str(name);
                }
                if let Some(arguments) = call["function"]["arguments"].as_str() {
                    entry.arguments.push_str(arguments);
                }
            }
            if let Some(reason) = choice["finish_reason"].as_str() {
                self.stop = Some(match reason {
                    "stop" => StopReason::EndTurn,
                    "tool_calls" | "function_call" => StopReason::ToolUse,
                    "length" => StopReason::MaxTokens,
                    other => StopReason::Other(other.to_string()),
                });
            }
        }
        Ok(false)
    }

    pub fn finish(self) -> Result<Completion, Failure> {
        // Some compatible servers close after the finish reason without `[DONE]`.
        if !self.done && self.stop.is_none() {
            return Err(Failure::new(
                ProviderError::Stream("the stream ended before `[DONE]`".into()),
                true,
            ));
        }
        let mut content = Vec::new();
        if !self.text.is_empty() {
            content.push(Block::Text { text: self.text });
        }
        let mut malformed = Vec::new();
        for (index, call) in self.calls {
            let id = if call.id.is_empty() {
                format!("call_{index}")
            } else {
                call.id
            };
            let input = parse_input(&call.arguments).unwrap_or_else(|e| {
                malformed.push((id.clone(), format!("{e} in {:?}", call.arguments)));
                json!({})
            });
            content.push(Block::ToolUse {
                id,
                name: call.name,
                input,
            });
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
