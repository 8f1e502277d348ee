//! The audit level: a dangerous sink fed by a value that is not a constant, not
//! sanitised, and not traced to a source or a parameter. Such a value may be harmless
//! (built from configuration) or not (read from a database a user wrote to); a security
//! review wants to see it, CI does not (`analyze --audit`).

use super::*;

/// What a value not traced to a source may carry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Shape {
    /// It may hold data of unknown origin.
    pub opaque: bool,
    /// It was built into a larger string.
    pub formatted: bool,
}

impl Shape {
    pub const OPAQUE: Shape = Shape {
        opaque: true,
        formatted: false,
    };

    fn merge(self, other: Shape) -> Shape {
        Shape {
            opaque: self.opaque || other.opaque,
            formatted: self.formatted || other.formatted,
        }
    }

    fn built(self) -> Shape {
        Shape {
            formatted: true,
            ..self
        }
    }
}

/// `MAX_SIZE`, `TABLE`: a name written as a constant; or where the program itself lives
/// (`__dirname`, `__file__`), which no user chooses.
fn constant_name(name: &str) -> bool {
    if matches!(name, "__dirname" | "__filename" | "__file__") {
        return true;
    }
    name.chars().any(|c| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

impl Analyser<'_, '_, '_> {
    fn shapes(&self, nodes: impl Iterator<Item = u32>, depth: u32) -> Shape {
        nodes.fold(Shape::default(), |acc, n| {
            acc.merge(self.shape(n, depth + 1))
        })
    }

    /// What an expression that carries no taint may hold.
    pub(super) fn shape(&self, node: u32, depth: u32) -> Shape {
        if depth > MAX_DEPTH {
            return Shape::default();
        }
        let f = self.fields;
        let flat = self.flat;
        match self.kind(node) {
            "identifier" => {
                let name = self.text(node);
                match self.known_get(name) {
                    Some(shape) => shape,
                    None if constant_name(name) || name == "undefined" => Shape::default(),
                    None => Shape::OPAQUE,
                }
            }
            "attribute" | "member_expression" | "field_expression" => {
                let text = self.text(node);
                let last = text.rsplit('.').next().unwrap_or(text);
                if constant_name(last) || self.reads_safe_field(text) {
                    return Shape::default();
                }
                // `event.data` of an `event` a guard vouched for.
                let root = text.split(['.', '[']).next().unwrap_or(text);
                self.known_get(text)
                    .or_else(|| self.known_get(root))
                    .unwrap_or(Shape::OPAQUE)
            }
            "subscript" | "subscript_expression" => self
                .child(node, f.value)
                .or_else(|| self.child(node, f.object))
                .map_or(Shape::default(), |object| self.shape(object, depth + 1)),
            "string" | "template_string" | "concatenated_string" => {
                let parts = flat.named_children(node).flat_map(|part| {
                    let inner: Vec<u32> = match flat.kind(part) {
                        "interpolation" | "template_substitution" => flat
                            .named_children(part)
                            .filter(|&n| {
                                !matches!(flat.kind(n), "format_specifier" | "type_conversion")
                            })
                            .collect(),
                        "string" | "template_string" => vec![part],
                        _ => Vec::new(),
                    };
                    inner
                });
                let inner = self.shapes(parts, depth);
                if inner.opaque { inner.built() } else { inner }
            }
            "binary_operator" | "binary_expression" => {
                let operator = self.child(node, f.operator).map_or("", |o| self.text(o));
                if !matches!(operator, "+" | "%") {
                    return Shape::default();
                }
                let sides = [self.child(node, f.left), self.child(node, f.right)];
                self.shapes(sides.into_iter().flatten(), depth).built()
            }
            "call" | "call_expression" => self.call_shape(node, depth),
            "index_expression" => flat
                .named_children(node)
                .next()
                .map_or(Shape::default(), |object| self.shape(object, depth + 1)),
            "macro_invocation" | "token_tree" => self.macro_shape(node, depth),
            kind if CONTAINERS.contains(&kind) => Shape {
                formatted: false,
                ..self.shapes(flat.named_children(node), depth)
            },
            "parenthesized_expression"
            | "await"
            | "await_expression"
            | "as_pattern"
            | "non_null_expression"
            | "as_expression"
            | "reference_expression"
            | "try_expression"
            | "boolean_operator" => Shape {
                formatted: false,
                ..self.shapes(flat.named_children(node), depth)
            },
            "conditional_expression" | "ternary_expression" => {
                self.shapes(self.branches(node).into_iter(), depth)
            }
            _ => Shape::default(),
        }
    }

    /// `format!("…{x}")`: built from its tokens and inline captures.
    fn macro_shape(&self, node: u32, depth: u32) -> Shape {
        let flat = self.flat;
        if self.kind(node) == "macro_invocation" {
            let tokens = flat
                .named_children(node)
                .find(|&n| flat.kind(n) == "token_tree");
            let inner = tokens.map_or(Shape::default(), |t| self.shape(t, depth + 1));
            return if inner.opaque { inner.built() } else { inner };
        }
        let captures: Vec<&str> = flat
            .named_children(node)
            .filter(|&n| flat.kind(n) == "string_literal")
            .flat_map(|n| macros::inline_captures(self.text(n)))
            .collect();
        let mut shape = self.shapes(self.macro_values(node).into_iter(), depth);
        for name in captures {
            shape = shape.merge(self.known_get(name).unwrap_or(Shape::OPAQUE));
        }
        shape
    }

    fn call_shape(&self, node: u32, depth: u32) -> Shape {
        let Some(callee) = self.callee_of(node) else {
            return Shape::OPAQUE;
        };
        let callee_text = self.text(callee);
        let method = callee_text.rsplit(['.', ':']).next().unwrap_or(callee_text);
        if self.tables.is_sanitiser(callee_text, method) {
            return Shape::default();
        }
        if self.tables.is_uri_encoder(callee_text) {
            return self.shapes(self.arguments(node).take(1), depth);
        }
        let member = matches!(
            self.kind(callee),
            "attribute" | "member_expression" | "field_expression"
        );
        let receiver = member.then(|| self.object_of(callee)).flatten();
        if self.tables.passes_arguments(callee_text) || self.tables.opens_file(callee_text) {
            return self.shapes(self.arguments(node), depth);
        }
        if let Some(with_receiver) = self.tables.formats_arguments(callee_text, method) {
            let receiver = receiver.filter(|_| with_receiver);
            if self.escaping_receiver(receiver) {
                return Shape::default();
            }
            return self
                .shapes(self.arguments(node).chain(receiver), depth)
                .built();
        }
        if member && self.tables.passes_receiver(method) {
            return receiver.map_or(Shape::OPAQUE, |r| self.shape(r, depth + 1));
        }
        Shape::OPAQUE
    }

    /// Records what a name assigned an untainted value may hold.
    pub(super) fn remember(&mut self, name: &str, right: u32, augmented: bool) {
        let mut shape = self.shape(right, 0);
        if augmented {
            let before = self.known_get(name).unwrap_or(Shape::OPAQUE);
            shape = shape.merge(before).built();
        }
        self.known.insert(name.to_string(), shape);
    }

    /// A guard that vouches for the names it tests from here on: membership in an
    /// allow-list (`x in ALLOWED`, `ALLOWED.includes(x)`), a prefix check on a resolved
    /// path (`p.startswith(BASE)`), a character-class test (`x.isdigit()`, `re.match`).
    pub(super) fn guard(&mut self, condition: u32) {
        for name in self.guarded(condition) {
            let name = self.text(name).to_string();
            self.env.remove(&name);
            self.known.insert(name, Shape::default());
        }
    }

    /// `ok = is_safe_url(next)`: remembers what `ok` vouches for, so `if ok:` guards `next`.
    pub(super) fn note_verdict(&mut self, name: &str, value: u32) {
        let tested = if matches!(
            self.kind(value),
            "call" | "call_expression" | "comparison_operator"
        ) {
            self.guarded(value)
        } else {
            Vec::new()
        };
        if tested.is_empty() {
            self.verdicts.remove(name);
        } else {
            self.verdicts.insert(name.to_string(), tested);
        }
    }

    /// The names a condition vouches for where it holds: tested against an allow-list,
    /// a pattern, a prefix or a known origin.
    pub(super) fn guarded(&self, condition: u32) -> Vec<u32> {
        let flat = self.flat;
        let mut names = Vec::new();
        let mut stack = vec![condition];
        while let Some(node) = stack.pop() {
            match flat.kind(node) {
                // `if (e.origin !== "https://app.example.com") return;` vouches for `e`,
                // `if (u.hostname !== "api.example.com") throw …` for `u`.
                "binary_expression" | "comparison_operator"
                    if flat.named_children(node).any(|side| self.names_host(side)) =>
                {
                    names.extend(
                        flat.named_children(node)
                            .filter(|&side| self.names_host(side))
                            .filter_map(|side| self.object_of(side))
                            .map(|object| self.url_parsed(object)),
                    );
                }
                "comparison_operator" => {
                    let text = self.text(node);
                    if text.contains(" in ") || text.contains(" not in ") {
                        names.extend(flat.named_children(node).take(1));
                    } else {
                        names.extend(self.compared_to_constant(node));
                        names.extend(self.under_common_path(node));
                    }
                }
                // `x in ALLOWED` (JS): an own key of the allow-list.
                "binary_expression"
                    if self
                        .child(node, self.fields.operator)
                        .is_some_and(|op| self.text(op) == "in") =>
                {
                    names.extend(flat.named_children(node).take(1));
                }
                // `not urlparse(x).netloc`: where it is empty, `x` names no host.
                "attribute" | "member_expression" if self.names_host(node) => {
                    names.extend(self.object_of(node).map(|o| self.url_parsed(o)));
                }
                // `x === "ls"`, `command == "ls"`: where it holds, the name is that string.
                "binary_expression"
                    if self
                        .child(node, self.fields.operator)
                        .is_some_and(|op| matches!(self.text(op), "==" | "===" | "!=" | "!==")) =>
                {
                    names.extend(self.compared_to_constant(node));
                }
                "identifier" => {
                    if let Some(tested) = self.verdicts.get(self.text(node)) {
                        names.extend(tested.iter().copied());
                    }
                }
                "call" | "call_expression" => self.guarded_by_call(node, &mut names),
                _ => stack.extend(flat.named_children(node)),
            }
        }
        names.retain(|&name| {
            matches!(
                self.kind(name),
                "identifier" | "attribute" | "member_expression" | "field_expression"
            )
        });
        names
    }

    /// The names a call in a test checks: its arguments (`ALLOWED.includes(x)`,
    /// `is_safe_url(next)`) or its receiver (`x.isdigit()`, `p.starts_with(base)`).
    fn guarded_by_call(&self, node: u32, names: &mut Vec<u32>) {
        let Some(callee) = self.child(node, self.fields.function) else {
            return;
        };
        let callee_text = self.text(callee);
        let method = callee_text.rsplit('.').next().unwrap_or(callee_text);
        match method {
            "includes"
            | "has"
            | "startsWith"
            | "test"
            | "match"
            | "fullmatch"
            | "isInteger"
            | "isSafeInteger"
            | "url_has_allowed_host_and_scheme"
            | "is_safe_url"
            | "isSafeUrl"
            | "isValidRedirect"
            | "contains"
            | "contains_key"
            | "hasOwnProperty"
            | "hasOwn" => {
                names.extend(self.arguments(node).map(|a| self.tested_name(a)));
                // `is_safe_url(url=next, …)`: the keyword's value.
                names.extend(self.keyword_values(node));
            }
            // `isLocalURL(target)`, `is_allowed_redirect(next)`: a project's own
            // check of where a URL leads, by its name.
            _ if vets_a_url(method) => {
                names.extend(self.arguments(node).map(|a| self.tested_name(a)));
            }
            // `yarl.URL(x).is_absolute()`: where it fails, `x` names no host.
            "is_absolute" => {
                names.extend(
                    self.object_of(callee)
                        .map(|o| (o, self.url_parsed(o)))
                        .filter(|(object, url)| object != url)
                        .map(|(_, url)| url),
                );
            }
            _ => {}
        }
        if matches!(
            method,
            "match"
                | "fullmatch"
                | "startswith"
                | "isdigit"
                | "isnumeric"
                | "isdecimal"
                | "isalnum"
                | "isalpha"
                | "isidentifier"
                | "startsWith"
                | "is_relative_to"
                | "starts_with"
        ) {
            // Rust's field expression names its receiver `value`.
            names.extend(
                self.child(callee, self.fields.object)
                    .or_else(|| self.flat.field(callee, "value"))
                    .filter(|&receiver| !(is_prefix_test(method) && self.unresolved_join(receiver)))
                    .map(|receiver| self.tested_name(receiver)),
            );
        }
    }

    /// `os.path.commonpath((os.path.realpath(p), BASE)) == BASE`: the paths compared
    /// (`p`), where the test holds, lie under the base.
    fn under_common_path(&self, node: u32) -> Vec<u32> {
        let mut names = Vec::new();
        for side in self.flat.named_children(node) {
            if !matches!(self.kind(side), "call") {
                continue;
            }
            let Some(callee) = self.child(side, self.fields.function) else {
                continue;
            };
            if !matches!(
                self.text(callee).rsplit('.').next(),
                Some("commonpath" | "commonprefix")
            ) {
                continue;
            }
            for paths in self.arguments(side) {
                names.extend(
                    self.flat
                        .named_children(paths)
                        .map(|path| self.tested_name(path)),
                );
            }
        }
        names
    }

    /// The side of an equality test (`x == "ls"`, `x is None`) whose other side is a
    /// constant: a plain string, a number, `None`, `null` or `undefined`.
    fn compared_to_constant(&self, node: u32) -> Option<u32> {
        let sides: Vec<u32> = self.flat.named_children(node).collect();
        let [left, right] = sides[..] else {
            return None;
        };
        let constant = |side: u32| {
            matches!(
                self.kind(side),
                "string" | "string_literal" | "none" | "null" | "undefined" | "integer" | "number"
            ) && !self
                .flat
                .named_children(side)
                .any(|part| self.kind(part) == "interpolation")
        };
        match (constant(left), constant(right)) {
            (false, true) => Some(left),
            (true, false) => Some(right),
            _ => None,
        }
    }

    /// `u.hostname`, `e.origin`, `parsed.netloc`: the part of a URL that says where it
    /// goes.
    fn names_host(&self, node: u32) -> bool {
        matches!(self.kind(node), "member_expression" | "attribute")
            && self
                .text(node)
                .rsplit('.')
                .next()
                .is_some_and(|last| matches!(last, "origin" | "hostname" | "host" | "netloc"))
    }

    /// The URL a parser was given (`x` in `urlparse(x)`, `yarl.URL(x)`, `new URL(x)`), or
    /// the node itself.
    fn url_parsed(&self, node: u32) -> u32 {
        if !matches!(
            self.kind(node),
            "call" | "call_expression" | "new_expression"
        ) {
            return node;
        }
        let callee = self
            .child(node, self.fields.function)
            .or_else(|| self.flat.field(node, "constructor"));
        let parses = callee.is_some_and(|c| {
            matches!(
                self.text(c).rsplit('.').next(),
                Some("urlparse" | "urlsplit" | "URL" | "parse" | "urlParse")
            )
        });
        // Python's parsers read `\\evil.com` as a path where browsers go to its host: a
        // check through them holds once backslashes were made slashes.
        let python_unsafe = self.family == Family::Python && !self.backslashes_replaced(node);
        match self.arguments(node).next() {
            Some(url) if parses && !python_unsafe => self.tested_name(url),
            _ => node,
        }
    }

    /// Whether the code before `node` in its function turns backslashes into slashes
    /// (`x.replace("\\", "/")`).
    fn backslashes_replaced(&self, node: u32) -> bool {
        let before = self.code_before(node);
        before.contains(r#"replace("\\""#) || before.contains(r"replace('\\'")
    }

    /// Whether `node` names a path joined from input and not resolved since
    /// (`p = os.path.join(BASE, name)`, `let p = base.join(&name)`): a prefix test on it
    /// vouches for nothing, as `p.starts_with(base)` holds for `base/../x`. A test on the
    /// resolved path (`realpath(p).startswith(BASE)`) is a call, not a name, and vouches.
    fn unresolved_join(&self, node: u32) -> bool {
        if self.family == Family::Ecma || self.kind(node) != "identifier" {
            return false;
        }
        let Some(taint) = self.env_get(self.text(node)) else {
            return false;
        };
        for (_, step) in taint.steps.iter().rev() {
            if RESOLVING.iter().any(|r| step.contains(r)) {
                return false;
            }
            if UNRESOLVED_JOINS.iter().any(|j| step.starts_with(j)) {
                return true;
            }
        }
        false
    }

    /// The name a guard's argument tests: `x` in `&x`, `x.as_str()`, `&*x`.
    fn tested_name(&self, mut node: u32) -> u32 {
        for _ in 0..4 {
            node = match self.kind(node) {
                "reference_expression" | "unary_expression" | "parenthesized_expression" => {
                    match self.flat.named_children(node).last() {
                        Some(inner) => inner,
                        None => break,
                    }
                }
                "call" | "call_expression" => match self.callee_of(node) {
                    Some(callee)
                        if self.kind(callee) == "field_expression"
                            && self.tables.passes_receiver(
                                self.text(callee).rsplit('.').next().unwrap_or(""),
                            ) =>
                    {
                        match self.object_of(callee) {
                            Some(object) => object,
                            None => break,
                        }
                    }
                    // A path made absolute or normal is the path tested
                    // (`os.path.abspath(p).startswith(BASE)` tests `p`).
                    Some(callee) if normalises_path(self.text(callee)) => {
                        match self.arguments(node).next() {
                            Some(argument) => argument,
                            None => break,
                        }
                    }
                    _ => break,
                },
                _ => break,
            };
        }
        node
    }
}

/// A path prefix test: where it holds, the path starts with the base it names.
fn is_prefix_test(method: &str) -> bool {
    matches!(method, "startswith" | "starts_with" | "is_relative_to")
}

/// Steps a value takes that join a path from its parts without resolving it: the parts'
/// `..` survive, so `base/../etc/passwd` starts with `base`. (Node's `path.join` resolves
/// them, so JavaScript has none.)
const UNRESOLVED_JOINS: &[&str] = &[
    "through os.path.join()",
    "through posixpath.join()",
    "through .joinpath()",
    "formatted by .join()",
    "through .push()",
];

/// Steps that resolve a path (`..` gone, or symlinks followed as well).
const RESOLVING: &[&str] = &[
    "realpath",
    "abspath",
    "normpath",
    "resolve",
    "canonicalize",
    "normalize",
    "absolutize",
    "clean()",
];

/// Functions that return the path they are given made absolute or normal.
fn normalises_path(callee: &str) -> bool {
    matches!(
        callee,
        "os.path.abspath"
            | "os.path.realpath"
            | "os.path.normpath"
            | "abspath"
            | "realpath"
            | "normpath"
            | "path.resolve"
            | "path.normalize"
    )
}

/// A predicate that by its name checks where a URL leads (`isLocalURL`, `is_safe_redirect`,
/// `isAllowedHost`): `is`, a verdict and what it vets.
fn vets_a_url(function: &str) -> bool {
    let name = function.to_ascii_lowercase().replace('_', "");
    name.starts_with("is")
        && [
            "safe",
            "local",
            "allowed",
            "valid",
            "trusted",
            "relative",
            "sameorigin",
            "internal",
        ]
        .iter()
        .any(|verdict| name.contains(verdict))
        && ["url", "uri", "redirect", "host", "origin", "target", "next"]
            .iter()
            .any(|what| name.contains(what))
}

#[cfg(test)]
mod tests {
    use super::vets_a_url;

    #[test]
    fn a_predicate_vets_a_url_by_its_name() {
        for name in [
            "isLocalURL",
            "is_safe_redirect",
            "isAllowedHost",
            "is_valid_next",
        ] {
            assert!(vets_a_url(name), "{name}");
        }
        for name in ["isString", "is_valid", "validateUrl", "isLocal", "hasHost"] {
            assert!(!vets_a_url(name), "{name}");
        }
    }
}
