//! Every flag, in one place.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(name = "repotoire", version, about = "Code intelligence for Rust, Python and TypeScript/JavaScript repositories")]
pub struct Cli {
    /// No terminal UI: plain output for scripts and CI.
    #[arg(long, global = true)]
    pub headless: bool,
    /// Say more on stderr (-v: files reused/parsed and skipped; -vv: debug).
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
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
