//! Where in a string a tainted value lands: after a constant `?` or `#` it is a URL's query
//! or fragment (`"%s?%s" % (url, request.META["QUERY_STRING"])`), which cannot choose the
//! host or path the URL leads to. Sinks that care only about where a URL goes
//! (`fixed_host`) let such values pass. Only parts carrying the taint the whole is given
//! (`origin`) count: a parameter before the `?` does not make the request's value after it
//! choose the host.

use super::*;

/// Whether a constant text puts what follows it in a query or fragment.
fn marks_query(text: &str) -> bool {
    text.contains(['?', '#'])
}

impl Analyser<'_, '_, '_> {
    /// An f-string or template literal: whether its first tainted part follows a constant
    /// `?` or `#` (or is itself past one).
    pub(super) fn string_after_query(&self, node: u32, origin: &Origin, depth: u32) -> bool {
        let flat = self.flat;
        let source = self.ctx.source;
        let mut cursor = flat.entry(node).range().start;
        for part in flat.named_children(node) {
            if !matches!(flat.kind(part), "interpolation" | "template_substitution") {
                continue;
            }
            let range = flat.entry(part).range();
            let before = source.get(cursor..range.start).is_some_and(marks_query);
            if let Some(taint) = self.carrying(flat.named_children(part), origin, depth) {
                return before || taint.after_query;
            }
            if before {
                // Whatever comes later follows the mark too.
                return true;
            }
            cursor = range.end;
        }
        false
    }

    /// `left + right`: the right side follows everything the left side holds.
    pub(super) fn concat_after_query(
        &self,
        left: Option<u32>,
        right: Option<u32>,
        origin: &Origin,
        depth: u32,
    ) -> bool {
        if let Some(taint) = self.carrying(left.into_iter(), origin, depth) {
            return taint.after_query;
        }
        left.is_some_and(|l| self.constant_marks_query(l))
            || self
                .carrying(right.into_iter(), origin, depth)
                .is_some_and(|t| t.after_query)
    }

    /// `"…%s?%s" % (a, b)`: whether every tainted value fills a placeholder past the
    /// format's first `?` or `#`.
    pub(super) fn percent_after_query(
        &self,
        format: u32,
        values: u32,
        origin: &Origin,
        depth: u32,
    ) -> bool {
        if !matches!(self.kind(format), "string") {
            return false;
        }
        let text = self.text(format);
        let head = text.find(['?', '#']).map_or(text, |at| &text[..at]);
        let before = head.matches('%').count() - 2 * head.matches("%%").count();
        let items: Vec<u32> = match self.kind(values) {
            "tuple" | "parenthesized_expression" => self.flat.named_children(values).collect(),
            "dictionary" => return false,
            _ => vec![values],
        };
        let mut tainted = false;
        for (index, item) in items.into_iter().enumerate() {
            if let Some(taint) = self.carrying(std::iter::once(item), origin, depth) {
                tainted = true;
                if index < before && !taint.after_query {
                    return false;
                }
            }
        }
        tainted
    }

    /// The taint of the first of `nodes` carrying `origin`.
    fn carrying(
        &self,
        mut nodes: impl Iterator<Item = u32>,
        origin: &Origin,
        depth: u32,
    ) -> Option<Taint> {
        nodes.find_map(|n| self.eval(n, depth + 1).filter(|t| *t.origin == *origin))
    }

    /// A constant string, or a concatenation with one, holding a `?` or `#`: what is added
    /// after it is in the query.
    fn constant_marks_query(&self, node: u32) -> bool {
        match self.kind(node) {
            "string" | "template_string" => marks_query(self.text(node)),
            "binary_operator" | "binary_expression" | "parenthesized_expression" => self
                .flat
                .named_children(node)
                .any(|part| self.constant_marks_query(part)),
            _ => false,
        }
    }
}
