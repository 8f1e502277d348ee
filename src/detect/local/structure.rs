//! Rust-coded file-local detectors that look at a function's shape or a file's names:
//! returns, unused names, unawaited async calls, secrets, and the token windows that
//! duplicated-block detection compares across files.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use regex::Regex;
use regex_automata::meta::Regex as Compiled;
use rustc_hash::FxHashMap;
use tree_sitter::Node;

use crate::detect::finding::Severity;
use crate::detect::local::rules::{is_async, is_function};
use crate::detect::local::{Ctx, Hit, line_of, secret_names};
use crate::lang::Family;
use crate::parse::query::regexes::built_in_scanning;

fn hit(rule: &str, node: Node<'_>, message: String) -> Hit {
    Hit {
        rule: rule.into(),
        line: line_of(node),
        end_line: line_of(node),
        column: node.start_position().column as u32 + 1,
        message,
        severity: None,
        flow: Vec::new(),
        value: None,
    }
}

/// Visits the nodes of a function body in document order, not entering nested functions.
pub fn walk_body<'t>(ctx: &Ctx<'_, 't>, function: Node<'t>, visit: impl FnMut(u32, Node<'t>)) {
    if let Some(start) = ctx.flat.index_of(function) {
        walk_body_at(ctx, start, visit);
    }
}

/// `walk_body` from the flat-tree index of the function (or body) node.
pub fn walk_body_at<'t>(ctx: &Ctx<'_, 't>, start: u32, mut visit: impl FnMut(u32, Node<'t>)) {
    let family = ctx.language.family();
    let end = ctx.flat.entry(start).end;
    let mut index = start + 1;
    while index < end {
        let entry = ctx.flat.entry(index);
        visit(index, entry.node);
        index = if is_function(ctx.flat.kind(index), family) {
            entry.end
        } else {
            index + 1
        };
    }
}

fn function_name<'a>(ctx: &'a Ctx<'_, '_>, function: Node<'_>) -> Option<&'a str> {
    ctx.child(function, "name").map(|n| ctx.text(n))
}

/// Per collected function: (returns, bare, valued), each return counted in its innermost
/// function (functions are collected in document order, so the innermost one containing a
/// return is the last that starts before it and still contains it).
fn all_returns<'c>(ctx: &'c Ctx<'_, '_>) -> &'c [(u32, u32, u32)] {
    ctx.returns.get_or_init(|| {
        let functions = &ctx.collected.functions;
        let mut counts = vec![(0, 0, 0); functions.len()];
        for ret in &ctx.collected.returns {
            let start = ret.start_byte();
            let before = functions.partition_point(|f| f.start_byte() <= start);
            let owner = (0..before)
                .rev()
                .find(|&i| functions[i].end_byte() >= ret.end_byte());
            if let Some(i) = owner {
                let entry: &mut (u32, u32, u32) = &mut counts[i];
                entry.0 += 1;
                if ret.named_child_count() > 0 {
                    entry.2 += 1
                } else {
                    entry.1 += 1
                }
            }
        }
        counts
    })
}

pub fn too_many_returns(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    for (function, (total, _, _)) in ctx.collected.functions.iter().zip(all_returns(ctx)) {
        let total = *total;
        if total >= 3 {
            let name = function_name(ctx, *function).unwrap_or("function");
            let mut found = hit(
                "too-many-returns",
                *function,
                format!("`{name}` has {total} return statements"),
            );
            found.value = Some(f64::from(total));
            hits.push(found);
        }
    }
}

pub fn inconsistent_return(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    for (function, (_, bare, valued)) in ctx.collected.functions.iter().zip(all_returns(ctx)) {
        let (bare, valued) = (*bare, *valued);
        if bare > 0 && valued > 0 {
            let name = function_name(ctx, *function).unwrap_or("function");
            hits.push(hit(
                "inconsistent-return",
                *function,
                format!("`{name}` returns a value on some paths and nothing on others ({valued} with a value, {bare} bare)"),
            ));
        }
    }
}

/// Calls to this file's `async` functions whose result is dropped on the floor.
pub fn floating_promise(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    let family = ctx.language.family();
    // A name is async only when every function of that name in the file is: nested test
    // helpers are often called `foo` in one test and `async foo` in the next.
    let mut asyncs: HashSet<&str> = HashSet::new();
    let mut syncs: HashSet<&str> = HashSet::new();
    for function in &ctx.collected.functions {
        if let Some(name) = function_name(ctx, *function) {
            if is_async(*function, ctx.source) {
                asyncs.insert(name)
            } else {
                syncs.insert(name)
            };
        }
    }
    asyncs.retain(|name| !syncs.contains(name));
    if asyncs.is_empty() {
        return;
    }
    for function in &ctx.collected.functions {
        walk_body(ctx, *function, |index, node| {
            if ctx.flat.kind(index) != "expression_statement" {
                return;
            }
            let Some(call) = node
                .named_child(0)
                .filter(|c| matches!(c.kind(), "call" | "call_expression"))
            else {
                return;
            };
            let Some(callee) = ctx.child(call, "function") else {
                return;
            };
            let name = match callee.kind() {
                "identifier" => ctx.text(callee),
                "attribute" | "member_expression" => {
                    let object = ctx.child(callee, "object").map(|o| ctx.text(o));
                    if !matches!(object, Some("self" | "this" | "cls")) {
                        return;
                    }
                    ctx.child(callee, "attribute")
                        .or_else(|| ctx.child(callee, "property"))
                        .map_or("", |p| ctx.text(p))
                }
                _ => return,
            };
            if asyncs.contains(name) {
                // A Python coroutine never awaited never runs (a bug); a JavaScript promise
                // runs, but its rejection goes unhandled.
                let (what, severity) = if family == Family::Python {
                    ("coroutine is never awaited, so its body never runs", None)
                } else {
                    (
                        "promise is neither awaited nor handled: a rejection goes unnoticed",
                        Some(Severity::Medium),
                    )
                };
                let mut found = hit(
                    "floating-promise",
                    call,
                    format!("`{name}()` is async: its {what}"),
                );
                found.severity = severity;
                hits.push(found);
            }
        });
    }
}

/// Identifier occurrences by text, over the whole file.
/// How often each of `names` occurs as an identifier in the file.
fn identifier_counts<'a>(
    ctx: &'a Ctx<'_, '_>,
    names: impl Iterator<Item = &'a str>,
) -> FxHashMap<&'a str, usize> {
    let mut counts: FxHashMap<&str, usize> = names.map(|n| (n, 0)).collect();
    for &index in &ctx.collected.identifiers {
        if let Some(count) = counts.get_mut(ctx.flat.text(index, ctx.source)) {
            *count += 1;
        }
    }
    counts
}

pub fn unused_import(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    let path = &ctx.facts.path;
    if path.ends_with("__init__.py") || path.ends_with(".pyi") || path.ends_with(".d.ts") {
        return;
    }
    let counts = identifier_counts(ctx, ctx.facts.imports.iter().filter_map(|i| i.local_name()));
    let mut bound: HashMap<&str, usize> = HashMap::new();
    for import in &ctx.facts.imports {
        if let Some(local) = import.local_name() {
            *bound.entry(local).or_default() += 1;
        }
    }
    let exported: HashSet<&str> = ctx.facts.exports.iter().map(|e| e.local.as_str()).collect();
    let import_lines: HashSet<u32> = ctx.facts.imports.iter().map(|i| i.line).collect();
    // Read only when some import looks unused (most files have none).
    let mut strings: Option<Vec<&str>> = None;
    for import in &ctx.facts.imports {
        let Some(local) = import.local_name() else {
            continue;
        };
        if import.reexport
            || exported.contains(local)
            || local == "React"
            || import.path == "__future__"
        {
            continue;
        }
        // `import a as a` / `from m import a as a` is the explicit re-export idiom.
        if ctx.language.family() == Family::Python
            && import.alias.is_some()
            && (import.alias == import.name
                || Some(import.path.as_str()) == import.alias.as_deref())
        {
            continue;
        }
        let line_text = ctx.line(import.line);
        if line_text.contains("noqa") || line_text.contains("eslint-disable") {
            continue;
        }
        let seen = counts.get(local).copied().unwrap_or(0);
        // Each import statement holds the name once (twice for `name as alias`: the alias).
        let in_imports = bound.get(local).copied().unwrap_or(1);
        if seen > in_imports {
            continue;
        }
        let word = Regex::new(&format!(r"\b{}\b", regex::escape(local)));
        let strings = strings.get_or_insert_with(|| {
            ctx.collected
                .strings
                .iter()
                .filter(|&&s| !import_lines.contains(&ctx.flat.line(s)))
                .map(|&s| ctx.flat.text(s, ctx.source))
                .collect()
        });
        if word.is_ok_and(|w| strings.iter().any(|s| w.is_match(s))) {
            continue;
        }
        hits.push(Hit {
            rule: "unused-import".into(),
            line: import.line,
            end_line: import.line,
            column: 1,
            message: format!("`{local}` is imported but never used"),
            severity: None,
            flow: Vec::new(),
            value: None,
        });
    }
}

/// Python locals assigned (simple `name = …`) and never read in the function.
pub fn unused_variable(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    if ctx.language.family() != Family::Python {
        return;
    }
    let (left, body) = (ctx.flat.field_id("left"), ctx.flat.field_id("body"));
    for function in &ctx.collected.functions {
        let Some(function) = ctx.flat.index_of(*function) else {
            continue;
        };
        if ctx.flat.kind(function) != "function_definition" {
            continue;
        }
        let Some(start) = ctx.flat.child_by_field(function, body) else {
            continue;
        };
        let mut targets: FxHashMap<&str, (usize, Node<'_>)> = FxHashMap::default();
        let mut uses: FxHashMap<&str, usize> = FxHashMap::default();
        let mut dynamic = false;
        // Names bound inside a class body or an inner function belong to that scope (class
        // attributes, the inner function's locals); names read there may still be this
        // function's variables (closures). Pre-order: such a scope's nodes run up to its end.
        let mut nested_until = 0;
        for index in start..ctx.flat.entry(start).end {
            let entry = ctx.flat.entry(index);
            let kind = ctx.flat.kind(index);
            let nested = index < nested_until;
            if !nested
                && index > start
                && matches!(kind, "class_definition" | "function_definition" | "lambda")
            {
                nested_until = entry.end;
                continue;
            }
            if kind != "identifier" {
                continue;
            }
            let text = ctx.flat.text(index, ctx.source);
            if text == "locals" || text == "vars" || text == "eval" || text == "exec" {
                dynamic = true;
            }
            let is_target = entry.field == left
                && ctx
                    .flat
                    .parent(index)
                    .is_some_and(|p| ctx.flat.kind(p) == "assignment");
            if is_target && nested {
                continue;
            }
            if is_target {
                let slot = targets.entry(text).or_insert((0, entry.node));
                slot.0 += 1;
            } else {
                *uses.entry(text).or_default() += 1;
            }
        }
        if dynamic {
            continue;
        }
        // Names read from strings: forward-reference annotations (`'Final[MyInt]'`).
        // Strings are collected in document order: the function's are one run of them.
        let range = ctx.flat.entry(function).range();
        let all = &ctx.collected.strings;
        let start = |s: &u32| ctx.flat.entry(*s).node.start_byte();
        let first = all.partition_point(|s| start(s) < range.start);
        let last = all.partition_point(|s| start(s) < range.end);
        let strings: Vec<&str> = all[first..last]
            .iter()
            .map(|&s| ctx.flat.text(s, ctx.source))
            .collect();
        let in_strings = |name: &str| {
            strings.iter().any(|s| {
                s.match_indices(name).any(|(at, _)| {
                    let before = s[..at]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !c.is_alphanumeric() && c != '_');
                    let after = s[at + name.len()..]
                        .chars()
                        .next()
                        .is_none_or(|c| !c.is_alphanumeric() && c != '_');
                    before && after
                })
            })
        };
        let mut unused: Vec<(&str, Node<'_>)> = targets
            .into_iter()
            .filter(|(name, _)| {
                !name.starts_with('_') && !uses.contains_key(name) && !in_strings(name)
            })
            .map(|(name, (_, node))| (name, node))
            .collect();
        unused.sort_by_key(|(_, node)| node.start_byte());
        for (name, node) in unused {
            // `# noqa` (ruff/flake8's F841 and friends) already says the author meant it.
            if ctx.line(line_of(node)).contains("noqa") {
                continue;
            }
            hits.push(hit(
                "unused-variable",
                node,
                format!("local variable `{name}` is assigned but never used"),
            ));
        }
    }
}

// Searched through every string literal, docstrings included.
static KNOWN_KEY: LazyLock<Compiled> = LazyLock::new(|| {
    built_in_scanning(
        r"(AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{60,}|xox[baprs]-[A-Za-z0-9-]{10,}|sk_live_[0-9a-zA-Z]{24,}|AIza[0-9A-Za-z_-]{35}|-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----|sk-(proj-)?[A-Za-z0-9]{32,}|glpat-[A-Za-z0-9_-]{20})",
    )
});
fn entropy(text: &str) -> f64 {
    let mut counts = [0u32; 256];
    for byte in text.bytes() {
        counts[byte as usize] += 1;
    }
    let len = text.len() as f64;
    counts
        .iter()
        .filter(|c| **c > 0)
        .map(|&c| f64::from(c) / len)
        .map(|p| -p * p.log2())
        .sum()
}

/// The text of a string literal without quotes or prefixes.
fn string_value(text: &str) -> &str {
    let text = text.trim_start_matches(|c: char| c.is_ascii_alphabetic() && c != '"' && c != '\'');
    text.trim_matches(|c| c == '"' || c == '\'' || c == '`')
}

/// The name a string literal is assigned to, if it is the whole right-hand side.
fn assigned_name<'a>(ctx: &'a Ctx<'_, '_>, string: u32) -> Option<&'a str> {
    let flat = ctx.flat;
    let parent = flat.parent(string)?;
    let name_node = match flat.kind(parent) {
        "assignment" | "assignment_expression" => flat.field(parent, "left"),
        "keyword_argument" | "variable_declarator" | "const_item" | "static_item" => {
            flat.field(parent, "name")
        }
        "let_declaration" => flat.field(parent, "pattern"),
        "pair" => flat.field(parent, "key"),
        _ => None,
    }?;
    let text = flat.text(name_node, ctx.source);
    if flat.kind(name_node) == "string" {
        return Some(string_value(text));
    }
    Some(text.rsplit(['.', ' ']).next().unwrap_or(text))
}

pub fn hardcoded_secret(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    for &string in &ctx.collected.strings {
        let raw = ctx.flat.text(string, ctx.source);
        if raw.len() > 4000 {
            continue;
        }
        let node = ctx.flat.entry(string).node;
        if let Some(found) = KNOWN_KEY.find(raw) {
            let kind = describe_key(&raw[found.range()]);
            hits.push(hit(
                "hardcoded-secret",
                node,
                format!("{kind} written into the source"),
            ));
            continue;
        }
        let Some(name) = assigned_name(ctx, string) else {
            continue;
        };
        if !secret_names::holds_secret(name) || secret_names::mentions_secret(name) {
            continue;
        }
        let value = string_value(raw);
        if value.len() < 12
            || value.len() > 200
            || value.contains(char::is_whitespace)
            || secret_names::is_placeholder(value)
            || entropy(value) < 3.3
        {
            continue;
        }
        hits.push(hit(
            "hardcoded-secret",
            node,
            format!("`{name}` is set to a literal that looks like a real secret"),
        ));
    }
}

fn describe_key(key: &str) -> &'static str {
    match key.get(..3).unwrap_or("") {
        "AKI" => "an AWS access key",
        "gh" | "ghp" | "gho" | "ghu" | "ghs" | "ghr" | "git" => "a GitHub token",
        "xox" => "a Slack token",
        "sk_" => "a Stripe live key",
        "AIz" => "a Google API key",
        "---" => "a private key",
        "sk-" => "an OpenAI API key",
        "glp" => "a GitLab token",
        _ => "a credential",
    }
}

const WINDOW: usize = 8;
const MIN_TOKENS: usize = 50;
const MIN_SHAPES: usize = 5;

/// A line's shape (the hash of its tokens normalised: identifiers → `I`, numbers → `N`,
/// strings → `S`, keywords and any other character as they are) and its token count.
/// Tokens are words, numbers, quoted strings (when closed on the line) and any other single
/// character. One hand-written loop over the bytes: every line of every file goes through
/// here, and a regex, then a token iterator, each took longer.
fn line_shape(line: &str) -> (u64, usize) {
    let bytes = line.as_bytes();
    let mut hasher = rustc_hash::FxHasher::default();
    let mut tokens = 0;
    let mut at = 0;
    while at < bytes.len() {
        let c = bytes[at];
        let start = at;
        let normal = if c.is_ascii_alphabetic() || c == b'_' {
            at += 1;
            while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
                at += 1;
            }
            let word = &line[start..at];
            if is_keyword(word) { word } else { "I" }
        } else if c.is_ascii_digit() {
            at += 1;
            while at < bytes.len()
                && (bytes[at].is_ascii_hexdigit() || matches!(bytes[at], b'x' | b'X' | b'.' | b'_'))
            {
                at += 1;
            }
            "N"
        } else if c == b'"' || c == b'\'' {
            at = closing_quote(bytes, at).unwrap_or(at + 1);
            "S"
        } else if c.is_ascii_whitespace() {
            at += 1;
            continue;
        } else if c < 0x80 {
            at += 1;
            &line[start..at]
        } else {
            let Some(ch) = line[at..].chars().next() else {
                break;
            };
            at += ch.len_utf8();
            if ch.is_whitespace() {
                continue;
            }
            &line[start..at]
        };
        std::hash::Hasher::write(&mut hasher, normal.as_bytes());
        std::hash::Hasher::write_u8(&mut hasher, 0);
        tokens += 1;
    }
    (std::hash::Hasher::finish(&hasher), tokens)
}

/// One past the quote that closes the one at `at` (a backslash escapes the next byte), if
/// the line closes it.
fn closing_quote(bytes: &[u8], at: usize) -> Option<usize> {
    let quote = bytes[at];
    let mut i = at + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// Keywords keep their text in the normalised form (a `match` compiles to a length switch:
/// every identifier of every line is tested).
fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "if" | "else"
            | "elif"
            | "for"
            | "while"
            | "return"
            | "def"
            | "class"
            | "fn"
            | "function"
            | "let"
            | "const"
            | "var"
            | "in"
            | "match"
            | "try"
            | "except"
            | "catch"
            | "finally"
            | "with"
            | "as"
            | "yield"
            | "await"
            | "async"
            | "new"
            | "not"
            | "and"
            | "or"
            | "self"
            | "this"
            | "raise"
            | "throw"
            | "break"
            | "continue"
            | "pass"
            | "None"
            | "True"
            | "False"
            | "null"
            | "true"
            | "false"
            | "impl"
    )
}

/// Hashes of windows of `WINDOW` token-normalised lines (identifiers → `I`,
/// literals → `N`/`S`); only windows with enough tokens to be worth reporting.
pub fn token_windows(source: &str, language: crate::lang::LangId) -> Vec<(u64, u32, u32)> {
    let comment = if language.family() == Family::Python {
        "#"
    } else {
        "//"
    };
    let mut lines: Vec<(u32, u64, usize)> = Vec::new();
    for (index, line) in crate::parse::lines(source).enumerate() {
        let trimmed = line.trim();
        if trimmed.len() < 3
            || trimmed.starts_with(comment)
            || trimmed.starts_with('*')
            || trimmed.starts_with("/*")
            || trimmed.starts_with("import ")
            || trimmed.starts_with("from ")
            || trimmed.starts_with("use ")
            || trimmed.starts_with('@')
            || trimmed.starts_with("#[")
        {
            continue;
        }
        let (shape, tokens) = line_shape(trimmed);
        lines.push((index as u32 + 1, shape, tokens));
    }
    if lines.len() < WINDOW {
        return Vec::new();
    }
    let mut windows = Vec::new();
    // Tokens in the window, slid along rather than summed again for every window.
    let mut tokens: usize = lines[..WINDOW].iter().map(|l| l.2).sum();
    for start in 0..=lines.len() - WINDOW {
        if start > 0 {
            tokens = tokens + lines[start + WINDOW - 1].2 - lines[start - 1].2;
        }
        if tokens < MIN_TOKENS {
            continue;
        }
        let slice = &lines[start..start + WINDOW];
        // Runs of one line shape (delegating getters, table rows) are regular code, not a
        // copied block: a window must hold several different line shapes.
        let mut shapes = [0u64; WINDOW];
        for (shape, line) in shapes.iter_mut().zip(slice) {
            *shape = line.1;
        }
        shapes.sort_unstable();
        if 1 + shapes.windows(2).filter(|pair| pair[0] != pair[1]).count() < MIN_SHAPES {
            continue;
        }
        let mut hasher = rustc_hash::FxHasher::default();
        for line in slice {
            std::hash::Hasher::write_u64(&mut hasher, line.1);
        }
        windows.push((
            std::hash::Hasher::finish(&hasher),
            slice[0].0,
            slice[WINDOW - 1].0,
        ));
    }
    windows
}

/// Generated code (a marker in its first lines: `@generated`, `DO NOT EDIT`, `Code generated
/// by`, `Generated by Django`) or minified code (long lines averaging hundreds of
/// characters). Nobody edits either by hand, so a finding there has no one to act on it.
pub fn looks_generated(source: &str) -> bool {
    let head_end = memchr::memchr_iter(b'\n', source.as_bytes())
        .nth(4)
        .unwrap_or(source.len());
    let head = source[..head_end].to_ascii_lowercase();
    const MARKERS: &[&str] = &[
        "@generated",
        "do not edit",
        "code generated by",
        "generated by django",
        "auto-generated",
        "autogenerated file",
    ];
    if MARKERS.iter().any(|m| head.contains(m)) {
        return true;
    }
    // Lines averaging over 200 characters are rare: only then is the longest looked for.
    source.len() / crate::parse::line_count(source).max(1) > 200
        && source.lines().any(|line| line.len() > 1000)
}

/// Lines under `if TYPE_CHECKING:` (Python) and `import type` lines (TypeScript).
pub fn type_only_lines(source: &str) -> Vec<u32> {
    let mut out = Vec::new();
    // Most files have none of these: a substring search each instead of trimming every line
    // (memchr's vectorised search: `str::contains` took 1.8 times as long on django).
    if !["TYPE_CHECKING", "import type ", "export type {"]
        .iter()
        .any(|marker| memchr::memmem::find(source.as_bytes(), marker.as_bytes()).is_some())
    {
        return out;
    }
    let mut guard: Option<usize> = None;
    for (index, line) in crate::parse::lines(source).enumerate() {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        if let Some(level) = guard {
            if trimmed.is_empty() || indent > level {
                out.push(index as u32 + 1);
                continue;
            }
            guard = None;
        }
        // `if TYPE_CHECKING:`, `if typing.TYPE_CHECKING:`, `if t.TYPE_CHECKING:`
        let condition = trimmed
            .strip_prefix("if ")
            .and_then(|c| c.strip_suffix(':'))
            .map(str::trim);
        if condition.is_some_and(|c| c == "TYPE_CHECKING" || c.ends_with(".TYPE_CHECKING")) {
            guard = Some(indent);
        } else if trimmed.starts_with("import type ") || trimmed.starts_with("export type {") {
            out.push(index as u32 + 1);
        }
    }
    out
}

/// First lines of functions and classes with a decorator or attribute just above.
pub fn decorated_lines(ctx: &Ctx<'_, '_>) -> Vec<u32> {
    ctx.facts
        .symbols
        .iter()
        .filter(|s| {
            let above = if s.line > 1 {
                ctx.line(s.line - 1).trim()
            } else {
                ""
            };
            let own = ctx.line(s.line).trim();
            above.starts_with('@') || above.starts_with("#[") || own.starts_with('@')
        })
        .map(|s| s.line)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{is_keyword, line_shape};

    /// The shape as first written: the tokens a regex finds, normalised and hashed in turn.
    fn reference_shape(line: &str) -> (u64, usize) {
        let tokens = regex::Regex::new(r#"[A-Za-z_][A-Za-z0-9_]*|[0-9][0-9a-fA-FxX._]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\S"#).unwrap();
        let mut hasher = rustc_hash::FxHasher::default();
        let mut count = 0;
        for token in tokens.find_iter(line) {
            let text = token.as_str();
            let normal = match text.as_bytes()[0] {
                b'"' | b'\'' => "S",
                b'0'..=b'9' => "N",
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    if is_keyword(text) {
                        text
                    } else {
                        "I"
                    }
                }
                _ => text,
            };
            std::hash::Hasher::write(&mut hasher, normal.as_bytes());
            std::hash::Hasher::write_u8(&mut hasher, 0);
            count += 1;
        }
        (std::hash::Hasher::finish(&hasher), count)
    }

    /// Guarded blocks (blank lines inside them too) and type-only imports, and nothing for a
    /// near-miss of the marker.
    #[test]
    fn type_only_lines_are_found_under_their_guard() {
        let python = "import os\nif TYPE_CHECKING:\n    from a import B\n\n    import c\nx = 1\n";
        assert_eq!(super::type_only_lines(python), vec![3, 4, 5]);
        assert_eq!(
            super::type_only_lines("import type { A } from './a';\nimport { b } from './b';\n"),
            vec![1]
        );
        assert!(super::type_only_lines("x = TYPE_CHECK\n").is_empty());
    }

    /// The byte loop must see every line as the regex did (checked on the 5.2 M lines of
    /// the ten corpora when it landed).
    #[test]
    fn line_shapes_match_the_regex_tokens() {
        let lines = [
            r#"x = foo(bar, "a \"quoted\" word", 'it\'s') + 0x1F.5_0"#,
            r#"unterminated "string here and 'another"#,
            "ünïcode = naïve + «quotes» → arrow\u{a0}nbsp",
            r#"ends with a backslash \"#,
            r#"s = "escaped at end \\" + t"#,
            "   \t  ",
            "a.b_c[1]->d::<E>{}",
            "if not self.x: return None  # a comment",
        ];
        for line in lines {
            assert_eq!(line_shape(line), reference_shape(line), "{line:?}");
        }
        // Identifiers are one shape whatever their name; keywords are not.
        assert_eq!(line_shape("foo(bar)"), line_shape("baz(qux)"));
        assert_ne!(line_shape("return x"), line_shape("yield x"));
        assert_eq!(line_shape("   \t  ").1, 0);
    }
}
