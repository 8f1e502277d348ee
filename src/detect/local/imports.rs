//! What a call through an imported name calls, spelled as the taint tables and the rules'
//! `callee` filters spell a library's functions: `sp.call` after `import subprocess as sp` is
//! `subprocess.call`, `system` after `from os import system` is `os.system`, `run` after
//! `import { execSync as run } from "child_process"` is `child_process.execSync`.

use rustc_hash::FxHashMap;

use crate::lang::Family;
use crate::parse::{Import, ImportKind};

/// Each local name the file's imports bind to a library module or member, by the path it
/// stands for. Project modules (relative paths, `crate::`, `super::`) are left out: what
/// they define is no library's.
pub(crate) fn library_names(imports: &[Import], family: Family) -> FxHashMap<String, String> {
    library_paths(imports, family, false)
}

/// `library_names`, and with `standing` also the names that stand for themselves (`const
/// bent = require("bent")`), which a call through them is already spelled as.
fn library_paths(imports: &[Import], family: Family, standing: bool) -> FxHashMap<String, String> {
    let separator = separator(family);
    let mut names = FxHashMap::default();
    for import in imports {
        let Some(local) = import.local_name() else {
            continue;
        };
        let path = import.path.strip_prefix("node:").unwrap_or(&import.path);
        if path.is_empty()
            || path.starts_with('.')
            || ["crate", "super", "self"]
                .iter()
                .any(|p| path.split("::").next() == Some(p))
        {
            continue;
        }
        // A package's subpath (`fs/promises`) is named by its last part, as `require` is.
        let path = path.rsplit('/').next().unwrap_or(path);
        let full = match (import.kind, &import.name) {
            (ImportKind::Member, Some(name)) => format!("{path}{separator}{name}"),
            // `import os.path` binds `os`, which stands for itself.
            (ImportKind::Module, _) if import.alias.is_none() => {
                if standing {
                    names.insert(local.to_string(), local.to_string());
                }
                continue;
            }
            (ImportKind::Module | ImportKind::Default | ImportKind::Namespace, _) => {
                path.to_string()
            }
            _ => continue,
        };
        if standing || full != local {
            names.insert(local.to_string(), full);
        }
    }
    names
}

/// A file's imported names, for telling which library function a called expression names.
pub(crate) struct LibraryNames {
    family: Family,
    library: FxHashMap<String, String>,
    own: rustc_hash::FxHashSet<String>,
}

impl LibraryNames {
    pub(crate) fn new(imports: &[Import], family: Family) -> LibraryNames {
        LibraryNames {
            family,
            library: library_names(imports, family),
            own: own_names(imports),
        }
    }

    /// Whether `callee` (as written, `h.md5`) names a library function whose path (read
    /// through the imports, `hashlib.md5`) passes `wanted`. A name the project's own modules
    /// give is no library's; a name no import binds is taken as written.
    pub(crate) fn calls(&self, callee: &str, wanted: impl Fn(&str) -> bool) -> bool {
        let written: std::borrow::Cow<'_, str> = if callee.contains(char::is_whitespace) {
            callee.chars().filter(|c| !c.is_whitespace()).collect()
        } else {
            callee.into()
        };
        let head = written.split(['.', ':']).next().unwrap_or_default();
        if self.own.contains(head) {
            return false;
        }
        match library_callee(&self.library, self.family, &written) {
            Some(path) => wanted(&path),
            None => wanted(&written),
        }
    }
}

/// The names imported from the project's own modules: a relative path (`from .tasks import
/// run`, `require("./run")`) or a Rust `crate::`, `self::` or `super::` one.
pub(crate) fn own_names(imports: &[Import]) -> rustc_hash::FxHashSet<String> {
    imports
        .iter()
        .filter(|import| {
            import.path.starts_with('.')
                || matches!(
                    import.path.split("::").next(),
                    Some("crate" | "self" | "super")
                )
        })
        .filter_map(|import| import.local_name())
        .map(str::to_string)
        .collect()
}

/// Every local name the file's imports bind, wherever from.
pub(crate) fn imported_names(imports: &[Import]) -> rustc_hash::FxHashSet<String> {
    imports
        .iter()
        .filter_map(|import| import.local_name())
        .map(str::to_string)
        .collect()
}

/// What a Rust path can start with to name a function of another file of the crate:
/// `crate`, `self`, `super`, and the modules this file declares in files of their own
/// (`mod util;`), so that `util::query_for(x)` is followed as `query_for(x)` with `use
/// util::query_for` would be.
pub(crate) fn rust_module_heads(source: &str) -> impl Iterator<Item = String> + '_ {
    let declared = crate::parse::lines(source).filter_map(|line| {
        let line = line.trim();
        let rest = line
            .strip_prefix("pub(crate) ")
            .or_else(|| line.strip_prefix("pub "))
            .unwrap_or(line);
        let name = rest.strip_prefix("mod ")?.strip_suffix(';')?.trim();
        name.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
            .then(|| name.to_string())
    });
    ["crate", "self", "super"]
        .into_iter()
        .map(str::to_string)
        .chain(declared)
}

/// Adds to `names` each plain name the file binds to what a library call returns
/// (`directory = ldap.createClient(…)`, `ldap` being `ldapjs`): the name then stands for
/// `ldapjs.createClient()`, so `directory.search` is read as a method of what the
/// library made. A name bound to different things, or already an import, is left out. So
/// is an instance a library's class makes (`client = new net.Socket()`, `s: httpx.Client`:
/// `net.Socket().connect`), outside Rust, whose types are not called.
pub(crate) fn add_library_made(
    names: &mut FxHashMap<String, String>,
    imports: &[Import],
    bindings: &[crate::parse::Binding],
    family: Family,
) {
    use crate::parse::BindingSource;
    if imports.is_empty() {
        return;
    }
    let libraries = library_paths(imports, family, true);
    let mut made: FxHashMap<&str, Option<String>> = FxHashMap::default();
    for binding in bindings {
        let made_by = binding.source == BindingSource::Call
            || (binding.source == BindingSource::Annotation && family != Family::Rust);
        if !made_by
            || binding.field
            || libraries.contains_key(&binding.name)
            || names.contains_key(&binding.name)
            || !binding
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        {
            continue;
        }
        let path = library_callee(&libraries, family, &binding.type_text).map(|p| format!("{p}()"));
        made.entry(binding.name.as_str())
            .and_modify(|known| {
                if *known != path {
                    *known = None;
                }
            })
            .or_insert(path);
    }
    for (name, path) in made {
        if let Some(path) = path {
            names.insert(name.to_string(), path);
        }
    }
}

/// `callee` with its first name replaced by the library path it was imported as, if it
/// was.
pub(crate) fn library_callee(
    names: &FxHashMap<String, String>,
    family: Family,
    callee: &str,
) -> Option<String> {
    if names.is_empty() {
        return None;
    }
    let separator = separator(family);
    let (head, rest) = match callee.find(separator) {
        Some(at) => callee.split_at(at),
        None => (callee, ""),
    };
    names.get(head).map(|full| format!("{full}{rest}"))
}

fn separator(family: Family) -> &'static str {
    if family == Family::Rust { "::" } else { "." }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn import(kind: ImportKind, path: &str, name: Option<&str>, alias: Option<&str>) -> Import {
        Import {
            kind,
            path: path.into(),
            name: name.map(Into::into),
            alias: alias.map(Into::into),
            reexport: false,
            scope: None,
            line: 1,
        }
    }

    fn names(family: Family, imports: Vec<Import>) -> FxHashMap<String, String> {
        library_names(&imports, family)
    }

    #[test]
    fn a_name_bound_to_one_library_call_stands_for_what_it_made() {
        let bind = |name: &str, callee: &str, source| crate::parse::Binding {
            scope: None,
            name: name.into(),
            field: false,
            type_text: callee.into(),
            source,
            position: None,
            lines: None,
        };
        let call_of = |name, callee| bind(name, callee, crate::parse::BindingSource::Call);
        let new_of = |name, class| bind(name, class, crate::parse::BindingSource::Annotation);
        let imports = vec![
            import(ImportKind::Module, "ldapjs", None, Some("ldap")),
            import(ImportKind::Default, "bent", None, Some("bent")),
            import(ImportKind::Default, "net", None, Some("net")),
            import(ImportKind::Default, "./local", None, Some("local")),
        ];
        let bindings = [
            call_of("directory", "ldap.createClient"),
            call_of("index", "openIndex"),
            call_of("twice", "ldap.createClient"),
            call_of("twice", "makeClient"),
            call_of("getJSON", "bent"),
            new_of("socket", "net.Socket"),
            new_of("mine", "local.Socket"),
        ];
        let mut names = names(Family::Ecma, imports.clone());
        add_library_made(&mut names, &imports, &bindings, Family::Ecma);
        let call = |c| library_callee(&names, Family::Ecma, c);
        assert_eq!(
            call("directory.search").as_deref(),
            Some("ldapjs.createClient().search")
        );
        assert_eq!(call("index.search"), None);
        assert_eq!(call("twice.search"), None);
        // A name standing for its own package makes things too.
        assert_eq!(call("getJSON").as_deref(), Some("bent()"));
        assert_eq!(
            call("socket.connect").as_deref(),
            Some("net.Socket().connect")
        );
        // The project's own classes make nothing a library's.
        assert_eq!(call("mine.connect"), None);
        // `import logging` stands for itself: `trail = logging.getLogger("audit")` is made
        // by it, though a call through `logging` itself needs no other name.
        let py_imports = vec![import(ImportKind::Module, "logging", None, None)];
        let mut py_names = library_names(&py_imports, Family::Python);
        assert_eq!(
            library_callee(&py_names, Family::Python, "logging.info"),
            None
        );
        add_library_made(
            &mut py_names,
            &py_imports,
            &[call_of("trail", "logging.getLogger")],
            Family::Python,
        );
        assert_eq!(
            library_callee(&py_names, Family::Python, "trail.warning").as_deref(),
            Some("logging.getLogger().warning")
        );
        // A Rust annotation names a type, not a call.
        let rust_imports = vec![import(ImportKind::Member, "reqwest", Some("Client"), None)];
        let mut rust_names = library_names(&rust_imports, Family::Rust);
        add_library_made(
            &mut rust_names,
            &rust_imports,
            &[new_of("client", "Client"), call_of("made", "Client::new")],
            Family::Rust,
        );
        assert_eq!(library_callee(&rust_names, Family::Rust, "client"), None);
        assert_eq!(
            library_callee(&rust_names, Family::Rust, "made").as_deref(),
            Some("reqwest::Client::new()")
        );
    }

    #[test]
    fn python_aliases_and_members_name_the_library() {
        let names = names(
            Family::Python,
            vec![
                import(ImportKind::Module, "subprocess", None, Some("sp")),
                import(ImportKind::Module, "os.path", None, None),
                import(ImportKind::Member, "os", Some("system"), None),
                import(
                    ImportKind::Member,
                    "pickle",
                    Some("loads"),
                    Some("unpickle"),
                ),
                import(ImportKind::Member, ".views", Some("run"), None),
            ],
        );
        let call = |c| library_callee(&names, Family::Python, c);
        assert_eq!(call("sp.call").as_deref(), Some("subprocess.call"));
        assert_eq!(call("system").as_deref(), Some("os.system"));
        assert_eq!(call("unpickle").as_deref(), Some("pickle.loads"));
        assert_eq!(call("os.path.join"), None);
        assert_eq!(call("run"), None);
        assert_eq!(call("systemd"), None);
    }

    #[test]
    fn a_called_name_is_read_through_imports_and_the_projects_own_are_not_a_librarys() {
        let imports = vec![
            import(ImportKind::Module, "hashlib", None, Some("h")),
            import(ImportKind::Member, "hashlib", Some("sha1"), None),
            import(ImportKind::Member, ".digests", Some("md5"), None),
        ];
        let names = LibraryNames::new(&imports, Family::Python);
        let md5 = |path: &str| path == "hashlib.md5" || path == "hashlib.sha1";
        assert!(names.calls("h.md5", md5));
        assert!(names.calls("h .\n md5", md5));
        assert!(names.calls("sha1", md5));
        assert!(
            names.calls("hashlib.md5", md5),
            "an unbound name is read as written"
        );
        assert!(!names.calls("md5", md5), "the project's own md5");
        assert!(!names.calls("h.sha256", md5));
        assert!(!names.calls("hh.md5", md5));
    }

    #[test]
    fn ecma_and_rust_imports_name_the_library() {
        let js = names(
            Family::Ecma,
            vec![
                import(
                    ImportKind::Member,
                    "child_process",
                    Some("execSync"),
                    Some("run"),
                ),
                import(
                    ImportKind::Namespace,
                    "node:child_process",
                    None,
                    Some("proc"),
                ),
                import(ImportKind::Member, "fs/promises", Some("readFile"), None),
                import(ImportKind::Default, "./util", None, Some("util")),
            ],
        );
        let call = |c| library_callee(&js, Family::Ecma, c);
        assert_eq!(call("run").as_deref(), Some("child_process.execSync"));
        assert_eq!(call("proc.exec").as_deref(), Some("child_process.exec"));
        assert_eq!(call("readFile").as_deref(), Some("promises.readFile"));
        assert_eq!(call("util.exec"), None);
        let rust = names(
            Family::Rust,
            vec![
                import(ImportKind::Member, "std::fs", Some("read_to_string"), None),
                import(ImportKind::Member, "crate::fs", Some("open"), None),
            ],
        );
        let call = |c| library_callee(&rust, Family::Rust, c);
        assert_eq!(
            call("read_to_string").as_deref(),
            Some("std::fs::read_to_string")
        );
        assert_eq!(call("open"), None);
    }
}
