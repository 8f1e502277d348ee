//! `repotoire query TOOL [--arg value …] [--json] [--path PATH]`: any registered tool from
//! the shell. Arguments are typed by the tool's input schema.

use std::io::Write;

use anyhow::{Context, bail};
use serde_json::{Map, Value};

use crate::cli::args::{GlobalArgs, QueryArgs};
use crate::tools::workspace::WorkspaceOptions;
use crate::tools::{Control, Tool, ToolError, Workspace, registry};

pub fn run(global: &GlobalArgs, args: QueryArgs) -> anyhow::Result<i32> {
    let mut out = std::io::stdout().lock();
    let Some((name, rest)) = args.rest.split_first() else {
        writeln!(out, "Tools (repotoire query TOOL --help for arguments):")?;
        for tool in registry::all() {
            writeln!(
                out,
                "  {:<16} {}",
                tool.name(),
                first_sentence(tool.description())
            )?;
        }
        return Ok(crate::cli::EXIT_OK);
    };
    if matches!(name.as_str(), "--help" | "-h" | "help") {
        return run(
            global,
            QueryArgs {
                rest: Vec::new(),
                ..args
            },
        );
    }
    let Some(tool) = registry::get(name) else {
        let known: Vec<&str> = registry::all().iter().map(|t| t.name()).collect();
        bail!("no tool `{name}`; tools: {}", known.join(", "));
    };
    let mut rest = rest.to_vec();
    // `--json` and `--path` may come after the tool too, unless the tool has a `path`
    // argument of its own (read_file, write_file…): then `--path` is the tool's, and the
    // repository root goes before the tool's name.
    let mut json = args.json;
    let mut path = args.path.clone();
    if let Some(at) = rest.iter().position(|a| a == "--json") {
        rest.remove(at);
        json = true;
    }
    if !properties_have_path(tool)
        && let Some(at) = rest.iter().position(|a| a == "--path")
    {
        let Some(value) = rest.get(at + 1).cloned() else {
            bail!("--path needs a value")
        };
        rest.drain(at..=at + 1);
        path = value.into();
    }
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        write!(out, "{}", help(tool))?;
        return Ok(crate::cli::EXIT_OK);
    }
    let arguments = parse_arguments(tool, &rest)?;
    let options = WorkspaceOptions {
        use_cache: !global.no_cache,
        max_file_size: global.max_file_size,
        live: false,
    };
    let ws = Workspace::open(&path, &options)?;
    match registry::call(&ws, name, arguments, &Control::none()) {
        Ok(reply) => {
            if json {
                serde_json::to_writer_pretty(&mut out, &reply.json)
                    .context("writing the answer")?;
                writeln!(out)?;
            } else {
                write!(out, "{}", reply.text)?;
                if !reply.text.ends_with('\n') {
                    writeln!(out)?;
                }
            }
            out.flush()?;
            Ok(crate::cli::EXIT_OK)
        }
        Err(ToolError::Invalid(message)) => bail!("{name}: {message}"),
        Err(err) => bail!("{name}: {err}"),
    }
}

fn first_sentence(text: &str) -> &str {
    text.split_once(". ").map_or(text, |(first, _)| first)
}

/// `--name value` pairs (or `--name=value`, or a lone `--flag` for booleans, or one JSON
/// object) as the tool's JSON arguments, each value typed by the schema.
pub fn parse_arguments(tool: &dyn Tool, rest: &[String]) -> anyhow::Result<Value> {
    if let [only] = rest
        && only.trim_start().starts_with('{')
    {
        return serde_json::from_str(only).context("arguments: not a JSON object");
    }
    let schema = tool.input_schema();
    let properties = match schema.get("properties") {
        Some(Value::Object(p)) => p.clone(),
        _ => Map::new(),
    };
    let mut out = Map::new();
    let mut i = 0;
    while i < rest.len() {
        let Some(flag) = rest[i].strip_prefix("--") else {
            bail!(
                "{}: unexpected `{}`; arguments are `--name value` (see `repotoire query {} --help`)",
                tool.name(),
                rest[i],
                tool.name()
            );
        };
        let (key, inline) = match flag.split_once('=') {
            Some((k, v)) => (k.replace('-', "_"), Some(v.to_string())),
            None => (flag.replace('-', "_"), None),
        };
        let Some(property) = properties.get(&key) else {
            let known: Vec<&str> = properties.keys().map(String::as_str).collect();
            bail!(
                "{}: unknown argument `--{key}`; it takes {}",
                tool.name(),
                if known.is_empty() {
                    "none".into()
                } else {
                    known
                        .iter()
                        .map(|k| format!("--{k}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            );
        };
        let kind = type_of(property);
        let value = match inline {
            Some(v) => v,
            None if kind == "boolean" && rest.get(i + 1).is_none_or(|n| n.starts_with("--")) => {
                "true".into()
            }
            None => {
                i += 1;
                rest.get(i)
                    .cloned()
                    .with_context(|| format!("--{key} needs a value"))?
            }
        };
        let typed = match kind {
            "integer" => Value::from(
                value
                    .parse::<i64>()
                    .with_context(|| format!("--{key}: `{value}` is not a whole number"))?,
            ),
            "number" => Value::from(
                value
                    .parse::<f64>()
                    .with_context(|| format!("--{key}: `{value}` is not a number"))?,
            ),
            "boolean" => Value::Bool(
                value
                    .parse::<bool>()
                    .with_context(|| format!("--{key}: `{value}` is not true or false"))?,
            ),
            "array" => {
                let items = value
                    .split(',')
                    .map(|s| Value::String(s.trim().to_string()));
                match out.remove(&key) {
                    Some(Value::Array(mut existing)) => {
                        existing.extend(items);
                        Value::Array(existing)
                    }
                    _ => Value::Array(items.collect()),
                }
            }
            _ => {
                // `--query session cookie`: words up to the next flag belong to the value.
                let mut value = value;
                while let Some(word) = rest.get(i + 1).filter(|w| !w.starts_with("--")) {
                    value.push(' ');
                    value.push_str(word);
                    i += 1;
                }
                Value::String(value)
            }
        };
        out.insert(key, typed);
        i += 1;
    }
    Ok(Value::Object(out))
}

/// The JSON type of a property: the first non-null of `type`, `string` for `$ref` enums.
fn type_of(property: &Value) -> &str {
    match property.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(Value::Array(types)) => types
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or("string"),
        _ => "string",
    }
}

fn help(tool: &dyn Tool) -> String {
    let schema = tool.input_schema();
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut text = format!("{}\n\n{}\n\nArguments:\n", tool.name(), tool.description());
    if let Some(Value::Object(properties)) = schema.get("properties") {
        for (name, property) in properties {
            let description = property
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("");
            text.push_str(&format!(
                "  --{name} <{}>{}  {}\n",
                type_of(property),
                if required.contains(&name.as_str()) {
                    " (required)"
                } else {
                    ""
                },
                description.replace('\n', " ")
            ));
        }
    }
    if properties_have_path(tool) {
        text.push_str(
            "\nAlso: --json (structured answer); the repository root as `repotoire query --path ROOT TOOL …` (default .)\n",
        );
    } else {
        text.push_str(
            "\nAlso: --json (structured answer), --path PATH (repository root, default .)\n",
        );
    }
    text
}

/// Whether the tool has a `path` argument of its own.
fn properties_have_path(tool: &dyn Tool) -> bool {
    tool.input_schema()
        .get("properties")
        .is_some_and(|p| p.get("path").is_some())
}
