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
/// Most parameters of one function whose returns are worked out, one run each.
const MAX_SUMMARISED_PARAMS: u32 = 6;

/// What reaches a function's return value (or what it yields).
#[derive(Debug, Clone)]
pub(super) enum Returned {
    /// A parameter (without `self`) by index and name, and how it was built on the way.
    Param {
        param: u32,
        name: String,
        formatted: bool,
        stringified: bool,
        steps: Rc<Vec<(u32, String)>>,
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
                    name,
                    formatted,
                    stringified,
                    ..
                } => match args
                    .get(*param as usize)
                    .copied()
                    .or_else(|| self.keyword_value(call, name))
                    .and_then(|a| self.eval(a, depth + 1))
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
        // One run per parameter, each with only that parameter as an origin: a value built
        // from several (`f"… {table} … {user_id}"`) carries one origin at a time, and the
        // tainted argument may be any of them.
        let mut summary: Vec<Returned> = Vec::new();
        let mut param = 0;
        loop {
            let (returned, params) = self.summarise(function, param);
            for r in returned {
                if !matches!(r, Returned::Source(_))
                    || !summary.iter().any(|s| matches!(s, Returned::Source(_)))
                {
                    summary.push(r);
                }
            }
            param += 1;
            if param >= params.min(MAX_SUMMARISED_PARAMS) {
                break;
            }
        }
        let summary: Rc<[Returned]> = summary.into();
        self.returns
            .summaries
            .borrow_mut()
            .insert(function, Some(summary.clone()));
        Some(summary)
    }

    /// What `function` returns with only parameter `param` as an origin, and at most how
    /// many parameters it has.
    fn summarise(&self, function: u32, param: u32) -> (Vec<Returned>, u32) {
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
            summarised: Some(param),
            out: &mut out,
            hits: &mut hits,
            waypoints: Vec::new(),
            scheduled: Vec::new(),
            exits_known: Default::default(),
        };
        analyser.function(function);
        // Destructured parameters hold an index too, without a node in `params`: the
        // list's length bounds both.
        let params = self
            .child(function, self.fields.parameters)
            .map_or(0, |list| self.flat.named_children(list).count() as u32);
        (analyser.returned.unwrap_or_default(), params)
    }

    /// Whether parameter `index` carries an origin in this run: always, unless only one
    /// parameter is being summarised.
    pub(super) fn summarises(&self, index: u32) -> bool {
        self.summarised.is_none_or(|k| k == index)
    }

    /// Once the function is analysed: where its return carries a parameter, every
    /// parameter it carries, for other files' calls (the analysis keeps one origin per
    /// value, so `f"… {table} … {user_id}"` named only `table`).
    pub(super) fn note_every_returned_param(&mut self) {
        let function = self.function_line;
        let carries_param =
            |r: &ReturnSummary| r.function == function && matches!(r.origin, Origin::Param(..));
        if !self.out.returns.iter().any(carries_param) {
            return;
        }
        let Some(summary) = self.summary(self.unit) else {
            return;
        };
        for r in summary.iter() {
            let Returned::Param {
                param,
                name,
                formatted,
                steps,
                ..
            } = r
            else {
                continue;
            };
            let origin = Origin::Param(*param, name.clone());
            if self.out.returns.len() >= MAX_RETURNS
                || self
                    .out
                    .returns
                    .iter()
                    .any(|r| r.function == function && r.origin == origin)
            {
                continue;
            }
            self.out.returns.push(ReturnSummary {
                function,
                origin,
                formatted: *formatted,
                steps: steps.as_ref().clone(),
            });
        }
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
            Origin::Param(param, name) => returned.push(Returned::Param {
                param: *param,
                name: name.clone(),
                formatted: taint.formatted,
                stringified: taint.stringified,
                steps: taint.steps.clone(),
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
        let positional = self
            .arguments(call)
            .enumerate()
            .map(|(i, a)| ((i as u32, None), a));
        let tainted = positional
            .chain(
                self.keyword_arguments(call)
                    .map(|(name, a)| ((KEYWORD, Some(name)), a)),
            )
            .filter_map(|(at, a)| Some((at, self.eval(a, depth + 1)?)))
            .min_by_key(|(_, t)| {
                (
                    t.through.is_some(),
                    matches!(*t.origin, Origin::Param(..)),
                    t.owner.is_some(),
                )
            });
        let note = format!("returned by {callee}()");
        let ((arg, keyword), taint) = match tainted {
            // A helper's result handed to another helper: not followed.
            Some((_, taint)) if taint.through.is_some() => return None,
            Some(((arg, keyword), taint)) => ((Some(arg), keyword), taint.step(line, note)),
            None => (
                (None, None),
                Taint::new(Origin::Source(format!("`{callee}()`")), line, note),
            ),
        };
        Some(Taint {
            through: Some(Rc::new(Through {
                callee: name.to_string(),
                line,
                arg,
                keyword: keyword.map(str::to_string),
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
