//! Architecture checks: each module uses only modules to its left, and every source file
//! says what it is for.

use std::path::Path;

/// Data-flow order (ARCHITECTURE.md).
const ORDER: &[&str] = &[
    "process", "lang", "parse", "store", "graph", "detect", "engine", "tools", "report", "watch",
    "agent", "mcp", "tui", "cli",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn modules_depend_only_on_modules_to_their_left() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut violations = Vec::new();
    for (position, module) in ORDER.iter().enumerate() {
        let mut files = Vec::new();
        let dir = src.join(module);
        if dir.is_dir() {
            rust_files(&dir, &mut files);
        } else {
            files.push(src.join(format!("{module}.rs")));
        }
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for later in &ORDER[position + 1..] {
                if text.contains(&format!("crate::{later}::"))
                    || text.contains(&format!("crate::{later};"))
                {
                    violations.push(format!("{} uses crate::{later}", file.display()));
                }
            }
        }
    }
    assert!(violations.is_empty(), "{violations:#?}");
}

#[test]
fn every_source_file_opens_with_a_doc_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    let missing: Vec<String> = files
        .iter()
        .filter(|f| !std::fs::read_to_string(f).unwrap().starts_with("//!"))
        .map(|f| f.display().to_string())
        .collect();
    assert!(missing.is_empty(), "files without a //! line: {missing:#?}");
}

#[test]
fn every_module_is_listed_in_the_order() {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    assert_eq!(declared, ORDER);
}

/// The workstation's core is pure: state, messages, reducer and render do no I/O, read no
/// clock and know nothing of async or the terminal (`src/tui/core/`).
#[test]
fn the_workstation_core_does_no_io() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui/core");
    let mut files = Vec::new();
    rust_files(&core, &mut files);
    assert!(!files.is_empty());
    const FORBIDDEN: &[&str] = &[
        "std::fs",
        "std::io",
        "std::process",
        "std::env",
        "std::net",
        "std::thread",
        "Instant",
        "SystemTime",
        "tokio",
        "crossterm",
        "crate::tui::app",
        "crate::tui::runner",
        "crate::tui::terminal",
        "crate::engine",
        "crate::agent::run",
    ];
    let mut violations = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        // Unit tests at the bottom may build fixtures on disk.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for word in FORBIDDEN {
            if code.contains(word) {
                violations.push(format!("{} uses {word}", file.display()));
            }
        }
    }
    assert!(violations.is_empty(), "{violations:#?}");
}
