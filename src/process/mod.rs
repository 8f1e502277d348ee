//! Process-wide settings that `main` applies before anything else runs: where tree-sitter
//! allocates, and whether the process uses transparent huge pages. They live here rather
//! than in `parse` because they belong to the process, not to parsing a file.

pub mod huge_pages;
pub mod parser_heap;
