//! The key a pass's cached results are filed under.

use crate::detect::rule::{self, Rule};

/// What the results of a pass over `rules` depend on besides the file: this build, the
/// taint tables and the rules. An embedded rule is known by the digest of its text made
/// when it was embedded; a repository's own rules go in as postcard bytes (formatting them
/// with `{:?}` escapes each character of their docs and queries).
pub(super) fn key_of(rules: &[Rule]) -> [u8; 32] {
    let mut hasher = blake3::Hasher::new();
    hasher.update(crate::process::BUILD.as_bytes());
    hasher.update(&[super::RESULTS_FORMAT]);
    for text in super::taint::tables::texts() {
        hasher.update(text.as_bytes());
    }
    for rule in rules {
        match rule::embedded_digest(&rule.source).filter(|_| rule.embedded) {
            Some(digest) => {
                hasher.update(&[1]);
                hasher.update(&digest.to_le_bytes());
            }
            None => {
                let bytes =
                    postcard::to_stdvec(rule).unwrap_or_else(|_| format!("{rule:?}").into_bytes());
                hasher.update(&[0]);
                hasher.update(&(bytes.len() as u64).to_le_bytes());
                hasher.update(&bytes);
            }
        }
    }
    *hasher.finalize().as_bytes()
}
