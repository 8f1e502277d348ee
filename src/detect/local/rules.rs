//! Declarative rules: every `[query.<lang>]` of a language compiled into one matcher (plus
//! the few node kinds the Rust-coded detectors need), run in one walk of the tree.

use tree_sitter::Node;

use crate::detect::finding::Severity;
use crate::detect::local::enclosing::{
    ECMA_DEFINITIONS, RustTests, enclosing_function, in_async, in_loop,
};
use crate::detect::local::rule_filters::Filters;
use crate::detect::local::{Collected, Hit, imports, is_test_path, line_of};
use crate::detect::rule::{Engine, QuerySpec, Rule, query_languages};
use crate::lang::{Family, LangId};
use crate::parse::FileFacts;
use crate::parse::flat::FlatTree;
use crate::parse::query::regexes::LazyRegex;
use crate::parse::query::{Matcher, syntax};

/// The (first, last) lines of the symbols a filter's `unless_enclosing` and
/// `only_enclosing` regexes name.
type EnclosingSpans = [Vec<(u32, u32)>; 2];

/// The node kinds the Rust-coded detectors need, by `Collected` slot: comments,
/// functions, strings, identifiers, returns. Read straight off the flat tree by kind id.
fn collect_kinds(language: LangId) -> [&'static [&'static str]; 5] {
    match (language, language.family()) {
        (LangId::JavaScript, _) => [
            &["comment"],
            ECMA_DEFINITIONS,
            &["string", "template_string"],
            // A destructured `require` binds its names as patterns.
            &[
                "identifier",
                "shorthand_property_identifier",
                "shorthand_property_identifier_pattern",
            ],
            &["return_statement"],
        ],
        (_, Family::Python) => [
            &["comment"],
            &["function_definition"],
            &["string"],
            &["identifier"],
            &["return_statement"],
        ],
        (_, Family::Rust) => [
            &["line_comment", "block_comment"],
            &["function_item"],
            &["string_literal"],
            &[],
            &["return_expression"],
        ],
        (_, Family::Ecma) => [
            &["comment"],
            ECMA_DEFINITIONS,
            &["string", "template_string"],
            &[
                "identifier",
                "type_identifier",
                "shorthand_property_identifier",
                "shorthand_property_identifier_pattern",
            ],
            &["return_statement"],
        ],
    }
}

pub struct LangRules {
    language: LangId,
    matcher: Matcher,
    /// Pattern index → (rule index, filters index).
    patterns: Vec<Option<(usize, usize)>>,
    /// Pattern index → whether its rule reports nothing in test files, where it is not
    /// tried at all (`analyze` would drop what it found there).
    skipped_in_tests: Vec<bool>,
    filters: Vec<Filters>,
    match_capture: Option<u32>,
    /// Kind id → `Collected` slot + 1 (0: not collected).
    collect: Vec<u8>,
}

/// The query a language's rules compile into: every `[query.<key>]` of a query rule that
/// claims `language`, in rule order, each with the rule it came from and its pattern count.
pub struct RuleQuery<'r> {
    pub text: String,
    /// (rule index, its spec, patterns it adds), in the order of `text`.
    pub parts: Vec<(usize, &'r QuerySpec, usize)>,
    /// Each part's patterns, parsed once per process (`syntax::parse_shared`).
    pub patterns: Vec<std::sync::Arc<[syntax::Pattern]>>,
}

impl<'r> RuleQuery<'r> {
    /// An unsupported construct is an error naming the rule and its `[query.<key>]`.
    pub fn new(language: LangId, rules: &'r [Rule]) -> Result<RuleQuery<'r>, String> {
        let mut text = String::new();
        let mut parts = Vec::new();
        let mut patterns = Vec::new();
        for (index, rule) in rules.iter().enumerate() {
            if rule.engine != Engine::Query || !rule.claims(language) {
                continue;
            }
            for (key, spec) in &rule.query {
                if !query_languages(key).contains(&language) {
                    continue;
                }
                let parsed = syntax::parse_shared(&spec.scm)
                    .map_err(|e| format!("{} [query.{key}]: {e}", rule.source))?;
                parts.push((index, spec, parsed.len()));
                patterns.push(parsed);
                text.push_str(&spec.scm);
                text.push('\n');
            }
        }
        Ok(RuleQuery {
            text,
            parts,
            patterns,
        })
    }

    /// The rule that pattern `pattern` of `text` belongs to.
    pub fn rule_of(&self, pattern: usize) -> Option<usize> {
        let mut start = 0;
        self.parts.iter().find_map(|&(rule, _, count)| {
            start += count;
            (pattern < start).then_some(rule)
        })
    }
}

impl LangRules {
    pub fn new(language: LangId, rules: &[Rule]) -> Result<LangRules, String> {
        let query = RuleQuery::new(language, rules)?;
        let mut patterns = Vec::new();
        let mut skipped_in_tests = Vec::new();
        let mut filters = Vec::new();
        for &(index, spec, count) in &query.parts {
            let rule = &rules[index];
            filters.push(Filters::of(rule, spec)?);
            patterns.extend(std::iter::repeat_n(Some((index, filters.len() - 1)), count));
            skipped_in_tests.extend(std::iter::repeat_n(rule.skip_tests, count));
        }
        let grammar = (language.spec().grammar)();
        let all = query.patterns.iter().flat_map(|part| part.iter());
        let matcher = Matcher::from_patterns(&grammar, all).map_err(|e| {
            // Name the rule: the first part that does not compile alone.
            query
                .parts
                .iter()
                .zip(&query.patterns)
                .find_map(|(&(index, _, _), part)| {
                    let err = Matcher::from_patterns(&grammar, part.iter()).err()?;
                    Some(format!(
                        "{} ({}): {err}",
                        rules[index].source,
                        language.name()
                    ))
                })
                .unwrap_or_else(|| format!("{}: {e}", language.name()))
        })?;
        for filter in &mut filters {
            filter.resolve(&matcher.capture_names);
        }
        let match_capture = matcher
            .capture_names
            .iter()
            .position(|n| n == "match")
            .map(|i| i as u32);
        let mut collect = vec![0u8; grammar.node_kind_count()];
        for (slot, kinds) in collect_kinds(language).iter().enumerate() {
            for id in 0..grammar.node_kind_count() as u16 {
                if grammar.node_kind_is_named(id)
                    && grammar
                        .node_kind_for_id(id)
                        .is_some_and(|k| kinds.contains(&k))
                {
                    collect[id as usize] = slot as u8 + 1;
                }
            }
        }
        Ok(LangRules {
            language,
            matcher,
            patterns,
            skipped_in_tests,
            filters,
            match_capture,
            collect,
        })
    }

    #[expect(
        clippy::too_many_lines,
        reason = "each match goes through the rule filters as one sequence of early exits over shared state"
    )]
    pub fn run<'t>(
        &self,
        rules: &[Rule],
        source: &str,
        tree: &FlatTree<'t>,
        facts: &FileFacts,
        collected: &mut Collected<'t>,
        hits: &mut Vec<Hit>,
    ) {
        let test_file = is_test_path(&facts.path);
        let family = self.language.family();
        let imported = std::cell::OnceCell::new();
        let rust_tests = std::cell::OnceCell::new();
        // Per filter, the (first, last) lines of the symbols whose names its enclosing
        // regexes match, found once: asking every symbol at every match cost matches ×
        // symbols.
        let enclosing: std::cell::OnceCell<Vec<std::cell::OnceCell<EnclosingSpans>>> =
            std::cell::OnceCell::new();
        for index in 0..tree.len() as u32 {
            let entry = tree.entry(index);
            let list = match self.collect.get(entry.kind as usize) {
                Some(1) => {
                    collected.comments.push(index);
                    continue;
                }
                Some(2) => &mut collected.functions,
                Some(3) => {
                    collected.strings.push(index);
                    continue;
                }
                Some(4) => {
                    collected.identifiers.push(index);
                    continue;
                }
                Some(5) => &mut collected.returns,
                _ => continue,
            };
            list.push(entry.node);
        }
        let skip: &[bool] = if test_file {
            &self.skipped_in_tests
        } else {
            &[]
        };
        self.matcher
            .for_each_match_except(tree, source.as_bytes(), skip, |pattern, captures| {
                let Some(Some((rule_index, filter_index))) = self.patterns.get(pattern as usize)
                else {
                    return;
                };
                let rule = &rules[*rule_index];
                let filters = &self.filters[*filter_index];
                let Some(node) = captures
                    .iter()
                    .find(|(c, _)| Some(*c) == self.match_capture)
                    .map(|(_, n)| *n)
                else {
                    return;
                };
                let Some(at) = tree.index_of(node) else {
                    return;
                };
                // Cheap and selective (a pattern on `.get(` meets every dict read): first.
                if let Some((_, index, path)) = &filters.callee {
                    let text = captures
                        .iter()
                        .find(|(c, _)| Some(*c) == *index)
                        .and_then(|(_, callee)| source.get(callee.byte_range()));
                    let names =
                        imported.get_or_init(|| imports::LibraryNames::new(&facts.imports, family));
                    if !text.is_some_and(|text| names.calls(text, |p| path.is_match(p))) {
                        return;
                    }
                }
                if rule.skip_tests
                    && (test_file
                        || (family == Family::Rust
                            && rust_tests
                                .get_or_init(|| RustTests::of(tree, source))
                                .contain(tree, at)))
                {
                    return;
                }
                if !(filters.path_ok)(&facts.path) {
                    return;
                }
                let line = line_of(node);
                if filters.unless_enclosing.is_some() || filters.only_enclosing.is_some() {
                    let spans = enclosing
                        .get_or_init(|| self.filters.iter().map(|_| Default::default()).collect());
                    let [unless, only] = spans[*filter_index].get_or_init(|| {
                        [&filters.unless_enclosing, &filters.only_enclosing].map(|regex| {
                            let Some(regex) = regex else {
                                return Vec::new();
                            };
                            facts
                                .symbols
                                .iter()
                                .filter(|s| regex.is_match(&s.name))
                                .map(|s| (s.line, s.end_line))
                                .collect()
                        })
                    });
                    let inside = |spans: &[(u32, u32)]| {
                        spans.iter().any(|&(from, to)| from <= line && line <= to)
                    };
                    if filters.unless_enclosing.is_some() && inside(unless)
                        || filters.only_enclosing.is_some() && !inside(only)
                    {
                        return;
                    }
                }
                if let Some(regex) = &filters.unless_above
                    && justified(source, node.start_byte(), regex)
                {
                    return;
                }
                if let Some(regex) = &filters.unless_line_rest
                    && regex.is_match(line_rest(source, node.start_byte()))
                {
                    return;
                }
                if let Some(regex) = &filters.unless_function
                    && function_around(tree, at, family)
                        .is_some_and(|f| regex.is_match(tree.text(f, source)))
                {
                    return;
                }
                if let Some(regex) = &filters.only_function
                    && !function_around(tree, at, family)
                        .is_some_and(|f| regex.is_match(tree.text(f, source)))
                {
                    return;
                }
                if filters
                    .only_file
                    .as_ref()
                    .is_some_and(|regex| !regex.is_match(source))
                {
                    return;
                }
                if filters.in_loop && !in_loop(tree, at, family) {
                    return;
                }
                if !filters.names_allow(
                    &self.matcher.capture_names,
                    captures,
                    tree,
                    at,
                    source,
                    family,
                ) {
                    return;
                }
                if filters.in_async && !in_async(tree, at, family, source) {
                    return;
                }
                let message =
                    template(&rule.message, &self.matcher.capture_names, captures, source);
                // Two queries of a rule may both match a line (an assignment and the call
                // in it); matches come in order, so a repeat is among the last few.
                if hits
                    .iter()
                    .rev()
                    .take(16)
                    .any(|h| h.line == line && h.rule == rule.id)
                {
                    return;
                }
                hits.push(Hit {
                    rule: rule.id.clone(),
                    line,
                    end_line: node.end_position().row as u32 + 1,
                    column: node.start_position().column as u32 + 1,
                    message,
                    severity: filters.audit.then_some(Severity::Low),
                    flow: Vec::new(),
                    value: None,
                    audit: filters.audit,
                });
            });
    }
}

/// The comment that justifies the match starting at byte `at`: its line, the line after it
/// (a comment opening a block), the three lines above, and any comment block running further
/// up. Reads only those lines: a file can hold hundreds of matches.
/// The text from byte `at` to the end of its line.
fn line_rest(source: &str, at: usize) -> &str {
    let rest = source.get(at..).unwrap_or("");
    rest.split('\n').next().unwrap_or("")
}

fn justified(source: &str, at: usize, regex: &LazyRegex) -> bool {
    let line_start = source
        .get(..at)
        .and_then(|b| b.rfind('\n'))
        .map_or(0, |i| i + 1);
    let rest = source.get(line_start..).unwrap_or("");
    if rest.lines().take(2).any(|l| regex.is_match(l)) {
        return true;
    }
    let is_comment = |l: &str| {
        let t = l.trim_start();
        t.starts_with("//") || t.starts_with('#') || t.starts_with("/*") || t.starts_with('*')
    };
    let above = source.get(..line_start).unwrap_or("");
    for (distance, text) in above.lines().rev().enumerate() {
        if regex.is_match(text) {
            return true;
        }
        if distance >= 2 && !is_comment(text) {
            return false;
        }
    }
    false
}

/// Replaces `{name}` with the text of capture `name` (first line, bounded).
fn template(message: &str, names: &[String], captures: &[(u32, Node<'_>)], source: &str) -> String {
    let mut out = message.to_string();
    for (capture, node) in captures {
        let Some(name) = names.get(*capture as usize) else {
            continue;
        };
        let key = format!("{{{name}}}");
        if out.contains(&key) {
            let text = source.get(node.byte_range()).unwrap_or("");
            let first = text.lines().next().unwrap_or("").trim();
            let shown = match first.char_indices().nth(60) {
                Some((cut, _)) => format!("{}…", &first[..cut]),
                None => first.to_string(),
            };
            out = out.replace(&key, &shown);
        }
    }
    out
}

/// The function a match is in, for `unless_function`: a Rust closure runs under the
/// contract and checks of the `fn` around it (an `unsafe fn`'s callback), so it is read
/// through to that `fn`.
fn function_around(tree: &FlatTree<'_>, at: u32, family: Family) -> Option<u32> {
    let mut function = enclosing_function(tree, at, family)?;
    while family == Family::Rust && tree.kind(function) == "closure_expression" {
        function = enclosing_function(tree, function, family)?;
    }
    Some(function)
}

#[cfg(test)]
mod tests {
    use crate::lang::LangId;
    use crate::parse::LocalPass;
    use crate::parse::query::regexes::checked_patterns_agree;

    /// Every built-in rule regex (the catalog's sinks, each language's queries and rule
    /// filters) is checked without Unicode where that decides nothing; the answers are the
    /// full reading's.
    #[test]
    fn built_in_rule_regexes_check_as_with_unicode() {
        let catalog = crate::detect::analyze::Catalog::builtin().expect("built-in rules");
        let pass = catalog.pass().expect("the local pass");
        for language in [
            LangId::Python,
            LangId::Rust,
            LangId::TypeScript,
            LangId::Tsx,
            LangId::JavaScript,
        ] {
            pass.prepare(language);
        }
        let checked = checked_patterns_agree();
        assert!(checked.len() > 150, "{} patterns", checked.len());
        let differ: Vec<&String> = checked
            .iter()
            .filter(|(_, agrees)| !agrees)
            .map(|(p, _)| p)
            .collect();
        assert!(differ.is_empty(), "{differ:?}");
    }

    /// A pattern rooted at `(_)` or `_` is tried at every node of every file of its
    /// language; every built-in one names the kind it starts at.
    #[test]
    fn no_built_in_rule_pattern_starts_at_a_wildcard() {
        use crate::parse::query::syntax::{Kind, PatternNode, parse};
        fn wild(node: &PatternNode) -> bool {
            match node {
                PatternNode::Node { kind, .. } => matches!(kind, Kind::AnyNamed | Kind::Any),
                PatternNode::Alternation { alternatives, .. } => alternatives.iter().any(wild),
            }
        }
        let catalog = crate::detect::analyze::Catalog::builtin().expect("built-in rules");
        let mut rooted_anywhere = Vec::new();
        for rule in catalog.rules.iter() {
            for (key, spec) in &rule.query {
                let patterns = parse(&spec.scm).expect("built-in queries parse");
                assert!(!patterns.is_empty(), "{} [query.{key}]", rule.id);
                for pattern in patterns.iter().filter(|p| wild(&p.root)) {
                    rooted_anywhere
                        .push(format!("{} [query.{key}] at {}", rule.id, pattern.offset));
                }
            }
        }
        assert!(rooted_anywhere.is_empty(), "{rooted_anywhere:#?}");
    }

    /// Compiling everything the binary embeds (every language's queries and rules, every
    /// family's sinks) on a fresh thread asks about no regex the build did not check.
    #[test]
    fn the_build_checked_every_embedded_regex() {
        let missed = std::thread::spawn(|| {
            use crate::lang::{LANGUAGES, query_source};
            let catalog = crate::detect::analyze::Catalog::builtin().expect("embedded rules");
            let pass = catalog.pass().expect("pass");
            pass.compile_all().expect("every language compiles");
            for spec in LANGUAGES {
                crate::parse::query::Matcher::new(&(spec.grammar)(), &query_source(spec))
                    .expect("queries compile");
            }
            // A file of each family compiles that family's sinks.
            for (path, language, text) in [
                ("a.py", LangId::Python, "import os\nos.system(input())\n"),
                ("a.ts", LangId::TypeScript, "eval(location.hash)\n"),
                (
                    "a.rs",
                    LangId::Rust,
                    "fn f(s: String) { std::process::Command::new(s); }\n",
                ),
            ] {
                let bytes = text.as_bytes();
                let hash = crate::parse::hash(bytes);
                crate::parse::parse_checked(path, language, bytes, hash, Some(&pass), None)
                    .expect("parses");
            }
            crate::parse::query::regexes::missed_ahead()
        })
        .join()
        .expect("compiling panicked");
        assert_eq!(missed, Vec::<String>::new());
    }
}
