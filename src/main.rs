//! The `repotoire` binary: parse arguments, run, exit with 0, 1 or 2.

use clap::Parser;

/// Indexing allocates many small, short-lived values from several threads; mimalloc
/// handles that markedly better than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // mimalloc asks for transparent huge pages on its arenas, and the kernel then zeroes
    // 2 MiB at a time for heaps that are mostly short-lived parse trees: with them off a
    // cold run on django uses ~40 MiB less and ~10 % less CPU (ARCHITECTURE.md
    // "Allocation"). The setting is per process and inherited by the commands we spawn;
    // failure (an old kernel) only costs that speed.
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
    let mut cli = repotoire::cli::Cli::parse();
    cli.global.verbose = cli.verbose;
    std::process::exit(repotoire::cli::run(cli));
}
