//! Every flag, in one place.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "repotoire",
    version,
    about = "Code intelligence for Rust, Python and TypeScript/JavaScript repositories",
    long_about = "Code intelligence for Rust, Python and TypeScript/JavaScript repositories.\n\nWithout a command: the terminal workstation (findings beside a conversation with the agent) on PATH (default: the current folder)."
)]
pub struct Cli {
    /// No terminal UI: plain output for scripts and CI.
    #[arg(long, global = true)]
    pub headless: bool,
    /// Say more on stderr (-v: files reused/parsed and skipped; -vv: debug).
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(flatten)]
    pub workstation: WorkstationArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The workstation's options (no command given).
#[derive(Debug, Args, Clone, Default)]
pub struct WorkstationArgs {
    /// Repository root for the workstation.
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,
    /// PROVIDER/MODEL for the agent (see `ask --help`).
    #[arg(long)]
    pub model: Option<String>,
    /// Let TOOL run without asking (repeatable; `*` for all).
    #[arg(long, value_name = "TOOL")]
    pub allow: Vec<String>,
    /// Never run TOOL (repeatable).
    #[arg(long, value_name = "TOOL")]
    pub deny: Vec<String>,
    /// Continue the newest session started in this repository.
    #[arg(long = "continue", conflicts_with = "resume")]
    pub continue_last: bool,
    /// Continue the session with this id.
    #[arg(long, value_name = "ID")]
    pub resume: Option<String>,
    /// Write every message the workstation's core receives to FILE (JSON lines), for
    /// `repotoire replay`.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Host a coding agent in the right panel instead of repotoire's own: `claude`,
    /// `codex`, `gemini` (each handed the graph over MCP), or `--agent -- CMD ARGS…`.
    #[arg(long, value_name = "NAME", num_args = 0..=1, default_missing_value = "")]
    pub agent: Option<String>,
    /// The command `--agent --` hosts.
    #[arg(last = true, value_name = "CMD")]
    pub command: Vec<String>,
}

impl Cli {
    /// Whether this command may run the user's own commands (the bash tool through `query`,
    /// the agent, the workstation, the MCP server): those must inherit the process settings
    /// the user has, not the ones repotoire tunes itself with.
    pub fn runs_user_commands(&self) -> bool {
        !matches!(
            self.command,
            Some(
                Command::Graph(_)
                    | Command::Analyze(_)
                    | Command::Detectors(_)
                    | Command::Watch(_)
                    | Command::Sessions(_)
                    | Command::Replay(_)
            )
        )
    }
}

#[derive(Debug, Args, Clone)]
pub struct GlobalArgs {
    /// Do not read or write the cache in <PATH>/.repotoire.
    #[arg(long, global = true)]
    pub no_cache: bool,
    /// Skip files larger than this many bytes.
    #[arg(long, global = true, value_name = "BYTES", default_value_t = crate::engine::DEFAULT_MAX_FILE_SIZE)]
    pub max_file_size: u64,
    #[arg(skip)]
    pub verbose: u8,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The knowledge graph: export it or summarise it.
    #[command(subcommand)]
    Graph(GraphCommand),
    /// Run the detectors and report findings (exit 1 when any is at or above --fail-on).
    Analyze(AnalyzeArgs),
    /// The detectors this build carries (and the repository's own rules).
    #[command(subcommand)]
    Detectors(DetectorsCommand),
    /// Run one of the graph, findings or search tools (the same ones MCP and the agent use).
    /// Without TOOL: list them. `query TOOL --help`: its arguments.
    #[command(disable_help_flag = true)]
    Query(QueryArgs),
    /// Serve the tools over MCP: stdio by default, Streamable HTTP with --http.
    Serve(ServeArgs),
    /// Analyse, then after every save print the findings added and resolved (Ctrl+C stops).
    Watch(WatchArgs),
    /// Ask the graph-aware agent about (or to change) this repository; the answer streams
    /// to stdout, tool calls to stderr.
    Ask(AskArgs),
    /// Saved agent sessions.
    #[command(subcommand)]
    Sessions(SessionsCommand),
    /// Run a workstation recording (`repotoire --record FILE`) through the workstation
    /// and print its final screen as text: no network, no tools.
    Replay(ReplayArgs),
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The recording (JSON lines).
    pub file: PathBuf,
    /// Screen size.
    #[arg(long, value_name = "COLSxROWS", default_value = "120x40")]
    pub size: String,
}

#[derive(Debug, Args)]
pub struct AskArgs {
    /// The question or task.
    #[arg(required = true, value_name = "PROMPT")]
    pub prompt: Vec<String>,
    /// PROVIDER/MODEL: anthropic/…, openai/…, openrouter/…, deepinfra/…, ollama/….
    #[arg(long)]
    pub model: Option<String>,
    /// Print JSON lines events instead of text.
    #[arg(long)]
    pub json: bool,
    /// Let TOOL run without asking (repeatable; `*` for all).
    #[arg(long, value_name = "TOOL")]
    pub allow: Vec<String>,
    /// Never run TOOL (repeatable).
    #[arg(long, value_name = "TOOL")]
    pub deny: Vec<String>,
    /// Continue the newest session started in this repository.
    #[arg(long = "continue", conflicts_with = "resume")]
    pub continue_last: bool,
    /// Continue the session with this id (see `repotoire sessions list`).
    #[arg(long, value_name = "ID")]
    pub resume: Option<String>,
    /// Most model requests for this prompt.
    #[arg(long, value_name = "N")]
    pub max_turns: Option<u32>,
    /// Repository root.
    #[arg(long, default_value = ".")]
    pub path: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum SessionsCommand {
    /// Saved sessions, newest first.
    List {
        /// One JSON object per line.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Args)]
pub struct WatchArgs {
    /// Repository root.
    #[arg(default_value = ".")]
    pub path: PathBuf,
    #[arg(long, value_enum, default_value_t = WatchFormat::Text)]
    pub format: WatchFormat,
    /// Quiet time after the last file event before analysing, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub debounce: u64,
}

#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum WatchFormat {
    Text,
    /// One JSON object per line: finding_added, finding_resolved, syntax_error, analysis_finished.
    Jsonl,
}

#[derive(Debug, Args)]
pub struct QueryArgs {
    /// Print the structured JSON answer instead of text.
    #[arg(long)]
    pub json: bool,
    /// Repository root.
    #[arg(long, default_value = ".")]
    pub path: PathBuf,
    /// The tool, then its arguments as `--name value` (or one JSON object).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "TOOL [ARGS]"
    )]
    pub rest: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Repository root to serve.
    #[arg(long, default_value = ".")]
    pub path: PathBuf,
    /// Serve Streamable HTTP at ADDR (e.g. 127.0.0.1:8848) on `/mcp` instead of stdio.
    #[arg(long, value_name = "ADDR")]
    pub http: Option<String>,
    /// Require `Authorization: Bearer TOKEN` on HTTP requests (or set REPOTOIRE_MCP_TOKEN).
    #[arg(
        long,
        value_name = "TOKEN",
        env = "REPOTOIRE_MCP_TOKEN",
        hide_env_values = true
    )]
    pub token: Option<String>,
    /// Largest HTTP request body accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 1024 * 1024)]
    pub max_request_bytes: usize,
    /// Allow binding to an address other than loopback (DNS-rebinding and Origin checks stay on).
    #[arg(long)]
    pub allow_remote: bool,
}

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Repository root.
    #[arg(default_value = ".")]
    pub path: PathBuf,
    #[arg(long, value_enum, default_value_t = FindingsFormat::Text)]
    pub format: FindingsFormat,
    /// Write the report to this file instead of stdout.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Exit 1 when a finding (not in the baseline) has this severity or worse.
    #[arg(long, value_enum, default_value_t = FailOn::High)]
    pub fail_on: FailOn,
    /// Findings whose fingerprints are in this file do not count toward --fail-on.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Write every current finding's fingerprint to this file.
    #[arg(long, value_name = "FILE")]
    pub write_baseline: Option<PathBuf>,
    /// Only findings on lines changed since this git ref (and in untracked files).
    #[arg(long, value_name = "REF")]
    pub diff: Option<String>,
    /// Run only these detectors (comma-separated ids).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    pub only: Vec<String>,
    /// Also report audit findings: dangerous sinks fed by values whose origin is not
    /// known (a security review's view; `audit = true` in repotoire.toml does the same).
    #[arg(long)]
    pub audit: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FindingsFormat {
    Text,
    Json,
    Sarif,
    Markdown,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FailOn {
    Critical,
    High,
    Medium,
    Low,
    Info,
    /// Never fail on findings.
    Never,
}

#[derive(Debug, Subcommand)]
pub enum DetectorsCommand {
    /// One line per detector: id, category, severity, languages, on/off.
    List {
        /// Repository root (its repotoire.toml and own rules are included).
        #[arg(long, default_value = ".")]
        path: PathBuf,
    },
    /// What a detector finds, why it matters, an example and what to write instead.
    Show {
        id: String,
        #[arg(long, default_value = ".")]
        path: PathBuf,
    },
}

#[derive(Debug, Subcommand)]
pub enum GraphCommand {
    /// Print the graph (JSON, or Graphviz DOT).
    Export {
        /// Repository root.
        #[arg(default_value = ".")]
        path: PathBuf,
        #[arg(long, value_enum, default_value_t = ExportFormat::Json)]
        format: ExportFormat,
        /// DOT only: modules and their imports, or functions and their calls.
        #[arg(long, value_enum, default_value_t = DotLevel::Module)]
        level: DotLevel,
    },
    /// Files, nodes, edges, resolution rates, skipped files, diagnostics and time per stage.
    Stats {
        /// Repository root.
        #[arg(default_value = ".")]
        path: PathBuf,
        #[arg(long, value_enum, default_value_t = StatsFormat::Text)]
        format: StatsFormat,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ExportFormat {
    Json,
    Dot,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum DotLevel {
    Module,
    Function,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum StatsFormat {
    Text,
    Json,
}
