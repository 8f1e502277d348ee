//! The user's agent settings: `$XDG_CONFIG_HOME/repotoire/config.toml` (else
//! `~/.config/repotoire/config.toml`). Keys may live here; they are never logged.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserConfig {
    /// `provider/model` used when `--model` is not given.
    pub model: Option<String>,
    pub max_turns: Option<u32>,
    /// Overrides the model's known context window (tokens).
    pub context_window: Option<u64>,
    /// Tools that run without asking.
    #[serde(default)]
    pub allow: Vec<String>,
    /// Tools that never run.
    #[serde(default)]
    pub deny: Vec<String>,
    #[serde(default)]
    pub providers: BTreeMap<String, ProviderSection>,
    #[serde(skip)]
    source: Option<PathBuf>,
}

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderSection {
    pub api_key: Option<String>,
    pub base_url: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{path}: {reason}")]
    Invalid { path: String, reason: String },
}

impl UserConfig {
    /// Where the user config lives, from the environment.
    pub fn default_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
        let base = env("XDG_CONFIG_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(|| env("HOME").map(|h| Path::new(&h).join(".config")))?;
        Some(base.join("repotoire").join("config.toml"))
    }

    /// Reads the file; a missing file is an empty config, a bad one an error naming it.
    pub fn load(path: Option<&Path>) -> Result<UserConfig, ConfigError> {
        let Some(path) = path else {
            return Ok(UserConfig::default());
        };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(UserConfig::default()),
            Err(e) => {
                return Err(ConfigError::Invalid {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                });
            }
        };
        let mut config: UserConfig = toml::from_str(&text).map_err(|e| ConfigError::Invalid {
            path: path.display().to_string(),
            reason: e.message().to_string(),
        })?;
        config.source = Some(path.to_path_buf());
        Ok(config)
    }

    /// The file's name for messages.
    pub fn source_name(&self) -> String {
        self.source.as_ref().map_or_else(
            || "~/.config/repotoire/config.toml".to_string(),
            |p| p.display().to_string(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_keys_are_errors_naming_the_key_and_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(
            &path,
            "model = \"openai/gpt-4.1\"\n[providers.openai]\napi_key = \"k\"\nbase_uri = \"x\"\n",
        )
        .unwrap();
        let err = UserConfig::load(Some(&path)).unwrap_err().to_string();
        assert!(
            err.contains("base_uri") && err.contains("config.toml"),
            "{err}"
        );
        std::fs::write(
            &path,
            "model = \"openai/gpt-4.1\"\nallow = [\"bash\"]\n[providers.openai]\napi_key = \"k\"\n",
        )
        .unwrap();
        let config = UserConfig::load(Some(&path)).unwrap();
        assert_eq!(config.allow, vec!["bash"]);
        assert!(
            UserConfig::load(Some(&dir.path().join("missing.toml")))
                .unwrap()
                .model
                .is_none()
        );
    }
}
