//! The event loop: one `select!` over terminal events, everything the runner and the loader
//! report, and the signals that end the program. Each message is recorded (with
//! `--record`), folded into the state, and its commands carried out; the screen is drawn
//! again only when a message arrived, so an idle workstation does nothing.

use std::path::PathBuf;
use std::sync::Arc;

use crossterm::event::EventStream;
use futures_util::StreamExt;
use tokio::signal::unix::{SignalKind, signal};
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

use crate::agent::Agent;
use crate::tools::Workspace;
use crate::tui::core::{Msg, State, render, update};
use crate::tui::record::Recorder;
use crate::tui::runner::{Flow, Incoming, Runner, Setup};
use crate::tui::{loader, terminal};

pub struct Start {
    pub workspace: Arc<Workspace>,
    pub setup: Setup,
    pub agent: Option<Agent>,
    /// The first messages: the repository and model, an earlier conversation.
    pub first: Vec<Msg>,
    pub record: Option<PathBuf>,
    /// A program to host in the right panel instead of the conversation.
    pub hosted: Option<crate::tui::hosted::Program>,
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("terminal: {0}")]
    Terminal(#[from] std::io::Error),
    #[error("--record {path}: {source}")]
    Record {
        path: String,
        source: std::io::Error,
    },
}

/// Runs the workstation until the user quits or a signal ends it; the terminal is restored
/// on every way out.
pub async fn run(start: Start) -> Result<(), AppError> {
    let mut recorder =
        Recorder::new(start.record.as_deref()).map_err(|source| AppError::Record {
            path: start
                .record
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            source,
        })?;
    terminal::restore_on_panic();
    terminal::enter()?;
    let result = event_loop(start, &mut recorder).await;
    terminal::leave();
    result
}

async fn event_loop(start: Start, recorder: &mut Recorder) -> Result<(), AppError> {
    let backend = ratatui::backend::CrosstermBackend::new(std::io::stdout());
    let mut term = ratatui::Terminal::new(backend)?;
    let (inbox, mut incoming) = unbounded_channel::<Incoming>();
    let mut state = State::default();
    let size = term.size()?;
    let mut queue = vec![Msg::Resize {
        width: size.width,
        height: size.height,
    }];
    queue.extend(start.first);
    let mut runner = Runner::new(
        start.workspace.clone(),
        start.setup,
        start.agent,
        inbox.clone(),
    );
    if let Some(program) = start.hosted {
        queue.push(Msg::Hosting {
            name: program.name.clone(),
        });
        runner.host(program);
    }
    let mut events = EventStream::new();
    let mut parts = Parts {
        recorder,
        runner: &mut runner,
        term: &mut term,
        events: &mut events,
    };
    if parts.fold(&mut state, queue) == Flow::Quit {
        return Ok(());
    }
    term.draw(|frame| render(&state, frame))?;
    tracing::info!(
        ms = crate::process::since_start().as_secs_f64() * 1000.0,
        "first frame"
    );
    // The first frame is up: now the graph.
    let (messages, mut loaded) = unbounded_channel::<Msg>();
    loader::start(start.workspace, messages);
    let mut terminate = signal(SignalKind::terminate())?;
    let mut hangup = signal(SignalKind::hangup())?;
    loop {
        let msg = tokio::select! {
            event = events.next() => match event {
                Some(Ok(event)) => terminal::message(event),
                Some(Err(e)) => return Err(e.into()),
                None => return Ok(()),
            },
            Some(incoming) = incoming.recv() => Some(runner.take(incoming)),
            Some(msg) = loaded.recv() => Some(msg),
            _ = terminate.recv() => return Ok(()),
            _ = hangup.recv() => return Ok(()),
        };
        let Some(msg) = msg else { continue };
        let mut pending = vec![msg];
        // Whatever else has arrived is folded before drawing: a burst of streamed text
        // costs one frame.
        drain(&mut incoming, &mut loaded, &mut runner, &mut pending);
        let mut parts = Parts {
            recorder,
            runner: &mut runner,
            term: &mut term,
            events: &mut events,
        };
        if parts.fold(&mut state, pending) == Flow::Quit {
            return Ok(());
        }
        term.draw(|frame| render(&state, frame))?;
    }
}

fn drain(
    incoming: &mut UnboundedReceiver<Incoming>,
    loaded: &mut UnboundedReceiver<Msg>,
    runner: &mut Runner,
    pending: &mut Vec<Msg>,
) {
    while let Ok(next) = incoming.try_recv() {
        pending.push(runner.take(next));
    }
    while let Ok(msg) = loaded.try_recv() {
        pending.push(msg);
    }
}

/// What folding a message needs besides the state.
struct Parts<'a> {
    recorder: &'a mut Recorder,
    runner: &'a mut Runner,
    term: &'a mut terminal::Term,
    events: &'a mut EventStream,
}

impl Parts<'_> {
    /// Records each message, folds it into the state and carries out its commands.
    fn fold(&mut self, state: &mut State, messages: Vec<Msg>) -> Flow {
        for msg in messages {
            self.recorder.record(&msg);
            for cmd in update(state, msg) {
                if Runner::needs_terminal(&cmd) {
                    // The editor (or the shell, after Ctrl+Z) reads the keys now: the old
                    // reader is dropped so that it takes none of them, and a new one starts
                    // when polled.
                    *self.events = EventStream::new();
                }
                if self.runner.execute(cmd, self.term) == Flow::Quit {
                    return Flow::Quit;
                }
            }
        }
        Flow::Continue
    }
}
