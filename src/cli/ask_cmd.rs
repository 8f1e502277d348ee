//! `repotoire ask PROMPT`: the agent, headless. The answer streams to stdout, tool calls and
//! their short results to stderr (`--json`: JSON lines events on stdout). Tools that would
//! ask for approval are refused unless `--allow`ed. Ctrl+C cancels the turn cleanly.

use std::io::Write;
use std::sync::Arc;

use anyhow::Context;
use tokio::sync::mpsc::UnboundedReceiver;
use tokio_util::sync::CancellationToken;

use crate::agent::config::UserConfig;
use crate::agent::policy::Policy;
use crate::agent::provider::ModelSpec;
use crate::agent::provider::models::DEFAULT_MODEL;
use crate::agent::provider::retry::{Client, RetryPolicy};
use crate::agent::session::{self, Session};
use crate::agent::{Agent, AgentError, AgentOptions, Event, Outcome};
use crate::cli::args::{AskArgs, GlobalArgs};
use crate::tools::Workspace;
use crate::tools::workspace::WorkspaceOptions;

/// Exit code of a turn the user cancelled (as a shell reports SIGINT).
const EXIT_CANCELLED: i32 = 130;

pub fn run(global: &GlobalArgs, args: AskArgs) -> anyhow::Result<i32> {
    let env = |name: &str| std::env::var(name).ok();
    let config = UserConfig::load(UserConfig::default_path(&env).as_deref())?;
    let root = args
        .path
        .canonicalize()
        .with_context(|| format!("{}: no such folder", args.path.display()))?;
    let root_name = root.display().to_string();
    let dir = session::default_dir(&env);
    let (earlier, model) = earlier_and_model(
        args.resume.as_deref(),
        args.continue_last,
        dir.as_deref(),
        &root_name,
        args.model.as_deref(),
        &config,
    )?;
    // A missing key fails here, before any indexing or session file.
    let spec = ModelSpec::resolve(&model, &config, &env)?;
    let resumed = earlier.is_some();
    let session = match earlier {
        Some(session) => session,
        None => Session::create(dir.as_deref(), &root_name, &spec.name())?,
    };
    let options = WorkspaceOptions {
        use_cache: !global.no_cache,
        max_file_size: global.max_file_size,
        live: true,
    };
    let ws = Arc::new(Workspace::open(&root, &options)?);
    let policy = Policy {
        allow: config.allow.iter().chain(&args.allow).cloned().collect(),
        deny: config.deny.iter().chain(&args.deny).cloned().collect(),
        interactive: false,
    };
    let agent_options = AgentOptions {
        max_turns: args
            .max_turns
            .or(config.max_turns)
            .unwrap_or(AgentOptions::default().max_turns),
        ..AgentOptions::default()
    };
    let client = Client::new(spec, RetryPolicy::default())?;
    let mut agent = Agent::new(client, ws, policy, agent_options, session);
    let prompt = args.prompt.join(" ");
    let json = args.json;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async move {
        let (events, received) = tokio::sync::mpsc::unbounded_channel();
        let (_approve, mut approvals) = tokio::sync::mpsc::unbounded_channel();
        let cancel = CancellationToken::new();
        let on_signal = cancel.clone();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                on_signal.cancel();
            }
        });
        let printer = tokio::task::spawn_blocking(move || print(received, json));
        let _ = events.send(Event::SessionStarted {
            session: agent.session.id.clone(),
            model: agent.client().spec().name(),
            resumed,
        });
        let outcome = agent.ask(&prompt, &events, &mut approvals, &cancel).await;
        drop(events);
        let _ = printer.await;
        match outcome {
            Ok(Outcome::Finished) => Ok(crate::cli::EXIT_OK),
            // Already printed as an `error` event.
            Ok(Outcome::MaxTurns) | Err(AgentError::Provider(_)) => Ok(crate::cli::EXIT_ERROR),
            Ok(Outcome::Cancelled) => Ok(EXIT_CANCELLED),
            Err(AgentError::Session(e)) => Err(e.into()),
        }
    })
}

/// The session to go on with (`--resume ID`, `--continue`), if any, and the model: the
/// one asked for, else the session's, else the config's, else the default. Shared by
/// `ask` and the workstation, whose sessions are one kind.
pub(super) fn earlier_and_model(
    resume: Option<&str>,
    continue_last: bool,
    dir: Option<&std::path::Path>,
    root_name: &str,
    model: Option<&str>,
    config: &UserConfig,
) -> anyhow::Result<(Option<Session>, String)> {
    let earlier = match (resume, continue_last, dir) {
        (Some(id), _, Some(dir)) => Some(Session::resume(dir, id)?),
        (None, true, Some(dir)) => Some(Session::latest(dir, root_name)?),
        (Some(_), _, None) | (None, true, None) => {
            anyhow::bail!("neither XDG_STATE_HOME nor HOME is set: no saved sessions to continue")
        }
        _ => None,
    };
    let model = model
        .map(str::to_string)
        .or_else(|| earlier.as_ref().map(|s| s.model.clone()))
        .or_else(|| config.model.clone())
        .unwrap_or_else(|| DEFAULT_MODEL.to_string());
    Ok((earlier, model))
}

/// Writes events as they come: text to stdout at once, the rest to stderr.
fn print(mut events: UnboundedReceiver<Event>, json: bool) {
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr();
    let mut ends_with_newline = true;
    while let Some(event) = events.blocking_recv() {
        if json {
            if let Ok(line) = serde_json::to_string(&event) {
                let _ = writeln!(stdout, "{line}");
                let _ = stdout.flush();
            }
            continue;
        }
        match event {
            Event::TextDelta { text } => {
                let _ = stdout.write_all(text.as_bytes());
                let _ = stdout.flush();
                ends_with_newline = text.ends_with('\n');
            }
            Event::SessionStarted {
                session,
                model,
                resumed,
            } => {
                let _ = writeln!(
                    stderr,
                    "repotoire: {} session {session} with {model}",
                    if resumed { "continuing" } else { "new" }
                );
            }
            Event::ToolCall { name, input, .. } => {
                let mut shown = input.to_string();
                if shown.len() > 160 {
                    shown = format!("{}…", shown.chars().take(160).collect::<String>());
                }
                let _ = writeln!(stderr, "→ {name} {shown}");
            }
            Event::ToolResult {
                is_error,
                summary,
                millis,
                ..
            } => {
                let _ = writeln!(
                    stderr,
                    "  {} {summary} ({millis} ms)",
                    if is_error { "✗" } else { "←" }
                );
            }
            Event::Retry {
                attempt,
                wait_ms,
                reason,
                after_output,
            } => {
                let discarded = if after_output {
                    "; the partial answer above is discarded and will come again"
                } else {
                    ""
                };
                let _ = writeln!(
                    stderr,
                    "repotoire: retry {attempt} in {:.1} s after: {reason}{discarded}",
                    wait_ms as f64 / 1000.0
                );
            }
            Event::Compacted {
                messages_before,
                messages_after,
                ..
            } => {
                let _ = writeln!(
                    stderr,
                    "repotoire: context compacted ({messages_before} → {messages_after} messages)"
                );
            }
            Event::Error { message } => {
                let _ = writeln!(stderr, "repotoire: {message}");
            }
            Event::TurnStarted { .. }
            | Event::TurnFinished { .. }
            | Event::Usage { .. }
            | Event::ApprovalNeeded { .. } => {}
        }
    }
    if !json && !ends_with_newline {
        let _ = writeln!(stdout);
    }
}
