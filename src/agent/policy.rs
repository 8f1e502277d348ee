//! Which tools run without asking. Read-only tools run; tools that write or run commands
//! ask, unless the user allowed them (`--allow`, `allow = [...]`); denied tools never run.
//! Headless, "ask" means refuse with a message the model can act on.

use std::collections::HashSet;

use crate::tools::Tool;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permission {
    Allow,
    Ask,
    Deny,
}

#[derive(Debug, Clone, Default)]
pub struct Policy {
    pub allow: HashSet<String>,
    pub deny: HashSet<String>,
    /// Someone can answer approval requests (the TUI); false for `ask`.
    pub interactive: bool,
}

impl Policy {
    pub fn permission(&self, tool: &dyn Tool) -> Permission {
        if self.deny.contains(tool.name()) || self.deny.contains("*") {
            Permission::Deny
        } else if self.allow.contains(tool.name()) || self.allow.contains("*") || tool.read_only() {
            Permission::Allow
        } else {
            Permission::Ask
        }
    }

    /// The error result a refused call gets, worded for the model.
    pub fn refusal(&self, tool: &str, permission: Permission) -> String {
        match permission {
            Permission::Deny => format!(
                "`{tool}` is denied by the user's configuration; do not call it again — find another way or say what you would have done"
            ),
            _ => format!(
                "`{tool}` needs the user's approval and this run is headless, so it was not run. Say what you would run or change instead (the user can allow it with --allow {tool})"
            ),
        }
    }
}
