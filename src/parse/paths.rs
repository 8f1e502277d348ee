//! The path a file is shown by, relative to the root with `/` separators, and back: a
//! name that is not UTF-8 is escaped so that one shown path names one file.

use std::path::{Path, PathBuf};

/// `path` relative to `root` with `/` separators.
pub fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    let mut out = String::new();
    for part in rel.components() {
        if !out.is_empty() {
            out.push('/');
        }
        escape(part.as_os_str(), &mut out);
    }
    out
}

/// `path` as `relative` wrote it, under `root`: the file it names, escapes read back.
pub fn absolute(root: &Path, path: &str) -> PathBuf {
    root.join(unescape(path))
}

/// A name that is not UTF-8 is written unambiguously: each byte that is not part of a
/// character as `\xHH`, and a backslash as `\\` (the only other use of the escape).
#[cfg(unix)]
fn escape(part: &std::ffi::OsStr, out: &mut String) {
    use std::os::unix::ffi::OsStrExt;
    for chunk in part.as_bytes().utf8_chunks() {
        for c in chunk.valid().chars() {
            if c == '\\' {
                out.push_str("\\\\");
            } else {
                out.push(c);
            }
        }
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02X}"));
        }
    }
}

#[cfg(not(unix))]
fn escape(part: &std::ffi::OsStr, out: &mut String) {
    out.push_str(&part.to_string_lossy());
}

#[cfg(unix)]
fn unescape(path: &str) -> PathBuf {
    use std::os::unix::ffi::OsStringExt;
    if !path.contains('\\') {
        return PathBuf::from(path);
    }
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = bytes
            .get(at + 2..at + 4)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[at], bytes.get(at + 1), hex) {
            (b'\\', Some(b'\\'), _) => {
                out.push(b'\\');
                at += 2;
            }
            (b'\\', Some(b'x'), Some(byte)) => {
                out.push(byte);
                at += 4;
            }
            (byte, _, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    PathBuf::from(std::ffi::OsString::from_vec(out))
}

#[cfg(not(unix))]
fn unescape(path: &str) -> PathBuf {
    PathBuf::from(path)
}
