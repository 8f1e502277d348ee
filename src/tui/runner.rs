//! Carries out the core's commands: turns of the agent on their own task (their events come
//! back as messages, tagged with the turn), slash tools on the blocking pool, sessions and
//! models, and the editor (with the screen handed back to the shell while it runs).

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio_util::sync::CancellationToken;

use crate::agent::config::UserConfig;
use crate::agent::conversation::{Block, Role};
use crate::agent::policy::Policy;
use crate::agent::provider::ModelSpec;
use crate::agent::provider::retry::{Client, RetryPolicy};
use crate::agent::session::{self, Session};
use crate::agent::{Agent, AgentError, AgentOptions, Approval, Event, Outcome};
use crate::tools::{Control, Workspace, registry};
use crate::tui::core::{Cmd, Msg};
use crate::tui::hosted::{Program, Running};
use crate::tui::preview;
use crate::tui::terminal::{self, Term};

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

    fn say(&self, msg: Msg) {
        let _ = self.inbox.send(Incoming::Msg(msg));
    }

    fn notice(&self, text: impl Into<String>, is_error: bool) {
        self.say(Msg::Notice {
            text: text.into(),
            is_error,
        });
    }

    /// A turn is over: the agent is back.
    pub fn returned(&mut self, agent: Agent, approvals: UnboundedReceiver<Approval>) {
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

    fn send(&mut self, turn: u64, prompt: String) {
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

    fn set_model(&mut self, model: &str) {
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

    fn compact(&mut self) {
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

    fn new_session(&mut self) {
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

    fn list_sessions(&self) {
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

    fn resume(&mut self, id: &str) {
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

pub fn repository_name(root: &std::path::Path) -> String {
    root.file_name().map_or_else(
        || root.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The checked-out branch, read from `.git/HEAD` (a detached head shows its short hash).
pub fn branch(root: &std::path::Path) -> Option<String> {
    let mut dir = Some(root);
    while let Some(at) = dir {
        let git = at.join(".git");
        let head = if git.is_dir() {
            std::fs::read_to_string(git.join("HEAD")).ok()
        } else if git.is_file() {
            let pointer = std::fs::read_to_string(&git).ok()?;
            let target = pointer.strip_prefix("gitdir:")?.trim();
            std::fs::read_to_string(at.join(target).join("HEAD")).ok()
        } else {
            None
        };
        if let Some(head) = head {
            let head = head.trim();
            return Some(match head.strip_prefix("ref: refs/heads/") {
                Some(branch) => branch.to_string(),
                None => head.chars().take(8).collect(),
            });
        }
        dir = at.parent();
    }
    None
}

/// The user's editor: `$VISUAL`, else `$EDITOR`, else `vi`.
fn editor() -> String {
    std::env::var("VISUAL")
        .ok()
        .filter(|v| !v.trim().is_empty())
        .or_else(|| {
            std::env::var("EDITOR")
                .ok()
                .filter(|v| !v.trim().is_empty())
        })
        .unwrap_or_else(|| "vi".into())
}

/// Runs the editor on `file` with the screen handed back to the shell meanwhile. The
/// editor's own words may hold arguments (`code -w`), so the shell reads them.
fn edit_in_terminal(term: &mut Term, args: &[&str], file: &std::path::Path) -> std::io::Result<()> {
    terminal::leave();
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{} \"$@\"", editor()))
        .arg("editor")
        .args(args)
        .arg(file)
        .status();
    terminal::enter()?;
    terminal::redraw_all(term)?;
    let status = status?;
    if status.success() {
        Ok(())
    } else {
        Err(std::io::Error::other(format!(
            "the editor exited with {status}"
        )))
    }
}

/// Text edited in the user's editor through a temporary file.
fn edit_text(term: &mut Term, text: &str, extension: &str) -> std::io::Result<String> {
    let file = tempfile::Builder::new()
        .prefix("repotoire-")
        .suffix(&format!(".{extension}"))
        .tempfile()?;
    std::fs::write(file.path(), text)?;
    edit_in_terminal(term, &[], file.path())?;
    std::fs::read_to_string(file.path())
}
