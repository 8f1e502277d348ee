//! Names bound by patterns (`let Some(x) = …`, `for (k, v) in …`, `Query(q): Query<T>`)
//! and receivers that take in their arguments (`s.push_str(x)`, `parts.append(x)`).

use super::*;

/// Targets that bind several names at once: `a, b = …`, `[a, b] = …`, `{ a, b: c } = …`.
pub(super) const DESTRUCTURING: &[&str] = &[
    "pattern_list",
    "tuple_pattern",
    "list_pattern",
    "object_pattern",
    "array_pattern",
];

/// Literal sequences whose elements pair up with a destructuring target's.
const SEQUENCES: &[&str] = &["expression_list", "tuple", "list", "array"];

impl Analyser<'_, '_, '_> {
    /// `x, y = a, b` binds element to element; any other value (`x, y = pair`,
    /// `{ file } = req.query`) reaches every name the target binds.
    pub(super) fn destructure(&mut self, target: u32, value: u32) {
        let flat = self.flat;
        let positional = !matches!(self.kind(target), "object_pattern");
        if positional && SEQUENCES.contains(&self.kind(value)) {
            let targets: Vec<u32> = flat.named_children(target).collect();
            let values: Vec<u32> = flat.named_children(value).collect();
            let plain = |n: &u32| !matches!(flat.kind(*n), "list_splat_pattern" | "rest_pattern");
            if targets.len() == values.len() && targets.iter().all(plain) {
                for (t, v) in targets.into_iter().zip(values) {
                    self.assign_pattern(t, v);
                }
                return;
            }
        }
        self.assign_pattern(target, value);
    }

    /// Binds every name a destructuring pattern introduces to what the value carries.
    pub(super) fn assign_pattern(&mut self, pattern: u32, value: u32) {
        if matches!(
            self.kind(pattern),
            "identifier" | "attribute" | "member_expression" | "field_expression"
        ) {
            self.assign(pattern, value, false);
            return;
        }
        let mut names = Vec::new();
        self.pattern_names(pattern, &mut names);
        let taint = self.eval(value, 0);
        // A part holds no more than the whole: `Some(name)` of a sanitised value is clean.
        let shape = match taint {
            Some(_) => unknown::Shape::OPAQUE,
            None => self.shape(value, 0),
        };
        let line = self.flat.line(pattern);
        for name in names {
            match &taint {
                Some(taint) => {
                    let taint = taint.clone().step(line, format!("bound to `{name}`"));
                    self.known.remove(&name);
                    self.env.insert(name, taint);
                }
                None => {
                    self.env.remove(&name);
                    self.known.insert(name, shape);
                }
            }
        }
    }

    /// The names a pattern binds; the path of a tuple-struct or struct pattern
    /// (`Some`, `Query`) is not one.
    pub(super) fn pattern_names(&self, pattern: u32, out: &mut Vec<String>) {
        let flat = self.flat;
        let skip_head = matches!(
            flat.kind(pattern),
            "tuple_struct_pattern" | "struct_pattern"
        );
        for (at, child) in flat.named_children(pattern).enumerate() {
            if skip_head && at == 0 {
                continue;
            }
            match flat.kind(child) {
                "identifier"
                | "shorthand_field_identifier"
                | "shorthand_property_identifier_pattern" => {
                    out.push(self.text(child).to_string());
                }
                "scoped_identifier"
                | "field_identifier"
                | "type_identifier"
                | "property_identifier" => {}
                // `{ a = fallback }`, `[a = fallback]`: only the name is bound.
                "object_assignment_pattern" | "assignment_pattern" => {
                    if let Some(name) = flat.named_children(child).next() {
                        self.pattern_names_of(name, out);
                    }
                }
                _ if out.len() < 16 => self.pattern_names(child, out),
                _ => {}
            }
        }
    }

    /// The names one element of a pattern binds (itself, if it is a name).
    fn pattern_names_of(&self, element: u32, out: &mut Vec<String>) {
        match self.kind(element) {
            "identifier" | "shorthand_property_identifier_pattern" => {
                out.push(self.text(element).to_string());
            }
            _ if out.len() < 16 => self.pattern_names(element, out),
            _ => {}
        }
    }

    /// `s.push_str(&x)`, `parts.append(x)`: the receiver now holds the argument's taint.
    pub(super) fn absorb(&mut self, callee: u32, call: u32) {
        let method = self.text(callee).rsplit(['.', ':']).next().unwrap_or("");
        if self.tables.fills(method) {
            let method = method.to_string();
            self.fill(callee, call, &method);
            return;
        }
        if !self.tables.appends(method) {
            return;
        }
        let Some(receiver) = self.object_of(callee) else {
            return;
        };
        if !matches!(
            self.kind(receiver),
            "identifier" | "attribute" | "member_expression" | "field_expression"
        ) {
            return;
        }
        let Some(taint) = self.union(self.arguments(call), 0) else {
            return;
        };
        let name = self.text(receiver).to_string();
        let line = self.flat.line(call);
        let mut taint = taint.step(line, format!("added to `{name}` by .{method}()"));
        taint.formatted = true;
        self.known.remove(&name);
        self.env.insert(name, taint);
    }

    /// `stdin().read_line(&mut line)`: each `&mut name` argument takes in the receiver's
    /// taint.
    fn fill(&mut self, callee: u32, call: u32, method: &str) {
        let Some(taint) = self.object_of(callee).and_then(|r| self.eval(r, 0)) else {
            return;
        };
        let line = self.flat.line(call);
        let targets: Vec<u32> = self
            .arguments(call)
            .filter(|&a| self.kind(a) == "reference_expression")
            .filter_map(|a| self.flat.named_children(a).last())
            .filter(|&n| self.kind(n) == "identifier")
            .collect();
        for target in targets {
            let name = self.text(target).to_string();
            let taint = taint
                .clone()
                .step(line, format!("read into `{name}` by .{method}()"));
            self.known.remove(&name);
            self.env.insert(name, taint);
        }
    }

    /// The first key a subscripted target is indexed by: `key` in `obj[key][sub]`.
    pub(super) fn first_key(&self, target: u32) -> Option<u32> {
        let mut inner = target;
        while let Some(object) = self.child(inner, self.fields.object)
            && matches!(self.kind(object), "subscript_expression" | "subscript")
        {
            inner = object;
        }
        self.flat
            .field(inner, "index")
            .or_else(|| self.flat.field(inner, "subscript"))
    }

    /// The object of a member access: `a` in `a.b` (Python's `object`, JavaScript's
    /// `object`, Rust's `value`).
    pub(super) fn object_of(&self, member: u32) -> Option<u32> {
        match self.kind(member) {
            "attribute" | "member_expression" => self.child(member, self.fields.object),
            "field_expression" => self.child(member, self.fields.value),
            _ => None,
        }
    }

    /// Where a sink call is reported: a Rust method chain (`Command::new("sh")` … `.arg(x)`)
    /// at the method's own line, any other call where it starts.
    pub(super) fn sink_site(&self, call: u32, callee: u32) -> u32 {
        if self.kind(callee) == "field_expression" {
            return self.flat.field(callee, "field").unwrap_or(call);
        }
        call
    }

    /// The called expression, without a turbofish (`sqlx::query_as::<_, User>` →
    /// `sqlx::query_as`).
    pub(super) fn callee_of(&self, call: u32) -> Option<u32> {
        let callee = self
            .child(call, self.fields.function)
            .or_else(|| self.child(call, self.fields.constructor))?;
        if self.kind(callee) == "generic_function" {
            return self.child(callee, self.fields.function).or(Some(callee));
        }
        Some(callee)
    }
}

/// `require("fs").readFileSync` → `fs.readFileSync`, `require("node:child_process").exec`
/// → `child_process.exec`: a module required in place is named as its import would be.
pub(super) fn required_module(callee: &str) -> std::borrow::Cow<'_, str> {
    let Some(rest) = callee.strip_prefix("require(") else {
        return callee.into();
    };
    let Some((module, member)) = rest.split_once(").") else {
        return callee.into();
    };
    let module = module.trim_matches(|c| matches!(c, '"' | '\'' | '`'));
    let module = module.strip_prefix("node:").unwrap_or(module);
    let module = module.rsplit('/').next().unwrap_or(module);
    format!("{module}.{member}").into()
}
