//! `$VISUAL` / `$EDITOR` with the screen handed back to the shell while it runs.

use crate::tui::terminal::{self, Term};

/// The user's editor: `$VISUAL`, else `$EDITOR`, else `vi`.
fn editor() -> String {
    std::env::var("VISUAL")
        .ok()
        .filter(|v| !v.trim().is_empty())
        .or_else(|| {
            std::env::var("EDITOR")
                .ok()
                .filter(|v| !v.trim().is_empty())
        })
        .unwrap_or_else(|| "vi".into())
}

/// Runs the editor on `file` with the screen handed back to the shell meanwhile. The
/// editor's own words may hold arguments (`code -w`), so the shell reads them.
pub(super) fn edit_in_terminal(
    term: &mut Term,
    args: &[&str],
    file: &std::path::Path,
) -> std::io::Result<()> {
    terminal::leave();
    // `$EDITOR` may carry arguments (`code --wait`): the user's own shell line, as git runs it.
    // repotoire: ignore[shell-command-string]
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{} \"$@\"", editor()))
        .arg("editor")
        .args(args)
        .arg(file)
        .status();
    terminal::enter()?;
    terminal::redraw_all(term)?;
    let status = status?;
    if status.success() {
        Ok(())
    } else {
        Err(std::io::Error::other(format!(
            "the editor exited with {status}"
        )))
    }
}

/// Text edited in the user's editor through a temporary file.
pub(super) fn edit_text(term: &mut Term, text: &str, extension: &str) -> std::io::Result<String> {
    let file = tempfile::Builder::new()
        .prefix("repotoire-")
        .suffix(&format!(".{extension}"))
        .tempfile()?;
    std::fs::write(file.path(), text)?;
    edit_in_terminal(term, &[], file.path())?;
    std::fs::read_to_string(file.path())
}
