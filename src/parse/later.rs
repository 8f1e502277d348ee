//! A file's local pass put off past its parse: the tree and text are kept, and the pass
//! runs once the engine has a core to spare (beside resolution, which is serial for long
//! stretches), instead of beside the other files' parses, where both cores are busy.

use tree_sitter::Tree;

use crate::lang::LangId;
use crate::parse::flat::FlatTree;
use crate::parse::{FileFacts, LocalPass};

/// The local pass's result for one parsed file: run with the parse, or put off.
pub enum Local {
    Now(Vec<u8>),
    Later(Box<LaterPass>),
}

impl Local {
    /// The result of a pass run with the parse (a parse asked for no later run gives no
    /// `Later`).
    pub fn now(self) -> Option<Vec<u8>> {
        match self {
            Local::Now(bytes) => Some(bytes),
            Local::Later(_) => None,
        }
    }
}

/// What the pass needs of a parsed file: its language, text and tree.
pub struct LaterPass {
    language: LangId,
    text: String,
    tree: Tree,
}

impl LaterPass {
    /// The pass over this parsed file, put off.
    pub(super) fn keep(language: LangId, text: String, tree: Tree) -> Local {
        Local::Later(Box::new(LaterPass {
            language,
            text,
            tree,
        }))
    }

    /// Runs `pass` over the kept tree, with the facts its parse gave.
    pub fn run(&self, pass: &dyn LocalPass, facts: &FileFacts) -> Vec<u8> {
        let flat = FlatTree::new(&self.tree, self.language);
        pass.run(self.language, &self.text, &flat, facts)
    }
}
