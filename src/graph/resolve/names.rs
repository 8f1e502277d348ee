//! Module names: what each file is called in its language (DESIGN.md qualified names), and
//! the project files (Cargo.toml, tsconfig.json) that decide it.

use std::collections::{HashMap, HashSet};

use rustc_hash::FxHashMap;

use crate::lang::LangId;

/// Project files read once per build: relative path → contents.
pub type ProjectFiles = Vec<(String, String)>;

/// Where each Rust crate lives and what it is called.
#[derive(Debug, Default)]
pub struct Crates {
    /// Crate directory ("" for the root) → crate name (dashes as underscores).
    by_dir: Vec<(String, String)>,
    pub fallback: String,
    /// Crate name → the features a default build enables (`cfg.rs`).
    pub features: FxHashMap<String, rustc_hash::FxHashSet<String>>,
}

impl Crates {
    pub fn new(project: &ProjectFiles, root_name: &str) -> Self {
        let mut by_dir = Vec::new();
        let mut features = FxHashMap::default();
        for (path, text) in project {
            if !path.ends_with("Cargo.toml") {
                continue;
            }
            let Ok(parsed) = toml::from_str::<toml::Table>(text) else {
                continue;
            };
            if let Some(name) = cargo_package_name(&parsed) {
                let dir = path
                    .strip_suffix("Cargo.toml")
                    .unwrap_or("")
                    .trim_end_matches('/');
                let name = name.replace('-', "_");
                features.insert(name.clone(), default_features(&parsed));
                by_dir.push((dir.to_string(), name));
            }
        }
        // Longest directory first, so the nearest Cargo.toml wins.
        by_dir.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
        Crates {
            by_dir,
            fallback: sanitize_ident(root_name),
            features,
        }
    }

    /// The crate of a file and the file's path inside the crate directory.
    pub fn locate<'p>(&self, path: &'p str) -> (&str, &'p str) {
        for (dir, name) in &self.by_dir {
            if dir.is_empty() {
                return (name, path);
            }
            if let Some(rest) = path
                .strip_prefix(dir.as_str())
                .and_then(|r| r.strip_prefix('/'))
            {
                return (name, rest);
            }
        }
        (&self.fallback, path)
    }
}

/// `name = "…"` under `[package]`. A broken Cargo.toml elsewhere in the tree is skipped:
/// it must not stop the analysis.
fn cargo_package_name(parsed: &toml::Table) -> Option<String> {
    parsed
        .get("package")?
        .get("name")?
        .as_str()
        .map(str::to_string)
}

/// The features `default` enables, and those they enable in turn (`std = ["alloc"]`);
/// `dep:x` and `x/feature` entries are other crates' business.
fn default_features(parsed: &toml::Table) -> rustc_hash::FxHashSet<String> {
    let table = parsed.get("features").and_then(|f| f.as_table());
    let mut enabled = rustc_hash::FxHashSet::default();
    let mut pending = vec!["default".to_string()];
    while let Some(feature) = pending.pop() {
        if !enabled.insert(feature.clone()) {
            continue;
        }
        let implied = table
            .and_then(|t| t.get(&feature))
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str())
            .filter(|v| !v.starts_with("dep:") && !v.contains('/'));
        pending.extend(implied.map(str::to_string));
    }
    enabled
}

fn sanitize_ident(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if cleaned.is_empty() {
        "crate".into()
    } else {
        cleaned
    }
}

/// Qualified module name of a Rust file: `crate::a::b` by the default module layout
/// (`src/lib.rs` and `src/main.rs` are the crate root, `x/mod.rs` is `x`).
pub fn rust_module(crates: &Crates, path: &str) -> String {
    let (crate_name, rel) = crates.locate(path);
    let rel = rel.strip_prefix("src/").unwrap_or(rel);
    let rel = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut segments: Vec<&str> = rel.split('/').collect();
    if segments.last().is_some_and(|s| *s == "mod")
        || matches!(segments.as_slice(), ["lib"] | ["main"])
    {
        segments.pop();
    }
    let mut qn = crate_name.to_string();
    for segment in segments {
        qn.push_str("::");
        qn.push_str(segment);
    }
    qn
}

/// Python: the dotted path from the root (`__init__` is its package), and the name it is
/// imported by (from the topmost folder that is a package).
pub struct PythonNames {
    package_dirs: HashSet<String>,
    root_name: String,
}

impl PythonNames {
    pub fn new<'a>(paths: impl Iterator<Item = &'a str>, root_name: &str) -> Self {
        let mut package_dirs = HashSet::new();
        for path in paths {
            let (dir, file) = path.rsplit_once('/').unwrap_or(("", path));
            if file == "__init__.py" || file == "__init__.pyi" {
                package_dirs.insert(dir.to_string());
            }
        }
        PythonNames {
            package_dirs,
            root_name: sanitize_ident(root_name),
        }
    }

    fn segments(path: &str) -> Vec<&str> {
        let stem = path
            .strip_suffix(".pyi")
            .or_else(|| path.strip_suffix(".py"))
            .unwrap_or(path);
        let mut segments: Vec<&str> = stem.split('/').collect();
        if segments.last() == Some(&"__init__") {
            segments.pop();
        }
        segments
    }

    /// Qualified name from the analysed root.
    pub fn qualified(&self, path: &str) -> String {
        let segments = Self::segments(path);
        if segments.is_empty() {
            self.root_name.clone()
        } else {
            segments.join(".")
        }
    }

    /// The name `import` statements use for this file.
    pub fn import_name(&self, path: &str) -> String {
        let segments = Self::segments(path);
        let dirs: Vec<&str> = path.split('/').collect();
        let dirs = &dirs[..dirs.len().saturating_sub(1)];
        // The import root is the parent of the outermost package around the file; folders
        // without `__init__.py` below it are namespace portions of that package (PEP 420),
        // as `flask/sansio/` is in Flask.
        let outermost =
            (1..=dirs.len()).find(|&k| self.package_dirs.contains(&dirs[..k].join("/")));
        let depth = outermost.map_or(dirs.len(), |k| k - 1);
        let tail = segments.get(depth..).unwrap_or(&[]);
        if tail.is_empty() {
            self.qualified(path)
        } else {
            tail.join(".")
        }
    }

    pub fn is_package(path: &str) -> bool {
        path.ends_with("/__init__.py") || path.ends_with("/__init__.pyi") || path == "__init__.py"
    }
}

/// TS/JS: the path without its extension.
pub fn ecma_module(path: &str) -> String {
    for ext in [".d.ts", ".d.mts", ".d.cts"] {
        if let Some(stem) = path.strip_suffix(ext) {
            return stem.to_string();
        }
    }
    match path.rsplit_once('.') {
        Some((stem, _)) if !stem.ends_with('/') && !stem.is_empty() => stem.to_string(),
        _ => path.to_string(),
    }
}

/// `compilerOptions.baseUrl` and `paths` of each tsconfig.json / jsconfig.json.
#[derive(Debug, Default)]
pub struct TsConfigs {
    /// Deepest directory first.
    configs: Vec<TsConfig>,
    /// `compilerOptions.customConditions` of any config: the `exports` conditions the
    /// project's own packages are resolved with besides TypeScript's defaults.
    custom_conditions: Vec<String>,
}

#[derive(Debug)]
struct TsConfig {
    /// Directory of the config file.
    dir: String,
    /// `baseUrl`, resolved against `dir`.
    base: String,
    /// `paths`: pattern → substitutions.
    patterns: Vec<(String, Vec<String>)>,
}

impl TsConfigs {
    pub fn new(project: &ProjectFiles) -> (Self, Vec<String>) {
        let mut configs = Vec::new();
        let mut warnings = Vec::new();
        let mut parsed: HashMap<&str, serde_json::Value> = HashMap::new();
        for (path, text) in project {
            let manifest = path == "package.json" || path.ends_with("/package.json");
            if !path.ends_with(".json") || manifest {
                continue;
            }
            match serde_json::from_str(&strip_json_comments(text)) {
                Ok(value) => {
                    parsed.insert(path.as_str(), value);
                }
                Err(err) => warnings.push(format!(
                    "{path}: not valid JSON ({err}); its path aliases are ignored"
                )),
            }
        }
        for path in parsed
            .keys()
            .filter(|p| p.ends_with("tsconfig.json") || p.ends_with("jsconfig.json"))
        {
            let dir = path.rsplit_once('/').map_or("", |(d, _)| d).to_string();
            let (base_url, paths) = inherited_options(&parsed, path);
            let base = match &base_url {
                Some((from_dir, url)) => join(from_dir, url),
                None => dir.clone(),
            };
            let mut patterns = Vec::new();
            if let Some(paths) = paths.as_ref().and_then(|p| p.as_object()) {
                for (pattern, targets) in paths {
                    let targets = targets
                        .as_array()
                        .map(|t| {
                            t.iter()
                                .filter_map(|v| v.as_str().map(str::to_string))
                                .collect()
                        })
                        .unwrap_or_default();
                    patterns.push((pattern.clone(), targets));
                }
            }
            if base_url.is_some() || !patterns.is_empty() {
                configs.push(TsConfig {
                    dir,
                    base,
                    patterns,
                });
            }
        }
        configs.sort_by(|a, b| b.dir.len().cmp(&a.dir.len()).then(a.dir.cmp(&b.dir)));
        let mut custom_conditions: Vec<String> = parsed
            .values()
            .filter_map(|v| v["compilerOptions"]["customConditions"].as_array())
            .flatten()
            .filter_map(|c| c.as_str().map(str::to_string))
            .collect();
        custom_conditions.sort();
        custom_conditions.dedup();
        (
            TsConfigs {
                configs,
                custom_conditions,
            },
            warnings,
        )
    }

    pub fn custom_conditions(&self) -> &[String] {
        &self.custom_conditions
    }

    /// Candidate paths (without extension resolution) for a bare specifier in `from_file`.
    pub fn candidates(&self, from_file: &str, spec: &str) -> Vec<String> {
        let mut out = Vec::new();
        for TsConfig {
            dir,
            base,
            patterns,
        } in &self.configs
        {
            if !dir.is_empty() && !from_file.starts_with(&format!("{dir}/")) {
                continue;
            }
            for (pattern, targets) in patterns {
                let captured = match pattern.split_once('*') {
                    Some((prefix, suffix)) => spec
                        .strip_prefix(prefix)
                        .and_then(|rest| rest.strip_suffix(suffix))
                        .map(str::to_string),
                    None => (pattern == spec).then(String::new),
                };
                if let Some(captured) = captured {
                    for target in targets {
                        out.push(join(base, &target.replace('*', &captured)));
                    }
                }
            }
            out.push(join(base, spec));
            break;
        }
        out
    }
}

/// `baseUrl` (with the folder it is relative to) and `paths`, following `extends` to
/// configs inside the project: the nearest config that sets an option wins.
fn inherited_options(
    parsed: &HashMap<&str, serde_json::Value>,
    start: &str,
) -> (Option<(String, String)>, Option<serde_json::Value>) {
    let mut base_url = None;
    let mut paths = None;
    let mut current = start.to_string();
    for _ in 0..8 {
        let Some(value) = parsed.get(current.as_str()) else {
            break;
        };
        let dir = current.rsplit_once('/').map_or("", |(d, _)| d).to_string();
        let options = &value["compilerOptions"];
        if base_url.is_none() {
            base_url = options["baseUrl"]
                .as_str()
                .map(|u| (dir.clone(), u.to_string()));
        }
        if paths.is_none() && options["paths"].is_object() {
            paths = Some(options["paths"].clone());
        }
        match value["extends"].as_str() {
            Some(parent) if parent.starts_with('.') => {
                let parent = join(&dir, parent);
                current = if parent.ends_with(".json") {
                    parent
                } else {
                    format!("{parent}.json")
                };
            }
            _ => break,
        }
    }
    (base_url, paths)
}

/// Removes `//` and `/* */` comments and trailing commas (tsconfig is JSON with comments).
fn strip_json_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if c == '\\' {
                if let Some(next) = chars.next() {
                    out.push(next);
                }
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => {
                for next in chars.by_ref() {
                    if next == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut prev = ' ';
                for next in chars.by_ref() {
                    if prev == '*' && next == '/' {
                        break;
                    }
                    prev = next;
                }
            }
            _ => out.push(c),
        }
    }
    // Trailing commas before } or ].
    let mut cleaned = String::with_capacity(out.len());
    let bytes: Vec<char> = out.chars().collect();
    for (i, &c) in bytes.iter().enumerate() {
        if c == ',' {
            let next = bytes[i + 1..].iter().find(|c| !c.is_whitespace());
            if matches!(next, Some('}') | Some(']')) {
                continue;
            }
        }
        cleaned.push(c);
    }
    cleaned
}

/// Joins a relative path onto a directory, resolving `.` and `..`; `None`-free: a path
/// that climbs above the root stays clamped at the root.
pub fn join(dir: &str, rel: &str) -> String {
    let mut parts: Vec<&str> = if rel.starts_with('/') {
        Vec::new()
    } else {
        dir.split('/').filter(|p| !p.is_empty()).collect()
    };
    for part in rel.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.join("/")
}

/// Extensions tried, in order, when an import names a file without one.
pub const ECMA_EXTENSIONS: &[&str] =
    &["ts", "tsx", "d.ts", "mts", "cts", "js", "jsx", "mjs", "cjs"];

/// Resolves a relative or aliased ES module path to one of the known files. Every
/// unresolved import of a TS/JS project comes here with up to 19 candidates: they are
/// spelled in one reused buffer.
pub fn resolve_ecma_path(known: &FxHashMap<String, u32>, base: &str) -> Option<u32> {
    if let Some(&id) = known.get(base) {
        return Some(id);
    }
    // TS sources often import `./x.js` meaning `./x.ts`.
    let stem = ["js", "jsx", "mjs", "cjs"]
        .iter()
        .find_map(|ext| {
            base.strip_suffix(ext)
                .and_then(|rest| rest.strip_suffix('.'))
        })
        .unwrap_or(base);
    let mut candidate = String::with_capacity(base.len() + "/index.d.ts".len());
    for (head, joint) in [(stem, "."), (base, "/index.")] {
        for ext in ECMA_EXTENSIONS {
            candidate.clear();
            candidate.push_str(head);
            candidate.push_str(joint);
            candidate.push_str(ext);
            if let Some(&id) = known.get(candidate.as_str()) {
                return Some(id);
            }
        }
    }
    None
}

pub fn is_language(path: &str, lang: LangId) -> bool {
    crate::lang::for_path(path) == Some(lang)
}
