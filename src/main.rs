//! The `repotoire` binary: parse arguments, run, exit with 0, 1 or 2.

use clap::Parser;

fn main() {
    let mut cli = repotoire::cli::Cli::parse();
    cli.global.verbose = cli.verbose;
    std::process::exit(repotoire::cli::run(cli));
}
