//! `repotoire.toml` at the analysed root: which detectors run, their severities and
//! thresholds, excluded paths, extra rule folders and layering rules. Unknown keys are
//! errors naming the key and the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::detect::finding::Severity;

pub const FILE_NAME: &str = "repotoire.toml";

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{path}: {reason}")]
    Invalid { path: PathBuf, reason: String },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Globs (relative to the root) of files not to report on.
    #[serde(default)]
    pub exclude: Vec<String>,
    /// Report on vendored and minified code too (`VENDORED` is skipped by default).
    #[serde(default)]
    pub include_vendored: bool,
    /// Report audit findings too: dangerous sinks fed by values of unknown origin, for a
    /// security review (`analyze --audit`).
    #[serde(default)]
    pub audit: bool,
    /// Extra folders of user rules, relative to the root.
    #[serde(default)]
    pub rules: Vec<String>,
    #[serde(default)]
    pub detectors: Switches,
    /// Detector id → severity.
    #[serde(default)]
    pub severity: BTreeMap<String, String>,
    /// Detector id → threshold.
    #[serde(default)]
    pub thresholds: BTreeMap<String, f64>,
    /// Layers from top to bottom: a layer may import the layers below it, never above.
    #[serde(default)]
    pub layers: Vec<Layer>,
    /// Where the config came from (empty: defaults).
    #[serde(skip)]
    pub path: Option<PathBuf>,
    /// The analysed root (set by `load`), for detectors that read a file's text.
    #[serde(skip)]
    pub root: Option<PathBuf>,
    /// `excluded()`, built once: a watch session asks on every save.
    #[serde(skip)]
    excluded: std::sync::OnceLock<globset::GlobSet>,
}

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Switches {
    #[serde(default)]
    pub enable: Vec<String>,
    #[serde(default)]
    pub disable: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layer {
    pub name: String,
    pub paths: Vec<String>,
}

impl Config {
    /// Reads `<root>/repotoire.toml`, or the defaults when there is none.
    pub fn load(root: &Path) -> Result<Config, ConfigError> {
        let path = root.join(FILE_NAME);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Config {
                    root: Some(root.to_path_buf()),
                    ..Config::default()
                });
            }
            Err(source) => return Err(ConfigError::Io { path, source }),
        };
        let mut config = Config::parse(&text, &path)?;
        config.root = Some(root.to_path_buf());
        Ok(config)
    }

    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let mut config: Config = toml::from_str(text).map_err(|e| ConfigError::Invalid {
            path: path.to_path_buf(),
            reason: e.message().to_string() + &location(text, e.span()),
        })?;
        config.path = Some(path.to_path_buf());
        Ok(config)
    }

    fn invalid(&self, reason: String) -> ConfigError {
        ConfigError::Invalid {
            path: self
                .path
                .clone()
                .unwrap_or_else(|| PathBuf::from(FILE_NAME)),
            reason,
        }
    }

    /// Checks every detector id and value against the catalog.
    pub fn validate(&self, known: &dyn Fn(&str) -> bool) -> Result<(), ConfigError> {
        let unknown =
            |section: &str, id: &str| self.invalid(format!("unknown detector `{id}` in {section}"));
        for id in self.detectors.enable.iter().chain(&self.detectors.disable) {
            if !known(id) {
                return Err(unknown("[detectors]", id));
            }
        }
        for (id, severity) in &self.severity {
            if !known(id) {
                return Err(unknown("[severity]", id));
            }
            if Severity::parse(severity).is_none() {
                return Err(self.invalid(format!(
                    "[severity] {id} = \"{severity}\": expected critical, high, medium, low or info"
                )));
            }
        }
        for id in self.thresholds.keys() {
            if !known(id) {
                return Err(unknown("[thresholds]", id));
            }
        }
        for pattern in self
            .exclude
            .iter()
            .chain(self.layers.iter().flat_map(|l| &l.paths))
        {
            if let Err(err) = globset::Glob::new(pattern) {
                return Err(self.invalid(format!("glob `{pattern}`: {err}")));
            }
        }
        Ok(())
    }
}

fn location(text: &str, span: Option<std::ops::Range<usize>>) -> String {
    match span {
        Some(span) => {
            let line = text
                .get(..span.start)
                .map_or(0, |t| t.lines().count().max(1));
            format!(" (line {line})")
        }
        None => String::new(),
    }
}

/// Third-party code copied into a repository and minified bundles: not the user's to fix.
pub const VENDORED: &[&str] = &[
    "**/vendor/**",
    "**/vendors/**",
    "**/third_party/**",
    "**/*.min.js",
    "**/*-min.js",
    "**/*.bundle.js",
];

impl Config {
    /// The paths not reported on: `exclude`, plus `VENDORED` unless `include_vendored`.
    pub fn excluded(&self) -> &globset::GlobSet {
        self.excluded.get_or_init(|| {
            let vendored = if self.include_vendored {
                &[][..]
            } else {
                VENDORED
            };
            let patterns: Vec<String> = self
                .exclude
                .iter()
                .cloned()
                .chain(vendored.iter().map(|p| p.to_string()))
                .collect();
            globs(&patterns)
        })
    }
}

/// A set of globs matched against root-relative paths.
pub fn globs(patterns: &[String]) -> globset::GlobSet {
    let mut builder = globset::GlobSetBuilder::new();
    for pattern in patterns {
        if let Ok(glob) = globset::Glob::new(pattern) {
            builder.add(glob);
        }
    }
    builder
        .build()
        .unwrap_or_else(|_| globset::GlobSet::empty())
}
