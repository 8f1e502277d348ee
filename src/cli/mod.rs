//! Command line: arguments → engine → report, and the exit code (0 ran, 2 usage or I/O).

mod analyze_cmd;
mod args;
mod ask_cmd;
mod deferred_pass;
mod detectors_cmd;
mod graph_cmd;
mod query_cmd;
mod serve_cmd;
mod sessions_cmd;
mod watch_cmd;

use std::io::Write;

pub use args::{Cli, Command};

/// Exit codes (DESIGN.md).
pub const EXIT_OK: i32 = 0;
pub const EXIT_FINDINGS: i32 = 1;
pub const EXIT_ERROR: i32 = 2;

/// Runs a parsed command line; errors become one line on stderr and exit 2.
pub fn run(cli: Cli) -> i32 {
    init_tracing(cli.verbose);
    let result = match cli.command {
        Some(Command::Graph(graph)) => graph_cmd::run(&cli.global, graph),
        Some(Command::Analyze(args)) => analyze_cmd::run(&cli.global, args),
        Some(Command::Detectors(command)) => detectors_cmd::run(command),
        Some(Command::Query(args)) => query_cmd::run(&cli.global, args),
        Some(Command::Serve(args)) => serve_cmd::run(&cli.global, args),
        Some(Command::Watch(args)) => watch_cmd::run(&cli.global, args),
        Some(Command::Ask(args)) => ask_cmd::run(&cli.global, args),
        Some(Command::Sessions(command)) => sessions_cmd::run(command),
        None => {
            let mut stderr = std::io::stderr();
            let _ = writeln!(
                stderr,
                "repotoire: the terminal workstation is not available in this build; try `repotoire graph stats .` (see --help)"
            );
            return EXIT_ERROR;
        }
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

fn init_tracing(verbose: u8) {
    let level = match verbose {
        0 => "warn",
        1 => "info",
        _ => "debug",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_env("REPOTOIRE_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(level));
    // Colour only for a person at a terminal who has not asked for none.
    let colour = std::io::IsTerminal::is_terminal(&std::io::stderr())
        && std::env::var_os("NO_COLOR").is_none();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colour)
        .with_writer(|| LenientStderr)
        .with_target(false)
        .without_time()
        .try_init();
}

/// stderr for log lines that never fails: a server whose client closed its stderr must go on
/// serving, not fail every request that logs.
struct LenientStderr;

impl Write for LenientStderr {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let _ = std::io::stderr().write_all(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
