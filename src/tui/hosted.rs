//! A hosted agent program (`--agent`): started in a pseudo-terminal in the repository,
//! its output forwarded to the event loop as it comes, keys and sizes passed in, and its
//! whole process group ended when the workstation goes, however it goes.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::mpsc::channel;
use std::time::Duration;

use portable_pty::{ChildKiller, CommandBuilder, MasterPty, PtySize, native_pty_system};
use tokio::sync::mpsc::UnboundedSender;

use crate::tui::core::Msg;
use crate::tui::runner::Incoming;

/// What to run and how.
#[derive(Debug, Clone)]
pub struct Program {
    /// What the panel is titled (`claude`, or the program's name).
    pub name: String,
    pub argv: Vec<String>,
    pub env: Vec<(String, String)>,
    pub cwd: PathBuf,
}

#[derive(Debug, thiserror::Error)]
#[error("cannot start `{program}`: {reason}")]
pub struct StartError {
    pub program: String,
    pub reason: String,
}

pub struct Running {
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    killer: Box<dyn ChildKiller + Send + Sync>,
    group: Option<i32>,
}

/// Output read at most per message.
const CHUNK: usize = 64 * 1024;
/// How long the exit waits for the last output still in the pipe.
const LAST_OUTPUT: Duration = Duration::from_millis(500);

impl Program {
    pub fn spawn(
        &self,
        rows: u16,
        cols: u16,
        inbox: &UnboundedSender<Incoming>,
    ) -> Result<Running, StartError> {
        let fail = |reason: String| StartError {
            program: self.name.clone(),
            reason,
        };
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .map_err(|e| fail(format!("no pseudo-terminal: {e}")))?;
        let mut command = CommandBuilder::new(&self.argv[0]);
        command.args(&self.argv[1..]);
        command.cwd(&self.cwd);
        for (name, value) in &self.env {
            command.env(name, value);
        }
        let mut child = pair
            .slave
            .spawn_command(command)
            .map_err(|e| fail(e.to_string()))?;
        drop(pair.slave);
        let killer = child.clone_killer();
        let group = child.process_id().map(|p| p as i32);
        let mut reader = pair
            .master
            .try_clone_reader()
            .map_err(|e| fail(e.to_string()))?;
        let writer = pair.master.take_writer().map_err(|e| fail(e.to_string()))?;
        let (done, read_all) = channel::<()>();
        let output = inbox.clone();
        std::thread::spawn(move || {
            let mut buffer = vec![0u8; CHUNK];
            loop {
                match reader.read(&mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        let msg = Msg::HostedOutput {
                            bytes: buffer[..n].to_vec(),
                        };
                        if output.send(Incoming::Msg(msg)).is_err() {
                            break;
                        }
                    }
                }
            }
            let _ = done.send(());
        });
        let exits = inbox.clone();
        std::thread::spawn(move || {
            let how = match child.wait() {
                Ok(status) => match status.signal() {
                    Some(signal) => format!("killed by {signal}"),
                    None => format!("exit status {}", status.exit_code()),
                },
                Err(e) => format!("lost: {e}"),
            };
            // What it wrote last comes before the news that it ended.
            let _ = read_all.recv_timeout(LAST_OUTPUT);
            let _ = exits.send(Incoming::Msg(Msg::HostedExited { how }));
        });
        Ok(Running {
            master: pair.master,
            writer,
            killer,
            group,
        })
    }
}

impl Running {
    pub fn write(&mut self, bytes: &[u8]) {
        let _ = self.writer.write_all(bytes);
        let _ = self.writer.flush();
    }

    pub fn resize(&self, rows: u16, cols: u16) {
        let _ = self.master.resize(PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        });
    }
}

impl Drop for Running {
    /// The program and everything it started end with the workstation: its process group
    /// (it leads a session of its own) gets SIGHUP, as a closed terminal would send, then
    /// the program itself is killed.
    fn drop(&mut self) {
        if let Some(group) = self.group.and_then(rustix::process::Pid::from_raw) {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::HUP);
        }
        let _ = self.killer.kill();
    }
}

/// Where `program` is found: a path as given, or the first match on `PATH`.
pub fn find(program: &str) -> Option<PathBuf> {
    let executable = |path: &std::path::Path| {
        std::fs::metadata(path).is_ok_and(|m| {
            m.is_file() && std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o111 != 0
        })
    };
    if program.contains('/') {
        let path = PathBuf::from(program);
        return executable(&path).then_some(path);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(program))
            .find(|p| executable(p))
    })
}
