//! Full-text search over the graph: identifiers, docstrings, comments and paths.

pub mod index;
pub mod search_code;

/// `text` cut to at most `max` characters, with `…` when cut.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}
