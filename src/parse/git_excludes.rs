//! Where git's global ignore file is (`core.excludesFile`, else `$XDG_CONFIG_HOME/git/ignore`).
//!
//! `ignore` finds it itself, but reads the setting with a regex it compiles on every
//! process's first walk, on the walk's serial start: a noticeable share of a no-change run
//! on a small tree. Reading the few lines here costs microseconds. The walk then adds
//! the file as an explicit ignore file, which `ignore` matches exactly as its global one:
//! the same patterns relative to the working directory, and below every other source of
//! rules (nothing else is added that way).

use std::path::PathBuf;

/// The global ignore file git would use, if there is one. Config files are read in git's
/// order: `$GIT_CONFIG_GLOBAL` alone if set, else `~/.gitconfig` then
/// `$XDG_CONFIG_HOME/git/config`, then the system file; the first that sets the key wins.
pub fn path() -> Option<PathBuf> {
    resolve(&|name| std::env::var_os(name), &|path| {
        std::fs::read(path).ok()
    })
}

fn resolve(
    env: &dyn Fn(&str) -> Option<std::ffi::OsString>,
    read: &dyn Fn(&PathBuf) -> Option<Vec<u8>>,
) -> Option<PathBuf> {
    let set = |name: &str| env(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    let home = set("HOME");
    let xdg = set("XDG_CONFIG_HOME").or_else(|| home.as_ref().map(|h| h.join(".config")));
    let configs: Vec<PathBuf> = match set("GIT_CONFIG_GLOBAL") {
        Some(global) => vec![global],
        None => home
            .iter()
            .map(|h| h.join(".gitconfig"))
            .chain(xdg.iter().map(|x| x.join("git/config")))
            .collect(),
    };
    let system = set("GIT_CONFIG_SYSTEM").unwrap_or_else(|| PathBuf::from("/etc/gitconfig"));
    configs
        .iter()
        .chain(std::iter::once(&system))
        .find_map(|config| excludes_file(&read(config)?))
        .map(|value| expand_home(&value, home.as_ref()))
        .or_else(|| xdg.map(|x| x.join("git/ignore")))
}

/// The value of `excludesFile` in the `[core]` section of a git config file's text.
fn excludes_file(config: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(config);
    let mut in_core = false;
    let mut found = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(section) = line.strip_prefix('[') {
            let name = section
                .split(|c: char| c == ']' || c.is_whitespace())
                .next()
                .unwrap_or("");
            in_core = name.eq_ignore_ascii_case("core");
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if in_core && key.trim().eq_ignore_ascii_case("excludesfile") {
            let value = strip_comment(value.trim());
            let value = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .unwrap_or(value)
                .trim();
            // As in git, a later setting in the same file overrides an earlier one.
            found = (!value.is_empty()).then(|| value.to_string());
        }
    }
    found
}

/// A value up to an unquoted `#` or `;`.
fn strip_comment(value: &str) -> &str {
    let mut quoted = false;
    for (at, c) in value.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' | ';' if !quoted => return value[..at].trim_end(),
            _ => {}
        }
    }
    value
}

/// `~/…` is the home folder, as git reads a path setting.
fn expand_home(value: &str, home: Option<&PathBuf>) -> PathBuf {
    match (value.strip_prefix("~/"), home) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => PathBuf::from(value),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::ffi::OsString;

    use super::*;

    fn resolve_with(env: &[(&str, &str)], files: &[(&str, &str)]) -> Option<PathBuf> {
        let env: HashMap<String, OsString> = env
            .iter()
            .map(|(k, v)| (k.to_string(), OsString::from(v)))
            .collect();
        let files: HashMap<PathBuf, Vec<u8>> = files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.as_bytes().to_vec()))
            .collect();
        resolve(&|name| env.get(name).cloned(), &|path| {
            files.get(path).cloned()
        })
    }

    #[test]
    fn the_setting_is_read_from_the_core_section_only() {
        assert_eq!(
            excludes_file(b"[core]\n\texcludesFile = /a/ignore\n").as_deref(),
            Some("/a/ignore")
        );
        assert_eq!(
            excludes_file(b"[Core]\nEXCLUDESFILE=\"/a b/ignore\" ; note\n").as_deref(),
            Some("/a b/ignore")
        );
        assert_eq!(excludes_file(b"[user]\nexcludesFile = /not/this\n"), None);
        assert_eq!(
            excludes_file(b"[core]\nexcludeFile = /a\n"),
            None,
            "a different key"
        );
        assert_eq!(excludes_file(b"[core]\nexcludesFile = /first\n[user]\nname = x\n[core]\nexcludesFile = /last # why\n").as_deref(), Some("/last"));
        assert_eq!(
            excludes_file(b"[core]\n# excludesFile = /commented\n"),
            None
        );
    }

    #[test]
    fn configs_are_taken_in_gits_order_and_home_is_expanded() {
        let home = [("HOME", "/h")];
        assert_eq!(
            resolve_with(
                &home,
                &[
                    ("/h/.gitconfig", "[core]\nexcludesfile = ~/g\n"),
                    ("/h/.config/git/config", "[core]\nexcludesfile = /x\n")
                ]
            ),
            Some(PathBuf::from("/h/g"))
        );
        assert_eq!(
            resolve_with(
                &home,
                &[
                    ("/h/.gitconfig", "[user]\nname = n\n"),
                    ("/h/.config/git/config", "[core]\nexcludesfile = /x\n")
                ]
            ),
            Some(PathBuf::from("/x"))
        );
        assert_eq!(
            resolve_with(
                &home,
                &[("/etc/gitconfig", "[core]\nexcludesfile = /sys\n")]
            ),
            Some(PathBuf::from("/sys"))
        );
        // `GIT_CONFIG_GLOBAL` replaces both per-user files.
        let global = [("HOME", "/h"), ("GIT_CONFIG_GLOBAL", "/g/config")];
        assert_eq!(
            resolve_with(
                &global,
                &[
                    ("/h/.gitconfig", "[core]\nexcludesfile = /home\n"),
                    ("/g/config", "[core]\nexcludesfile = /global\n")
                ]
            ),
            Some(PathBuf::from("/global"))
        );
        assert_eq!(
            resolve_with(
                &global,
                &[("/h/.gitconfig", "[core]\nexcludesfile = /home\n")]
            ),
            Some(PathBuf::from("/h/.config/git/ignore"))
        );
        // Unset anywhere: git's default file.
        assert_eq!(
            resolve_with(&[("HOME", "/h"), ("XDG_CONFIG_HOME", "/xdg")], &[]),
            Some(PathBuf::from("/xdg/git/ignore"))
        );
        assert_eq!(resolve_with(&[], &[]), None);
    }
}
