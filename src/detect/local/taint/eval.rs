//! What an expression's value carries: the taint of names, string building, containers
//! and calls that pass their arguments through.

use super::*;

impl Analyser<'_, '_, '_> {
    pub(super) fn union(&self, nodes: impl Iterator<Item = u32>, depth: u32) -> Option<Taint> {
        union_of(nodes.filter_map(|n| self.eval(n, depth + 1)))
    }

    /// The taint of an expression, if any.
    pub(super) fn eval(&self, node: u32, depth: u32) -> Option<Taint> {
        if depth > MAX_DEPTH {
            return None;
        }
        #[cfg(test)]
        work_tests::EVALUATIONS.with(|n| n.set(n.get() + 1));
        let f = self.fields;
        let flat = self.flat;
        match self.kind(node) {
            "identifier" => self.env_get(self.text(node)).cloned(),
            "attribute" | "member_expression" | "field_expression" => self.eval_member(node, depth),
            "index_expression" => self.eval(flat.named_children(node).next()?, depth + 1),
            "macro_invocation" => self.eval_macro(node, depth),
            "token_tree" => self.union(self.macro_values(node).into_iter(), depth),
            "subscript" | "subscript_expression" => {
                let object = self
                    .child(node, f.value)
                    .or_else(|| self.child(node, f.object))?;
                let taint = self.eval(object, depth + 1)?;
                Some(Taint {
                    argv_tail: false,
                    ..taint
                })
            }
            "string" | "template_string" | "concatenated_string" => self.eval_string(node, depth),
            "binary_operator" | "binary_expression" => self.eval_binary(node, depth),
            "parenthesized_expression"
            | "await"
            | "await_expression"
            | "as_pattern"
            | "non_null_expression"
            | "as_expression"
            | "reference_expression"
            | "try_expression" => self.union(flat.named_children(node), depth),
            "conditional_expression" | "ternary_expression" => {
                self.union(self.branches(node).into_iter(), depth)
            }
            "boolean_operator" => self.union(flat.named_children(node), depth),
            "shorthand_property_identifier" => self.env_get(self.text(node)).cloned(),
            // A container carries what it holds (`{"name": x}`, `[x]`, `{...x}`), keys
            // and values alike.
            "list" | "tuple" | "array" => self.eval_sequence(node, depth),
            "list_comprehension" | "set_comprehension" | "generator_expression" => {
                self.eval_comprehension(node, depth)
            }
            // A key's value, or the key: the literal around it is not the value.
            "pair" => self
                .union(flat.named_children(node), depth)
                .map(|taint| Taint {
                    nested: true,
                    ..taint
                }),
            kind if CONTAINERS.contains(&kind) => self.union(flat.named_children(node), depth),
            "call" | "call_expression" | "new_expression" => self.eval_call(node, depth),
            _ => None,
        }
    }

    /// An f-string, template literal or implicit concatenation: what its parts carry.
    fn eval_string(&self, node: u32, depth: u32) -> Option<Taint> {
        let flat = self.flat;
        let mut inner = Vec::new();
        for part in flat.named_children(node) {
            match flat.kind(part) {
                "interpolation" | "template_substitution" => {
                    inner.extend(flat.named_children(part).filter(|&n| {
                        !matches!(flat.kind(n), "format_specifier" | "type_conversion")
                    }));
                }
                "string" | "template_string" => inner.push(part),
                _ => {}
            }
        }
        // Each part is evaluated once: where the taint sits is read from these.
        let parts: Vec<(u32, Option<Taint>)> = inner
            .into_iter()
            .map(|n| (n, self.eval(n, depth + 1)))
            .collect();
        let taint = union_of(parts.iter().filter_map(|(_, t)| t.clone()))?;
        Some(Taint {
            formatted: true,
            argv_tail: false,
            host_fixed: self.string_host_fixed(node, &parts, &taint.origin),
            ..taint.step(flat.line(node), "interpolated into a string".into())
        })
    }

    /// `a + b`, `"…%s" % x`, `a ?? b`, Python's `/` on paths.
    fn eval_binary(&self, node: u32, depth: u32) -> Option<Taint> {
        let (f, flat) = (self.fields, self.flat);
        let operator = self.child(node, f.operator).map_or("", |o| self.text(o));
        let sides = [self.child(node, f.left), self.child(node, f.right)];
        // `a ?? b`, `a || b`: either side, as it is.
        if matches!(operator, "??" | "||") {
            return self.union(sides.into_iter().flatten(), depth);
        }
        // Python's `/` joins paths (`STATIC_DIR / name`): a tainted value that
        // reaches one unconverted is a string, and a string divides only as a path.
        if operator == "/" && self.family == Family::Python {
            let taint = self.union(sides.into_iter().flatten(), depth)?;
            return Some(taint.step(flat.line(node), "joined into a path".into()));
        }
        if !matches!(operator, "+" | "%") {
            return None;
        }
        let [left, right] = sides;
        // Each side (each value of a `%` tuple) is evaluated once, as `union` would.
        let left_taint = left.and_then(|n| self.eval(n, depth + 1));
        let values = right.map_or_else(Vec::new, |r| {
            let items: Vec<u32> = if operator == "%"
                && matches!(self.kind(r), "tuple" | "parenthesized_expression")
            {
                flat.named_children(r).collect()
            } else {
                vec![r]
            };
            items
                .into_iter()
                .map(|n| (n, self.eval(n, depth + 1)))
                .collect()
        });
        let taint = union_of(
            left_taint
                .iter()
                .cloned()
                .chain(values.iter().filter_map(|(_, t)| t.clone())),
        )?;
        let (note, host_fixed) = if operator == "%" {
            let after = left.zip(right).is_some_and(|(format, given)| {
                self.percent_host_fixed(format, given, &values, &taint.origin)
            });
            ("formatted with %", after)
        } else {
            let right_taint = values.first().and_then(|(_, t)| t.as_ref());
            let after =
                self.concat_host_fixed(left, left_taint.as_ref(), right_taint, &taint.origin);
            ("concatenated", after)
        };
        Some(Taint {
            formatted: true,
            argv_tail: false,
            host_fixed,
            ..taint.step(flat.line(node), note.into())
        })
    }

    /// `[x for x in xs]`, `(x.strip() for x in xs)`: the elements of a tainted iterable,
    /// kept as they are or through a method that passes its receiver on. Anything else
    /// made of them (`int(x)`, `x.id`) is left alone.
    fn eval_comprehension(&self, node: u32, depth: u32) -> Option<Taint> {
        let flat = self.flat;
        let body = flat.named_children(node).next()?;
        let clause = flat
            .named_children(node)
            .find(|&child| self.kind(child) == "for_in_clause")?;
        let variable = flat.field(clause, "left")?;
        let iterable = flat.field(clause, "right")?;
        if self.kind(variable) != "identifier" {
            return None;
        }
        let name = self.text(variable);
        let element = match self.kind(body) {
            "identifier" => self.text(body) == name,
            "call" => self.callee_of(body).is_some_and(|callee| {
                let method = self.text(callee).rsplit('.').next().unwrap_or("");
                self.object_of(callee)
                    .is_some_and(|object| self.text(object) == name)
                    && self.tables.passes_receiver(method)
            }),
            _ => false,
        };
        if !element {
            return None;
        }
        let taint = self.eval(iterable, depth + 1)?;
        Some(taint.step(flat.line(node), "its elements".into()))
    }

    /// A list's taint, which notes whether its first element (an argv's program) is clean.
    fn eval_sequence(&self, node: u32, depth: u32) -> Option<Taint> {
        let mut items = self.flat.named_children(node);
        let head = items.next()?;
        let spread = matches!(
            self.kind(head),
            "list_splat" | "spread_element" | "parenthesized_list_splat"
        );
        if let Some(taint) = self.eval(head, depth + 1) {
            return Some(Taint {
                argv_tail: false,
                ..taint
            });
        }
        let taint = self.union(items, depth)?;
        Some(Taint {
            argv_tail: !spread,
            ..taint
        })
    }

    /// The branches of a conditional (`a if cond else b`) or a ternary (`cond ? a : b`)
    /// whose value it may take: not the condition, and not the branch the condition
    /// vouches for (`x if x in ALLOWED else "/"`).
    pub(super) fn branches(&self, node: u32) -> Vec<u32> {
        let parts: Vec<u32> = self.flat.named_children(node).take(3).collect();
        let (then, condition, otherwise) = match (self.kind(node), parts.as_slice()) {
            ("conditional_expression", &[then, condition, otherwise])
            | ("ternary_expression", &[condition, then, otherwise]) => (then, condition, otherwise),
            _ => return parts,
        };
        let test = self.text(condition);
        let negated =
            test.starts_with('!') || test.starts_with("not ") || test.contains(" not in ");
        let vouched = !negated
            && self
                .guarded(condition)
                .iter()
                .any(|&name| self.text(name) == self.text(then));
        if vouched {
            vec![otherwise]
        } else {
            vec![then, otherwise]
        }
    }

    /// `a.b`: a source read, a name the function tainted, or what its object carries.
    fn eval_member(&self, node: u32, depth: u32) -> Option<Taint> {
        let flat = self.flat;
        let text = self.text(node);
        if let Some(source) = self
            .tables
            .source_attribute(text)
            .or_else(|| self.tables.handler_source(&self.function_name, text))
        {
            return Some(Taint::new(
                Origin::Source(source.clone()),
                flat.line(node),
                format!("read from {source}"),
            ));
        }
        if let Some(taint) = self.env_get(text) {
            return Some(taint.clone());
        }
        if self.tables.request_state(text) || self.known_get(text).is_some() {
            return None;
        }
        if self.reads_safe_field(text) {
            return None;
        }
        let object = self.object_of(node)?;
        if self.is_request_object(object) {
            return None;
        }
        self.eval(object, depth + 1)
    }

    /// A multipart field's `file_name()` (axum, actix-multipart) is the name the client
    /// sent, unlike a path's last component (`Path::new(x).file_name()`), which the
    /// sanitiser table means: only a receiver that says it is a path cleans.
    fn names_upload(&self, callee: &str, method: &str) -> bool {
        self.family == Family::Rust
            && method == "file_name"
            && callee
                .strip_suffix(".file_name")
                .is_some_and(|receiver| !receiver.to_ascii_lowercase().contains("path"))
    }

    /// A call that reads a source (`request.get_data()`, `fetch(…)`, a handler's reader).
    fn source_called(&self, callee_text: &str, line: u32) -> Option<Taint> {
        let source = self
            .tables
            .source_call(callee_text)
            .or_else(|| self.tables.handler_source(&self.function_name, callee_text))
            .or_else(|| {
                let library = self.library_callee(callee_text)?;
                self.tables.source_call(&library)
            })?;
        Some(Taint::new(
            Origin::Source(source.to_string()),
            line,
            format!("read from {source}"),
        ))
    }

    pub(super) fn eval_call(&self, node: u32, depth: u32) -> Option<Taint> {
        let callee = self.callee_of(node)?;
        let callee_text = self.text(callee);
        let line = self.flat.line(node);
        // What the receiver carries, worked out once for the branches below that ask: each
        // asking again made a chain of n calls cost 2^n (`s.replace(…).replace(…)…`).
        let receiver_memo = std::cell::OnceCell::new();
        let receiver_taint = || {
            receiver_memo
                .get_or_init(|| {
                    self.object_of(callee)
                        .and_then(|object| self.eval(object, depth + 1))
                })
                .clone()
        };
        // Before the sources: `request.args.get("f").replace("/", "")` reads as one.
        let last = callee_text.rsplit(['.', ':']).next().unwrap_or(callee_text);
        if self.strips_separators(node, last) {
            let taint = receiver_taint()?;
            return Some(Taint {
                separators_stripped: true,
                ..taint.step(line, "stripped of `/`".to_string())
            });
        }
        // A further call on a stripped value with nothing of its own (`….replace("\\", "")`).
        if callee_text.contains(".replace")
            && let Some(object) = self.object_of(callee)
            && matches!(self.kind(object), "call" | "call_expression")
            && let Some(taint) = receiver_taint()
            && taint.separators_stripped
            && self.union(self.arguments(node), depth).is_none()
        {
            return Some(taint.step(line, format!("through .{last}()")));
        }
        if let Some(read) = self.source_called(callee_text, line) {
            return Some(read);
        }
        let method = callee_text.rsplit(['.', ':']).next().unwrap_or(callee_text);
        if self.tables.is_uri_encoder(callee_text) {
            let taint = self.union(self.arguments(node).take(1), depth)?;
            return Some(Taint {
                uri_encoded: true,
                ..taint.step(line, format!("encoded by {callee_text}()"))
            });
        }
        if self.tables.is_sanitiser(callee_text, method) && !self.names_upload(callee_text, method)
        {
            return None;
        }
        let member = matches!(
            self.kind(callee),
            "attribute" | "member_expression" | "field_expression"
        );
        // `"…".format(x, name=y)` / `"…{}".join(xs)`: arguments flow into the string.
        if let Some(with_receiver) = self.tables.formats_arguments(callee_text, method) {
            let receiver = if member && with_receiver {
                self.object_of(callee)
            } else {
                None
            };
            if self.escaping_receiver(receiver) {
                return None;
            }
            let given = self.arguments(node).chain(self.keyword_values(node));
            let taint = union_of(
                given
                    .filter_map(|n| self.eval(n, depth + 1))
                    .chain(receiver.and_then(|_| receiver_taint())),
            )?;
            // `"https://host/{}".format(x)`: the receiver's text fixes the host.
            let host_fixed = receiver.is_some_and(|r| self.prefix_fixes_host(r));
            return Some(Taint {
                formatted: true,
                argv_tail: false,
                host_fixed,
                ..taint.step(line, format!("formatted by .{method}()"))
            });
        }
        if member
            && self.tables.passes_receiver(method)
            && let Some(mut taint) = receiver_taint()
        {
            taint.stringified |= method == "toString";
            // A query parameter read off a URL (`new URL(req.url).searchParams.get("next")`)
            // is the query's value, whatever the URL was: a sink that trusts the request's
            // own URL does not trust what its query says.
            if callee_text.contains("searchParams.get")
                && matches!(*taint.origin, Origin::Source(_))
            {
                taint.origin = std::rc::Rc::new(Origin::Source(callee_text.to_string()));
            }
            return Some(taint.step(line, format!("through .{method}()")));
        }
        if self.tables.passes_arguments(callee_text)
            || self
                .library_callee(callee_text)
                .is_some_and(|library| self.tables.passes_arguments(&library))
        {
            let mut taint = self.union(self.arguments(node), depth)?;
            taint.stringified |= self.tables.stringifies(callee_text);
            return Some(taint.step(line, format!("through {callee_text}()")));
        }
        self.through_own_function(node, callee_text, depth)
            .or_else(|| self.through_other_function(node, callee_text, depth))
    }

    /// Whether a member read (`paging.page`) names a field the file types as a number.
    pub(super) fn reads_safe_field(&self, member: &str) -> bool {
        let field = member.rsplit(['.', ':']).next().unwrap_or(member);
        self.safe_fields.contains(field.trim())
    }

    /// Whether a format call's receiver escapes what it formats (`Markup("…").format(x)`,
    /// psycopg's `sql.SQL("…").format(…)`).
    pub(super) fn escaping_receiver(&self, receiver: Option<u32>) -> bool {
        receiver
            .filter(|&r| matches!(self.kind(r), "call" | "call_expression"))
            .and_then(|r| self.callee_of(r))
            .is_some_and(|c| self.tables.escapes_formatting(self.text(c)))
    }

    /// The arguments that carry a sink's dangerous value: by position (from there on with
    /// `rest`), else by keyword; or the object a `receiver` sink's method is called on.
    pub(super) fn sink_arguments(&self, call: u32, sink: &Sink) -> Vec<u32> {
        if sink.spec.receiver {
            return self
                .callee_of(call)
                .and_then(|callee| self.object_of(callee))
                .into_iter()
                .collect();
        }
        let from = sink.spec.arg as usize;
        if sink.spec.rest {
            let mut args: Vec<u32> = self.arguments(call).skip(from).collect();
            if sink.spec.rest_but_last {
                args.pop();
            }
            return args;
        }
        self.sink_argument(call, sink).into_iter().collect()
    }

    /// The argument that carries a sink's dangerous value: by position, else by keyword.
    fn sink_argument(&self, call: u32, sink: &Sink) -> Option<u32> {
        if let Some(arg) = self.arguments(call).nth(sink.spec.arg as usize) {
            return Some(arg);
        }
        let names = sink.spec.arg_name.as_deref()?;
        names
            .split('|')
            .find_map(|name| self.keyword_value(call, name))
    }

    /// The value a call gives by keyword to parameter `name` (`user_id=uid` gives `uid`).
    pub(super) fn keyword_value(&self, call: u32, name: &str) -> Option<u32> {
        self.keyword_arguments(call)
            .find(|(keyword, _)| *keyword == name)
            .map(|(_, value)| value)
    }

    /// A call's keyword arguments as (name, value).
    pub(super) fn keyword_arguments(&self, call: u32) -> impl Iterator<Item = (&str, u32)> + '_ {
        let flat = self.flat;
        let list = self.child(call, self.fields.arguments);
        list.into_iter()
            .flat_map(move |l| flat.named_children(l))
            .filter(move |&n| flat.kind(n) == "keyword_argument")
            .filter_map(move |n| Some((self.text(flat.field(n, "name")?), flat.field(n, "value")?)))
    }

    /// The values of a call's keyword arguments (`url=next` gives `next`).
    pub(super) fn keyword_values(&self, call: u32) -> impl Iterator<Item = u32> + '_ {
        let flat = self.flat;
        let list = self.child(call, self.fields.arguments);
        list.into_iter()
            .flat_map(move |l| flat.named_children(l))
            .filter(move |&n| flat.kind(n) == "keyword_argument")
            .filter_map(move |n| flat.field(n, "value"))
    }

    /// The positional arguments of a call (keyword arguments and comments left out).
    pub(super) fn arguments(&self, call: u32) -> impl Iterator<Item = u32> + '_ {
        let flat = self.flat;
        let list = self.child(call, self.fields.arguments);
        list.into_iter()
            .flat_map(move |l| flat.named_children(l))
            .filter(move |&n| {
                !matches!(
                    flat.kind(n),
                    "keyword_argument" | "comment" | "line_comment" | "block_comment"
                )
            })
    }
}

/// The taint a value made of several others carries: what is certain before what another
/// file's function decides; a source before a parameter, and this function's parameter
/// before a constructor's.
pub(super) fn union_of(taints: impl Iterator<Item = Taint>) -> Option<Taint> {
    taints.min_by_key(|t| {
        (
            t.through.is_some(),
            matches!(*t.origin, Origin::Param(..)),
            t.owner.is_some(),
        )
    })
}

impl Analyser<'_, '_, '_> {
    /// Whether a call removes every `/` from its receiver: `.replace("/", "")` in Python,
    /// `.replaceAll("/", "")` or `.replace(/\//g, "")` in JavaScript (whose `.replace` of a
    /// string removes the first only).
    fn strips_separators(&self, call: u32, method: &str) -> bool {
        let mut arguments = self.arguments(call);
        let (Some(what), Some(with), None) = (arguments.next(), arguments.next(), arguments.next())
        else {
            return false;
        };
        let slash = matches!(self.text(what), "'/'" | "\"/\"" | "`/`");
        let every_slash = self.text(what) == "/\\//g";
        let removed = match (self.family, method) {
            (Family::Python, "replace") => slash,
            (Family::Ecma, "replaceAll") => slash || every_slash,
            (Family::Ecma, "replace") => every_slash,
            _ => false,
        };
        removed && matches!(self.text(with), "''" | "\"\"" | "``")
    }
}
