//! What an approval shows: the file a write or edit would leave, as a unified diff against
//! the file now; the command bash would run; the arguments of anything else.

use std::path::Path;

use serde_json::Value;

use crate::tui::core::Preview;

/// Lines of context around each change.
const CONTEXT: usize = 3;

pub fn of(root: &Path, name: &str, input: &Value) -> Preview {
    let text = |field: &str| input.get(field).and_then(Value::as_str);
    match name {
        "bash" => Preview::Command {
            command: text("command").unwrap_or_default().to_string(),
        },
        "write_file" => {
            let (Some(path), Some(content)) = (text("path"), text("content")) else {
                return arguments(input);
            };
            let before = std::fs::read_to_string(crate::parse::paths::absolute(root, path))
                .unwrap_or_default();
            Preview::Diff {
                path: path.to_string(),
                diff: diff(path, &before, content),
            }
        }
        "edit_file" => {
            let (Some(path), Some(old), Some(new)) = (text("path"), text("old"), text("new"))
            else {
                return arguments(input);
            };
            let before = match std::fs::read_to_string(crate::parse::paths::absolute(root, path)) {
                Ok(before) => before,
                Err(e) => {
                    return Preview::Unavailable {
                        reason: format!("cannot read {path}: {e}; the edit will fail"),
                    };
                }
            };
            let count = if old.is_empty() {
                0
            } else {
                before.matches(old).count()
            };
            let all = input
                .get("replace_all")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            if count == 0 || (count > 1 && !all) {
                return Preview::Unavailable {
                    reason: format!(
                        "`old` occurs {count} times in {path}: the edit will fail and tell the model why"
                    ),
                };
            }
            let after = if all {
                before.replace(old, new)
            } else {
                before.replacen(old, new, 1)
            };
            Preview::Diff {
                path: path.to_string(),
                diff: diff(path, &before, &after),
            }
        }
        _ => arguments(input),
    }
}

fn arguments(input: &Value) -> Preview {
    Preview::Arguments {
        text: serde_json::to_string_pretty(input).unwrap_or_default(),
    }
}

pub fn diff(path: &str, before: &str, after: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(CONTEXT)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_edit_shows_as_the_diff_of_the_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "x = 1\ny = 2\n").unwrap();
        let Preview::Diff { diff, .. } = of(
            dir.path(),
            "edit_file",
            &json!({"path": "a.py", "old": "y = 2", "new": "y = 3"}),
        ) else {
            panic!("no diff");
        };
        assert!(diff.contains("--- a/a.py\n+++ b/a.py\n"), "{diff}");
        assert!(diff.contains("-y = 2\n+y = 3\n"), "{diff}");
        let failing = of(
            dir.path(),
            "edit_file",
            &json!({"path": "a.py", "old": "z", "new": "w"}),
        );
        assert!(matches!(failing, Preview::Unavailable { .. }));
        let new_file = of(
            dir.path(),
            "write_file",
            &json!({"path": "b.py", "content": "print(1)\n"}),
        );
        assert!(matches!(new_file, Preview::Diff { ref diff, .. } if diff.contains("+print(1)")));
    }
}
