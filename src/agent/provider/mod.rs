//! LLM providers behind one streaming call: Anthropic's Messages API and the OpenAI Chat
//! Completions wire format (OpenAI, OpenRouter, DeepInfra, Ollama). Each wire module turns
//! the conversation into a request body and its SSE stream back into one assistant message;
//! `retry` owns what happens when a request fails.

pub mod anthropic;
pub mod models;
pub mod openai;
pub mod retry;
pub mod sse;

use std::time::Duration;

use serde_json::Value;

use crate::agent::conversation::{Message, StopReason, Usage};
pub use models::{ModelSpec, Wire};

/// A tool as a model sees it.
#[derive(Debug, Clone)]
pub struct ToolSpec {
    pub name: String,
    pub description: String,
    pub schema: Value,
}

pub struct Request<'a> {
    pub system: &'a str,
    pub messages: &'a [Message],
    pub tools: &'a [ToolSpec],
    pub max_tokens: u32,
}

/// One finished response.
#[derive(Debug, Clone)]
pub struct Completion {
    pub message: Message,
    pub usage: Usage,
    pub stop: StopReason,
    /// Tool calls whose arguments were not valid JSON: (call id, what was wrong). Their
    /// `input` in `message` is an empty object; the loop answers them with an error result.
    pub malformed: Vec<(String, String)>,
}

/// What streams out while a response arrives.
#[derive(Debug, Clone, PartialEq)]
pub enum Note {
    Text(String),
    /// A request is sent again after `wait`; `after_output` when part of the answer had
    /// already streamed (it is discarded and comes again).
    Retry {
        attempt: u32,
        wait: Duration,
        reason: String,
        after_output: bool,
    },
}

#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum ProviderError {
    #[error(
        "no API key for {provider}: set {variable} (or `api_key` under [providers.{provider}] in {config})"
    )]
    MissingKey {
        provider: String,
        variable: String,
        config: String,
    },
    #[error(
        "unknown model `{0}`: write it as PROVIDER/MODEL, e.g. anthropic/claude-sonnet-4-5, openai/gpt-4.1, openrouter/…, deepinfra/…, ollama/…"
    )]
    UnknownModel(String),
    #[error("{provider} answered HTTP {status}: {message}")]
    Http {
        provider: String,
        status: u16,
        message: String,
    },
    #[error("{0}")]
    Connection(String),
    #[error("the response stream broke off: {0}")]
    Stream(String),
    #[error("{provider} reported an error mid-stream: {message}")]
    Remote { provider: String, message: String },
    #[error("cancelled")]
    Cancelled,
}

/// A failed attempt and whether trying again may help.
#[derive(Debug)]
pub struct Failure {
    pub error: ProviderError,
    pub retryable: bool,
    /// What the server asked us to wait (`retry-after-ms`, `retry-after`).
    pub retry_after: Option<Duration>,
    /// Whether text had already been passed on before the failure.
    pub streamed: bool,
}

impl Failure {
    fn new(error: ProviderError, retryable: bool) -> Failure {
        Failure {
            error,
            retryable,
            retry_after: None,
            streamed: false,
        }
    }
}

/// Statuses worth another attempt: timeouts, conflicts, rate limits, server errors and
/// Anthropic's 529 (overloaded). Never 400/401/403/404: the same request fails the same way.
pub fn retryable_status(status: u16) -> bool {
    matches!(status, 408 | 409 | 429) || (500..=599).contains(&status)
}

/// The wait a response asks for: `retry-after-ms` (milliseconds) first, then `retry-after`
/// (seconds).
pub fn retry_after(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    let read = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<f64>().ok())
    };
    if let Some(ms) = read("retry-after-ms").filter(|ms| ms.is_finite() && *ms >= 0.0) {
        return Some(Duration::from_secs_f64(ms / 1000.0));
    }
    read("retry-after")
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(Duration::from_secs_f64)
}

/// The message inside a provider's error body (`{"error": {"message": …}}`), else the body.
pub fn error_message(body: &str) -> String {
    let parsed: Option<Value> = serde_json::from_str(body).ok();
    let message = parsed.as_ref().and_then(|v| {
        v["error"]["message"]
            .as_str()
            .or(v["message"].as_str())
            .map(str::to_string)
    });
    let text = message.unwrap_or_else(|| body.trim().to_string());
    let mut short: String = text.chars().take(400).collect();
    if short.is_empty() {
        short = "(empty body)".into();
    }
    short
}
