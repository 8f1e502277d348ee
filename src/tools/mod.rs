//! The one tool registry: graph queries, findings and search, each a `TypedTool` in its own
//! file. The CLI (`repotoire query`), the MCP server and the agent all read `registry::all()`;
//! nothing else lists tools.
//!
//! A tool is synchronous and CPU-bound: it reads the workspace's current state (an immutable
//! snapshot and what is derived from it) and answers with data (structured JSON), a concise
//! text for models, and next-step hints.

pub mod coding;
pub mod findings;
pub mod graph;
pub mod lookup;
pub mod registry;
pub mod search;
pub mod workspace;

use std::sync::atomic::{AtomicBool, Ordering};

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

pub use workspace::Workspace;

/// The longest text a tool returns to a model; beyond it the text is cut and says so.
pub const MAX_TEXT_CHARS: usize = 12_000;

/// A follow-up a model (or person) can make next: the tool and the arguments to pass.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
pub struct Hint {
    pub tool: String,
    pub arguments: Value,
    pub why: String,
}

impl Hint {
    pub fn new(tool: &str, arguments: Value, why: &str) -> Hint {
        Hint {
            tool: tool.into(),
            arguments,
            why: why.into(),
        }
    }
}

/// What a typed tool answers.
pub struct Answer<T> {
    pub data: T,
    /// For models: short, bounded, and saying when it left things out.
    pub text: String,
    pub next: Vec<Hint>,
}

/// A tool's answer in the two forms every front end needs.
#[derive(Debug, Clone)]
pub struct Reply {
    /// The text with next-step hints appended (and a note when it was cut).
    pub text: String,
    /// The structured answer: the tool's data plus `next`.
    pub json: Value,
    /// The text uncut, with the hints: the agent keeps it in its session and decides
    /// itself how much the model sees.
    pub whole: String,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ToolError {
    /// The call cannot work as made; the message says how to fix it.
    #[error("{0}")]
    Invalid(String),
    #[error("no tool `{name}`; tools: {known}")]
    UnknownTool { name: String, known: String },
    #[error("cancelled")]
    Cancelled,
    #[error("{0}")]
    Failed(String),
}

/// What a running call can see of its caller: cancellation and a progress sink.
pub struct Control<'a> {
    cancelled: &'a AtomicBool,
    progress: &'a (dyn Fn(f64, f64, &str) + Sync),
}

static NEVER: AtomicBool = AtomicBool::new(false);

impl<'a> Control<'a> {
    pub fn new(
        cancelled: &'a AtomicBool,
        progress: &'a (dyn Fn(f64, f64, &str) + Sync),
    ) -> Control<'a> {
        Control {
            cancelled,
            progress,
        }
    }

    /// No cancellation, progress dropped (the CLI, tests).
    pub fn none() -> Control<'static> {
        Control {
            cancelled: &NEVER,
            progress: &|_, _, _| {},
        }
    }

    pub fn check(&self) -> Result<(), ToolError> {
        if self.cancelled.load(Ordering::Relaxed) {
            Err(ToolError::Cancelled)
        } else {
            Ok(())
        }
    }

    pub fn progress(&self, done: f64, total: f64, message: &str) {
        (self.progress)(done, total, message);
    }
}

/// What a tool works on, which decides where it runs and who is offered it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Reads the snapshot and what is derived from it: CPU-bound (the rayon pool). Offered
    /// everywhere: CLI, MCP, agent.
    Graph,
    /// Reads or changes the working tree or runs commands: blocking I/O (a blocking thread).
    /// Offered to our agent and `repotoire query`, not to MCP clients, which bring their own
    /// file tools and shell under their own approvals.
    Coding,
}

/// A tool with typed arguments and output; the schemas come from the types.
pub trait TypedTool: Send + Sync + 'static {
    type Args: DeserializeOwned + JsonSchema;
    type Output: Serialize + JsonSchema;
    const NAME: &'static str;
    const DESCRIPTION: &'static str;
    /// Whether the tool leaves the workspace as it found it (MCP `readOnlyHint`).
    const READ_ONLY: bool = true;
    const KIND: Kind = Kind::Graph;

    fn run(
        &self,
        ws: &Workspace,
        args: Self::Args,
        control: &Control,
    ) -> Result<Answer<Self::Output>, ToolError>;
}

/// What the registry holds: any `TypedTool`, type-erased.
pub trait Tool: Send + Sync {
    fn name(&self) -> &'static str;
    fn description(&self) -> &'static str;
    fn read_only(&self) -> bool;
    fn kind(&self) -> Kind;
    fn input_schema(&self) -> Map<String, Value>;
    fn output_schema(&self) -> Map<String, Value>;
    fn call(&self, ws: &Workspace, args: Value, control: &Control) -> Result<Reply, ToolError>;
}

impl<T: TypedTool> Tool for T {
    fn name(&self) -> &'static str {
        T::NAME
    }

    fn description(&self) -> &'static str {
        T::DESCRIPTION
    }

    fn read_only(&self) -> bool {
        T::READ_ONLY
    }

    fn kind(&self) -> Kind {
        T::KIND
    }

    fn input_schema(&self) -> Map<String, Value> {
        schema_object::<T::Args>()
    }

    fn output_schema(&self) -> Map<String, Value> {
        let mut schema = schema_object::<T::Output>();
        let hint = serde_json::to_value(schemars::schema_for!(Hint)).unwrap_or(Value::Null);
        if let Some(Value::Object(properties)) = schema.get_mut("properties") {
            properties.insert(
                "next".into(),
                json!({"type": "array", "items": strip_meta(hint)}),
            );
        }
        schema
    }

    fn call(&self, ws: &Workspace, args: Value, control: &Control) -> Result<Reply, ToolError> {
        let args = if args.is_null() {
            Value::Object(Map::new())
        } else {
            args
        };
        check_names(T::NAME, &args, &self.input_schema())?;
        let parsed: T::Args = serde_json::from_value(args).map_err(|e| {
            ToolError::Invalid(format!("{}: {e} (see the tool's input schema)", T::NAME))
        })?;
        if T::KIND == Kind::Graph && !ws.is_ready() {
            return Err(ToolError::Failed(format!(
                "graph still loading ({}); file tools (read_file, grep, glob) work already",
                ws.progress().read()
            )));
        }
        let answer = self.run(ws, parsed, control)?;
        Ok(reply(answer))
    }
}

/// Unknown argument names are refused with the list of known ones (serde's flatten cannot).
fn check_names(tool: &str, args: &Value, schema: &Map<String, Value>) -> Result<(), ToolError> {
    let Value::Object(given) = args else {
        return Err(ToolError::Invalid(format!(
            "{tool}: arguments must be a JSON object"
        )));
    };
    let known: Vec<&String> = match schema.get("properties") {
        Some(Value::Object(properties)) => properties.keys().collect(),
        _ => Vec::new(),
    };
    if let Some(unknown) = given.keys().find(|k| !known.contains(k)) {
        let list: Vec<&str> = known.iter().map(|k| k.as_str()).collect();
        return Err(ToolError::Invalid(format!(
            "{tool}: unknown argument `{unknown}`; it takes {}",
            if list.is_empty() {
                "no arguments".to_string()
            } else {
                list.join(", ")
            }
        )));
    }
    Ok(())
}

fn reply<T: Serialize>(answer: Answer<T>) -> Reply {
    let mut json = serde_json::to_value(&answer.data).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut json {
        map.insert(
            "next".into(),
            serde_json::to_value(&answer.next).unwrap_or(Value::Null),
        );
    }
    let mut hints = String::new();
    if !answer.next.is_empty() {
        hints.push_str("\nNext:");
        for hint in &answer.next {
            hints.push_str(&format!(
                "\n- {} {} — {}",
                hint.tool, hint.arguments, hint.why
            ));
        }
    }
    let whole = format!("{}{hints}", answer.text);
    let text = format!("{}{hints}", bounded(answer.text, MAX_TEXT_CHARS));
    Reply { text, json, whole }
}

/// Cuts `text` to about `limit` characters on a line boundary, saying how much went.
pub fn bounded(mut text: String, limit: usize) -> String {
    if text.len() <= limit {
        return text;
    }
    let mut cut = limit;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    if let Some(newline) = text[..cut].rfind('\n') {
        cut = newline;
    }
    let dropped = text[cut..].lines().count();
    text.truncate(cut);
    text.push_str(&format!(
        "\n… output cut: {dropped} more lines (narrow the query or page with offset/limit)"
    ));
    text
}

/// A type's JSON Schema as an object, draft 2020-12, without the `$schema`/`title` noise.
fn schema_object<T: JsonSchema>() -> Map<String, Value> {
    match strip_meta(serde_json::to_value(schemars::schema_for!(T)).unwrap_or(Value::Null)) {
        Value::Object(map) => map,
        _ => {
            let mut map = Map::new();
            map.insert("type".into(), Value::String("object".into()));
            map
        }
    }
}

fn strip_meta(mut schema: Value) -> Value {
    if let Value::Object(map) = &mut schema {
        map.remove("$schema");
        map.remove("title");
    }
    drop_rust_formats(&mut schema);
    schema
}

/// schemars marks integers `uint32`, `int64`…: not JSON Schema formats, and validators in
/// clients warn about each. The integer type with `minimum` already says it.
fn drop_rust_formats(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if map.get("format").and_then(Value::as_str).is_some_and(|f| {
                matches!(
                    f,
                    "uint"
                        | "uint8"
                        | "uint16"
                        | "uint32"
                        | "uint64"
                        | "int"
                        | "int8"
                        | "int16"
                        | "int32"
                        | "int64"
                        | "float"
                        | "double"
                )
            }) {
                map.remove("format");
            }
            map.values_mut().for_each(drop_rust_formats);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_rust_formats),
        _ => {}
    }
}

/// Whether a root-relative `path` is `prefix` or inside it (an empty prefix is the root).
pub fn is_under(path: &str, prefix: &str) -> bool {
    let prefix = prefix.trim_end_matches('/');
    prefix.is_empty()
        || path == prefix
        || path
            .strip_prefix(prefix)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// Default and ceiling for list sizes in tool answers.
pub const DEFAULT_LIMIT: usize = 20;
pub const MAX_LIMIT: usize = 500;

pub fn limit(requested: Option<usize>) -> usize {
    requested.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT)
}
