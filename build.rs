//! Embeds every `detectors/<category>/<id>/rule.toml` into the binary, so it needs no
//! files beside it (fixtures stay out: only the test suite reads them), and compiles the
//! flat-tree walk against the headers of the tree-sitter crate in use.
//!
//! The rules go in as JSON, converted here: every analysis reads all of them before it
//! looks at a file, and `serde_json` reads them in about half the time `toml` took. A rule
//! that is not valid TOML stops the build.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn rules(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rules(&path, out);
        } else if path.file_name().is_some_and(|n| n == "rule.toml") {
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

fn main() {
    flat_walk();
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let detectors = manifest.join("detectors");
    println!("cargo:rerun-if-changed=detectors");
    let mut found = Vec::new();
    rules(&detectors, &mut found);
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
        let json =
            serde_json::to_string(&table).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        let _ = writeln!(code, "    ({relative:?}, {json:?}, {}),", digest(&json));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default()).join("embedded_rules.rs");
    if let Err(err) = std::fs::write(&out, code) {
        panic!("writing {}: {err}", out.display());
    }
}
