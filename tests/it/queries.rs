//! The queries in `queries/` run through our matcher (`parse::query`); tree-sitter's own
//! query engine is the reference. On every sample, both must report exactly the same
//! matches, and every pattern must match at least once (so the comparison means something).

use std::collections::BTreeSet;
use std::path::Path;

use repotoire::lang::{self, LANGUAGES, LangId};
use repotoire::parse::query::Matcher;
use tree_sitter::StreamingIterator;

type Found = Vec<(usize, Vec<(String, usize, usize)>)>;

fn with_tree_sitter(query: &tree_sitter::Query, tree: &tree_sitter::Tree, source: &[u8]) -> Found {
    let names = query.capture_names();
    let mut out = Vec::new();
    let mut cursor = tree_sitter::QueryCursor::new();
    let mut matches = cursor.matches(query, tree.root_node(), source);
    while let Some(m) = matches.next() {
        let mut caps: Vec<_> = m
            .captures()
            .iter()
            .map(|c| {
                (
                    names[c.index as usize].to_string(),
                    c.node.start_byte(),
                    c.node.end_byte(),
                )
            })
            .collect();
        caps.sort();
        out.push((m.pattern_index, caps));
    }
    out.sort();
    out
}

fn with_ours(
    matcher: &Matcher,
    tree: &tree_sitter::Tree,
    language: LangId,
    source: &[u8],
) -> Found {
    let mut out = Vec::new();
    let flat = repotoire::parse::flat::FlatTree::new(tree, language);
    matcher.for_each_match(&flat, source, |pattern, captures| {
        let mut caps: Vec<_> = captures
            .iter()
            .map(|(c, n)| {
                (
                    matcher.capture_names[*c as usize].clone(),
                    n.start_byte(),
                    n.end_byte(),
                )
            })
            .collect();
        caps.sort();
        out.push((pattern as usize, caps));
    });
    out.sort();
    out
}

/// Sample sources per language: the samples in `queries/tests/`, plus this repository's Rust.
fn samples(language: LangId) -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ext = match language {
        LangId::Python => "py",
        LangId::Rust => "rs",
        LangId::TypeScript => "ts",
        LangId::Tsx => "tsx",
        LangId::JavaScript => "js",
    };
    let read = |name: String| {
        let bytes = std::fs::read(root.join(&name)).unwrap();
        (name, bytes)
    };
    let mut out = vec![read(format!("queries/tests/sample.{ext}"))];
    // TSX is TypeScript plus JSX: its own sample holds only the JSX.
    if language == LangId::Tsx {
        out.push(read("queries/tests/sample.ts".to_string()));
    }
    if language == LangId::Rust {
        for file in repotoire::parse::walk::walk(&root.join("src"), 1 << 20).files {
            out.push((file.path.clone(), std::fs::read(&file.abs).unwrap()));
        }
    }
    out
}

#[test]
fn our_matcher_reports_exactly_what_tree_sitter_reports() {
    for spec in LANGUAGES {
        let source = lang::query_source(spec);
        let reference = tree_sitter::Query::new(&(spec.grammar)(), &source).unwrap();
        let ours = Matcher::new(&(spec.grammar)(), &source).unwrap();
        assert_eq!(
            ours.pattern_count(),
            reference.pattern_count(),
            "{}",
            spec.name
        );
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&(spec.grammar)()).unwrap();
        let mut used = BTreeSet::new();
        for (path, bytes) in samples(spec.id) {
            let tree = parser.parse(&bytes, None).unwrap();
            let expected = with_tree_sitter(&reference, &tree, &bytes);
            let found = with_ours(&ours, &tree, spec.id, &bytes);
            pretty_assertions::assert_eq!(found, expected, "{} on {path}", spec.name);
            used.extend(found.iter().map(|(pattern, _)| *pattern));
        }
        let unused: Vec<String> = (0..reference.pattern_count())
            .filter(|p| !used.contains(p))
            .map(|p| {
                source[reference.start_byte_for_pattern(p)..]
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_string()
            })
            .collect();
        assert!(
            unused.is_empty(),
            "{}: patterns no sample exercises: {unused:#?}",
            spec.name
        );
    }
}

#[test]
fn unsupported_query_syntax_is_an_error_naming_the_place() {
    let grammar: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
    let err = Matcher::new(&grammar, "(call (identifier)* @x)")
        .err()
        .unwrap();
    assert!(err.contains("not supported"), "{err}");
    let err = Matcher::new(&grammar, "(no_such_node) @x").err().unwrap();
    assert!(err.contains("no node kind `no_such_node`"), "{err}");
}

/// Patterns marked skipped are not tried; the others match as they do without the marks.
#[test]
fn skipped_patterns_report_no_matches_and_leave_the_rest_alone() {
    let grammar: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
    let matcher = Matcher::new(
        &grammar,
        "(call function: (identifier) @f)\n(string) @s\n(identifier) @i\n",
    )
    .unwrap();
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&grammar).unwrap();
    let source = b"print('a')\nx = len(y)\n";
    let tree = parser.parse(source, None).unwrap();
    let flat = repotoire::parse::flat::FlatTree::new(&tree, LangId::Python);
    let patterns = |skip: &[bool]| {
        let mut seen = Vec::new();
        matcher.for_each_match_except(&flat, source, skip, |pattern, _| seen.push(pattern));
        seen
    };
    let all = patterns(&[]);
    assert_eq!(all.iter().filter(|&&p| p == 0).count(), 2, "{all:?}");
    let without_calls = patterns(&[true]);
    assert_eq!(
        without_calls,
        all.iter().copied().filter(|&p| p != 0).collect::<Vec<_>>()
    );
    assert_eq!(
        patterns(&[false, true, true]),
        all.iter().copied().filter(|&p| p == 0).collect::<Vec<_>>()
    );
}
