//! `repotoire [PATH]`: the terminal workstation. Sets up what the workstation needs (the
//! repository, the user's config, the model and session) and hands over to `tui::app`;
//! `repotoire replay` prints a recording's final screen.

use std::io::IsTerminal;
use std::sync::Arc;

use anyhow::Context;

use crate::agent::config::UserConfig;
use crate::agent::policy::Policy;
use crate::agent::provider::ModelSpec;
use crate::agent::provider::retry::{Client, RetryPolicy};
use crate::agent::session::{self, Session};
use crate::agent::{Agent, AgentOptions};
use crate::cli::args::{GlobalArgs, ReplayArgs, WorkstationArgs};
use crate::tools::Workspace;
use crate::tools::workspace::WorkspaceOptions;
use crate::tui::app::{self, Start};
use crate::tui::core::Msg;
use crate::tui::runner::{self, Setup};

/// Why the workstation cannot start here, if it cannot: it needs a terminal on both ends.
pub fn not_a_terminal() -> Option<&'static str> {
    let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
    if dumb {
        Some("TERM=dumb")
    } else if !std::io::stdout().is_terminal() {
        Some("stdout is not a terminal")
    } else if !std::io::stdin().is_terminal() {
        Some("stdin is not a terminal")
    } else {
        None
    }
}

pub fn run(global: &GlobalArgs, args: WorkstationArgs) -> anyhow::Result<i32> {
    let env = |name: &str| std::env::var(name).ok();
    let config = UserConfig::load(UserConfig::default_path(&env).as_deref())?;
    let path = args.path.clone().unwrap_or_else(|| ".".into());
    let root = path
        .canonicalize()
        .with_context(|| format!("{}: no such folder", path.display()))?;
    let root_name = root.display().to_string();
    let dir = session::default_dir(&env);
    // A program that cannot start is one line now, not a half-working workstation.
    let state = dir.as_deref().and_then(std::path::Path::parent);
    let hosting = args
        .agent
        .as_deref()
        .map(|name| crate::cli::hosting::prepare(name, &args.command, &root, state))
        .transpose()?;
    if let Some(why) = not_a_terminal() {
        eprintln!(
            "repotoire: the workstation needs a terminal ({why}); for scripts use `repotoire --headless analyze .`, `query`, `ask` or `serve` (see --help)"
        );
        return Ok(crate::cli::EXIT_ERROR);
    }
    let (earlier, model) = crate::cli::ask_cmd::earlier_and_model(
        args.resume.as_deref(),
        args.continue_last,
        dir.as_deref(),
        &root_name,
        args.model.as_deref(),
        &config,
    )?;
    let workspace = Arc::new(Workspace::open_pending(
        &root,
        &WorkspaceOptions {
            use_cache: !global.no_cache,
            max_file_size: global.max_file_size,
            live: true,
        },
    )?);
    let policy = Policy {
        allow: config.allow.iter().chain(&args.allow).cloned().collect(),
        deny: config.deny.iter().chain(&args.deny).cloned().collect(),
        interactive: true,
    };
    let options = AgentOptions {
        max_turns: config
            .max_turns
            .unwrap_or(AgentOptions::default().max_turns),
        ..AgentOptions::default()
    };
    // A hosted program talks to its own model: ours is not set up.
    let model = if hosting.is_some() {
        String::new()
    } else {
        model
    };
    let (agent, first) = agent_and_first(
        &model,
        &config,
        earlier,
        &Setting {
            workspace: &workspace,
            policy: &policy,
            options: &options,
            dir: dir.as_deref(),
            root: &root,
        },
    )?;
    crate::cli::log_to_file(dir.as_deref());
    let start = Start {
        workspace: workspace.clone(),
        setup: Setup {
            config,
            session_dir: dir,
            root_name,
            policy,
            options,
        },
        agent,
        first,
        record: args.record,
        hosted: hosting.as_ref().map(|h| h.program.clone()),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let result = runtime.block_on(app::run(start));
    // The cache is left whole; background threads (the watcher, an index under way) end
    // with the process.
    workspace.finish_writes();
    drop(hosting);
    result?;
    std::process::exit(crate::cli::EXIT_OK);
}

/// What the agent is made with.
struct Setting<'a> {
    workspace: &'a Arc<Workspace>,
    policy: &'a Policy,
    options: &'a AgentOptions,
    dir: Option<&'a std::path::Path>,
    root: &'a std::path::Path,
}

/// The agent, unless no model can be asked (then why not, in the first message), and the
/// messages the workstation starts with.
fn agent_and_first(
    model: &str,
    config: &UserConfig,
    earlier: Option<Session>,
    setting: &Setting<'_>,
) -> anyhow::Result<(Option<Agent>, Vec<Msg>)> {
    let env = |name: &str| std::env::var(name).ok();
    let mut first = Vec::new();
    let (agent, unavailable, window) = match ModelSpec::resolve(model, config, &env)
        .and_then(|spec| Client::new(spec, RetryPolicy::default()))
    {
        Ok(client) => {
            let window = client.spec().window;
            let session = match earlier {
                Some(session) => {
                    first.push(runner::conversation_of(&session));
                    session
                }
                None => Session::create(
                    setting.dir,
                    &setting.root.display().to_string(),
                    &client.spec().name(),
                )?,
            };
            let agent = Agent::new(
                client,
                setting.workspace.clone(),
                setting.policy.clone(),
                setting.options.clone(),
                session,
            );
            (Some(agent), None, window)
        }
        Err(e) => (None, Some(e.to_string()), 0),
    };
    let session = agent
        .as_ref()
        .map(|a| a.session.id.clone())
        .unwrap_or_default();
    first.insert(
        0,
        Msg::Started {
            repository: runner::repository_name(setting.root),
            branch: runner::branch(setting.root),
            model: agent
                .as_ref()
                .map_or(model.to_string(), |a| a.client().spec().name()),
            window,
            unavailable,
            session,
        },
    );
    Ok((agent, first))
}

pub fn replay(args: &ReplayArgs) -> anyhow::Result<i32> {
    let (width, height) = args
        .size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<u16>().ok()?, h.parse::<u16>().ok()?)))
        .filter(|(w, h)| *w >= 20 && *h >= 8)
        .with_context(|| format!("--size {}: expected COLSxROWS, at least 20x8", args.size))?;
    let messages = crate::tui::record::read(&args.file)?;
    print!("{}", crate::tui::record::replay(messages, width, height));
    Ok(crate::cli::EXIT_OK)
}
