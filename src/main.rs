//! The `repotoire` binary: parse arguments, run, exit with 0, 1 or 2.

use clap::Parser;

/// Indexing allocates many small, short-lived values from several threads; mimalloc
/// handles that markedly better than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    repotoire::parse::huge_pages::turn_off();
    repotoire::parse::parser_heap::install();
    let mut cli = repotoire::cli::Cli::parse();
    cli.global.verbose = cli.verbose;
    std::process::exit(repotoire::cli::run(cli));
}
