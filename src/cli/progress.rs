//! The progress line on stderr while a one-shot command works, only when stderr is a
//! terminal: the engine's stage and files read / to read while indexing, then the
//! command's own stage.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::engine::Engine;

/// How often the engine's counts are read.
const POLL: Duration = Duration::from_millis(100);

pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    /// The engine progress the message follows, if any.
    following: Arc<Mutex<Option<Arc<crate::engine::Progress>>>>,
    done: Arc<AtomicBool>,
}

impl Progress {
    pub fn start() -> Progress {
        let following: Arc<Mutex<Option<Arc<crate::engine::Progress>>>> = Arc::default();
        let done = Arc::new(AtomicBool::new(false));
        if !std::io::stderr().is_terminal() {
            return Progress {
                bar: None,
                following,
                done,
            };
        }
        let bar = indicatif::ProgressBar::new_spinner();
        if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
            bar.set_style(style);
        }
        bar.enable_steady_tick(POLL);
        let (shown, source, stop) = (bar.clone(), following.clone(), done.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let reading = source
                    .lock()
                    .ok()
                    .and_then(|s| s.as_ref().map(|p| p.read()));
                if let Some(reading) = reading
                    && !reading.stage.is_empty()
                {
                    shown.set_message(reading.to_string());
                }
                std::thread::sleep(POLL);
            }
        });
        Progress {
            bar: Some(bar),
            following,
            done,
        }
    }

    /// Shows what `engine` is doing until the next `stage`.
    pub fn follow(&self, engine: &Engine) {
        if let Ok(mut following) = self.following.lock() {
            *following = Some(engine.progress());
        }
    }

    pub fn stage(&self, message: &'static str) {
        if let Ok(mut following) = self.following.lock() {
            *following = None;
        }
        if let Some(bar) = &self.bar {
            bar.set_message(message);
        }
    }

    pub fn finish(&self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
