//! `PROVIDER/MODEL` → where to send requests, in which wire format, with which key, and how
//! large the model's context window is.

use std::fmt;

use crate::agent::config::UserConfig;
use crate::agent::provider::ProviderError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    Anthropic,
    OpenAi,
}

/// A provider we know: its wire format, key and base-URL variables, default base URL.
struct Known {
    name: &'static str,
    wire: Wire,
    key_var: &'static str,
    /// Local servers (Ollama) need no key.
    key_required: bool,
    base_var: &'static str,
    base_url: &'static str,
}

const PROVIDERS: &[Known] = &[
    Known {
        name: "anthropic",
        wire: Wire::Anthropic,
        key_var: "ANTHROPIC_API_KEY",
        key_required: true,
        base_var: "ANTHROPIC_BASE_URL",
        base_url: "https://api.anthropic.com",
    },
    Known {
        name: "openai",
        wire: Wire::OpenAi,
        key_var: "OPENAI_API_KEY",
        key_required: true,
        base_var: "OPENAI_BASE_URL",
        base_url: "https://api.openai.com/v1",
    },
    Known {
        name: "openrouter",
        wire: Wire::OpenAi,
        key_var: "OPENROUTER_API_KEY",
        key_required: true,
        base_var: "OPENROUTER_BASE_URL",
        base_url: "https://openrouter.ai/api/v1",
    },
    Known {
        name: "deepinfra",
        wire: Wire::OpenAi,
        key_var: "DEEPINFRA_API_KEY",
        key_required: true,
        base_var: "DEEPINFRA_BASE_URL",
        base_url: "https://api.deepinfra.com/v1/openai",
    },
    Known {
        name: "ollama",
        wire: Wire::OpenAi,
        key_var: "OLLAMA_API_KEY",
        key_required: false,
        base_var: "OLLAMA_BASE_URL",
        base_url: "http://localhost:11434/v1",
    },
];

/// The model used when neither `--model` nor the user config names one.
pub const DEFAULT_MODEL: &str = "anthropic/claude-sonnet-4-5";

#[derive(Clone)]
pub struct ModelSpec {
    pub provider: String,
    pub model: String,
    pub wire: Wire,
    /// Without a trailing `/`; the wire module appends its path.
    pub base_url: String,
    key: Option<String>,
    /// Context window in tokens.
    pub window: u64,
}

/// Never prints the key.
impl fmt::Debug for ModelSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ModelSpec")
            .field("provider", &self.provider)
            .field("model", &self.model)
            .field("wire", &self.wire)
            .field("base_url", &self.base_url)
            .field("key", &self.key.as_ref().map(|_| "<set>"))
            .field("window", &self.window)
            .finish()
    }
}

impl ModelSpec {
    /// Resolves `provider/model`: the key from the environment, else the user config; the
    /// base URL from the provider's variable (as the official SDKs read it), else the config,
    /// else the provider's default.
    pub fn resolve(
        spec: &str,
        config: &UserConfig,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<ModelSpec, ProviderError> {
        let (provider, model) = spec
            .split_once('/')
            .filter(|(p, m)| !p.is_empty() && !m.is_empty())
            .ok_or_else(|| ProviderError::UnknownModel(spec.to_string()))?;
        let known = PROVIDERS
            .iter()
            .find(|k| k.name == provider)
            .ok_or_else(|| ProviderError::UnknownModel(spec.to_string()))?;
        let section = config.providers.get(provider);
        let nonempty = |v: Option<String>| v.filter(|v| !v.trim().is_empty());
        let key = nonempty(env(known.key_var))
            .or_else(|| nonempty(section.and_then(|s| s.api_key.clone())));
        if key.is_none() && known.key_required {
            return Err(ProviderError::MissingKey {
                provider: provider.to_string(),
                variable: known.key_var.to_string(),
                config: config.source_name(),
            });
        }
        let base_url = nonempty(env(known.base_var))
            .or_else(|| nonempty(section.and_then(|s| s.base_url.clone())))
            .unwrap_or_else(|| known.base_url.to_string())
            .trim_end_matches('/')
            .to_string();
        let window = config.context_window.unwrap_or_else(|| window_of(model));
        Ok(ModelSpec {
            provider: provider.to_string(),
            model: model.to_string(),
            wire: known.wire,
            base_url,
            key,
            window,
        })
    }

    pub fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    pub fn name(&self) -> String {
        format!("{}/{}", self.provider, self.model)
    }
}

/// Context windows of the model families we know; 128k otherwise (override with
/// `context_window` in the user config).
pub fn window_of(model: &str) -> u64 {
    let model = model
        .rsplit('/')
        .next()
        .unwrap_or(model)
        .to_ascii_lowercase();
    let table: &[(&str, u64)] = &[
        ("claude", 200_000),
        ("gpt-4.1", 1_047_576),
        ("gpt-5", 400_000),
        ("gpt-4o", 128_000),
        ("o3", 200_000),
        ("o4", 200_000),
        ("gemini", 1_048_576),
        ("deepseek", 128_000),
        ("qwen", 128_000),
        ("llama", 128_000),
    ];
    table
        .iter()
        .find(|(prefix, _)| model.starts_with(prefix))
        .map_or(128_000, |(_, w)| *w)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_string())
        }
    }

    #[test]
    fn keys_and_base_urls_come_from_the_environment_first() {
        let config = UserConfig::default();
        let spec = ModelSpec::resolve(
            "anthropic/claude-sonnet-4-5",
            &config,
            &env(&[
                ("ANTHROPIC_API_KEY", "sk-secret"),
                ("ANTHROPIC_BASE_URL", "http://127.0.0.1:9/"),
            ]),
        )
        .unwrap();
        assert_eq!(spec.base_url, "http://127.0.0.1:9");
        assert_eq!(spec.window, 200_000);
        assert!(!format!("{spec:?}").contains("sk-secret"));
        let err = ModelSpec::resolve("openai/gpt-4.1", &config, &env(&[])).unwrap_err();
        assert!(err.to_string().contains("OPENAI_API_KEY"), "{err}");
        assert!(ModelSpec::resolve("ollama/llama3.1", &config, &env(&[])).is_ok());
        assert!(matches!(
            ModelSpec::resolve("gpt-4", &config, &env(&[])),
            Err(ProviderError::UnknownModel(_))
        ));
    }
}
