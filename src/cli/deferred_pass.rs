//! The detectors' local pass, loaded on a thread of its own while the engine walks the tree.
//!
//! Reading the rule catalog and building the pass cost ~0.5 ms (flask), which used to come
//! before anything else; the walk that follows runs on one thread and leaves a core free. The engine first asks for
//! the pass after the walk (its key decides which cached results are current), so the
//! loading hides behind the walk instead of preceding it.

use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;

use crate::lang::LangId;
use crate::parse::facts::FileFacts;
use crate::parse::flat::FlatTree;
use crate::parse::LocalPass;

type Loaded<T> = Result<T, anyhow::Error>;

pub struct DeferredPass<T: LocalPass + 'static> {
    loading: Mutex<Option<JoinHandle<Loaded<T>>>>,
    loaded: OnceLock<Loaded<T>>,
}

impl<T: LocalPass + 'static> DeferredPass<T> {
    /// Starts `load` on a new thread.
    pub fn spawn(load: impl FnOnce() -> Loaded<T> + Send + 'static) -> DeferredPass<T>
    where
        T: Send,
    {
        DeferredPass { loading: Mutex::new(Some(std::thread::spawn(load))), loaded: OnceLock::new() }
    }

    /// What the loading gave, waiting for it if need be.
    pub fn get(&self) -> &Loaded<T> {
        self.loaded.get_or_init(|| {
            let handle = self.loading.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
            match handle.map(JoinHandle::join) {
                Some(Ok(loaded)) => loaded,
                Some(Err(_)) => Err(anyhow::anyhow!("loading the detectors failed (the loader panicked)")),
                // Only `get_or_init` takes the handle, and it runs once.
                None => Err(anyhow::anyhow!("the detectors were never loaded")),
            }
        })
    }
}

/// Until the loading succeeded the pass finds nothing, under a key of its own: the run stops
/// with the loading's error once the engine is done (see `analyze_cmd`).
impl<T: LocalPass + 'static> LocalPass for DeferredPass<T> {
    fn key(&self) -> [u8; 32] {
        self.get().as_ref().map_or([0; 32], LocalPass::key)
    }

    fn run(&self, language: LangId, source: &str, tree: &FlatTree<'_>, facts: &FileFacts) -> Vec<u8> {
        self.get().as_ref().map(|pass| pass.run(language, source, tree, facts)).unwrap_or_default()
    }

    fn prepare(&self, language: LangId) {
        if let Ok(pass) = self.get() {
            pass.prepare(language);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed([u8; 32]);

    impl LocalPass for Fixed {
        fn key(&self) -> [u8; 32] {
            self.0
        }
        fn run(&self, _: LangId, _: &str, _: &FlatTree<'_>, _: &FileFacts) -> Vec<u8> {
            vec![1]
        }
    }

    #[test]
    fn the_loaded_pass_answers_once_ready() {
        let deferred = DeferredPass::spawn(|| Ok(Fixed([7; 32])));
        assert_eq!(deferred.key(), [7; 32]);
        assert!(deferred.get().is_ok());
    }

    #[test]
    fn a_failed_or_panicking_load_keeps_its_error_and_finds_nothing() {
        let failed: DeferredPass<Fixed> = DeferredPass::spawn(|| Err(anyhow::anyhow!("rules.toml: bad")));
        assert_eq!(failed.key(), [0; 32]);
        assert_eq!(failed.get().as_ref().err().map(ToString::to_string).as_deref(), Some("rules.toml: bad"));
        let panicked: DeferredPass<Fixed> = DeferredPass::spawn(|| panic!("boom"));
        assert_eq!(panicked.key(), [0; 32]);
        assert!(panicked.get().as_ref().err().is_some_and(|e| e.to_string().contains("panicked")));
    }
}
