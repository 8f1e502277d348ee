//! `--record FILE`: every message the core receives, one JSON line each. `replay` folds a
//! recording through the core (no network, no tools) and draws the final screen as text.

use std::io::{BufRead, BufWriter, Write};
use std::path::Path;

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::tui::core::{Msg, State, render, update};

pub struct Recorder {
    out: Option<BufWriter<std::fs::File>>,
}

impl Recorder {
    pub fn new(path: Option<&Path>) -> std::io::Result<Recorder> {
        let out = path
            .map(|p| std::fs::File::create(p).map(BufWriter::new))
            .transpose()?;
        Ok(Recorder { out })
    }

    pub fn record(&mut self, msg: &Msg) {
        if let Some(out) = &mut self.out
            && let Ok(line) = serde_json::to_string(msg)
        {
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("{path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}:{line}: not a message: {reason}")]
    Message {
        path: String,
        line: usize,
        reason: String,
    },
}

/// The messages of a recording.
pub fn read(path: &Path) -> Result<Vec<Msg>, ReplayError> {
    let shown = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|source| ReplayError::Read {
        path: shown.clone(),
        source,
    })?;
    let mut messages = Vec::new();
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|source| ReplayError::Read {
            path: shown.clone(),
            source,
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let msg = serde_json::from_str(&line).map_err(|e| ReplayError::Message {
            path: shown.clone(),
            line: i + 1,
            reason: e.to_string(),
        })?;
        messages.push(msg);
    }
    Ok(messages)
}

/// Folds `messages` through the core at `width`×`height` (a `Resize` in the recording
/// is overridden) and returns the final screen, one line per row, trailing blanks cut.
pub fn replay(messages: Vec<Msg>, width: u16, height: u16) -> String {
    let mut state = State::default();
    update(&mut state, Msg::Resize { width, height });
    for msg in messages {
        if matches!(msg, Msg::Resize { .. }) {
            continue;
        }
        update(&mut state, msg);
    }
    screen(&state, width, height)
}

/// The state drawn on a `width`×`height` screen, as text.
pub fn screen(state: &State, width: u16, height: u16) -> String {
    let Ok(mut terminal) = Terminal::new(TestBackend::new(width, height));
    let _ = terminal.draw(|frame| render(state, frame));
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..height {
        let mut row = String::new();
        for x in 0..width {
            if let Some(cell) = buffer.cell((x, y)) {
                row.push_str(cell.symbol());
            }
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}
