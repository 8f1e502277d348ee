//! Transparent huge pages: off for the process.
//!
//! mimalloc asks the kernel for huge pages on its arenas, and each first touch of one makes
//! the kernel zero 2 MiB. While parsing and resolving, the heap is many short-lived
//! allocations spread over fresh arenas, and that zeroing was the largest kernel cost of a
//! cold run. Loading a cached graph did gain from them when the host had huge pages ready,
//! but right after a cold run it often took several times as long; with 4 KiB pages it
//! costs the same every time. Measurements are in ARCHITECTURE.md ("Allocation").

/// Turns huge pages off for the whole process (the flag belongs to its memory map, not to
/// a thread, and is inherited by the commands it runs). Does nothing where unsupported.
pub fn turn_off() {
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
}
