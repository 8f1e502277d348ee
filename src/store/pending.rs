//! Cache writes still running after a refresh has returned, by root.
//!
//! They run as jobs of the thread pool rather than on threads of their own: right after a
//! refresh the pool's workers are what runs the caller's next work (the detectors), and a
//! further thread would make three runnable threads on a two-core machine, each slowing
//! the others. The cache admits one writer, so a refresh of the same root — from any engine
//! in this process — first waits for them, and so does dropping an engine (the process must
//! not end halfway through a write).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, TryRecvError};

/// Each write's warnings arrive on its receiver when it ends.
static PENDING: Mutex<Vec<(PathBuf, Receiver<Vec<String>>)>> = Mutex::new(Vec::new());

/// Starts `write` (which returns its warnings) on the pool, as a pending write of `root`.
pub fn spawn(root: &Path, write: impl FnOnce() -> Vec<String> + Send + 'static) {
    let (done, receiver) = std::sync::mpsc::sync_channel(1);
    rayon::spawn(move || {
        // A panic in a pool job would end the process; here it only costs the write.
        let warnings = std::panic::catch_unwind(std::panic::AssertUnwindSafe(write))
            .unwrap_or_else(|_| vec!["cache not updated (the writer failed)".into()]);
        let _ = done.send(warnings);
    });
    if let Ok(mut pending) = PENDING.lock() {
        pending.push((root.to_path_buf(), receiver));
    }
}

/// Waits for the pending writes of `root`; their warnings.
pub fn settle(root: &Path) -> Vec<String> {
    let mine: Vec<_> = match PENDING.lock() {
        Ok(mut pending) => {
            let (mine, others): (Vec<_>, Vec<_>) = pending.drain(..).partition(|(r, _)| r == root);
            *pending = others;
            mine
        }
        Err(_) => Vec::new(),
    };
    let mut warnings = Vec::new();
    for (_, receiver) in mine {
        match wait(&receiver) {
            Some(mut more) => warnings.append(&mut more),
            None => warnings.push("cache not updated (the writer failed)".into()),
        }
    }
    warnings
}

/// A worker of the pool must not block on a job that may sit in its own queue: it runs
/// the pool's jobs while it waits. Any other thread simply blocks.
fn wait(receiver: &Receiver<Vec<String>>) -> Option<Vec<String>> {
    if rayon::current_thread_index().is_none() {
        return receiver.recv().ok();
    }
    loop {
        match receiver.try_recv() {
            Ok(warnings) => return Some(warnings),
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) => {
                if rayon::yield_now() != Some(rayon::Yield::Executed) {
                    std::thread::yield_now();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settling_returns_each_write_warnings_for_its_root_only() {
        let (a, b) = (Path::new("/pending-test/a"), Path::new("/pending-test/b"));
        spawn(a, || vec!["from a".into()]);
        spawn(b, || vec!["from b".into()]);
        spawn(a, || panic!("a write that fails"));
        let mut got = settle(a);
        got.sort();
        assert_eq!(got, ["cache not updated (the writer failed)", "from a"]);
        assert!(settle(a).is_empty(), "settled writes are forgotten");
        assert_eq!(settle(b), ["from b"]);
    }

    #[test]
    fn a_pool_worker_settling_runs_the_write_instead_of_waiting_on_it() {
        // A one-thread pool whose only worker settles: blocking would never end.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("pool");
        let root = Path::new("/pending-test/worker");
        let got = pool.install(|| {
            spawn(root, || vec!["written".into()]);
            settle(root)
        });
        assert_eq!(got, ["written"]);
    }
}
