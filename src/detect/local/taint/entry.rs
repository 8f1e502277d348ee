//! Where a function's parameters come from: a web route's request, a `message` event from
//! any window, or the caller.

use super::*;

/// How a function is reached from outside the program.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Entry {
    /// A web route (`@app.get(…)`, `@app.route(…)`): its parameters come from the request.
    Route,
    /// A `message` listener: its event comes from any window.
    Message,
    Internal,
}

/// The origin of a parameter that is the request itself (`req`, `request`).
pub(super) fn request_object(name: &str) -> Origin {
    Origin::Source(format!("request `{name}`"))
}

impl Analyser<'_, '_, '_> {
    /// Whether `node` names the request parameter itself, as bound on entry: its fields
    /// other than `request_fields` are set by the framework or a middleware (`req.locals`,
    /// `req.user`, `request.tenant`), not written by the client.
    pub(super) fn is_request_object(&self, node: u32) -> bool {
        if self.kind(node) != "identifier" {
            return false;
        }
        // The name test first: most member reads are of other objects, and the origin
        // compared against is built anew.
        let name = self.text(node);
        self.tables.is_request_name(name)
            && self
                .env_get(name)
                .is_some_and(|t| *t.origin == request_object(name))
    }

    /// Where a parameter's value comes from: a request, an event from outside, or the
    /// caller. `entry` says how the function is reached, if from outside.
    /// `None` for what the framework injects (`db = Depends(get_db)`).
    pub(super) fn param_origin(
        &self,
        index: u32,
        name: &str,
        param: u32,
        type_text: Option<&str>,
        entry: Entry,
    ) -> Option<Origin> {
        if self.tables.is_request_name(name) {
            return Some(request_object(name));
        }
        let params = || {
            let list = self.flat.parent(param);
            list.map(|list| {
                self.flat
                    .named_children(list)
                    .filter_map(|p| tables::param_name(self.ctx, p).map(|(name, _)| name))
                    .collect()
            })
            .unwrap_or_default()
        };
        if self
            .tables
            .is_lambda_event(&self.function_name, name, params)
        {
            return Some(Origin::Source(format!("the Lambda event `{name}`")));
        }
        if let Some(decorator) = self.tables.request_decorator(self.text(param)) {
            return Some(Origin::Source(format!(
                "the request's `@{decorator}` parameter `{name}`"
            )));
        }
        if let Some(extractor) = type_text.and_then(|t| self.tables.extractor(t)) {
            return Some(Origin::Source(format!(
                "the request's `{extractor}` extractor `{name}`"
            )));
        }
        Some(match entry {
            Entry::Route if self.tables.injected_param(self.text(param)) => return None,
            // A Rust handler's other parameters are the framework's or custom extractors
            // (often the authenticated user): only strings and bodies are the client's. A
            // filter chain's closure is handed what its filters read from the request
            // (`warp::query::<HashMap<String, String>>()`), whatever the type.
            Entry::Route if self.family == Family::Rust => {
                if type_text.is_some_and(|t| self.tables.is_body_type(t))
                    || self.filter_closure(self.unit)
                {
                    Origin::Source(format!("the request's `{name}`"))
                } else {
                    Origin::Param(index, name.to_string())
                }
            }
            Entry::Route => Origin::Source(format!("route parameter `{name}`")),
            Entry::Message if index == 0 => Origin::Source(format!(
                "the message event `{name}` (any window can send it)"
            )),
            // Whatever runs a Rust closure fills its parameters, not a caller by name: they
            // are of unknown origin (what it captures keeps its own).
            _ if self.family == Family::Rust && self.kind(self.unit) == "closure_expression" => {
                return None;
            }
            _ => Origin::Param(index, name.to_string()),
        })
    }

    /// `({ params, body }: Request) => …`: a TypeScript parameter declared as a server's
    /// request, whose fields the client wrote wherever the function is reached from.
    fn typed_as_request(&self, param: u32) -> bool {
        if self.family != Family::Ecma {
            return false;
        }
        let declared = if matches!(self.kind(param), "object_pattern") {
            self.flat.parent(param)
        } else {
            Some(param)
        };
        let Some(annotation) = declared.and_then(|p| self.flat.field(p, "type")) else {
            return false;
        };
        let text = self.text(annotation).trim_start_matches(':').trim();
        let head = text.split('<').next().unwrap_or(text).trim();
        matches!(
            head,
            "Request" | "express.Request" | "Express.Request" | "FastifyRequest"
        )
    }

    /// The pattern a parameter binds its names through (`{ target }`, `[a, b]`), if any.
    pub(super) fn pattern_of(&self, param: u32) -> Option<u32> {
        match self.kind(param) {
            "object_pattern" | "array_pattern" => Some(param),
            "required_parameter" | "optional_parameter" => self
                .flat
                .field(param, "pattern")
                .filter(|&p| matches!(self.kind(p), "object_pattern" | "array_pattern")),
            // Rust: `Path((team, user)): Path<(String, String)>`, `Json(Body { a, b }): …`.
            "parameter" => self.flat.field(param, "pattern").filter(|&p| {
                matches!(
                    self.kind(p),
                    "tuple_struct_pattern" | "tuple_pattern" | "struct_pattern"
                )
            }),
            _ => None,
        }
    }

    /// `async ({ command }) => …` given to `server.tool`: in a handler reached from outside,
    /// each name the pattern binds is input. Elsewhere (`runWith({ target })`, a
    /// component's props) each is the parameter, which callers that pass a tainted object
    /// taint (`report` keeps such parameters to summaries and audit findings). False when
    /// the parameter is no pattern.
    pub(super) fn destructured_param(&mut self, param: u32, index: u32, entry: Entry) -> bool {
        let Some(pattern) = self.pattern_of(param) else {
            return false;
        };
        let mut names = Vec::new();
        self.pattern_names(pattern, &mut names);
        self.params.push(param);
        let request = self.typed_as_request(param);
        // A Rust parameter's type says which extractor fills the names its pattern binds.
        let type_text = (self.family == Family::Rust)
            .then(|| self.flat.field(param, "type"))
            .flatten()
            .map(|t| self.flat.text(t, self.ctx.source));
        // `Path((team, id)): Path<(String, u32)>`: a name bound to a number carries nothing.
        let element_types = type_text
            .map(tuple_elements)
            .filter(|types| types.len() == names.len())
            .unwrap_or_default();
        for (at, name) in names.into_iter().enumerate() {
            self.env.remove(&name);
            self.known.remove(&name);
            if element_types
                .get(at)
                .is_some_and(|t| self.tables.is_safe_type(t))
            {
                self.known.insert(name, unknown::Shape::default());
                continue;
            }
            if request && self.tables.is_request_state_field(&name) {
                // `({ session }: Request)`: what the server keeps, as `req.session` is.
                self.known.insert(name, unknown::Shape::OPAQUE);
                continue;
            }
            let origin = if request && self.tables.is_request_field(&name) {
                Some(Origin::Source(format!("the request's `{name}`")))
            } else if self.returned.is_some() {
                self.summarises(index)
                    .then(|| Origin::Param(index, name.clone()))
            } else {
                self.param_origin(index, &name, param, type_text, entry)
            };
            if let Some(origin) = origin {
                self.bind_param(name, param, origin);
            }
        }
        true
    }

    /// `items.forEach((item) => …)`, `items.map(…)`, Rust's `items.iter().map(|item| …)`:
    /// the list whose elements parameter `index` of callback `function` is handed.
    pub(super) fn iterated_list(&self, function: u32, index: u32) -> Option<u32> {
        if self.family == Family::Python || self.returned.is_some() {
            return None;
        }
        let (member, object) = match self.family {
            Family::Rust => ("field_expression", self.fields.value),
            _ => ("member_expression", self.fields.object),
        };
        let flat = self.flat;
        let args = flat
            .parent(function)
            .filter(|&a| self.kind(a) == "arguments")?;
        if flat.named_children(args).next() != Some(function) {
            return None;
        }
        let call = flat
            .parent(args)
            .filter(|&c| self.kind(c) == "call_expression")?;
        let callee = self
            .child(call, self.fields.function)
            .filter(|&c| self.kind(c) == member)?;
        let element = match self.text(callee).rsplit('.').next()?.trim() {
            "forEach" | "map" | "flatMap" | "filter" | "find" | "findLast" | "findIndex"
            | "some" | "every" | "for_each" | "filter_map" | "flat_map" | "any" | "all"
            | "inspect" | "position" => 0,
            "reduce" | "reduceRight" | "fold" => 1,
            _ => return None,
        };
        (index == element)
            .then(|| self.child(callee, object))
            .flatten()
    }

    /// What the element parameter `name` of a callback handed `list`'s elements holds: the
    /// list's source, if it holds one in the function around.
    pub(super) fn iterated_element(&self, list: u32, param: u32, name: &str) -> Option<Taint> {
        let taint = self.eval(list, 0)?;
        matches!(*taint.origin, Origin::Source(_))
            .then(|| taint.step(self.flat.line(param), format!("an element, as `{name}`")))
    }

    /// `name`, bound by parameter `param`, holds what comes from `origin`.
    pub(super) fn bind_param(&mut self, name: String, param: u32, origin: Origin) {
        let note = format!("parameter `{name}` of `{}`", self.function_name);
        let taint = Taint::new(origin, self.flat.line(param), note);
        self.env.insert(name, taint);
    }

    /// How the function being analysed is reached from outside the program, if it is.
    pub(super) fn entry(&self, function: u32) -> Entry {
        let flat = self.flat;
        if self.family == Family::Rust {
            return if self
                .decorators
                .lines()
                .any(|d| self.tables.is_route_decorator(d))
                || self.takes_extractor(function)
                || self.filter_closure(function)
            {
                Entry::Route
            } else {
                Entry::Internal
            };
        }
        if self.family == Family::Python {
            return if self.decorators.lines().any(|d| {
                self.tables.is_route_decorator(d)
                    || (d.starts_with('@') && d.contains('.') && self.tables.is_handler_method(d))
            }) {
                Entry::Route
            } else {
                Entry::Internal
            };
        }
        let listener = flat
            .parent(function)
            .filter(|&a| flat.kind(a) == "arguments")
            .and_then(|a| Some((a, flat.parent(a)?)))
            .is_some_and(|(args, call)| {
                let callee = self
                    .child(call, self.fields.function)
                    .map_or("", |c| self.text(c));
                callee.ends_with("addEventListener")
                    && flat.named_children(args).next().is_some_and(|first| {
                        matches!(self.text(first), "\"message\"" | "'message'")
                    })
            });
        let registered = flat
            .parent(function)
            .filter(|&a| flat.kind(a) == "arguments")
            .and_then(|a| flat.parent(a))
            .and_then(|call| self.child(call, self.fields.function))
            .is_some_and(|callee| self.tables.is_handler_method(self.text(callee)));
        if registered {
            return Entry::Route;
        }
        let handler = flat
            .parent(function)
            .filter(|&p| flat.kind(p) == "assignment_expression")
            .and_then(|p| self.child(p, self.fields.left))
            .is_some_and(|left| self.text(left).ends_with("onmessage"));
        if listener || handler {
            Entry::Message
        } else {
            Entry::Internal
        }
    }

    /// A closure handed to a method of a request filter chain (`warp::path!("f" / String)
    /// .map(|name: String| …)`): the framework calls it with what the request holds.
    fn filter_closure(&self, function: u32) -> bool {
        let flat = self.flat;
        if flat.kind(function) != "closure_expression" {
            return false;
        }
        let Some(call) = flat
            .parent(function)
            .filter(|&a| flat.kind(a) == "arguments")
            .and_then(|a| flat.parent(a))
        else {
            return false;
        };
        self.child(call, self.fields.function)
            .filter(|&f| flat.kind(f) == "field_expression")
            .and_then(|f| flat.field(f, "value"))
            .is_some_and(|chain| self.tables.is_filter_chain(self.text(chain)))
    }

    /// Whether a Rust function takes a request extractor (`Query<T>`, `web::Json<T>`):
    /// then it is a handler.
    fn takes_extractor(&self, function: u32) -> bool {
        let flat = self.flat;
        self.child(function, self.fields.parameters)
            .into_iter()
            .flat_map(|params| flat.named_children(params))
            .filter_map(|param| flat.field(param, "type"))
            .any(|ty| self.tables.extractor(self.text(ty)).is_some())
    }

    /// The decorators of `function`, one per line (read once per function: the entry
    /// point and every return statement ask). Rust's are the attributes before it, a
    /// TypeScript class member's the decorators before it in the class body.
    pub(super) fn decorators_of(&self, function: u32) -> String {
        let flat = self.flat;
        match self.family {
            Family::Rust => return self.preceding(function, "attribute_item"),
            Family::Ecma => return self.preceding(function, "decorator"),
            Family::Python => {}
        }
        flat.parent(function)
            .filter(|&p| flat.kind(p) == "decorated_definition")
            .map(|p| {
                flat.named_children(p)
                    .filter(|&d| flat.kind(d) == "decorator")
                    .map(|d| self.text(d).replace('\n', " "))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default()
    }

    /// The text of the `kind` siblings right before `node` (comments between them skipped),
    /// in order, one per line.
    fn preceding(&self, node: u32, kind: &str) -> String {
        let flat = self.flat;
        let mut found = Vec::new();
        let mut at = node;
        while let Some(previous) = flat.prev_sibling(at) {
            match flat.kind(previous) {
                k if k == kind => found.push(self.text(previous).replace('\n', " ")),
                "comment" | "line_comment" | "block_comment" => {}
                _ => break,
            }
            at = previous;
        }
        found.reverse();
        found.join("\n")
    }
}

/// The element types of a tuple an extractor's type holds (`Path<(String, u32)>`), in order;
/// empty when it holds no tuple.
fn tuple_elements(type_text: &str) -> Vec<&str> {
    let Some(inner) = type_text
        .split_once('<')
        .and_then(|(_, rest)| rest.trim().strip_suffix('>'))
        .and_then(|inner| inner.trim().strip_prefix('('))
        .and_then(|inner| inner.strip_suffix(')'))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (at, c) in inner.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(inner[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    let last = inner[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::tuple_elements;

    #[test]
    fn an_extractors_tuple_is_read_element_by_element() {
        assert_eq!(tuple_elements("Path<(String, u32)>"), vec!["String", "u32"]);
        assert_eq!(
            tuple_elements("web::Path<(HashMap<String, u8>, Vec<(u8, u8)>, i64)>"),
            vec!["HashMap<String, u8>", "Vec<(u8, u8)>", "i64"]
        );
        assert!(tuple_elements("Query<Params>").is_empty());
        assert!(tuple_elements("String").is_empty());
    }
}
