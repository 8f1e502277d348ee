//! Python: `.py` and `.pyi`.

use super::{DocStyle, Family, LangId, LanguageSpec};

pub static PYTHON: LanguageSpec = LanguageSpec {
    id: LangId::Python,
    name: "python",
    extensions: &["py", "pyi"],
    family: Family::Python,
    grammar: || tree_sitter_python::LANGUAGE.into(),
    queries: &[
        ("python/tags.scm", include_str!("../../queries/python/tags.scm")),
        ("python/calls.scm", include_str!("../../queries/python/calls.scm")),
        ("python/imports.scm", include_str!("../../queries/python/imports.scm")),
        ("python/inherits.scm", include_str!("../../queries/python/inherits.scm")),
        ("python/types.scm", include_str!("../../queries/python/types.scm")),
        ("python/metrics.scm", include_str!("../../queries/python/metrics.scm")),
    ],
    doc_style: DocStyle::BodyString,
    separator: ".",
    self_names: &["self", "cls"],
    builtin_methods: &[
        "append", "extend", "insert", "pop", "remove", "clear", "copy", "sort", "reverse", "index",
        "count", "get", "items", "keys", "values", "update", "setdefault", "add", "discard",
        "join", "split", "rsplit", "strip", "lstrip", "rstrip", "replace", "format", "encode",
        "decode", "startswith", "endswith", "lower", "upper", "read", "write", "close", "open",
        "readline", "readlines", "splitlines", "find", "rfind", "__init__", "__str__", "__repr__",
    ],
};
