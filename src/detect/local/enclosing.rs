//! What encloses a node, for the rule filters and the Rust-coded detectors: functions,
//! loops (and whether a value changes from one iteration to the next), `async`, Rust test
//! code.

use tree_sitter::Node;

use crate::lang::{Family, LangId};
use crate::parse::flat::{FlatTree, KindSet, KindTable};

/// The kinds of a family's functions (and closures, lambdas): what `is_function` names.
const fn function_kinds(family: Family) -> &'static [&'static str] {
    match family {
        Family::Python => &["function_definition", "lambda"],
        Family::Rust => &["function_item", "closure_expression"],
        Family::Ecma => ECMA_FUNCTION_KINDS,
    }
}

/// ECMAScript's function kinds; the first, `function`, is the older grammars' function
/// expression (the collected functions leave it out: `ECMA_DEFINITIONS`).
const ECMA_FUNCTION_KINDS: &[&str] = &[
    "function",
    "function_declaration",
    "function_expression",
    "arrow_function",
    "method_definition",
    "generator_function_declaration",
    "generator_function",
];

/// The functions the pass collects in ECMAScript: `ECMA_FUNCTION_KINDS` but the old name.
pub(super) const ECMA_DEFINITIONS: &[&str] = ECMA_FUNCTION_KINDS.split_at(1).1;

pub fn is_function(kind: &str, family: Family) -> bool {
    function_kinds(family).contains(&kind)
}

static PYTHON_FUNCTIONS: KindSet = KindSet::new(function_kinds(Family::Python));
static RUST_FUNCTIONS: KindSet = KindSet::new(function_kinds(Family::Rust));
static ECMA_FUNCTIONS: KindSet = KindSet::new(function_kinds(Family::Ecma));

/// `is_function` by kind id, for walks that test every node.
pub fn function_kinds_of(language: LangId) -> KindTable<'static> {
    match language.family() {
        Family::Python => &PYTHON_FUNCTIONS,
        Family::Rust => &RUST_FUNCTIONS,
        Family::Ecma => &ECMA_FUNCTIONS,
    }
    .of(language)
}

pub(super) fn is_loop(kind: &str, family: Family) -> bool {
    match family {
        Family::Python => matches!(
            kind,
            "for_statement"
                | "while_statement"
                | "list_comprehension"
                | "set_comprehension"
                | "dictionary_comprehension"
                | "generator_expression"
        ),
        Family::Rust => matches!(
            kind,
            "for_expression" | "while_expression" | "loop_expression"
        ),
        Family::Ecma => matches!(
            kind,
            "for_statement" | "for_in_statement" | "while_statement" | "do_statement"
        ),
    }
}

/// Ancestors of node `index`, nearest first.
pub(super) fn ancestors<'a>(tree: &'a FlatTree<'_>, index: u32) -> impl Iterator<Item = u32> + 'a {
    std::iter::successors(tree.parent(index), move |&p| tree.parent(p))
}

/// Inside a loop of the same function (a loop outside the enclosing function does not count).
pub(super) fn in_loop(tree: &FlatTree<'_>, index: u32, family: Family) -> bool {
    let (right, value) = (tree.field_id("right"), tree.field_id("value"));
    let mut child = index;
    for parent in ancestors(tree, index) {
        let kind = tree.kind(parent);
        if is_function(kind, family) {
            return false;
        }
        // The iterable of a `for` runs once; only its body repeats.
        if is_loop(kind, family) {
            let header = tree
                .child_by_field(parent, right)
                .or_else(|| tree.child_by_field(parent, value));
            if header != Some(child) {
                return true;
            }
        }
        child = parent;
    }
    false
}

pub(super) fn enclosing_function(tree: &FlatTree<'_>, index: u32, family: Family) -> Option<u32> {
    ancestors(tree, index).find(|&p| is_function(tree.kind(p), family))
}

/// Whether `value` changes from one iteration of the innermost loop to the next: a variable
/// (`config` in `config.name`) that is the loop's own variable or is assigned inside the
/// loop. For any other expression (a regex pattern built by concatenation or a template),
/// whether any variable it reads is.
pub(super) fn bound_in_loop(tree: &FlatTree<'_>, value: u32, source: &str, family: Family) -> bool {
    let text_of = |index: u32| tree.text(index, source);
    let variable = matches!(
        tree.kind(value),
        "identifier"
            | "field_expression"
            | "attribute"
            | "member_expression"
            | "subscript"
            | "subscript_expression"
    );
    let mut roots: Vec<&str> = if variable {
        vec![
            text_of(value)
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or(""),
        ]
    } else {
        let mut names: Vec<&str> = (value..tree.entry(value).end)
            .filter(|&i| tree.kind(i) == "identifier")
            .map(text_of)
            .collect();
        // Names a format string reads inside braces (`format!("{name}")`, `f"{name}"`).
        let text = text_of(value);
        for (at, _) in text.match_indices('{') {
            let rest = &text[at + 1..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            names.push(&rest[..end]);
        }
        names
    };
    roots.retain(|r| !r.is_empty() && *r != "self");
    if roots.is_empty() {
        return false;
    }
    let (left, pattern) = (tree.field_id("left"), tree.field_id("pattern"));
    for parent in ancestors(tree, value) {
        let kind = tree.kind(parent);
        if is_function(kind, family) {
            return false;
        }
        if is_loop(kind, family) {
            // A comprehension binds its variables in its `for … in` clauses.
            let mut headers: Vec<u32> = tree
                .child_by_field(parent, left)
                .or_else(|| tree.child_by_field(parent, pattern))
                .into_iter()
                .collect();
            for &clause in tree.children(parent) {
                if tree.kind(clause) == "for_in_clause" {
                    headers.extend(tree.child_by_field(clause, left));
                }
            }
            let binds = |root: &str| {
                headers.iter().any(|&h| {
                    text_of(h)
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .any(|w| w == root)
                })
            };
            if roots.iter().any(|r| binds(r)) {
                return true;
            }
            let loop_text = text_of(parent);
            // A `while` that tests a name its body updates counts on it changing: the
            // name is that loop's variable (`while name in taken: name += "_"`).
            let tested = tree
                .child_by_field(parent, tree.field_id("condition"))
                .map_or("", text_of);
            return roots.iter().any(|root| {
                let loop_variable = super::words::has_word(tested, root);
                loop_text.lines().any(|line| {
                    assigns_fresh(line, root)
                        || grows_in_place(line, root)
                        || (loop_variable && updates(line, root))
                        || (family == Family::Rust && pattern_binds(line, root))
                })
            });
        }
    }
    false
}

/// `let x = y.clone();` whose `x` a `move` closure in the same loop takes: each iteration's
/// closure needs its own copy (the usual way to hand an `Arc` to a spawned task).
pub(super) fn moved_into_closure(
    tree: &FlatTree<'_>,
    at: u32,
    source: &str,
    family: Family,
) -> bool {
    if family != Family::Rust {
        return false;
    }
    let text_of = |index: u32| tree.text(index, source);
    let Some(binding) = tree
        .parent(at)
        .filter(|&p| tree.kind(p) == "let_declaration")
    else {
        return false;
    };
    let Some(name) = tree
        .child_by_field(binding, tree.field_id("pattern"))
        .map(text_of)
    else {
        return false;
    };
    let name = name.trim_start_matches("mut ").trim();
    let Some(body) = ancestors(tree, binding).find(|&a| is_loop(tree.kind(a), family)) else {
        return false;
    };
    (body..tree.entry(body).end).any(|i| {
        tree.kind(i) == "closure_expression"
            && text_of(i).starts_with("move")
            && text_of(i)
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| w == name)
    })
}

/// `x = …` (or `let mut x: T = …`) on this line, where the value does not start from `x`
/// itself: a fresh value, whereas `x = x + …` keeps accumulating.
/// A Rust pattern on this line binds `name` afresh: `if let Some(name) = …`,
/// `let (a, name) = …`, a match arm `Ok(name) =>`.
fn pattern_binds(line: &str, name: &str) -> bool {
    let has_word = |text: &str| {
        text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == name)
    };
    if let Some((_, after_let)) = line.split_once("let ")
        && let Some((pattern, _)) = after_let.split_once(" =")
    {
        return has_word(pattern);
    }
    line.split_once("=>")
        .is_some_and(|(arm, _)| !arm.contains('=') && has_word(arm))
}

/// `name.push(…)`, `name.append(…)` and the like: a collection that grows in place gives
/// whatever is built from it a new value on each iteration.
fn grows_in_place(line: &str, name: &str) -> bool {
    const GROWERS: [&str; 8] = [
        "push", "append", "extend", "insert", "unshift", "add", "update", "push_str",
    ];
    line.trim_start()
        .strip_prefix(name)
        .and_then(|rest| rest.strip_prefix('.'))
        .and_then(|rest| rest.split_once('('))
        .is_some_and(|(method, _)| GROWERS.contains(&method.trim_end()))
}

/// `name = …` or `name op= …` at the start of the line (not a comparison).
fn updates(line: &str, name: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix(name) else {
        return false;
    };
    let rest = rest.trim_start();
    let value = rest.trim_start_matches(|c: char| "+-*/%|&^<>".contains(c));
    let operator = &rest[..rest.len() - value.len()];
    value.starts_with('=') && !value.starts_with("==") && !matches!(operator, "<" | ">")
}

pub(super) fn assigns_fresh(line: &str, name: &str) -> bool {
    let mut rest = line.trim_start();
    if let Some(fresh) = unpacks_fresh(rest, name) {
        return fresh;
    }
    if let Some(after) = ["let ", "const ", "var "]
        .iter()
        .find_map(|keyword| rest.strip_prefix(keyword))
        .map(str::trim_start)
    {
        rest = after.strip_prefix("mut ").map_or(after, str::trim_start);
    }
    let Some(after) = rest.strip_prefix(name) else {
        return false;
    };
    let after = after.trim_start();
    // An optional type annotation runs up to the `=`.
    let after = match after.strip_prefix(':') {
        Some(typed) => match typed.find('=') {
            Some(at) => &typed[at..],
            None => return false,
        },
        None => after,
    };
    let Some(value) = after.strip_prefix('=') else {
        return false;
    };
    if value.starts_with('=') || value.is_empty() {
        return false;
    }
    let first = value
        .trim_start()
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    first != name
}

/// `a, x = …` (or `(x, b) = …`): `x` among the targets of an unpacking assignment, and
/// whether its value starts afresh. `None` when the line unpacks nothing into `x`.
fn unpacks_fresh(line: &str, name: &str) -> Option<bool> {
    let bytes = line.as_bytes();
    let at = (0..bytes.len()).find(|&i| {
        bytes[i] == b'='
            && bytes.get(i + 1) != Some(&b'=')
            && (i == 0 || !b"!<>=+-*/%&|^:".contains(&bytes[i - 1]))
    })?;
    let targets = &line[..at];
    if !targets.contains(',') {
        return None;
    }
    let target = |t: &str| t.trim().trim_matches(['(', ')', '[', ']', '*', ' ']) == name;
    if !targets.split(',').any(target) {
        return None;
    }
    let first = line[at + 1..]
        .trim_start()
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    Some(first != name)
}

/// The nearest enclosing function is `async`.
pub(super) fn in_async(tree: &FlatTree<'_>, index: u32, family: Family, source: &str) -> bool {
    enclosing_function(tree, index, family).is_some_and(|f| is_async(tree.entry(f).node, source))
}

pub fn is_async(function: Node<'_>, source: &str) -> bool {
    let text = source
        .get(function.start_byte()..function.end_byte().min(function.start_byte() + 120))
        .unwrap_or("");
    let head = text.split(['(', '{']).next().unwrap_or("");
    head.split(|c: char| !c.is_alphanumeric() && c != '_')
        .any(|word| word == "async")
}

/// The Rust `#[cfg(test)]` modules and `#[test]` functions of a file, as the flat-tree
/// index ranges of their subtrees, outermost only and in order: found in one pass, so a
/// match asks a binary search instead of walking its ancestors (a walk per match cost the
/// square of a deeply nested file).
pub(super) struct RustTests(Vec<(u32, u32)>);

impl RustTests {
    pub(super) fn of(tree: &FlatTree<'_>, source: &str) -> RustTests {
        // Each node's children read once, carrying whether the attributes right before an
        // item say `test` (asking per item rescanned its siblings: the square of a file of
        // many top-level functions).
        let mut items: Vec<u32> = Vec::new();
        for parent in 0..tree.len() as u32 {
            let mut marked = false;
            for &child in tree.children(parent) {
                match tree.kind(child) {
                    "attribute_item" => marked |= tree.text(child, source).contains("test"),
                    "mod_item" | "function_item" if marked => {
                        items.push(child);
                        marked = false;
                    }
                    _ => marked = false,
                }
            }
        }
        items.sort_unstable();
        let mut spans: Vec<(u32, u32)> = Vec::new();
        for item in items {
            if spans.last().is_none_or(|&(_, end)| item >= end) {
                spans.push((item, tree.entry(item).end));
            }
        }
        RustTests(spans)
    }

    /// Whether node `index` is inside (not at) a test module or function; a comment is not.
    pub(super) fn contain(&self, tree: &FlatTree<'_>, index: u32) -> bool {
        if tree.kind(index) == "comment" {
            return false;
        }
        let after = self.0.partition_point(|&(start, _)| start < index);
        after > 0 && index < self.0[after - 1].1
    }
}

/// Whether the attributes right before `item` among its siblings say `test`.
#[cfg(test)]
fn has_test_attribute(tree: &FlatTree<'_>, item: u32, source: &str) -> bool {
    let Some(parent) = tree.parent(item) else {
        return false;
    };
    let siblings = tree.children(parent);
    let Some(position) = siblings.iter().position(|&s| s == item) else {
        return false;
    };
    siblings[..position]
        .iter()
        .rev()
        .take_while(|&&s| tree.kind(s) == "attribute_item")
        .any(|&a| tree.text(a, source).contains("test"))
}

/// Inside a Rust `#[cfg(test)]` module or a `#[test]` function, by walking up: what
/// `RustTests` answers at once (kept to hold it to).
#[cfg(test)]
pub(super) fn in_rust_test(tree: &FlatTree<'_>, index: u32, source: &str) -> bool {
    if tree.kind(index) == "comment" {
        return false;
    }
    ancestors(tree, index).any(|item| {
        matches!(tree.kind(item), "mod_item" | "function_item")
            && has_test_attribute(tree, item, source)
    })
}

#[cfg(test)]
mod tests {
    use super::{RustTests, assigns_fresh, function_kinds_of, in_rust_test, is_function};
    use crate::lang::LangId;
    use crate::parse::flat::FlatTree;

    /// The kind table says of every node of the sample files what `is_function` says of
    /// its kind's name (anonymous tokens named like a kind included).
    #[test]
    fn function_kinds_by_id_are_the_named_kinds() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut functions = 0;
        for (language, ext) in [
            (LangId::Python, "py"),
            (LangId::Rust, "rs"),
            (LangId::TypeScript, "ts"),
            (LangId::Tsx, "tsx"),
            (LangId::JavaScript, "js"),
        ] {
            let source =
                std::fs::read(root.join(format!("queries/tests/sample.{ext}"))).expect("sample");
            let mut parser = tree_sitter::Parser::new();
            parser
                .set_language(&(language.spec().grammar)())
                .expect("grammar");
            let tree = parser.parse(&source, None).expect("parse");
            let flat = FlatTree::new(&tree, language);
            let table = function_kinds_of(language);
            for index in 0..flat.len() as u32 {
                let named = is_function(flat.kind(index), language.family());
                assert_eq!(
                    table.holds(&flat, index),
                    named,
                    "{ext}: {}",
                    flat.kind(index)
                );
                functions += usize::from(named);
            }
        }
        assert!(
            functions > 20,
            "too few functions in the samples: {functions}"
        );
    }

    #[test]
    fn fresh_assignment_is_told_from_accumulation() {
        for line in [
            "x = load()",
            "    let mut x: Vec<u8> = Vec::new();",
            "x=1",
            "let x = other + x",
        ] {
            assert!(assigns_fresh(line, "x"), "{line:?}");
        }
        for line in [
            "x = x + 1",
            "x += 1",
            "x == 1",
            "xy = 1",
            "y = x",
            "x =",
            "x: int",
            "let x = x.clone()",
        ] {
            assert!(!assigns_fresh(line, "x"), "{line:?}");
        }
    }

    /// The test spans found in one pass answer for every node what walking up from it
    /// does: on the sample file and on nested test modules and functions.
    #[test]
    fn rust_test_spans_answer_as_the_walk_up_does() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let sample = std::fs::read_to_string(root.join("queries/tests/sample.rs")).expect("sample");
        let nested = "fn a() { x(); }\n#[cfg(test)]\nmod t {\n    #[test]\n    fn b() { y(); }\n    fn c() {}\n    // a comment\n}\n#[test]\n#[allow(dead_code)]\nfn d() { if z { w(); } }\nmod u { #[test] fn e() { v(); } fn f() { g(); } }\nfn h() { i(); }\n";
        let mut inside = 0;
        for source in [sample.as_str(), nested] {
            let mut parser = tree_sitter::Parser::new();
            parser
                .set_language(&(LangId::Rust.spec().grammar)())
                .expect("grammar");
            let tree = parser.parse(source, None).expect("parse");
            let flat = FlatTree::new(&tree, LangId::Rust);
            let spans = RustTests::of(&flat, source);
            for index in 0..flat.len() as u32 {
                let walked = in_rust_test(&flat, index, source);
                assert_eq!(
                    spans.contain(&flat, index),
                    walked,
                    "{} at {:?}",
                    flat.kind(index),
                    flat.entry(index).node.start_position()
                );
                inside += usize::from(walked);
            }
        }
        assert!(inside > 20, "too few nodes in test code: {inside}");
    }
}
