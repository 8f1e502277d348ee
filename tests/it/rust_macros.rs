//! Our expansion of Rust macros held to rustc's: every method the expansion says a macro
//! writes is named in a program rustc must then compile (and a name no macro wrote makes
//! rustc refuse it); each fixture lists all the methods its macros write.

use repotoire::lang::LangId;
use repotoire::parse::{SymbolKind, parse_bytes};

/// `Type::method` for each method an expansion wrote (none is written in the file itself).
fn expanded_methods(source: &str) -> Vec<String> {
    let facts = parse_bytes("lib.rs", LangId::Rust, source.as_bytes(), [0; 32]);
    let mut out: Vec<String> = facts
        .symbols
        .iter()
        .filter(|s| s.kind == SymbolKind::Method)
        .filter_map(|s| {
            let owner = &facts.symbols[s.parent? as usize];
            (owner.kind == SymbolKind::Impl && owner.detail.is_none())
                .then(|| format!("{}::{}", owner.name, s.name))
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Compiles `source` with a function naming each of `methods` as rustc's library crate.
fn rustc_accepts(source: &str, methods: &[String]) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut program = source.to_string();
    program.push_str("\n#[allow(dead_code)]\nfn named() {\n");
    for method in methods {
        program.push_str(&format!("    let _ = {method};\n"));
    }
    program.push_str("}\n");
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, program).map_err(|e| e.to_string())?;
    let output = std::process::Command::new("rustc")
        .args([
            "--crate-type",
            "lib",
            "--edition",
            "2021",
            "--emit",
            "metadata",
        ])
        .arg("--out-dir")
        .arg(dir.path())
        .arg(&path)
        .output()
        .map_err(|e| format!("rustc: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

fn check(source: &str, expected: &[&str]) {
    let found = expanded_methods(source);
    assert_eq!(found, expected, "what our expansion wrote");
    rustc_accepts(source, &found).unwrap_or_else(|err| panic!("rustc refused: {err}"));
    // The other direction: a method rustc would not have written is refused.
    let mut wrong = found.clone();
    wrong.push("Nowhere::missing".into());
    assert!(rustc_accepts(source, &wrong).is_err());
}

#[test]
fn fragments_and_literal_tokens() {
    check(
        r#"
#![allow(dead_code)]
pub struct SmallIndex(u32);
macro_rules! index_type {
    ($name:ident, $err:ident, $max:literal) => {
        pub struct $name(SmallIndex);
        impl $name {
            pub const MAX: u32 = $max;
            pub fn new(v: u32) -> Result<$name, $err> {
                if v > $max { Err($err) } else { Ok($name(SmallIndex(v))) }
            }
            pub fn as_usize(&self) -> usize { (self.0).0 as usize }
        }
        pub struct $err;
    };
}
index_type!(PatternID, PatternIDError, 100);
index_type!(StateID, StateIDError, 200);
"#,
        &[
            "PatternID::as_usize",
            "PatternID::new",
            "StateID::as_usize",
            "StateID::new",
        ],
    );
}

#[test]
fn repetitions_with_separators_and_types_of_several_tokens() {
    check(
        r#"
#![allow(dead_code)]
use std::collections::HashMap;
pub struct Wrap<T>(T);
macro_rules! named {
    ($($t:ty => $f:ident),* $(,)?) => {
        $(
            impl Wrap<$t> {
                pub fn $f(&self) -> &$t { &self.0 }
            }
        )*
    };
}
named! {
    Vec<u8> => bytes,
    HashMap<String, u32> => counts,
}
"#,
        &["Wrap::bytes", "Wrap::counts"],
    );
}

#[test]
fn macros_calling_macros_and_visibility() {
    check(
        r#"
#![allow(dead_code)]
macro_rules! getters {
    ($vis:vis $($field:ident),*) => { $( $vis fn $field(&self) -> u32 { self.$field } )* };
}
macro_rules! with_getters {
    ($name:ident { $($field:ident),* }) => {
        pub struct $name { $($field: u32),* }
        impl $name { getters!(pub $($field),*); }
    };
}
with_getters!(Point { x, y });
with_getters!(Size { width, height });
"#,
        &["Point::x", "Point::y", "Size::height", "Size::width"],
    );
}
