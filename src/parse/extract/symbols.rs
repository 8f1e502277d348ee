//! Definitions sorted into a tree (parents, qualified names), the symbol around a byte
//! offset, and each function's branches and nesting.

use rustc_hash::FxHashMap;

use super::*;

/// Definitions sorted into a tree.
pub(super) struct Built {
    pub(super) symbols: Vec<Symbol>,
    /// Byte range of each symbol, same order.
    pub(super) ranges: Vec<(usize, usize)>,
    /// Name-node start byte → symbol index.
    pub(super) by_name: FxHashMap<usize, u32>,
}

pub(super) fn build_symbols(ctx: &Ctx<'_>, mut defs: Vec<RawDef<'_>>) -> Built {
    defs.sort_by(|a, b| {
        a.node
            .start_byte()
            .cmp(&b.node.start_byte())
            .then(b.node.end_byte().cmp(&a.node.end_byte()))
    });
    // An ES5 class and its constructor share a node; other definitions matched twice
    // (two patterns on one node) are one.
    defs.dedup_by(|a, b| a.node.id() == b.node.id() && a.alias == b.alias);
    let mut built = Built {
        symbols: Vec::with_capacity(defs.len()),
        ranges: Vec::with_capacity(defs.len()),
        by_name: FxHashMap::with_capacity_and_hasher(defs.len(), Default::default()),
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
            && (parent.is_some_and(|p| built.symbols[p as usize].kind.holds_methods())
                || in_object_literal(ctx, def.node))
        {
            kind = SymbolKind::Method;
        }
        let (name, detail) = if kind == SymbolKind::Impl {
            (
                type_name(ctx.text(def.name)),
                def.impl_trait.map(|t| type_name(ctx.text(t))),
            )
        } else {
            let detail = match kind {
                SymbolKind::Class | SymbolKind::Interface => type_parameters(ctx, def.node),
                SymbolKind::TypeAlias => alias_target(ctx, def.node),
                _ => return_type(ctx, def.node),
            };
            let name = def.alias.unwrap_or_else(|| ctx.text(def.name));
            (name.to_string(), detail)
        };
        let index = built.symbols.len() as u32;
        if def.alias.is_none() {
            built.by_name.insert(def.name.start_byte(), index);
        }
        // A Rust function seen only in its module: how many modules above that see it too.
        let restricted = (ctx.lang.family() == crate::lang::Family::Rust
            && kind.is_function_like())
        .then(|| restriction(ctx, def.node))
        .flatten();
        built.symbols.push(Symbol {
            kind,
            name,
            parent,
            line: line_of(def.node),
            end_line: def.node.end_position().row as u32 + 1,
            doc: crate::parse::docs::span_of(ctx.lang, ctx.flat, ctx.source, def.node),
            detail,
            borrow: if kind == SymbolKind::Impl {
                crate::parse::facts::Borrow::of_type(ctx.text(def.name))
            } else {
                crate::parse::facts::Borrow::Owned
            },
            private: restricted.is_some(),
            seen_above: restricted.unwrap_or(0),
            cfg: if ctx.lang.family() == crate::lang::Family::Rust {
                cfg_of(ctx, def.node)
            } else {
                None
            },
            // A declaration without a body (an overload, an interface or trait method)
            // repeats what its implementation measures.
            metrics: (kind.is_function_like()
                && field_child(ctx.lang, function_node(ctx.lang, def.node), "body").is_some())
            .then(|| Metrics {
                lines: code_lines(
                    ctx.source.get(def.node.start_byte()..def.node.end_byte()),
                    ctx.lang.family() == crate::lang::Family::Python,
                ),
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
pub(super) struct Locator<'s> {
    pub(super) symbols: &'s [Symbol],
    pub(super) ranges: &'s [(usize, usize)],
}

impl Locator<'_> {
    /// The innermost symbol containing `offset` whose kind passes `keep`, never an `impl`.
    /// Ranges nest, so every symbol containing `offset` is an ancestor of the last symbol
    /// that starts at or before it.
    pub(super) fn innermost(
        &self,
        offset: usize,
        keep: impl Fn(SymbolKind) -> bool,
    ) -> Option<u32> {
        self.innermost_of(offset, |kind| kind != SymbolKind::Impl && keep(kind))
    }

    /// The scope a binding at `offset` belongs to: as `innermost`, but an `impl` counts,
    /// so the generic parameters of `impl<R: Read> … where R: …` are its own and not
    /// every other impl's in the file.
    pub(super) fn binding_scope(&self, offset: usize) -> Option<u32> {
        self.innermost_of(offset, |_| true)
    }

    fn innermost_of(&self, offset: usize, keep: impl Fn(SymbolKind) -> bool) -> Option<u32> {
        let after = self.ranges.partition_point(|r| r.0 <= offset);
        let mut candidate = after.checked_sub(1).map(|i| i as u32);
        while let Some(index) = candidate {
            let (start, end) = self.ranges[index as usize];
            let symbol = &self.symbols[index as usize];
            if start <= offset && offset < end && keep(symbol.kind) {
                return Some(index);
            }
            candidate = symbol.parent;
        }
        None
    }

    pub(super) fn innermost_function(&self, offset: usize) -> Option<u32> {
        self.innermost(offset, SymbolKind::is_function_like)
    }
}

/// Per function: branches inside it (not inside nested functions) and its deepest nesting.
pub(super) fn measure(
    locator: &Locator<'_>,
    branches: &[usize],
    nestings: &[(usize, usize, usize)],
    flats: &HashSet<usize>,
) -> FxHashMap<u32, (u32, u32)> {
    let mut out: FxHashMap<u32, (u32, u32)> = FxHashMap::default();
    for &offset in branches {
        if let Some(function) = locator.innermost_function(offset) {
            out.entry(function).or_default().0 += 1;
        }
    }
    let mut by_function: FxHashMap<u32, Vec<(usize, usize, bool)>> = FxHashMap::default();
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

/// Lines of a definition's text that hold code: not blank, not only a comment, and in
/// Python not a docstring (a doc block inside a constructor does not make it long).
fn code_lines(text: Option<&str>, python: bool) -> u32 {
    let text = text.unwrap_or("");
    let mut in_block = false;
    let mut in_docstring: Option<&str> = None;
    // A string that code opened (`x = """…`): its lines are code.
    let mut in_string: Option<&str> = None;
    let mut count = 0;
    for line in text.lines() {
        let line = line.trim();
        if let Some(quotes) = in_docstring {
            if line.contains(quotes) {
                in_docstring = None;
            }
            continue;
        }
        if let Some(quotes) = in_string {
            count += 1;
            if line.matches(quotes).count() % 2 == 1 {
                in_string = None;
            }
            continue;
        }
        if in_block {
            if let Some(after) = line.split_once("*/").map(|(_, after)| after.trim()) {
                in_block = false;
                count += u32::from(!after.is_empty() && !after.starts_with("//"));
            }
            continue;
        }
        if line.is_empty() || line.starts_with("//") || (python && line.starts_with('#')) {
            continue;
        }
        if python && let Some((quotes, rest)) = docstring_start(line) {
            if !rest.contains(quotes) {
                in_docstring = Some(quotes);
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("/*") {
            match rest.split_once("*/") {
                Some((_, after)) => {
                    let after = after.trim();
                    count += u32::from(!after.is_empty() && !after.starts_with("//"));
                }
                None => in_block = true,
            }
            continue;
        }
        if python {
            in_string = ["\"\"\"", "'''"]
                .into_iter()
                .find(|quotes| line.matches(quotes).count() % 2 == 1);
        }
        count += 1;
    }
    count
}

/// A line that opens a Python string statement (`"""Doc…`, `r'''…`): its quotes and what
/// follows them.
fn docstring_start(line: &str) -> Option<(&'static str, &str)> {
    let body = line.trim_start_matches(['r', 'R', 'u', 'U', 'b', 'B']);
    ["\"\"\"", "'''"]
        .into_iter()
        .find_map(|quotes| body.strip_prefix(quotes).map(|rest| (quotes, rest)))
}

/// A TypeScript class's or interface's type parameters by name (`<T, R>`), so that a
/// method returning `T` on a `Repo<User>` returns a `User`.
fn type_parameters(ctx: &Ctx<'_>, node: Node<'_>) -> Option<String> {
    let list = node.child_by_field_name("type_parameters")?;
    let mut cursor = list.walk();
    let names: Vec<&str> = list
        .named_children(&mut cursor)
        .filter_map(|p| p.child_by_field_name("name"))
        .map(|n| ctx.text(n))
        .collect();
    (!names.is_empty()).then(|| format!("<{}>", names.join(", ")))
}

/// The type a type alias stands for, as written: `DFA<Vec<u32>>` of Rust's `type OwnedDFA =
/// DFA<Vec<u32>>;`, `Router` of TypeScript's `type App = Router;`.
fn alias_target(ctx: &Ctx<'_>, node: Node<'_>) -> Option<String> {
    let target =
        field_child(ctx.lang, node, "type").or_else(|| field_child(ctx.lang, node, "value"))?;
    let text = ctx.text(target).trim();
    (!text.is_empty()).then(|| clip(text))
}

/// A method written in an object literal (`const p = { run() {} }`): a method of that
/// object, not a name in the scope around it. An object assigned to CommonJS
/// `module.exports` is the module's namespace, so its methods stay the module's functions.
fn in_object_literal(ctx: &Ctx<'_>, node: Node<'_>) -> bool {
    if node.kind() != "method_definition" {
        return false;
    }
    let Some(object) = ctx.flat.parent_of(node).filter(|p| p.kind() == "object") else {
        return false;
    };
    !ctx.flat.parent_of(object).is_some_and(|a| {
        a.kind() == "assignment_expression"
            && a.child_by_field_name("left")
                .is_some_and(|l| matches!(ctx.text(l), "module.exports" | "exports"))
    })
}

/// The `#[cfg(…)]` attributes written before a Rust item, as one predicate. Siblings are
/// read from the flat tree: tree-sitter finds a node's previous sibling by descending from
/// the root, which made a file of many items quadratic.
fn cfg_of(ctx: &Ctx<'_>, node: Node<'_>) -> Option<String> {
    let flat = ctx.flat;
    let mut predicates = Vec::new();
    let mut at = flat.index_of(node).and_then(|i| flat.prev_sibling(i));
    while let Some(sibling) = at {
        at = flat.prev_sibling(sibling);
        if !flat.entry(sibling).named {
            continue;
        }
        match flat.kind(sibling) {
            "attribute_item" => {
                let text = flat.text(sibling, ctx.source);
                let inner = text
                    .strip_prefix("#[")
                    .and_then(|t| t.strip_suffix(']'))
                    .map(str::trim);
                if let Some(predicate) = inner
                    .and_then(|t| t.strip_prefix("cfg"))
                    .map(str::trim_start)
                    .and_then(|t| t.strip_prefix('('))
                    .and_then(|t| t.strip_suffix(')'))
                {
                    predicates.push(predicate.trim());
                }
            }
            "line_comment" | "block_comment" => {}
            _ => break,
        }
    }
    match predicates.as_slice() {
        [] => None,
        [one] => Some(clip(one)),
        many => Some(clip(&format!("all({})", many.join(", ")))),
    }
}

/// How far up a Rust item's visibility reaches when it stops short of the crate's other
/// modules: `Some(0)` for none written (or `pub(self)`), `Some(1)` for `pub(super)`; `None`
/// for `pub`, `pub(crate)` and `pub(in …)`, taken as seen everywhere.
fn restriction(ctx: &Ctx<'_>, node: Node<'_>) -> Option<u8> {
    let mut cursor = node.walk();
    let Some(modifier) = node
        .children(&mut cursor)
        .find(|child| child.kind() == "visibility_modifier")
    else {
        return Some(0);
    };
    let text: String = ctx
        .text(modifier)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    match text.as_str() {
        "pub(self)" => Some(0),
        "pub(super)" => Some(1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::code_lines;

    #[test]
    fn code_lines_leave_out_blanks_and_comments() {
        let js = "f() {\n  // why\n  /* a\n   * block\n   */\n\n  #count = 1;\n  return x; /* tail */\n}";
        assert_eq!(code_lines(Some(js), false), 4);
        let py = "def f():\n    # why\n\n    return 1\n";
        assert_eq!(code_lines(Some(py), true), 2);
        let documented = "def f():\n    \"\"\"Say why.\n\n    At length.\n    \"\"\"\n    r\'\'\'One line.\'\'\'\n    x = \"\"\"a\n    b\"\"\"\n    return x\n";
        assert_eq!(code_lines(Some(documented), true), 4);
        assert_eq!(
            code_lines(Some("a /* x */ b\n/* c */ d\n/* e */\n"), false),
            2
        );
    }
}
