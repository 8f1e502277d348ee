//! The model's markdown as styled lines: tui-markdown (pulldown-cmark underneath, syntect
//! for fenced code) does the work; this only makes the lines own their text so they can be
//! kept between frames.

use ratatui::text::{Line, Span};

pub fn lines(markdown: &str) -> Vec<Line<'static>> {
    let text = tui_markdown::from_str(markdown);
    text.lines
        .into_iter()
        .map(|line| {
            let spans: Vec<Span<'static>> = line
                .spans
                .into_iter()
                .map(|s| Span::styled(s.content.into_owned(), s.style))
                .collect();
            let mut owned = Line::from(spans).style(line.style);
            owned.alignment = line.alignment;
            owned
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn headings_lists_and_code_become_lines() {
        let shown = lines("# Title\n\n- one\n- *two*\n\n```python\ndef f():\n    return 1\n```\n");
        let text = plain(&shown);
        assert!(text.iter().any(|l| l.contains("Title")), "{text:?}");
        assert!(text.iter().any(|l| l.contains("one")), "{text:?}");
        assert!(text.iter().any(|l| l.contains("def f():")), "{text:?}");
        // Fenced code is highlighted: its keyword carries a colour of its own.
        let def = shown
            .iter()
            .flat_map(|l| &l.spans)
            .find(|s| s.content.contains("def"))
            .unwrap();
        assert!(def.style.fg.is_some(), "{def:?}");
    }
}
