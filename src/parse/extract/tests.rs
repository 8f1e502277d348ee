//! Extraction on small sources of each language: definitions, calls, imports, metrics.

use crate::lang::{LANGUAGES, LangId};
use crate::parse::facts::{ImportKind, SymbolKind};
use crate::parse::{FileFacts, captures, parse_bytes};

/// The doc of symbol `index`, made from its span as a tool makes it.
fn doc(facts: &FileFacts, source: &str, index: usize) -> Option<String> {
    facts.symbols[index]
        .doc
        .and_then(|span| crate::parse::docs::text(facts.language, source, span))
}

fn facts(lang: LangId, source: &str) -> FileFacts {
    parse_bytes("x", lang, source.as_bytes(), [0; 32])
}

/// `name kind lines/complexity/nesting/params` for every function-like symbol.
fn metrics(facts: &FileFacts) -> Vec<String> {
    facts
        .symbols
        .iter()
        .filter_map(|s| {
            let m = s.metrics?;
            Some(format!(
                "{} {:?} {}/{}/{}/{}",
                s.name, s.kind, m.lines, m.complexity, m.max_nesting, m.params
            ))
        })
        .collect()
}

/// `short_expression` as first written: the whole text collapsed, then its tail cut.
fn short_expression_whole(text: &str) -> String {
    let max = super::MAX_RECEIVER;
    if text.len() <= max && !text.contains(['\n', '\t']) {
        return text.to_string();
    }
    let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.len() <= max {
        return collapsed;
    }
    let mut start = collapsed.len() - (max - 20);
    while !collapsed.is_char_boundary(start) {
        start += 1;
    }
    format!("…{}", &collapsed[start..])
}

#[test]
fn receivers_read_from_the_end_match_the_whole_text_collapsed() {
    let pieces = [
        "a",
        ".b()",
        " ",
        "\n    ",
        "\t",
        "é",
        "→x",
        ".map(|x| x + 1)",
        "  ",
        "日本",
    ];
    // Every mix of up to 60 pieces a small generator picks: lengths on both sides of the
    // limit, words ending in multi-byte characters, runs of whitespace.
    let mut seed = 7u32;
    for _ in 0..2000 {
        let mut text = String::new();
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        for _ in 0..(seed >> 16) % 60 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            text.push_str(pieces[(seed >> 16) as usize % pieces.len()]);
        }
        assert_eq!(
            super::short_expression(&text),
            short_expression_whole(&text),
            "{text:?}"
        );
    }
}

#[test]
fn long_receivers_are_collapsed_and_cut_to_their_tail() {
    assert_eq!(super::short_expression("self.db"), "self.db");
    assert_eq!(super::short_expression("a\n    .iter()"), "a .iter()");
    let chain = format!("items{}", ".map(|x| x + 1)".repeat(20));
    let short = super::short_expression(&chain);
    assert!(
        short.starts_with('…') && short.ends_with(".map(|x| x + 1)") && short.len() <= 100,
        "{short}"
    );
}

#[test]
fn every_capture_name_is_in_the_vocabulary() {
    for spec in LANGUAGES {
        if let Err(err) = captures::compiled(spec.id) {
            panic!("{err}");
        }
    }
}

#[test]
fn rust_docs_metrics_and_else_if_chains() {
    let source = "/// Adds.\n/// Twice.\n#[inline]\npub fn add(&self, a: u32, b: u32) -> u32 {\n    if a > 0 && b > 0 {\n        for _ in 0..a { loop { break; } }\n    } else if b > 1 {\n    } else if a > 1 {\n    }\n    match a { 0 => 1, _ => 2 }\n}\n";
    let f = facts(LangId::Rust, source);
    assert_eq!(doc(&f, source, 0).as_deref(), Some("Adds.\nTwice."));
    assert_eq!(f.symbols[0].detail.as_deref(), Some("u32"));
    // if, &&, for, loop, else-if ×2, two match arms: 1 + 8. `else if` does not nest.
    assert_eq!(metrics(&f), ["add Function 8/9/3/2"]);
}

#[test]
fn typescript_docs_metrics_and_arrow_functions() {
    let source = "/** Formats a value. */\nexport function fmt(a: string, b?: number): string {\n  switch (a) { case 'x': return a ?? ''; default: return a; }\n}\nexport const twice = (n: number) => n > 1 ? n * 2 : n;\nclass K { /** Run it. */ run() { try { if (this.ok) {} } catch (e) {} } }\n";
    let f = facts(LangId::TypeScript, source);
    let docs: Vec<_> = (0..f.symbols.len())
        .map(|i| (f.symbols[i].name.as_str(), doc(&f, source, i)))
        .collect();
    assert_eq!(
        docs,
        [
            ("fmt", Some("Formats a value.".to_string())),
            ("twice", None),
            ("K", None),
            ("run", Some("Run it.".to_string()))
        ]
    );
    assert_eq!(
        metrics(&f),
        [
            "fmt Function 3/3/1/2",
            "twice Function 1/2/0/1",
            "run Method 1/3/2/0"
        ]
    );
}

#[test]
fn javascript_class_methods_and_inheritance() {
    let f = facts(
        LangId::JavaScript,
        "class A extends B { m() { this.n(); } n() {} }\n",
    );
    let kinds: Vec<_> = f
        .symbols
        .iter()
        .map(|s| (s.name.as_str(), s.kind))
        .collect();
    assert_eq!(
        kinds,
        [
            ("A", SymbolKind::Class),
            ("m", SymbolKind::Method),
            ("n", SymbolKind::Method)
        ]
    );
    assert_eq!(f.inherits.len(), 1);
    assert_eq!(f.inherits[0].base, "B");
    assert_eq!(f.calls[0].receiver.as_deref(), Some("this"));
}

#[test]
fn rust_use_trees_flatten_into_one_import_per_leaf() {
    let f = facts(
        LangId::Rust,
        "pub use crate::a::{b, c::{self, d as e}, f::*};\n",
    );
    let imports: Vec<_> = f
        .imports
        .iter()
        .map(|i| {
            (
                i.kind,
                i.path.as_str(),
                i.name.as_deref(),
                i.alias.as_deref(),
                i.reexport,
            )
        })
        .collect();
    assert_eq!(
        imports,
        [
            (ImportKind::Member, "crate::a", Some("b"), None, true),
            (ImportKind::Member, "crate::a", Some("c"), None, true),
            (
                ImportKind::Member,
                "crate::a::c",
                Some("d"),
                Some("e"),
                true
            ),
            (ImportKind::Glob, "crate::a::f", None, None, true),
        ]
    );
}

#[test]
fn python_nested_functions_are_not_methods_and_calls_belong_to_the_innermost() {
    let f = facts(
        LangId::Python,
        "class C:\n    def m(self):\n        def inner():\n            g()\n        inner()\n",
    );
    let kinds: Vec<_> = f
        .symbols
        .iter()
        .map(|s| (s.name.as_str(), s.kind, s.parent))
        .collect();
    assert_eq!(
        kinds,
        [
            ("C", SymbolKind::Class, None),
            ("m", SymbolKind::Method, Some(0)),
            ("inner", SymbolKind::Function, Some(1))
        ]
    );
    let callers: Vec<_> = f
        .calls
        .iter()
        .map(|c| (c.name.as_str(), c.caller))
        .collect();
    assert_eq!(callers, [("g", Some(2)), ("inner", Some(1))]);
}

#[test]
fn deeply_nested_calls_are_each_recorded_with_bounded_expressions() {
    let depth = 900;
    let source = format!("x = {}1{}\n", "f(".repeat(depth), ")".repeat(depth));
    let facts = facts(LangId::Python, &source);
    assert_eq!(facts.flow.calls.len(), depth);
    // Arguments nested past the bound are read as unknown, not followed.
    let unknown = facts
        .flow
        .exprs
        .iter()
        .filter(|e| matches!(e, crate::parse::flow::Expr::Unknown))
        .count();
    assert!(unknown > 0, "nothing was cut at the depth bound");
}

/// An anonymous function's branches are its own: a returned closure, a lambda or an arrow
/// function adds nothing to the function around it, while a function bound to a name
/// (`const pick = (x) => …`) keeps its own.
#[test]
fn anonymous_functions_keep_their_branches_to_themselves() {
    let rust = "fn make(limit: u32) -> impl Fn(u32) -> bool {\n    if limit > 9 { panic!() }\n    move |x| if x > limit && x < 99 { true } else { false }\n}\n";
    assert_eq!(
        metrics(&facts(LangId::Rust, rust)),
        ["make Function 4/2/1/1"]
    );
    let python = "def make(limit):\n    if limit:\n        pass\n    return lambda x: x if x > limit else None\n";
    assert_eq!(
        metrics(&facts(LangId::Python, python)),
        ["make Function 4/2/1/1"]
    );
    let ts = "export function make(limit: number) {\n  if (limit) { limit++; }\n  return (x: number) => (x > limit ? 1 : x > 0 ? 2 : 3);\n}\nexport const pick = (x: number) => (x > 1 ? 1 : 2);\n";
    assert_eq!(
        metrics(&facts(LangId::TypeScript, ts)),
        ["make Function 4/2/1/1", "pick Function 1/2/0/1"]
    );
}

#[test]
fn rust_references_are_read_through_their_lifetimes() {
    use crate::parse::facts::Borrow;
    assert_eq!(super::type_name("&'a mut Serializer<W, F>"), "Serializer");
    assert_eq!(super::type_name("&'de Value"), "Value");
    assert_eq!(super::type_name("crate::map::Map<K, V>"), "crate::map::Map");
    assert_eq!(Borrow::split("&'a mut [Hir]"), (Borrow::Mutable, "[Hir]"));
    assert_eq!(Borrow::split("&&mut T"), (Borrow::Shared, "T"));
    assert_eq!(Borrow::split("Vec<T>"), (Borrow::Owned, "Vec<T>"));
}
