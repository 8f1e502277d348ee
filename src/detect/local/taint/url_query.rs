//! Where in a string a tainted value lands: after a constant `?` or `#` it is a URL's query
//! or fragment (`"%s?%s" % (url, request.META["QUERY_STRING"])`), and after a constant
//! prefix that fixes the host (`"https://example.com/" + x`, `f"/users/{x}"`) it is a path
//! on that host; neither can choose the host the URL leads to. Sinks that care only about
//! where a URL goes (`fixed_host`) let such values pass, also once the string is bound to a
//! name (the sink's own argument is read by `report.rs`). Only parts carrying the taint the whole is given
//! (`origin`) count: a parameter before the `?` does not make the request's value after it
//! choose the host. The parts' taints come evaluated (once each, by `eval`): evaluating
//! them again here would double the work at every level of a long concatenation.

use super::report::fixes_host;
use super::*;

/// Whether a constant text puts what follows it in a query or fragment.
fn marks_query(text: &str) -> bool {
    text.contains(['?', '#'])
}

fn carries<'t>(taint: Option<&'t Taint>, origin: &Origin) -> Option<&'t Taint> {
    taint.filter(|t| *t.origin == *origin)
}

impl Analyser<'_, '_, '_> {
    /// An f-string or template literal, given its parts in order: whether the first part
    /// carrying the taint follows a constant `?` or `#` (or is itself past one).
    pub(super) fn string_host_fixed(
        &self,
        node: u32,
        parts: &[(u32, Option<Taint>)],
        origin: &Origin,
    ) -> bool {
        if self.prefix_fixes_host(node) {
            return true;
        }
        let source = self.ctx.source;
        let mut cursor = self.flat.entry(node).range().start;
        for (part, taint) in parts {
            let range = self.flat.entry(*part).range();
            let before = source
                .get(cursor.min(range.start)..range.start)
                .is_some_and(marks_query);
            if let Some(taint) = carries(taint.as_ref(), origin) {
                return before || taint.host_fixed;
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
    pub(super) fn concat_host_fixed(
        &self,
        left: Option<u32>,
        left_taint: Option<&Taint>,
        right_taint: Option<&Taint>,
        origin: &Origin,
    ) -> bool {
        if let Some(taint) = carries(left_taint, origin) {
            return taint.host_fixed;
        }
        left.is_some_and(|l| self.constant_marks_query(l) || self.prefix_fixes_host(l))
            || carries(right_taint, origin).is_some_and(|t| t.host_fixed)
    }

    /// `"…%s?%s" % (a, b)`, given each value's taint: whether every value carrying the
    /// taint fills a placeholder past the format's first `?` or `#`.
    pub(super) fn percent_host_fixed(
        &self,
        format: u32,
        given: u32,
        values: &[(u32, Option<Taint>)],
        origin: &Origin,
    ) -> bool {
        if self.kind(format) != "string" || self.kind(given) == "dictionary" {
            return false;
        }
        if self.prefix_fixes_host(format) {
            return true;
        }
        let text = self.text(format);
        let head = text.find(['?', '#']).map_or(text, |at| &text[..at]);
        let before = head.matches('%').count() - 2 * head.matches("%%").count();
        let mut tainted = false;
        for (index, (_, taint)) in values.iter().enumerate() {
            if let Some(taint) = carries(taint.as_ref(), origin) {
                tainted = true;
                if index < before && !taint.host_fixed {
                    return false;
                }
            }
        }
        tainted
    }

    /// Whether the constant text a string starts with fixes the host of a URL made from it.
    pub(super) fn prefix_fixes_host(&self, node: u32) -> bool {
        self.constant_prefix(node).is_some_and(|p| fixes_host(&p))
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
