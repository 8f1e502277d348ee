//! Duck typing, the last tier: a method called on a receiver nothing types matches the
//! project's methods of that name, when there are few, in code the calling file reaches.

use crate::graph::model::Resolution;
use crate::graph::resolve::Resolver;
use crate::lang::Family;

use super::calls::MAX_CANDIDATES;

impl Resolver {
    /// Folders a Python or JavaScript name guess from `file` may land in: its own and those
    /// of the modules it imports, with everything below them. A same-named method in code
    /// the file never imports is not what it calls. Only the file's own imports count, so a
    /// patch that re-resolves one file keeps its guesses equal to a cold run's.
    pub(super) fn guess_folders(&self, file: u32) -> Vec<&str> {
        if self.family(file) == Family::Rust {
            return vec![""];
        }
        let folder = |f: u32| {
            let path = self.facts[f as usize].path.as_str();
            path.rfind('/').map_or("", |at| &path[..=at])
        };
        let mut out = vec![folder(file)];
        for &imported in self.imported_files.get(file as usize).into_iter().flatten() {
            out.push(folder(imported));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Duck typing: a method of that name in code the file reaches (`guess_folders`), when
    /// the project has few and it is not a name every built-in type has.
    pub(super) fn by_method_name(
        &self,
        file: u32,
        name: &str,
        folders: &[&str],
    ) -> (Vec<u32>, Resolution) {
        let spec = self.language(file).spec();
        let family = self.family(file);
        if spec.builtin_methods.contains(&name)
            || (family == Family::Rust && super::primitives::any_has(name))
        {
            return (Vec::new(), Resolution::Ambiguous);
        }
        let candidates: Vec<u32> = self
            .methods_by_name
            .get(name)
            .map(|m| {
                m.iter()
                    .copied()
                    .filter(|&n| self.nodes[n as usize].language.family() == family)
                    .collect()
            })
            .unwrap_or_default();
        if family == Family::Rust
            && let Some(found) = self.through_one_trait(&candidates, name)
        {
            return (found, Resolution::Interface);
        }
        // The tier says how many the project has; those out of reach are then left out.
        let how = match candidates.len() {
            1 => Resolution::Interface,
            2..=MAX_CANDIDATES => Resolution::Ambiguous,
            _ => return (Vec::new(), Resolution::Ambiguous),
        };
        let mut reached: Vec<u32> = candidates
            .into_iter()
            .filter(|&n| {
                let path = &self.facts[self.nodes[n as usize].file as usize].path;
                folders.iter().any(|f| path.starts_with(f))
            })
            .collect();
        // Of a guess among several, one in the caller's own file is the likeliest: the
        // others are unrelated types that happen to share the name.
        if reached.len() > 1 && reached.iter().any(|&n| self.nodes[n as usize].file == file) {
            reached.retain(|&n| self.nodes[n as usize].file == file);
        }
        (reached, how)
    }

    /// Rust methods of one name that all implement (or declare) one trait's method: an
    /// untyped receiver calling it goes through that trait, to its declaration and every
    /// implementation, as a call on a receiver bounded by the trait would.
    fn through_one_trait(&self, candidates: &[u32], name: &str) -> Option<Vec<u32>> {
        if candidates.len() < 2 {
            return None;
        }
        let mut trait_node = None;
        for &method in candidates {
            let owner = self.parent[method as usize].filter(|&p| self.is_interface(p));
            let found = owner.or_else(|| self.trait_of_impl_method(method))?;
            if trait_node.is_some_and(|t| t != found) {
                return None;
            }
            trait_node = Some(found);
        }
        let trait_node = trait_node?;
        let (mut out, _) = self.class_member(trait_node, name)?;
        out.extend(self.implementations(trait_node, name));
        out.dedup();
        Some(out)
    }

    /// The trait an `impl Trait for Type` method implements, when it is the project's.
    pub(super) fn trait_of_impl_method(&self, method: u32) -> Option<u32> {
        let (file, block) = self.trait_impl_block(method)?;
        let written = block.detail.as_deref()?;
        self.resolve_type(file, block.parent, written)
            .into_iter()
            .find(|&t| self.is_interface(t))
    }
}
