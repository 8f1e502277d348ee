//! Which names hold secrets, which merely mention them, and which values are
//! placeholders: the word lists of `hardcoded-secret`.
//!
//! Each test is the exact reading of a regex the detector used to run (kept in the tests
//! below as the reference), apart from ASCII-only case folding (see `words`).

use crate::detect::local::words::{Words, ends_ci, starts_ci};

/// A name that holds a secret ends with one of these…
const SECRET_ENDINGS: &[&str] = &[
    "password",
    "passwd",
    "secret",
    "token",
    "apikey",
    "api_key",
    "accesskey",
    "access_key",
    "privatekey",
    "private_key",
    "authkey",
    "auth_key",
    "credential",
    "credentials",
];
/// …or starts with one of these.
const SECRET_STARTS: &[&str] = &["password", "passwd", "secret", "token", "apikey", "api_key"];

/// A name that only refers to a secret (where it lives, what it is called, how long it
/// is) ends with one of these, or is a test's.
const MENTION_ENDINGS: &[&str] = &[
    "url",
    "uri",
    "path",
    "file",
    "name",
    "field",
    "header",
    "prefix",
    "env",
    "format",
    "pattern",
    "type",
    "_id",
    "length",
    "len",
    "size",
    "regex",
    "re",
    "label",
    "hint",
    "placeholder",
    "prompt",
    "message",
    "msg",
    "error",
    "keyname",
    "key_name",
    "param",
    "cookie",
    "column",
    "attr",
    "template",
    "saltname",
    "salt_name",
];
const MENTION_STARTS: &[&str] = &["test", "fake", "dummy", "mock", "example", "sample"];

/// Parts of a value that say it is not a real secret.
static PLACEHOLDERS: Words = Words::new(&[
    "xxx",
    "changeme",
    "change_me",
    "your_",
    "your-",
    "<",
    ">",
    "${",
    "{{",
    "%s",
    "%(",
    "example",
    "dummy",
    "test",
    "fake",
    "sample",
    "placeholder",
    "secret",
    "password",
    "***",
    "...",
    "todo",
    "none",
    "null",
    "redacted",
]);

pub fn holds_secret(name: &str) -> bool {
    SECRET_ENDINGS.iter().any(|w| ends_ci(name, w))
        || SECRET_STARTS.iter().any(|w| starts_ci(name, w))
}

pub fn mentions_secret(name: &str) -> bool {
    mention_words(name)
        || ["Id", "ID", "Ids", "IDs", "Type", "Kind"]
            .iter()
            .any(|w| camel_ending(name, w))
}

fn mention_words(name: &str) -> bool {
    MENTION_ENDINGS.iter().any(|w| ends_ci(name, w))
        || MENTION_STARTS.iter().any(|w| starts_ci(name, w))
}

/// Whether `name` ends with the camel-case word `word` (`TokenTypeId` ends with `Id`):
/// a name for an identifier, a type or a key *of* a token rather than the token.
fn camel_ending(name: &str, word: &str) -> bool {
    name.len() > word.len()
        && name.ends_with(word)
        && name.as_bytes()[name.len() - word.len() - 1].is_ascii_lowercase()
}

/// Words joined by path, namespace or header separators, with no digit anywhere
/// (`~effect/workflow/Token`, `app.settings.secret`, `X-Auth-Token-Name`): a name, not a
/// key. A password may be words joined by dashes, so for one only the path separators
/// count.
pub fn is_word_path(value: &str, password: bool) -> bool {
    !value.bytes().any(|b| b.is_ascii_digit())
        && value
            .bytes()
            .any(|b| matches!(b, b'/' | b'.' | b':' | b'~') || (b == b'-' && !password))
}

/// A name for a password (which may be a passphrase rather than a random key).
pub fn is_password(name: &str) -> bool {
    ["password", "passwd", "pass"]
        .iter()
        .any(|w| ends_ci(name, w))
}

/// A key in a known format whose body is plainly invented: a documentation marker
/// (`EXAMPLE`, `xxxx`), a run of consecutive characters (`ABCDEFGH`, `01234567`) or one
/// character repeated.
pub fn made_up_key(key: &str) -> bool {
    const RUN: usize = 8;
    let bytes = key.as_bytes();
    let mut ascending = 1;
    let mut repeated = 1;
    for pair in bytes.windows(2) {
        ascending = if pair[1] == pair[0].wrapping_add(1) {
            ascending + 1
        } else {
            1
        };
        repeated = if pair[1] == pair[0] { repeated + 1 } else { 1 };
        if ascending >= RUN || repeated >= RUN {
            return true;
        }
    }
    let lower = key.to_ascii_lowercase();
    lower.contains("example") || lower.contains("xxxx")
}

/// A placeholder value, or one made of letters and underscores only (a word, not a key).
pub fn is_placeholder(value: &str) -> bool {
    PLACEHOLDERS.in_text(value)
        || (!value.is_empty() && value.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::detect::local::words::oracle::Strings;

    const SECRET: &str = r"(?i)(passw(or)?d|passwd|secret|token|api_?key|apikey|access_?key|private_?key|auth_?key|credentials?)$|^(?i)(passw(or)?d|secret|token|api_?key)";
    const MENTION: &str = r"(?i)(url|uri|path|file|name|field|header|prefix|env|format|pattern|type|_id|length|len|size|regex|re|label|hint|placeholder|prompt|message|msg|error|key_?name|param|cookie|column|attr|template|salt_?name)$|^(?i)(test|fake|dummy|mock|example|sample)";
    const PLACEHOLDER: &str = r"(?i)(xxx|changeme|change_me|your[_-]|<|>|\$\{|\{\{|%s|%\(|example|dummy|test|fake|sample|placeholder|secret|password|\*\*\*|\.\.\.|todo|none|null|redacted|^[a-z_]+$)";

    fn differ(reference: &str, test: fn(&str) -> bool, pieces: &[&str]) {
        let regex = regex::Regex::new(reference).unwrap();
        let mut strings = Strings::new(0xc0ffee);
        let mut matched = 0;
        for _ in 0..60_000 {
            let text = strings.join(pieces, 5);
            assert_eq!(
                test(&text),
                regex.is_match(&text),
                "{text:?} against {reference}"
            );
            matched += usize::from(test(&text));
        }
        // Both answers come up often enough for the comparison to mean something.
        assert!(
            (3_000..57_000).contains(&matched),
            "{matched} of 60,000 matched {reference}"
        );
        assert_eq!(test(""), regex.is_match(""));
    }

    const NAME_PIECES: &[&str] = &[
        "pass",
        "word",
        "passw",
        "or",
        "d",
        "passwd",
        "secret",
        "token",
        "api",
        "_",
        "key",
        "apikey",
        "access",
        "private",
        "auth",
        "credential",
        "s",
        "url",
        "uri",
        "path",
        "file",
        "name",
        "field",
        "header",
        "prefix",
        "env",
        "format",
        "pattern",
        "type",
        "id",
        "length",
        "len",
        "size",
        "regex",
        "re",
        "label",
        "hint",
        "placeholder",
        "prompt",
        "message",
        "msg",
        "error",
        "param",
        "cookie",
        "column",
        "attr",
        "template",
        "salt",
        "test",
        "fake",
        "dummy",
        "mock",
        "example",
        "sample",
        "db",
        "x",
        "é",
        "9",
        ".",
    ];

    #[test]
    fn secret_names_read_as_the_regex_did() {
        differ(SECRET, holds_secret, NAME_PIECES);
        assert!(
            holds_secret("DB_PASSWORD")
                && holds_secret("token_value")
                && !holds_secret("api_version")
        );
    }

    #[test]
    fn mentions_read_as_the_regex_did() {
        differ(MENTION, mention_words, NAME_PIECES);
        assert!(
            mentions_secret("PASSWORD_FIELD")
                && mentions_secret("test_token")
                && !mentions_secret("api_token")
        );
    }

    #[test]
    fn placeholders_read_as_the_regex_did() {
        let pieces = [
            "xxx",
            "xx",
            "change",
            "me",
            "_",
            "your",
            "-",
            "<",
            ">",
            "$",
            "{",
            "}",
            "%",
            "s",
            "(",
            "example",
            "dummy",
            "test",
            "fake",
            "sample",
            "placeholder",
            "secret",
            "password",
            "*",
            ".",
            "todo",
            "none",
            "null",
            "redacted",
            "a",
            "Z",
            "9",
            "é",
            "AKIA",
            "q8Zr",
        ];
        differ(PLACEHOLDER, is_placeholder, &pieces);
        assert!(
            is_placeholder("your-key-here")
                && is_placeholder("letters_only")
                && !is_placeholder("q8Zr7x0Pw2Lm")
        );
    }

    /// Invented keys (documentation markers, runs, repeats) against keys as they are
    /// issued, which have neither.
    #[test]
    fn made_up_keys_are_told_from_issued_ones() {
        for made_up in [
            "AKIAIOSFODNN7EXAMPLE",
            "AKIAABCDEFGHIJKLMNOP",
            "sk-proj-abcdefghijklmnopqrstuvwxyz012345",
            "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "sk_live_000000000000000000000000",
        ] {
            assert!(made_up_key(made_up), "{made_up}");
        }
        for issued in [
            "AKIA4QZ7R2LMX9VKP4TN",
            "ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d",
        ] {
            assert!(!made_up_key(issued), "{issued}");
        }
    }

    /// Names of identifiers and types of tokens only mention them; paths and header names
    /// are names, except that a password may be a dashed passphrase.
    #[test]
    fn identifiers_paths_and_header_names_are_not_secrets() {
        assert!(mentions_secret("TokenTypeId") && mentions_secret("secretKind"));
        assert!(!mentions_secret("apiToken") && !mentions_secret("Identity"));
        assert!(is_word_path(
            "~effect/workflow/DurableDeferred/Token",
            false
        ));
        assert!(is_word_path("X-Auth-Token-Name", false));
        assert!(!is_word_path("correct-horse-battery", true));
        assert!(!is_word_path("q8Zr/2LmX9+vKp4TnW7", false));
    }
}
