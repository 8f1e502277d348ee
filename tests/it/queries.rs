//! The queries in `queries/` run through our matcher (`parse::query`); tree-sitter's own
//! query engine is the reference. On every sample, both must report exactly the same
//! matches, and every pattern must match at least once (so the comparison means something).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use repotoire::detect::local::RuleQuery;
use repotoire::lang::{self, LANGUAGES, LangId};
use repotoire::parse::query::Matcher;
use tree_sitter::StreamingIterator;

type Captures = Vec<(String, usize, usize)>;
type Found = Vec<(usize, Captures)>;

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
    out
}

/// Every source file under `dir` (recursively) in `language`, by path from the crate root.
fn sources_under(dir: &Path, language: LangId, out: &mut Vec<(String, Vec<u8>)>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources_under(&path, language, out);
            continue;
        }
        let name = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if lang::for_path(&name) == Some(language) {
            out.push((name, std::fs::read(&path).unwrap()));
        }
    }
}

/// Sample sources per language: the samples in `queries/tests/`, every detector fixture,
/// and this repository's own Rust.
fn samples(language: LangId) -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    sources_under(&root.join("queries/tests"), language, &mut out);
    // TSX is TypeScript plus JSX: its own sample holds only the JSX.
    if language == LangId::Tsx {
        sources_under(&root.join("queries/tests"), LangId::TypeScript, &mut out);
    }
    sources_under(&root.join("detectors"), language, &mut out);
    if language == LangId::Rust {
        sources_under(&root.join("src"), language, &mut out);
    }
    out
}

/// The first line of pattern `pattern` of `source`, to name it in a failure.
fn pattern_line(query: &tree_sitter::Query, source: &str, pattern: usize) -> String {
    source[query.start_byte_for_pattern(pattern)..]
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

/// Each pattern's matches, in document order of their captures. The order of reports is
/// not compared: ours reports by match root in pre-order, then by pattern (extraction
/// keeps the first pattern's reading of a node), tree-sitter's cursor as each match
/// completes, so an outer call whose last step follows an inner call comes after it.
fn by_pattern(matches: Found) -> BTreeMap<usize, Vec<Captures>> {
    let mut out: BTreeMap<usize, Vec<_>> = BTreeMap::new();
    for (pattern, captures) in matches {
        out.entry(pattern).or_default().push(captures);
    }
    for list in out.values_mut() {
        list.sort();
    }
    out
}

/// Our matcher and tree-sitter's `QueryCursor` give the same matches (pattern, captures,
/// how many times each) for `source` on every sample of the language; returns the
/// patterns that matched.
fn compare(spec: &lang::LanguageSpec, source: &str, what: &str) -> BTreeSet<usize> {
    let reference = tree_sitter::Query::new(&(spec.grammar)(), source)
        .unwrap_or_else(|e| panic!("{what} ({}): tree-sitter: {e}", spec.name));
    let ours = Matcher::new(&(spec.grammar)(), source)
        .unwrap_or_else(|e| panic!("{what} ({}): {e}", spec.name));
    assert_eq!(
        ours.pattern_count(),
        reference.pattern_count(),
        "{what} ({})",
        spec.name
    );
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&(spec.grammar)()).unwrap();
    let mut used = BTreeSet::new();
    let samples = samples(spec.id);
    assert!(samples.len() > 1, "{}: no samples", spec.name);
    for (path, bytes) in samples {
        let tree = parser.parse(&bytes, None).unwrap();
        let expected = by_pattern(with_tree_sitter(&reference, &tree, &bytes));
        let found = by_pattern(with_ours(&ours, &tree, spec.id, &bytes));
        if found != expected {
            let pattern = found
                .iter()
                .zip(&expected)
                .find(|(a, b)| a != b)
                .map_or_else(
                    || found.len().min(expected.len()),
                    |((p, _), (q, _))| *p.min(q),
                );
            pretty_assertions::assert_eq!(
                found.get(&pattern),
                expected.get(&pattern),
                "{what} ({}) on {path}: the matches of pattern {pattern} `{}`",
                spec.name,
                pattern_line(&reference, source, pattern)
            );
            pretty_assertions::assert_eq!(found, expected, "{what} ({}) on {path}", spec.name);
        }
        used.extend(found.keys().copied());
    }
    used
}

#[test]
fn our_matcher_reports_exactly_what_tree_sitter_reports() {
    for spec in LANGUAGES {
        let source = lang::query_source(spec);
        let used = compare(spec, &source, "queries/");
        let reference = tree_sitter::Query::new(&(spec.grammar)(), &source).unwrap();
        let unused: Vec<String> = (0..reference.pattern_count())
            .filter(|p| !used.contains(p))
            .map(|p| pattern_line(&reference, &source, p))
            .collect();
        assert!(
            unused.is_empty(),
            "{}: patterns no sample exercises: {unused:#?}",
            spec.name
        );
    }
}

/// Every detector rule's query, as the local pass compiles it (all of a language's rules
/// in one matcher), on every detector fixture and sample of the language.
#[test]
fn every_rule_query_matches_as_tree_sitter_does() {
    let rules = repotoire::detect::rule::embedded().unwrap();
    let mut rules_used = BTreeSet::new();
    for spec in LANGUAGES {
        let query = RuleQuery::new(spec.id, &rules).unwrap();
        if query.parts.is_empty() {
            continue;
        }
        let used = compare(spec, &query.text, "detectors/*/rule.toml");
        rules_used.extend(used.iter().filter_map(|&p| query.rule_of(p)));
    }
    // Each query rule matched somewhere, so the comparison covered it.
    let idle: Vec<&str> = rules
        .iter()
        .enumerate()
        .filter(|(i, r)| !r.query.is_empty() && !rules_used.contains(i))
        .map(|(_, r)| r.source.as_str())
        .collect();
    assert!(
        idle.is_empty(),
        "query rules that matched nothing: {idle:#?}"
    );
}

/// A construct the matcher does not support is an error when the rules load, naming the
/// rule, never a silent difference from tree-sitter.
#[test]
fn an_unsupported_rule_query_is_an_error_naming_the_rule() {
    let rule = |scm: &str| {
        format!(
            "id = \"odd-rule\"\ntitle = \"t\"\ncategory = \"quality\"\nseverity = \"low\"\n\
             languages = [\"python\"]\nmessage = \"m\"\n[docs]\nwhat = \"w\"\nwhy = \"y\"\nexample = \"e\"\ninstead = \"i\"\n\
             [query.python]\nscm = '''{scm}'''\n"
        )
    };
    for (scm, says) in [
        ("(call (identifier)* @match)", "not supported"),
        ("(argument_list .) @match", "anchor"),
        ("(no_such_node) @match", "no node kind `no_such_node`"),
    ] {
        let parsed =
            repotoire::detect::rule::Rule::parse(&rule(scm), "my-rules/odd-rule/rule.toml")
                .unwrap();
        let err = repotoire::detect::local::Pass::new(&[parsed])
            .and_then(|pass| pass.compile_all())
            .err()
            .unwrap_or_else(|| panic!("`{scm}` loaded"));
        assert!(
            err.contains("my-rules/odd-rule/rule.toml") && err.contains(says),
            "{scm}: {err}"
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

/// A pattern nested past the limit is an error, not a stack overflow.
#[test]
fn deeply_nested_patterns_are_refused() {
    let grammar: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
    for depth in [65, 5_000] {
        let text = format!(
            "{}(identifier){}",
            "(call ".repeat(depth),
            ")".repeat(depth)
        );
        let err = Matcher::new(&grammar, &text).err().unwrap();
        assert!(err.contains("nested deeper than 64"), "{err}");
    }
    let ok = format!("{}(identifier){}", "(call ".repeat(10), ")".repeat(10));
    assert!(Matcher::new(&grammar, &ok).is_ok());
}

/// A node with many children and many matches: anchored and free steps, and matches that
/// differ only in nodes they do not capture (reported once), past the count where our
/// matcher stops comparing each match with every earlier one.
#[test]
fn a_node_with_many_matches_matches_as_tree_sitter_does() {
    let spec = LangId::Rust.spec();
    let source = "\
(token_tree (identifier) @name . (token_tree) @args)
(token_tree (identifier) @free (token_tree))
(token_tree (identifier) @first . (identifier) @second)";
    let reference = tree_sitter::Query::new(&(spec.grammar)(), source).unwrap();
    let ours = Matcher::new(&(spec.grammar)(), source).unwrap();
    let tokens: Vec<String> = (0..60)
        .map(|i| match i % 3 {
            0 => format!("f{i}(x)"),
            1 => format!("a{i} > (b)"),
            _ => format!("g{i} h{i}"),
        })
        .collect();
    let code = format!("fn f() {{ m!({}); }}\n", tokens.join(" "));
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&(spec.grammar)()).unwrap();
    let tree = parser.parse(code.as_bytes(), None).unwrap();
    let expected = by_pattern(with_tree_sitter(&reference, &tree, code.as_bytes()));
    let found = by_pattern(with_ours(&ours, &tree, LangId::Rust, code.as_bytes()));
    // Each pattern matches far more often than one node's matches are compared one by one.
    for pattern in 0..3 {
        assert!(
            expected.get(&pattern).is_some_and(|m| m.len() > 30),
            "pattern {pattern}: {:?}",
            expected.get(&pattern).map(Vec::len)
        );
    }
    pretty_assertions::assert_eq!(found, expected);
}
