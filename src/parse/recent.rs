//! The trees of the files saved last, kept by a live engine so that a file saved again is
//! parsed incrementally: tree-sitter is told which bytes changed and reuses the rest of the
//! old tree (`benches/watch.rs` times a save). A handful of files is enough for someone
//! editing; a `git checkout` that
//! touches hundreds goes through a full parse anyway.

use std::collections::VecDeque;
use std::sync::Mutex;

use tree_sitter::{InputEdit, Point, Tree};

use crate::lang::LangId;

/// Files remembered; the oldest is forgotten first.
const KEPT: usize = 8;

struct Recent {
    path: String,
    language: LangId,
    source: Vec<u8>,
    tree: Tree,
}

#[derive(Default)]
pub struct RecentTrees {
    kept: Mutex<VecDeque<Recent>>,
}

impl RecentTrees {
    /// The file's last tree, edited to match `source` (ready to pass to the parser as the old
    /// tree), if it was parsed recently with the same language.
    pub(super) fn edited(&self, path: &str, language: LangId, source: &[u8]) -> Option<Tree> {
        let kept = self.kept.lock().ok()?;
        let recent = kept
            .iter()
            .find(|r| r.path == path && r.language == language)?;
        let mut tree = recent.tree.clone();
        tree.edit(&edit_between(&recent.source, source));
        Some(tree)
    }

    pub(super) fn remember(&self, path: &str, language: LangId, source: &[u8], tree: &Tree) {
        let Ok(mut kept) = self.kept.lock() else {
            return;
        };
        kept.retain(|r| r.path != path);
        if kept.len() == KEPT {
            kept.pop_front();
        }
        kept.push_back(Recent {
            path: path.to_string(),
            language,
            source: source.to_vec(),
            tree: tree.clone(),
        });
    }
}

/// The one edit that turns `old` into `new`: everything between their common prefix and
/// common suffix was replaced.
fn edit_between(old: &[u8], new: &[u8]) -> InputEdit {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let room = old.len().min(new.len()) - prefix;
    let suffix = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    let (old_end, new_end) = (old.len() - suffix, new.len() - suffix);
    InputEdit {
        start_byte: prefix,
        old_end_byte: old_end,
        new_end_byte: new_end,
        start_position: point_at(new, prefix),
        old_end_position: point_at(old, old_end),
        new_end_position: point_at(new, new_end),
    }
}

/// Row and byte column of an offset, as tree-sitter counts them.
fn point_at(text: &[u8], offset: usize) -> Point {
    let before = &text[..offset];
    let row = before.iter().filter(|&&b| b == b'\n').count();
    let column = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(offset, |newline| offset - newline - 1);
    Point { row, column }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edit_spans_exactly_what_changed() {
        let edit = edit_between(b"ab\ncd\nef", b"ab\ncXYd\nef");
        assert_eq!(
            (edit.start_byte, edit.old_end_byte, edit.new_end_byte),
            (4, 4, 6)
        );
        assert_eq!(
            (
                edit.start_position,
                edit.old_end_position,
                edit.new_end_position
            ),
            (
                Point { row: 1, column: 1 },
                Point { row: 1, column: 1 },
                Point { row: 1, column: 3 }
            )
        );
        // An append, and a deletion whose bytes repeat around it (prefix and suffix must not overlap).
        let edit = edit_between(b"x\n", b"x\ny\n");
        assert_eq!(
            (edit.start_byte, edit.old_end_byte, edit.new_end_byte),
            (2, 2, 4)
        );
        let edit = edit_between(b"aaaa", b"aa");
        assert_eq!(
            (edit.start_byte, edit.old_end_byte, edit.new_end_byte),
            (2, 4, 2)
        );
    }

    /// Saves in a row (append, insert above, break the syntax, fix it, rewrite): each
    /// incremental parse gives exactly the facts of a parse from scratch.
    #[test]
    fn incremental_parses_give_the_facts_of_a_fresh_parse() {
        let recent = RecentTrees::default();
        let versions = [
            "def a(x):\n    return b(x)\n\ndef b(y):\n    return y\n",
            "def a(x):\n    return b(x)\n\ndef b(y):\n    return y\n\n\ndef c():\n    return a(1)\n",
            "import os\n\nclass K:\n    def m(self):\n        return os.getcwd()\n\ndef a(x):\n    return b(x)\n\ndef b(y):\n    return y\n\n\ndef c():\n    return a(1)\n",
            "import os\n\nclass K:\n    def m(self:\n        return os.getcwd()\n\ndef a(x):\n    return b(x)\n",
            "import os\n\nclass K:\n    def m(self):\n        return os.getcwd()\n\ndef a(x):\n    return b(x)\n",
            "print('short')\n",
        ];
        for (i, text) in versions.iter().enumerate() {
            assert_eq!(
                recent
                    .edited("m.py", LangId::Python, text.as_bytes())
                    .is_some(),
                i > 0,
                "version {i}"
            );
            let hash = crate::parse::hash(text.as_bytes());
            let (incremental, _) = crate::parse::parse_bytes_with(
                "m.py",
                LangId::Python,
                text.as_bytes(),
                hash,
                None,
                Some(&recent),
            );
            let fresh = crate::parse::parse_bytes("m.py", LangId::Python, text.as_bytes(), hash);
            assert_eq!(incremental, fresh, "version {i}");
        }
        assert!(
            recent.edited("m.py", LangId::TypeScript, b"x").is_none(),
            "a tree is kept for its language only"
        );
    }
}
