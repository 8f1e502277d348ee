//! What the status bar says about the repository: its name and checked-out branch.

pub fn repository_name(root: &std::path::Path) -> String {
    root.file_name().map_or_else(
        || root.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The checked-out branch, read from `.git/HEAD` (a detached head shows its short hash).
pub fn branch(root: &std::path::Path) -> Option<String> {
    let mut dir = Some(root);
    while let Some(at) = dir {
        let git = at.join(".git");
        let head = if git.is_dir() {
            std::fs::read_to_string(git.join("HEAD")).ok()
        } else if git.is_file() {
            let pointer = std::fs::read_to_string(&git).ok()?;
            let target = pointer.strip_prefix("gitdir:")?.trim();
            std::fs::read_to_string(at.join(target).join("HEAD")).ok()
        } else {
            None
        };
        if let Some(head) = head {
            let head = head.trim();
            return Some(match head.strip_prefix("ref: refs/heads/") {
                Some(branch) => branch.to_string(),
                None => head.chars().take(8).collect(),
            });
        }
        dir = at.parent();
    }
    None
}
