//! Rust: `.rs`.

use super::{DocStyle, Family, LangId, LanguageSpec};

pub static RUST: LanguageSpec = LanguageSpec {
    id: LangId::Rust,
    name: "rust",
    extensions: &["rs"],
    family: Family::Rust,
    grammar: || tree_sitter_rust::LANGUAGE.into(),
    queries: &[
        ("rust/tags.scm", include_str!("../../queries/rust/tags.scm")),
        ("rust/calls.scm", include_str!("../../queries/rust/calls.scm")),
        ("rust/imports.scm", include_str!("../../queries/rust/imports.scm")),
        ("rust/inherits.scm", include_str!("../../queries/rust/inherits.scm")),
        ("rust/types.scm", include_str!("../../queries/rust/types.scm")),
        ("rust/metrics.scm", include_str!("../../queries/rust/metrics.scm")),
    ],
    doc_style: DocStyle::LeadingComments(&["///", "/**"]),
    separator: "::",
    self_names: &["self", "Self"],
    builtin_methods: &[
        "clone", "unwrap", "expect", "iter", "iter_mut", "into_iter", "map", "and_then", "ok",
        "err", "len", "is_empty", "push", "pop", "insert", "remove", "get", "get_mut", "contains",
        "to_string", "to_owned", "as_str", "as_ref", "as_mut", "into", "from", "collect", "next",
        "lock", "read", "write", "borrow", "borrow_mut", "fmt", "eq", "cmp", "partial_cmp", "hash",
        "default", "new", "with_capacity", "extend", "clear", "take", "filter", "unwrap_or",
        "unwrap_or_else", "unwrap_or_default", "map_err", "ok_or", "ok_or_else", "send", "recv",
        "join", "split", "trim", "drop", "deref", "deref_mut", "poll", "as_slice", "to_vec",
        "starts_with", "ends_with", "chars", "bytes", "lines", "parse", "first", "last", "sort",
        "sort_by", "retain", "entry", "or_insert", "or_default", "values", "keys", "is_some",
        "is_none", "is_ok", "is_err", "max", "min", "sum", "count", "any", "all", "find",
        "position", "enumerate", "zip", "rev", "skip", "chain", "flat_map", "for_each", "fold",
    ],
};
