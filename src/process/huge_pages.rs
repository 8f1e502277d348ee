//! Transparent huge pages: off for the process.
//!
//! Where the kernel backs fresh memory with huge pages, each first touch of one makes it
//! zero 2 MiB. While parsing and resolving, the heap is many short-lived allocations spread
//! over fresh arenas, and that zeroing was the largest kernel cost of a cold run. Loading a
//! cached graph gained from them only when the host had huge pages ready; with 4 KiB pages
//! it costs the same every time (`benches/corpus.rs`, cold and no-change).
//!
//! The flag is inherited by child processes, so `main` sets it only for commands that
//! never run the user's commands (`cli::Cli::runs_user_commands`).

/// Turns huge pages off for the whole process (the flag belongs to its memory map, not to
/// a thread, and is inherited by the commands it runs). Does nothing where unsupported.
pub fn turn_off() {
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
}
