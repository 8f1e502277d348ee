//! A real terminal for end-to-end tests: a private tmux server (its own socket), one pane
//! running a shell, keys sent and the screen read back. The server is killed on drop.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Longest wait for something to appear on the screen before the test fails, showing it.
const PATIENCE: Duration = Duration::from_secs(60);

pub struct Pane {
    socket: String,
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

impl Pane {
    /// A `width`×`height` pane running `sh` in `dir` with `env` set (and no provider keys).
    pub fn start(dir: &Path, env: &[(&str, String)], width: u16, height: u16) -> Pane {
        let socket = format!(
            "repotoire-test-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        );
        // The user's provider keys never reach a test's pane; a test that wants one sets it.
        let mut shell = vec!["env".to_string()];
        for key in [
            "ANTHROPIC_API_KEY",
            "OPENAI_API_KEY",
            "OPENROUTER_API_KEY",
            "DEEPINFRA_API_KEY",
        ] {
            shell.extend(["-u".to_string(), key.to_string()]);
        }
        shell.extend(env.iter().map(|(k, v)| format!("{k}={v}")));
        shell.extend(["PS1=$ ".to_string(), "sh".to_string()]);
        let status = Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .arg("-c")
            .arg(dir)
            .args(&shell)
            .status()
            .expect("tmux must be installed (.ci/run installs it)");
        assert!(status.success(), "tmux new-session failed");
        Pane { socket }
    }

    /// The private server's socket name (`tmux -L NAME …`).
    pub fn socket(&self) -> &str {
        &self.socket
    }

    fn tmux(&self, args: &[&str]) -> String {
        let output = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("run tmux");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Keys by tmux name (`Enter`, `C-c`, `Tab`, `y`).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "0"];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// Text typed as it is.
    pub fn type_text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "0", "-l", text]);
    }

    pub fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "0"])
    }

    /// The process running in the pane's shell (its first child).
    pub fn foreground_child(&self) -> Option<i32> {
        let shell: i32 = self
            .tmux(&["display-message", "-p", "-t", "0", "#{pane_pid}"])
            .trim()
            .parse()
            .ok()?;
        children(shell).into_iter().next()
    }

    /// The program the workstation in the pane hosts (the workstation's child), once up.
    pub fn hosted_program(&self) -> i32 {
        // The shell may not have started the workstation yet when the keys are typed.
        let workstation = wait_until(|| "the workstation".to_string(), || self.foreground_child());
        // A child forked but not yet exec'd still runs the workstation's program (and
        // shows its command line): wait for the program it was forked to run.
        let exe = |pid: i32| std::fs::read_link(format!("/proc/{pid}/exe")).ok();
        wait_until(
            || format!("a program run by the workstation {workstation}"),
            || {
                children(workstation)
                    .into_iter()
                    .find(|&child| exe(child).is_some() && exe(child) != exe(workstation))
            },
        )
    }

    /// Types `repotoire ARGS; echo exited=$?` at the pane's shell prompt.
    pub fn run_repotoire(&self, args: &str) {
        self.wait_for_text("$");
        self.type_text(&format!(
            "{} {args}; echo exited=$?",
            env!("CARGO_BIN_EXE_repotoire")
        ));
        self.keys(&["Enter"]);
    }

    pub fn alternate_screen(&self) -> bool {
        self.tmux(&["display-message", "-p", "-t", "0", "#{alternate_on}"])
            .trim()
            == "1"
    }

    /// Waits until the screen satisfies `ready`, and returns it; fails showing the screen
    /// and `what` it waited for.
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        wait_until(
            || format!("waited for {what}; the screen is:\n{}", self.screen()),
            || {
                let screen = self.screen();
                ready(&screen).then_some(screen)
            },
        )
    }

    pub fn wait_for_text(&self, text: &str) -> String {
        self.wait_for(&format!("`{text}`"), |s| s.contains(text))
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

/// Polls `ready` until it gives a value; past the patience, fails with `failure()`.
pub fn wait_until<T>(failure: impl Fn() -> String, mut ready: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(value) = ready() {
            return value;
        }
        assert!(Instant::now() < deadline, "{}", failure());
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Processes whose parent is `parent`.
pub fn children(parent: i32) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid: i32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            // The parent is the second field after the command's closing parenthesis.
            let after = stat.rsplit_once(')')?.1;
            let of: i32 = after.split_whitespace().nth(1)?.parse().ok()?;
            (of == parent).then_some(pid)
        })
        .collect()
}

/// Waits until `pid` has ended (gone, or a zombie nobody reaped yet).
pub fn wait_gone(pid: i32) {
    wait_until(
        || format!("process {pid} is still running"),
        || {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"));
            stat.map_or(true, |s| s.contains(") Z ")).then_some(())
        },
    );
}
