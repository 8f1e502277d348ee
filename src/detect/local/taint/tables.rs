//! Sources, sanitisers and pass-through calls per language family, kept apart from the
//! propagation logic in `mod.rs` (sinks are data in each rule's `[[sink]]` entries).

use crate::detect::finding::Severity;
use crate::detect::local::Ctx;
use crate::lang::Family;

const PY_REQUEST_SOURCES: &[&str] = &[
    "GET",
    "POST",
    "args",
    "form",
    "values",
    "json",
    "data",
    "files",
    "FILES",
    "cookies",
    "COOKIES",
    "headers",
    "body",
    "query_params",
    "META",
    "query_string",
    "get_json",
    "get_data",
    "stream",
    "view_args",
    "REQUEST",
];
const ECMA_REQUEST_SOURCES: &[&str] = &[
    "body",
    "query",
    "params",
    "cookies",
    "headers",
    "url",
    "originalUrl",
];

/// `sql`, `query`, `raw_sql`, `stmt`: a parameter that holds a statement, not a value.
pub fn names_sql(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    matches!(lower.as_str(), "sql" | "query" | "stmt" | "statement" | "q")
        || lower.ends_with("_sql")
        || lower.ends_with("_query")
}

pub fn is_request_name(name: &str) -> bool {
    matches!(name, "request" | "req")
}

/// `request.user`, `request.session`, `req.method`: what the server keeps about a request
/// or decides itself, not what the client wrote.
pub fn request_state(text: &str) -> bool {
    let mut parts = text.split('.');
    let (Some(first), Some(second)) = (parts.next(), parts.next()) else {
        return false;
    };
    is_request_name(first)
        && matches!(
            second,
            "user"
                | "session"
                | "scheme"
                | "method"
                | "is_secure"
                | "site"
                | "auth"
                | "app"
                | "state"
                | "resolver_match"
                | "_messages"
                | "current_app"
                | "config"
                | "protocol"
                | "secure"
                | "isAuthenticated"
                | "locals"
                | "id"
        )
}

/// The `event` of an AWS Lambda handler (`def lambda_handler(event, context)`,
/// `exports.handler = async (event) => …`): whatever invoked the function sent it.
pub fn is_lambda_event(function: &str, param: &str) -> bool {
    matches!(param, "event" | "evt")
        && (function == "handler" || function.ends_with("_handler") || function == "lambdaHandler")
}

/// `@app.route("/u/<name>")`, `@router.get(…)`, `@bp.post(…)`: a web route, whose
/// parameters the request fills (path segments, query and body fields).
pub fn is_route_decorator(decorator: &str) -> bool {
    let Some(head) = decorator
        .strip_prefix('@')
        .and_then(|d| d.split('(').next())
    else {
        return false;
    };
    decorator.contains('(')
        && head.contains('.')
        && head.rsplit('.').next().is_some_and(|method| {
            matches!(
                method,
                "route" | "get" | "post" | "put" | "patch" | "delete" | "api_route" | "websocket"
            )
        })
}

/// A route parameter the framework injects rather than the request (`db = Depends(…)`,
/// `request: Request`, `background_tasks: BackgroundTasks`).
pub fn injected_param(param_text: &str) -> bool {
    param_text.contains("Depends(")
        || param_text.contains("Security(")
        || param_text.split(':').nth(1).is_some_and(|t| {
            let t = t.split('=').next().unwrap_or(t).trim();
            matches!(
                t,
                "Request"
                    | "Response"
                    | "Session"
                    | "AsyncSession"
                    | "BackgroundTasks"
                    | "WebSocket"
            )
        })
}

/// `request.GET…`, `req.body…`, `sys.argv`, `process.env…`: the source it reads, if any.
pub fn source_attribute(family: Family, text: &str) -> Option<String> {
    let text = text
        .strip_prefix("self.")
        .or_else(|| text.strip_prefix("this."))
        .or_else(|| text.strip_prefix("flask."))
        .unwrap_or(text);
    let mut parts = text.split('.');
    let first = parts.next()?;
    let second = parts
        .next()
        .map(|s| s.split(['[', '(']).next().unwrap_or(s));
    let sources = if family == Family::Python {
        PY_REQUEST_SOURCES
    } else {
        ECMA_REQUEST_SOURCES
    };
    if is_request_name(first)
        && let Some(second) = second.filter(|s| sources.contains(s))
    {
        return Some(format!("{first}.{second}"));
    }
    let second = second.unwrap_or("");
    let known: &[&str] = match family {
        Family::Python => &["sys.argv", "os.environ", "sys.stdin"],
        Family::Ecma => &[
            "process.argv",
            "process.env",
            "location.hash",
            "location.search",
            "location.href",
            "window.location",
            "document.location",
            "document.URL",
            "document.cookie",
            "document.referrer",
            "window.name",
        ],
        Family::Rust => &[],
    };
    known
        .iter()
        .find(|k| k.split_once('.') == Some((first, second)))
        .map(|k| (*k).to_string())
}

/// Input from the process's own operator (command line, environment, terminal) rather than
/// from the network: the person who controls it can usually run code anyway, so a flow
/// from it is reported low (CodeQL's default threat model leaves such sources out).
pub fn is_local_source(source: &str) -> bool {
    let name = source.trim_end_matches("()");
    matches!(
        name,
        "sys.argv"
            | "os.environ"
            | "sys.stdin"
            | "input"
            | "raw_input"
            | "os.getenv"
            | "os.environ.get"
            | "sys.stdin.read"
            | "sys.stdin.readline"
            | "process.argv"
            | "process.env"
            | "prompt"
    )
}

/// The severity and message tail of a finding whose value came from `source`.
pub fn source_trust(source: &str) -> (Option<Severity>, &'static str) {
    if is_local_source(source) {
        (
            Some(Severity::Low),
            " [local input: whoever sets it can usually run code already]",
        )
    } else {
        (None, "")
    }
}

pub fn source_call(family: Family, callee: &str) -> Option<String> {
    if let Some(source) = source_attribute(family, callee) {
        return Some(source);
    }
    let known: &[&str] = match family {
        Family::Python => &[
            "input",
            "raw_input",
            "os.getenv",
            "os.environ.get",
            "sys.stdin.read",
            "sys.stdin.readline",
        ],
        Family::Ecma => &["prompt"],
        Family::Rust => &[],
    };
    if family == Family::Ecma && callee == "fetch" {
        return Some("a fetch() response".into());
    }
    known.contains(&callee).then(|| format!("{callee}()"))
}

pub fn is_sanitiser(family: Family, callee: &str, method: &str) -> bool {
    let starts = |prefix: &str| {
        method
            .get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    };
    if starts("sanitize")
        || starts("sanitise")
        || starts("escape")
        || starts("validate")
        || starts("quote")
    {
        return true;
    }
    match family {
        Family::Python => matches!(
            method,
            "int"
                | "float"
                | "bool"
                | "len"
                | "basename"
                | "secure_filename"
                | "safe_join"
                | "literal"
                | "uuid4"
                | "UUID"
                | "hexdigest"
                | "slugify"
                | "Decimal"
                | "ObjectId"
                | "url_for"
                | "reverse"
                | "reverse_lazy"
                | "resolve_url"
        ),
        _ => {
            matches!(
                callee,
                "parseInt"
                    | "parseFloat"
                    | "Number"
                    | "Boolean"
                    | "encodeURIComponent"
                    | "encodeURI"
                    | "path.basename"
            ) || matches!(
                method,
                "basename" | "escapeId" | "escapeLiteral" | "format" | "isValid" | "pick"
            )
        }
    }
}

pub fn formats_arguments(family: Family, method: &str) -> bool {
    match family {
        Family::Python => matches!(method, "format" | "join" | "format_map"),
        _ => matches!(method, "join" | "concat"),
    }
}

pub fn passes_receiver(family: Family, method: &str) -> bool {
    match family {
        Family::Python => matches!(
            method,
            "strip"
                | "lstrip"
                | "rstrip"
                | "lower"
                | "upper"
                | "replace"
                | "split"
                | "encode"
                | "decode"
                | "get"
                | "getlist"
                | "title"
                | "capitalize"
                | "splitlines"
                | "pop"
                | "copy"
                | "removeprefix"
                | "removesuffix"
                | "casefold"
        ),
        _ => matches!(
            method,
            "toString"
                | "trim"
                | "trimStart"
                | "trimEnd"
                | "toLowerCase"
                | "toUpperCase"
                | "slice"
                | "substring"
                | "substr"
                | "split"
                | "replace"
                | "replaceAll"
                | "get"
                | "at"
                | "padStart"
                | "padEnd"
                | "json"
                | "text"
                | "formData"
        ),
    }
}

pub fn passes_arguments(family: Family, callee: &str) -> bool {
    match family {
        Family::Python => matches!(
            callee,
            "str"
                | "os.path.join"
                | "urljoin"
                | "parse.urljoin"
                | "Path"
                | "pathlib.Path"
                | "f"
                | "json.loads"
                | "loads"
                | "base64.b64decode"
                | "b64decode"
                | "unquote"
                | "urllib.parse.unquote"
                | "parse.unquote"
        ),
        _ => matches!(
            callee,
            "String"
                | "path.join"
                | "path.resolve"
                | "url.resolve"
                | "decodeURIComponent"
                | "decodeURI"
                | "JSON.parse"
                | "atob"
                | "Buffer.from"
        ),
    }
}

/// The parameter name of a parameter node, and whether its declared type cannot carry
/// an injection (numbers, booleans).
pub fn param_name(ctx: &Ctx<'_, '_>, param: u32) -> Option<(String, bool)> {
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
        _ => None,
    }?;
    let type_text = flat
        .field(param, "type")
        .map(|t| flat.text(t, ctx.source).trim_start_matches(':').trim());
    let safe = type_text.is_some_and(|t| {
        matches!(
            t,
            "int" | "bool" | "float" | "number" | "boolean" | "Decimal"
        )
    });
    Some((flat.text(name_node, ctx.source).to_string(), safe))
}
