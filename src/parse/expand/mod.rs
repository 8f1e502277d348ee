//! Rust items written by macro calls, which the grammar leaves as unparsed tokens: a call
//! of a `macro_rules!` macro defined in the same file is expanded (its arm matched,
//! its transcriber written with the call's tokens: `index_type_impls!(PatternID, …)`
//! gives `impl PatternID { … }`), and a call of any other macro whose tokens are items
//! (`cfg_rt! { pub fn spawn() … }`, the shape of most item-wrapping macros) is read as
//! those items. Each expansion is parsed on its own and what it defines and calls joins
//! the file's facts: what a macro writes at the line of the call that wrote it (as
//! rust-analyzer places it), what the call passed in at its own lines.
//!
//! Bounded: at most `MAX_EXPANSIONS` per file, writing together at most `MAX_BYTES` past
//! four times the file's size, calls inside expansions followed `MAX_DEPTH` deep. An
//! expansion that does not parse cleanly is dropped whole.

mod matcher;
mod transcribe;

use rayon::prelude::*;
use rustc_hash::FxHashMap;
use tree_sitter::{Node, Tree};

use crate::lang::LangId;
use crate::parse::captures::CompiledQuery;
use crate::parse::facts::{FileFacts, SymbolKind};
use crate::parse::flat::FlatTree;
use matcher::{Pat, matches, pattern, tokens};
use transcribe::{Piece, Src, Writer, transcribe};

/// Most macro calls expanded in one file, nested ones included.
const MAX_EXPANSIONS: usize = 256;
/// Bytes a file's expansions may write together beyond four times the file's size.
const MAX_BYTES: usize = 1 << 20;
/// How deep calls written by an expansion are expanded in turn.
const MAX_DEPTH: u32 = 3;
/// Columns a position on a macro's own line keeps (see `place`).
const OWN_COLUMN_BITS: u32 = 12;
const OWN_COLUMN_MASK: u32 = (1 << OWN_COLUMN_BITS) - 1;
/// Item keywords one of which a call's tokens must hold to be read as items.
const ITEM_WORDS: &[&str] = &[
    "fn", "impl", "struct", "enum", "trait", "mod", "const", "static", "type", "union",
];

/// One arm of a same-file `macro_rules!`.
struct Arm {
    pattern: Vec<Pat>,
    /// `None` when a repetition in it could not be read: a call matching the arm is not
    /// expanded.
    body: Option<Vec<Piece>>,
}

#[derive(Clone)]
struct Expander<'a> {
    query: &'a CompiledQuery,
    path: &'a str,
    macros: &'a FxHashMap<&'a str, Vec<Arm>>,
    /// Expansions left.
    budget: usize,
    /// Bytes all expansions still left may write together.
    bytes: usize,
    /// Whether calls inside a call's items are read with them (`inner_wrappers`).
    blanking: bool,
}

/// A region whose calls an expansion lists again, as (line, column) from and to, 1-based.
type Region = ((u32, u32), (u32, u32));

/// Adds to `facts` what the item-level macro calls of a Rust file define and call.
pub fn expand(query: &CompiledQuery, source: &str, tree: &Tree, facts: &mut FileFacts) {
    let root = tree.root_node();
    let mut calls = Vec::new();
    item_calls(root, &mut Vec::new(), &mut calls);
    if calls.is_empty() {
        return;
    }
    let mut macros: FxHashMap<&str, Vec<Arm>> = FxHashMap::default();
    let mut definitions: FxHashMap<&str, Node<'_>> = FxHashMap::default();
    collect_macros(root, source, &mut macros, &mut definitions);
    let path = facts.path.clone();
    let file = Src::new(source, None);
    let mut expander = Expander {
        query,
        path: &path,
        macros: &macros,
        budget: MAX_EXPANSIONS,
        bytes: source.len().saturating_mul(4) + MAX_BYTES,
        blanking: true,
    };
    // Written in order, within the file's budget; then read in parallel (parsing is most
    // of the cost, and one file's expansions can outweigh all the others' work), each
    // reading with an equal share of what the writing left for the calls they make.
    let written: Vec<_> = calls
        .into_iter()
        .filter_map(|(call, containers)| {
            let (out, blanked) = expander.write(&file, call, &containers, &file)?;
            Some((call, containers, out, blanked))
        })
        .collect();
    let mut share = expander.clone();
    share.budget /= written.len().max(1);
    share.bytes /= written.len().max(1);
    let read: Vec<(Node<'_>, Option<Vec<FileFacts>>)> = written
        .into_par_iter()
        .map(|(call, containers, out, blanked)| {
            let mut reader = share.clone();
            let facts = reader.read(&file, (call, &containers), &file, 0, out, blanked);
            (call, facts)
        })
        .collect();
    let mut regions = Vec::new();
    let mut used = Vec::new();
    let mut found = Vec::new();
    for (call, more) in read {
        if let Some(mut more) = more {
            regions.push(region(call));
            used.extend(macro_name(call, source));
            found.append(&mut more);
        }
    }
    if found.is_empty() {
        return;
    }
    // A macro's body, once expanded, has its calls listed in each expansion instead.
    for name in used {
        if let Some(definition) = definitions.get(name) {
            regions.push(region(*definition));
        }
    }
    facts
        .calls
        .retain(|c| !inside(&regions, (c.line, c.column)));
    let mut known: FxHashMap<SymbolKey, u32> = facts
        .symbols
        .iter()
        .enumerate()
        .map(|(i, s)| ((s.kind, s.name.clone(), s.line, s.parent), i as u32))
        .collect();
    for part in found {
        merge(facts, part, &mut known);
    }
}

impl<'a> Expander<'a> {
    /// The facts of one call's expansion and of the calls it writes, at the file's lines.
    fn expand_call(
        &mut self,
        file: &Src<'_>,
        call: Node<'_>,
        containers: &[Node<'_>],
        src: &Src<'_>,
        depth: u32,
    ) -> Option<Vec<FileFacts>> {
        let (out, blanked) = self.write(file, call, containers, src)?;
        self.read(file, (call, containers), src, depth, out, blanked)
    }

    /// A call's expansion, and whether calls inside it were read as items
    /// (`inner_wrappers`); `None` when the call writes nothing this can read.
    fn write(
        &mut self,
        file: &Src<'_>,
        call: Node<'_>,
        containers: &[Node<'_>],
        src: &Src<'_>,
    ) -> Option<(Writer, bool)> {
        if self.budget == 0 {
            return None;
        }
        let args = call.named_children(&mut call.walk()).last()?;
        if args.kind() != "token_tree" {
            return None;
        }
        let mut out = Writer::new(self.bytes);
        for container in containers {
            let body = container.child_by_field_name("body")?;
            out.copy(src, container.start_byte(), body.start_byte() + 1);
            out.push("\n", src.line_of(body.start_byte()));
        }
        let name = macro_name(call, src.text)?;
        let at = src.line_of(call.start_byte());
        let mut blanked = false;
        match self.macros.get(name) {
            Some(arms) => {
                let toks = tokens(args, src.text);
                let (arm, binds) = arms
                    .iter()
                    .find_map(|arm| matches(&arm.pattern, &toks).map(|b| (arm, b)))?;
                transcribe(arm.body.as_deref()?, file, src, &binds, &mut out, at)?;
            }
            None => {
                if !holds_items(args, src.text) {
                    return None;
                }
                let (first, last) = (args.child(0)?, args.child(args.child_count() - 1)?);
                // Calls of the same kind inside (`cfg_rt! { cfg_net! { … } }`) are read in
                // the same parse: their name, `!` and braces are written as spaces.
                let mut blanks = Vec::new();
                if self.blanking {
                    self.inner_wrappers(args, src.text, &mut blanks);
                }
                out.copy_blanked(src, first.end_byte(), last.start_byte(), &blanks);
                blanked = !blanks.is_empty();
            }
        }
        for _ in containers {
            out.push("\n}", out.lines.last().copied().unwrap_or(1));
        }
        self.budget -= 1;
        self.bytes = self.bytes.saturating_sub(out.text.len());
        Some((out, blanked))
    }

    /// Parses and extracts an expansion, expands the calls it makes, and places it all at
    /// the file's lines.
    fn read(
        &mut self,
        file: &Src<'_>,
        (call, containers): (Node<'_>, &[Node<'_>]),
        src: &Src<'_>,
        depth: u32,
        out: Writer,
        blanked: bool,
    ) -> Option<Vec<FileFacts>> {
        let tree = crate::parse::parse_tree(
            self.path,
            LangId::Rust,
            &out.text,
            None,
            std::time::Instant::now(),
            crate::parse::time_limit(),
        )?;
        if tree.root_node().has_error() {
            // An inner call read as items may not be: once more with it left a call.
            if !blanked {
                return None;
            }
            self.blanking = false;
            let again = self.expand_call(file, call, containers, src, depth);
            self.blanking = true;
            return again;
        }
        let flat = FlatTree::new(&tree, LangId::Rust);
        let mut facts = FileFacts::empty(self.path, LangId::Rust);
        crate::parse::extract::extract(
            LangId::Rust,
            self.query,
            &out.text,
            &tree,
            &flat,
            &mut facts,
        );
        let mut found = Vec::new();
        if depth + 1 < MAX_DEPTH {
            let mut nested = Vec::new();
            item_calls(tree.root_node(), &mut Vec::new(), &mut nested);
            let inner = Src::new(&out.text, Some(&out.lines));
            let mut regions = Vec::new();
            for (call, containers) in nested {
                if let Some(mut more) = self.expand_call(file, call, &containers, &inner, depth + 1)
                {
                    regions.push(region(call));
                    found.append(&mut more);
                }
            }
            facts
                .calls
                .retain(|c| !inside(&regions, (c.line, c.column)));
        }
        place(&mut facts, &out.lines, &out.own);
        found.insert(0, facts);
        Some(found)
    }
}

impl Expander<'_> {
    /// The name, `!` and braces of each call inside `tree` (a call's tokens) whose own
    /// tokens are items and whose macro is not one of the file's.
    fn inner_wrappers(&self, tree: Node<'_>, source: &str, out: &mut Vec<(usize, usize)>) {
        let children: Vec<Node<'_>> = tree.children(&mut tree.walk()).collect();
        for (i, &child) in children.iter().enumerate() {
            if child.kind() != "token_tree" {
                continue;
            }
            let wrapper = i >= 2
                && children[i - 1].kind() == "!"
                && children[i - 2].kind() == "identifier"
                && source.get(child.start_byte()..child.start_byte() + 1) == Some("{")
                && source
                    .get(children[i - 2].byte_range())
                    .is_some_and(|name| !self.macros.contains_key(name))
                && holds_items(child, source);
            if wrapper {
                out.push((children[i - 2].start_byte(), children[i - 1].end_byte()));
                out.push((child.start_byte(), child.start_byte() + 1));
                out.push((child.end_byte() - 1, child.end_byte()));
            }
            self.inner_wrappers(child, source, out);
        }
    }
}

/// Whether a call's tokens hold an item keyword at their top level.
fn holds_items(tree: Node<'_>, source: &str) -> bool {
    tree.children(&mut tree.walk()).any(|c| {
        c.child_count() == 0
            && source
                .get(c.byte_range())
                .is_some_and(|t| ITEM_WORDS.contains(&t))
    })
}

/// Moves an expansion's facts to the file's lines. Doc spans are byte ranges of the
/// expansion's text, which the file does not hold: dropped. A function the macro's own text
/// writes keeps no measures: they are the macro's, once, not each call's (a maintainer
/// shortens the macro, not its calls).
fn place(facts: &mut FileFacts, lines: &[u32], own: &[bool]) {
    let at = |line: u32| {
        lines
            .get(line.saturating_sub(1) as usize)
            .copied()
            .unwrap_or(line)
    };
    let is_own = |line: u32| {
        own.get(line.saturating_sub(1) as usize)
            .copied()
            .unwrap_or(false)
    };
    // The macro's own lines all land on the call's line, where columns alone would let a
    // parameter of one function it writes hide a name another calls: there a position
    // keeps its line within the expansion in the column's high bits (calls and the names
    // functions bind are compared by position; nothing shows these columns).
    let position = |(line, column): (u32, u32)| {
        if is_own(line) {
            (
                at(line),
                (line << OWN_COLUMN_BITS) | column.min(OWN_COLUMN_MASK),
            )
        } else {
            (at(line), column)
        }
    };
    for symbol in &mut facts.symbols {
        if is_own(symbol.line) {
            symbol.metrics = None;
        }
        symbol.line = at(symbol.line);
        symbol.end_line = at(symbol.end_line).max(symbol.line);
        symbol.doc = None;
    }
    for import in &mut facts.imports {
        import.line = at(import.line);
    }
    for export in &mut facts.exports {
        export.line = at(export.line);
    }
    for call in &mut facts.calls {
        (call.line, call.column) = position((call.line, call.column));
    }
    for inherit in &mut facts.inherits {
        inherit.line = at(inherit.line);
    }
    for local in &mut facts.locals {
        local.from = position(local.from);
        local.to = position(local.to).max(local.from);
    }
    facts.diagnostics.clear();
}

/// What makes two definitions one: kind, name, line and parent.
type SymbolKey = (SymbolKind, String, u32, Option<u32>);

/// Adds an expansion's facts to the file's: a definition the file already has (the `impl`
/// block around a call, written again so its methods have an owner) is not added twice.
fn merge(into: &mut FileFacts, part: FileFacts, known: &mut FxHashMap<SymbolKey, u32>) {
    let mut index: Vec<Option<u32>> = Vec::with_capacity(part.symbols.len());
    for mut symbol in part.symbols {
        symbol.parent = symbol
            .parent
            .and_then(|p| index.get(p as usize).copied().flatten());
        let key = (symbol.kind, symbol.name.clone(), symbol.line, symbol.parent);
        let at = *known.entry(key).or_insert_with(|| {
            into.symbols.push(symbol);
            into.symbols.len() as u32 - 1
        });
        index.push(Some(at));
    }
    let map = |i: Option<u32>| i.and_then(|i| index.get(i as usize).copied().flatten());
    for mut call in part.calls {
        call.caller = map(call.caller);
        into.calls.push(call);
    }
    for mut import in part.imports {
        import.scope = map(import.scope);
        into.imports.push(import);
    }
    into.exports.extend(part.exports);
    for mut inherit in part.inherits {
        match map(Some(inherit.class)) {
            Some(class) => inherit.class = class,
            None => continue,
        }
        into.inherits.push(inherit);
    }
    for mut binding in part.bindings {
        binding.scope = map(binding.scope);
        into.bindings.push(binding);
    }
    into.locals.extend(part.locals);
}

/// Macro calls in item position (module, `mod`, `impl` and `trait` bodies), each with the
/// `mod`, `impl` and `trait` items around it, outermost first.
fn item_calls<'t>(
    node: Node<'t>,
    containers: &mut Vec<Node<'t>>,
    out: &mut Vec<(Node<'t>, Vec<Node<'t>>)>,
) {
    for child in node.named_children(&mut node.walk()) {
        let call = match child.kind() {
            "macro_invocation" => Some(child),
            "expression_statement" => child
                .named_child(0)
                .filter(|c| c.kind() == "macro_invocation"),
            "mod_item" | "impl_item" | "trait_item" => {
                if let Some(body) = child.child_by_field_name("body") {
                    containers.push(child);
                    item_calls(body, containers, out);
                    containers.pop();
                }
                None
            }
            _ => None,
        };
        if let Some(call) = call {
            out.push((call, containers.clone()));
        }
    }
}

/// The `macro_rules!` definitions in item position, by name, each arm's pattern read.
fn collect_macros<'s, 't>(
    node: Node<'t>,
    source: &'s str,
    macros: &mut FxHashMap<&'s str, Vec<Arm>>,
    definitions: &mut FxHashMap<&'s str, Node<'t>>,
) {
    for child in node.named_children(&mut node.walk()) {
        match child.kind() {
            "macro_definition" => {
                let Some(name) = child
                    .child_by_field_name("name")
                    .and_then(|n| source.get(n.byte_range()))
                else {
                    continue;
                };
                let arms: Option<Vec<Arm>> = child
                    .named_children(&mut child.walk())
                    .filter(|rule| rule.kind() == "macro_rule")
                    .map(|rule| {
                        Some(Arm {
                            pattern: pattern(rule.child_by_field_name("left")?, source)?,
                            body: transcribe::compile(rule.child_by_field_name("right")?, source),
                        })
                    })
                    .collect();
                // A macro with an arm this cannot read is left alone: a later arm could
                // be the one a call matches.
                if let Some(arms) = arms {
                    macros.insert(name, arms);
                    definitions.insert(name, child);
                }
            }
            "mod_item" => {
                if let Some(body) = child.child_by_field_name("body") {
                    collect_macros(body, source, macros, definitions);
                }
            }
            _ => {}
        }
    }
}

/// The name a call invokes (`m` of `m!`, `crate::m!`).
fn macro_name<'s>(call: Node<'_>, source: &'s str) -> Option<&'s str> {
    let name = call.child_by_field_name("macro")?;
    let text = source.get(name.byte_range())?;
    Some(text.rsplit("::").next().unwrap_or(text))
}

fn region(node: Node<'_>) -> Region {
    let (from, to) = (node.start_position(), node.end_position());
    (
        (from.row as u32 + 1, from.column as u32 + 1),
        (to.row as u32 + 1, to.column as u32 + 1),
    )
}

fn inside(regions: &[Region], at: (u32, u32)) -> bool {
    regions.iter().any(|(from, to)| *from <= at && at <= *to)
}

#[cfg(test)]
mod tests;
