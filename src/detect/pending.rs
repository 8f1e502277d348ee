//! The embedded rules, loaded on another thread while the engine walks the tree.
//!
//! Loading them (a hundred TOML files, then the pass's key) is ~1 ms that every analysis
//! paid before it read a directory, and the walk leaves a core idle for about as long: the
//! engine asks for the pass only once the walk is done (`LocalPass::key`), and waits there
//! if the rules are not ready yet.
//!
//! Only the embedded rules are loaded this way. They cannot fail to load (the tests hold
//! every one valid), and their ids are their folder names, so a config naming an unknown
//! detector is still refused before any file is read. A repository with rules of its own
//! loads them first, as before: a mistake in one is reported before the walk.

use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;

use crate::detect::analyze::Catalog;
use crate::detect::local::Pass;
use crate::lang::LangId;
use crate::parse::{FileFacts, LocalPass, flat::FlatTree};

type Loaded = Result<(Catalog, Pass), String>;

/// A catalog and its file-local pass: ready, or being loaded.
pub struct Rules {
    loaded: OnceLock<Loaded>,
    loader: Mutex<Option<JoinHandle<Loaded>>>,
    /// Stands in for the pass should loading have failed (a bug, never a user's mistake):
    /// the engine then stores results of no rules, under that empty pass's own key, and
    /// the caller reports the failure from `catalog`.
    empty: OnceLock<Pass>,
}

impl Rules {
    /// Rules already loaded (a repository with rules of its own).
    pub fn ready(catalog: Catalog, pass: Pass) -> Rules {
        Rules { loaded: OnceLock::from(Ok((catalog, pass))), loader: Mutex::new(None), empty: OnceLock::new() }
    }

    /// Starts loading the embedded rules on another thread.
    pub fn embedded_in_background() -> Rules {
        let loader = std::thread::spawn(|| {
            let catalog = Catalog::embedded().map_err(|e| e.to_string())?;
            let pass = Pass::unchecked(&catalog.rules);
            Ok((catalog, pass))
        });
        Rules { loaded: OnceLock::new(), loader: Mutex::new(Some(loader)), empty: OnceLock::new() }
    }

    fn loaded(&self) -> &Loaded {
        self.loaded.get_or_init(|| {
            let handle = self.loader.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
            match handle.map(JoinHandle::join) {
                Some(Ok(loaded)) => loaded,
                Some(Err(_)) => Err("loading the embedded rules failed".into()),
                None => Err("the embedded rules were never loaded".into()),
            }
        })
    }

    /// The catalog, waiting for it if need be.
    pub fn catalog(&self) -> Result<&Catalog, String> {
        self.loaded().as_ref().map(|(catalog, _)| catalog).map_err(Clone::clone)
    }

    /// The pass the engine runs (the empty one if loading failed).
    pub fn pass(&self) -> &Pass {
        match self.loaded() {
            Ok((_, pass)) => pass,
            Err(_) => self.empty.get_or_init(|| Pass::unchecked(&[])),
        }
    }
}

impl LocalPass for Rules {
    fn key(&self) -> [u8; 32] {
        self.pass().key()
    }

    fn run(&self, language: LangId, source: &str, tree: &FlatTree<'_>, facts: &FileFacts) -> Vec<u8> {
        self.pass().run(language, source, tree, facts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Loaded in the background or not, the embedded rules give the same catalog and the
    /// same pass key, so the cache's file-local results serve either way.
    #[test]
    fn rules_loaded_in_the_background_are_the_embedded_catalog_and_its_pass() {
        let pending = Rules::embedded_in_background();
        let catalog = Catalog::embedded().expect("the embedded rules load");
        let pass = catalog.pass().expect("their pass");
        assert_eq!(pending.key(), pass.key());
        let ids = |c: &Catalog| c.rules.iter().map(|r| r.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(pending.catalog().expect("loaded")), ids(&catalog));
        assert_ne!(Pass::unchecked(&[]).key(), pass.key(), "the stand-in pass has a key of its own");
    }
}
