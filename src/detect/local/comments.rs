//! Comment-driven detectors and the suppression comments every detector honours.

use std::sync::LazyLock;

use regex::Regex;

use crate::detect::local::words::boundary;
use crate::detect::local::{Ctx, Hit, Suppression, statements};
use crate::lang::Family;

/// How many lines at the top of a file may hold `ignore-file`.
const FILE_HEADER_LINES: u32 = 10;

static SUPPRESS: LazyLock<Regex> =
    LazyLock::new(|| re(r"repotoire:\s*(ignore-file|ignore)(?:\[([a-z0-9,\s-]*)\])?"));

/// A built-in pattern that needs capture groups; the unit tests exercise it, so a typo
/// fails CI.
fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|err| panic!("built-in regex {pattern}: {err}"))
}

/// The first `TODO`, `FIXME`, `XXX` or `HACK` standing as a word (the regex
/// `\b(TODO|FIXME|XXX|HACK)\b`, which cost ~0.2 ms to compile in every process).
fn todo_marker(text: &str) -> Option<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    (0..bytes.len()).find_map(|at| {
        let word = match bytes[at] {
            b'T' => "TODO",
            b'F' => "FIXME",
            b'X' => "XXX",
            b'H' => "HACK",
            _ => return None,
        };
        let end = at + word.len();
        (bytes[at..].starts_with(word.as_bytes()) && boundary(text, at) && boundary(text, end))
            .then_some(at..end)
    })
}

fn comment_body(text: &str) -> &str {
    let text = text.trim();
    let text = text
        .trim_start_matches('#')
        .trim_start_matches("//")
        .trim_start_matches("/*")
        .trim_end_matches("*/");
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
                .map(|m| {
                    m.as_str()
                        .split(',')
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect()
                })
                .unwrap_or_default();
            out.push(Suppression { line, ids, file });
        }
    }
    out
}

pub fn todo_comment(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    for &comment in &ctx.collected.comments {
        let text = ctx.flat.text(comment, ctx.source);
        if let Some(found) = todo_marker(text) {
            let line = ctx.flat.line(comment) + text[..found.start].matches('\n').count() as u32;
            let rest: String = text[found.start..]
                .lines()
                .next()
                .unwrap_or("")
                .chars()
                .take(80)
                .collect();
            hits.push(Hit {
                rule: "todo-comment".into(),
                line,
                end_line: line,
                column: 1,
                message: format!(
                    "{} left in a comment: \"{}\"",
                    &text[found],
                    rest.trim_end_matches("*/").trim()
                ),
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
        if raw.starts_with("///")
            || raw.starts_with("//!")
            || raw.starts_with("/**")
            || raw.starts_with("#!")
        {
            return false;
        }
        let body = comment_body(raw);
        if body.len() < 4 || statements::is_note(body) {
            return false;
        }
        match family {
            Family::Python => statements::is_python_statement(body),
            _ => statements::is_c_family_statement(body),
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
                message: format!(
                    "{} lines of commented-out code; delete them (version control keeps history)",
                    run.len()
                ),
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
        let before = ctx
            .source
            .get(..ctx.flat.entry(comment).range().start)
            .unwrap_or("");
        let own_line = before
            .rsplit('\n')
            .next()
            .is_some_and(|l| l.trim().is_empty());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::detect::local::words::oracle::Strings;

    #[test]
    fn todo_markers_are_found_where_the_regex_found_them() {
        let regex = regex::Regex::new(r"\b(TODO|FIXME|XXX|HACK)\b").unwrap();
        let pieces = [
            "TODO", "FIXME", "XXX", "XX", "HACK", "T", "TO", "x", "_", "9", "é", " ", ":", "(",
            "\u{a0}", "//", "# ",
        ];
        let mut strings = Strings::new(7);
        let mut found = 0;
        for _ in 0..60_000 {
            let text = strings.join(&pieces, 6);
            assert_eq!(
                todo_marker(&text),
                regex.find(&text).map(|m| m.range()),
                "{text:?}"
            );
            found += usize::from(todo_marker(&text).is_some());
        }
        assert!(
            (3_000..57_000).contains(&found),
            "{found} of 60,000 held a marker"
        );
        assert_eq!(todo_marker("# TODO: fix"), Some(2..6));
        assert_eq!(todo_marker("# TODOS and éTODO"), None);
    }
}
