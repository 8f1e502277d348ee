//! The agent's side of the runner: a turn on its own task (its events forwarded as
//! messages tagged with the turn, approvals shown with their preview), `/model`,
//! `/compact`, `/clear`, `/sessions`, `/resume`.

use tokio::sync::mpsc::unbounded_channel;
use tokio_util::sync::CancellationToken;

use crate::agent::conversation::{Block, Role};
use crate::agent::provider::ModelSpec;
use crate::agent::provider::retry::{Client, RetryPolicy};
use crate::agent::session::{self, Session};
use crate::agent::{Agent, AgentError, Event, Outcome};
use crate::tui::core::Msg;
use crate::tui::preview;
use crate::tui::runner::{Incoming, Runner, branch, repository_name};

impl Runner {
    pub(super) fn send(&mut self, turn: u64, prompt: String) {
        let Some(mut agent) = self.agent.take() else {
            self.notice("no model to ask (see the status bar)", true);
            self.say(Msg::TurnEnded {
                turn,
                outcome: "unavailable".into(),
            });
            return;
        };
        if !self.system_ready && self.workspace.is_ready() {
            agent.refresh_system();
            self.system_ready = true;
        }
        let cancel = CancellationToken::new();
        self.cancel = Some(cancel.clone());
        self.busy = true;
        let mut approvals = self
            .approvals
            .take()
            .unwrap_or_else(|| unbounded_channel().1);
        let inbox = self.inbox.clone();
        let root = self.workspace.root().to_path_buf();
        tokio::spawn(async move {
            let (events, mut received) = unbounded_channel::<Event>();
            let to_loop = inbox.clone();
            let forward = tokio::spawn(async move {
                while let Some(event) = received.recv().await {
                    let msg = match event {
                        Event::ApprovalNeeded { id, name, input } => Msg::Approval {
                            turn,
                            preview: preview::of(&root, &name, &input),
                            id,
                            name,
                            input,
                        },
                        event => Msg::Agent { turn, event },
                    };
                    let _ = to_loop.send(Incoming::Msg(msg));
                }
            });
            let outcome = agent.ask(&prompt, &events, &mut approvals, &cancel).await;
            drop(events);
            let _ = forward.await;
            let outcome = match outcome {
                Ok(Outcome::Finished) => "finished".to_string(),
                Ok(Outcome::Cancelled) => "cancelled".to_string(),
                Ok(Outcome::MaxTurns) => "max_turns".to_string(),
                // Already shown as an error event.
                Err(AgentError::Provider(_)) => "error".to_string(),
                Err(AgentError::Session(e)) => {
                    let _ = inbox.send(Incoming::Msg(Msg::Notice {
                        text: format!("the session could not be saved: {e}"),
                        is_error: true,
                    }));
                    "error".to_string()
                }
            };
            let _ = inbox.send(Incoming::Returned {
                agent: Box::new(agent),
                approvals,
                turn,
                outcome,
            });
        });
    }

    fn agent_or_say(&mut self) -> Option<&mut Agent> {
        if self.busy {
            self.notice("wait for the turn to end (or Ctrl+C)", true);
            return None;
        }
        if self.agent.is_none() {
            self.notice("no model to ask (see the status bar)", true);
        }
        self.agent.as_mut()
    }

    pub(super) fn set_model(&mut self, model: &str) {
        if self.busy {
            self.notice("wait for the turn to end (or Ctrl+C)", true);
            return;
        }
        let env = |name: &str| std::env::var(name).ok();
        let client = ModelSpec::resolve(model, &self.setup.config, &env)
            .and_then(|spec| Client::new(spec, RetryPolicy::default()));
        let client = match client {
            Ok(client) => client,
            Err(e) => return self.notice(format!("/model: {e}"), true),
        };
        let spec = client.spec().clone();
        match self.agent.as_mut() {
            Some(agent) => agent.set_client(client),
            None => {
                let session = match Session::create(
                    self.setup.session_dir.as_deref(),
                    &self.setup.root_name,
                    &spec.name(),
                ) {
                    Ok(session) => session,
                    Err(e) => return self.notice(format!("/model: {e}"), true),
                };
                self.agent = Some(Agent::new(
                    client,
                    self.workspace.clone(),
                    self.setup.policy.clone(),
                    self.setup.options.clone(),
                    session,
                ));
                self.system_ready = self.workspace.is_ready();
            }
        }
        let session = self
            .agent
            .as_ref()
            .map(|a| a.session.id.clone())
            .unwrap_or_default();
        self.say(Msg::Started {
            repository: repository_name(self.workspace.root()),
            branch: branch(self.workspace.root()),
            model: spec.name(),
            window: spec.window,
            unavailable: None,
            session,
        });
        self.notice(format!("model: {}", spec.name()), false);
    }

    pub(super) fn compact(&mut self) {
        if self.agent_or_say().is_none() {
            return;
        }
        let Some(mut agent) = self.agent.take() else {
            return;
        };
        self.busy = true;
        let approvals = self
            .approvals
            .take()
            .unwrap_or_else(|| unbounded_channel().1);
        let inbox = self.inbox.clone();
        tokio::spawn(async move {
            let (events, mut received) = unbounded_channel::<Event>();
            let cancel = CancellationToken::new();
            let result = crate::agent::compact::compact(&mut agent, &events, &cancel).await;
            drop(events);
            let mut said = false;
            while let Some(Event::Compacted {
                messages_before,
                messages_after,
                ..
            }) = received.recv().await
            {
                said = true;
                let _ = inbox.send(Incoming::Msg(Msg::Notice {
                    text: format!("compacted: {messages_before} → {messages_after} messages"),
                    is_error: false,
                }));
            }
            let text = match result {
                Err(e) => Some((format!("/compact: {e}"), true)),
                Ok(()) if !said => Some(("nothing to compact yet".to_string(), false)),
                Ok(()) => None,
            };
            if let Some((text, is_error)) = text {
                let _ = inbox.send(Incoming::Msg(Msg::Notice { text, is_error }));
            }
            let _ = inbox.send(Incoming::Returned {
                agent: Box::new(agent),
                approvals,
                turn: 0,
                outcome: "compacted".into(),
            });
        });
    }

    pub(super) fn new_session(&mut self) {
        let dir = self.setup.session_dir.clone();
        let root = self.setup.root_name.clone();
        let Some(agent) = self.agent_or_say() else {
            return;
        };
        let model = agent.client().spec().name();
        match Session::create(dir.as_deref(), &root, &model) {
            Ok(session) => {
                agent.session = session;
                let id = agent.session.id.clone();
                self.notice(format!("new session {id}"), false);
            }
            Err(e) => self.notice(format!("/clear: {e}"), true),
        }
    }

    pub(super) fn list_sessions(&self) {
        let Some(dir) = &self.setup.session_dir else {
            return self.notice("no session folder (set XDG_STATE_HOME or HOME)", true);
        };
        match session::list(dir) {
            Ok(list) if list.is_empty() => self.notice("no saved sessions", false),
            Ok(list) => {
                let lines: Vec<String> = list
                    .iter()
                    .take(20)
                    .map(|s| {
                        format!(
                            "{}  {:>3} messages  {}  {}",
                            s.id, s.messages, s.root, s.first_prompt
                        )
                    })
                    .collect();
                self.notice(format!("{}\n/resume ID opens one", lines.join("\n")), false);
            }
            Err(e) => self.notice(format!("/sessions: {e}"), true),
        }
    }

    pub(super) fn resume(&mut self, id: &str) {
        let Some(dir) = self.setup.session_dir.clone() else {
            return self.notice("no session folder (set XDG_STATE_HOME or HOME)", true);
        };
        let session = match Session::resume(&dir, id) {
            Ok(session) => session,
            Err(e) => return self.notice(format!("/resume: {e}"), true),
        };
        let Some(agent) = self.agent_or_say() else {
            return;
        };
        agent.session = session;
        let msg = conversation_of(&agent.session);
        self.say(msg);
    }
}

/// A saved session as the conversation panel shows it.
pub fn conversation_of(session: &Session) -> Msg {
    let mut entries = Vec::new();
    for message in &session.messages {
        for block in &message.content {
            match (message.role, block) {
                (Role::User, Block::Text { text }) => entries.push(("user".into(), text.clone())),
                (Role::Assistant, Block::Text { text }) => {
                    entries.push(("assistant".into(), text.clone()));
                }
                (_, Block::ToolUse { name, input, .. }) => entries.push((
                    "tool".into(),
                    format!(
                        "▸ {name} {}",
                        crate::tui::core::update::conversation::short_input(input)
                    ),
                )),
                _ => {}
            }
        }
    }
    Msg::Conversation {
        session: session.id.clone(),
        entries,
    }
}
