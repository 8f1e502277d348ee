//! Regexes compiled once per process, by pattern. Rules share patterns across languages
//! (TypeScript, TSX and JavaScript read the same queries) and a small regex is compiled
//! into a full DFA up front, so compiling each pattern once is most of a run's fixed cost
//! on a small repository.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, OnceLock};

use regex::Regex;

static COMPILED: LazyLock<Mutex<HashMap<String, Regex>>> = LazyLock::new(Default::default);

/// `Regex::new(pattern)`, or the regex an earlier call compiled (a cheap clone).
pub fn compiled(pattern: &str) -> Result<Regex, regex::Error> {
    if let Some(regex) = COMPILED.lock().ok().and_then(|c| c.get(pattern).cloned()) {
        return Ok(regex);
    }
    // Compiled outside the lock: two threads may both compile a pattern, neither waits.
    let regex = Regex::new(pattern)?;
    if let Ok(mut cache) = COMPILED.lock() {
        cache.insert(pattern.to_string(), regex.clone());
    }
    Ok(regex)
}

/// A regex whose syntax is checked when its rule set is built and which is compiled the
/// first time it is asked to match: a repository reaches few of a rule set's filters and
/// `#match?` predicates, and each compilation costs a fraction of a millisecond.
pub struct LazyRegex {
    pattern: String,
    regex: OnceLock<Option<Regex>>,
}

impl LazyRegex {
    pub fn new(pattern: &str) -> Result<LazyRegex, String> {
        // The parser `Regex::new` runs, with its defaults: what it rejects, this does.
        regex_syntax::Parser::new().parse(pattern).map_err(|e| e.to_string())?;
        Ok(LazyRegex { pattern: pattern.to_string(), regex: OnceLock::new() })
    }

    pub fn is_match(&self, text: &str) -> bool {
        let regex = self.regex.get_or_init(|| {
            // Past the syntax check only a size limit can refuse a pattern: said once,
            // and it then matches nothing.
            compiled(&self.pattern).map_err(|e| tracing::warn!("regex {}: {e}", self.pattern)).ok()
        });
        regex.as_ref().is_some_and(|r| r.is_match(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `Regex::new` refuses is refused when the rule set is built, not at first use.
    #[test]
    fn lazy_regexes_refuse_what_regex_refuses_and_match_alike() {
        for bad in ["(", "a{2,1}", r"(?-u:\xFF)", r"\p{NoSuchClass}"] {
            assert!(Regex::new(bad).is_err(), "{bad}");
            assert!(LazyRegex::new(bad).is_err(), "{bad} passed the syntax check");
        }
        let lazy = LazyRegex::new(r"^(?i)safe_\w+$").expect("valid");
        assert!(lazy.regex.get().is_none(), "compiled before use");
        assert!(lazy.is_match("SAFE_join") && !lazy.is_match("unsafe_join"));
        assert!(lazy.regex.get().is_some());
    }
}
