//! Python syntax → `Flow` facts (`parse::flow`): one pass over the flat tree in pre-order,
//! each statement that moves a value recorded once, each call once (memoised by node), and
//! expressions deeper than `MAX_DEPTH` left unknown so no input recurses without bound.

use rustc_hash::FxHashMap;

mod annotations;
mod expressions;

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
    by_name: &'a FxHashMap<usize, u32>,
    flow: Flow,
    names: FxHashMap<String, NameId>,
    calls_by_node: FxHashMap<u32, u32>,
    defs_by_symbol: FxHashMap<u32, usize>,
}

/// The value flow of a Python file whose symbols are already built.
pub(super) fn python_flow(
    flat: &FlatTree<'_>,
    source: &str,
    locator: &Locator<'_>,
    by_name: &FxHashMap<usize, u32>,
) -> Flow {
    let mut b = Builder {
        flat,
        source,
        locator,
        by_name,
        flow: Flow::default(),
        names: FxHashMap::default(),
        calls_by_node: FxHashMap::default(),
        defs_by_symbol: FxHashMap::default(),
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
            "assignment" | "augmented_assignment" => {
                let Some(left) = self.flat.field(index, "left") else {
                    return;
                };
                if let Some(annotation) = self.flat.field(index, "type")
                    && let Some(value) = self.annotated_instance(annotation)
                {
                    let target = self.target(left, 0);
                    self.step(index, StepKind::Assign { target, value });
                }
                // `a = b = f`: the inner assignment is its own step with the same value.
                let Some(value) = self.assigned_value(index) else {
                    return;
                };
                let target = self.target(left, 0);
                let value = self.expr(value, 0);
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
                // A bare attribute read may call a property's getter, and indexing an
                // instance its `__getitem__`.
                if let [only] = self.operands(index)[..]
                    && matches!(self.kind(only), "attribute" | "subscript")
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
            "raise_statement" => self.raise_step(index),
            "for_statement" | "for_in_clause" => self.for_step(index),
            "with_item" => self.with_step(index),
            "except_clause" => {
                let Some(value) = self.flat.field(index, "value") else {
                    return;
                };
                let (value, alias) = self
                    .split_as(value)
                    .unwrap_or((Some(value), self.flat.field(index, "alias")));
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

    /// `raise E` (not `raise E(…)`, which is a call of its own) constructs `E` if it is
    /// a class; a raised instance is left alone.
    fn raise_step(&mut self, index: u32) {
        let cause = self.flat.field(index, "cause");
        let Some(raised) = self.operands(index).into_iter().find(|&c| Some(c) != cause) else {
            return;
        };
        if !matches!(self.kind(raised), "identifier" | "attribute") {
            return;
        }
        let callee = self.expr(raised, 0);
        let at = self.position(raised);
        self.push_call(index, CallHow::Raise, callee, Run::default(), at);
    }

    fn for_step(&mut self, index: u32) {
        let (Some(left), Some(right)) = (
            self.flat.field(index, "left"),
            self.flat.field(index, "right"),
        ) else {
            return;
        };
        let iterable = self.expr(right, 0);
        // Each turn of the loop calls `__next__` on what `__iter__` gave.
        let iterator = self.implicit(right, iterable, "__iter__", &[]);
        let iterator = self.push(Expr::Call(iterator));
        self.implicit(right, iterator, "__next__", &[]);
        let target = self.target(left, 0);
        let value = self.push(Expr::Elements(iterable));
        self.step(index, StepKind::Assign { target, value });
    }

    /// `x as y` (an `as_pattern`): its value and its alias; `None` for anything else.
    fn split_as(&self, node: u32) -> Option<(Option<u32>, Option<u32>)> {
        if self.kind(node) != "as_pattern" {
            return None;
        }
        let alias = self
            .flat
            .field(node, "alias")
            .and_then(|a| self.operands(a).first().copied());
        Some((self.operands(node).first().copied(), alias))
    }

    fn with_step(&mut self, index: u32) {
        let Some(value) = self.flat.field(index, "value") else {
            return;
        };
        let (manager, alias) = self.split_as(value).unwrap_or((Some(value), None));
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
        self.push_call(at, CallHow::Implicit, callee, args, (line, column))
    }

    /// Records a call with positional arguments only, made in the scope around node `at`;
    /// its index in `Flow::calls`.
    fn push_call(
        &mut self,
        at: u32,
        how: CallHow,
        callee: ExprId,
        args: Run,
        (line, column): (u32, u32),
    ) -> u32 {
        self.flow.calls.push(FlowCall {
            scope: self.scope(at),
            how,
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
            let at = self.position(inner);
            let args = self.run(&[value]);
            let call = self.push_call(decorator, CallHow::Decorator, callee, args, at);
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
