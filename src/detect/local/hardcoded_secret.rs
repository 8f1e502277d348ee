//! `hardcoded-secret`: known credential formats in string literals, and literals that
//! look like real secrets assigned to names that hold them.

use std::sync::LazyLock;

use regex_automata::meta::Regex as Compiled;

use crate::detect::local::functions::hit;
use crate::detect::local::{Ctx, Hit, secret_names};
use crate::parse::query::regexes::built_in_scanning;

// Searched through every string literal, docstrings included.
static KNOWN_KEY: LazyLock<Compiled> = LazyLock::new(|| {
    built_in_scanning(
        r"(AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{60,}|xox[baprs]-[A-Za-z0-9-]{10,}|sk_live_[0-9a-zA-Z]{24,}|AIza[0-9A-Za-z_-]{35}|-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----|sk-(proj-)?[A-Za-z0-9]{32,}|glpat-[A-Za-z0-9_-]{20})",
    )
});
fn entropy(text: &str) -> f64 {
    let mut counts = [0u32; 256];
    for byte in text.bytes() {
        counts[byte as usize] += 1;
    }
    let len = text.len() as f64;
    counts
        .iter()
        .filter(|c| **c > 0)
        .map(|&c| f64::from(c) / len)
        .map(|p| -p * p.log2())
        .sum()
}

/// How many of lower case, upper case, digits and other characters `text` mixes.
fn character_classes(text: &str) -> usize {
    let classes = [
        text.bytes().any(|b| b.is_ascii_lowercase()),
        text.bytes().any(|b| b.is_ascii_uppercase()),
        text.bytes().any(|b| b.is_ascii_digit()),
        text.bytes().any(|b| !b.is_ascii_alphanumeric()),
    ];
    classes.iter().filter(|c| **c).count()
}

/// The text of a string literal without quotes or prefixes.
fn string_value(text: &str) -> &str {
    let text = text.trim_start_matches(|c: char| c.is_ascii_alphabetic() && c != '"' && c != '\'');
    text.trim_matches(|c| c == '"' || c == '\'' || c == '`')
}

/// The name a string literal is assigned to, if it is the whole right-hand side (a key of
/// a dict or object is a name, not a value).
fn assigned_name<'a>(ctx: &'a Ctx<'_, '_>, string: u32) -> Option<&'a str> {
    let flat = ctx.flat;
    let parent = flat.parent(string)?;
    let (name, value) = match flat.kind(parent) {
        "assignment" | "assignment_expression" => ("left", "right"),
        "keyword_argument" | "variable_declarator" | "const_item" | "static_item" => {
            ("name", "value")
        }
        "let_declaration" => ("pattern", "value"),
        // A default argument (`def connect(password="…")`, `function f(token = "…")`).
        "default_parameter" | "typed_default_parameter" => ("name", "value"),
        "assignment_pattern" => ("left", "right"),
        "required_parameter" | "optional_parameter" => ("pattern", "value"),
        "pair" => ("key", "value"),
        _ => return None,
    };
    if flat.field(parent, value) != Some(string) {
        return None;
    }
    let name_node = flat.field(parent, name)?;
    let text = flat.text(name_node, ctx.source);
    if flat.kind(name_node) == "string" {
        return Some(string_value(text));
    }
    Some(text.rsplit(['.', ' ']).next().unwrap_or(text))
}

pub fn hardcoded_secret(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    for &string in &ctx.collected.strings {
        let raw = ctx.flat.text(string, ctx.source);
        if raw.len() > 4000 {
            continue;
        }
        let node = ctx.flat.entry(string).node;
        if let Some(found) = KNOWN_KEY.find(raw)
            && !secret_names::made_up_key(&raw[found.range()])
        {
            let kind = describe_key(&raw[found.range()]);
            hits.push(hit(
                "hardcoded-secret",
                node,
                format!("{kind} written into the source"),
            ));
            continue;
        }
        let Some(name) = assigned_name(ctx, string) else {
            continue;
        };
        if !secret_names::holds_secret(name) || secret_names::mentions_secret(name) {
            continue;
        }
        let value = string_value(raw);
        let password = secret_names::is_password(name);
        // A password is chosen by a person, not drawn at random: mixed character classes
        // say more of it than entropy does.
        let looks_real = if password {
            value.len() >= 8 && character_classes(value) >= 2
        } else {
            value.len() >= 12 && entropy(value) >= 3.3
        };
        if !looks_real
            || value.len() > 200
            || value.contains(char::is_whitespace)
            || secret_names::is_placeholder(value)
            || secret_names::is_word_path(value, password)
        {
            continue;
        }
        hits.push(hit(
            "hardcoded-secret",
            node,
            format!("`{name}` is set to a literal that looks like a real secret"),
        ));
    }
}

fn describe_key(key: &str) -> &'static str {
    match key.get(..3).unwrap_or("") {
        "AKI" => "an AWS access key",
        "gh" | "ghp" | "gho" | "ghu" | "ghs" | "ghr" | "git" => "a GitHub token",
        "xox" => "a Slack token",
        "sk_" => "a Stripe live key",
        "AIz" => "a Google API key",
        "---" => "a private key",
        "sk-" => "an OpenAI API key",
        "glp" => "a GitLab token",
        _ => "a credential",
    }
}
