//! Carries out the core's commands: turns of the agent on their own task (`agent.rs`:
//! their events come back as messages, tagged with the turn; models and sessions), slash
//! tools on the blocking pool, the hosted program, and the editor (`editor.rs`, with the
//! screen handed back to the shell while it runs).

mod agent;
mod editor;
mod repository;

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio_util::sync::CancellationToken;

use crate::agent::config::UserConfig;
use crate::agent::policy::Policy;
use crate::agent::{Agent, AgentOptions, Approval};
use crate::tools::{Control, Workspace, registry};
use crate::tui::core::{Cmd, Msg};
use crate::tui::hosted::{Program, Running};
use crate::tui::terminal::{self, Term};
pub use agent::conversation_of;
use editor::{edit_in_terminal, edit_text};
pub use repository::{branch, repository_name};

/// What reaches the event loop besides terminal events.
pub enum Incoming {
    Msg(Msg),
    /// A turn ended: the agent comes back with its approvals channel.
    Returned {
        agent: Box<Agent>,
        approvals: UnboundedReceiver<Approval>,
        turn: u64,
        outcome: String,
    },
}

/// What the runner needs to make agents and sessions.
pub struct Setup {
    pub config: UserConfig,
    pub session_dir: Option<PathBuf>,
    pub root_name: String,
    pub policy: Policy,
    pub options: AgentOptions,
}

pub struct Runner {
    workspace: Arc<Workspace>,
    setup: Setup,
    agent: Option<Agent>,
    /// The agent is out on a turn.
    busy: bool,
    approve: UnboundedSender<Approval>,
    approvals: Option<UnboundedReceiver<Approval>>,
    cancel: Option<CancellationToken>,
    /// The system prompt was built from the loaded graph.
    system_ready: bool,
    inbox: UnboundedSender<Incoming>,
    /// The program hosted in the right panel (`--agent`), and its run once started.
    hosted: Option<(Program, Option<Running>)>,
}

/// Whether the loop goes on after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

impl Runner {
    pub fn new(
        workspace: Arc<Workspace>,
        setup: Setup,
        agent: Option<Agent>,
        inbox: UnboundedSender<Incoming>,
    ) -> Runner {
        let (approve, approvals) = unbounded_channel();
        Runner {
            workspace,
            setup,
            agent,
            busy: false,
            approve,
            approvals: Some(approvals),
            cancel: None,
            system_ready: false,
            inbox,
            hosted: None,
        }
    }

    /// Hosts `program`; it starts when the core gives its panel a size.
    pub fn host(&mut self, program: Program) {
        self.hosted = Some((program, None));
    }

    fn start_hosted(&mut self, rows: u16, cols: u16) {
        let Some((program, running)) = &mut self.hosted else {
            return;
        };
        match program.spawn(rows, cols, &self.inbox) {
            Ok(started) => *running = Some(started),
            Err(e) => {
                let how = e.to_string();
                self.say(Msg::HostedExited { how });
            }
        }
    }

    pub(super) fn say(&self, msg: Msg) {
        let _ = self.inbox.send(Incoming::Msg(msg));
    }

    pub(super) fn notice(&self, text: impl Into<String>, is_error: bool) {
        self.say(Msg::Notice {
            text: text.into(),
            is_error,
        });
    }

    /// What arrived, as the core's message: a returning agent is kept, and its turn's end
    /// is the message.
    pub fn take(&mut self, incoming: Incoming) -> Msg {
        match incoming {
            Incoming::Msg(msg) => msg,
            Incoming::Returned {
                agent,
                approvals,
                turn,
                outcome,
            } => {
                self.returned(*agent, approvals);
                Msg::TurnEnded { turn, outcome }
            }
        }
    }

    /// A turn is over: the agent is back.
    fn returned(&mut self, agent: Agent, approvals: UnboundedReceiver<Approval>) {
        self.agent = Some(agent);
        self.approvals = Some(approvals);
        self.cancel = None;
        self.busy = false;
    }

    /// Whether the command needs the terminal (the loop stops reading keys meanwhile).
    pub fn needs_terminal(cmd: &Cmd) -> bool {
        matches!(
            cmd,
            Cmd::OpenFile { .. } | Cmd::EditPrompt { .. } | Cmd::EditProposal { .. } | Cmd::Suspend
        )
    }

    pub fn execute(&mut self, cmd: Cmd, term: &mut Term) -> Flow {
        match cmd {
            Cmd::Quit => return Flow::Quit,
            Cmd::Send { turn, prompt } => self.send(turn, prompt),
            Cmd::Cancel { .. } => {
                if let Some(cancel) = &self.cancel {
                    cancel.cancel();
                }
            }
            Cmd::Answer { id, allow, input } => {
                let _ = self.approve.send(Approval { id, allow, input });
            }
            Cmd::Tool { title, name, args } => self.tool(title, name, args),
            Cmd::Complete { word } => self.complete(word),
            Cmd::OpenFile { path, line } => {
                let full = crate::parse::paths::absolute(self.workspace.root(), &path);
                let place = format!("+{line}");
                if let Err(e) = edit_in_terminal(term, &[place.as_str()], &full) {
                    self.notice(format!("editor: {e}"), true);
                }
            }
            Cmd::EditPrompt { text } => match edit_text(term, &text, "md") {
                Ok(text) => self.say(Msg::PromptEdited { text }),
                Err(e) => self.notice(format!("editor: {e}"), true),
            },
            Cmd::EditProposal { id, input, field } => {
                let now = input
                    .get(&field)
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let extension = input
                    .get("path")
                    .and_then(Value::as_str)
                    .and_then(|p| p.rsplit_once('.'))
                    .map_or("txt", |(_, e)| e);
                match edit_text(term, now, extension) {
                    Ok(text) => {
                        let mut input = input;
                        input[field.as_str()] = Value::String(text);
                        self.say(Msg::ProposalEdited { id, input });
                    }
                    Err(e) => self.notice(format!("editor: {e}"), true),
                }
            }
            Cmd::Suspend => {
                if let Err(e) = terminal::suspend(term) {
                    self.notice(format!("terminal: {e}"), true);
                }
            }
            Cmd::HostedInput { bytes } => {
                if let Some((_, Some(running))) = &mut self.hosted {
                    running.write(&bytes);
                }
            }
            Cmd::HostedResize { rows, cols } => match &self.hosted {
                Some((_, Some(running))) => running.resize(rows, cols),
                Some((_, None)) => self.start_hosted(rows, cols),
                None => {}
            },
            Cmd::RestartHosted { rows, cols } => {
                if let Some((_, running)) = &mut self.hosted {
                    // The old run ends (its group too) before the new one starts.
                    *running = None;
                }
                self.start_hosted(rows, cols);
            }
            Cmd::SetModel { model } => self.set_model(&model),
            Cmd::Compact => self.compact(),
            Cmd::NewSession => self.new_session(),
            Cmd::ListSessions => self.list_sessions(),
            Cmd::Resume { id } => self.resume(&id),
        }
        Flow::Continue
    }

    fn tool(&self, title: String, name: String, args: Value) {
        let workspace = self.workspace.clone();
        let inbox = self.inbox.clone();
        tokio::task::spawn_blocking(move || {
            let (text, is_error) = match registry::call(&workspace, &name, args, &Control::none()) {
                Ok(reply) => (reply.text, false),
                Err(e) => (e.to_string(), true),
            };
            let _ = inbox.send(Incoming::Msg(Msg::ToolOutput {
                title,
                text,
                is_error,
            }));
        });
    }

    fn complete(&self, word: String) {
        let workspace = self.workspace.clone();
        let inbox = self.inbox.clone();
        tokio::task::spawn_blocking(move || {
            let items = symbols_starting(&workspace, &word);
            let _ = inbox.send(Incoming::Msg(Msg::Completions { word, items }));
        });
    }
}

/// Qualified names that start with `word`, or whose last part does; a few dozen at most.
fn symbols_starting(workspace: &Workspace, word: &str) -> Vec<String> {
    const MOST: usize = 40;
    if !workspace.is_ready() {
        return Vec::new();
    }
    let state = workspace.state();
    let mut found: Vec<String> = state
        .snap
        .graph
        .node_weights()
        .filter(|n| n.qualified_name.starts_with(word) || n.name.starts_with(word))
        .map(|n| {
            if n.qualified_name.starts_with(word) {
                n.qualified_name.clone()
            } else {
                n.name.clone()
            }
        })
        .collect();
    found.sort();
    found.dedup();
    found.truncate(MOST);
    found
}
