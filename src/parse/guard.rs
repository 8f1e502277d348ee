//! Files tree-sitter is not given, so that no file can stall or take down the process.
//!
//! - Nesting: parsing a tree is linear, but a definition nested thousands deep makes
//!   extraction and the detectors pay for every enclosing level (qualified names, scopes),
//!   which grows with the square of the depth. Brackets of every kind are counted, in
//!   strings and comments too: an over-count only matters to a file no one writes.
//! - Python indentation: the Python grammar's scanner serialises its indentation stack
//!   into tree-sitter's 1 KiB state buffer without checking the room left, and tree-sitter
//!   aborts the process when it overflows (past about 380 levels). The stack only holds
//!   strictly increasing widths, each the width of a run of whitespace after a line break
//!   as the scanner measures it (a space 1, a tab 8, a backslash-newline continuing the
//!   run), so the number of distinct such widths bounds its depth.

use crate::lang::{Family, LangId};
use crate::parse::SkipReason;

/// Deepest bracket nesting parsed (a nested definition each level costs extraction one
/// more enclosing scope; `tests/it/bad_input.rs` holds the time and memory of the limit).
pub const MAX_NESTING: u32 = 1_000;

/// Most bracket nesting summed over a file (each opening bracket counted at its depth):
/// many definitions nested just under `MAX_NESTING` cost as much as one nested far past
/// it. The corpora's largest file (minified emscripten output) stays under a quarter of it.
pub const MAX_NESTING_AREA: u64 = 4_000_000;

/// Most distinct indentation widths in a Python file: well inside what the scanner can
/// serialise whatever else its state holds.
pub const MAX_PYTHON_INDENTS: u32 = 300;

/// Why `bytes` must not be parsed as `language`, if it must not.
pub fn refuse(language: LangId, bytes: &[u8]) -> Option<SkipReason> {
    let (depth, area) = bracket_depth(bytes);
    if depth > MAX_NESTING {
        return Some(SkipReason::TooDeep {
            what: "brackets",
            depth,
            limit: MAX_NESTING,
        });
    }
    if area > MAX_NESTING_AREA {
        return Some(SkipReason::TooNested {
            area,
            limit: MAX_NESTING_AREA,
        });
    }
    if language.family() == Family::Python {
        let levels = indentation_widths(bytes);
        if levels > MAX_PYTHON_INDENTS {
            return Some(SkipReason::TooDeep {
                what: "indentation levels",
                depth: levels,
                limit: MAX_PYTHON_INDENTS,
            });
        }
    }
    None
}

/// The deepest nesting of `(`, `[` and `{`, and the sum of every opener's depth; a closer
/// with nothing open is ignored. Every file goes through here, so only the brackets are
/// visited: openers and closers are found by memchr's vector search and taken in order.
fn bracket_depth(bytes: &[u8]) -> (u32, u64) {
    let mut opens = memchr::memchr3_iter(b'(', b'[', b'{', bytes).peekable();
    let mut closes = memchr::memchr3_iter(b')', b']', b'}', bytes).peekable();
    let (mut depth, mut deepest, mut area) = (0u32, 0u32, 0u64);
    loop {
        let open_first = match (opens.peek(), closes.peek()) {
            (Some(open), Some(close)) => open < close,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => return (deepest, area),
        };
        if open_first {
            opens.next();
            depth += 1;
            deepest = deepest.max(depth);
            area += u64::from(depth);
        } else {
            closes.next();
            depth = depth.saturating_sub(1);
        }
    }
}

/// How many distinct widths the runs of whitespace after a line break have, as the Python
/// scanner measures them (16-bit, so at most 65,536). Only the start of each line is read.
fn indentation_widths(bytes: &[u8]) -> u32 {
    // Widths below 4,096 in a bit set (all of them, in real code), the rest in a set.
    let mut small = [0u64; 64];
    let mut large = std::collections::HashSet::new();
    let mut record = |width: u16| {
        if width < 4096 {
            small[usize::from(width / 64)] |= 1 << (width % 64);
        } else {
            large.insert(width);
        }
    };
    let mut at = 0;
    while let Some(offset) = memchr::memchr3(b'\n', b'\r', 0x0c, &bytes[at..]) {
        let mut i = at + offset + 1;
        let mut width: u16 = 0;
        loop {
            match bytes.get(i) {
                Some(b' ') => width = width.wrapping_add(1),
                Some(b'\t') => width = width.wrapping_add(8),
                Some(b'\\') => {
                    // A continuation keeps the run (and its width) going on the next line.
                    let mut next = i + 1;
                    if bytes.get(next) == Some(&b'\r') {
                        next += 1;
                    }
                    if bytes.get(next) == Some(&b'\n') {
                        i = next + 1;
                        continue;
                    }
                    record(width);
                    break;
                }
                // Another line break starts a run of its own; a comment line and the end
                // of the file push nothing.
                Some(b'\n' | b'\r' | 0x0c | b'#') | None => break,
                Some(_) => {
                    record(width);
                    break;
                }
            }
            i += 1;
        }
        at = i.min(bytes.len());
    }
    let small: u32 = small.iter().map(|word| word.count_ones()).sum();
    small + large.len() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_are_counted_at_their_deepest() {
        assert_eq!(bracket_depth(b"f(a[1], {b: (c)})"), (3, 1 + 2 + 2 + 3));
        assert_eq!(bracket_depth(b")))(("), (2, 3));
        assert_eq!(bracket_depth(b"(()"), (2, 3));
        assert_eq!(bracket_depth(b""), (0, 0));
        // Long enough for the vector search's wide steps, brackets at every offset.
        let mut long = vec![b'x'; 1000];
        for (i, byte) in long.iter_mut().enumerate() {
            if i % 7 == 0 {
                *byte = if i < 500 { b'{' } else { b']' };
            }
        }
        assert_eq!(bracket_depth(&long), (72, 72 * 73 / 2));
    }

    /// Widths as the scanner measures them: tabs are 8, a continuation extends the run,
    /// comment lines and blank lines add nothing.
    #[test]
    fn indentation_widths_follow_the_scanner() {
        let source = b"a\n  b\n\tc\n  # note\n\n        d\n  \\\n  e\n";
        // 2 (b), 8 (c and d), 4 (e: two, continued by two more); the comment line and the
        // blank line push nothing.
        assert_eq!(indentation_widths(source), 3);
        assert_eq!(indentation_widths(b"x = 1\n"), 0);
    }

    /// The scanner's rules byte by byte, as first written: the line-start version must
    /// count the same widths on any mix of the characters that matter.
    fn reference_widths(bytes: &[u8]) -> u32 {
        let mut seen = std::collections::HashSet::new();
        let (mut width, mut in_run, mut at) = (0u16, false, 0);
        while at < bytes.len() {
            match bytes[at] {
                b'\n' | b'\r' | 0x0c => {
                    width = 0;
                    in_run = true;
                }
                b' ' if in_run => width = width.wrapping_add(1),
                b'\t' if in_run => width = width.wrapping_add(8),
                b'\\' if in_run => {
                    let mut next = at + 1;
                    if bytes.get(next) == Some(&b'\r') {
                        next += 1;
                    }
                    if bytes.get(next) == Some(&b'\n') {
                        at = next + 1;
                        continue;
                    }
                    seen.insert(width);
                    in_run = false;
                }
                b'#' if in_run => in_run = false,
                _ => {
                    if in_run {
                        seen.insert(width);
                    }
                    in_run = false;
                }
            }
            at += 1;
        }
        seen.len() as u32
    }

    #[test]
    fn line_starts_count_what_the_byte_scan_counts() {
        let alphabet = [b' ', b'\t', b'\n', b'\r', 0x0c, b'\\', b'#', b'x'];
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..20_000 {
            let mut bytes = Vec::new();
            for _ in 0..(state % 40) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                bytes.push(alphabet[(state % alphabet.len() as u64) as usize]);
            }
            assert_eq!(
                indentation_widths(&bytes),
                reference_widths(&bytes),
                "{bytes:?}"
            );
        }
    }

    #[test]
    fn deep_files_are_refused_and_ordinary_ones_are_not() {
        let deep = "(".repeat(MAX_NESTING as usize + 1);
        assert!(matches!(
            refuse(LangId::JavaScript, deep.as_bytes()),
            Some(SkipReason::TooDeep { depth, .. }) if depth == MAX_NESTING + 1
        ));
        let mut python = String::from("\"\"\"\n");
        for level in 1..=512 {
            python.push_str(&" ".repeat(level));
            python.push_str("if x:\n");
        }
        assert!(matches!(
            refuse(LangId::Python, python.as_bytes()),
            Some(SkipReason::TooDeep {
                what: "indentation levels",
                ..
            })
        ));
        // Many nests each under the depth limit add up past the area limit.
        let nest = "{".repeat(999) + &"}".repeat(999);
        let many = nest.repeat(9);
        assert!(matches!(
            refuse(LangId::JavaScript, many.as_bytes()),
            Some(SkipReason::TooNested { area, .. }) if area == 9 * 999 * 1000 / 2
        ));
        assert_eq!(refuse(LangId::JavaScript, nest.repeat(8).as_bytes()), None);
        let ordinary = include_bytes!("../../queries/tests/sample.py");
        assert_eq!(refuse(LangId::Python, ordinary), None);
    }
}
