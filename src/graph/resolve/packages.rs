//! The project's own npm packages, by the name in their `package.json`: a bare import of
//! that name (`from "effect"`, `from "zod/v4"`, a sibling in a monorepo) is the project's
//! code, not a library's. The specifier goes through the package's `exports` map (or
//! `source`/`types`/`module`/`main`), and a built file there (`dist/esm/x.js`,
//! `dist/types/x.d.ts`) leads back to its source under `src/`.

use super::names::{ProjectFiles, join};

/// Folders builds write to: a path through them is looked for in `src/` as well.
const BUILD_DIRS: &[&str] = &[
    "build", "cjs", "dist", "dts", "es", "es2015", "esm", "esm5", "lib", "module", "out", "types",
];

#[derive(Debug, Default)]
pub struct Packages {
    /// (name, folder, `package.json`) of each package, longest name first so `@a/b-c` is
    /// tried before `@a/b`.
    packages: Vec<(String, String, serde_json::Value)>,
}

impl Packages {
    pub fn new(project: &ProjectFiles) -> (Self, Vec<String>) {
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
        (Packages { packages }, warnings)
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
            let mut targets = exported(&manifest["exports"], &sub);
            if sub == "." {
                for field in ["source", "types", "typings", "module", "main"] {
                    targets.extend(manifest[field].as_str().map(str::to_string));
                }
            }
            targets.push(sub.clone());
            targets.push(format!("./src/{}", sub.trim_start_matches(['.', '/'])));
            if sub == "." {
                // `src/three.js` for a package named `three` (an entry named after it).
                let last = name.rsplit('/').next().unwrap_or(name);
                targets.push(format!("./src/{last}"));
            }
            for target in targets {
                let target = target.trim_start_matches("./");
                for path in sources_of(target).iter().map(|t| join(dir, t)) {
                    if !out.contains(&path) {
                        out.push(path);
                    }
                }
            }
            break;
        }
        out
    }
}

/// The targets `exports` gives a subpath (`.` or `./x`), conditions that name sources
/// first.
fn exported(exports: &serde_json::Value, sub: &str) -> Vec<String> {
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
    collect_targets(&entry, &mut out);
    out.sort_by_key(|(rank, _)| *rank);
    out.into_iter().map(|(_, target)| target).collect()
}

/// Every string of a conditions tree, ranked: source conditions, then types, then the rest.
fn collect_targets(entry: &serde_json::Value, out: &mut Vec<(u8, String)>) {
    match entry {
        serde_json::Value::String(target) => out.push((2, target.clone())),
        serde_json::Value::Array(items) => items.iter().for_each(|i| collect_targets(i, out)),
        serde_json::Value::Object(conditions) => {
            for (condition, value) in conditions {
                let rank = if condition.contains("source") {
                    0
                } else if condition == "types" {
                    1
                } else {
                    2
                };
                let mut inner = Vec::new();
                collect_targets(value, &mut inner);
                out.extend(inner.into_iter().map(|(r, t)| (rank.min(r), t)));
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

/// A path in a package as written, then the source a built file under it comes from: declaration files
/// become `.ts`, and leading build folders give way to `src/` (`dist/types/a.d.ts` →
/// `src/a.ts`).
fn sources_of(path: &str) -> Vec<String> {
    let path = ["d.ts", "d.mts", "d.cts"]
        .iter()
        .find_map(|ext| path.strip_suffix(ext).map(|stem| format!("{stem}ts")))
        .unwrap_or_else(|| path.to_string());
    let mut out = vec![path.clone()];
    let segments: Vec<&str> = path.split('/').collect();
    let Some(start) = segments.iter().position(|s| BUILD_DIRS.contains(s)) else {
        return out;
    };
    let mut end = start;
    while end < segments.len() - 1 && BUILD_DIRS.contains(&segments[end]) {
        end += 1;
        let mut source: Vec<&str> = segments[..start].to_vec();
        source.push("src");
        source.extend(&segments[end..]);
        out.push(source.join("/"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn packages(files: &[(&str, &str)]) -> Packages {
        let project: ProjectFiles = files
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect();
        Packages::new(&project).0
    }

    #[test]
    fn conditions_that_name_sources_come_first() {
        let p = packages(&[(
            "package.json",
            r#"{"name": "zod", "exports": {"./v4": {"types": "./v4/index.d.cts",
                "@zod/source": "./src/v4/index.ts", "import": "./v4/index.js"}}}"#,
        )]);
        assert_eq!(p.candidates("zod/v4")[0], "src/v4/index.ts");
        assert!(p.candidates("zodiac").is_empty());
        assert!(p.candidates("react").is_empty());
    }

    #[test]
    fn built_paths_lead_back_to_sources() {
        let p = packages(&[(
            "packages/core/package.json",
            r#"{"name": "@acme/core", "exports": {".": {"types": "./dist/types/index.d.ts",
                "default": "./dist/esm5/index.js"}, "./*": "./dist/*.js"}}"#,
        )]);
        let root = p.candidates("@acme/core");
        assert!(
            root.contains(&"packages/core/src/index.ts".to_string()),
            "{root:?}"
        );
        let sub = p.candidates("@acme/core/util/fmt");
        assert!(
            sub.contains(&"packages/core/src/util/fmt.js".to_string()),
            "{sub:?}"
        );
    }

    #[test]
    fn a_package_without_exports_falls_back_to_its_folder_and_src() {
        let p = packages(&[("lib/package.json", r#"{"name": "lib", "main": "index.js"}"#)]);
        assert_eq!(
            p.candidates("lib"),
            ["lib/index.js", "lib", "lib/src", "lib/src/lib"].map(String::from)
        );
        assert_eq!(
            p.candidates("lib/a"),
            ["lib/a", "lib/src/a"].map(String::from)
        );
    }
}
