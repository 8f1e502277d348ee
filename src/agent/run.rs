//! One `ask`: stream a response, run its tool calls concurrently, send the results back in
//! order, repeat until the model stops, the turn is cancelled or the turn limit is reached.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use serde_json::Value;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use crate::agent::conversation::{Block, Message, Role, StopReason, for_model};
use crate::agent::event::{Approval, Event};
use crate::agent::policy::{Permission, Policy};
use crate::agent::provider::retry::Client;
use crate::agent::provider::{Note, ProviderError, Request, ToolSpec};
use crate::agent::session::{Session, SessionError};
use crate::tools::{Control, Kind, ToolError, Workspace, registry};

#[derive(Debug, Clone)]
pub struct AgentOptions {
    /// Model requests per `ask`.
    pub max_turns: u32,
    pub max_tokens: u32,
    /// Tool output longer than this reaches the model as head and tail.
    pub tool_output_chars: usize,
    /// Share of the context window at which older turns are summarised.
    pub compact_at: f64,
    /// Messages kept as they are when compacting.
    pub keep_recent: usize,
}

impl Default for AgentOptions {
    fn default() -> AgentOptions {
        AgentOptions {
            max_turns: 40,
            max_tokens: 8_192,
            tool_output_chars: 24_000,
            compact_at: 0.85,
            keep_recent: 6,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Finished,
    Cancelled,
    MaxTurns,
}

#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    #[error(transparent)]
    Provider(#[from] ProviderError),
    #[error(transparent)]
    Session(#[from] SessionError),
}

pub struct Agent {
    client: Client,
    workspace: Arc<Workspace>,
    policy: Policy,
    options: AgentOptions,
    pub session: Session,
    system: String,
    tools: Vec<ToolSpec>,
}

/// A tool call as the loop runs it.
struct Call {
    index: usize,
    id: String,
    name: String,
    input: Value,
}

impl Agent {
    pub fn new(
        client: Client,
        workspace: Arc<Workspace>,
        policy: Policy,
        options: AgentOptions,
        session: Session,
    ) -> Agent {
        let system = crate::agent::system_prompt(&workspace);
        Agent {
            client,
            workspace,
            policy,
            options,
            session,
            system,
            tools: crate::agent::tool_specs(),
        }
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    pub fn options(&self) -> &AgentOptions {
        &self.options
    }

    /// Builds the system prompt again from the workspace's current graph (the workstation
    /// creates its agent before the graph is loaded).
    pub fn refresh_system(&mut self) {
        self.system = crate::agent::system_prompt(&self.workspace);
    }

    /// Talks to another model from the next request on (`/model`).
    pub fn set_client(&mut self, client: Client) {
        self.client = client;
    }

    /// Runs one user prompt to its end. Events go to `events` (a closed receiver is not an
    /// error: the work goes on and is saved); `approvals` answers `ApprovalNeeded`.
    #[expect(
        clippy::too_many_lines,
        reason = "the turn loop (stream, run the calls, save, compact) in the order a reader follows it"
    )]
    pub async fn ask(
        &mut self,
        prompt: &str,
        events: &UnboundedSender<Event>,
        approvals: &mut UnboundedReceiver<Approval>,
        cancel: &CancellationToken,
    ) -> Result<Outcome, AgentError> {
        let send = |event: Event| {
            let _ = events.send(event);
        };
        self.session.repair();
        self.session.push(Message::user(prompt))?;
        for turn in 1..=self.options.max_turns {
            if self.session.context as f64
                >= self.options.compact_at * self.client.spec().window as f64
            {
                crate::agent::compact::compact(self, events, cancel).await?;
            }
            send(Event::TurnStarted { turn });
            let messages = self.for_model();
            let request = Request {
                system: &self.system,
                messages: &messages,
                tools: &self.tools,
                max_tokens: self.options.max_tokens,
            };
            let mut notes = |note: Note| match note {
                Note::Text(text) => send(Event::TextDelta { text }),
                Note::Retry {
                    attempt,
                    wait,
                    reason,
                    after_output,
                } => {
                    send(Event::Retry {
                        attempt,
                        wait_ms: wait.as_millis() as u64,
                        reason,
                        after_output,
                    });
                }
            };
            let completion = match self.client.complete(&request, cancel, &mut notes).await {
                Ok(completion) => completion,
                Err(ProviderError::Cancelled) => {
                    send(Event::Error {
                        message: "cancelled".into(),
                    });
                    return Ok(Outcome::Cancelled);
                }
                Err(error) => {
                    send(Event::Error {
                        message: error.to_string(),
                    });
                    return Err(error.into());
                }
            };
            self.session.push(completion.message.clone())?;
            self.session.record_usage(completion.usage)?;
            send(Event::Usage {
                usage: completion.usage,
                context: completion.usage.context(),
                window: self.client.spec().window,
            });
            let calls: Vec<Call> = completion
                .message
                .tool_uses()
                .into_iter()
                .enumerate()
                .map(|(index, (id, name, input))| Call {
                    index,
                    id: id.to_string(),
                    name: name.to_string(),
                    input: input.clone(),
                })
                .collect();
            if calls.is_empty() {
                send(Event::TurnFinished {
                    turn,
                    stop: stop_name(&completion.stop),
                });
                return Ok(Outcome::Finished);
            }
            let results = self
                .run_calls(calls, &completion.malformed, events, approvals, cancel)
                .await;
            self.session.push(Message {
                role: Role::User,
                content: results,
            })?;
            if cancel.is_cancelled() {
                send(Event::Error {
                    message: "cancelled".into(),
                });
                return Ok(Outcome::Cancelled);
            }
            send(Event::TurnFinished {
                turn,
                stop: stop_name(&completion.stop),
            });
        }
        send(Event::Error {
            message: format!(
                "stopped after {} model requests (max turns); ask again to go on",
                self.options.max_turns
            ),
        });
        Ok(Outcome::MaxTurns)
    }

    /// The conversation as the model gets it: long tool output cut to head and tail.
    fn for_model(&self) -> Vec<Message> {
        let limit = self.options.tool_output_chars;
        self.session
            .messages
            .iter()
            .map(|m| Message {
                role: m.role,
                content: m
                    .content
                    .iter()
                    .map(|b| match b {
                        Block::ToolResult {
                            tool_use_id,
                            content,
                            is_error,
                        } if content.len() > limit => Block::ToolResult {
                            tool_use_id: tool_use_id.clone(),
                            content: for_model(content, limit),
                            is_error: *is_error,
                        },
                        other => other.clone(),
                    })
                    .collect(),
            })
            .collect()
    }

    /// Runs a response's calls concurrently; one result per call, in the calls' order.
    #[expect(
        clippy::too_many_lines,
        reason = "starting, collecting and cancelling the concurrent calls share one JoinSet"
    )]
    async fn run_calls(
        &self,
        calls: Vec<Call>,
        malformed: &[(String, String)],
        events: &UnboundedSender<Event>,
        approvals: &mut UnboundedReceiver<Approval>,
        cancel: &CancellationToken,
    ) -> Vec<Block> {
        let send = |event: Event| {
            let _ = events.send(event);
        };
        let mut results: Vec<Option<(String, bool)>> = vec![None; calls.len()];
        let flag = Arc::new(AtomicBool::new(false));
        let mut running: JoinSet<(usize, Result<String, ToolError>, u64)> = JoinSet::new();
        for call in &calls {
            send(Event::ToolCall {
                id: call.id.clone(),
                name: call.name.clone(),
                input: call.input.clone(),
            });
            let refused = |text: String| {
                send(Event::ToolResult {
                    id: call.id.clone(),
                    name: call.name.clone(),
                    is_error: true,
                    summary: summary(&text),
                    output: text.clone(),
                    millis: 0,
                });
                Some((text, true))
            };
            if let Some((_, why)) = malformed.iter().find(|(id, _)| *id == call.id) {
                results[call.index] = refused(format!(
                    "your call to `{}` was not run: {why}. Send the arguments again as one JSON object.",
                    call.name
                ));
                continue;
            }
            let Some(tool) = registry::get(&call.name) else {
                let known: Vec<&str> = registry::all().iter().map(|t| t.name()).collect();
                results[call.index] = refused(format!(
                    "no tool `{}`; tools: {}",
                    call.name,
                    known.join(", ")
                ));
                continue;
            };
            let mut input = call.input.clone();
            match self.policy.permission(tool) {
                Permission::Allow => {}
                Permission::Ask if self.policy.interactive => {
                    send(Event::ApprovalNeeded {
                        id: call.id.clone(),
                        name: call.name.clone(),
                        input: call.input.clone(),
                    });
                    match approved(&call.id, approvals, cancel).await {
                        Some(Some(edited)) => input = edited,
                        Some(None) => {}
                        None => {
                            results[call.index] = refused(format!(
                                "the user declined `{}`; do not retry it — ask or take another way",
                                call.name
                            ));
                            continue;
                        }
                    }
                }
                permission => {
                    results[call.index] = refused(self.policy.refusal(&call.name, permission));
                    continue;
                }
            }
            if cancel.is_cancelled() {
                break;
            }
            let (workspace, flag, index) = (self.workspace.clone(), flag.clone(), call.index);
            running.spawn(async move {
                let started = Instant::now();
                let work = move || {
                    let control = Control::new(&flag, &|_, _, _| {});
                    tool.call(&workspace, input, &control)
                        .map(|reply| reply.whole)
                };
                let result = match tool.kind() {
                    Kind::Graph => on_rayon(work).await,
                    Kind::Coding => tokio::task::spawn_blocking(work).await.unwrap_or_else(|e| {
                        Err(ToolError::Failed(format!("the tool panicked: {e}")))
                    }),
                };
                (index, result, started.elapsed().as_millis() as u64)
            });
        }
        let mut cancelling = false;
        loop {
            tokio::select! {
                joined = running.join_next() => {
                    let Some(joined) = joined else { break };
                    let Ok((index, result, millis)) = joined else { continue };
                    let (text, is_error) = match result {
                        Ok(text) => (text, false),
                        Err(ToolError::Cancelled) => ("cancelled by the user before it finished".to_string(), true),
                        Err(error) => (error.to_string(), true),
                    };
                    let call = &calls[index];
                    send(Event::ToolResult { id: call.id.clone(), name: call.name.clone(), is_error, summary: summary(&text), output: text.clone(), millis });
                    results[index] = Some((text, is_error));
                }
                () = cancel.cancelled(), if !cancelling => {
                    // Tools see the flag (bash kills its process group); wait for them so
                    // that nothing they started outlives the turn.
                    cancelling = true;
                    flag.store(true, Ordering::Relaxed);
                }
            }
        }
        calls
            .iter()
            .zip(results)
            .map(|(call, result)| {
                let (content, is_error) = result.unwrap_or_else(|| {
                    let text = "cancelled by the user before it ran".to_string();
                    send(Event::ToolResult {
                        id: call.id.clone(),
                        name: call.name.clone(),
                        is_error: true,
                        summary: text.clone(),
                        output: text.clone(),
                        millis: 0,
                    });
                    (text, true)
                });
                Block::ToolResult {
                    tool_use_id: call.id.clone(),
                    content,
                    is_error,
                }
            })
            .collect()
    }
}

/// Waits for the user's answer to one approval request: `None` when refused (or the turn
/// ended), else the arguments the user edited, if any.
async fn approved(
    id: &str,
    approvals: &mut UnboundedReceiver<Approval>,
    cancel: &CancellationToken,
) -> Option<Option<Value>> {
    loop {
        tokio::select! {
            () = cancel.cancelled() => return None,
            answer = approvals.recv() => match answer {
                Some(answer) if answer.id == id => return answer.allow.then_some(answer.input),
                Some(_) => {}
                None => return None,
            },
        }
    }
}

/// Runs CPU-bound work on the rayon pool and awaits it.
async fn on_rayon<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ToolError> + Send + 'static,
) -> Result<T, ToolError> {
    let (sender, receiver) = tokio::sync::oneshot::channel();
    rayon::spawn(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        let _ = sender.send(result);
    });
    match receiver.await {
        Ok(Ok(result)) => result,
        Ok(Err(_)) => Err(ToolError::Failed("the tool panicked".into())),
        Err(_) => Err(ToolError::Failed("the tool's thread went away".into())),
    }
}

/// The first line of a result, short, for the front end.
fn summary(text: &str) -> String {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut short: String = first.chars().take(120).collect();
    let lines = text.lines().count();
    if lines > 1 {
        short.push_str(&format!(" (+{} lines)", lines - 1));
    }
    short
}

fn stop_name(stop: &StopReason) -> String {
    match stop {
        StopReason::EndTurn => "end_turn".into(),
        StopReason::ToolUse => "tool_use".into(),
        StopReason::MaxTokens => "max_tokens".into(),
        StopReason::Other(other) => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The TUI will run a turn on a spawned task: the future must be `Send`.
    #[allow(dead_code)]
    fn ask_is_send(
        agent: &mut Agent,
        events: &UnboundedSender<Event>,
        approvals: &mut UnboundedReceiver<Approval>,
        cancel: &CancellationToken,
    ) {
        fn send<T: Send>(_: T) {}
        send(agent.ask("x", events, approvals, cancel));
    }

    #[test]
    fn summaries_are_one_short_line_saying_how_much_more() {
        assert_eq!(
            summary("\nfirst line\nsecond\nthird"),
            "first line (+3 lines)"
        );
        assert_eq!(summary(&"x".repeat(500)).chars().count(), 120);
    }
}
