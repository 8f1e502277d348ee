//! What each statement and expression kind does to the names in scope: assignments,
//! loops and patterns bind, calls may reach sinks, guards clean, returns and yields give
//! back.

use super::*;

impl Analyser<'_, '_, '_> {
    /// Visits, in order, what lies inside `start` outside any nested function: a body's
    /// statements, or (from the root) the file's top-level ones.
    pub(super) fn visit_inside(&mut self, start: u32) {
        let flat = self.flat;
        let mut nodes = Vec::new();
        // Only these kinds move taint.
        let visited = VISITED_KINDS.of(self.ctx.language);
        walk_body_at(self.ctx, start, |index, _| {
            if visited.holds(flat, index) {
                nodes.push(index);
            }
        });
        for node in nodes {
            self.run_scheduled(node);
            self.visit(node);
        }
        self.run_scheduled(u32::MAX);
    }

    pub(super) fn visit(&mut self, node: u32) {
        let f = self.fields;
        match self.kind(node) {
            kind @ ("assignment"
            | "assignment_expression"
            | "augmented_assignment"
            | "augmented_assignment_expression"
            | "compound_assignment_expr") => {
                let (Some(left), Some(right)) =
                    (self.child(node, f.left), self.child(node, f.right))
                else {
                    return;
                };
                let target = self.text(left);
                let sinks = self.sinks.assigns(self.family, target);
                if !sinks.is_empty() {
                    let target = format!("{target} =");
                    for sink in sinks {
                        let value = if sink.spec.key {
                            self.first_key(left)
                        } else {
                            Some(right)
                        };
                        if let Some(value) = value {
                            self.sink(node, value, sink, &target);
                        }
                    }
                }
                self.assign(left, right, !kind.starts_with("assignment"));
            }
            "variable_declarator" => {
                let (Some(left), Some(right)) =
                    (self.child(node, f.name), self.child(node, f.value))
                else {
                    return;
                };
                self.assign(left, right, false);
            }
            "for_statement" | "for_in_statement" => {
                if let (Some(left), Some(right)) =
                    (self.child(node, f.left), self.child(node, f.right))
                {
                    self.assign(left, right, false);
                }
            }
            // Rust: `let x = …`, `if let Some(x) = …`, `for x in …`.
            "let_declaration" | "let_condition" | "for_expression" => {
                if let (Some(pattern), Some(value)) =
                    (self.child(node, f.pattern), self.child(node, f.value))
                {
                    self.assign_pattern(pattern, value);
                }
            }
            // `with open(path) as f:` binds `f` to what the expression gives.
            "with_item" => {
                if let Some(pattern) = self.child(node, f.value)
                    && self.kind(pattern) == "as_pattern"
                    && let [value, target] =
                        self.flat.named_children(pattern).collect::<Vec<_>>()[..]
                    && let Some(name) = self.flat.named_children(target).next()
                {
                    self.assign(name, value, false);
                }
            }
            "call" | "call_expression" | "new_expression" => self.call(node),
            "macro_invocation" => self.macro_call(node),
            "jsx_attribute" => self.jsx_attribute(node),
            "if_statement" | "if_expression" => {
                if let Some(condition) = self.child(node, f.condition)
                    && !self.branch_guard(node, condition)
                {
                    self.guard(condition);
                }
            }
            "assert_statement" => self.guard(node),
            // What a generator yields is what iterating its result gives: it returns that.
            "yield" | "yield_expression" => {
                if let Some(value) = self.flat.named_children(node).next() {
                    self.note_returned(value);
                }
            }
            "return_statement" => self.return_statement(node),
            _ => {}
        }
    }

    /// `return value`: what the function gives back, and the sinks a view's return is.
    fn return_statement(&mut self, node: u32) {
        if let Some(value) = self.flat.named_children(node).next() {
            self.note_returned(value);
            self.check_built_return(node, value);
        }
        let sinks = self.sinks.returns(self.family);
        if let Some(value) = self.flat.named_children(node).next()
            && !sinks.is_empty()
        {
            let watching: Vec<&Sink> = sinks
                .iter()
                .filter(|s| s.watches(&self.decorators))
                .collect();
            for sink in watching {
                // A field is reported where the object gives it its value.
                let (at, value) = match &sink.spec.field {
                    Some(field) => match self.returned_field(node, value, field, sink) {
                        Some(value) => (value, value),
                        None => continue,
                    },
                    None => (node, value),
                };
                self.sink(at, value, sink, "return");
            }
        }
    }
}
