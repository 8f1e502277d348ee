//! `repotoire sessions list`: the saved agent sessions.

use std::io::Write;

use anyhow::Context;

use crate::agent::session;
use crate::cli::args::SessionsCommand;

pub fn run(command: SessionsCommand) -> anyhow::Result<i32> {
    let SessionsCommand::List { json } = command;
    let env = |name: &str| std::env::var(name).ok();
    let dir = session::default_dir(&env)
        .context("neither XDG_STATE_HOME nor HOME is set: no session folder")?;
    let sessions = session::list(&dir)?;
    let mut out = std::io::stdout().lock();
    if json {
        for s in &sessions {
            writeln!(out, "{}", serde_json::to_string(s)?)?;
        }
    } else if sessions.is_empty() {
        writeln!(out, "no sessions yet in {}", dir.display())?;
    } else {
        for s in &sessions {
            writeln!(
                out,
                "{}  {:<32} {:>3} messages  {}  {}",
                s.id, s.model, s.messages, s.root, s.first_prompt
            )?;
        }
    }
    Ok(crate::cli::EXIT_OK)
}
