//! Languages: file extension → grammar, queries and the few facts about a language that
//! resolution needs. One table, one line per language; see `ARCHITECTURE.md` "How to add a language".

mod ecma;
mod python;
mod rust;

use serde::{Deserialize, Serialize};
use tree_sitter::Language;

/// The languages we parse. The discriminant is stored in the cache: append only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum LangId {
    Python,
    Rust,
    TypeScript,
    Tsx,
    JavaScript,
}

/// Which name-resolution rules a language follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    Python,
    Rust,
    Ecma,
}

impl Family {
    /// `python`, `rust` or `ecma` (JavaScript and TypeScript), as rule files name them.
    pub fn from_name(name: &str) -> Option<Family> {
        match name {
            "python" => Some(Family::Python),
            "rust" => Some(Family::Rust),
            "ecma" => Some(Family::Ecma),
            _ => None,
        }
    }
}

/// How a language attaches documentation to a definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocStyle {
    /// A string literal as the first statement of the body (Python).
    BodyString,
    /// Comments directly above the definition that start with one of these prefixes.
    LeadingComments(&'static [&'static str]),
}

pub struct LanguageSpec {
    pub id: LangId,
    pub name: &'static str,
    pub extensions: &'static [&'static str],
    pub family: Family,
    pub grammar: fn() -> Language,
    /// Query sources, concatenated in order into one query.
    pub queries: &'static [(&'static str, &'static str)],
    pub doc_style: DocStyle,
    /// Separator between the parts of a qualified name.
    pub separator: &'static str,
    /// Receivers that mean "the enclosing class".
    pub self_names: &'static [&'static str],
    /// Method names so common on built-in types that a call to one on a receiver of
    /// unknown type must not be matched to a project method by name alone.
    pub builtin_methods: &'static [&'static str],
}

/// Every language, one line each.
pub static LANGUAGES: &[&LanguageSpec] = &[
    &python::PYTHON,
    &rust::RUST,
    &ecma::TYPESCRIPT,
    &ecma::TSX,
    &ecma::JAVASCRIPT,
];

impl LangId {
    pub fn spec(self) -> &'static LanguageSpec {
        match self {
            LangId::Python => &python::PYTHON,
            LangId::Rust => &rust::RUST,
            LangId::TypeScript => &ecma::TYPESCRIPT,
            LangId::Tsx => &ecma::TSX,
            LangId::JavaScript => &ecma::JAVASCRIPT,
        }
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    pub fn family(self) -> Family {
        self.spec().family
    }
}

/// One slot per language, indexed by `LangId as usize` (every language has its line in
/// `LANGUAGES`, in id order: a unit test holds that), for per-language caches.
pub fn per_language<T>() -> Box<[std::sync::OnceLock<T>]> {
    LANGUAGES
        .iter()
        .map(|_| std::sync::OnceLock::new())
        .collect()
}

/// The language of a path, by its extension.
pub fn for_path(path: &str) -> Option<LangId> {
    let file_name = path.rsplit('/').next().unwrap_or(path);
    let (_, ext) = file_name.rsplit_once('.')?;
    LANGUAGES
        .iter()
        .find(|spec| spec.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
        .map(|spec| spec.id)
}

/// The concatenated query source of a language.
pub fn query_source(spec: &LanguageSpec) -> String {
    let mut source = String::new();
    for (file, text) in spec.queries {
        source.push_str(&format!("; ---- {file}\n"));
        source.push_str(text);
        source.push('\n');
    }
    source
}

/// A fingerprint of everything that decides what facts a file yields: cached facts made
/// under another fingerprint are stale.
pub fn fingerprint() -> String {
    let mut hasher = blake3::Hasher::new();
    for spec in LANGUAGES {
        hasher.update(query_source(spec).as_bytes());
    }
    hasher.finalize().to_hex()[..16].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// tree-sitter's own compiler validates every query (our matcher runs them; see
    /// `parse::query`), and every grammar loads into a parser (ABI check).
    #[test]
    fn every_query_compiles_against_its_grammar() {
        for spec in LANGUAGES {
            let mut parser = tree_sitter::Parser::new();
            parser.set_language(&(spec.grammar)()).unwrap();
            if let Err(err) = tree_sitter::Query::new(&(spec.grammar)(), &query_source(spec)) {
                panic!("{}: {err}", spec.name);
            }
        }
    }

    #[test]
    fn every_language_has_its_line_in_id_order() {
        for (index, spec) in LANGUAGES.iter().enumerate() {
            assert_eq!(spec.id as usize, index, "{}", spec.name);
            assert!(std::ptr::eq(spec.id.spec(), *spec), "{}", spec.name);
        }
        assert_eq!(per_language::<()>().len(), LANGUAGES.len());
    }

    #[test]
    fn extensions_pick_the_right_language() {
        assert_eq!(for_path("a/b.pyi"), Some(LangId::Python));
        assert_eq!(for_path("x.tsx"), Some(LangId::Tsx));
        assert_eq!(for_path("x.mts"), Some(LangId::TypeScript));
        assert_eq!(for_path("x.cjs"), Some(LangId::JavaScript));
        assert_eq!(for_path("lib.rs"), Some(LangId::Rust));
        assert_eq!(for_path("Makefile"), None);
    }
}
