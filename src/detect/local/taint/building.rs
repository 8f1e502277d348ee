//! Strings dangerous as soon as they are built from tainted data (`built` sinks): SQL
//! spliced together from a request, a URL whose host the request names. They are reported
//! where they are put together (an assignment or a `return`), wherever they then go (the
//! string may be handed on, logged, or used by code the pass cannot see).

use super::*;
use crate::detect::local::constant_names::constant_string;

/// Most string pieces read from one built expression.
const MAX_PIECES: usize = 64;
/// Longest constant text remembered for a name.
const MAX_LITERAL: usize = 512;
/// Deepest nesting of `+` chains and interpolations read (a left-leaning chain nests once
/// per operand).
const MAX_DEPTH: u32 = 256;

impl Analyser<'_, '_, '_> {
    /// `name = right` (`augmented`: `name += right`) has just bound `taint`: a `built` sink
    /// whose pattern the string's constant text matches is reached where a source's value
    /// first enters the string (a name already holding it, built on further, is not
    /// reported again).
    pub(super) fn check_built(
        &mut self,
        left: u32,
        name: &str,
        right: u32,
        taint: &Taint,
        augmented: bool,
        was_tainted: bool,
    ) {
        if was_tainted && (augmented || self.mentions(right, name)) {
            return;
        }
        // `el.innerHTML = "<b>" + v`: the assignment is a sink of its own, reported as one.
        if !self.sinks.assigns(self.family, name).is_empty() {
            return;
        }
        let held = augmented
            .then(|| self.literals.get(name).cloned())
            .flatten();
        self.check_built_value(left, held.as_deref(), right, taint, false);
    }

    /// `container[key] = right`: a string built there is built as an assignment's is.
    pub(super) fn check_built_item(&mut self, left: u32, right: u32) {
        self.check_built_at(left, right, false);
    }

    /// `f(<string built from a source>)` for a call that is no sink of its own: the string
    /// goes where the pass cannot follow, as a stored one does.
    pub(super) fn check_built_argument(&mut self, call: u32, arg: u32) {
        self.check_built_at(call, arg, false);
    }

    /// `return <string built from a source>`: as an assignment's value is.
    pub(super) fn check_built_return(&mut self, statement: u32, value: u32) {
        self.check_built_at(statement, value, true);
    }

    /// A string `value` builds, at `site`, when it carries taint (`returned`: a `return`).
    fn check_built_at(&mut self, site: u32, value: u32, returned: bool) {
        if self.building(value).is_none() || !self.sinks.watches_building(self.family) {
            return;
        }
        if let Some(taint) = self.eval(value, 0) {
            self.check_built_value(site, None, value, &taint, returned);
        }
    }

    /// A string built by `right` (after `held`, what `name += right` builds on) and
    /// carrying `taint`, at `site` (`returned`: a `return`): the `built` sinks its constant
    /// text matches.
    fn check_built_value(
        &mut self,
        site: u32,
        held: Option<&str>,
        right: u32,
        taint: &Taint,
        returned: bool,
    ) {
        // A value another file's function returns is the graph's to decide, at sinks only.
        let Origin::Source(source) = &*taint.origin else {
            return;
        };
        if !taint.formatted || taint.through.is_some() || !self.sinks.watches_building(self.family)
        {
            return;
        }
        // `name += value` builds on what `name` held, whatever the value is.
        let Some(built) = held.map_or_else(|| self.building(right), |_| Some(right)) else {
            return;
        };
        let text = self.constant_text(held, built);
        // What the string is assigned to (`unless_call` rules a target out).
        let target = if returned {
            String::new()
        } else {
            self.text(site).to_string()
        };
        for sink in self.sinks.built(self.family, &text, returned) {
            if sink.ruled_out_by(&target) {
                continue;
            }
            let what = sink
                .spec
                .what
                .clone()
                .unwrap_or_else(|| "a built string".into());
            let line = self.flat.line(site);
            let steps = taint.clone().step(line, format!("built into {what}")).steps;
            self.source_reached(site, sink, source, &what, steps.to_vec());
        }
    }

    /// Keeps the text of a plain string literal bound to `name` (`sql = "SELECT …"`), so
    /// what is later added to it is known to build on it; any other value forgets it.
    pub(super) fn note_literal(&mut self, name: &str, right: u32) {
        // A URL prefix is kept for `+=` (`url_query.rs`) whatever the family builds.
        if constant_string(self.flat, right)
            && (self.sinks.watches_building(self.family) || self.prefix_fixes_host(right))
        {
            let mut text = self.constant_text(None, right);
            let mut end = MAX_LITERAL.min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.truncate(end);
            self.literals.insert(name.to_string(), text);
        } else if !self.literals.is_empty() {
            self.literals.remove(name);
        }
    }

    /// The expression that builds the assigned string, if the value is one being built
    /// (not, say, what a query call returns when given a tainted parameter).
    fn building(&self, right: u32) -> Option<u32> {
        let flat = self.flat;
        let mut node = right;
        while matches!(
            self.kind(node),
            "await"
                | "await_expression"
                | "parenthesized_expression"
                | "as_expression"
                | "non_null_expression"
                | "reference_expression"
        ) {
            node = flat.named_children(node).next()?;
        }
        match self.kind(node) {
            "string"
            | "template_string"
            | "concatenated_string"
            | "binary_operator"
            | "binary_expression"
            | "macro_invocation" => Some(node),
            "call" | "call_expression" => {
                let callee = self.child(node, self.fields.function)?;
                let text = self.text(callee);
                let method = text.rsplit(['.', ':']).next().unwrap_or(text);
                matches!(method, "format" | "concat" | "join" | "sprintf").then_some(node)
            }
            _ => None,
        }
    }

    /// Whether the expression reads `name`.
    fn mentions(&self, node: u32, name: &str) -> bool {
        let flat = self.flat;
        (node..flat.entry(node).end).any(|n| {
            matches!(
                flat.kind(n),
                "identifier" | "attribute" | "member_expression" | "field_expression"
            ) && self.text(n) == name
        })
    }

    /// The constant parts of a string built by `right` after `held` (what `name += right`
    /// builds on), joined by spaces; a name in it holding a literal counts as that literal.
    /// An operand of a `+` chain or an interpolation that carries nothing from a source is a
    /// fixed part of the string (`"https://" + API_HOST + …`): it shows as `\u{1}` glued to
    /// the piece before it, so a pattern for a value right after some text skips it.
    fn constant_text(&self, held: Option<&str>, right: u32) -> String {
        let mut text = held.unwrap_or_default().to_string();
        let mut pieces = 0;
        self.pieces(right, &mut text, &mut pieces, 0);
        text
    }

    /// Appends the pieces of `node` to `text` (see `constant_text`).
    fn pieces(&self, node: u32, text: &mut String, pieces: &mut usize, depth: u32) {
        if *pieces >= MAX_PIECES || depth > MAX_DEPTH {
            return;
        }
        let flat = self.flat;
        match self.kind(node) {
            "binary_operator" | "binary_expression"
                if self
                    .child(node, self.fields.operator)
                    .is_some_and(|op| self.text(op) == "+") =>
            {
                for child in flat.named_children(node) {
                    self.pieces(child, text, pieces, depth + 1);
                }
            }
            "parenthesized_expression" => {
                for child in flat.named_children(node) {
                    self.pieces(child, text, pieces, depth + 1);
                }
            }
            "string" | "template_string" | "concatenated_string" => {
                for child in flat.named_children(node) {
                    match self.kind(child) {
                        "string_content" | "string_fragment" => {
                            Self::push_piece(text, pieces, self.text(child));
                        }
                        "interpolation" | "template_substitution" => {
                            if let Some(value) = flat.named_children(child).next() {
                                self.operand(value, text, pieces);
                            }
                        }
                        "string" | "template_string" => self.pieces(child, text, pieces, depth + 1),
                        _ => {}
                    }
                }
            }
            "binary_operator" | "binary_expression" | "call" | "call_expression"
            | "macro_invocation" | "string_literal" | "raw_string_literal" => {
                self.scanned_pieces(node, text, pieces);
            }
            _ => self.operand(node, text, pieces),
        }
    }

    /// A value put into the string: a name holding a literal is that literal; one carrying
    /// a source's value leaves a gap; any other is fixed (`\u{1}`).
    fn operand(&self, node: u32, text: &mut String, pieces: &mut usize) {
        if self.kind(node) == "identifier"
            && let Some(literal) = self.literals.get(self.text(node))
        {
            Self::push_piece(text, pieces, literal);
        } else if self.eval(node, 0).is_none() {
            text.push('\u{1}');
        }
    }

    /// The string pieces under `node` in order (a format call's or macro's, whose
    /// placeholders stand in the text for their values).
    fn scanned_pieces(&self, node: u32, text: &mut String, pieces: &mut usize) {
        let flat = self.flat;
        for at in node..flat.entry(node).end {
            if *pieces >= MAX_PIECES {
                break;
            }
            let piece = match flat.kind(at) {
                "string_content" | "string_fragment" => self.text(at),
                "identifier" => match self.literals.get(self.text(at)) {
                    Some(literal) => literal.as_str(),
                    None => continue,
                },
                _ => continue,
            };
            Self::push_piece(text, pieces, piece);
        }
    }

    fn push_piece(text: &mut String, pieces: &mut usize, piece: &str) {
        text.push(' ');
        text.push_str(piece);
        *pieces += 1;
    }
}
