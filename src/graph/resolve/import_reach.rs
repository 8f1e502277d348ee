//! Whether a patch may change a file's imports: each added or removed import binds a name
//! in the file's module, and the patch is refused when another file's resolution could
//! reach that binding. What another file can reach depends on the language: an ES module's
//! imports are private unless exported, a Python module's names are attributes anyone who
//! imports the module may read, Rust's `use` is seen by child modules.

use crate::graph::resolve::Resolver;
use crate::graph::resolve::refs::Refs;
use crate::lang::Family;
use crate::parse::{FileFacts, Import, ImportKind};

/// An import as far as another file can tell (its line may move freely).
fn same(a: &Import, a_scope: Option<u32>, b: &Import) -> bool {
    a.kind == b.kind
        && a.path == b.path
        && a.name == b.name
        && a.alias == b.alias
        && a.reexport == b.reexport
        && a_scope == b.scope
}

impl Resolver {
    /// Refuses (with the reason) unless no other file can see the imports `new` adds to
    /// or drops from `old`.
    pub(super) fn check_imports(
        &mut self,
        file: u32,
        old: &FileFacts,
        new: &FileFacts,
        map: &[u32],
    ) -> Result<(), String> {
        let mapped = |scope: Option<u32>| scope.map(|s| map[s as usize]);
        let mut unmatched: Vec<bool> = vec![true; new.imports.len()];
        let mut changed: Vec<&Import> = Vec::new();
        for a in &old.imports {
            let found = new
                .imports
                .iter()
                .enumerate()
                .position(|(i, b)| unmatched[i] && same(a, mapped(a.scope), b));
            match found {
                Some(i) => unmatched[i] = false,
                None => changed.push(a),
            }
        }
        changed.extend(
            new.imports
                .iter()
                .zip(&unmatched)
                .filter(|(_, open)| **open)
                .map(|(i, _)| i),
        );
        let family = new.language.family();
        for import in changed {
            if import.reexport {
                return Err("a re-export changed".into());
            }
            if import.kind == ImportKind::Glob && family != Family::Ecma {
                return Err("a glob import changed".into());
            }
            let Some(local) = import.local_name() else {
                continue;
            };
            let seen = match family {
                // Importers see only what the module exports.
                Family::Ecma => old
                    .exports
                    .iter()
                    .chain(&new.exports)
                    .any(|e| e.local == local || e.name == local),
                Family::Python => self.python_reach(file, local),
                _ => self.spelled_elsewhere(file, local),
            };
            if seen {
                return Err(format!(
                    "`{local}` is imported and other files may reach it"
                ));
            }
        }
        Ok(())
    }

    fn spelled_elsewhere(&mut self, file: u32, name: &str) -> bool {
        let refs = self.refs.get_or_insert_with(|| Refs::build(&self.facts));
        refs.elsewhere(name, file)
    }

    /// Whether another Python file may look `name` up in `file`'s module: it imports the
    /// name from it (`from m import name`), or binds the module itself (`import m`,
    /// `from pkg import m`, `import pkg` then `pkg.m`) and spells the name somewhere; a
    /// `from m import *` passes the names on, so then any file spelling it counts.
    fn python_reach(&mut self, file: u32, name: &str) -> bool {
        let module = self.file_module[file as usize];
        let Some(dotted) = self.python_import_name.get(&module).cloned() else {
            return self.spelled_elsewhere(file, name);
        };
        let short = dotted.rsplit('.').next().unwrap_or(&dotted).to_string();
        let refs = self.refs.take().unwrap_or_else(|| Refs::build(&self.facts));
        let mut reached = false;
        'files: for importer in 0..self.facts.len() as u32 {
            if importer == file || self.family(importer) != Family::Python {
                continue;
            }
            let facts = self.facts[importer as usize].clone();
            for (index, import) in facts.imports.iter().enumerate() {
                let path = import.path.trim_start_matches('.');
                // Only imports that can name this module or a package above it are
                // resolved (relative ones always).
                let may_name = import.path.starts_with('.')
                    || dotted == path
                    || dotted.starts_with(&format!("{path}."))
                    || import.name.as_deref() == Some(short.as_str());
                if !may_name {
                    continue;
                }
                let source = self.python_module(importer, &import.path);
                let reads_from_module = source == Some(module);
                // The dotted text through which this import reaches the module, if any.
                let chain = match import.kind {
                    ImportKind::Glob if reads_from_module => {
                        reached = refs.elsewhere(name, file);
                        break 'files;
                    }
                    ImportKind::Member if reads_from_module => {
                        if import.name.as_deref() == Some(name) {
                            Some(String::new())
                        } else {
                            None
                        }
                    }
                    ImportKind::Member => self
                        .resolve_import(importer, index as u32)
                        .contains(&module)
                        .then(|| import.local_name().unwrap_or(&short).to_string()),
                    ImportKind::Module if reads_from_module => {
                        Some(import.alias.clone().unwrap_or_else(|| import.path.clone()))
                    }
                    // `import pkg`: the module is an attribute of its package.
                    ImportKind::Module if dotted.starts_with(&format!("{path}.")) => {
                        Some(match &import.alias {
                            Some(alias) => format!("{alias}{}", &dotted[path.len()..]),
                            None => dotted.clone(),
                        })
                    }
                    _ => None,
                };
                let hit = match chain {
                    None => false,
                    Some(chain) if chain.is_empty() => true,
                    Some(chain) => refers_to(&facts, &format!("{chain}.{name}")),
                };
                if hit {
                    tracing::debug!(
                        importer = %self.facts[importer as usize].path,
                        import = %import.path,
                        "`{name}` may be read through {dotted}"
                    );
                    reached = true;
                    break 'files;
                }
            }
        }
        self.refs = Some(refs);
        reached
    }
}

/// Whether a file writes `dotted` (`text.json`, `django.utils.text.json`) as a call, a
/// receiver, a base class or a type, alone or followed by more attributes.
fn refers_to(facts: &FileFacts, dotted: &str) -> bool {
    let written = |text: &str| {
        text == dotted
            || text
                .strip_prefix(dotted)
                .is_some_and(|rest| rest.starts_with(['.', '[', '(', '<']))
    };
    facts.calls.iter().any(|call| {
        let full = match &call.receiver {
            Some(receiver) => format!("{receiver}.{}", call.name),
            None => call.name.clone(),
        };
        written(&full)
            || call.receiver.as_deref().is_some_and(written)
            || call.scope.as_deref().is_some_and(written)
    }) || facts.inherits.iter().any(|i| written(&i.base))
        || facts.bindings.iter().any(|b| {
            b.type_text
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
                .any(written)
        })
}
