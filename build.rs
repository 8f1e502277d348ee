//! Embeds every `detectors/<category>/<id>/rule.toml` into the binary, so it needs no
//! files beside it. Fixtures stay out: only the test suite reads them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn rules(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
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

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let detectors = manifest.join("detectors");
    println!("cargo:rerun-if-changed=detectors");
    let mut found = Vec::new();
    rules(&detectors, &mut found);
    let mut code = String::from("pub static EMBEDDED: &[(&str, &str)] = &[\n");
    for path in &found {
        println!("cargo:rerun-if-changed={}", path.display());
        let relative = path.strip_prefix(&detectors).unwrap_or(path).to_string_lossy().replace('\\', "/");
        let _ = writeln!(code, "    ({relative:?}, include_str!({:?})),", path.display().to_string());
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default()).join("embedded_rules.rs");
    if let Err(err) = std::fs::write(&out, code) {
        panic!("writing {}: {err}", out.display());
    }
}
