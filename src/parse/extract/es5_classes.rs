//! ES5 classes in JavaScript and TypeScript. A constructor function whose prototype the
//! file gives methods (`Shape.prototype.area = function () {}`) is a class, as the
//! TypeScript checker reads such code, and the function its `constructor` (so its calls,
//! measures and `this` are a constructor's): each assignment is an `impl` of the class
//! holding one method, and so is a static one (`Shape.create = function () {}`) on a class
//! or such a function. An assignment onto anything else (`window.onload = …`,
//! `exports.f = …`, `utils.pick = …`) makes no method: its calls are the enclosing scope's.

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Ctx, RawDef};
use crate::parse::facts::SymbolKind;
use crate::parse::flat::field_child;

/// Keeps the `impl`s (and their methods) the queries proposed only where they name a
/// class or an ES5 constructor their block declares, and turns each such constructor into a class
/// holding it as its `constructor` (one node, two definitions: the class first, so it
/// encloses the method).
pub(super) fn sort_out(ctx: &Ctx<'_>, defs: &mut Vec<RawDef<'_>>) {
    if !defs.iter().any(|d| d.kind == SymbolKind::Impl) {
        return;
    }
    // Declarations by (the block they stand in, name): whether each is a function (else a
    // class). A module's top level, or the body of the function a library wraps itself in.
    let mut declared: FxHashMap<(usize, &str), bool> = FxHashMap::default();
    for def in defs.iter() {
        let function = match def.node.kind() {
            "function_declaration" | "generator_function_declaration" => true,
            "class_declaration" | "abstract_class_declaration" => false,
            _ => continue,
        };
        if let Some(block) = block_of(ctx, def.node) {
            declared
                .entry((block, ctx.text(def.name)))
                .or_insert(function);
        }
    }
    // Each `impl` names what the nearest block around its statement declares of that name,
    // as JavaScript's scopes read it; a declaration names itself.
    let key = |def: &RawDef<'_>| {
        let name = ctx.text(def.name);
        if def.kind != SymbolKind::Impl {
            return block_of(ctx, def.node).map(|b| (b, name));
        }
        let mut at = ctx.flat.parent_of(def.node);
        while let Some(node) = at {
            if matches!(node.kind(), "program" | "statement_block")
                && declared.contains_key(&(node.start_byte(), name))
            {
                return Some((node.start_byte(), name));
            }
            at = ctx.flat.parent_of(node);
        }
        None
    };
    let constructors: FxHashSet<(usize, &str)> = defs
        .iter()
        .filter(|d| d.kind == SymbolKind::Impl && on_prototype(ctx, d))
        .filter_map(key)
        .filter(|k| declared.get(k) == Some(&true))
        .collect();
    let kept = |def: &RawDef<'_>| {
        key(def).is_some_and(|k| declared.get(&k) == Some(&false) || constructors.contains(&k))
    };
    // The methods of an `impl` dropped go with it: the assignment inside its statement, or
    // the functions of the object it assigns. CommonJS's `exports.f = function` is a
    // function of its own all the same.
    let dropped: FxHashSet<usize> = defs
        .iter()
        .filter(|d| d.kind == SymbolKind::Impl && !kept(d))
        .filter(|d| ctx.text(d.name) != "exports")
        .map(|d| d.node.start_byte())
        .collect();
    let in_dropped = |def: &RawDef<'_>| {
        matches!(def.node.kind(), "assignment_expression" | "pair")
            && statement_of(ctx, def.node).is_some_and(|s| dropped.contains(&s.start_byte()))
    };
    let mut out = Vec::with_capacity(defs.len());
    for mut def in defs.drain(..) {
        match def.kind {
            SymbolKind::Impl if !kept(&def) => continue,
            SymbolKind::Function if in_dropped(&def) => continue,
            SymbolKind::Function
                if matches!(
                    def.node.kind(),
                    "function_declaration" | "generator_function_declaration"
                ) && key(&def).is_some_and(|k| constructors.contains(&k)) =>
            {
                out.push(RawDef {
                    kind: SymbolKind::Class,
                    ..def
                });
                def.kind = SymbolKind::Method;
                def.alias = Some("constructor");
            }
            _ => {}
        }
        out.push(def);
    }
    *defs = out;
}

/// The statement a method's assignment or object entry is part of: the `impl` the queries
/// made of it (`X.prototype.m = …;`, `X.prototype = {…};`, `Object.assign(…, {…});`).
fn statement_of<'a>(ctx: &Ctx<'a>, node: tree_sitter::Node<'_>) -> Option<tree_sitter::Node<'a>> {
    let mut at = ctx.flat.parent_of(node)?;
    for _ in 0..3 {
        if at.kind() == "expression_statement" {
            return Some(at);
        }
        at = ctx.flat.parent_of(at)?;
    }
    (at.kind() == "expression_statement").then_some(at)
}

/// The start of the block a declaration or statement stands in (the program, or a
/// function's body), looking through `export`.
fn block_of(ctx: &Ctx<'_>, node: tree_sitter::Node<'_>) -> Option<usize> {
    let mut parent = ctx.flat.parent_of(node)?;
    if parent.kind() == "export_statement" {
        parent = ctx.flat.parent_of(parent)?;
    }
    matches!(parent.kind(), "program" | "statement_block").then(|| parent.start_byte())
}

/// Whether an `impl` statement writes a prototype (`X.prototype.m = …`, `X.prototype = {…}`,
/// `Object.assign(X.prototype, {…})`): its name is then the object of `X.prototype`.
fn on_prototype(ctx: &Ctx<'_>, def: &RawDef<'_>) -> bool {
    ctx.flat.parent_of(def.name).is_some_and(|p| {
        p.kind() == "member_expression"
            && field_child(ctx.lang, p, "property").is_some_and(|n| ctx.text(n) == "prototype")
    })
}
