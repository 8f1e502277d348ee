//! The `rule.toml` schema (see `detectors/README.md`) and the catalog of every detector:
//! the embedded rules plus the user's own from `.repotoire/detectors/` or the config.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::detect::finding::{Category, Severity};
use crate::detect::local::taint::SinkSpec;
use crate::lang::LangId;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_rules.rs"));
}

#[derive(Debug, thiserror::Error)]
pub enum RuleError {
    #[error("{path}: {reason}")]
    Invalid { path: String, reason: String },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// How a detector is implemented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Engine {
    /// Tree-sitter queries in `[query.<lang>]`, run in the file-local pass.
    Query,
    /// Rust code in the file-local pass (`detect/local/`).
    Local,
    /// Data flow from sources to sinks (`detect/local/taint/` + `detect/graph/taint.rs`).
    Taint,
    /// Rust code over the graph snapshot (`detect/graph/`).
    Graph,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Docs {
    pub what: String,
    pub why: String,
    pub example: String,
    pub instead: String,
}

/// One language's query and the filters queries cannot say.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuerySpec {
    pub scm: String,
    /// Skip matches inside a function or class whose name matches this regex.
    #[serde(default)]
    pub unless_enclosing: Option<String>,
    /// Report only inside a function or class whose name matches this regex.
    #[serde(default)]
    pub only_enclosing: Option<String>,
    /// Skip matches whose file path matches this regex.
    #[serde(default)]
    pub unless_path: Option<String>,
    /// Report only in files whose path matches this regex.
    #[serde(default)]
    pub only_path: Option<String>,
    /// Skip matches when one of the few lines above the match matches this regex.
    #[serde(default)]
    pub unless_above: Option<String>,
    /// Skip matches when the rest of their line, from where the match starts, matches
    /// this regex (a trailing comment that names a literal).
    #[serde(default)]
    pub unless_line_rest: Option<String>,
    /// Skip matches inside a function whose text matches this regex (the innermost
    /// function; e.g. one that escapes its values before marking the result safe).
    #[serde(default)]
    pub unless_function: Option<String>,
    /// Report only inside a function whose text matches this regex (an archive the same
    /// function saved from an upload).
    #[serde(default)]
    pub only_function: Option<String>,
    /// Report only in files whose text matches this regex (a parse call in a file that
    /// makes an unsafe parser).
    #[serde(default)]
    pub only_file: Option<String>,
    /// Report only inside a loop body (`for`/`while`/`loop`, not across a function).
    #[serde(default)]
    pub in_loop: bool,
    /// With `in_loop`: the capture named here must live outside the loop (not the loop's
    /// variable, not assigned in its body), else nothing is repeated across iterations.
    #[serde(default)]
    pub outlives_loop: Option<String>,
    /// Not when the capture named here is a name its function (or the file) only ever
    /// binds to constant strings (`el.innerHTML = name` after `const name = "<b>…</b>"`).
    #[serde(default)]
    pub unless_constant: Option<String>,
    /// Only when the capture named here is such a name (a signing key written in a
    /// `const` and passed by name).
    #[serde(default)]
    pub only_constant: Option<String>,
    /// Where a capture is a name, read the function it names in the file: skip the match
    /// when that function's text matches, or when the name names no function there.
    #[serde(default)]
    pub unless_defined: Option<DefinedFilter>,
    /// Only when the capture is a name its function (or the file) binds only to
    /// expressions matching the regex (`data` after `const data = req.body`); the capture's
    /// own text may match too.
    #[serde(default)]
    pub only_bound: Option<DefinedFilter>,
    /// Not when the capture is a name its function (or the file) binds only to expressions
    /// matching one entry's regex (only `false`, or only `true`: a flag always off or on).
    #[serde(default)]
    pub unless_bound: Vec<DefinedFilter>,
    /// Report only inside an `async` function.
    #[serde(default)]
    pub in_async: bool,
    /// Report only where a called name is the library function named: the name is read
    /// through the file's imports (`h.md5` after `import hashlib as h`, `md5` after `from
    /// hashlib import md5`, both `hashlib.md5`); a name no import binds is read as written.
    #[serde(default)]
    pub callee: Option<CalleeFilter>,
    /// What this query finds is for a review: low, reported only with `--audit`.
    #[serde(default)]
    pub audit: bool,
}

/// `unless_defined = { capture = "_handler", matches = '[.]origin' }`; `only_bound`'s and
/// `unless_bound`'s.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefinedFilter {
    /// The capture holding the name.
    pub capture: String,
    /// With `unless_defined`, a regex the named function's text must not match; with
    /// `only_bound`, one what the name is bound to must match.
    pub matches: String,
    /// With `only_bound`, a regex what the name is bound to must not match as well
    /// (`matches = '^"http://'`, `unless_matches = '^"http://localhost'`).
    #[serde(default)]
    pub unless_matches: Option<String>,
}

/// `callee = { capture = "_callee", path = '^hashlib\.(md5|sha1)$' }`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalleeFilter {
    /// The capture holding the called expression (a name or a dotted path).
    pub capture: String,
    /// A regex the library path must match.
    pub path: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    pub id: String,
    pub title: String,
    pub category: Category,
    pub severity: Severity,
    #[serde(default)]
    pub cwe: Option<String>,
    pub languages: Vec<String>,
    /// One line; `{capture}` is replaced by that capture's text.
    pub message: String,
    #[serde(default = "default_engine")]
    pub engine: Engine,
    /// Off unless enabled in the config.
    #[serde(default = "yes")]
    pub enabled: bool,
    /// Findings in test code are not reported.
    #[serde(default)]
    pub skip_tests: bool,
    /// Findings only in Rust crates with a library target (see `detect::libraries`).
    #[serde(default)]
    pub only_libraries: bool,
    /// Taint rules: input from the process's own operator (argv, environment, terminal)
    /// counts. `false` where handling it is the program's job (a CLI opens the file it is
    /// given, fetches the URL it is given).
    #[serde(default = "yes")]
    pub local_input: bool,
    /// The number a metric must exceed (metric detectors).
    #[serde(default)]
    pub threshold: Option<f64>,
    /// How sure a finding is: `high`, `medium` or `low` (SARIF `precision`).
    #[serde(default = "default_precision")]
    pub precision: String,
    pub docs: Docs,
    #[serde(default)]
    pub query: BTreeMap<String, QuerySpec>,
    /// Where a taint rule's values do harm (`engine = "taint"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sink: Vec<SinkSpec>,
    /// Rules that say more about the same line: where one of them reports it at least as
    /// severely, this rule's finding there is left out (`unsafe-deserialization` where
    /// `code-injection` traced the request into the same `pickle.loads`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub yields_to: Vec<String>,
    /// Where it came from (set by the loader).
    #[serde(skip)]
    pub source: String,
    /// Built into the binary (the tests hold these valid for every language).
    #[serde(skip)]
    pub embedded: bool,
}

fn default_engine() -> Engine {
    Engine::Query
}

fn yes() -> bool {
    true
}

fn default_precision() -> String {
    "high".into()
}

/// The languages a `[query.<key>]` section applies to.
pub fn query_languages(key: &str) -> &'static [LangId] {
    // `python-named`: a second query for a language, with filters of its own.
    let language = key.split_once('-').map_or(key, |(language, _)| language);
    match language {
        "python" => &[LangId::Python],
        "rust" => &[LangId::Rust],
        "ecma" => &[LangId::JavaScript, LangId::TypeScript, LangId::Tsx],
        "typescript" => &[LangId::TypeScript, LangId::Tsx],
        "javascript" => &[LangId::JavaScript],
        // JSX parses in the JavaScript and TSX grammars, not in plain TypeScript.
        "jsx" => &[LangId::JavaScript, LangId::Tsx],
        _ => &[],
    }
}

/// Claimable languages (`languages = [...]`) and their fixture extension.
pub const LANGUAGE_NAMES: &[(&str, &str)] = &[
    ("python", "py"),
    ("rust", "rs"),
    ("javascript", "js"),
    ("typescript", "ts"),
];

impl Rule {
    /// A rule from the text of its `rule.toml`, checked.
    pub fn parse(text: &str, source: &str) -> Result<Rule, RuleError> {
        let rule: Rule = toml::from_str(text).map_err(|e| RuleError::Invalid {
            path: source.to_string(),
            reason: e.to_string().trim().replace('\n', " "),
        })?;
        rule.checked(source, true)
    }

    /// A rule from the JSON `build.rs` made of its `rule.toml`, checked.
    fn from_json(text: &str, source: &str) -> Result<Rule, RuleError> {
        let rule: Rule = serde_json::from_str(text).map_err(|e| RuleError::Invalid {
            path: source.to_string(),
            reason: e.to_string(),
        })?;
        // The embedded sink patterns were parsed from their TOML by the tests
        // (`embedded_rules_are_their_toml_files`); parsing them again costs every run.
        rule.checked(source, false)
    }

    fn checked(self, source: &str, patterns: bool) -> Result<Rule, RuleError> {
        let invalid = |reason: String| RuleError::Invalid {
            path: source.to_string(),
            reason,
        };
        let rule = Rule {
            source: source.to_string(),
            ..self
        };
        if !is_kebab(&rule.id) {
            return Err(invalid(format!("id `{}` is not kebab-case", rule.id)));
        }
        if let Some(dir) = Path::new(source).parent().and_then(|p| p.file_name())
            && dir.to_string_lossy() != rule.id
            && source.ends_with("rule.toml")
        {
            return Err(invalid(format!(
                "id `{}` differs from its folder `{}`",
                rule.id,
                dir.to_string_lossy()
            )));
        }
        for language in &rule.languages {
            if !LANGUAGE_NAMES.iter().any(|(name, _)| name == language) {
                return Err(invalid(format!("unknown language `{language}`")));
            }
        }
        for key in rule.query.keys() {
            if query_languages(key).is_empty() {
                return Err(invalid(format!("unknown query section `[query.{key}]`")));
            }
        }
        if rule.engine == Engine::Query && rule.query.is_empty() {
            return Err(invalid(
                "a query rule needs at least one [query.<lang>] section".into(),
            ));
        }
        if rule.engine == Engine::Taint && rule.sink.is_empty() {
            return Err(invalid("a taint rule needs at least one [[sink]]".into()));
        }
        if rule.engine != Engine::Taint && !rule.sink.is_empty() {
            return Err(invalid("only a taint rule has [[sink]] entries".into()));
        }
        if let Some(problem) = rule
            .sink
            .iter()
            .filter(|_| patterns)
            .find_map(SinkSpec::problem)
        {
            return Err(invalid(problem));
        }
        if !matches!(rule.precision.as_str(), "high" | "medium" | "low") {
            return Err(invalid(format!(
                "precision `{}` is not high, medium or low",
                rule.precision
            )));
        }
        Ok(rule)
    }

    /// Whether this rule looks at files of `language`.
    pub fn claims(&self, language: LangId) -> bool {
        let name = match language {
            LangId::Python => "python",
            LangId::Rust => "rust",
            LangId::JavaScript => "javascript",
            LangId::TypeScript | LangId::Tsx => "typescript",
        };
        self.languages.iter().any(|l| l == name)
    }
}

fn is_kebab(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|part| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

/// Every rule the binary carries, sorted by id.
pub fn embedded() -> Result<Vec<Rule>, RuleError> {
    // Every analysis reads these before any file, so they are embedded as JSON (see
    // `build.rs`), which reads in about half the time their TOML took.
    let mut rules = embedded::EMBEDDED
        .iter()
        .map(|(path, json, _)| {
            Rule::from_json(json, &format!("detectors/{path}")).map(|rule| Rule {
                embedded: true,
                ..rule
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    rules.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(rules)
}

/// A digest of the text an embedded rule was read from (`source` as `embedded` sets it),
/// which says everything the rule holds.
pub fn embedded_digest(source: &str) -> Option<u128> {
    let path = source.strip_prefix("detectors/")?;
    embedded::EMBEDDED
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|(_, _, digest)| *digest)
}

/// The ids of the embedded rules, without reading them: each is its folder's name.
pub fn embedded_ids() -> impl Iterator<Item = &'static str> {
    embedded::EMBEDDED
        .iter()
        .filter_map(|(path, _, _)| path.rsplit('/').nth(1))
}

/// Rules from a folder of `<anything>/rule.toml` files (a user's own).
pub fn load_dir(dir: &Path) -> Result<Vec<Rule>, RuleError> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|source| RuleError::Io {
            path: dir.clone(),
            source,
        })?;
        for entry in entries {
            let path = entry
                .map_err(|source| RuleError::Io {
                    path: dir.clone(),
                    source,
                })?
                .path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "toml") {
                let text = std::fs::read_to_string(&path).map_err(|source| RuleError::Io {
                    path: path.clone(),
                    source,
                })?;
                let mut rule = Rule::parse(&text, &path.display().to_string())?;
                if !matches!(rule.engine, Engine::Query | Engine::Taint) {
                    return Err(RuleError::Invalid {
                        path: path.display().to_string(),
                        reason:
                            "user rules are query or taint rules (engine = \"query\" or \"taint\")"
                                .into(),
                    });
                }
                rule.source = path.display().to_string();
                out.push(rule);
            }
        }
    }
    out.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `build.rs` embeds (JSON) reads back as exactly the rule its `rule.toml` gives,
    /// for every rule; and a rule file that is not there is not embedded.
    #[test]
    fn embedded_rules_are_their_toml_files() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("detectors");
        let from_toml = load_all_toml(&dir);
        let embedded = embedded().expect("embedded rules");
        assert_eq!(
            embedded.len(),
            from_toml.len(),
            "a rule.toml is missing from the binary, or one too many"
        );
        for rule in &embedded {
            let toml_rule = from_toml
                .iter()
                .find(|r| r.id == rule.id)
                .unwrap_or_else(|| panic!("{} has no rule.toml", rule.id));
            let as_json = |r: &Rule| serde_json::to_value(r).expect("rule serialises");
            assert_eq!(as_json(rule), as_json(toml_rule), "{}", rule.id);
            assert_eq!(rule.source, toml_rule.source);
        }
    }

    /// The ids known without reading the rules are those the rules give.
    #[test]
    fn embedded_ids_are_the_embedded_rules_ids() {
        let mut ids: Vec<&str> = embedded_ids().collect();
        ids.sort_unstable();
        let rules = embedded().expect("embedded rules");
        assert_eq!(ids, rules.iter().map(|r| r.id.as_str()).collect::<Vec<_>>());
    }

    fn load_all_toml(root: &Path) -> Vec<Rule> {
        let mut rules = Vec::new();
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("detectors folder") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.file_name().is_some_and(|n| n == "rule.toml") {
                    let text = std::fs::read_to_string(&path).expect("rule text");
                    let relative = path.strip_prefix(root).expect("under detectors");
                    let source = format!(
                        "detectors/{}",
                        relative.to_string_lossy().replace('\\', "/")
                    );
                    rules.push(Rule::parse(&text, &source).unwrap_or_else(|e| panic!("{e}")));
                }
            }
        }
        rules
    }

    /// A field the schema lacks is refused in either form, as it was in TOML alone.
    #[test]
    fn unknown_fields_are_refused_in_either_form() {
        let (path, json, _) = embedded::EMBEDDED[0];
        let source = format!("detectors/{path}");
        assert!(Rule::from_json(json, &source).is_ok());
        assert!(Rule::from_json(&json.replacen('{', "{\"bogus\":1,", 1), &source).is_err());
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(&source))
            .expect("rule text");
        assert!(Rule::parse(&text, &source).is_ok());
        assert!(Rule::parse(&format!("bogus = 1\n{text}"), &source).is_err());
    }
}
