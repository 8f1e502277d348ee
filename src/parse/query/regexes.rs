//! Regexes compiled once per process, by pattern. Rules share patterns across languages
//! (TypeScript, TSX and JavaScript read the same queries) and a small regex is compiled
//! into a full DFA up front, so compiling each pattern once is most of a run's fixed cost
//! on a small repository.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

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
