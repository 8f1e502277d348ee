//! What an assignment and a call do to what the function's names carry: bind a name,
//! fill a container, hand a value to a sink or to another function.

use super::report::fixes_host;
use super::*;

impl Analyser<'_, '_, '_> {
    pub(super) fn assign(&mut self, left: u32, right: u32, augmented: bool) {
        if DESTRUCTURING.contains(&self.kind(left)) {
            self.destructure(left, right);
            return;
        }
        if matches!(self.kind(left), "subscript" | "subscript_expression") {
            self.check_built_item(left, right);
            self.store_in_container(left, right);
            return;
        }
        if !matches!(
            self.kind(left),
            "identifier" | "attribute" | "member_expression" | "field_expression"
        ) {
            return;
        }
        let name = self.text(left).to_string();
        self.note_verdict(&name, right);
        let taint = self.eval(right, 0);
        match taint {
            Some(taint) => {
                let mut taint = taint.step(self.flat.line(left), format!("assigned to `{name}`"));
                taint.formatted |= augmented;
                // `url = "https://example.com/"; url += x`: the name's text fixed the host.
                taint.host_fixed |=
                    augmented && self.literals.get(&name).is_some_and(|t| fixes_host(t));
                let was_tainted = self.env.contains_key(&name);
                self.check_built(left, &name, right, &taint, augmented, was_tainted);
                self.known.remove(&name);
                self.env.insert(name, taint);
            }
            None if !augmented => {
                if self.env.contains_key(&name) && self.default_when_missing(left, &name) {
                    return;
                }
                self.env.remove(&name);
                self.remember(&name, right, false);
                self.note_literal(&name, right);
            }
            None => self.remember(&name, right, true),
        }
    }

    /// Whether an assignment only fills in a value that was missing: it lies in a branch of
    /// an `if` that tests the name for being there at all (`if q: … else: q = '""'`,
    /// `if (!q) q = "x"`), so where the value was given it is still there. A branch of any
    /// other test (`if q not in ALLOWED: q = "x"`) decides what the name holds.
    fn default_when_missing(&self, assignment: u32, name: &str) -> bool {
        let flat = self.flat;
        let mut node = assignment;
        while let Some(parent) = flat.parent(node) {
            if parent == self.unit {
                return false;
            }
            if matches!(self.kind(parent), "if_statement" | "elif_clause") {
                return self
                    .child(parent, self.fields.condition)
                    .is_some_and(|c| tests_presence(self.text(c), name));
            }
            node = parent;
        }
        false
    }

    /// `opts["path"] = value`: the container now holds what the value carries, beside what
    /// it held (reading any key of it reads all it holds, as a container's taint does).
    fn store_in_container(&mut self, left: u32, right: u32) {
        let Some(object) = self
            .child(left, self.fields.value)
            .or_else(|| self.child(left, self.fields.object))
        else {
            return;
        };
        if !matches!(
            self.kind(object),
            "identifier" | "attribute" | "member_expression"
        ) {
            return;
        }
        let name = self.text(object).to_string();
        if self.env.contains_key(&name) {
            return;
        }
        if let Some(taint) = self.eval(right, 0) {
            let taint = taint.step(self.flat.line(left), format!("stored in `{name}`"));
            self.known.remove(&name);
            self.env.insert(name, taint);
        }
    }

    /// A Rust macro a sink names with its `!` (`log::info!`): the line it formats is the
    /// value that reaches it.
    pub(super) fn macro_call(&mut self, node: u32) {
        let Some(name) = self.flat.named_children(node).next() else {
            return;
        };
        let name = format!("{}!", self.text(name));
        let sinks = self.sinks.calls(self.family, &name, false, self.ctx, node);
        for sink in sinks {
            self.sink(node, node, sink, &name);
        }
    }

    /// The text of `node` without the comments inside it: a note between the links of a
    /// method chain (`Command::new("sh") // why` then `.arg(…)`) is not part of the callee.
    fn without_comments(&self, node: u32) -> std::borrow::Cow<'_, str> {
        let text = self.text(node);
        if !(text.contains("//") || text.contains("/*") || text.contains('#')) {
            return text.into();
        }
        let flat = self.flat;
        let start = flat.entry(node).range().start;
        let mut cuts = Vec::new();
        let mut stack = vec![node];
        while let Some(at) = stack.pop() {
            if flat.kind(at).ends_with("comment") {
                cuts.push(flat.entry(at).range());
                continue;
            }
            stack.extend(flat.children(at).iter().copied());
        }
        if cuts.is_empty() {
            return text.into();
        }
        cuts.sort_by_key(|range| range.start);
        let mut out = String::with_capacity(text.len());
        let mut at = start;
        for cut in cuts {
            out.push_str(self.ctx.source.get(at..cut.start).unwrap_or_default());
            at = cut.end;
        }
        out.push_str(
            self.ctx
                .source
                .get(at..start + text.len())
                .unwrap_or_default(),
        );
        out.into()
    }

    pub(super) fn call(&mut self, node: u32) {
        let Some(callee) = self.callee_of(node) else {
            return;
        };
        self.absorb(callee, node);
        let spelled = self.without_comments(callee);
        let callee_text = bindings::required_module(&spelled);
        let callee_text = callee_text.as_ref();
        let line = self.flat.line(node);
        let is_new = self.kind(node) == "new_expression";
        // A function imported from the project's own modules (a relative import) is
        // theirs: `run` from `.tasks` is not `subprocess.run`. (A method called through an
        // imported name, `Order.objects.raw`, still may be a library's.)
        let library = self.library_callee(callee_text);
        let own = self.own_imports.contains(callee_text);
        let mut sinks = if own {
            Vec::new()
        } else {
            self.sinks
                .calls(self.family, callee_text, is_new, self.ctx, node)
        };
        // The name as written and the library function it stands for may each match sinks
        // of their own (`spawn` after `const { spawn } = require("child_process")` is both a
        // bare `spawn` and `child_process.spawn`): both count.
        if !own && let Some(library) = &library {
            for sink in self
                .sinks
                .calls(self.family, library, is_new, self.ctx, node)
            {
                if !sinks.iter().any(|known| std::ptr::eq(*known, sink)) {
                    sinks.push(sink);
                }
            }
        }
        if !sinks.is_empty() {
            let callee_text = callee_text.to_string();
            let site = self.sink_site(node, callee);
            for sink in sinks {
                for arg in self.sink_arguments(node, sink) {
                    self.sink(site, arg, sink, &callee_text);
                }
            }
            return;
        }
        // Record tainted arguments of other calls for cross-function propagation.
        let method = callee_text.rsplit(['.', ':']).next().unwrap_or(callee_text);
        if self.tables.is_sanitiser(callee_text, method) || self.out.calls.len() > 2000 {
            return;
        }
        // `callee_text` borrows the source through `self`, which the checks need mutably.
        let logs = writes_a_log(callee_text);
        let method = method.to_string();
        if !logs {
            for arg in self.arguments(node).collect::<Vec<_>>() {
                self.check_built_argument(node, arg);
            }
        }
        let mut calls = Vec::new();
        for (index, arg) in self.arguments(node).enumerate() {
            // A constructor's parameter read back from a field is the constructor's to
            // pass on, not this function's.
            if let Some(taint) = self.eval(arg, 0).filter(|t| t.owner.is_none()) {
                calls.push(TaintCall {
                    function: self.function_line,
                    callee: method.clone(),
                    line,
                    arg: index as u32,
                    origin: (*taint.origin).clone(),
                    formatted: taint.formatted,
                    through: taint.through.as_ref().map(|t| CallThrough {
                        callee: t.callee.clone(),
                        line: t.line,
                        arg: t.arg,
                        keyword: t.keyword.clone(),
                    }),
                    steps: std::rc::Rc::unwrap_or_clone(
                        taint.step(line, format!("passed to {method}()")).steps,
                    ),
                });
            }
        }
        self.out.calls.extend(calls);
    }
}

/// Whether a call only prints or logs what it is given: a string built for a log line is
/// no HTML page, query or URL.
fn writes_a_log(callee: &str) -> bool {
    let method = callee.rsplit(['.', ':']).next().unwrap_or(callee);
    matches!(
        method,
        "print"
            | "println"
            | "eprintln"
            | "pprint"
            | "debug"
            | "info"
            | "warn"
            | "warning"
            | "error"
            | "exception"
            | "critical"
            | "fatal"
            | "log"
            | "trace"
            | "write"
            | "writeln"
            | "echo"
            | "secho"
    ) || callee.starts_with("console.")
}

/// Whether a condition only asks whether `name` holds a value: `q`, `not q`, `!q`,
/// `q is None`, `q === undefined`, `q == null`.
fn tests_presence(condition: &str, name: &str) -> bool {
    let compact: String = condition
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '(' | ')'))
        .collect();
    let negated = [compact.strip_prefix("not"), compact.strip_prefix('!')];
    std::iter::once(compact.as_str())
        .chain(negated.into_iter().flatten())
        .filter_map(|rest| rest.strip_prefix(name))
        .any(presence_test)
}

/// What may follow the name in a presence test.
fn presence_test(test: &str) -> bool {
    matches!(
        test,
        "" | "isNone"
            | "isnotNone"
            | "==None"
            | "!=None"
            | "==null"
            | "!=null"
            | "===null"
            | "!==null"
            | "===undefined"
            | "!==undefined"
            | "==undefined"
            | "!=undefined"
    )
}

#[cfg(test)]
mod tests {
    use super::tests_presence;

    #[test]
    fn presence_tests_are_told_from_validations() {
        for condition in ["q", "not q", "(!q)", "q is None", "q === undefined", "!(q)"] {
            assert!(tests_presence(condition, "q"), "{condition}");
        }
        for condition in [
            "q in ALLOWED",
            "q == 'a'",
            "valid(q)",
            "nothing",
            "qq",
            "!q.ok",
        ] {
            assert!(!tests_presence(condition, "q"), "{condition}");
        }
        assert!(tests_presence("nothing", "nothing"));
        assert!(tests_presence("not nothing", "nothing"));
    }
}
