//! `commented-out-code`: runs of comment lines that each parse as a statement.

use crate::detect::local::suppressions::comment_body;
use crate::detect::local::{Ctx, Hit, statements};
use crate::lang::Family;

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
        // The statement test first: it dismisses most prose at its first bytes, where the
        // note test reads the whole line.
        body.len() >= 4
            && match family {
                Family::Python => statements::is_python_statement(body),
                _ => statements::is_c_family_statement(body),
            }
            && !statements::is_note(body)
            && !names_a_constant(body)
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
                audit: false,
            });
        }
        run.clear();
    };
    let comments = &ctx.collected.comments;
    let lines: Vec<u32> = comments.iter().map(|&c| ctx.flat.line(c)).collect();
    for (at, &comment) in comments.iter().enumerate() {
        let line = lines[at];
        // A comment with no other on the line before or after cannot be part of a run:
        // the statement test, the costly part, is kept for those that can.
        let paired = (at > 0 && lines[at - 1] + 1 == line)
            || lines.get(at + 1).is_some_and(|&next| next == line + 1);
        if !paired {
            flush(&mut run);
            continue;
        }
        let text = ctx.flat.text(comment, ctx.source);
        if text.contains('\n') {
            flush(&mut run);
            continue;
        }
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

/// `const MAT_OPACMAP = 0xA210;`, `MAX_SIZE = 12`: a named constant with a literal value,
/// the kind a file format's table keeps commented for the values it does not use yet.
fn names_a_constant(body: &str) -> bool {
    let mut rest = body.trim().trim_end_matches(';').trim_end();
    for keyword in ["export ", "pub ", "static ", "const ", "let ", "var "] {
        rest = rest.strip_prefix(keyword).unwrap_or(rest).trim_start();
    }
    let Some((name, value)) = rest.split_once('=') else {
        return false;
    };
    let name = name.split(':').next().unwrap_or(name).trim();
    let value = value.trim();
    let constant_name = name.len() > 1
        && name.starts_with(|c: char| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    let literal = value
        .trim_start_matches('-')
        .starts_with(|c: char| c.is_ascii_digit())
        && value
            .trim_start_matches('-')
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_'))
        || (value.len() >= 2
            && (value.starts_with('"') && value.ends_with('"')
                || value.starts_with('\'') && value.ends_with('\'')));
    constant_name && literal && !value.starts_with('=')
}
