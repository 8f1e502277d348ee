//! Sessions as JSON lines under `$XDG_STATE_HOME/repotoire/sessions/` (else
//! `~/.local/state/…`): a header line, then every message, usage and compaction as it
//! happens, so a crash loses at most the line being written. Keys never reach this file.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::agent::conversation::{Message, Role, Usage};

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("{path}: {reason}")]
    Io { path: String, reason: String },
    #[error("no session `{0}` (see `repotoire sessions list`)")]
    Unknown(String),
    #[error("no earlier session for {0} to continue")]
    NothingToContinue(String),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Record {
    Session {
        id: String,
        root: String,
        model: String,
        created: u64,
    },
    Message {
        message: Message,
    },
    Usage {
        usage: Usage,
    },
    /// Older messages were replaced by `summary`; the `kept` most recent messages follow it.
    Compaction {
        summary: String,
        kept: usize,
    },
}

/// A conversation and the file it is saved in.
pub struct Session {
    pub id: String,
    pub root: String,
    pub model: String,
    pub created: u64,
    pub messages: Vec<Message>,
    pub usage: Usage,
    /// Tokens in context after the last response.
    pub context: u64,
    file: Option<PathBuf>,
}

/// A saved session in short, for `sessions list`.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub id: String,
    pub root: String,
    pub model: String,
    pub created: u64,
    pub messages: usize,
    pub first_prompt: String,
}

pub fn default_dir(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let base = env("XDG_STATE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| env("HOME").map(|h| Path::new(&h).join(".local").join("state")))?;
    Some(base.join("repotoire").join("sessions"))
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `YYYYMMDD-HHMMSS-xxxx`: sortable by time, unique enough with the random tail.
fn new_id(created: u64) -> String {
    let days = (created / 86_400) as i64;
    let seconds = created % 86_400;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let tail = (nanos ^ std::process::id().rotate_left(16)) & 0xffff;
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}-{tail:04x}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

impl Session {
    /// A new session, saved under `dir` when given.
    pub fn create(dir: Option<&Path>, root: &str, model: &str) -> Result<Session, SessionError> {
        let created = now();
        let id = new_id(created);
        let file = match dir {
            Some(dir) => {
                std::fs::create_dir_all(dir).map_err(|e| SessionError::Io {
                    path: dir.display().to_string(),
                    reason: e.to_string(),
                })?;
                Some(dir.join(format!("{id}.jsonl")))
            }
            None => None,
        };
        let session = Session {
            id: id.clone(),
            root: root.to_string(),
            model: model.to_string(),
            created,
            messages: Vec::new(),
            usage: Usage::default(),
            context: 0,
            file,
        };
        session.write(&Record::Session {
            id,
            root: root.to_string(),
            model: model.to_string(),
            created,
        })?;
        Ok(session)
    }

    /// Reads a saved session. A last line cut short by a crash is skipped.
    pub fn open(path: &Path) -> Result<Session, SessionError> {
        let io = |e: std::io::Error| SessionError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        };
        let text = std::fs::read_to_string(path).map_err(io)?;
        let mut session: Option<Session> = None;
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        for (i, line) in lines.iter().enumerate() {
            let record: Record = match serde_json::from_str(line) {
                Ok(record) => record,
                Err(_) if i + 1 == lines.len() && !text.ends_with('\n') => {
                    tracing::warn!(
                        "{}: the last line is incomplete (interrupted write); it is dropped",
                        path.display()
                    );
                    // Cut it off so that the next line appended starts on a line of its own.
                    let whole = text.rfind('\n').map_or(0, |n| n + 1) as u64;
                    OpenOptions::new()
                        .write(true)
                        .open(path)
                        .and_then(|f| f.set_len(whole))
                        .map_err(io)?;
                    break;
                }
                Err(e) => {
                    return Err(SessionError::Io {
                        path: path.display().to_string(),
                        reason: format!("line {}: {e}", i + 1),
                    });
                }
            };
            match (record, session.as_mut()) {
                (
                    Record::Session {
                        id,
                        root,
                        model,
                        created,
                    },
                    None,
                ) => {
                    session = Some(Session {
                        id,
                        root,
                        model,
                        created,
                        messages: Vec::new(),
                        usage: Usage::default(),
                        context: 0,
                        file: Some(path.to_path_buf()),
                    });
                }
                (Record::Message { message }, Some(s)) => s.messages.push(message),
                (Record::Usage { usage }, Some(s)) => {
                    s.usage.add(&usage);
                    s.context = usage.context();
                }
                (Record::Compaction { summary, kept }, Some(s)) => {
                    s.apply_compaction(summary, kept)
                }
                (_, _) => {
                    return Err(SessionError::Io {
                        path: path.display().to_string(),
                        reason: format!("line {}: expected the session header first", i + 1),
                    });
                }
            }
        }
        let mut session = session.ok_or_else(|| SessionError::Io {
            path: path.display().to_string(),
            reason: "empty session file".into(),
        })?;
        session.repair();
        Ok(session)
    }

    pub fn path_in(dir: &Path, id: &str) -> PathBuf {
        dir.join(format!("{id}.jsonl"))
    }

    pub fn resume(dir: &Path, id: &str) -> Result<Session, SessionError> {
        let path = Session::path_in(dir, id);
        if !path.exists() {
            return Err(SessionError::Unknown(id.to_string()));
        }
        Session::open(&path)
    }

    /// The newest session started in `root`.
    pub fn latest(dir: &Path, root: &str) -> Result<Session, SessionError> {
        let newest = list(dir)?
            .into_iter()
            .filter(|s| s.root == root)
            .max_by(|a, b| (a.created, &a.id).cmp(&(b.created, &b.id)));
        let summary = newest.ok_or_else(|| SessionError::NothingToContinue(root.to_string()))?;
        Session::open(&Session::path_in(dir, &summary.id))
    }

    pub fn push(&mut self, message: Message) -> Result<(), SessionError> {
        self.write(&Record::Message {
            message: message.clone(),
        })?;
        self.messages.push(message);
        Ok(())
    }

    pub fn record_usage(&mut self, usage: Usage) -> Result<(), SessionError> {
        self.write(&Record::Usage { usage })?;
        self.usage.add(&usage);
        self.context = usage.context();
        Ok(())
    }

    pub fn compact(&mut self, summary: String, kept: usize) -> Result<(), SessionError> {
        self.write(&Record::Compaction {
            summary: summary.clone(),
            kept,
        })?;
        self.apply_compaction(summary, kept);
        Ok(())
    }

    fn apply_compaction(&mut self, summary: String, kept: usize) {
        let start = self.messages.len().saturating_sub(kept);
        let recent = self.messages.split_off(start);
        self.messages = vec![Message::user(format!(
            "[Handoff note: earlier turns of this conversation were summarised to save context.]\n{summary}"
        ))];
        self.messages.extend(recent);
        // Usage after a compaction is unknown until the next response.
        self.context = 0;
    }

    /// Makes the history one a provider accepts after an interruption: every tool call gets
    /// a result, and it never ends on an assistant's unanswered calls.
    pub fn repair(&mut self) {
        let Some(last) = self.messages.last() else {
            return;
        };
        if last.role == Role::Assistant && !last.tool_uses().is_empty() {
            let results = last
                .tool_uses()
                .into_iter()
                .map(|(id, _, _)| crate::agent::conversation::Block::ToolResult {
                    tool_use_id: id.to_string(),
                    content: "interrupted before it finished (no result)".into(),
                    is_error: true,
                })
                .collect();
            self.messages.push(Message {
                role: Role::User,
                content: results,
            });
        }
    }

    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    fn write(&self, record: &Record) -> Result<(), SessionError> {
        let Some(path) = &self.file else {
            return Ok(());
        };
        let io = |e: std::io::Error| SessionError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        };
        let mut line = serde_json::to_string(record).map_err(|e| SessionError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        line.push('\n');
        // One write of a whole line: a crash leaves at most that line incomplete.
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        file.write_all(line.as_bytes()).map_err(io)?;
        Ok(())
    }
}

/// Every saved session, newest first.
pub fn list(dir: &Path) -> Result<Vec<Summary>, SessionError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(SessionError::Io {
                path: dir.display().to_string(),
                reason: e.to_string(),
            });
        }
    };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        match Session::open(&path) {
            Ok(session) => {
                let first_prompt = session
                    .messages
                    .iter()
                    .find(|m| m.role == Role::User && !m.text().is_empty())
                    .map(|m| m.text().chars().take(80).collect())
                    .unwrap_or_default();
                out.push(Summary {
                    id: session.id,
                    root: session.root,
                    model: session.model,
                    created: session.created,
                    messages: session.messages.len(),
                    first_prompt,
                });
            }
            Err(e) => tracing::warn!("skipping a session file: {e}"),
        }
    }
    out.sort_by(|a, b| (b.created, &b.id).cmp(&(a.created, &a.id)));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_sort_by_time_and_carry_the_date() {
        let id = new_id(1_795_000_000);
        assert!(id.starts_with("20261118-"), "{id}");
        assert!(new_id(1_795_000_000)[..15] < new_id(1_795_000_100)[..15]);
    }

    #[test]
    fn a_session_reads_back_and_survives_a_torn_last_line() {
        let dir = tempfile::tempdir().unwrap();
        let mut session = Session::create(Some(dir.path()), "/repo", "anthropic/claude").unwrap();
        session.push(Message::user("hello")).unwrap();
        session
            .record_usage(Usage {
                input_tokens: 10,
                output_tokens: 5,
                ..Usage::default()
            })
            .unwrap();
        let path = session.file().unwrap().to_path_buf();
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"{\"type\":\"message\",\"message\":{\"role\":\"assis")
            .unwrap();
        let back = Session::open(&path).unwrap();
        assert_eq!(back.messages, vec![Message::user("hello")]);
        assert_eq!(back.context, 15);
        // The torn line is gone from the file: what is appended next reads back.
        let mut again = Session::open(&path).unwrap();
        again.push(Message::user("more")).unwrap();
        assert_eq!(Session::open(&path).unwrap().messages.len(), 2);
        assert_eq!(list(dir.path()).unwrap()[0].first_prompt, "hello");
        assert_eq!(Session::latest(dir.path(), "/repo").unwrap().id, session.id);
        assert!(matches!(
            Session::latest(dir.path(), "/other"),
            Err(SessionError::NothingToContinue(_))
        ));
    }
}
