//! `bash`: run a shell command in the repository root, in its own process group, with a
//! timeout and an output cap. Timeout and cancellation kill the whole group.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::tools::{Answer, Control, Kind, ToolError, TypedTool, Workspace};

pub struct Bash;

const DEFAULT_TIMEOUT_S: u64 = 120;
const LONGEST_TIMEOUT_S: u64 = 600;
/// Output kept (head and tail) of a chatty command.
const OUTPUT_CAP: usize = 64 * 1024;
/// How often the wait looks at the clock and the cancellation flag.
const POLL: Duration = Duration::from_millis(10);

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The command line, run by `bash -c` in the repository root (stdin is empty).
    pub command: String,
    /// Seconds before the command and everything it started are killed (default 120, at most 600).
    pub timeout_seconds: Option<u64>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// None when it was killed.
    pub exit_code: Option<i32>,
    pub timed_out: bool,
    /// stdout and stderr, interleaved as they came.
    pub output: String,
    pub output_cut: bool,
    pub millis: u64,
}

/// Output with a head and a tail kept once it passes the cap.
#[derive(Default)]
struct Captured {
    head: Vec<u8>,
    tail: std::collections::VecDeque<u8>,
    dropped: usize,
}

impl Captured {
    fn push(&mut self, bytes: &[u8]) {
        let head_room = (OUTPUT_CAP / 2).saturating_sub(self.head.len());
        let (to_head, rest) = bytes.split_at(head_room.min(bytes.len()));
        self.head.extend_from_slice(to_head);
        self.tail.extend(rest);
        while self.tail.len() > OUTPUT_CAP / 2 {
            self.tail.pop_front();
            self.dropped += 1;
        }
    }

    fn text(&self) -> (String, bool) {
        let head = String::from_utf8_lossy(&self.head);
        let tail: Vec<u8> = self.tail.iter().copied().collect();
        let tail = String::from_utf8_lossy(&tail);
        if self.dropped == 0 {
            (format!("{head}{tail}"), false)
        } else {
            (
                format!("{head}\n… [{} bytes of output cut] …\n{tail}", self.dropped),
                true,
            )
        }
    }
}

impl TypedTool for Bash {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "bash";
    const DESCRIPTION: &'static str = "Run a shell command (bash -c) in the repository root: builds, tests, git. Timeout (default 120 s) and output cap; the whole process group is killed on timeout or cancel. Not for reading or searching files: read_file, grep and the graph tools are faster and exact.";
    const KIND: Kind = Kind::Coding;
    const READ_ONLY: bool = false;

    #[expect(
        clippy::too_many_lines,
        reason = "spawning, both pipes, the timeout and the cancel are one loop over the same child"
    )]
    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        if args.command.trim().is_empty() {
            return Err(ToolError::Invalid("`command` is empty".into()));
        }
        let timeout = Duration::from_secs(
            args.timeout_seconds
                .unwrap_or(DEFAULT_TIMEOUT_S)
                .clamp(1, LONGEST_TIMEOUT_S),
        );
        let started = Instant::now();
        // Running the agent's command line in a shell is this tool's job.
        // repotoire: ignore[shell-command-string]
        let mut child = Command::new("bash")
            .arg("-c")
            // repotoire: ignore[command-injection]
            .arg(&args.command)
            .current_dir(ws.root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|e| ToolError::Failed(format!("cannot start bash: {e}")))?;
        let group = rustix::process::Pid::from_raw(child.id() as i32);
        let captured = Arc::new(Mutex::new(Captured::default()));
        let readers: Vec<std::thread::JoinHandle<()>> = [
            child
                .stdout
                .take()
                .map(|s| Box::new(s) as Box<dyn Read + Send>),
            child
                .stderr
                .take()
                .map(|s| Box::new(s) as Box<dyn Read + Send>),
        ]
        .into_iter()
        .flatten()
        .map(|mut stream| {
            let captured = captured.clone();
            std::thread::spawn(move || {
                let mut buffer = [0u8; 8192];
                while let Ok(n) = stream.read(&mut buffer) {
                    if n == 0 {
                        break;
                    }
                    if let Ok(mut c) = captured.lock() {
                        c.push(&buffer[..n]);
                    }
                }
            })
        })
        .collect();
        let mut timed_out = false;
        let mut cancelled = false;
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) => {}
                Err(e) => {
                    kill_group(group);
                    return Err(ToolError::Failed(format!("waiting for the command: {e}")));
                }
            }
            if control.check().is_err() {
                cancelled = true;
            } else if started.elapsed() >= timeout {
                timed_out = true;
            }
            if cancelled || timed_out {
                kill_group(group);
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(POLL);
        };
        // Whatever the command left running in its group would hold the pipes open.
        kill_group(group);
        for reader in readers {
            let _ = reader.join();
        }
        if cancelled {
            return Err(ToolError::Cancelled);
        }
        let (output, output_cut) = captured.lock().map(|c| c.text()).unwrap_or_default();
        let exit_code = status.and_then(|s| s.code());
        let millis = started.elapsed().as_millis() as u64;
        let summary = match (timed_out, exit_code) {
            (true, _) => format!(
                "timed out after {} s; the process group was killed",
                timeout.as_secs()
            ),
            (false, Some(code)) => format!("exit code {code}"),
            (false, None) => "killed by a signal".to_string(),
        };
        let text = if output.trim().is_empty() {
            format!("({summary}; no output)")
        } else {
            format!("{output}\n({summary})")
        };
        Ok(Answer {
            text,
            data: Output {
                exit_code,
                timed_out,
                output,
                output_cut,
                millis,
            },
            next: Vec::new(),
        })
    }
}

/// SIGKILL to every process in the group (the group may already be gone: ignored).
fn kill_group(group: Option<rustix::process::Pid>) {
    if let Some(group) = group {
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    }
}
