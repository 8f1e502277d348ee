//! The suppression comments every detector honours: `repotoire: ignore[ids]` for a line
//! and the next, `repotoire: ignore-file[ids]` near the top of a file.

use std::sync::LazyLock;

use regex::Regex;

use crate::detect::local::{Ctx, Suppression};

/// How many lines at the top of a file may hold `ignore-file`.
const FILE_HEADER_LINES: u32 = 10;

static SUPPRESS: LazyLock<Regex> =
    LazyLock::new(|| re(r"repotoire:\s*(ignore-file|ignore)(?:\[([a-z0-9,\s-]*)\])?"));

/// A built-in pattern that needs capture groups; the unit tests exercise it, so a typo
/// fails CI.
fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|err| panic!("built-in regex {pattern}: {err}"))
}

/// A comment's text without its markers.
pub(super) fn comment_body(text: &str) -> &str {
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

/// A `noqa` marker on the line, in any case (`# noqa`, `# NOQA: F401`): flake8 and ruff
/// read it so, and it says the author meant what the line does.
pub(super) fn marks_noqa(line: &str) -> bool {
    line.as_bytes()
        .windows(4)
        .any(|w| w.eq_ignore_ascii_case(b"noqa"))
}
