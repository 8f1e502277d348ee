//! The detectors' local pass, loaded on a thread of its own while the engine walks the tree.
//!
//! Reading the rule catalog and building the pass used to come before anything else; the
//! walk that follows runs on one thread and leaves a core free.
//! The engine first asks for the pass after the walk (its key decides which cached results
//! are current), so the loading hides behind the walk instead of preceding it.
//!
//! The languages the walk finds are told to it as they are found (`saw`): their rules are
//! compiled on the same thread once the catalog is read, still beside the walk, instead of
//! after it, when the parse waits for them.
//!
//! Likewise the results of the files parsed are decoded into the run's `Memory` while the
//! graph is resolved, which leaves a core free for long stretches, instead of after it.

use std::sync::{Arc, Mutex, OnceLock};

use std::collections::HashMap;

use rayon::prelude::*;

use crate::detect::analyze::Catalog;
use crate::detect::local::Pass;
use crate::detect::memory::Memory;
use crate::lang::LangId;
use crate::parse::facts::FileFacts;
use crate::parse::flat::FlatTree;
use crate::parse::{LocalBytes, LocalPass};

/// The rule catalog and the local pass made from it.
pub struct Rules {
    pub catalog: Catalog,
    pub pass: Pass,
}

type Loaded = Result<Rules, anyhow::Error>;

pub struct DeferredPass {
    /// Set by the loading thread, once.
    loaded: Arc<OnceLock<Loaded>>,
    /// Languages the walk found before the loading was done: the loading thread readies
    /// them once it is (see `saw`).
    seen: Arc<Mutex<Vec<LangId>>>,
    /// The loading thread, which ends once those are ready (the tests wait for it).
    #[cfg_attr(not(test), allow(dead_code))]
    loader: Mutex<Option<std::thread::JoinHandle<()>>>,
    /// The run's memory (a one-shot one), holding the results decoded beforehand.
    memory: Memory,
}

impl DeferredPass {
    /// Starts `load` on a new thread. Its queries are parsed when each language's rules
    /// are compiled (`parse::prepare`), in parallel: reading them all ahead on this thread
    /// made the walk and the compilation wait on each other (`benches/README.md`).
    pub fn spawn(load: impl FnOnce() -> Loaded + Send + 'static) -> DeferredPass {
        let loaded = Arc::new(OnceLock::new());
        let seen: Arc<Mutex<Vec<LangId>>> = Arc::default();
        let (cell, waiting) = (Arc::clone(&loaded), Arc::clone(&seen));
        let loader = std::thread::spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(load))
                .unwrap_or_else(|_| {
                    Err(anyhow::anyhow!(
                        "loading the detectors failed (the loader panicked)"
                    ))
                });
            let _ = cell.set(result);
            // Set before the list is taken: a language `saw` adds later is readied there.
            let languages = waiting.lock().map(|mut l| std::mem::take(&mut *l));
            if let (Some(Ok(rules)), Ok(languages)) = (cell.get(), languages) {
                for language in languages {
                    rules.pass.prepare(language);
                }
            }
        });
        DeferredPass {
            loaded,
            seen,
            loader: Mutex::new(Some(loader)),
            memory: Memory::default(),
        }
    }

    /// The memory to analyse with: the fresh results already decoded.
    pub fn memory(&self) -> &Memory {
        &self.memory
    }

    /// Waits for the loading thread to end: the loading, then the languages the walk had
    /// shown it by then readied.
    #[cfg(test)]
    fn join_loader(&self) {
        if let Some(loader) = self.loader.lock().ok().and_then(|mut l| l.take()) {
            let _ = loader.join();
        }
    }

    /// What the loading gave, waiting for it if need be.
    pub fn get(&self) -> &Loaded {
        self.loaded.wait()
    }

    fn pass(&self) -> Option<&Pass> {
        self.get().as_ref().ok().map(|rules| &rules.pass)
    }
}

/// Until the loading succeeded the pass finds nothing, under a key of its own: the run stops
/// with the loading's error once the engine is done (see `analyze_cmd`).
impl LocalPass for DeferredPass {
    fn key(&self) -> [u8; 32] {
        self.pass().map_or([0; 32], LocalPass::key)
    }

    fn run(
        &self,
        language: LangId,
        source: &str,
        tree: &FlatTree<'_>,
        facts: &FileFacts,
    ) -> Vec<u8> {
        self.pass()
            .map(|pass| pass.run(language, source, tree, facts))
            .unwrap_or_default()
    }

    fn prepare(&self, language: LangId) {
        if let Some(pass) = self.pass() {
            pass.prepare(language);
        }
    }

    /// Before the loading is done the language waits for the loading thread, which is
    /// free once it is; after, it is readied on the pool, which waits for the parse.
    fn saw(&self, language: LangId) {
        let Ok(mut waiting) = self.seen.lock() else {
            return;
        };
        if self.loaded.get().is_none() {
            waiting.push(language);
            return;
        }
        drop(waiting);
        let loaded = Arc::clone(&self.loaded);
        rayon::spawn(move || {
            if let Some(Ok(rules)) = loaded.get() {
                rules.pass.prepare(language);
            }
        });
    }

    fn fresh_results(&self, results: &HashMap<String, LocalBytes>) {
        results.par_iter().for_each(|(path, bytes)| {
            self.memory.decoded(path, bytes);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin() -> Loaded {
        let catalog = Catalog::builtin()?;
        let pass = catalog.pass().map_err(|e| anyhow::anyhow!(e))?;
        Ok(Rules { catalog, pass })
    }

    #[test]
    fn the_loaded_pass_answers_once_ready() {
        let expected = builtin().expect("built-in rules").pass.key();
        let deferred = DeferredPass::spawn(builtin);
        assert_eq!(deferred.key(), expected);
        assert_ne!(expected, [0; 32]);
        assert!(deferred.get().is_ok());
    }

    /// A language the walk shows before the rules are loaded is compiled by the loading
    /// thread once they are; one shown after, on the pool. Nothing else is compiled.
    #[test]
    fn languages_the_walk_shows_are_readied_before_parsing_asks() {
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let deferred = DeferredPass::spawn(move || {
            let _ = wait.recv();
            builtin()
        });
        deferred.saw(LangId::Python);
        release.send(()).expect("the loader waits");
        deferred.join_loader();
        let pass = &deferred.get().as_ref().expect("built-in rules").pass;
        assert!(pass.is_prepared(LangId::Python));
        assert!(!pass.is_prepared(LangId::Rust));
        deferred.saw(LangId::Rust);
        // Compiled on the pool: waited for with a deadline that only keeps a broken build
        // from hanging the suite.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !pass.is_prepared(LangId::Rust) && std::time::Instant::now() < deadline {
            std::thread::yield_now();
        }
        assert!(pass.is_prepared(LangId::Rust));
        assert!(!pass.is_prepared(LangId::TypeScript));
    }

    #[test]
    fn a_failed_or_panicking_load_keeps_its_error_and_finds_nothing() {
        let failed = DeferredPass::spawn(|| Err(anyhow::anyhow!("rules.toml: bad")));
        assert_eq!(failed.key(), [0; 32]);
        assert_eq!(
            failed
                .get()
                .as_ref()
                .err()
                .map(ToString::to_string)
                .as_deref(),
            Some("rules.toml: bad")
        );
        let panicked = DeferredPass::spawn(|| panic!("boom"));
        assert_eq!(panicked.key(), [0; 32]);
        assert!(
            panicked
                .get()
                .as_ref()
                .err()
                .is_some_and(|e| e.to_string().contains("panicked"))
        );
    }
}
