//! A key press as the core sees it: terminal-independent and written as text in recordings
//! (`ctrl+c`, `enter`, `shift+tab`, `a`), so a replay file can be read and written by hand.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    Char(char),
    Enter,
    Esc,
    Backspace,
    Delete,
    Tab,
    BackTab,
    Up,
    Down,
    Left,
    Right,
    Home,
    End,
    PageUp,
    PageDown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Key {
    pub code: Code,
    pub ctrl: bool,
    pub alt: bool,
    pub shift: bool,
}

const NAMED: &[(&str, Code)] = &[
    ("enter", Code::Enter),
    ("esc", Code::Esc),
    ("backspace", Code::Backspace),
    ("delete", Code::Delete),
    ("tab", Code::Tab),
    ("backtab", Code::BackTab),
    ("up", Code::Up),
    ("down", Code::Down),
    ("left", Code::Left),
    ("right", Code::Right),
    ("home", Code::Home),
    ("end", Code::End),
    ("pageup", Code::PageUp),
    ("pagedown", Code::PageDown),
    ("space", Code::Char(' ')),
];

impl Key {
    pub const fn plain(code: Code) -> Key {
        Key {
            code,
            ctrl: false,
            alt: false,
            shift: false,
        }
    }

    pub const fn ctrl(c: char) -> Key {
        Key {
            code: Code::Char(c),
            ctrl: true,
            alt: false,
            shift: false,
        }
    }

    pub const fn char(c: char) -> Key {
        Key::plain(Code::Char(c))
    }

    /// Whether this is the plain character `c` (no Ctrl or Alt).
    pub fn is_char(&self, c: char) -> bool {
        self.code == Code::Char(c) && !self.ctrl && !self.alt
    }

    /// Parses `ctrl+alt+x`, `enter`, `a`, `shift+tab`.
    pub fn parse(text: &str) -> Option<Key> {
        let mut key = Key::plain(Code::Esc);
        let mut rest = text;
        loop {
            if let Some(r) = rest.strip_prefix("ctrl+") {
                key.ctrl = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix("alt+") {
                key.alt = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix("shift+") {
                key.shift = true;
                rest = r;
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        key.code = match (chars.next(), chars.next()) {
            (Some(c), None) => Code::Char(c),
            _ => NAMED.iter().find(|(name, _)| *name == rest)?.1,
        };
        Some(key)
    }
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.ctrl {
            f.write_str("ctrl+")?;
        }
        if self.alt {
            f.write_str("alt+")?;
        }
        if self.shift {
            f.write_str("shift+")?;
        }
        match self.code {
            Code::Char(' ') => f.write_str("space"),
            Code::Char(c) => write!(f, "{c}"),
            code => {
                let name = NAMED
                    .iter()
                    .find(|(_, c)| *c == code)
                    .map_or("?", |(name, _)| name);
                f.write_str(name)
            }
        }
    }
}

impl From<Key> for String {
    fn from(key: Key) -> String {
        key.to_string()
    }
}

impl TryFrom<String> for Key {
    type Error = String;

    fn try_from(text: String) -> Result<Key, String> {
        Key::parse(&text).ok_or_else(|| format!("not a key: `{text}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_as_written() {
        for text in [
            "a",
            "ctrl+c",
            "enter",
            "shift+tab",
            "alt+enter",
            "space",
            "/",
            "ctrl+]",
        ] {
            let key = Key::parse(text).unwrap();
            assert_eq!(key.to_string(), text);
        }
        assert_eq!(Key::parse("ctrl+c"), Some(Key::ctrl('c')));
        assert_eq!(Key::parse("nope"), None);
    }
}
