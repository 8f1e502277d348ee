//! What a Rust macro's tokens carry: `format!`'s arguments built into a string, `vec!`'s
//! elements, the names and nested trees among the tokens, members read after a `.`.

use super::*;

impl Analyser<'_, '_, '_> {
    /// `format!("…{}", x)`, `format!("…{x}")`, `concat!(…)`: what the arguments carry,
    /// built into a string; `vec![…]` what its elements carry. Other macros do not pass
    /// their tokens on.
    pub(super) fn eval_macro(&self, node: u32, depth: u32) -> Option<Taint> {
        let flat = self.flat;
        let name = flat.named_children(node).next().map(|n| self.text(n))?;
        // `vec![a, b]` holds what its elements hold, unformatted.
        if name == "vec" {
            let tokens = flat
                .named_children(node)
                .find(|&n| flat.kind(n) == "token_tree")?;
            let taint = self.union(self.macro_values(tokens).into_iter(), depth)?;
            return Some(taint.step(flat.line(node), "gathered by vec!".to_string()));
        }
        // The log macros format their line as `format!` does.
        if !matches!(
            name.rsplit("::").next().unwrap_or(name),
            "format"
                | "format_args"
                | "concat"
                | "concat_idents"
                | "trace"
                | "debug"
                | "info"
                | "warn"
                | "error"
        ) {
            return None;
        }
        let tokens = flat
            .named_children(node)
            .find(|&n| flat.kind(n) == "token_tree")?;
        let inner = self.macro_values(tokens);
        let names: Vec<&str> = flat
            .named_children(tokens)
            .filter(|&t| flat.kind(t) == "string_literal")
            // Inline captures: `{name}`, `{name:?}`.
            .flat_map(|t| inline_captures(self.text(t)))
            .collect();
        let taint = self
            .union(inner.into_iter(), depth)
            .or_else(|| names.iter().find_map(|n| self.env_get(n).cloned()))?;
        // `format!("https://host/{}", x)`: a constant prefix fixed the host before `x`.
        let host_fixed = taint.host_fixed || self.prefix_fixes_host(node);
        Some(Taint {
            formatted: true,
            argv_tail: false,
            host_fixed,
            ..taint.step(flat.line(node), format!("formatted by {name}!"))
        })
    }

    /// The tokens of a macro's token tree that may carry values: names and nested trees,
    /// but not the arguments of a sanitiser called inside (`encode_text(&name)`).
    pub(super) fn macro_values(&self, tokens: u32) -> Vec<u32> {
        let flat = self.flat;
        let mut values = Vec::new();
        let mut previous: Option<u32> = None;
        for token in flat.named_children(tokens) {
            match flat.kind(token) {
                // `params.page`: a field the file types as a number carries nothing.
                "identifier"
                    if self.member_token(previous, token)
                        && self.safe_fields.contains(self.text(token)) =>
                {
                    values.pop();
                }
                // `"a".to_string()`, `f().name`: a member of whatever comes before.
                "identifier" if self.after_dot(previous, token) => {}
                "identifier" => values.push(token),
                "token_tree" => {
                    let sanitised = previous
                        .filter(|&p| flat.kind(p) == "identifier")
                        .is_some_and(|p| self.tables.is_sanitiser(self.text(p), self.text(p)));
                    if !sanitised {
                        values.push(token);
                    }
                }
                _ => {}
            }
            previous = Some(token);
        }
        values
    }

    /// Whether `token` is the field after `previous.` in a macro's tokens.
    fn member_token(&self, previous: Option<u32>, token: u32) -> bool {
        previous.is_some_and(|p| self.kind(p) == "identifier") && self.after_dot(previous, token)
    }

    /// Whether a `.` alone separates `token` from the token before it.
    fn after_dot(&self, previous: Option<u32>, token: u32) -> bool {
        let Some(previous) = previous else {
            return false;
        };
        let (before, at) = (
            self.flat.entry(previous).range().end,
            self.flat.entry(token).range().start,
        );
        self.ctx.source.get(before..at) == Some(".")
    }
}

/// The names a format string captures inline: `"{name}"`, `"{name:>8}"` (not `{0}` or `{{`).
pub(super) fn inline_captures(literal: &str) -> impl Iterator<Item = &str> {
    literal
        .split('{')
        .skip(1)
        .filter(|part| !part.is_empty())
        .filter_map(|part| {
            let name = part.split(['}', ':']).next()?;
            (name.starts_with(|c: char| c.is_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .then_some(name)
        })
}
