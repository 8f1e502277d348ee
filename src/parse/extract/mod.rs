//! Captures → facts. The queries say what is what; this file only assembles: it orders
//! definitions into a tree, attributes calls and metrics to their enclosing function, and
//! flattens Rust `use` trees.

use std::collections::HashSet;

use tree_sitter::{Node, Tree};

use crate::lang::{Family, LangId};
use crate::parse::captures::{CompiledQuery, Role};
use crate::parse::facts::*;
use crate::parse::flat::{FlatTree, field_child};

mod bindings;
mod callbacks;
mod es5_classes;
mod flow;
mod imports;
mod macro_tokens;
mod narrowing;
mod objects;
mod symbols;

use imports::collect_import_or_export;
use macro_tokens::{first_argument, macro_call_path};
use symbols::{Locator, build_symbols, measure};

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
    bind_passed: Option<Node<'t>>,
    bind_params: Option<Node<'t>>,
    bind_element: Option<Node<'t>>,
    bind_object: Option<Node<'t>>,
    bind_pattern: Option<Node<'t>>,
    bind_unwrapped: Option<Node<'t>>,
    bind_unwrapped_error: Option<Node<'t>>,
}

struct RawDef<'t> {
    kind: SymbolKind,
    node: Node<'t>,
    name: Node<'t>,
    impl_trait: Option<Node<'t>>,
    /// The symbol's name when it is not the name node's text (an ES5 class's
    /// `constructor`, which shares its node and name with the class).
    alias: Option<&'static str>,
}

struct RawCall<'t> {
    kind: CallKind,
    node: Node<'t>,
    name: Node<'t>,
    receiver: Option<Node<'t>>,
    scope: Option<Node<'t>>,
}

pub(super) struct Ctx<'a> {
    source: &'a str,
    pub(super) lang: LangId,
    /// The same tree read into arrays: parents and siblings are an index away there, where
    /// tree-sitter finds a node's parent by descending from the root and its previous
    /// sibling by scanning the parent's children.
    pub(super) flat: &'a FlatTree<'a>,
}

impl Ctx<'_> {
    pub(super) fn text(&self, node: Node<'_>) -> &str {
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
    let mut bindings: Vec<bindings::RawBinding<'_>> = Vec::new();
    let mut branches: Vec<usize> = Vec::new();
    let mut nestings: Vec<(usize, usize, usize)> = Vec::new();
    let mut flats: HashSet<usize> = HashSet::new();
    let mut closures: Vec<(usize, usize)> = Vec::new();
    let mut import_offsets: Vec<usize> = Vec::new();
    let mut local_names: Vec<Node<'_>> = Vec::new();

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
                    Role::Reference => caps.call = Some((CallKind::Reference, node)),
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
                    Role::BindPassed => caps.bind_passed = Some(node),
                    Role::BindParams => caps.bind_params = Some(node),
                    Role::BindElement => caps.bind_element = Some(node),
                    Role::BindObject => caps.bind_object = Some(node),
                    Role::BindPattern => caps.bind_pattern = Some(node),
                    Role::BindUnwrapped => caps.bind_unwrapped = Some(node),
                    Role::BindUnwrappedError => caps.bind_unwrapped_error = Some(node),
                    Role::MetricBranch => branches.push(node.start_byte()),
                    Role::MetricNesting => {
                        nestings.push((node.start_byte(), node.end_byte(), node.id()))
                    }
                    Role::MetricFlat => {
                        flats.insert(node.id());
                    }
                    Role::MetricClosure => closures.push((node.start_byte(), node.end_byte())),
                    Role::LocalName => local_names.push(node),
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
                        alias: None,
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
                bindings.extend(bindings::read(flat, &caps, name, field, source));
            } else {
                let offset = captures.first().map_or(0, |c| c.1.start_byte());
                collect_import_or_export(&ctx, &caps, out);
                import_offsets.resize(out.imports.len(), offset);
            }
        });

    calls.extend(
        macro_tokens::turbofish_calls(&ctx)
            .into_iter()
            .map(|(name, node)| RawCall {
                kind: CallKind::Call,
                node,
                name,
                receiver: None,
                scope: None,
            }),
    );
    if lang.family() == Family::Ecma {
        es5_classes::sort_out(&ctx, &mut defs);
    }
    // A closure that is a symbol's own body (`const f = () => …`) is that symbol.
    let named: HashSet<usize> = defs
        .iter()
        .map(|d| function_node(lang, d.node).start_byte())
        .collect();
    closures.retain(|(start, _)| !named.contains(start));
    let built = build_symbols(&ctx, defs);
    let locator = Locator {
        symbols: &built.symbols,
        ranges: &built.ranges,
    };

    let mut seen_calls = HashSet::new();
    // Most files test no type: their calls are not walked up for one.
    let tests_types = match lang.family() {
        Family::Python => source.contains("isinstance"),
        Family::Ecma => source.contains("instanceof"),
        Family::Rust => false,
    };
    for RawCall {
        kind,
        node,
        name,
        receiver,
        scope,
    } in calls
    {
        if lang == LangId::Rust
            && node.kind() == "token_tree"
            && !macro_tokens::names_call(&ctx, node, name)
        {
            continue;
        }
        if !seen_calls.insert(node.id()) {
            continue;
        }
        let narrowed = match receiver {
            Some(r) if tests_types && r.kind() == "identifier" => ctx
                .flat
                .index_of(node)
                .and_then(|at| narrowing::narrowed(ctx.flat, source, at, ctx.text(r))),
            _ => None,
        };
        let argument = match (lang.family(), scope, receiver) {
            (Family::Rust, Some(_), None) => first_argument(&ctx, node),
            _ => None,
        };
        let (receiver, scope) = match macro_call_path(&ctx, node, name) {
            Some(path) => path,
            None => (
                receiver.map(|r| short_expression(ctx.text(r))),
                scope.map(|s| short_expression(ctx.text(s))),
            ),
        };
        out.calls.push(CallSite {
            caller: locator.innermost(node.start_byte(), |_| true),
            kind,
            name: ctx.text(name).to_string(),
            receiver,
            scope,
            narrowed,
            argument,
            line: line_of(name),
            column: name.start_position().column as u32 + 1,
        });
    }
    // An ES5 class inherits where the file says so, away from its declaration.
    let mut top_classes: Option<rustc_hash::FxHashMap<&str, u32>> = None;
    for (name, base) in inherits {
        let class = built.by_name.get(&name.start_byte()).copied().or_else(|| {
            if lang.family() != Family::Ecma {
                return None;
            }
            let classes = top_classes.get_or_insert_with(|| {
                let mut by_name = rustc_hash::FxHashMap::default();
                for (i, s) in built.symbols.iter().enumerate() {
                    if s.kind == SymbolKind::Class && s.parent.is_none() {
                        by_name.entry(s.name.as_str()).or_insert(i as u32);
                    }
                }
                by_name
            });
            classes.get(ctx.text(name)).copied()
        });
        if let Some(class) = class {
            // TypeScript writes `extends Repo<User>` as a value and its type arguments
            // side by side; they belong to the base as written.
            let arguments = base
                .next_named_sibling()
                .filter(|n| n.kind() == "type_arguments")
                .map_or("", |n| ctx.text(n));
            out.inherits.push(Inherit {
                class,
                base: clip(&format!("{}{arguments}", ctx.text(base))),
                line: line_of(base),
            });
        }
    }
    // Only a name some call of the file starts with can change what a call reaches.
    let called: HashSet<&str> = out
        .calls
        .iter()
        .filter(|c| c.scope.is_none())
        .map(|c| match &c.receiver {
            Some(receiver) => receiver.split(['.', ':']).next().unwrap_or(""),
            None => c.name.as_str(),
        })
        .collect();
    out.locals = local_names
        .into_iter()
        .filter(|name| called.contains(ctx.text(*name)))
        .filter_map(|name| {
            let (from, to) = local_extent(flat, name)?;
            let at = |p: tree_sitter::Point| (p.row as u32 + 1, p.column as u32 + 1);
            Some(LocalName {
                name: ctx.text(name).to_string(),
                from: at(from),
                to: at(to),
            })
        })
        .collect();
    for raw in bindings {
        let scope = locator.binding_scope(raw.name.start_byte());
        let local = lang == LangId::Rust
            && !raw.field
            && scope.is_some_and(|s| built.symbols[s as usize].kind.is_function_like());
        let lines = local
            .then(|| local_extent(flat, raw.name))
            .flatten()
            .map(|(from, to)| (from.row as u32 + 1, to.row as u32 + 1));
        out.bindings.push(Binding {
            scope,
            name: field_name(ctx.flat, raw.name, source),
            field: raw.field,
            type_text: clip(raw.entries.as_deref().unwrap_or(ctx.text(raw.ty))),
            source: raw.source,
            position: raw.position,
            lines,
        });
    }
    // Imports inside inline Rust modules resolve against that module.
    for (import, offset) in out.imports.iter_mut().zip(&import_offsets) {
        import.scope = locator.innermost(*offset, |k| k == SymbolKind::Module);
    }
    if lang == LangId::Python {
        out.flow = flow::python_flow(flat, source, &locator, &built.by_name);
    }
    let branches: Vec<usize> = branches
        .into_iter()
        .filter(|&offset| !in_anonymous_function(&locator, &closures, offset))
        .collect();
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

/// Whether a branch lies in an anonymous function inside its innermost function symbol
/// (or at the top level): it is that closure's, not the enclosing function's.
fn in_anonymous_function(
    locator: &symbols::Locator<'_>,
    closures: &[(usize, usize)],
    offset: usize,
) -> bool {
    let owner_start = locator
        .innermost_function(offset)
        .map_or(0, |f| locator.ranges[f as usize].0);
    closures
        .iter()
        .any(|&(start, end)| start >= owner_start && start <= offset && offset < end)
}

/// `Foo<T>` → `Foo`, `crate::a::Foo<T>` → `crate::a::Foo`, `&'a mut Foo` → `Foo`.
pub fn type_name(text: &str) -> String {
    let (_, text) = crate::parse::facts::Borrow::split(text);
    let end = text.find('<').unwrap_or(text.len());
    clip(text[..end].trim())
}

/// Longest receiver kept as written.
pub(super) const MAX_RECEIVER: usize = 100;

/// A receiver as a reader would quote it: whitespace collapsed, and a long method chain cut
/// to its tail (`…map(|x| x).collect`). Resolution only uses short paths; anything with
/// parentheses or spaces is an unknown receiver either way.
pub(super) fn short_expression(text: &str) -> String {
    if text.len() <= MAX_RECEIVER && !text.contains(['\n', '\t']) {
        return text.to_string();
    }
    // Only the collapsed text's tail is kept, so only as much of the text is collapsed as
    // that tail needs, found from the end: in a chain every call's receiver is the chain
    // before it, and collapsing each whole made a long chain cost the square of its length.
    let mut cut = 0;
    let mut len = 0;
    let mut in_word = false;
    for (at, ch) in text.char_indices().rev() {
        if ch.is_whitespace() {
            in_word = false;
            continue;
        }
        if !in_word && len > 0 {
            len += 1;
        }
        in_word = true;
        len += ch.len_utf8();
        if len > MAX_RECEIVER {
            cut = at;
            break;
        }
    }
    // A suffix of the whole text collapsed, longer than what is kept of it when cut.
    let collapsed = text[cut..].split_whitespace().collect::<Vec<_>>().join(" ");
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
        "variable_declarator"
        | "assignment_expression"
        | "public_field_definition"
        | "field_definition" => field_child(lang, node, "value")
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
    // Python's optional keyword-only parameters (after `*` or `*args`) are options
    // named at each call, not a list callers must keep in order.
    let mut keyword_only = false;
    for (position, param) in params.named_children(&mut walker).enumerate() {
        if ctx.lang == LangId::Python {
            if matches!(param.kind(), "keyword_separator" | "list_splat_pattern") {
                keyword_only = true;
            }
            if keyword_only
                && matches!(
                    param.kind(),
                    "default_parameter" | "typed_default_parameter"
                )
            {
                continue;
            }
        }
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

/// Where a parameter or local of a function holds its name: a parameter in the whole
/// function, a local from the end of its declaration (`let waker = waker(…)` calls the
/// function) to the end of the block around it, a name a `match` arm, `if let` or `for`
/// binds in that arm, condition's statement or loop. None at a module's top level, whose
/// names are its definitions'. Walks the flat tree's parents (a tree-sitter parent is
/// found from the root down).
fn local_extent(
    flat: &FlatTree<'_>,
    name: Node<'_>,
) -> Option<(tree_sitter::Point, tree_sitter::Point)> {
    const FUNCTIONS: &[&str] = &[
        "function_declaration",
        "generator_function_declaration",
        "function_expression",
        "generator_function",
        "arrow_function",
        "method_definition",
        "function_item",
        "closure_expression",
    ];
    let node = |i: u32| flat.entry(i).node;
    let mut at = flat.parent(flat.index_of(name)?);
    let mut found: Option<(tree_sitter::Point, tree_sitter::Point)> = None;
    // Where the declaration met on the way up ends: a local holds its name from there.
    let mut declared: Option<tree_sitter::Point> = None;
    while let Some(index) = at {
        let kind = flat.kind(index);
        if FUNCTIONS.contains(&kind) {
            let whole = (node(index).start_position(), node(index).end_position());
            return Some(match (found, declared) {
                (Some(extent), _) => extent,
                (None, Some(from)) => (from, whole.1),
                (None, None) => whole,
            });
        }
        match kind {
            _ if found.is_some() => {}
            "block" | "statement_block" if declared.is_some() => {
                found = declared.map(|from| (from, node(index).end_position()));
            }
            "let_declaration" | "variable_declarator" if declared.is_none() => {
                // `const f = () => …` is a definition, which the name's lookup finds.
                let value = node(index).child_by_field_name("value").map(|v| v.kind());
                if matches!(
                    value,
                    Some("arrow_function" | "function_expression" | "generator_function")
                ) {
                    return None;
                }
                declared = Some(node(index).end_position());
            }
            "match_arm" | "for_expression" | "for_in_statement" if declared.is_none() => {
                found = Some((node(index).start_position(), node(index).end_position()));
            }
            "let_condition" if declared.is_none() => {
                let statement = flat.parent(index).map_or(node(index), node);
                found = Some((statement.start_position(), statement.end_position()));
            }
            _ => {}
        }
        at = flat.parent(index);
    }
    None
}

#[cfg(test)]
mod tests;

/// The name a binding is known by: a tuple field's position (`struct P(A, B)`: `B` is
/// `1`, as `self.1` reads it), and an enum variant's fields under the variant's name
/// (`Value::Number(Number)`: `Number.0`), which only a pattern reads.
fn field_name(flat: &FlatTree<'_>, name: Node<'_>, source: &str) -> String {
    let own = tuple_position(flat, name)
        .unwrap_or_else(|| source.get(name.byte_range()).unwrap_or("").to_string());
    let variant = flat
        .parent_of(name)
        .and_then(|n| flat.parent_of(n))
        .filter(|n| n.kind() == "enum_variant")
        .or_else(|| {
            // A named field: name → field_declaration → list → variant.
            flat.parent_of(name)
                .and_then(|n| flat.parent_of(n))
                .and_then(|n| flat.parent_of(n))
                .filter(|n| n.kind() == "enum_variant")
        })
        .and_then(|v| v.child_by_field_name("name"))
        .and_then(|v| source.get(v.byte_range()));
    match variant {
        Some(variant) => format!("{variant}.{own}"),
        None => own,
    }
}

/// The position of a tuple struct's field (`struct P(A, B)`: `B` is `1`), by which it is
/// read (`self.1`).
fn tuple_position(flat: &FlatTree<'_>, field: Node<'_>) -> Option<String> {
    let list = flat
        .parent_of(field)
        .filter(|p| p.kind() == "ordered_field_declaration_list")?;
    let mut cursor = list.walk();
    let position = list
        .children_by_field_name("type", &mut cursor)
        .position(|t| t.id() == field.id())?;
    Some(position.to_string())
}
