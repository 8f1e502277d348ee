//! Taint through functions' returns. The file's own: `cur.execute(build(request.args["id"]))`
//! where `build` returns a string made from its parameter, or `search(term())` where `term`
//! returns (or yields) a source it reads itself; what reaches a function's return value is
//! worked out the first time one of its calls is evaluated, by analysing it once more with
//! its parameters as origins, and kept for the rest of the file.
//! Another file's (its name imported): the result is marked `Through`, and a sink it reaches
//! is left to the graph with what each function of this file returns (`ReturnSummary`).

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use super::*;

/// Most return summaries a file keeps for other files.
const MAX_RETURNS: usize = 512;

/// What reaches a function's return value (or what it yields).
#[derive(Debug, Clone)]
pub(super) enum Returned {
    /// A parameter (without `self`), and how it was built on the way.
    Param {
        param: u32,
        formatted: bool,
        stringified: bool,
    },
    /// A source the function reads itself (`return request.args["q"]`): every call's
    /// result carries it, whatever the arguments.
    Source(Taint),
}

/// The file's functions by name, and what each returns of its parameters once asked.
pub(super) struct Returns {
    /// The file's functions (`functions_of`).
    functions: Vec<u32>,
    /// Name → function node; `None` where two functions share the name.
    by_name: OnceCell<FxHashMap<String, Option<u32>>>,
    /// Function node → its summary; `None` while it is being worked out (recursion).
    summaries: RefCell<FxHashMap<u32, Option<Rc<[Returned]>>>>,
}

impl Returns {
    pub(super) fn new(functions: Vec<u32>) -> Returns {
        Returns {
            functions,
            by_name: OnceCell::new(),
            summaries: RefCell::default(),
        }
    }
}

impl Analyser<'_, '_, '_> {
    /// What a call of one of the file's own functions gives back of the tainted values
    /// passed to it.
    pub(super) fn through_own_function(
        &self,
        call: u32,
        callee: &str,
        depth: u32,
    ) -> Option<Taint> {
        let name = ["self.", "this.", "cls.", "Self::"]
            .iter()
            .find_map(|p| callee.strip_prefix(p))
            .unwrap_or(callee);
        if name.contains(['.', ':']) {
            return None;
        }
        let function = self.own_function(name)?;
        let returned = self.summary(function)?;
        let args: Vec<u32> = self.arguments(call).collect();
        let mut found: Option<Taint> = None;
        for r in returned.iter() {
            let (taint, formatted, stringified) = match r {
                Returned::Param {
                    param,
                    formatted,
                    stringified,
                } => match args
                    .get(*param as usize)
                    .and_then(|&a| self.eval(a, depth + 1))
                {
                    Some(taint) => (taint, *formatted, *stringified),
                    None => continue,
                },
                Returned::Source(taint) => (taint.clone(), false, false),
            };
            let mut taint = taint.step(self.flat.line(call), format!("returned by {name}()"));
            taint.formatted |= formatted;
            taint.stringified |= stringified;
            if found
                .as_ref()
                .is_none_or(|f| matches!(*f.origin, Origin::Param(..)))
            {
                found = Some(taint);
            }
        }
        found
    }

    fn own_function(&self, name: &str) -> Option<u32> {
        let by_name = self.returns.by_name.get_or_init(|| {
            let mut by_name: FxHashMap<String, Option<u32>> = FxHashMap::default();
            for &node in &self.returns.functions {
                let name = function_name(self.flat, self.ctx.source, node, self.fields.name);
                by_name
                    .entry(name)
                    .and_modify(|f| *f = None)
                    .or_insert(Some(node));
            }
            by_name
        });
        by_name.get(name).copied().flatten()
    }

    fn summary(&self, function: u32) -> Option<Rc<[Returned]>> {
        if let Some(known) = self.returns.summaries.borrow().get(&function) {
            return known.clone();
        }
        self.returns.summaries.borrow_mut().insert(function, None);
        let mut out = FileTaint::default();
        let mut hits = Vec::new();
        let mut analyser = Analyser {
            ctx: self.ctx,
            flat: self.flat,
            fields: self.fields,
            family: self.family,
            env: FxHashMap::default(),
            known: FxHashMap::default(),
            literals: FxHashMap::default(),
            verdicts: FxHashMap::default(),
            outer: &[],
            sinks: self.sinks,
            tables: self.tables,
            decorators: String::new(),
            unit: function,
            function_line: self.flat.line(function),
            function_name: function_name(self.flat, self.ctx.source, function, self.fields.name),
            params: Vec::new(),
            calls: self.calls,
            returns: self.returns,
            class: self.class,
            class_fields: self.class_fields,
            safe_fields: self.safe_fields,
            library_names: self.library_names,
            imported: self.imported,
            own_imports: self.own_imports,
            returned: Some(Vec::new()),
            out: &mut out,
            hits: &mut hits,
            waypoints: Vec::new(),
            scheduled: Vec::new(),
        };
        analyser.function(function);
        let summary: Rc<[Returned]> = analyser.returned.unwrap_or_default().into();
        self.returns
            .summaries
            .borrow_mut()
            .insert(function, Some(summary.clone()));
        Some(summary)
    }

    /// Records what a returned value carries: while summarising, the parameter; otherwise,
    /// for other files' calls, the parameter or the source (`ReturnSummary`).
    pub(super) fn note_returned(&mut self, value: u32) {
        let Some(taint) = self
            .eval(value, 0)
            .filter(|t| t.through.is_none() && t.owner.is_none())
        else {
            return;
        };
        let Some(returned) = &mut self.returned else {
            let function = self.function_line;
            if self.unit == 0
                || self.out.returns.len() >= MAX_RETURNS
                || self
                    .out
                    .returns
                    .iter()
                    .any(|r| r.function == function && r.origin == *taint.origin)
            {
                return;
            }
            self.out.returns.push(ReturnSummary {
                function,
                origin: std::rc::Rc::unwrap_or_clone(taint.origin),
                formatted: taint.formatted,
                steps: std::rc::Rc::unwrap_or_clone(taint.steps),
            });
            return;
        };
        if returned.len() >= 8 {
            return;
        }
        match &*taint.origin {
            Origin::Param(param, _) => returned.push(Returned::Param {
                param: *param,
                formatted: taint.formatted,
                stringified: taint.stringified,
            }),
            Origin::Source(_) if !returned.iter().any(|r| matches!(r, Returned::Source(_))) => {
                returned.push(Returned::Source(taint))
            }
            Origin::Source(_) => {}
        }
    }

    /// A call of a function another file defines (its name is imported): its result
    /// carries the tainted argument, or a source the function reads, if that function
    /// gives them back, which only the graph can tell (`ThroughCall`).
    pub(super) fn through_other_function(
        &self,
        call: u32,
        callee: &str,
        depth: u32,
    ) -> Option<Taint> {
        let separator = if self.family == Family::Rust {
            "::"
        } else {
            "."
        };
        let head = callee.split(separator).next()?;
        if !self.imported.contains(head) {
            return None;
        }
        let line = self.flat.line(call);
        let name = callee.rsplit(['.', ':']).next().unwrap_or(callee);
        let tainted = self
            .arguments(call)
            .enumerate()
            .filter_map(|(i, a)| Some((i as u32, self.eval(a, depth + 1)?)))
            .min_by_key(|(_, t)| {
                (
                    t.through.is_some(),
                    matches!(*t.origin, Origin::Param(..)),
                    t.owner.is_some(),
                )
            });
        let note = format!("returned by {callee}()");
        let (arg, taint) = match tainted {
            // A helper's result handed to another helper: not followed.
            Some((_, taint)) if taint.through.is_some() => return None,
            Some((arg, taint)) => (Some(arg), taint.step(line, note)),
            None => (
                None,
                Taint::new(Origin::Source(format!("`{callee}()`")), line, note),
            ),
        };
        Some(Taint {
            through: Some(Rc::new(Through {
                callee: name.to_string(),
                line,
                arg,
            })),
            ..taint
        })
    }

    /// A body that is itself the returned value: an arrow function's or a lambda's
    /// expression, or a Rust block's tail expression.
    pub(super) fn tail_value(&self, body: u32) -> Option<u32> {
        match self.kind(body) {
            "block" if self.family == Family::Rust => {
                let last = self.flat.named_children(body).last()?;
                let kind = self.kind(last);
                let statement = kind.ends_with("_statement")
                    || kind.ends_with("_declaration")
                    || kind.ends_with("_item")
                    || kind.ends_with("comment");
                (!statement).then_some(last)
            }
            "block" | "statement_block" => None,
            _ => Some(body),
        }
    }
}
