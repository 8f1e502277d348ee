//! The order in which a file's units first run: each call after the calls its callee and
//! arguments read, each statement after the calls its value reads, definitions after their
//! decorators. A value then usually exists before the first unit that reads it runs, so
//! fewer units run twice.

use crate::parse::flow::{Expr, ExprId, Flow, StepKind, Target};

use super::Unit;

/// Deepest expression walked; deeper calls keep their place in file order.
const MAX_DEPTH: u32 = 200;

/// A file's units in dependency order.
pub(super) fn units_of(file: u32, flow: &Flow) -> Vec<Unit<'_>> {
    let mut order = Order {
        flow,
        file,
        done: vec![false; flow.calls.len()],
        out: Vec::with_capacity(flow.calls.len() + flow.steps.len() + flow.defs.len()),
    };
    for (index, step) in flow.steps.iter().enumerate() {
        match &step.kind {
            StepKind::Assign { target, value } => {
                order.target(target, 0);
                order.expr(*value, 0);
            }
            StepKind::Return(value) | StepKind::Yield(value) => order.expr(*value, 0),
        }
        order.out.push(Unit::Step(file, index as u32));
    }
    for index in 0..flow.calls.len() as u32 {
        order.call(index, 0);
    }
    for def in &flow.defs {
        order.out.push(Unit::Def(file, def));
    }
    order.out
}

struct Order<'f> {
    flow: &'f Flow,
    file: u32,
    done: Vec<bool>,
    out: Vec<Unit<'f>>,
}

impl Order<'_> {
    fn call(&mut self, index: u32, depth: u32) {
        let Some(done) = self.done.get_mut(index as usize) else {
            return;
        };
        if *done {
            return;
        }
        *done = true;
        let call = &self.flow.calls[index as usize];
        self.expr(call.callee, depth);
        for &arg in self.flow.list(call.args) {
            self.expr(arg, depth);
        }
        for (_, value) in self.flow.pairs(call.keywords) {
            self.expr(value, depth);
        }
        for spread in [call.spread, call.spread_keywords].into_iter().flatten() {
            self.expr(spread, depth);
        }
        self.out.push(Unit::Call(self.file, index));
    }

    fn expr(&mut self, expr: ExprId, depth: u32) {
        if depth > MAX_DEPTH {
            return;
        }
        let depth = depth + 1;
        let Some(e) = self.flow.exprs.get(expr as usize) else {
            return;
        };
        match *e {
            Expr::Call(index) => self.call(index, depth),
            Expr::Attr { object, .. }
            | Expr::Index { object, .. }
            | Expr::Slice { object, .. }
            | Expr::Many(object)
            | Expr::Elements(object)
            | Expr::InstanceOf(object) => self.expr(object, depth),
            Expr::Items(run) | Expr::Either(run) => {
                for &item in self.flow.list(run) {
                    self.expr(item, depth);
                }
            }
            Expr::Dict(run) => {
                for (_, value) in self.flow.pairs(run) {
                    self.expr(value, depth);
                }
            }
            Expr::Name(_)
            | Expr::Constant(_)
            | Expr::Defined(_)
            | Expr::Lambda { .. }
            | Expr::Unknown => {}
        }
    }

    fn target(&mut self, target: &Target, depth: u32) {
        if depth > MAX_DEPTH {
            return;
        }
        match target {
            Target::Attr { object, .. } | Target::Index { object, .. } => {
                self.expr(*object, depth + 1);
            }
            Target::Unpack(items) => {
                for item in items {
                    self.target(item, depth + 1);
                }
            }
            Target::Star(inner) => self.target(inner, depth + 1),
            Target::Name(_) => {}
        }
    }
}
