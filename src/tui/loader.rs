//! The graph in the background: the watcher starts first (so nothing saved during the load
//! is missed), then the first index with its progress polled into `Loading` messages, then
//! the detectors, then watch mode keeps graph and findings current until the program ends.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::mpsc::UnboundedSender;

use crate::tools::Workspace;
use crate::tui::core::Msg;
use crate::watch::{Changes, Session};

/// How often the load's progress is read.
const POLL: Duration = Duration::from_millis(100);
/// Quiet time after a save before it is analysed.
const DEBOUNCE: Duration = Duration::from_millis(50);

pub fn start(workspace: Arc<Workspace>, messages: UnboundedSender<Msg>) {
    std::thread::spawn(move || run(&workspace, &messages));
}

fn run(workspace: &Arc<Workspace>, messages: &UnboundedSender<Msg>) {
    let changes = match Changes::watch(workspace.root(), DEBOUNCE) {
        Ok(changes) => Some(changes),
        Err(e) => {
            let _ = messages.send(Msg::Notice {
                text: format!("not watching for changes: {e}"),
                is_error: true,
            });
            None
        }
    };
    let loaded = Arc::new(AtomicBool::new(false));
    poll_progress(workspace, messages, &loaded);
    let refreshed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        workspace.refresh();
    }));
    if refreshed.is_err() {
        loaded.store(true, Ordering::Relaxed);
        let _ = messages.send(Msg::GraphFailed {
            message: "indexing failed unexpectedly (see the log)".into(),
        });
        return;
    }
    workspace.progress().stage("running detectors");
    let mut session = Session::new(workspace.clone());
    let updates = session.subscribe();
    let watching = changes.is_some();
    let forward = messages.clone();
    let ready = loaded.clone();
    std::thread::spawn(move || {
        for (state, delta) in updates {
            let nodes = state.snap.graph.node_count();
            if delta.initial {
                ready.store(true, Ordering::Relaxed);
                tracing::info!(
                    ms = crate::process::since_start().as_secs_f64() * 1000.0,
                    "graph and findings ready"
                );
                let _ = forward.send(Msg::GraphReady {
                    nodes,
                    edges: state.snap.graph.edge_count(),
                    files: state.snap.files.len(),
                    watching,
                });
            }
            let sent = forward.send(Msg::Findings {
                added: delta.added.clone(),
                resolved: delta
                    .resolved
                    .iter()
                    .map(|f| f.fingerprint.clone())
                    .collect(),
                nodes,
                pending: delta.pending,
            });
            if sent.is_err() {
                return;
            }
        }
    });
    session.start();
    if let Some(changes) = changes {
        session.run(&changes.receiver);
    }
}

/// Sends the load's stage and counts as they change, until `loaded`.
fn poll_progress(
    workspace: &Arc<Workspace>,
    messages: &UnboundedSender<Msg>,
    loaded: &Arc<AtomicBool>,
) {
    let progress = workspace.progress();
    let messages = messages.clone();
    let loaded = loaded.clone();
    std::thread::spawn(move || {
        let mut last = None;
        while !loaded.load(Ordering::Relaxed) {
            let now = progress.read();
            if last != Some(now) && !now.stage.is_empty() {
                last = Some(now);
                let sent = messages.send(Msg::Loading {
                    stage: now.stage.to_string(),
                    done: now.done,
                    total: now.total,
                });
                if sent.is_err() {
                    return;
                }
            }
            std::thread::sleep(POLL);
        }
    });
}
