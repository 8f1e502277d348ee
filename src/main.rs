//! The `repotoire` binary: parse arguments, run, exit with 0, 1 or 2.

use clap::Parser;

/// Indexing allocates many small, short-lived values from several threads; mimalloc
/// handles that markedly better than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    repotoire::process::mark_start();
    repotoire::process::parser_heap::install();
    let mut cli = repotoire::cli::Cli::parse();
    // The switch is inherited by every child process: only a command that never runs the
    // user's commands (the bash tool, a hosted agent) may tune the process this way.
    if !cli.runs_user_commands() {
        repotoire::process::huge_pages::turn_off();
    }
    cli.global.verbose = cli.verbose;
    std::process::exit(repotoire::cli::run(cli));
}
