//! Context compaction: when the conversation fills about 85 % of the model's window, the
//! older turns are summarised by the same model into a handoff note; the system prompt and
//! the most recent messages stay as they are.

use tokio::sync::mpsc::UnboundedSender;
use tokio_util::sync::CancellationToken;

use crate::agent::conversation::{Block, Message, Role};
use crate::agent::event::Event;
use crate::agent::provider::{Note, Request};
use crate::agent::run::{Agent, AgentError};

const INSTRUCTIONS: &str = "Write a handoff note for the engineer who continues this conversation without seeing it: the user's goals and constraints, what was found (files, symbols, line numbers, findings), what was changed and verified, what failed and why, and what remains to do. Be specific and brief; no preamble.";

/// Where the kept part starts: at least `keep` messages from the end, moved forward to an
/// assistant message so that no tool result is separated from its call.
pub fn split_point(messages: &[Message], keep: usize) -> Option<usize> {
    let mut start = messages.len().saturating_sub(keep.max(1));
    while start < messages.len() && messages[start].role != Role::Assistant {
        start += 1;
    }
    (start > 1 && start < messages.len()).then_some(start)
}

/// The older messages as a plain transcript for the summariser.
pub fn transcript(messages: &[Message]) -> String {
    let mut out = String::new();
    for message in messages {
        let who = match message.role {
            Role::User => "USER",
            Role::Assistant => "ASSISTANT",
        };
        for block in &message.content {
            match block {
                Block::Text { text } => out.push_str(&format!("{who}: {text}\n")),
                Block::ToolUse { name, input, .. } => {
                    out.push_str(&format!("{who} called {name} {input}\n"))
                }
                Block::ToolResult {
                    content, is_error, ..
                } => {
                    let label = if *is_error {
                        "TOOL ERROR"
                    } else {
                        "TOOL RESULT"
                    };
                    out.push_str(&format!(
                        "{label}: {}\n",
                        crate::agent::conversation::for_model(content, 2_000)
                    ));
                }
            }
        }
    }
    out
}

pub async fn compact(
    agent: &mut Agent,
    events: &UnboundedSender<Event>,
    cancel: &CancellationToken,
) -> Result<(), AgentError> {
    let Some(start) = split_point(&agent.session.messages, agent.options().keep_recent) else {
        return Ok(());
    };
    let before = agent.session.messages.len();
    let prompt = format!(
        "{}\n\n<conversation>\n{}</conversation>",
        INSTRUCTIONS,
        transcript(&agent.session.messages[..start])
    );
    let messages = vec![Message::user(prompt)];
    let request = Request {
        system: "You summarise coding sessions into handoff notes.",
        messages: &messages,
        tools: &[],
        max_tokens: 4_096,
    };
    let mut notes = |note: Note| {
        if let Note::Retry {
            attempt,
            wait,
            reason,
            after_output,
        } = note
        {
            let _ = events.send(Event::Retry {
                attempt,
                wait_ms: wait.as_millis() as u64,
                reason,
                after_output,
            });
        }
    };
    let completion = agent
        .client()
        .complete(&request, cancel, &mut notes)
        .await?;
    let summary = completion.message.text();
    let kept = before - start;
    agent.session.compact(summary.clone(), kept)?;
    let _ = events.send(Event::Compacted {
        messages_before: before,
        messages_after: agent.session.messages.len(),
        summary_chars: summary.len(),
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_kept_part_starts_at_an_assistant_message() {
        let call = Message {
            role: Role::Assistant,
            content: vec![Block::ToolUse {
                id: "1".into(),
                name: "grep".into(),
                input: json!({}),
            }],
        };
        let result = Message {
            role: Role::User,
            content: vec![Block::ToolResult {
                tool_use_id: "1".into(),
                content: "x".into(),
                is_error: false,
            }],
        };
        let messages = vec![
            Message::user("a"),
            call.clone(),
            result.clone(),
            call.clone(),
            result.clone(),
            call,
            result,
        ];
        // Keeping 2 would start at a tool result: it moves to the next assistant message…
        assert_eq!(split_point(&messages, 3), Some(5));
        assert_eq!(split_point(&messages, 4), Some(3));
        // …and nothing is compacted when nothing older than the kept part exists.
        assert_eq!(split_point(&messages, 7), None);
        assert!(transcript(&messages[..3]).contains("ASSISTANT called grep"));
    }
}
