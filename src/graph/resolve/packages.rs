//! The project's own npm packages, by the name in their `package.json`: a bare import of
//! that name (`from "zod/v4"`, a sibling in a monorepo) is the project's code where
//! TypeScript's resolver would find it in the tree: through the package's `exports` map
//! under the conditions TypeScript uses (`types`, `import`, `require`, `node`, `default`,
//! and the project's `customConditions`), or `types`/`typings`/`main`, or the package's
//! folder for a subpath when it has no `exports`. A target the tree lacks (a built
//! `dist/` file) leaves the import to a library, as the compiler would.

use super::names::{ProjectFiles, join};

/// The conditions TypeScript matches in `exports` without being told more.
const DEFAULT_CONDITIONS: &[&str] = &["default", "import", "node", "require", "types"];

#[derive(Debug, Default)]
pub struct Packages {
    /// (name, folder, `package.json`) of each package, longest name first so `@a/b-c` is
    /// tried before `@a/b`.
    packages: Vec<(String, String, serde_json::Value)>,
    /// Conditions besides the defaults (`compilerOptions.customConditions`), tried first.
    custom: Vec<String>,
}

impl Packages {
    pub fn new(project: &ProjectFiles, custom: Vec<String>) -> (Self, Vec<String>) {
        let mut packages = Vec::new();
        let mut warnings = Vec::new();
        for (path, text) in project {
            if !(path == "package.json" || path.ends_with("/package.json")) {
                continue;
            }
            let manifest: serde_json::Value = match serde_json::from_str(text) {
                Ok(value) => value,
                Err(err) => {
                    warnings.push(format!(
                        "{path}: not valid JSON ({err}); imports of its package are taken as a library's"
                    ));
                    continue;
                }
            };
            let Some(name) = manifest["name"].as_str().filter(|n| !n.is_empty()) else {
                continue;
            };
            let dir = path.strip_suffix("package.json").unwrap_or_default();
            let dir = dir.strip_suffix('/').unwrap_or(dir).to_string();
            packages.push((name.to_string(), dir, manifest));
        }
        packages.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.1.cmp(&b.1)));
        (Packages { packages, custom }, warnings)
    }

    /// Paths in the project (before extension resolution) a bare specifier may mean, best
    /// first; empty when no package of the project has its name.
    pub fn candidates(&self, spec: &str) -> Vec<String> {
        let mut out = Vec::new();
        for (name, dir, manifest) in &self.packages {
            let sub = match spec.strip_prefix(name.as_str()) {
                Some("") => ".".to_string(),
                Some(rest) if rest.starts_with('/') => format!(".{rest}"),
                _ => continue,
            };
            let exports = &manifest["exports"];
            let mut targets = exported(exports, &sub, &self.custom);
            if exports.is_null() {
                if sub == "." {
                    for field in ["types", "typings", "main"] {
                        targets.extend(manifest[field].as_str().map(str::to_string));
                    }
                    targets.push("./index".to_string());
                } else {
                    targets.push(sub.clone());
                }
            }
            for target in targets {
                let path = join(dir, target.trim_start_matches("./"));
                if !out.contains(&path) {
                    out.push(path);
                }
            }
            break;
        }
        out
    }
}

/// The targets `exports` gives a subpath (`.` or `./x`) under the conditions TypeScript
/// matches, custom ones first.
fn exported(exports: &serde_json::Value, sub: &str, custom: &[String]) -> Vec<String> {
    let entry = match exports {
        serde_json::Value::Object(map) if map.keys().any(|k| k.starts_with('.')) => {
            match map.get(sub) {
                Some(entry) => entry.clone(),
                None => {
                    // `"./*": "./src/*.ts"`: one wildcard, its capture substituted.
                    let mut found = serde_json::Value::Null;
                    for (key, entry) in map {
                        if let Some((prefix, suffix)) = key.split_once('*')
                            && let Some(captured) = sub
                                .strip_prefix(prefix)
                                .and_then(|rest| rest.strip_suffix(suffix))
                        {
                            found = substitute(entry, captured);
                            break;
                        }
                    }
                    found
                }
            }
        }
        // Conditions or a plain string stand for `.` alone.
        other if sub == "." => other.clone(),
        _ => serde_json::Value::Null,
    };
    let mut out = Vec::new();
    collect_targets(&entry, custom, &mut out);
    out.sort_by_key(|(rank, _)| *rank);
    out.into_iter().map(|(_, target)| target).collect()
}

/// The strings of a conditions tree TypeScript can reach, ranked: custom conditions, then
/// the defaults.
fn collect_targets(entry: &serde_json::Value, custom: &[String], out: &mut Vec<(u8, String)>) {
    match entry {
        serde_json::Value::String(target) => out.push((1, target.clone())),
        serde_json::Value::Array(items) => {
            for item in items {
                collect_targets(item, custom, out);
            }
        }
        serde_json::Value::Object(conditions) => {
            for (condition, value) in conditions {
                let rank = if custom.iter().any(|c| c == condition) {
                    0
                } else if DEFAULT_CONDITIONS.contains(&condition.as_str()) {
                    1
                } else {
                    continue;
                };
                let mut inner = Vec::new();
                collect_targets(value, custom, &mut inner);
                out.extend(inner.into_iter().map(|(r, t)| (rank.max(r), t)));
            }
        }
        _ => {}
    }
}

fn substitute(entry: &serde_json::Value, captured: &str) -> serde_json::Value {
    match entry {
        serde_json::Value::String(s) => serde_json::Value::String(s.replace('*', captured)),
        serde_json::Value::Array(items) => {
            serde_json::Value::Array(items.iter().map(|i| substitute(i, captured)).collect())
        }
        serde_json::Value::Object(map) => serde_json::Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), substitute(v, captured)))
                .collect(),
        ),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn packages(files: &[(&str, &str)], custom: &[&str]) -> Packages {
        let project: ProjectFiles = files
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect();
        Packages::new(&project, custom.iter().map(|c| c.to_string()).collect()).0
    }

    const ZOD: &str = r#"{"name": "zod", "exports": {"./v4": {"types": "./v4/index.d.cts",
        "@zod/source": "./src/v4/index.ts", "import": "./v4/index.js"}}}"#;

    #[test]
    fn custom_conditions_come_first_and_unknown_ones_are_never_taken() {
        let p = packages(&[("package.json", ZOD)], &["@zod/source"]);
        assert_eq!(p.candidates("zod/v4")[0], "src/v4/index.ts");
        let p = packages(&[("package.json", ZOD)], &[]);
        assert_eq!(
            p.candidates("zod/v4"),
            ["v4/index.js", "v4/index.d.cts"].map(String::from)
        );
        assert!(p.candidates("zodiac").is_empty());
        assert!(p.candidates("react").is_empty());
    }

    #[test]
    fn wildcard_exports_substitute_the_subpath() {
        let p = packages(
            &[(
                "packages/core/package.json",
                r#"{"name": "@acme/core", "exports": {"./*": {"types": "./src/*.ts"}}}"#,
            )],
            &[],
        );
        assert_eq!(
            p.candidates("@acme/core/util/fmt"),
            ["packages/core/src/util/fmt.ts"].map(String::from)
        );
        assert!(p.candidates("@acme/core").is_empty());
    }

    #[test]
    fn a_package_without_exports_uses_its_fields_and_folder() {
        let p = packages(
            &[("lib/package.json", r#"{"name": "lib", "main": "main.js"}"#)],
            &[],
        );
        assert_eq!(
            p.candidates("lib"),
            ["lib/main.js", "lib/index"].map(String::from)
        );
        assert_eq!(p.candidates("lib/a"), ["lib/a"].map(String::from));
    }
}
