//! `todo-comment`: `TODO`, `FIXME`, `XXX` and `HACK` markers in comments.

use std::sync::LazyLock;

use memchr::memmem::Finder;

use crate::detect::local::words::boundary;
use crate::detect::local::{Ctx, Hit};

static MARKERS: LazyLock<[Finder<'static>; 4]> = LazyLock::new(|| {
    [
        Finder::new("TODO"),
        Finder::new("FIXME"),
        Finder::new("XXX"),
        Finder::new("HACK"),
    ]
});

/// The first `TODO`, `FIXME`, `XXX` or `HACK` standing as a word (the regex
/// `\b(TODO|FIXME|XXX|HACK)\b`, whose compilation every process paid) and not quoted:
/// a comment that names the marker in quotes or a code span (a linter's own docs) leaves
/// nothing to do.
fn todo_marker(text: &str) -> Option<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    // Nearly every comment holds none of the words: a vectorised search says so without
    // testing each byte.
    if !MARKERS.iter().any(|m| m.find(bytes).is_some()) {
        return None;
    }
    (0..bytes.len()).find_map(|at| {
        let word = match bytes[at] {
            b'T' => "TODO",
            b'F' => "FIXME",
            b'X' => "XXX",
            b'H' => "HACK",
            _ => return None,
        };
        let end = at + word.len();
        (bytes[at..].starts_with(word.as_bytes())
            && boundary(text, at)
            && boundary(text, end)
            && !quoted(bytes, at, end))
        .then_some(at..end)
    })
}

/// Whether `bytes[at..end]` is quoted: between two of the same quote or backtick, or inside
/// a code span of its line (an odd number of backticks before it, one after).
fn quoted(bytes: &[u8], at: usize, end: usize) -> bool {
    let before = at.checked_sub(1).and_then(|b| bytes.get(b));
    if matches!(before, Some(b'`' | b'"' | b'\'')) && bytes.get(end) == before {
        return true;
    }
    let line_start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let line_end = bytes[end..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |p| end + p);
    let ticks_before = bytes[line_start..at].iter().filter(|&&b| b == b'`').count();
    ticks_before % 2 == 1 && bytes[end..line_end].contains(&b'`')
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
                audit: false,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::detect::local::words::oracle::Strings;

    #[test]
    fn todo_markers_are_found_where_the_regex_found_them() {
        let regex = regex::Regex::new(r"\b(TODO|FIXME|XXX|HACK)\b").unwrap();
        // The regex's first match that no pair of quotes or backticks wraps and no code
        // span of its line holds.
        let unquoted = |text: &str| {
            regex.find_iter(text).map(|m| m.range()).find(|r| {
                let (before, after) =
                    (text[..r.start].chars().last(), text[r.end..].chars().next());
                let wrapped = matches!(before, Some('`' | '"' | '\'')) && after == before;
                let line_before = text[..r.start].rsplit('\n').next().unwrap_or("");
                let line_after = text[r.end..].split('\n').next().unwrap_or("");
                let in_span = line_before.matches('`').count() % 2 == 1 && line_after.contains('`');
                !wrapped && !in_span
            })
        };
        let pieces = [
            "TODO", "FIXME", "XXX", "XX", "HACK", "T", "TO", "x", "_", "9", "é", " ", ":", "(",
            "\u{a0}", "//", "# ", "`", "\"", "'", "\n",
        ];
        let mut strings = Strings::new(7);
        let mut found = 0;
        for _ in 0..60_000 {
            let text = strings.join(&pieces, 6);
            assert_eq!(todo_marker(&text), unquoted(&text), "{text:?}");
            found += usize::from(todo_marker(&text).is_some());
        }
        assert!(
            (3_000..57_000).contains(&found),
            "{found} of 60,000 held a marker"
        );
        assert_eq!(todo_marker("# TODO: fix"), Some(2..6));
        assert_eq!(todo_marker("# TODOS and éTODO"), None);
        assert_eq!(todo_marker("/// Lists `TODO` and \"FIXME\" markers."), None);
        assert_eq!(todo_marker("# 'HACK' aside, TODO: this"), Some(16..20));
        assert_eq!(todo_marker("/// `\\b(TODO|FIXME)\\b` finds them"), None);
        assert_eq!(todo_marker("// `a` TODO: b `c`"), Some(7..11));
        assert_eq!(todo_marker("// `a\n// TODO: b `c`"), Some(9..13));
    }
}
