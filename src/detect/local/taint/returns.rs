//! Taint through the file's own functions: `cur.execute(build(request.args["id"]))` where
//! `build` returns a string made from its parameter. Which parameters reach a function's
//! return value is worked out the first time a tainted value is passed to it, by analysing
//! it once more with its parameters as origins, and kept for the rest of the file.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use super::*;

/// A parameter (without `self`) that reaches the function's return value.
#[derive(Debug, Clone, Copy)]
pub(super) struct Returned {
    pub(super) param: u32,
    pub(super) formatted: bool,
    pub(super) stringified: bool,
}

/// The file's functions by name, and what each returns of its parameters once asked.
#[derive(Default)]
pub(super) struct Returns {
    /// Name → function node; `None` where two functions share the name.
    by_name: OnceCell<FxHashMap<String, Option<u32>>>,
    /// Function node → its summary; `None` while it is being worked out (recursion).
    summaries: RefCell<FxHashMap<u32, Option<Rc<[Returned]>>>>,
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
            let Some(taint) = args
                .get(r.param as usize)
                .and_then(|&a| self.eval(a, depth + 1))
            else {
                continue;
            };
            let mut taint = taint.step(self.flat.line(call), format!("returned by {name}()"));
            taint.formatted |= r.formatted;
            taint.stringified |= r.stringified;
            if found
                .as_ref()
                .is_none_or(|f| matches!(f.origin, Origin::Param(..)))
            {
                found = Some(taint);
            }
        }
        found
    }

    fn own_function(&self, name: &str) -> Option<u32> {
        let by_name = self.returns.by_name.get_or_init(|| {
            let mut by_name: FxHashMap<String, Option<u32>> = FxHashMap::default();
            for function in self.ctx.collected.functions.iter() {
                let Some(node) = self.flat.index_of(*function) else {
                    continue;
                };
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
            returned: Some(Vec::new()),
            out: &mut out,
            hits: &mut hits,
        };
        analyser.function(function);
        if let Some(body) = analyser.child(function, analyser.fields.body)
            && let Some(value) = analyser.tail_value(body)
        {
            analyser.note_returned(value);
        }
        let summary: Rc<[Returned]> = analyser.returned.unwrap_or_default().into();
        self.returns
            .summaries
            .borrow_mut()
            .insert(function, Some(summary.clone()));
        Some(summary)
    }

    /// While summarising, records which parameter a returned value carries.
    pub(super) fn note_returned(&mut self, value: u32) {
        if self.returned.is_none() {
            return;
        }
        let Some(taint) = self.eval(value, 0) else {
            return;
        };
        if let (Origin::Param(param, _), Some(returned)) = (&taint.origin, &mut self.returned)
            && returned.len() < 8
        {
            returned.push(Returned {
                param: *param,
                formatted: taint.formatted,
                stringified: taint.stringified,
            });
        }
    }

    /// A body that is itself the returned value: an arrow function's or a lambda's
    /// expression, or a Rust block's tail expression.
    fn tail_value(&self, body: u32) -> Option<u32> {
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
