//! Command line: arguments → engine → report, and the exit code (0 ran, 2 usage or I/O).

mod analyze_cmd;
mod args;
mod ask_cmd;
mod deferred_pass;
mod detectors_cmd;
mod graph_cmd;
mod hosting;
mod progress;
mod query_cmd;
mod serve_cmd;
mod sessions_cmd;
mod watch_cmd;
mod workstation_cmd;

use std::io::Write;

pub use args::{Cli, Command};

/// Exit codes (DESIGN.md).
pub const EXIT_OK: i32 = 0;
pub const EXIT_FINDINGS: i32 = 1;
pub const EXIT_ERROR: i32 = 2;

/// Runs a parsed command line; errors become one line on stderr and exit 2.
pub fn run(cli: Cli) -> i32 {
    // The workstation sends log lines to a file: no colour codes there.
    let workstation = cli.command.is_none() && !cli.headless;
    init_tracing(cli.verbose, !workstation);
    let result = match cli.command {
        Some(Command::Graph(graph)) => graph_cmd::run(&cli.global, graph),
        Some(Command::Analyze(args)) => analyze_cmd::run(&cli.global, args),
        Some(Command::Detectors(command)) => detectors_cmd::run(command),
        Some(Command::Query(args)) => query_cmd::run(&cli.global, args),
        Some(Command::Serve(args)) => serve_cmd::run(&cli.global, args),
        Some(Command::Watch(args)) => watch_cmd::run(&cli.global, args),
        Some(Command::Ask(args)) => ask_cmd::run(&cli.global, args),
        Some(Command::Sessions(command)) => sessions_cmd::run(command),
        Some(Command::Replay(args)) => workstation_cmd::replay(&args),
        None if cli.headless => {
            let mut help = <Cli as clap::CommandFactory>::command();
            let _ = writeln!(std::io::stderr(), "{}", help.render_usage());
            let _ = writeln!(
                std::io::stderr(),
                "repotoire: --headless needs a command (analyze, graph, query, ask, serve, watch…); see --help"
            );
            return EXIT_ERROR;
        }
        None => workstation_cmd::run(&cli.global, cli.workstation),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                return EXIT_OK;
            }
            let _ = writeln!(std::io::stderr(), "repotoire: {err:#}");
            EXIT_ERROR
        }
    }
}

/// A one-shot command is done and the process ends next: cache writes still running are
/// waited for, then the graph, the facts and the findings are left for the OS to reclaim
/// at once instead of being freed one allocation at a time (a large graph's teardown is
/// tens of milliseconds).
pub(crate) fn discard_at_exit<T>(engine: crate::engine::Engine, rest: T) {
    engine.finish_writes();
    std::mem::forget((engine, rest));
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn init_tracing(verbose: u8, may_colour: bool) {
    let level = match verbose {
        0 => "warn",
        1 => "info",
        _ => "debug",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_env("REPOTOIRE_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(level));
    // Colour only for a person at a terminal who has not asked for none.
    let colour = may_colour
        && std::io::IsTerminal::is_terminal(&std::io::stderr())
        && std::env::var_os("NO_COLOR").is_none();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colour)
        .with_writer(|| LenientStderr)
        .with_target(false)
        .without_time()
        .try_init();
}

/// Where log lines go instead of stderr while the workstation has the screen.
static LOG_FILE: std::sync::OnceLock<std::sync::Mutex<std::fs::File>> = std::sync::OnceLock::new();

/// Sends log lines to `repotoire.log` in `dir` (the state folder) from now on; without a
/// folder they are dropped, never drawn over the screen.
pub(crate) fn log_to_file(dir: Option<&std::path::Path>) {
    let file = dir.and_then(|d| d.parent()).and_then(|d| {
        std::fs::create_dir_all(d).ok()?;
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(d.join("repotoire.log"))
            .ok()
    });
    match file {
        Some(file) => {
            let _ = LOG_FILE.set(std::sync::Mutex::new(file));
        }
        None => QUIET.store(true, std::sync::atomic::Ordering::Relaxed),
    }
}

static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// stderr for log lines that never fails: a server whose client closed its stderr must go on
/// serving, not fail every request that logs.
struct LenientStderr;

impl Write for LenientStderr {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if let Some(file) = LOG_FILE.get() {
            if let Ok(mut file) = file.lock() {
                let _ = file.write_all(bytes);
            }
        } else if !QUIET.load(std::sync::atomic::Ordering::Relaxed) {
            let _ = std::io::stderr().write_all(bytes);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
