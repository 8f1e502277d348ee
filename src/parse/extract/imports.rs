//! Imports and exports from their captures, with Rust `use` trees flattened into one
//! import per name.

use super::*;

pub(super) fn collect_import_or_export(ctx: &Ctx<'_>, caps: &Caps<'_>, out: &mut FileFacts) {
    let text = |n: Option<Node<'_>>| n.map(|n| ctx.text(n).to_string());
    if let Some(tree) = caps.import_tree {
        let mut prefix = Vec::new();
        flatten_use(
            ctx,
            tree,
            &mut prefix,
            caps.import_pub,
            line_of(tree),
            &mut out.imports,
            0,
        );
        return;
    }
    if let Some(module) = caps.import_module {
        out.imports.push(Import {
            kind: ImportKind::Module,
            path: ctx.text(module).to_string(),
            name: None,
            alias: text(caps.import_alias),
            reexport: false,
            scope: None,
            line: line_of(module),
        });
        return;
    }
    if let Some(from) = caps.import_from {
        let (kind, name, alias) = if caps.import_glob {
            (ImportKind::Glob, None, None)
        } else if let Some(ns) = caps.import_namespace {
            (ImportKind::Namespace, None, text(Some(ns)))
        } else if let Some(default) = caps.import_default {
            (ImportKind::Default, None, text(Some(default)))
        } else if let Some(name) = caps.import_name {
            (
                ImportKind::Member,
                text(Some(name)),
                text(caps.import_alias),
            )
        } else {
            (ImportKind::SideEffect, None, None)
        };
        let line = line_of(
            caps.import_name
                .or(caps.import_namespace)
                .or(caps.import_default)
                .unwrap_or(from),
        );
        out.imports.push(Import {
            kind,
            path: ctx.text(from).to_string(),
            name,
            alias,
            reexport: caps.import_reexport,
            scope: None,
            line,
        });
        return;
    }
    if let Some(local) = caps.export_default {
        out.exports.push(Export {
            name: "default".into(),
            local: ctx.text(local).to_string(),
            line: line_of(local),
        });
    } else if let Some(name_node) = caps.export_name.or(caps.export_local) {
        let name = ctx.text(name_node).to_string();
        let local = caps
            .export_local
            .map_or_else(|| name.clone(), |l| ctx.text(l).to_string());
        out.exports.push(Export {
            name,
            local,
            line: line_of(name_node),
        });
    }
}

/// One import per leaf of a Rust use tree: `use a::{b, c::d as e, f::*}`.
pub(super) fn flatten_use(
    ctx: &Ctx<'_>,
    node: Node<'_>,
    prefix: &mut Vec<String>,
    reexport: bool,
    line: u32,
    out: &mut Vec<Import>,
    depth: usize,
) {
    if depth > 32 {
        return;
    }
    let push = |out: &mut Vec<Import>, kind, segments: &[String], alias: Option<String>| {
        let (path, name) = match (kind, segments.split_last()) {
            (ImportKind::Glob, _) => (segments.join("::"), None),
            (_, Some((last, init))) if last == "self" => match init.split_last() {
                Some((module, parents)) => (parents.join("::"), Some(module.clone())),
                None => return,
            },
            (_, Some((last, init))) => (init.join("::"), Some(last.clone())),
            (_, None) => return,
        };
        out.push(Import {
            kind,
            path,
            name,
            alias,
            reexport,
            scope: None,
            line,
        });
    };
    match node.kind() {
        "use_as_clause" => {
            let Some(path) = field_child(ctx.lang, node, "path") else {
                return;
            };
            let alias = field_child(ctx.lang, node, "alias").map(|a| ctx.text(a).to_string());
            let segments = with_segments(prefix, ctx.text(path));
            push(out, ImportKind::Member, &segments, alias);
        }
        "use_wildcard" => {
            let path = node.named_child(0).map(|p| ctx.text(p)).unwrap_or("");
            let segments = with_segments(prefix, path);
            push(out, ImportKind::Glob, &segments, None);
        }
        "scoped_use_list" => {
            let added = field_child(ctx.lang, node, "path")
                .map(|p| split_path(ctx.text(p)))
                .unwrap_or_default();
            let before = prefix.len();
            prefix.extend(added);
            if let Some(list) = field_child(ctx.lang, node, "list") {
                flatten_use(ctx, list, prefix, reexport, line, out, depth + 1);
            }
            prefix.truncate(before);
        }
        "use_list" => {
            let mut walker = node.walk();
            for child in node.named_children(&mut walker) {
                flatten_use(ctx, child, prefix, reexport, line, out, depth + 1);
            }
        }
        "identifier" | "scoped_identifier" | "crate" | "self" | "super" => {
            let segments = with_segments(prefix, ctx.text(node));
            push(out, ImportKind::Member, &segments, None);
        }
        _ => {}
    }
}

pub(super) fn split_path(text: &str) -> Vec<String> {
    text.split("::")
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

pub(super) fn with_segments(prefix: &[String], text: &str) -> Vec<String> {
    let mut segments = prefix.to_vec();
    segments.extend(split_path(text));
    segments
}
