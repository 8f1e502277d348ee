//! Embeds every `detectors/<category>/<id>/rule.toml` into the binary, so it needs no
//! files beside it (fixtures stay out: only the test suite reads them), and compiles the
//! flat-tree walk against the headers of the tree-sitter crate in use.
//!
//! The regexes those rules and `queries/` use are checked here as well (the check a run
//! would otherwise begin each language's compilation with), into a table of their
//! required literals and, for those whose every match is one of a few literals, those
//! literals (which then answer without compiling the regex).
//!
//! The rules go in as JSON, converted here: every analysis reads all of them before it
//! looks at a file, and `serde_json` reads them in about half the time `toml` took. A rule
//! that is not valid TOML stops the build.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[path = "src/parse/query/regex_check.rs"]
mod regex_check;

/// Rule fields (query filters and sink entries) that hold a regex.
const REGEX_KEYS: &[&str] = &[
    "unless_enclosing",
    "only_enclosing",
    "unless_path",
    "only_path",
    "unless_above",
    "unless_line_rest",
    "unless_function",
    "only_file",
    "callee",
    "assign",
    "built",
    "unless_call",
    "object_keys",
    "only_call",
    "unless_before",
    "until_before",
    "only_before",
    "only_function",
    "unless_source",
    "decorated",
    "path",
    "matches",
    "unless_matches",
];

/// The regex of every `#match?` and `#not-match?` in query text, unescaped as the query
/// parser does. A string picked up by mistake only adds a row to the table.
fn match_patterns(scm: &str, out: &mut BTreeSet<String>) {
    for predicate in ["#match?", "#not-match?"] {
        for (at, _) in scm.match_indices(predicate) {
            let rest = &scm[at + predicate.len()..];
            let Some(open) = rest.find('"') else {
                continue;
            };
            let mut text = Vec::new();
            let mut bytes = rest[open + 1..].bytes();
            while let Some(b) = bytes.next() {
                match b {
                    b'"' => {
                        out.insert(String::from_utf8_lossy(&text).into_owned());
                        break;
                    }
                    b'\\' => match bytes.next() {
                        Some(b'n') => text.push(b'\n'),
                        Some(b't') => text.push(b'\t'),
                        Some(c) => text.push(c),
                        None => break,
                    },
                    c => text.push(c),
                }
            }
        }
    }
}

/// The regexes a rule holds: its regex fields and its queries' predicates.
fn rule_patterns(value: &toml::Value, key: Option<&str>, out: &mut BTreeSet<String>) {
    match value {
        toml::Value::String(text) => {
            if key.is_some_and(|k| REGEX_KEYS.contains(&k)) {
                out.insert(text.clone());
            }
            match_patterns(text, out);
        }
        toml::Value::Array(items) => items.iter().for_each(|v| rule_patterns(v, key, out)),
        toml::Value::Table(table) => table
            .iter()
            .for_each(|(k, v)| rule_patterns(v, Some(k), out)),
        _ => {}
    }
}

/// The table `regexes::CHECKED_AHEAD` includes: each pattern that passes the check, with
/// its required literal.
fn checked_table(patterns: &BTreeSet<String>) -> String {
    let mut code = String::from("&[\n");
    for pattern in patterns {
        if let Ok(required) = regex_check::check(pattern) {
            let required = match required {
                Some(bytes) => format!("Some(&{bytes:?})"),
                None => "None".to_string(),
            };
            let exact = match regex_check::exact_literals(pattern) {
                Some(literals) => {
                    let each: Vec<String> = literals
                        .iter()
                        .map(|(at, bytes)| format!("({at}, &{bytes:?})"))
                        .collect();
                    format!("Some(&[{}])", each.join(", "))
                }
                None => "None".to_string(),
            };
            let _ = writeln!(code, "    ({pattern:?}, {required}, {exact}),");
        }
    }
    code.push(']');
    code
}

/// The files under `dir` (at any depth, in path order) that `wanted` accepts.
fn files(dir: &Path, wanted: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, wanted, out);
        } else if wanted(&path) {
            out.push(path);
        }
    }
}

/// `src/parse/flat_walk.c` reads tree-sitter's internal subtree layout, so it is built
/// against that crate's own `src/` (its build script exports `include/`, beside it).
fn flat_walk() {
    println!("cargo:rerun-if-changed=src/parse/flat_walk.c");
    let Ok(include) = std::env::var("DEP_TREE_SITTER_INCLUDE") else {
        panic!("the tree-sitter crate did not export its include directory");
    };
    let include = PathBuf::from(include);
    let internal = include
        .parent()
        .map(|dir| dir.join("src"))
        .unwrap_or_default();
    cc::Build::new()
        .std("c11")
        .include(&internal)
        .include(&include)
        .warnings(false)
        .file("src/parse/flat_walk.c")
        .compile("repotoire_flat_walk");
}

/// 128 bits of SipHash over `text` (two keys): only this build compares them.
fn digest(text: &str) -> u128 {
    use std::hash::{Hash, Hasher};
    let half = |seed: u8| {
        let mut hasher = std::hash::DefaultHasher::new();
        seed.hash(&mut hasher);
        text.hash(&mut hasher);
        hasher.finish()
    };
    (u128::from(half(1)) << 64) | u128::from(half(2))
}

/// The commit being built, when the source is a git checkout (empty otherwise): a cache
/// written by another build of the same version holds what that build's code found, so
/// the cache keys take the commit too (`process::BUILD`).
fn build_commit(manifest: &Path) -> String {
    let git = manifest.join(".git");
    let head_path = git.join("HEAD");
    let Ok(head) = std::fs::read_to_string(&head_path) else {
        return String::new();
    };
    println!("cargo:rerun-if-changed={}", head_path.display());
    let head = head.trim();
    let Some(reference) = head.strip_prefix("ref: ") else {
        return head.to_string();
    };
    let loose = git.join(reference);
    if let Ok(sha) = std::fs::read_to_string(&loose) {
        println!("cargo:rerun-if-changed={}", loose.display());
        return sha.trim().to_string();
    }
    let packed = git.join("packed-refs");
    let Ok(text) = std::fs::read_to_string(&packed) else {
        return String::new();
    };
    println!("cargo:rerun-if-changed={}", packed.display());
    text.lines()
        .find_map(|line| {
            line.strip_suffix(reference)
                .map(|sha| sha.trim().to_string())
        })
        .unwrap_or_default()
}

fn main() {
    flat_walk();
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    println!(
        "cargo:rustc-env=REPOTOIRE_BUILD_COMMIT={}",
        build_commit(&manifest)
    );
    let detectors = manifest.join("detectors");
    println!("cargo:rerun-if-changed=detectors");
    println!("cargo:rerun-if-changed=queries");
    println!("cargo:rerun-if-changed=src/parse/query/regex_check.rs");
    let mut patterns = BTreeSet::new();
    let mut found = Vec::new();
    files(
        &detectors,
        &|p| p.file_name().is_some_and(|n| n == "rule.toml"),
        &mut found,
    );
    // Each rule with a digest of its text, which the local pass's cache key takes instead
    // of hashing every rule's text in every run.
    let mut code = String::from("pub static EMBEDDED: &[(&str, &str, u128)] = &[\n");
    for path in &found {
        println!("cargo:rerun-if-changed={}", path.display());
        let relative = path
            .strip_prefix(&detectors)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|err| panic!("reading {}: {err}", path.display()));
        let table: toml::Table = text
            .parse()
            .unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        for (key, value) in &table {
            rule_patterns(value, Some(key), &mut patterns);
        }
        let json =
            serde_json::to_string(&table).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        let _ = writeln!(code, "    ({relative:?}, {json:?}, {}),", digest(&json));
    }
    code.push_str("];\n");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default());
    let out = out_dir.join("embedded_rules.rs");
    if let Err(err) = std::fs::write(&out, code) {
        panic!("writing {}: {err}", out.display());
    }
    let mut queries = Vec::new();
    files(
        &manifest.join("queries"),
        &|p| p.extension().is_some_and(|e| e == "scm"),
        &mut queries,
    );
    for path in &queries {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|err| panic!("reading {}: {err}", path.display()));
        match_patterns(&text, &mut patterns);
    }
    let out = out_dir.join("checked_regexes.rs");
    if let Err(err) = std::fs::write(&out, checked_table(&patterns)) {
        panic!("writing {}: {err}", out.display());
    }
}
