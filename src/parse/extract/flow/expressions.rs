//! Expressions, assignment targets and calls as flow facts; nesting past `MAX_DEPTH` is
//! read as unknown.

use super::{Builder, MAX_DEPTH, MAX_KEY};
use crate::parse::flow::*;

impl Builder<'_, '_> {
    /// The call at node `index`, recorded once; `depth` is how deep in an expression it
    /// was first reached (nested calls count toward `MAX_DEPTH`).
    pub(super) fn call(&mut self, index: u32, depth: u32) -> u32 {
        if let Some(&known) = self.calls_by_node.get(&index) {
            return known;
        }
        let at = self.flow.calls.len() as u32;
        self.calls_by_node.insert(index, at);
        let function = self.flat.field(index, "function");
        let (how, name_node) = match function.map(|f| (f, self.kind(f))) {
            Some((f, "identifier")) => (CallHow::Named, f),
            Some((f, "attribute")) => {
                (CallHow::Named, self.flat.field(f, "attribute").unwrap_or(f))
            }
            _ => (CallHow::Unnamed, index),
        };
        let position = self.position(name_node);
        self.push_call(index, how, 0, Run::default(), position);
        let callee = match function {
            Some(f) => self.expr(f, depth + 1),
            None => self.push(Expr::Unknown),
        };
        let mut args = Vec::new();
        let mut keywords = Vec::new();
        let (mut spread, mut spread_keywords) = (None, None);
        if let Some(list) = self.flat.field(index, "arguments") {
            if self.kind(list) == "generator_expression" {
                args.push(self.expr(list, depth + 1));
            }
            for arg in self.operands(list) {
                if self.kind(list) != "argument_list" {
                    break;
                }
                match self.kind(arg) {
                    "keyword_argument" => {
                        let (Some(name), Some(value)) =
                            (self.flat.field(arg, "name"), self.flat.field(arg, "value"))
                        else {
                            continue;
                        };
                        let value = self.expr(value, depth + 1);
                        keywords.extend([self.name_of(name), value]);
                    }
                    "list_splat" => {
                        spread = self.operands(arg).first().map(|&v| self.expr(v, depth + 1));
                    }
                    "dictionary_splat" => {
                        spread_keywords =
                            self.operands(arg).first().map(|&v| self.expr(v, depth + 1));
                    }
                    _ => args.push(self.expr(arg, depth + 1)),
                }
            }
        }
        let call = &mut self.flow.calls[at as usize];
        call.callee = callee;
        let args = self.run(&args);
        let keywords = self.run(&keywords);
        let call = &mut self.flow.calls[at as usize];
        call.args = args;
        call.keywords = keywords;
        call.spread = spread;
        call.spread_keywords = spread_keywords;
        at
    }

    pub(super) fn expr(&mut self, index: u32, depth: u32) -> ExprId {
        if depth > MAX_DEPTH {
            return self.push(Expr::Unknown);
        }
        let d = depth + 1;
        let expr = match self.kind(index) {
            "identifier" => Expr::Name(self.name_of(index)),
            "attribute" => {
                let (Some(object), Some(name)) = (
                    self.flat.field(index, "object"),
                    self.flat.field(index, "attribute"),
                ) else {
                    return self.push(Expr::Unknown);
                };
                let object = self.expr(object, d);
                Expr::Attr {
                    object,
                    name: self.name_of(name),
                    line: self.position(name).0,
                }
            }
            "call" => Expr::Call(self.call(index, d)),
            "subscript" => {
                let Some(object) = self.flat.field(index, "value") else {
                    return self.push(Expr::Unknown);
                };
                let subscript = self.flat.field(index, "subscript");
                if let Some(slice) = subscript.filter(|&s| self.kind(s) == "slice") {
                    let (from, to) = self.slice_bounds(slice);
                    let object = self.expr(object, d);
                    return self.push(Expr::Slice { object, from, to });
                }
                let key = subscript.and_then(|k| self.key(k)).unwrap_or(NO_NAME);
                let line = self.position(index).0;
                let object = self.expr(object, d);
                Expr::Index { object, key, line }
            }
            "string" | "integer" => match self.key(index) {
                Some(key) => Expr::Constant(key),
                None => Expr::Unknown,
            },
            "lambda" => match self.flat.field(index, "body") {
                Some(body) => Expr::Lambda {
                    body: self.expr(body, d),
                    scope: self.scope(index),
                },
                None => Expr::Unknown,
            },
            "list"
            | "tuple"
            | "set"
            | "expression_list"
            | "pattern_list"
            | "list_splat"
            | "dictionary"
            | "list_comprehension"
            | "set_comprehension"
            | "generator_expression"
            | "dictionary_comprehension" => self.display(index, d),
            "conditional_expression" => {
                let operands = self.operands(index);
                let mut either = Vec::new();
                if let Some(&first) = operands.first() {
                    either.push(self.expr(first, d));
                }
                if operands.len() > 2
                    && let Some(&last) = operands.last()
                {
                    either.push(self.expr(last, d));
                }
                Expr::Either(self.run(&either))
            }
            "boolean_operator" => {
                let operands = self.operands(index);
                let either: Vec<ExprId> = operands.into_iter().map(|o| self.expr(o, d)).collect();
                Expr::Either(self.run(&either))
            }
            "parenthesized_expression" | "await" => match self.operands(index).first() {
                Some(&inner) => return self.expr(inner, d),
                None => Expr::Unknown,
            },
            "named_expression" => match self.flat.field(index, "value") {
                Some(value) => return self.expr(value, d),
                None => Expr::Unknown,
            },
            _ => Expr::Unknown,
        };
        self.push(expr)
    }

    /// Containers written out: displays, splats and comprehensions.
    fn display(&mut self, index: u32, d: u32) -> Expr {
        match self.kind(index) {
            "list" | "tuple" | "set" | "expression_list" | "pattern_list" => {
                let items = self
                    .operands(index)
                    .into_iter()
                    .map(|item| self.expr(item, d))
                    .collect();
                let items: Vec<ExprId> = items;
                Expr::Items(self.run(&items))
            }
            "list_splat" => match self.operands(index).first() {
                Some(&inner) => Expr::Elements(self.expr(inner, d)),
                None => Expr::Unknown,
            },
            "dictionary" => {
                let mut pairs = Vec::new();
                for pair in self.operands(index) {
                    if self.kind(pair) != "pair" {
                        continue;
                    }
                    let (Some(key), Some(value)) =
                        (self.flat.field(pair, "key"), self.flat.field(pair, "value"))
                    else {
                        continue;
                    };
                    let key = self.key(key).unwrap_or(NO_NAME);
                    let value = self.expr(value, d);
                    pairs.extend([key, value]);
                }
                Expr::Dict(self.run(&pairs))
            }
            "list_comprehension" | "set_comprehension" | "generator_expression" => {
                match self.flat.field(index, "body") {
                    Some(body) => Expr::Many(self.expr(body, d)),
                    None => Expr::Unknown,
                }
            }
            "dictionary_comprehension" => match self
                .flat
                .field(index, "body")
                .and_then(|pair| self.flat.field(pair, "value"))
            {
                Some(value) => Expr::Many(self.expr(value, d)),
                None => Expr::Unknown,
            },
            _ => Expr::Unknown,
        }
    }

    /// A constant key: a plain string's contents or an integer's digits.
    /// A slice's constant bounds (`a[1:3]`, `a[:2]`, `a[1:]`); `(OPEN, OPEN)` when a bound
    /// is not a non-negative integer or a step is given.
    fn slice_bounds(&self, slice: u32) -> (u32, u32) {
        let text = self.flat.text(slice, self.source);
        let parts: Vec<&str> = text.split(':').map(str::trim).collect();
        let bound = |part: &str, default: u32| match part {
            "" => Some(default),
            _ => part.parse::<u32>().ok().filter(|&n| n < OPEN),
        };
        match parts.as_slice() {
            [from, to] => match (bound(from, 0), bound(to, OPEN)) {
                (Some(from), Some(to)) => (from, to),
                _ => (OPEN, OPEN),
            },
            _ => (OPEN, OPEN),
        }
    }

    pub(super) fn key(&mut self, index: u32) -> Option<NameId> {
        let source = self.source;
        let text = self.flat.text(index, source);
        let key = match self.kind(index) {
            "integer" => text,
            "string" => {
                let has_interpolation = self
                    .flat
                    .children(index)
                    .iter()
                    .any(|&c| self.kind(c) == "interpolation");
                if has_interpolation {
                    return None;
                }
                let body = text.trim_start_matches(|c: char| c.is_ascii_alphabetic());
                let body = body.trim_matches(|c| c == '"' || c == '\'');
                // `d["1"]` is not `d[1]`: a string of digits keeps a quote.
                if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) {
                    if body.len() > MAX_KEY {
                        return None;
                    }
                    let quoted = format!("'{body}");
                    return Some(self.intern(&quoted));
                }
                body
            }
            _ => return None,
        };
        if key.len() > MAX_KEY {
            return None;
        }
        Some(self.intern(key))
    }

    pub(super) fn target(&mut self, index: u32, depth: u32) -> Target {
        if depth > MAX_DEPTH {
            return Target::Unpack(Vec::new());
        }
        let d = depth + 1;
        match self.kind(index) {
            "identifier" => Target::Name(self.name_of(index)),
            "attribute" => {
                let (Some(object), Some(name)) = (
                    self.flat.field(index, "object"),
                    self.flat.field(index, "attribute"),
                ) else {
                    return Target::Unpack(Vec::new());
                };
                Target::Attr {
                    object: self.expr(object, d),
                    name: self.name_of(name),
                }
            }
            "subscript" => {
                let Some(object) = self.flat.field(index, "value") else {
                    return Target::Unpack(Vec::new());
                };
                let key = self
                    .flat
                    .field(index, "subscript")
                    .and_then(|k| self.key(k))
                    .unwrap_or(NO_NAME);
                Target::Index {
                    object: self.expr(object, d),
                    key,
                }
            }
            "pattern_list" | "tuple_pattern" | "list_pattern" | "tuple" | "list"
            | "expression_list" => Target::Unpack(
                self.operands(index)
                    .into_iter()
                    .map(|t| self.target(t, d))
                    .collect(),
            ),
            "list_splat_pattern" | "list_splat" => match self.operands(index).first() {
                Some(&inner) => Target::Star(Box::new(self.target(inner, d))),
                None => Target::Unpack(Vec::new()),
            },
            "parenthesized_expression" => match self.operands(index).first() {
                Some(&inner) => self.target(inner, d),
                None => Target::Unpack(Vec::new()),
            },
            _ => Target::Unpack(Vec::new()),
        }
    }
}
