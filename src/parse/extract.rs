//! Captures → facts. The queries say what is what; this file only assembles: it orders
//! definitions into a tree, attributes calls and metrics to their enclosing function, and
//! flattens Rust `use` trees.

use std::collections::{HashMap, HashSet};

use tree_sitter::{Node, Tree};

use crate::lang::LangId;
use crate::parse::captures::{CompiledQuery, Role};
use crate::parse::facts::*;
use crate::parse::flat::{FlatTree, field_child};

/// Longest docstring or type text kept, in bytes.
const MAX_TEXT: usize = 2000;
/// Most diagnostics reported per file.
const MAX_DIAGNOSTICS: usize = 20;

/// The captures of one match, by role.
#[derive(Default)]
struct Caps<'t> {
    definition: Option<(SymbolKind, Node<'t>)>,
    name: Option<Node<'t>>,
    impl_trait: Option<Node<'t>>,
    call: Option<(CallKind, Node<'t>)>,
    receiver: Option<Node<'t>>,
    scope: Option<Node<'t>>,
    import_module: Option<Node<'t>>,
    import_from: Option<Node<'t>>,
    import_name: Option<Node<'t>>,
    import_alias: Option<Node<'t>>,
    import_default: Option<Node<'t>>,
    import_namespace: Option<Node<'t>>,
    import_glob: bool,
    import_reexport: bool,
    import_tree: Option<Node<'t>>,
    import_pub: bool,
    export_name: Option<Node<'t>>,
    export_local: Option<Node<'t>>,
    export_default: Option<Node<'t>>,
    inherit_base: Option<Node<'t>>,
    bind_name: Option<Node<'t>>,
    bind_field: Option<Node<'t>>,
    bind_type: Option<Node<'t>>,
    bind_call: Option<Node<'t>>,
}

struct RawDef<'t> {
    kind: SymbolKind,
    node: Node<'t>,
    name: Node<'t>,
    impl_trait: Option<Node<'t>>,
}

struct RawCall<'t> {
    kind: CallKind,
    node: Node<'t>,
    name: Node<'t>,
    receiver: Option<Node<'t>>,
    scope: Option<Node<'t>>,
}

struct Ctx<'a> {
    source: &'a str,
    lang: LangId,
    /// The same tree read into arrays: parents and siblings are an index away there, where
    /// tree-sitter finds a node's parent by descending from the root and its previous
    /// sibling by scanning the parent's children.
    flat: &'a FlatTree<'a>,
}

impl Ctx<'_> {
    fn text(&self, node: Node<'_>) -> &str {
        self.source.get(node.byte_range()).unwrap_or("")
    }
}

fn line_of(node: Node<'_>) -> u32 {
    node.start_position().row as u32 + 1
}

/// Fills `out` (whose path, language and size are set) with what the query finds in `tree`.
#[expect(
    clippy::too_many_lines,
    reason = "one pass over the matches, dispatching every capture role into the facts"
)]
pub fn extract(
    lang: LangId,
    query: &CompiledQuery,
    source: &str,
    tree: &Tree,
    flat: &FlatTree<'_>,
    out: &mut FileFacts,
) {
    let ctx = Ctx { source, lang, flat };
    let mut defs: Vec<RawDef<'_>> = Vec::new();
    let mut calls: Vec<RawCall<'_>> = Vec::new();
    let mut inherits: Vec<(Node<'_>, Node<'_>)> = Vec::new();
    let mut bindings: Vec<(Node<'_>, bool, Node<'_>, bool)> = Vec::new();
    let mut branches: Vec<usize> = Vec::new();
    let mut nestings: Vec<(usize, usize, usize)> = Vec::new();
    let mut flats: HashSet<usize> = HashSet::new();
    let mut import_offsets: Vec<usize> = Vec::new();

    query
        .matcher
        .for_each_match(flat, source.as_bytes(), |_, captures| {
            let mut caps = Caps::default();
            for &(index, node) in captures {
                match query.roles[index as usize] {
                    Role::Definition(kind) => caps.definition = Some((kind, node)),
                    Role::Name => caps.name = Some(node),
                    Role::ImplTrait => caps.impl_trait = Some(node),
                    Role::Call => caps.call = Some((CallKind::Call, node)),
                    Role::New => caps.call = Some((CallKind::New, node)),
                    Role::CallReceiver => caps.receiver = Some(node),
                    Role::CallScope => caps.scope = Some(node),
                    Role::ImportModule => caps.import_module = Some(node),
                    Role::ImportFrom => caps.import_from = Some(node),
                    Role::ImportName => caps.import_name = Some(node),
                    Role::ImportAlias => caps.import_alias = Some(node),
                    Role::ImportDefault => caps.import_default = Some(node),
                    Role::ImportNamespace => caps.import_namespace = Some(node),
                    Role::ImportGlob => caps.import_glob = true,
                    Role::ImportReexport => caps.import_reexport = true,
                    Role::ImportTree => caps.import_tree = Some(node),
                    Role::ImportPub => caps.import_pub = true,
                    Role::ExportName => caps.export_name = Some(node),
                    Role::ExportLocal => caps.export_local = Some(node),
                    Role::ExportDefault => caps.export_default = Some(node),
                    Role::InheritBase => caps.inherit_base = Some(node),
                    Role::BindName => caps.bind_name = Some(node),
                    Role::BindField => caps.bind_field = Some(node),
                    Role::BindType => caps.bind_type = Some(node),
                    Role::BindCall => caps.bind_call = Some(node),
                    Role::MetricBranch => branches.push(node.start_byte()),
                    Role::MetricNesting => {
                        nestings.push((node.start_byte(), node.end_byte(), node.id()))
                    }
                    Role::MetricFlat => {
                        flats.insert(node.id());
                    }
                    Role::Helper => {}
                }
            }
            if let Some((kind, node)) = caps.definition {
                if let Some(name) = caps.name {
                    defs.push(RawDef {
                        kind,
                        node,
                        name,
                        impl_trait: caps.impl_trait,
                    });
                }
            } else if let Some((kind, node)) = caps.call {
                if let Some(name) = caps.name {
                    calls.push(RawCall {
                        kind,
                        node,
                        name,
                        receiver: caps.receiver,
                        scope: caps.scope,
                    });
                }
            } else if let Some(base) = caps.inherit_base {
                if let Some(name) = caps.name {
                    inherits.push((name, base));
                }
            } else if let Some(name) = caps.bind_name.or(caps.bind_field) {
                let field = caps.bind_field.is_some();
                if let Some(ty) = caps.bind_type {
                    bindings.push((name, field, ty, false));
                } else if let Some(callee) = caps.bind_call {
                    bindings.push((name, field, callee, true));
                }
            } else {
                let offset = captures.first().map_or(0, |c| c.1.start_byte());
                collect_import_or_export(&ctx, &caps, out);
                import_offsets.resize(out.imports.len(), offset);
            }
        });

    let built = build_symbols(&ctx, defs);
    let locator = Locator {
        symbols: &built.symbols,
        ranges: &built.ranges,
    };

    let mut seen_calls = HashSet::new();
    for RawCall {
        kind,
        node,
        name,
        receiver,
        scope,
    } in calls
    {
        if !seen_calls.insert(node.id()) {
            continue;
        }
        out.calls.push(CallSite {
            caller: locator.innermost(node.start_byte(), |_| true),
            kind,
            name: ctx.text(name).to_string(),
            receiver: receiver.map(|r| short_expression(ctx.text(r))),
            scope: scope.map(|s| short_expression(ctx.text(s))),
            line: line_of(name),
            column: name.start_position().column as u32 + 1,
        });
    }
    for (name, base) in inherits {
        if let Some(&class) = built.by_name.get(&name.start_byte()) {
            out.inherits.push(Inherit {
                class,
                base: clip(ctx.text(base)),
                line: line_of(base),
            });
        }
    }
    for (name, field, ty, from_call) in bindings {
        out.bindings.push(Binding {
            scope: locator.innermost(name.start_byte(), |_| true),
            name: ctx.text(name).to_string(),
            field,
            type_text: clip(ctx.text(ty)),
            from_call,
        });
    }
    // Imports inside inline Rust modules resolve against that module.
    for (import, offset) in out.imports.iter_mut().zip(&import_offsets) {
        import.scope = locator.innermost(*offset, |k| k == SymbolKind::Module);
    }
    let metrics = measure(&locator, &branches, &nestings, &flats);
    out.symbols = built.symbols;
    for (function, (branch_count, max_nesting)) in metrics {
        if let Some(m) = out.symbols[function as usize].metrics.as_mut() {
            m.complexity += branch_count;
            m.max_nesting = max_nesting;
        }
    }
    out.diagnostics.extend(diagnostics(tree));
}

/// Definitions sorted into a tree.
struct Built {
    symbols: Vec<Symbol>,
    /// Byte range of each symbol, same order.
    ranges: Vec<(usize, usize)>,
    /// Name-node start byte → symbol index.
    by_name: HashMap<usize, u32>,
}

fn build_symbols(ctx: &Ctx<'_>, mut defs: Vec<RawDef<'_>>) -> Built {
    defs.sort_by(|a, b| {
        a.node
            .start_byte()
            .cmp(&b.node.start_byte())
            .then(b.node.end_byte().cmp(&a.node.end_byte()))
    });
    defs.dedup_by(|a, b| a.node.id() == b.node.id());
    let mut built = Built {
        symbols: Vec::with_capacity(defs.len()),
        ranges: Vec::with_capacity(defs.len()),
        by_name: HashMap::with_capacity(defs.len()),
    };
    let mut stack: Vec<u32> = Vec::new();
    for def in &defs {
        let (start, end) = (def.node.start_byte(), def.node.end_byte());
        while stack
            .last()
            .is_some_and(|&top| built.ranges[top as usize].1 < end)
        {
            stack.pop();
        }
        let parent = stack.last().copied();
        let mut kind = def.kind;
        if kind == SymbolKind::Function
            && parent.is_some_and(|p| built.symbols[p as usize].kind.holds_methods())
        {
            kind = SymbolKind::Method;
        }
        let (name, detail) = if kind == SymbolKind::Impl {
            (
                type_name(ctx.text(def.name)),
                def.impl_trait.map(|t| type_name(ctx.text(t))),
            )
        } else {
            (ctx.text(def.name).to_string(), return_type(ctx, def.node))
        };
        let index = built.symbols.len() as u32;
        built.by_name.insert(def.name.start_byte(), index);
        built.symbols.push(Symbol {
            kind,
            name,
            parent,
            line: line_of(def.node),
            end_line: def.node.end_position().row as u32 + 1,
            doc: crate::parse::docs::span_of(ctx.lang, ctx.flat, ctx.source, def.node),
            detail,
            metrics: kind.is_function_like().then(|| Metrics {
                lines: (def.node.end_position().row - def.node.start_position().row) as u32 + 1,
                complexity: 1,
                max_nesting: 0,
                params: count_params(ctx, def.node, kind),
            }),
        });
        built.ranges.push((start, end));
        stack.push(index);
    }
    built
}

/// Finds the innermost symbol around a byte offset.
struct Locator<'s> {
    symbols: &'s [Symbol],
    ranges: &'s [(usize, usize)],
}

impl Locator<'_> {
    /// The innermost symbol containing `offset` whose kind passes `keep`, never an `impl`.
    /// Ranges nest, so every symbol containing `offset` is an ancestor of the last symbol
    /// that starts at or before it.
    fn innermost(&self, offset: usize, keep: impl Fn(SymbolKind) -> bool) -> Option<u32> {
        let after = self.ranges.partition_point(|r| r.0 <= offset);
        let mut candidate = after.checked_sub(1).map(|i| i as u32);
        while let Some(index) = candidate {
            let (start, end) = self.ranges[index as usize];
            let symbol = &self.symbols[index as usize];
            if start <= offset
                && offset < end
                && symbol.kind != SymbolKind::Impl
                && keep(symbol.kind)
            {
                return Some(index);
            }
            candidate = symbol.parent;
        }
        None
    }

    fn innermost_function(&self, offset: usize) -> Option<u32> {
        self.innermost(offset, SymbolKind::is_function_like)
    }
}

/// Per function: branches inside it (not inside nested functions) and its deepest nesting.
fn measure(
    locator: &Locator<'_>,
    branches: &[usize],
    nestings: &[(usize, usize, usize)],
    flats: &HashSet<usize>,
) -> HashMap<u32, (u32, u32)> {
    let mut out: HashMap<u32, (u32, u32)> = HashMap::new();
    for &offset in branches {
        if let Some(function) = locator.innermost_function(offset) {
            out.entry(function).or_default().0 += 1;
        }
    }
    let mut by_function: HashMap<u32, Vec<(usize, usize, bool)>> = HashMap::new();
    for &(start, end, id) in nestings {
        if let Some(function) = locator.innermost_function(start) {
            by_function
                .entry(function)
                .or_default()
                .push((start, end, flats.contains(&id)));
        }
    }
    for (function, mut blocks) in by_function {
        blocks.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        blocks.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
        let mut stack: Vec<(usize, u32)> = Vec::new();
        let mut deepest = 0;
        for (start, end, flat) in blocks {
            while stack.last().is_some_and(|&(top_end, _)| top_end <= start) {
                stack.pop();
            }
            let depth = stack.last().map_or(0, |&(_, d)| d) + u32::from(!flat);
            deepest = deepest.max(depth);
            stack.push((end, depth));
        }
        out.entry(function).or_default().1 = deepest;
    }
    out
}

fn collect_import_or_export(ctx: &Ctx<'_>, caps: &Caps<'_>, out: &mut FileFacts) {
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
fn flatten_use(
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

fn split_path(text: &str) -> Vec<String> {
    text.split("::")
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn with_segments(prefix: &[String], text: &str) -> Vec<String> {
    let mut segments = prefix.to_vec();
    segments.extend(split_path(text));
    segments
}

/// `Foo<T>` → `Foo`, `crate::a::Foo<T>` → `crate::a::Foo`, `&'a mut Foo` → `Foo`.
pub fn type_name(text: &str) -> String {
    let text = text.trim_start_matches(['&', ' ']);
    let text = text.strip_prefix("mut ").unwrap_or(text);
    let end = text.find('<').unwrap_or(text.len());
    clip(text[..end].trim())
}

/// Longest receiver kept as written.
const MAX_RECEIVER: usize = 100;

/// A receiver as a reader would quote it: whitespace collapsed, and a long method chain cut
/// to its tail (`…map(|x| x).collect`). Resolution only uses short paths; anything with
/// parentheses or spaces is an unknown receiver either way.
fn short_expression(text: &str) -> String {
    if text.len() <= MAX_RECEIVER && !text.contains(['\n', '\t']) {
        return text.to_string();
    }
    let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.len() <= MAX_RECEIVER {
        return collapsed;
    }
    let mut start = collapsed.len() - (MAX_RECEIVER - 20);
    while !collapsed.is_char_boundary(start) {
        start += 1;
    }
    format!("…{}", &collapsed[start..])
}

pub(crate) fn clip(text: &str) -> String {
    if text.len() <= MAX_TEXT {
        return text.to_string();
    }
    let mut end = MAX_TEXT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

/// The function node behind a definition (an arrow function assigned to a name).
fn function_node(lang: LangId, node: Node<'_>) -> Node<'_> {
    match node.kind() {
        "variable_declarator" | "assignment_expression" => field_child(lang, node, "value")
            .or_else(|| field_child(lang, node, "right"))
            .unwrap_or(node),
        _ => node,
    }
}

fn return_type(ctx: &Ctx<'_>, node: Node<'_>) -> Option<String> {
    let ty = field_child(ctx.lang, function_node(ctx.lang, node), "return_type")?;
    let text = ctx.text(ty).trim_start_matches([':', ' ']).trim();
    (!text.is_empty()).then(|| clip(text))
}

fn count_params(ctx: &Ctx<'_>, node: Node<'_>, kind: SymbolKind) -> u32 {
    let function = function_node(ctx.lang, node);
    if field_child(ctx.lang, function, "parameter").is_some() {
        return 1;
    }
    let Some(params) = field_child(ctx.lang, function, "parameters") else {
        return 0;
    };
    let mut walker = params.walk();
    let mut count = 0;
    for (position, param) in params.named_children(&mut walker).enumerate() {
        let skip = match param.kind() {
            "comment" | "self_parameter" | "keyword_separator" | "positional_separator" => true,
            "identifier" => {
                position == 0
                    && kind == SymbolKind::Method
                    && ctx.lang == LangId::Python
                    && matches!(ctx.text(param), "self" | "cls")
            }
            _ => false,
        };
        count += u32::from(!skip);
    }
    count
}

/// Syntax errors and missing nodes, found without recursion (a deeply nested file must not
/// overflow the stack).
fn diagnostics(tree: &Tree) -> Vec<Diagnostic> {
    let root = tree.root_node();
    let mut out = Vec::new();
    if !root.has_error() {
        return out;
    }
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        let mut descend = node.has_error();
        if node.is_error() || node.is_missing() {
            let message = if node.is_missing() {
                format!("syntax error: missing `{}`", node.kind())
            } else {
                "syntax error".to_string()
            };
            out.push(Diagnostic {
                line: node.start_position().row as u32 + 1,
                column: node.start_position().column as u32 + 1,
                message,
            });
            descend = false;
            if out.len() >= MAX_DIAGNOSTICS {
                break;
            }
        }
        if descend && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::lang::{LANGUAGES, LangId};
    use crate::parse::facts::{ImportKind, SymbolKind};
    use crate::parse::{FileFacts, captures, parse_bytes};

    /// The doc of symbol `index`, made from its span as a tool makes it.
    fn doc(facts: &FileFacts, source: &str, index: usize) -> Option<String> {
        facts.symbols[index]
            .doc
            .and_then(|span| crate::parse::docs::text(facts.language, source, span))
    }

    fn facts(lang: LangId, source: &str) -> FileFacts {
        parse_bytes("x", lang, source.as_bytes(), [0; 32])
    }

    /// `name kind lines/complexity/nesting/params` for every function-like symbol.
    fn metrics(facts: &FileFacts) -> Vec<String> {
        facts
            .symbols
            .iter()
            .filter_map(|s| {
                let m = s.metrics?;
                Some(format!(
                    "{} {:?} {}/{}/{}/{}",
                    s.name, s.kind, m.lines, m.complexity, m.max_nesting, m.params
                ))
            })
            .collect()
    }

    #[test]
    fn long_receivers_are_collapsed_and_cut_to_their_tail() {
        assert_eq!(super::short_expression("self.db"), "self.db");
        assert_eq!(super::short_expression("a\n    .iter()"), "a .iter()");
        let chain = format!("items{}", ".map(|x| x + 1)".repeat(20));
        let short = super::short_expression(&chain);
        assert!(
            short.starts_with('…') && short.ends_with(".map(|x| x + 1)") && short.len() <= 100,
            "{short}"
        );
    }

    #[test]
    fn every_capture_name_is_in_the_vocabulary() {
        for spec in LANGUAGES {
            if let Err(err) = captures::compiled(spec.id) {
                panic!("{err}");
            }
        }
    }

    #[test]
    fn rust_docs_metrics_and_else_if_chains() {
        let source = "/// Adds.\n/// Twice.\n#[inline]\npub fn add(&self, a: u32, b: u32) -> u32 {\n    if a > 0 && b > 0 {\n        for _ in 0..a { loop { break; } }\n    } else if b > 1 {\n    } else if a > 1 {\n    }\n    match a { 0 => 1, _ => 2 }\n}\n";
        let f = facts(LangId::Rust, source);
        assert_eq!(doc(&f, source, 0).as_deref(), Some("Adds.\nTwice."));
        assert_eq!(f.symbols[0].detail.as_deref(), Some("u32"));
        // if, &&, for, loop, else-if ×2, two match arms: 1 + 8. `else if` does not nest.
        assert_eq!(metrics(&f), ["add Function 8/9/3/2"]);
    }

    #[test]
    fn typescript_docs_metrics_and_arrow_functions() {
        let source = "/** Formats a value. */\nexport function fmt(a: string, b?: number): string {\n  switch (a) { case 'x': return a ?? ''; default: return a; }\n}\nexport const twice = (n: number) => n > 1 ? n * 2 : n;\nclass K { /** Run it. */ run() { try { if (this.ok) {} } catch (e) {} } }\n";
        let f = facts(LangId::TypeScript, source);
        let docs: Vec<_> = (0..f.symbols.len())
            .map(|i| (f.symbols[i].name.as_str(), doc(&f, source, i)))
            .collect();
        assert_eq!(
            docs,
            [
                ("fmt", Some("Formats a value.".to_string())),
                ("twice", None),
                ("K", None),
                ("run", Some("Run it.".to_string()))
            ]
        );
        assert_eq!(
            metrics(&f),
            [
                "fmt Function 3/3/1/2",
                "twice Function 1/2/0/1",
                "run Method 1/3/2/0"
            ]
        );
    }

    #[test]
    fn javascript_class_methods_and_inheritance() {
        let f = facts(
            LangId::JavaScript,
            "class A extends B { m() { this.n(); } n() {} }\n",
        );
        let kinds: Vec<_> = f
            .symbols
            .iter()
            .map(|s| (s.name.as_str(), s.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                ("A", SymbolKind::Class),
                ("m", SymbolKind::Method),
                ("n", SymbolKind::Method)
            ]
        );
        assert_eq!(f.inherits.len(), 1);
        assert_eq!(f.inherits[0].base, "B");
        assert_eq!(f.calls[0].receiver.as_deref(), Some("this"));
    }

    #[test]
    fn rust_use_trees_flatten_into_one_import_per_leaf() {
        let f = facts(
            LangId::Rust,
            "pub use crate::a::{b, c::{self, d as e}, f::*};\n",
        );
        let imports: Vec<_> = f
            .imports
            .iter()
            .map(|i| {
                (
                    i.kind,
                    i.path.as_str(),
                    i.name.as_deref(),
                    i.alias.as_deref(),
                    i.reexport,
                )
            })
            .collect();
        assert_eq!(
            imports,
            [
                (ImportKind::Member, "crate::a", Some("b"), None, true),
                (ImportKind::Member, "crate::a", Some("c"), None, true),
                (
                    ImportKind::Member,
                    "crate::a::c",
                    Some("d"),
                    Some("e"),
                    true
                ),
                (ImportKind::Glob, "crate::a::f", None, None, true),
            ]
        );
    }

    #[test]
    fn python_nested_functions_are_not_methods_and_calls_belong_to_the_innermost() {
        let f = facts(
            LangId::Python,
            "class C:\n    def m(self):\n        def inner():\n            g()\n        inner()\n",
        );
        let kinds: Vec<_> = f
            .symbols
            .iter()
            .map(|s| (s.name.as_str(), s.kind, s.parent))
            .collect();
        assert_eq!(
            kinds,
            [
                ("C", SymbolKind::Class, None),
                ("m", SymbolKind::Method, Some(0)),
                ("inner", SymbolKind::Function, Some(1))
            ]
        );
        let callers: Vec<_> = f
            .calls
            .iter()
            .map(|c| (c.name.as_str(), c.caller))
            .collect();
        assert_eq!(callers, [("g", Some(2)), ("inner", Some(1))]);
    }
}
