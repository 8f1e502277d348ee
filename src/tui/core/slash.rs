//! Slash commands: the workstation's own (`/help`, `/model`, …) and one per read-only tool
//! of the registry, with short aliases. They need no model. Arguments are words in the
//! order of the tool's required arguments (the last one takes the rest of the line) and
//! `name=value` for the others.

use serde_json::{Map, Value};

use crate::tools::registry;

/// Short names for the tools people reach for most.
pub const ALIASES: &[(&str, &str)] = &[
    ("callees", "find_callees"),
    ("callers", "find_callers"),
    ("cycles", "find_cycles"),
    ("explain", "explain_finding"),
    ("findings", "list_findings"),
    ("hotspots", "hotspots"),
    ("impact", "impact_of"),
    ("importers", "list_importers"),
    ("imports", "list_imports"),
    ("outline", "file_outline"),
    ("path", "trace_path"),
    ("search", "search_code"),
    ("stats", "graph_stats"),
    ("symbol", "find_symbol"),
];

/// The workstation's own commands and what they do.
pub const OWN: &[(&str, &str)] = &[
    ("help", "this list"),
    ("model", "show the model, or switch: /model PROVIDER/MODEL"),
    ("compact", "summarise older turns to free context"),
    ("clear", "start a new conversation"),
    ("sessions", "saved conversations"),
    ("resume", "open a saved conversation: /resume ID"),
    ("quit", "leave"),
];

#[derive(Debug, Clone, PartialEq)]
pub enum Slash {
    Help,
    Model(Option<String>),
    Compact,
    Clear,
    Sessions,
    Resume(String),
    Quit,
    Tool { name: String, args: Value },
}

/// The tools a slash command may run: those that change nothing.
fn tools() -> impl Iterator<Item = &'static dyn crate::tools::Tool> {
    registry::all().iter().copied().filter(|t| t.read_only())
}

/// Every command name a user can type, sorted.
pub fn names() -> Vec<String> {
    let mut names: Vec<String> = OWN.iter().map(|(n, _)| (*n).to_string()).collect();
    names.extend(ALIASES.iter().map(|(a, _)| (*a).to_string()));
    names.extend(tools().map(|t| t.name().to_string()));
    names.sort();
    names.dedup();
    names
}

pub fn help() -> String {
    let mut text = String::from("Commands (no model needed):\n");
    for (name, what) in OWN {
        text.push_str(&format!("  /{name:<10} {what}\n"));
    }
    text.push_str("Tools (read-only), by name or alias:\n");
    for tool in tools() {
        let aliases: Vec<&str> = ALIASES
            .iter()
            .filter(|(_, t)| *t == tool.name())
            .map(|(a, _)| *a)
            .filter(|a| *a != tool.name())
            .collect();
        let alias = if aliases.is_empty() {
            String::new()
        } else {
            format!(" (/{})", aliases.join(", /"))
        };
        let first = tool.description().split(". ").next().unwrap_or("");
        text.push_str(&format!("  /{}{alias}: {first}\n", tool.name()));
    }
    text.push_str(
        "Keys: Enter send · Alt+Enter or Ctrl+J newline · Up/Down history · Ctrl+G edit in $EDITOR · Tab complete or switch panel · PageUp/PageDown scroll · Ctrl+C cancel, twice to quit",
    );
    text
}

/// Parses a line that starts with `/`.
pub fn parse(line: &str) -> Result<Slash, String> {
    let line = line.trim();
    let body = line.strip_prefix('/').unwrap_or(line);
    let (word, rest) = body
        .split_once(char::is_whitespace)
        .map_or((body, ""), |(w, r)| (w, r.trim()));
    let optional = |rest: &str| (!rest.is_empty()).then(|| rest.to_string());
    match word {
        "help" | "?" => return Ok(Slash::Help),
        "quit" | "exit" | "q" => return Ok(Slash::Quit),
        "model" => return Ok(Slash::Model(optional(rest))),
        "compact" => return Ok(Slash::Compact),
        "clear" | "new" => return Ok(Slash::Clear),
        "sessions" => return Ok(Slash::Sessions),
        "resume" => {
            return optional(rest)
                .map(Slash::Resume)
                .ok_or_else(|| "/resume needs a session id (see /sessions)".to_string());
        }
        _ => {}
    }
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == word)
        .map_or(word, |(_, name)| name);
    let Some(tool) = tools().find(|t| t.name() == name) else {
        let writes = registry::get(name).is_some();
        return Err(if writes {
            format!("/{word} changes files or runs commands: ask the agent to do it")
        } else {
            format!("no command /{word}; /help lists them")
        });
    };
    Ok(Slash::Tool {
        name: tool.name().to_string(),
        args: arguments(&tool.input_schema(), rest)?,
    })
}

/// Words and `name=value` pairs as a tool's arguments.
fn arguments(schema: &Map<String, Value>, rest: &str) -> Result<Value, String> {
    let properties = schema.get("properties").and_then(Value::as_object);
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut args = Map::new();
    let mut words: Vec<&str> = Vec::new();
    for word in rest.split_whitespace() {
        match word.split_once('=') {
            Some((name, value)) if properties.is_some_and(|p| p.contains_key(name)) => {
                let parsed = serde_json::from_str::<Value>(value)
                    .ok()
                    .filter(|v| !v.is_string() || is_string(properties, name))
                    .unwrap_or_else(|| Value::String(value.to_string()));
                let parsed = if is_string(properties, name) && !parsed.is_string() {
                    Value::String(value.to_string())
                } else {
                    parsed
                };
                args.insert(name.to_string(), parsed);
            }
            _ => words.push(word),
        }
    }
    let open: Vec<&str> = required
        .iter()
        .copied()
        .filter(|r| !args.contains_key(*r))
        .collect();
    for (i, name) in open.iter().enumerate() {
        if words.is_empty() {
            return Err(format!("missing {name}: /TOOL {}", open.join(" ")));
        }
        let value = if i + 1 == open.len() {
            std::mem::take(&mut words).join(" ")
        } else {
            words.remove(0).to_string()
        };
        args.insert((*name).to_string(), Value::String(value));
    }
    if !words.is_empty() {
        return Err(format!(
            "too many words: `{}`; name other arguments as name=value",
            words.join(" ")
        ));
    }
    Ok(Value::Object(args))
}

fn is_string(properties: Option<&Map<String, Value>>, name: &str) -> bool {
    let Some(property) = properties.and_then(|p| p.get(name)) else {
        return false;
    };
    match property.get("type") {
        Some(Value::String(t)) => t == "string",
        Some(Value::Array(types)) => types.iter().any(|t| t == "string"),
        _ => false,
    }
}

/// Commands starting with `prefix` (without the slash).
pub fn complete_command(prefix: &str) -> Vec<String> {
    names()
        .into_iter()
        .filter(|n| n.starts_with(prefix))
        .collect()
}

/// The longest text every candidate starts with.
pub fn common_prefix(items: &[String]) -> String {
    let Some(first) = items.first() else {
        return String::new();
    };
    let mut end = first.len();
    for item in &items[1..] {
        end = first
            .char_indices()
            .zip(item.chars())
            .take_while(|((_, a), b)| a == b)
            .last()
            .map_or(0, |((i, a), _)| i + a.len_utf8())
            .min(end);
    }
    first[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn aliases_and_words_become_a_tool_call() {
        assert_eq!(
            parse("/callers flask.app.Flask.route").unwrap(),
            Slash::Tool {
                name: "find_callers".into(),
                args: json!({"symbol": "flask.app.Flask.route"})
            }
        );
        assert_eq!(
            parse("/search session cookie limit=3").unwrap(),
            Slash::Tool {
                name: "search_code".into(),
                args: json!({"query": "session cookie", "limit": 3})
            }
        );
        assert_eq!(
            parse("/path a.f b.g").unwrap(),
            Slash::Tool {
                name: "trace_path".into(),
                args: json!({"from": "a.f", "to": "b.g"})
            }
        );
        assert_eq!(
            parse("/stats").unwrap(),
            Slash::Tool {
                name: "graph_stats".into(),
                args: json!({})
            }
        );
    }

    #[test]
    fn what_cannot_run_says_why() {
        assert!(parse("/callers").unwrap_err().contains("missing symbol"));
        assert!(parse("/edit_file x").unwrap_err().contains("ask the agent"));
        assert!(parse("/nope").unwrap_err().contains("/help"));
        assert!(parse("/resume").unwrap_err().contains("session id"));
        assert_eq!(parse("/model").unwrap(), Slash::Model(None));
    }

    #[test]
    fn commands_complete_by_prefix() {
        let found = complete_command("call");
        assert_eq!(found, vec!["callees", "callers"]);
        assert_eq!(common_prefix(&found), "calle");
        assert!(help().contains("/find_callers (/callers)"));
    }
}
