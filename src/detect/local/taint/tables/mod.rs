//! Sources, sanitisers and pass-through calls per language family: the data in
//! `detectors/taint/<family>.toml`, read once, and the questions the analysis asks of it
//! (sinks are data too, in each rule's `[[sink]]` entries).

mod lookup;

use std::sync::OnceLock;

use serde::Deserialize;

use lookup::{Names, Paths};

use crate::detect::finding::Severity;
use crate::detect::local::Ctx;
use crate::lang::Family;

/// One family's table, as `detectors/taint/<family>.toml` writes it.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    #[serde(default)]
    request_names: Names,
    /// Frameworks whose module holds the current request as a global (`flask.request`,
    /// `bottle.request`): written module-qualified, it is the request too.
    #[serde(default)]
    request_modules: Names,
    #[serde(default)]
    request_fields: Names,
    #[serde(default)]
    request_state: Names,
    #[serde(default)]
    lambda_events: Names,
    #[serde(default)]
    lambda_handlers: Vec<String>,
    /// A function of any name whose parameters are an event and one of these (`(event,
    /// context)`) is a handler too: functions are named for the platform in its config.
    #[serde(default)]
    lambda_contexts: Names,
    #[serde(default)]
    route_methods: Names,
    /// Methods that register a handler a client drives (an MCP server's `tool`): the
    /// function given to them (Python: decorated by them) takes its parameters from outside.
    #[serde(default)]
    handler_methods: Names,
    /// Parameter decorators through which a framework fills a parameter from the request
    /// (NestJS's `@Query('q') q`, `@Body() dto`).
    #[serde(default)]
    request_decorators: Names,
    /// Methods a server calls per request on a handler object (`do_GET` of http.server's
    /// `BaseHTTPRequestHandler`, `prefix*`), and the fields of `self` holding that request.
    #[serde(default)]
    handler_verbs: Vec<String>,
    #[serde(default)]
    handler_fields: Names,
    #[serde(default)]
    injected_calls: Vec<String>,
    #[serde(default)]
    injected_types: Names,
    #[serde(default)]
    safe_types: Names,
    #[serde(default)]
    extractors: Vec<String>,
    /// Extractors that take no type parameter (`Multipart`): the request's body whatever
    /// function declares them.
    #[serde(default)]
    plain_extractors: Vec<String>,
    /// How request filter chains start (`warp::`): a closure one of their methods takes is
    /// a handler.
    #[serde(default)]
    filter_chains: Vec<String>,
    #[serde(default)]
    body_types: Names,
    #[serde(default, rename = "source")]
    sources: Vec<Source>,
    #[serde(default)]
    sanitisers: Sanitisers,
    #[serde(default)]
    flow: Flow,
    /// The first segment of every `read` source (`sys` of `sys.argv`): most attribute
    /// texts the analysis asks about start with none of them.
    #[serde(skip)]
    read_heads: rustc_hash::FxHashSet<String>,
    /// Each `call` source by its callee, at its place among the sources.
    #[serde(skip)]
    source_calls: Paths,
}

/// A read (`sys.argv`) or a call (`input()`) that yields untrusted data.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Source {
    read: Option<String>,
    call: Option<String>,
    /// How a finding names it; the read or call itself by default.
    what: Option<String>,
    /// Set by the process's own operator (argv, environment, terminal).
    #[serde(default)]
    local: bool,
}

impl Source {
    fn describe(&self) -> String {
        match (&self.what, &self.read, &self.call) {
            (Some(what), _, _) => what.clone(),
            (None, Some(read), _) => read.clone(),
            (None, None, Some(call)) => format!("{call}()"),
            (None, None, None) => String::new(),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sanitisers {
    #[serde(default)]
    prefixes: Vec<String>,
    #[serde(default)]
    calls: Paths,
    #[serde(default)]
    methods: Names,
    /// Receivers that escape what they format: `Markup("<b>{}</b>").format(x)`.
    #[serde(default)]
    escaping_formats: Paths,
    /// Calls that percent-encode a URL but keep its structure (`encodeURI`): clean only
    /// for sinks that say so (`SinkSpec::uri_encoded_ok`).
    #[serde(default)]
    uri_encoders: Paths,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Flow {
    #[serde(default)]
    formats: Names,
    #[serde(default)]
    appends: Names,
    #[serde(default)]
    fills: Names,
    #[serde(default)]
    receiver: Names,
    #[serde(default)]
    arguments: Paths,
    #[serde(default)]
    stringify: Names,
    /// `open(path)`: a file the program opens at a path of its own is its own; what it
    /// reads is as known as the path (only what `--audit` reports is judged by this).
    #[serde(default)]
    opens: Paths,
}

const TEXTS: [(Family, &str, &str); 3] = [
    (
        Family::Python,
        "detectors/taint/python.toml",
        include_str!("../../../../../detectors/taint/python.toml"),
    ),
    (
        Family::Ecma,
        "detectors/taint/ecma.toml",
        include_str!("../../../../../detectors/taint/ecma.toml"),
    ),
    (
        Family::Rust,
        "detectors/taint/rust.toml",
        include_str!("../../../../../detectors/taint/rust.toml"),
    ),
];

/// The embedded tables, each parsed when its family's first file is analysed (a test
/// parses each, so a bad one fails the build's tests rather than a user's run).
static TABLES: [OnceLock<Tables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// The tables' texts: cached results depend on them as on the rules.
pub fn texts() -> impl Iterator<Item = &'static str> {
    TEXTS.iter().map(|(_, _, text)| *text)
}

pub fn of(family: Family) -> &'static Tables {
    let index = TEXTS.iter().position(|(f, _, _)| *f == family).unwrap_or(0);
    TABLES[index].get_or_init(|| {
        let (_, path, text) = TEXTS[index];
        let mut tables: Tables =
            toml::from_str(text).unwrap_or_else(|err| panic!("{path} is not a taint table: {err}"));
        tables.read_heads = tables
            .sources
            .iter()
            .filter_map(|s| s.read.as_deref())
            .map(|read| read.split('.').next().unwrap_or(read).to_string())
            .collect();
        tables.source_calls = Paths::indexed(
            tables
                .sources
                .iter()
                .enumerate()
                .filter_map(|(at, s)| Some((s.call.clone()?, at))),
        );
        tables
    })
}

/// The head of a type: `web::Query<Info>` → `Query`, `&State<Db>` → `State`.
fn type_head(text: &str) -> &str {
    let text = text
        .trim()
        .trim_start_matches('&')
        .trim_start_matches("mut ");
    let text = text.split('<').next().unwrap_or(text).trim();
    text.rsplit("::").next().unwrap_or(text)
}

/// `sql`, `query`, `raw_sql`, `stmt`: a parameter that holds a statement, not a value.
pub fn names_sql(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    matches!(lower.as_str(), "sql" | "query" | "stmt" | "statement" | "q")
        || lower.ends_with("_sql")
        || lower.ends_with("_query")
}

/// The severity and message tail of a finding whose value came from `source`: input from
/// the process's own operator (command line, environment, terminal) rather than from the
/// network is reported low, since whoever sets it can usually run code anyway (CodeQL's
/// default threat model leaves such sources out).
pub fn source_trust(family: Family, source: &str) -> (Option<Severity>, &'static str) {
    let (severity, tail, _) = source_trust_in(family, source, true);
    (severity, tail)
}

/// `source_trust` for a rule that says whether the operator's input counts
/// (`local_input`). Where it does not (a command-line tool opens the files it is told to),
/// such input is still a value the program does not choose: an audit finding, as any value
/// of unknown origin at that sink is. The flag says so (`true`: audit only).
pub fn source_trust_in(
    family: Family,
    source: &str,
    local_input: bool,
) -> (Option<Severity>, &'static str, bool) {
    if of(family)
        .sources
        .iter()
        .any(|s| s.local && s.describe() == source)
    {
        if local_input {
            (
                Some(Severity::Low),
                " [local input: whoever sets it can usually run code already]",
                false,
            )
        } else {
            (
                Some(Severity::Low),
                " [local input: what the program is told to use, often its job; look twice where whoever sets it is not the operator]",
                true,
            )
        }
    } else {
        (None, "", false)
    }
}

/// The type an optional type holds (`Option<u32>`, `Optional[int]`, `int | None`), or the
/// type itself.
fn optional_of(text: &str) -> &str {
    if let Some(inner) = text
        .strip_prefix("Option<")
        .and_then(|t| t.strip_suffix('>'))
        .or_else(|| {
            text.strip_prefix("Optional[")
                .and_then(|t| t.strip_suffix(']'))
        })
    {
        return inner.trim();
    }
    match text.split_once('|') {
        Some((a, b)) if matches!(b.trim(), "None" | "null" | "undefined") => a.trim(),
        Some((a, b)) if matches!(a.trim(), "None" | "null" | "undefined") => b.trim(),
        _ => text,
    }
}

impl Tables {
    pub fn is_request_name(&self, name: &str) -> bool {
        self.request_names.has(name)
    }

    /// `body`, `query`, `params`: a field of the request the client wrote.
    pub fn is_request_field(&self, name: &str) -> bool {
        self.request_fields.has(name)
    }

    /// `user`, `session`, `method`: a field of the request the server keeps or decides.
    pub fn is_request_state_field(&self, name: &str) -> bool {
        self.request_state.has(name)
    }

    /// `request.user`, `request.session`, `req.method`: what the server keeps about a
    /// request or decides itself, not what the client wrote.
    pub fn request_state(&self, text: &str) -> bool {
        let mut parts = text.split('.');
        let (Some(first), Some(second)) = (parts.next(), parts.next()) else {
            return false;
        };
        self.is_request_name(first) && self.is_request_state_field(second)
    }

    /// The `event` of an AWS Lambda handler (`def lambda_handler(event, context)`,
    /// `exports.handler = async (event) => …`, `def resize(event, context)`): whatever
    /// invoked the function sent it.
    /// `params` gives the function's parameter names, in order (asked for only here).
    pub fn is_lambda_event(
        &self,
        function: &str,
        param: &str,
        params: impl FnOnce() -> Vec<String>,
    ) -> bool {
        if !self.lambda_events.has(param) {
            return false;
        }
        self.lambda_handlers
            .iter()
            .any(|h| match h.strip_prefix('*') {
                Some(suffix) => function.ends_with(suffix),
                None => function == h,
            })
            || matches!(params().as_slice(),
                [event, context] if event == param && self.lambda_contexts.has(context))
    }

    /// `self.path`, `self.headers[…]`, `self.rfile.read(…)` read in a request method of a
    /// handler object (`do_POST`): the request it handles.
    pub fn handler_source(&self, function: &str, text: &str) -> Option<String> {
        let field = text.strip_prefix("self.")?;
        let field = &field[..field.find(['.', '[', '(']).unwrap_or(field.len())];
        // `do_*`: the prefix and an HTTP verb, in capitals as servers spell them.
        let verb = self
            .handler_verbs
            .iter()
            .any(|v| match v.strip_suffix('*') {
                Some(prefix) => function.strip_prefix(prefix).is_some_and(|verb| {
                    !verb.is_empty() && verb.bytes().all(|b| b.is_ascii_uppercase())
                }),
                None => function == v,
            });
        (verb && self.handler_fields.has(field)).then(|| format!("self.{field}"))
    }

    /// The request decorator a parameter's text starts with (`@Query('cmd') cmd: string`).
    pub fn request_decorator<'p>(&self, param_text: &'p str) -> Option<&'p str> {
        let name = param_text.strip_prefix('@')?;
        let name = &name[..name.find(|c: char| !c.is_alphanumeric() && c != '_')?];
        self.request_decorators.has(name).then_some(name)
    }

    /// `@app.route("/u/<name>")`, `@router.get(…)`, `#[get("/u/{name}")]`: a web route,
    /// whose parameters the request fills (path segments, query and body fields).
    pub fn is_route_decorator(&self, decorator: &str) -> bool {
        if let Some(attribute) = decorator.strip_prefix("#[") {
            let head = attribute.split('(').next().unwrap_or("");
            let method = head.rsplit("::").next().unwrap_or(head);
            return attribute.contains('(') && self.route_methods.has(method);
        }
        let Some(head) = decorator
            .strip_prefix('@')
            .and_then(|d| d.split('(').next())
        else {
            return false;
        };
        decorator.contains('(')
            && head.contains('.')
            && head
                .rsplit('.')
                .next()
                .is_some_and(|method| self.route_methods.has(method))
    }

    /// `@mcp.tool`, `@mcp.tool()`, `server.tool`: registers a handler a client drives.
    pub fn is_handler_method(&self, callee: &str) -> bool {
        let head = callee.strip_prefix('@').unwrap_or(callee);
        let head = head.split('(').next().unwrap_or(head).trim();
        head.rsplit('.')
            .next()
            .is_some_and(|method| self.handler_methods.has(method))
    }

    /// A route parameter the framework injects rather than the request (`db =
    /// Depends(…)`, `request: Request`, `State(pool): State<Pool>`).
    pub fn injected_param(&self, param_text: &str) -> bool {
        if self.injected_calls.iter().any(|c| param_text.contains(c)) {
            return true;
        }
        param_text.split_once(':').is_some_and(|(_, t)| {
            self.injected_types
                .has(type_head(t.split('=').next().unwrap_or(t)))
        })
    }

    /// A parameter whose type is a request extractor (`Query<Params>`, `web::Json<T>`).
    pub fn extractor(&self, type_text: &str) -> Option<&str> {
        let head = type_head(type_text);
        let known = if type_text.contains('<') {
            &self.extractors
        } else {
            &self.plain_extractors
        };
        known.iter().find(|e| *e == head).map(String::as_str)
    }

    /// Whether `chain` (what a method is called on) is a request filter chain.
    pub fn is_filter_chain(&self, chain: &str) -> bool {
        self.filter_chains
            .iter()
            .any(|start| chain.starts_with(start.as_str()))
    }

    /// A handler's parameter of this type is its body (`body: String`).
    pub fn is_body_type(&self, type_text: &str) -> bool {
        self.body_types
            .has(type_text.trim().trim_start_matches("mut "))
    }

    /// A type that cannot carry an injection: numbers, booleans, and an extractor of one
    /// (`Path<u32>`).
    pub fn is_safe_type(&self, type_text: &str) -> bool {
        let text = optional_of(type_text.trim().trim_start_matches(':').trim());
        if self.safe_types.has(text) {
            return true;
        }
        self.extractor(text).is_some()
            && text
                .split_once('<')
                .and_then(|(_, inner)| inner.strip_suffix('>'))
                .is_some_and(|inner| self.safe_types.has(inner.trim()))
    }

    /// `request.GET…`, `req.body…`, `sys.argv`, `process.env…`: the source it reads, if any.
    pub fn source_attribute(&self, text: &str) -> Option<String> {
        let text = ["self.", "this."]
            .iter()
            .find_map(|p| text.strip_prefix(p))
            .unwrap_or(text);
        let text = match text.split_once('.') {
            Some((module, rest))
                if self.request_modules.has(module)
                    && self.is_request_name(rest.split(['.', '[', '(']).next().unwrap_or(rest)) =>
            {
                rest
            }
            _ => text,
        };
        let mut parts = text.split('.');
        let first = parts.next()?;
        let second = parts
            .next()
            .map(|s| s.split(['[', '(']).next().unwrap_or(s));
        if self.is_request_name(first)
            && let Some(second) = second.filter(|s| self.request_fields.has(s))
        {
            return Some(format!("{first}.{second}"));
        }
        if !self.read_heads.contains(first) {
            return None;
        }
        let second = second.unwrap_or("");
        self.sources
            .iter()
            .filter_map(|s| s.read.as_deref())
            .find(|k| k.split_once('.') == Some((first, second)))
            .map(str::to_string)
    }

    pub fn source_call(&self, callee: &str) -> Option<String> {
        if let Some(source) = self.source_attribute(callee) {
            return Some(source);
        }
        let at = self.source_calls.first(callee)?;
        self.sources.get(at).map(Source::describe)
    }

    pub fn is_sanitiser(&self, callee: &str, method: &str) -> bool {
        let starts = |prefix: &String| {
            method
                .get(..prefix.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
        };
        let s = &self.sanitisers;
        s.prefixes.iter().any(starts) || s.calls.has(callee) || s.methods.has(method)
    }

    /// Whether the call percent-encodes a URL and keeps its structure (`encodeURI`).
    pub fn is_uri_encoder(&self, callee: &str) -> bool {
        self.sanitisers.uri_encoders.has(callee)
    }

    /// Whether a format called on `receiver` (a call of it: `Markup(…)`) escapes.
    pub fn escapes_formatting(&self, receiver: &str) -> bool {
        self.sanitisers.escaping_formats.has(receiver)
    }

    /// `"…{}".format(x)`: the method builds its arguments into its receiver's string;
    /// `Some(false)` for a whole callee listed (`util.format`), whose receiver is a module.
    pub fn formats_arguments(&self, callee: &str, method: &str) -> Option<bool> {
        if callee.contains('.') && self.flow.formats.has(callee) {
            return Some(false);
        }
        self.flow.formats.has(method).then_some(true)
    }

    /// `s.push_str(x)`, `items.append(x)`: the receiver takes in the argument.
    pub fn appends(&self, method: &str) -> bool {
        self.flow.appends.has(method)
    }

    /// `stdin.read_line(&mut buf)`: the argument takes in what the receiver carries.
    pub fn fills(&self, method: &str) -> bool {
        self.flow.fills.has(method)
    }

    pub fn passes_receiver(&self, method: &str) -> bool {
        self.flow.receiver.has(method)
    }

    pub fn passes_arguments(&self, callee: &str) -> bool {
        self.flow.arguments.has(callee) || self.stringifies(callee)
    }

    /// Whether a call opens a file at the path its arguments give (`Flow::opens`).
    pub fn opens_file(&self, callee: &str) -> bool {
        self.flow.opens.has(callee)
    }

    /// `str(x)`, `String(x)`: the result is a string, no longer an object.
    pub fn stringifies(&self, callee: &str) -> bool {
        self.flow.stringify.has(callee)
    }
}

/// The parameter name of a parameter node, and the text of its declared type.
pub fn param_name<'s>(ctx: &Ctx<'s, '_>, param: u32) -> Option<(String, Option<&'s str>)> {
    let flat = ctx.flat;
    let identifier = |n: &u32| flat.kind(*n) == "identifier";
    let name_node = match flat.kind(param) {
        "identifier" => Some(param),
        "typed_parameter" => flat.named_children(param).next().filter(identifier),
        "default_parameter" | "typed_default_parameter" => flat.field(param, "name"),
        "required_parameter" | "optional_parameter" => {
            flat.field(param, "pattern").filter(identifier)
        }
        "assignment_pattern" => flat.field(param, "left").filter(identifier),
        // Rust: `name: T`, `mut name: T`, `Query(params): Query<T>`.
        "parameter" => flat
            .field(param, "pattern")
            .and_then(|p| match flat.kind(p) {
                "identifier" => Some(p),
                "tuple_struct_pattern" => flat.named_children(p).nth(1).filter(identifier),
                _ => None,
            }),
        _ => None,
    }?;
    let type_text = flat
        .field(param, "type")
        .map(|t| flat.text(t, ctx.source).trim_start_matches(':').trim());
    Some((flat.text(name_node, ctx.source).to_string(), type_text))
}

#[cfg(test)]
mod tests;
