//! JavaScript and TypeScript (with TSX). They share `queries/ecma/`; each grammar adds its own.

use super::{DocStyle, Family, LangId, LanguageSpec};

const DOC: DocStyle = DocStyle::LeadingComments(&["/**"]);
const SELF_NAMES: &[&str] = &["this"];
const BUILTIN_METHODS: &[&str] = &[
    "push",
    "pop",
    "shift",
    "unshift",
    "slice",
    "splice",
    "concat",
    "join",
    "map",
    "filter",
    "reduce",
    "forEach",
    "find",
    "findIndex",
    "some",
    "every",
    "includes",
    "indexOf",
    "sort",
    "reverse",
    "keys",
    "values",
    "entries",
    "get",
    "set",
    "has",
    "delete",
    "clear",
    "add",
    "then",
    "catch",
    "finally",
    "toString",
    "valueOf",
    "split",
    "replace",
    "trim",
    "toLowerCase",
    "toUpperCase",
    "startsWith",
    "endsWith",
    "match",
    "test",
    "exec",
    "apply",
    "call",
    "bind",
    "emit",
    "on",
    "off",
    "once",
    "next",
    "subscribe",
    "pipe",
    "log",
    "error",
    "warn",
    "assign",
    "stringify",
    "parse",
    "resolve",
    "reject",
    "constructor",
];

const ECMA_QUERIES: [(&str, &str); 5] = [
    ("ecma/tags.scm", include_str!("../../queries/ecma/tags.scm")),
    (
        "ecma/calls.scm",
        include_str!("../../queries/ecma/calls.scm"),
    ),
    (
        "ecma/imports.scm",
        include_str!("../../queries/ecma/imports.scm"),
    ),
    (
        "ecma/types.scm",
        include_str!("../../queries/ecma/types.scm"),
    ),
    (
        "ecma/metrics.scm",
        include_str!("../../queries/ecma/metrics.scm"),
    ),
];
const TS_QUERIES: [(&str, &str); 3] = [
    (
        "typescript/tags.scm",
        include_str!("../../queries/typescript/tags.scm"),
    ),
    (
        "typescript/inherits.scm",
        include_str!("../../queries/typescript/inherits.scm"),
    ),
    (
        "typescript/types.scm",
        include_str!("../../queries/typescript/types.scm"),
    ),
];
const TYPESCRIPT_QUERIES: &[(&str, &str)] = &[
    ECMA_QUERIES[0],
    ECMA_QUERIES[1],
    ECMA_QUERIES[2],
    ECMA_QUERIES[3],
    ECMA_QUERIES[4],
    TS_QUERIES[0],
    TS_QUERIES[1],
    TS_QUERIES[2],
];

pub static TYPESCRIPT: LanguageSpec = LanguageSpec {
    id: LangId::TypeScript,
    name: "typescript",
    extensions: &["ts", "mts", "cts"],
    family: Family::Ecma,
    grammar: || tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
    queries: TYPESCRIPT_QUERIES,
    doc_style: DOC,
    separator: ".",
    self_names: SELF_NAMES,
    builtin_methods: BUILTIN_METHODS,
};

pub static TSX: LanguageSpec = LanguageSpec {
    id: LangId::Tsx,
    name: "tsx",
    extensions: &["tsx"],
    family: Family::Ecma,
    grammar: || tree_sitter_typescript::LANGUAGE_TSX.into(),
    queries: TYPESCRIPT_QUERIES,
    doc_style: DOC,
    separator: ".",
    self_names: SELF_NAMES,
    builtin_methods: BUILTIN_METHODS,
};

pub static JAVASCRIPT: LanguageSpec = LanguageSpec {
    id: LangId::JavaScript,
    name: "javascript",
    extensions: &["js", "jsx", "mjs", "cjs"],
    family: Family::Ecma,
    grammar: || tree_sitter_javascript::LANGUAGE.into(),
    queries: &[
        ECMA_QUERIES[0],
        ECMA_QUERIES[1],
        ECMA_QUERIES[2],
        ECMA_QUERIES[3],
        ECMA_QUERIES[4],
        (
            "javascript/tags.scm",
            include_str!("../../queries/javascript/tags.scm"),
        ),
        (
            "javascript/inherits.scm",
            include_str!("../../queries/javascript/inherits.scm"),
        ),
        (
            "javascript/types.scm",
            include_str!("../../queries/javascript/types.scm"),
        ),
    ],
    doc_style: DOC,
    separator: ".",
    self_names: SELF_NAMES,
    builtin_methods: BUILTIN_METHODS,
};
