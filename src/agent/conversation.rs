//! The conversation as the agent keeps it: provider-neutral messages of content blocks.
//! Each provider turns them into its own wire format; sessions store them as they are.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    User,
    Assistant,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Block {
    Text {
        text: String,
    },
    ToolUse {
        id: String,
        name: String,
        input: Value,
    },
    ToolResult {
        tool_use_id: String,
        content: String,
        is_error: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    pub content: Vec<Block>,
}

impl Message {
    pub fn user(text: impl Into<String>) -> Message {
        Message {
            role: Role::User,
            content: vec![Block::Text { text: text.into() }],
        }
    }

    pub fn text(&self) -> String {
        self.content
            .iter()
            .filter_map(|b| match b {
                Block::Text { text } => Some(text.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("")
    }

    pub fn tool_uses(&self) -> Vec<(&str, &str, &Value)> {
        self.content
            .iter()
            .filter_map(|b| match b {
                Block::ToolUse { id, name, input } => Some((id.as_str(), name.as_str(), input)),
                _ => None,
            })
            .collect()
    }
}

/// Token counts as the provider reported them for one response.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Input tokens not read from or written to the prompt cache.
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cache_creation_input_tokens: u64,
    pub cache_read_input_tokens: u64,
}

impl Usage {
    /// Everything the model read: Anthropic counts cached input apart from `input_tokens`.
    pub fn prompt(&self) -> u64 {
        self.input_tokens + self.cache_creation_input_tokens + self.cache_read_input_tokens
    }

    /// How much of the context window the conversation fills after this response.
    pub fn context(&self) -> u64 {
        self.prompt() + self.output_tokens
    }

    pub fn add(&mut self, other: &Usage) {
        self.input_tokens += other.input_tokens;
        self.output_tokens += other.output_tokens;
        self.cache_creation_input_tokens += other.cache_creation_input_tokens;
        self.cache_read_input_tokens += other.cache_read_input_tokens;
    }
}

/// Why the model stopped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    EndTurn,
    ToolUse,
    MaxTokens,
    Other(String),
}

/// Tool output as the model sees it: the head and tail of anything longer than `limit`
/// characters, saying how much was cut (the session keeps it whole).
pub fn for_model(content: &str, limit: usize) -> String {
    if content.len() <= limit {
        return content.to_string();
    }
    let head_end = floor_boundary(content, limit * 2 / 3);
    // content.len() > limit >= the tail's length, and the tail starts after the head.
    let tail_start = ceil_boundary(content, content.len() - (limit - head_end));
    let cut_chars = content[head_end..tail_start].chars().count();
    let cut_lines = content[head_end..tail_start].lines().count();
    format!(
        "{}\n… [{cut_chars} characters ({cut_lines} lines) cut from the middle of this output; ask for a narrower range to see them] …\n{}",
        &content[..head_end],
        &content[tail_start..]
    )
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_boundary(text: &str, mut at: usize) -> usize {
    while at < text.len() && !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_output_keeps_head_and_tail_and_says_what_went() {
        let content: String = (0..1000).map(|i| format!("line {i}\n")).collect();
        let cut = for_model(&content, 600);
        assert!(cut.starts_with("line 0\n"));
        assert!(cut.trim_end().ends_with("line 999"));
        assert!(cut.contains("cut from the middle"));
        assert!(cut.len() < 800, "{}", cut.len());
        assert_eq!(for_model("short", 600), "short");
        // Never splits a character.
        let wide = "é".repeat(1000);
        assert!(for_model(&wide, 101).contains('…'));
    }
}
