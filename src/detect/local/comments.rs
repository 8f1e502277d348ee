//! Comment-driven detectors and the suppression comments every detector honours.

use std::sync::LazyLock;

use regex::Regex;
use regex_automata::meta::Regex as Compiled;

use crate::detect::local::{Ctx, Hit, Suppression};
use crate::parse::query::regexes::built_in;
use crate::lang::Family;

/// How many lines at the top of a file may hold `ignore-file`.
const FILE_HEADER_LINES: u32 = 10;

static SUPPRESS: LazyLock<Regex> = LazyLock::new(|| re(r"repotoire:\s*(ignore-file|ignore)(?:\[([a-z0-9,\s-]*)\])?"));

/// A built-in pattern that needs capture groups (the others are `built_in`, without a
/// prefilter); the unit tests exercise every one, so a typo fails CI.
fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|err| panic!("built-in regex {pattern}: {err}"))
}

static TODO: LazyLock<Compiled> = LazyLock::new(|| built_in(r"\b(TODO|FIXME|XXX|HACK)\b"));
// Identifiers as ASCII `[0-9A-Za-z_]`, not Unicode `\w`: compiling Unicode word classes
// into these alternations took ~4 ms per process, and code left in comments is ASCII.
static PY_CODE: LazyLock<Compiled> = LazyLock::new(|| {
    built_in(r"^(import [0-9A-Za-z_.]+$|from [0-9A-Za-z_.]+ import [0-9A-Za-z_]|def [0-9A-Za-z_]+\(.*\):$|class [0-9A-Za-z_]+(\(.*\))?:$|return\b.*|print\(.*\)$|(if|elif|while) .+:$|for [0-9A-Za-z_]+ in .+:$|else:$|try:$|except\b.*:$|[0-9A-Za-z_.\[\]'\x22]+\s*(=|\+=|-=)\s*[0-9A-Za-z_\[\](\x22'{.-].*$|[0-9A-Za-z_.]+\(.*\)$)")
});
static C_CODE: LazyLock<Compiled> = LazyLock::new(|| {
    built_in(r"(;$|\{$|^\}|^(const|let|var|function|return|import|export|fn|pub|use|if \(|for \(|while \()\b.*|^[0-9A-Za-z_.]+\(.*\);?$|^[0-9A-Za-z_.]+\s*=\s*[^=].*;$)")
});
static NOT_CODE: LazyLock<Compiled> = LazyLock::new(|| {
    built_in(r"(?i)(todo|fixme|noqa|type:|pragma|eslint|@ts-|safety|https?:|repotoire:|fmt:|pylint|-\*-|prettier|istanbul|c8 |jshint|clippy|rustfmt|nosec|mypy|pyright|e\.g\.|i\.e\.|example)")
});

fn comment_body(text: &str) -> &str {
    let text = text.trim();
    let text = text.trim_start_matches('#').trim_start_matches("//").trim_start_matches("/*").trim_end_matches("*/");
    text.trim()
}

pub fn suppressions(ctx: &Ctx<'_, '_>) -> Vec<Suppression> {
    let mut out = Vec::new();
    for &comment in &ctx.collected.comments {
        let text = ctx.flat.text(comment, ctx.source);
        if !text.contains("repotoire") {
            continue;
        }
        for caps in SUPPRESS.captures_iter(text) {
            let file = caps.get(1).is_some_and(|m| m.as_str() == "ignore-file");
            let line = ctx.flat.line(comment);
            if file && line > FILE_HEADER_LINES {
                continue;
            }
            let ids = caps
                .get(2)
                .map(|m| m.as_str().split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect())
                .unwrap_or_default();
            out.push(Suppression { line, ids, file });
        }
    }
    out
}

pub fn todo_comment(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    for &comment in &ctx.collected.comments {
        let text = ctx.flat.text(comment, ctx.source);
        if let Some(found) = TODO.find(text) {
            let line = ctx.flat.line(comment) + text[..found.start()].matches('\n').count() as u32;
            let rest: String = text[found.start()..].lines().next().unwrap_or("").chars().take(80).collect();
            hits.push(Hit {
                rule: "todo-comment".into(),
                line,
                end_line: line,
                column: 1,
                message: format!("{} left in a comment: \"{}\"", &text[found.range()], rest.trim_end_matches("*/").trim()),
                severity: None,
                flow: Vec::new(),
                value: None,
            });
        }
    }
}

/// Two or more consecutive comment lines that each parse as a statement of the language.
pub fn commented_out_code(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    let family = ctx.language.family();
    let looks_like_code = |text: &str| {
        let raw = text.trim();
        if raw.starts_with("///") || raw.starts_with("//!") || raw.starts_with("/**") || raw.starts_with("#!") {
            return false;
        }
        let body = comment_body(raw);
        if body.len() < 4 || NOT_CODE.is_match(body) {
            return false;
        }
        match family {
            Family::Python => PY_CODE.is_match(body),
            _ => C_CODE.is_match(body),
        }
    };
    let mut run: Vec<u32> = Vec::new();
    let mut flush = |run: &mut Vec<u32>| {
        if run.len() >= 2 {
            hits.push(Hit {
                rule: "commented-out-code".into(),
                line: run[0],
                end_line: run[run.len() - 1],
                column: 1,
                message: format!("{} lines of commented-out code; delete them (version control keeps history)", run.len()),
                severity: None,
                flow: Vec::new(),
                value: None,
            });
        }
        run.clear();
    };
    for &comment in &ctx.collected.comments {
        let text = ctx.flat.text(comment, ctx.source);
        if text.contains('\n') {
            flush(&mut run);
            continue;
        }
        let line = ctx.flat.line(comment);
        // Only whole-line comments: trailing comments explain the code before them.
        let before = ctx.source.get(..ctx.flat.entry(comment).range().start).unwrap_or("");
        let own_line = before.rsplit('\n').next().is_some_and(|l| l.trim().is_empty());
        if !own_line || !looks_like_code(text) {
            flush(&mut run);
            continue;
        }
        if run.last().is_some_and(|last| *last + 1 != line) {
            flush(&mut run);
        }
        run.push(line);
    }
    flush(&mut run);
}
