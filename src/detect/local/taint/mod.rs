//! Intra-procedural taint: inside each function, follow values from sources (request data,
//! the environment, argv, stdin — and the function's own parameters) through assignments,
//! string building and pass-through calls to sinks. A finding carries the path it took.
//! What crosses a call is recorded (`summaries`, `calls`) for `detect::graph::taint`,
//! which follows it along resolved call edges.

pub mod tables;

use std::collections::HashSet;

use rustc_hash::FxHashMap;

use serde::{Deserialize, Serialize};
use tree_sitter::Node;

use crate::detect::finding::Severity;
use crate::detect::local::structure::walk_body;
use crate::detect::local::{Ctx, Hit, line_of};
use crate::lang::Family;
pub use tables::Sink;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// Untrusted input, described (`request.GET`).
    Source(String),
    /// A parameter of the enclosing function: (index without `self`, name).
    Param(u32, String),
}

/// A parameter of a function reaches a sink inside it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// First line of the function.
    pub function: u32,
    pub param: u32,
    pub rule: String,
    pub sink: String,
    pub steps: Vec<(u32, String)>,
}

/// A tainted value passed to a call the file cannot see into.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaintCall {
    pub function: u32,
    pub callee: String,
    pub line: u32,
    pub arg: u32,
    pub origin: Origin,
    pub steps: Vec<(u32, String)>,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileTaint {
    pub summaries: Vec<Summary>,
    pub calls: Vec<TaintCall>,
}

impl FileTaint {
    pub fn lines(&self) -> impl Iterator<Item = u32> + '_ {
        self.calls.iter().map(|c| c.line).chain(self.summaries.iter().map(|s| s.steps.last().map_or(s.function, |x| x.0)))
    }
}

#[derive(Debug, Clone)]
struct Taint {
    origin: Origin,
    steps: Vec<(u32, String)>,
    /// Built into a larger string (concatenation, formatting, interpolation).
    formatted: bool,
}

impl Taint {
    fn step(mut self, line: u32, note: String) -> Taint {
        if self.steps.len() < 12 && self.steps.last().is_none_or(|s| s.1 != note) {
            self.steps.push((line, note));
        }
        self
    }
}

const MAX_DEPTH: u32 = 40;

/// The statement and expression kinds `Analyser::visit` acts on.
const VISITED: &[&str] = &[
    "assignment",
    "assignment_expression",
    "augmented_assignment",
    "augmented_assignment_expression",
    "variable_declarator",
    "for_statement",
    "for_in_statement",
    "call",
    "call_expression",
    "new_expression",
];

struct Analyser<'a, 'c, 't> {
    ctx: &'a Ctx<'c, 't>,
    family: Family,
    env: FxHashMap<String, Taint>,
    rules: &'a HashSet<String>,
    function_line: u32,
    function_name: String,
    out: &'a mut FileTaint,
    hits: &'a mut Vec<Hit>,
}

pub fn analyse(ctx: &Ctx<'_, '_>, rules: &HashSet<String>, hits: &mut Vec<Hit>) -> FileTaint {
    let mut out = FileTaint::default();
    let family = ctx.language.family();
    if family == Family::Rust {
        return out;
    }
    for function in &ctx.collected.functions {
        let mut analyser = Analyser {
            ctx,
            family,
            env: FxHashMap::default(),
            rules,
            function_line: line_of(*function),
            function_name: ctx.child(*function, "name").map_or("<anonymous>", |n| ctx.text(n)).to_string(),
            out: &mut out,
            hits,
        };
        analyser.function(*function);
    }
    out
}

impl<'t> Analyser<'_, '_, 't> {
    fn text(&self, node: Node<'_>) -> &str {
        self.ctx.text(node)
    }

    fn function(&mut self, function: Node<'_>) {
        if let Some(params) = self.ctx.child(function, "parameters") {
            let mut index = 0;
            let mut cursor = params.walk();
            for param in params.named_children(&mut cursor) {
                let Some((name, typed_safe)) = tables::param_name(self.ctx, param) else { continue };
                if matches!(name.as_str(), "self" | "cls" | "this") {
                    continue;
                }
                if !typed_safe {
                    let origin = if tables::is_request_name(&name) { Origin::Source(format!("request `{name}`")) } else { Origin::Param(index, name.clone()) };
                    let note = format!("parameter `{name}` of `{}`", self.function_name);
                    self.env.insert(name, Taint { origin, steps: vec![(line_of(param), note)], formatted: false });
                }
                index += 1;
            }
        }
        let Some(body) = self.ctx.child(function, "body") else { return };
        let flat = self.ctx.flat;
        let mut nodes = vec![body];
        // Only these kinds move taint; testing kind names from the flat tree is cheap.
        walk_body(self.ctx, body, |index, node| {
            if VISITED.contains(&flat.kind(index)) {
                nodes.push(node);
            }
        });
        for node in nodes {
            self.visit(node);
        }
    }

    fn visit(&mut self, node: Node<'_>) {
        match node.kind() {
            "assignment" | "assignment_expression" | "augmented_assignment" | "augmented_assignment_expression" => {
                let (Some(left), Some(right)) = (self.ctx.child(node, "left"), self.ctx.child(node, "right")) else { return };
                self.assign(left, right, node.kind().starts_with("augmented"));
            }
            "variable_declarator" => {
                let (Some(left), Some(right)) = (self.ctx.child(node, "name"), self.ctx.child(node, "value")) else { return };
                self.assign(left, right, false);
            }
            "for_statement" | "for_in_statement" => {
                if let (Some(left), Some(right)) = (self.ctx.child(node, "left"), self.ctx.child(node, "right")) {
                    self.assign(left, right, false);
                }
            }
            "call" | "call_expression" | "new_expression" => self.call(node),
            _ => {}
        }
    }

    fn assign(&mut self, left: Node<'_>, right: Node<'_>, augmented: bool) {
        if !matches!(left.kind(), "identifier" | "attribute" | "member_expression") {
            return;
        }
        let name = self.text(left).to_string();
        let taint = self.eval(right, 0);
        match taint {
            Some(taint) => {
                let mut taint = taint.step(line_of(left), format!("assigned to `{name}`"));
                taint.formatted |= augmented;
                self.env.insert(name, taint);
            }
            None if !augmented => {
                self.env.remove(&name);
            }
            None => {}
        }
    }

    fn union<'n>(&self, nodes: impl Iterator<Item = Node<'n>>, depth: u32) -> Option<Taint> {
        nodes.filter_map(|n| self.eval(n, depth + 1)).min_by_key(|t| matches!(t.origin, Origin::Param(..)))
    }

    /// The taint of an expression, if any.
    fn eval(&self, node: Node<'_>, depth: u32) -> Option<Taint> {
        if depth > MAX_DEPTH {
            return None;
        }
        let line = line_of(node);
        match self.ctx.kind(node) {
            "identifier" => self.env.get(self.text(node)).cloned(),
            "attribute" | "member_expression" => {
                let text = self.text(node);
                if let Some(source) = tables::source_attribute(self.family, text) {
                    return Some(Taint { origin: Origin::Source(source.clone()), steps: vec![(line, format!("read from {source}"))], formatted: false });
                }
                if let Some(taint) = self.env.get(text) {
                    return Some(taint.clone());
                }
                let object = self.ctx.child(node, "object")?;
                self.eval(object, depth + 1)
            }
            "subscript" | "subscript_expression" => {
                let object = self.ctx.child(node, "value").or_else(|| self.ctx.child(node, "object"))?;
                self.eval(object, depth + 1)
            }
            "string" | "template_string" | "concatenated_string" => {
                let ctx = self.ctx;
                let mut inner = Vec::new();
                for part in ctx.named_children(node) {
                    match ctx.kind(part) {
                        "interpolation" | "template_substitution" => {
                            inner.extend(ctx.named_children(part).into_iter().filter(|n| !matches!(ctx.kind(*n), "format_specifier" | "type_conversion")));
                        }
                        "string" | "template_string" => inner.push(part),
                        _ => {}
                    }
                }
                let taint = self.union(inner.into_iter(), depth)?;
                Some(Taint { formatted: true, ..taint.step(line, "interpolated into a string".into()) })
            }
            "binary_operator" | "binary_expression" => {
                let operator = self.ctx.child(node, "operator").map(|o| self.text(o)).unwrap_or("");
                if !matches!(operator, "+" | "%") {
                    return None;
                }
                let sides = [self.ctx.child(node, "left"), self.ctx.child(node, "right")];
                let taint = self.union(sides.into_iter().flatten(), depth)?;
                let note = if operator == "%" { "formatted with %" } else { "concatenated" };
                Some(Taint { formatted: true, ..taint.step(line, note.into()) })
            }
            "parenthesized_expression" | "await" | "await_expression" | "as_pattern" | "non_null_expression" | "as_expression" => {
                self.union(self.ctx.named_children(node).into_iter(), depth)
            }
            "conditional_expression" | "ternary_expression" | "boolean_operator" => {
                let children = self.ctx.named_children(node);
                // The condition of a ternary does not flow into its value.
                let skip = usize::from(node.kind() == "ternary_expression");
                let values: Vec<Node<'_>> = if node.kind() == "conditional_expression" {
                    children.iter().enumerate().filter(|(i, _)| *i != 1).map(|(_, n)| *n).collect()
                } else {
                    children.into_iter().skip(skip).collect()
                };
                self.union(values.into_iter(), depth)
            }
            "call" | "call_expression" => self.eval_call(node, depth),
            _ => None,
        }
    }

    fn eval_call(&self, node: Node<'_>, depth: u32) -> Option<Taint> {
        let callee = self.ctx.child(node, "function")?;
        let callee_text = self.text(callee);
        let line = line_of(node);
        if let Some(source) = tables::source_call(self.family, callee_text) {
            return Some(Taint { origin: Origin::Source(source.to_string()), steps: vec![(line, format!("read from {source}"))], formatted: false });
        }
        let method = callee_text.rsplit(['.', ':']).next().unwrap_or(callee_text);
        let args = self.arguments(node);
        if tables::is_sanitiser(self.family, callee_text, method) {
            return None;
        }
        // `"…".format(x)` / `"…{}".join(xs)`: arguments flow into the string.
        if tables::formats_arguments(self.family, method) {
            let receiver = matches!(callee.kind(), "attribute" | "member_expression").then(|| self.ctx.child(callee, "object")).flatten();
            let parts = args.iter().copied().chain(receiver);
            let taint = self.union(parts, depth)?;
            return Some(Taint { formatted: true, ..taint.step(line, format!("formatted by .{method}()")) });
        }
        if matches!(callee.kind(), "attribute" | "member_expression")
            && tables::passes_receiver(self.family, method)
            && let Some(object) = self.ctx.child(callee, "object")
            && let Some(taint) = self.eval(object, depth + 1) {
                return Some(taint.step(line, format!("through .{method}()")));
            }
        if tables::passes_arguments(self.family, callee_text) {
            let taint = self.union(args.iter().copied(), depth)?;
            return Some(taint.step(line, format!("through {callee_text}()")));
        }
        None
    }

    fn arguments(&self, call: Node<'_>) -> Vec<Node<'t>> {
        let Some(list) = self.ctx.child(call, "arguments") else { return Vec::new() };
        let ctx = self.ctx;
        let mut args = ctx.named_children(list);
        args.retain(|n| !matches!(ctx.kind(*n), "keyword_argument" | "comment"));
        args
    }

    fn call(&mut self, node: Node<'_>) {
        let callee = self.ctx.child(node, "function").or_else(|| self.ctx.child(node, "constructor"));
        let Some(callee) = callee else { return };
        let ctx = self.ctx;
        let callee_text = ctx.text(callee);
        let args = self.arguments(node);
        let line = line_of(node);
        if let Some(sink) = tables::sink(self.family, callee_text, ctx.kind(node) == "new_expression", self.ctx, node) {
            if !self.rules.contains(sink.rule) {
                return;
            }
            let Some(arg) = args.get(sink.arg as usize) else { return };
            if sink.argv_safe && matches!(arg.kind(), "list" | "tuple" | "array") {
                return;
            }
            let Some(taint) = self.eval(*arg, 0) else { return };
            if sink.needs_formatting && !taint.formatted {
                return;
            }
            let taint = taint.step(line, format!("reaches {}", sink.what));
            match &taint.origin {
                Origin::Source(source) => {
                    let (severity, trust) = tables::source_trust(source);
                    self.hits.push(Hit {
                        rule: sink.rule.into(),
                        line,
                        end_line: node.end_position().row as u32 + 1,
                        column: node.start_position().column as u32 + 1,
                        message: format!("{source} reaches {} {}{trust}", sink.what, sink.consequence),
                        severity,
                        flow: taint.steps.clone(),
                        value: None,
                    });
                }
                Origin::Param(index, name) => {
                    self.out.summaries.push(Summary {
                        function: self.function_line,
                        param: *index,
                        rule: sink.rule.into(),
                        sink: sink.what.to_string(),
                        steps: taint.steps.clone(),
                    });
                    // A parameter named like a query is SQL itself being wrapped, not a value.
                    let is_query = sink.rule == "sql-injection" && tables::names_sql(name);
                    if sink.report_parameters && !is_query {
                        self.hits.push(Hit {
                            rule: sink.rule.into(),
                            line,
                            end_line: node.end_position().row as u32 + 1,
                            column: node.start_position().column as u32 + 1,
                            message: format!(
                                "parameter `{name}` of `{}` reaches {} {} without a recognised sanitiser; callers decide whether it is attacker-controlled",
                                self.function_name, sink.what, sink.consequence
                            ),
                            severity: Some(Severity::Medium),
                            flow: taint.steps.clone(),
                            value: None,
                        });
                    }
                }
            }
            return;
        }
        // Record tainted arguments of other calls for cross-function propagation.
        let method = callee_text.rsplit(['.', ':']).next().unwrap_or(callee_text);
        if tables::is_sanitiser(self.family, callee_text, method) || self.out.calls.len() > 2000 {
            return;
        }
        for (index, arg) in args.iter().enumerate() {
            if let Some(taint) = self.eval(*arg, 0) {
                self.out.calls.push(TaintCall {
                    function: self.function_line,
                    callee: method.to_string(),
                    line,
                    arg: index as u32,
                    origin: taint.origin.clone(),
                    steps: taint.step(line, format!("passed to {method}()")).steps,
                });
            }
        }
    }
}
