//! Transparent huge pages: off for the process, back on while a cached graph is loaded.
//!
//! mimalloc asks the kernel for huge pages on its arenas, and each first touch of one makes
//! the kernel zero 2 MiB. While parsing and resolving, the heap is many short-lived
//! allocations spread over fresh arenas, and that zeroing was the largest kernel cost of a
//! cold run. Loading the stored graph is the opposite case: a few large buffers filled
//! front to back, where 2 MiB faults are far fewer than 4 KiB ones. Measurements are in
//! ARCHITECTURE.md (Decisions, session 10).

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether `turn_off` did turn them off (so that `Allowed` never overrides a process that
/// was started with huge pages off).
static OFF_BY_US: AtomicBool = AtomicBool::new(false);

/// Turns huge pages off for the whole process (the flag belongs to its memory map, not to
/// a thread, and is inherited by the commands it runs). Does nothing where unsupported.
pub fn turn_off() {
    #[cfg(target_os = "linux")]
    if rustix::thread::transparent_huge_pages_are_disabled().is_ok_and(|off| !off)
        && rustix::thread::disable_transparent_huge_pages(true).is_ok()
    {
        OFF_BY_US.store(true, Ordering::Relaxed);
    }
}

/// Huge pages are back on while this lives, if `turn_off` turned them off.
pub struct Allowed {
    restore: bool,
}

impl Allowed {
    pub fn new() -> Allowed {
        #[cfg(target_os = "linux")]
        if OFF_BY_US.load(Ordering::Relaxed) && rustix::thread::disable_transparent_huge_pages(false).is_ok() {
            return Allowed { restore: true };
        }
        Allowed { restore: false }
    }
}

impl Default for Allowed {
    fn default() -> Self {
        Allowed::new()
    }
}

impl Drop for Allowed {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if self.restore {
            let _ = rustix::thread::disable_transparent_huge_pages(true);
        }
    }
}
