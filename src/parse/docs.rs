//! Docstrings and doc comments. Extraction keeps only where a definition's doc is (`DocSpan`,
//! a byte range of its file); `text` makes the doc from that range when a tool asks. Docs
//! were half of a TypeScript tree's facts (rxjs: 256 of 476 KB), each one built, cloned
//! into its graph node and written to the cache twice, for the few tools that show them.

use tree_sitter::Node;

use crate::lang::{DocStyle, Family, LangId};
use crate::parse::extract::clip;
use crate::parse::facts::DocSpan;
use crate::parse::flat::{FlatTree, field_child};

/// Where the doc of the definition `node` is, if it has one that says anything.
pub(crate) fn span_of(
    lang: LangId,
    flat: &FlatTree<'_>,
    source: &str,
    node: Node<'_>,
) -> Option<DocSpan> {
    match lang.spec().doc_style {
        DocStyle::BodyString => {
            let body = field_child(lang, node, "body")?;
            let first = body.named_child(0)?;
            let string = (first.kind() == "expression_statement")
                .then(|| first.named_child(0))
                .flatten()?;
            if string.kind() != "string" {
                return None;
            }
            let span = DocSpan::of(string.byte_range());
            (!docstring(span.text(source)?).is_empty()).then_some(span)
        }
        DocStyle::LeadingComments(prefixes) => {
            let mut anchor = flat.index_of(node)?;
            if let Some(parent) = flat.parent(anchor)
                && matches!(
                    flat.kind(parent),
                    "export_statement" | "lexical_declaration" | "variable_declaration"
                )
            {
                anchor = parent;
                if let Some(outer) = flat
                    .parent(parent)
                    .filter(|&p| flat.kind(p) == "export_statement")
                {
                    anchor = outer;
                }
            }
            // The comments right above, attributes between them skipped, nearest first.
            let (mut first, mut last) = (None, None);
            let mut sibling = flat.prev_sibling(anchor);
            while let Some(index) = sibling {
                sibling = flat.prev_sibling(index);
                let kind = flat.kind(index);
                if kind == "attribute_item" {
                    continue;
                }
                if !kind.contains("comment")
                    || !prefixes
                        .iter()
                        .any(|p| flat.text(index, source).starts_with(p))
                {
                    break;
                }
                first = Some(index);
                last = last.or(Some(index));
            }
            let span = DocSpan {
                start: flat.entry(first?).range().start as u32,
                end: flat.entry(last?).range().end as u32,
            };
            let said = comments(lang, span.text(source)?)
                .any(|comment| comment_lines(comment).any(|line| !line.is_empty()));
            said.then_some(span)
        }
    }
}

/// The doc at `span` of a file of `lang` whose text is `source`: a docstring without its
/// quotes, or doc comments without their markers, one line each. `None` when the span does
/// not fit the text (a file changed since it was parsed).
pub fn text(lang: LangId, source: &str, span: DocSpan) -> Option<String> {
    let raw = span.text(source)?;
    let doc = match lang.spec().doc_style {
        DocStyle::BodyString => docstring(raw).to_string(),
        DocStyle::LeadingComments(_) => {
            let mut doc = String::new();
            for comment in comments(lang, raw) {
                for line in comment_lines(comment) {
                    if !doc.is_empty() || !line.is_empty() {
                        doc.push_str(line);
                        doc.push('\n');
                    }
                }
            }
            doc.trim().to_string()
        }
    };
    (!doc.is_empty()).then(|| clip(&doc))
}

/// A docstring's text: the string literal without its prefix letters, quotes and the
/// whitespace around.
fn docstring(literal: &str) -> &str {
    literal
        .trim_start_matches(['r', 'u', 'R', 'U', 'b', 'B'])
        .trim_matches(|c| c == '"' || c == '\'')
        .trim()
}

/// One doc comment's lines, each without its markers (`///`, `/**`, `*/`, a leading `*`).
fn comment_lines(comment: &str) -> impl Iterator<Item = &str> {
    comment.lines().map(|line| {
        let mut line = strip_all(strip_all(line.trim(), "///"), "/**");
        while let Some(rest) = line.strip_suffix("*/") {
            line = rest;
        }
        line.trim().trim_start_matches('*').trim()
    })
}

/// The comments in `text`, a run of comments from the first doc comment of a definition to
/// its last, with only whitespace and (Rust) attributes between them. Stops at anything
/// else.
fn comments(lang: LangId, text: &str) -> impl Iterator<Item = &str> {
    let nested = lang.family() == Family::Rust;
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        loop {
            while at < bytes.len() && bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            let rest = &bytes[at..];
            if rest.starts_with(b"//") {
                let end = memchr::memchr(b'\n', rest).map_or(bytes.len(), |n| at + n);
                let comment = &text[at..end];
                at = end;
                return Some(comment);
            }
            if rest.starts_with(b"/*") {
                let end = block_end(rest, nested).map_or(bytes.len(), |n| at + n);
                let comment = &text[at..end];
                at = end;
                return Some(comment);
            }
            if nested && rest.first() == Some(&b'#') {
                at = attribute_end(rest).map(|n| at + n)?;
                continue;
            }
            return None;
        }
    })
}

/// One past the `*/` that closes the block comment `text` starts with (Rust nests them).
fn block_end(text: &[u8], nested: bool) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = 0;
    while i + 1 < text.len() {
        match &text[i..i + 2] {
            b"/*" if depth == 0 || nested => {
                depth += 1;
                i += 2;
            }
            b"*/" => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// One past the `]` that closes the attribute `text` starts with (`#[…]`, `#![…]`), string
/// literals inside it skipped.
fn attribute_end(text: &[u8]) -> Option<usize> {
    let open = text.iter().position(|&b| b == b'[')?;
    if !text[1..open]
        .iter()
        .all(|&b| b == b'!' || b.is_ascii_whitespace())
    {
        return None;
    }
    let mut depth = 0usize;
    let mut i = open;
    while i < text.len() {
        match text[i] {
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'"' => {
                i += 1;
                while i < text.len() && text[i] != b'"' {
                    i += if text[i] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// `text` without every leading `prefix` (what `trim_start_matches` does, without building
/// a substring searcher per call: doc-heavy Rust files have tens of thousands of lines).
fn strip_all<'a>(mut text: &'a str, prefix: &str) -> &'a str {
    while let Some(rest) = text.strip_prefix(prefix) {
        text = rest;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each definition's doc, by name, made from the spans extraction keeps.
    fn docs(lang: LangId, source: &str) -> Vec<(String, Option<String>)> {
        let facts = crate::parse::parse_bytes("x", lang, source.as_bytes(), [0; 32]);
        facts
            .symbols
            .iter()
            .map(|s| {
                (
                    s.name.clone(),
                    s.doc.and_then(|span| text(lang, source, span)),
                )
            })
            .collect()
    }

    fn named(pairs: &[(&str, Option<&str>)]) -> Vec<(String, Option<String>)> {
        pairs
            .iter()
            .map(|(n, d)| (n.to_string(), d.map(str::to_string)))
            .collect()
    }

    #[test]
    fn python_docstrings_lose_their_quotes_and_prefixes() {
        let source = "def a():\n    r'''Raw.\n    Two lines.'''\n\ndef b():\n    \"\"\"   \"\"\"\n\ndef c():\n    x = 1\n    \"\"\"Not first.\"\"\"\n\nclass D:\n    u\"Short.\"\n";
        assert_eq!(
            docs(LangId::Python, source),
            named(&[
                ("a", Some("Raw.\n    Two lines.")),
                ("b", None),
                ("c", None),
                ("D", Some("Short."))
            ])
        );
    }

    #[test]
    fn rust_doc_comments_skip_attributes_between_them_and_nest_blocks() {
        let source = "//! The crate.\n/// One.\n#[cfg(all(x, feature = \"a]b\"))]\n///\n/// Two.\n#[inline]\nfn a() {}\n\n/** Outer /* inner */ still. */\nfn b() {}\n\n// Plain.\nfn c() {}\n\n///\n///\nfn d() {}\n";
        assert_eq!(
            docs(LangId::Rust, source),
            named(&[
                ("a", Some("One.\n\nTwo.")),
                ("b", Some("Outer /* inner */ still.")),
                ("c", None),
                ("d", None)
            ])
        );
    }

    #[test]
    fn jsdoc_blocks_above_exports_and_declarations() {
        let source = "/**\n * Formats.\n *\n * @param a the value\n */\nexport const f = (a) => a;\n// Not doc.\n/** One. */\n/** Two. */\nfunction g() {}\n/* plain */\nfunction h() {}\n";
        assert_eq!(
            docs(LangId::JavaScript, source),
            named(&[
                ("f", Some("Formats.\n\n@param a the value")),
                ("g", Some("One.\nTwo.")),
                ("h", None)
            ])
        );
    }

    /// A span the text no longer fits (the file changed) gives nothing rather than a panic.
    #[test]
    fn a_span_that_does_not_fit_the_text_gives_no_doc() {
        let lang = LangId::Rust;
        assert_eq!(text(lang, "/// é\n", DocSpan { start: 0, end: 40 }), None);
        assert_eq!(
            text(lang, "/// é\n", DocSpan { start: 0, end: 5 }),
            None,
            "ends inside a character"
        );
        assert_eq!(
            text(lang, "fn x() {}\n", DocSpan { start: 0, end: 9 }),
            None,
            "no comment there"
        );
        assert_eq!(
            text(lang, "/// é\n", DocSpan { start: 0, end: 6 }).as_deref(),
            Some("é")
        );
    }

    #[test]
    fn long_docs_are_clipped_on_a_character_boundary() {
        let source = format!("def f():\n    \"\"\"{}\"\"\"\n", "é".repeat(1500));
        let found = docs(LangId::Python, &source);
        let doc = found[0].1.as_deref().expect("a doc");
        assert_eq!(doc.len(), 2000);
        assert!(doc.chars().all(|c| c == 'é'));
    }
}
