//! `--agent`: which program the workstation hosts and how it is handed repotoire's graph.
//! An MCP configuration for this repository is written to a temporary folder; its path is
//! in `REPOTOIRE_MCP_CONFIG`, and the programs we know get it the way they expect it
//! (`claude --mcp-config FILE`, `codex -c mcp_servers.repotoire…`, Gemini CLI's system
//! defaults file). The user's own configuration files are never touched.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde_json::json;

use crate::tui::hosted::{Program, find};

/// The program to host, and the folder its MCP configuration lives in (removed when the
/// workstation ends).
pub struct Hosting {
    pub program: Program,
    /// Removed, with the configuration in it, when dropped.
    _folder: tempfile::TempDir,
}

/// `state`: repotoire's state folder, where the configuration goes (Gemini CLI ignores a
/// settings file below a folder others may write to, such as `/tmp`).
pub fn prepare(
    name: &str,
    command: &[String],
    root: &Path,
    state: Option<&Path>,
) -> anyhow::Result<Hosting> {
    let argv: Vec<String> = if name.is_empty() {
        if command.is_empty() {
            bail!(
                "--agent needs a program: `--agent claude`, `--agent codex`, `--agent gemini` or `--agent -- CMD ARGS…`"
            );
        }
        command.to_vec()
    } else {
        if !command.is_empty() {
            bail!("--agent {name} takes no command after `--`; use `--agent -- CMD ARGS…` alone");
        }
        vec![name.to_string()]
    };
    let Some(found) = find(&argv[0]) else {
        bail!(
            "cannot start `{}`: not found on PATH (install it, or host another program with `--agent -- CMD ARGS…`)",
            argv[0]
        );
    };
    let exe = std::env::current_exe().context("finding this program's own path")?;
    let mut builder = tempfile::Builder::new();
    builder.prefix("agent-");
    let folder = match state {
        Some(state) => {
            let agents = state.join("agents");
            std::fs::create_dir_all(&agents)
                .with_context(|| format!("creating {}", agents.display()))?;
            builder.tempdir_in(&agents)
        }
        None => builder.tempdir(),
    }
    .context("creating a folder for the MCP configuration")?;
    let server = json!({
        "command": exe.display().to_string(),
        "args": ["serve", "--path", root.display().to_string()],
    });
    let config = folder.path().join("mcp.json");
    write_json(&config, &json!({"mcpServers": {"repotoire": server}}))?;
    let mut env = vec![(
        "REPOTOIRE_MCP_CONFIG".to_string(),
        config.display().to_string(),
    )];
    let mut argv = argv;
    argv[0] = found.display().to_string();
    match name {
        "claude" => argv.extend(["--mcp-config".to_string(), config.display().to_string()]),
        "codex" => {
            let args = json!(["serve", "--path", root.display().to_string()]);
            argv.extend([
                "-c".to_string(),
                format!(
                    "mcp_servers.repotoire.command={}",
                    toml_string(&exe.display().to_string())
                ),
                "-c".to_string(),
                format!("mcp_servers.repotoire.args={args}"),
            ]);
        }
        "gemini" => {
            // Read besides the user's settings, which stay as they are.
            let settings = folder.path().join("gemini-settings.json");
            write_json(&settings, &json!({"mcpServers": {"repotoire": server}}))?;
            env.push((
                "GEMINI_CLI_SYSTEM_DEFAULTS_PATH".to_string(),
                settings.display().to_string(),
            ));
        }
        _ => {}
    }
    let shown = if name.is_empty() {
        Path::new(&command[0])
            .file_name()
            .map_or_else(|| command[0].clone(), |n| n.to_string_lossy().into_owned())
    } else {
        name.to_string()
    };
    Ok(Hosting {
        program: Program {
            name: shown,
            argv,
            env,
            cwd: PathBuf::from(root),
        },
        _folder: folder,
    })
}

fn write_json(path: &Path, value: &serde_json::Value) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(value)?;
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// A TOML basic string (JSON's escapes are TOML's for what a path holds).
fn toml_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}
