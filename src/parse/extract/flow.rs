//! Python syntax → `Flow` facts (`parse::flow`): one pass over the flat tree in pre-order,
//! each statement that moves a value recorded once, each call once (memoised by node), and
//! expressions deeper than `MAX_DEPTH` left unknown so no input recurses without bound.

use std::collections::HashMap;

use super::symbols::Locator;
use crate::parse::flat::FlatTree;
use crate::parse::flow::*;

/// Deepest expression read; anything below is `Expr::Unknown`.
const MAX_DEPTH: u32 = 48;
/// Longest constant kept as a key.
const MAX_KEY: usize = 80;

struct Builder<'a, 't> {
    flat: &'a FlatTree<'t>,
    source: &'a str,
    locator: &'a Locator<'a>,
    by_name: &'a HashMap<usize, u32>,
    flow: Flow,
    names: HashMap<String, NameId>,
    calls_by_node: HashMap<u32, u32>,
    defs_by_symbol: HashMap<u32, usize>,
}

/// The value flow of a Python file whose symbols are already built.
pub(super) fn python_flow(
    flat: &FlatTree<'_>,
    source: &str,
    locator: &Locator<'_>,
    by_name: &HashMap<usize, u32>,
) -> Flow {
    let mut b = Builder {
        flat,
        source,
        locator,
        by_name,
        flow: Flow::default(),
        names: HashMap::new(),
        calls_by_node: HashMap::new(),
        defs_by_symbol: HashMap::new(),
    };
    for index in 0..flat.len() as u32 {
        b.visit(index);
    }
    // Kept for the whole run (and by a live engine): no room left over from growing.
    let flow = &mut b.flow;
    flow.names.shrink_to_fit();
    flow.name_ends.shrink_to_fit();
    flow.exprs.shrink_to_fit();
    flow.lists.shrink_to_fit();
    flow.steps.shrink_to_fit();
    flow.calls.shrink_to_fit();
    flow.defs.shrink_to_fit();
    b.flow
}

impl Builder<'_, '_> {
    fn kind(&self, index: u32) -> &'static str {
        self.flat.kind(index)
    }

    fn start(&self, index: u32) -> usize {
        self.flat.entry(index).range().start
    }

    fn scope(&self, index: u32) -> Option<u32> {
        self.locator.innermost(self.start(index), |_| true)
    }

    fn position(&self, index: u32) -> (u32, u32) {
        let at = self.flat.entry(index).node.start_position();
        (at.row as u32 + 1, at.column as u32 + 1)
    }

    /// Named children that are code (not comments).
    fn operands(&self, index: u32) -> Vec<u32> {
        self.flat
            .named_children(index)
            .filter(|&c| self.kind(c) != "comment")
            .collect()
    }

    fn intern(&mut self, text: &str) -> NameId {
        if let Some(&id) = self.names.get(text) {
            return id;
        }
        let id = self.flow.name_ends.len() as NameId;
        self.flow.names.push_str(text);
        self.flow.name_ends.push(self.flow.names.len() as u32);
        self.names.insert(text.to_string(), id);
        id
    }

    /// The name node `index` spells.
    fn name_of(&mut self, index: u32) -> NameId {
        let text = self.flat.text(index, self.source);
        self.intern(text)
    }

    fn run(&mut self, items: &[u32]) -> Run {
        let start = self.flow.lists.len() as u32;
        self.flow.lists.extend_from_slice(items);
        Run {
            start,
            len: items.len() as u32,
        }
    }

    fn push(&mut self, expr: Expr) -> ExprId {
        self.flow.exprs.push(expr);
        (self.flow.exprs.len() - 1) as ExprId
    }

    fn step(&mut self, at: u32, kind: StepKind) {
        let scope = self.scope(at);
        self.flow.steps.push(Step { scope, kind });
    }

    fn visit(&mut self, index: u32) {
        match self.kind(index) {
            "call" => {
                self.call(index, 0);
            }
            "assignment" => {
                // `a = b = f`: the inner assignment is its own step with the same value.
                let (Some(left), Some(value)) =
                    (self.flat.field(index, "left"), self.assigned_value(index))
                else {
                    return;
                };
                let target = self.target(left, 0);
                let value = self.expr(value, 0);
                self.step(index, StepKind::Assign { target, value });
            }
            "augmented_assignment" => {
                let (Some(left), Some(right)) = (
                    self.flat.field(index, "left"),
                    self.flat.field(index, "right"),
                ) else {
                    return;
                };
                let target = self.target(left, 0);
                let value = self.expr(right, 0);
                self.step(index, StepKind::Assign { target, value });
            }
            "named_expression" => {
                let (Some(name), Some(value)) = (
                    self.flat.field(index, "name"),
                    self.flat.field(index, "value"),
                ) else {
                    return;
                };
                let target = Target::Name(self.name_of(name));
                let value = self.expr(value, 0);
                self.step(index, StepKind::Assign { target, value });
            }
            "expression_statement" => {
                // A bare attribute read may call a property's getter.
                if let [only] = self.operands(index)[..]
                    && self.kind(only) == "attribute"
                {
                    let value = self.expr(only, 0);
                    let target = Target::Unpack(Vec::new());
                    self.step(index, StepKind::Assign { target, value });
                }
            }
            "return_statement" => {
                if let Some(&value) = self.operands(index).first() {
                    let value = self.expr(value, 0);
                    self.step(index, StepKind::Return(value));
                }
            }
            "yield" => self.yield_step(index),
            "for_statement" | "for_in_clause" => self.for_step(index),
            "with_item" => self.with_step(index),
            "except_clause" => {
                let Some(value) = self.flat.field(index, "value") else {
                    return;
                };
                let (value, alias) = if self.kind(value) == "as_pattern" {
                    let alias = self
                        .flat
                        .field(value, "alias")
                        .and_then(|a| self.operands(a).first().copied());
                    (self.operands(value).first().copied(), alias)
                } else {
                    (Some(value), self.flat.field(index, "alias"))
                };
                let (Some(value), Some(alias)) = (value, alias) else {
                    return;
                };
                let class = self.expr(value, 0);
                let value = self.push(Expr::InstanceOf(class));
                let target = self.target(alias, 0);
                self.step(index, StepKind::Assign { target, value });
            }
            "binary_operator" | "comparison_operator" => self.operator(index),
            "function_definition" | "class_definition" => self.definition(index),
            "global_statement" | "nonlocal_statement" => {
                let Some(function) = self
                    .locator
                    .innermost(self.start(index), |k| k.is_function_like())
                else {
                    return;
                };
                let names: Vec<NameId> = self
                    .operands(index)
                    .into_iter()
                    .map(|n| self.name_of(n))
                    .collect();
                let global = self.kind(index) == "global_statement";
                let def = self.def_flow(function);
                if global {
                    def.globals.extend(names);
                } else {
                    def.nonlocals.extend(names);
                }
            }
            _ => {}
        }
    }

    fn assigned_value(&self, assignment: u32) -> Option<u32> {
        let mut value = self.flat.field(assignment, "right")?;
        for _ in 0..MAX_DEPTH {
            if self.kind(value) != "assignment" {
                return Some(value);
            }
            value = self.flat.field(value, "right")?;
        }
        None
    }

    fn def_flow(&mut self, symbol: u32) -> &mut DefFlow {
        let at = *self.defs_by_symbol.entry(symbol).or_insert_with(|| {
            self.flow.defs.push(DefFlow {
                symbol,
                params: Vec::new(),
                decorated: None,
                globals: Vec::new(),
                nonlocals: Vec::new(),
                generator: false,
            });
            self.flow.defs.len() - 1
        });
        &mut self.flow.defs[at]
    }

    fn yield_step(&mut self, index: u32) {
        let Some(function) = self
            .locator
            .innermost(self.start(index), |k| k.is_function_like())
        else {
            return;
        };
        self.def_flow(function).generator = true;
        let Some(&value) = self.operands(index).first() else {
            return;
        };
        let delegated = self
            .flat
            .children(index)
            .iter()
            .any(|&c| self.kind(c) == "from");
        let mut value = self.expr(value, 0);
        if delegated {
            value = self.push(Expr::Elements(value));
        }
        self.step(index, StepKind::Yield(value));
    }

    fn for_step(&mut self, index: u32) {
        let (Some(left), Some(right)) = (
            self.flat.field(index, "left"),
            self.flat.field(index, "right"),
        ) else {
            return;
        };
        let iterable = self.expr(right, 0);
        self.implicit(right, iterable, "__iter__", &[]);
        let target = self.target(left, 0);
        let value = self.push(Expr::Elements(iterable));
        self.step(index, StepKind::Assign { target, value });
    }

    fn with_step(&mut self, index: u32) {
        let Some(value) = self.flat.field(index, "value") else {
            return;
        };
        let (manager, alias) = if self.kind(value) == "as_pattern" {
            let alias = self
                .flat
                .field(value, "alias")
                .and_then(|a| self.operands(a).first().copied());
            (self.operands(value).first().copied(), alias)
        } else {
            (Some(value), None)
        };
        let Some(manager) = manager else {
            return;
        };
        let object = self.expr(manager, 0);
        let entered = self.implicit(manager, object, "__enter__", &[]);
        self.implicit(manager, object, "__exit__", &[]);
        if let Some(alias) = alias {
            let target = self.target(alias, 0);
            let value = self.push(Expr::Call(entered));
            self.step(index, StepKind::Assign { target, value });
        }
    }

    /// `a + b` calls `a.__add__(b)`; `a in b` calls `b.__contains__(a)`. Only operands that
    /// can hold an object are followed (not literals).
    fn operator(&mut self, index: u32) {
        let operands = self.operands(index);
        let (Some(&left), Some(&right)) = (operands.first(), operands.get(1)) else {
            return;
        };
        let operator = self
            .flat
            .children(index)
            .iter()
            .copied()
            .find(|&c| !self.flat.entry(c).named)
            .map_or("", |c| self.kind(c));
        let Some(dunder) = dunder_of(operator) else {
            return;
        };
        let (object, argument) = if operator == "in" {
            (right, left)
        } else {
            (left, right)
        };
        if !matches!(
            self.kind(object),
            "identifier" | "attribute" | "call" | "subscript"
        ) {
            return;
        }
        let receiver = self.expr(object, 0);
        let argument = self.expr(argument, 0);
        self.implicit(object, receiver, dunder, &[argument]);
    }

    /// Records a call the language makes on `object` (at node `at`).
    fn implicit(&mut self, at: u32, object: ExprId, method: &str, args: &[ExprId]) -> u32 {
        let name = self.intern(method);
        let args = self.run(args);
        let (line, column) = self.position(at);
        let callee = self.push(Expr::Attr { object, name, line });
        self.flow.calls.push(FlowCall {
            scope: self.scope(at),
            how: CallHow::Implicit,
            callee,
            args,
            keywords: Run::default(),
            spread: None,
            spread_keywords: None,
            line,
            column,
        });
        (self.flow.calls.len() - 1) as u32
    }

    /// Parameters and decorators of a definition.
    fn definition(&mut self, index: u32) {
        let Some(name) = self.flat.field(index, "name") else {
            return;
        };
        let Some(&symbol) = self.by_name.get(&self.start(name)) else {
            return;
        };
        let params = match self.flat.field(index, "parameters") {
            Some(list) if self.kind(index) == "function_definition" => self.params(list),
            _ => Vec::new(),
        };
        let decorators: Vec<u32> = match self.flat.parent(index) {
            Some(parent) if self.kind(parent) == "decorated_definition" => self
                .operands(parent)
                .into_iter()
                .filter(|&d| self.kind(d) == "decorator")
                .collect(),
            _ => Vec::new(),
        };
        let mut value = self.push(Expr::Defined(symbol));
        let mut decorated = None;
        for &decorator in decorators.iter().rev() {
            let Some(&inner) = self.operands(decorator).first() else {
                continue;
            };
            let callee = self.expr(inner, 0);
            let (line, column) = self.position(inner);
            let args = self.run(&[value]);
            self.flow.calls.push(FlowCall {
                scope: self.scope(decorator),
                how: CallHow::Decorator,
                callee,
                args,
                keywords: Run::default(),
                spread: None,
                spread_keywords: None,
                line,
                column,
            });
            let call = (self.flow.calls.len() - 1) as u32;
            decorated = Some(call);
            value = self.push(Expr::Call(call));
        }
        if params.is_empty() && decorated.is_none() {
            return;
        }
        let def = self.def_flow(symbol);
        def.params = params;
        def.decorated = decorated;
    }

    fn params(&mut self, list: u32) -> Vec<Param> {
        let mut out = Vec::new();
        let mut keyword_only = false;
        for param in self.operands(list) {
            let positional = if keyword_only {
                ParamKind::Keyword
            } else {
                ParamKind::Positional
            };
            let (name, kind, default) = match self.kind(param) {
                "identifier" => (Some(param), positional, None),
                "typed_parameter" => {
                    let inner = self.operands(param).first().copied();
                    match inner.map(|i| (i, self.kind(i))) {
                        Some((i, "list_splat_pattern")) => {
                            keyword_only = true;
                            (self.operands(i).first().copied(), ParamKind::Rest, None)
                        }
                        Some((i, "dictionary_splat_pattern")) => (
                            self.operands(i).first().copied(),
                            ParamKind::RestKeywords,
                            None,
                        ),
                        Some((i, _)) => (Some(i), positional, None),
                        None => (None, positional, None),
                    }
                }
                "default_parameter" | "typed_default_parameter" => (
                    self.flat.field(param, "name"),
                    positional,
                    self.flat.field(param, "value"),
                ),
                "list_splat_pattern" => {
                    keyword_only = true;
                    (self.operands(param).first().copied(), ParamKind::Rest, None)
                }
                "dictionary_splat_pattern" => (
                    self.operands(param).first().copied(),
                    ParamKind::RestKeywords,
                    None,
                ),
                "keyword_separator" => {
                    keyword_only = true;
                    continue;
                }
                _ => continue,
            };
            let Some(name) = name.filter(|&n| self.kind(n) == "identifier") else {
                continue;
            };
            let default = default.map(|d| self.expr(d, 0));
            out.push(Param {
                name: self.name_of(name),
                kind,
                default,
            });
        }
        out
    }

    /// The call at node `index`, recorded once; `depth` is how deep in an expression it
    /// was first reached (nested calls count toward `MAX_DEPTH`).
    fn call(&mut self, index: u32, depth: u32) -> u32 {
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
        let (line, column) = self.position(name_node);
        self.flow.calls.push(FlowCall {
            scope: self.scope(index),
            how,
            callee: 0,
            args: Run::default(),
            keywords: Run::default(),
            spread: None,
            spread_keywords: None,
            line,
            column,
        });
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

    fn expr(&mut self, index: u32, depth: u32) -> ExprId {
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
                let key = self
                    .flat
                    .field(index, "subscript")
                    .and_then(|k| self.key(k))
                    .unwrap_or(NO_NAME);
                let object = self.expr(object, d);
                Expr::Index { object, key }
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
    fn key(&mut self, index: u32) -> Option<NameId> {
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
                body.trim_matches(|c| c == '"' || c == '\'')
            }
            _ => return None,
        };
        if key.len() > MAX_KEY {
            return None;
        }
        Some(self.intern(key))
    }

    fn target(&mut self, index: u32, depth: u32) -> Target {
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

fn dunder_of(operator: &str) -> Option<&'static str> {
    Some(match operator {
        "+" => "__add__",
        "-" => "__sub__",
        "*" => "__mul__",
        "/" => "__truediv__",
        "//" => "__floordiv__",
        "%" => "__mod__",
        "**" => "__pow__",
        "@" => "__matmul__",
        "<<" => "__lshift__",
        ">>" => "__rshift__",
        "&" => "__and__",
        "|" => "__or__",
        "^" => "__xor__",
        "==" => "__eq__",
        "!=" => "__ne__",
        "<" => "__lt__",
        "<=" => "__le__",
        ">" => "__gt__",
        ">=" => "__ge__",
        "in" => "__contains__",
        _ => return None,
    })
}
