//! One watch session: the first analysis, then one re-analysis per batch of changes, each
//! giving a `Delta` (findings added and resolved, health before and after) to subscribers.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use crate::detect::{Finding, Severity};
use crate::parse::{Diagnostic, Skipped};
use crate::report::summary;
use crate::tools::Workspace;
use crate::tools::workspace::State;
use crate::watch::Message;

/// What one analysis changed.
#[derive(Debug, Clone)]
pub struct Delta {
    /// The first analysis of the session.
    pub initial: bool,
    /// Files parsed again, added or removed by this analysis.
    pub changed: Vec<String>,
    pub added: Vec<Finding>,
    pub resolved: Vec<Finding>,
    /// Findings now.
    pub findings: usize,
    pub health: u32,
    pub previous_health: u32,
    /// Syntax errors in the changed files (the analysis still ran on what parsed).
    pub diagnostics: Vec<(String, Vec<Diagnostic>)>,
    /// Files this analysis skipped that the one before did not (the first analysis: every
    /// skipped file).
    pub skipped: Vec<Skipped>,
    /// Re-indexing plus detectors.
    pub took: Duration,
    /// Value flow is still to be solved for the whole program: a delta with `pending`
    /// false follows once it is (`Session::settle_flow`).
    pub pending: bool,
}

/// A subscriber's view: the new state (snapshot included) and what changed.
pub type Update = (Arc<State>, Arc<Delta>);

pub struct Session {
    workspace: Arc<Workspace>,
    subscribers: Vec<Sender<Update>>,
    findings: Arc<Vec<Finding>>,
    health: u32,
    /// The files the last analysis skipped.
    skipped: HashSet<String>,
    /// The state the last delta was of.
    published: Option<Arc<State>>,
}

impl Session {
    pub fn new(workspace: Arc<Workspace>) -> Session {
        Session {
            workspace,
            subscribers: Vec::new(),
            findings: Arc::new(Vec::new()),
            health: 100,
            skipped: HashSet::new(),
            published: None,
        }
    }

    pub fn workspace(&self) -> &Arc<Workspace> {
        &self.workspace
    }

    /// Every later update goes to the returned receiver.
    pub fn subscribe(&mut self) -> Receiver<Update> {
        let (sender, receiver) = std::sync::mpsc::channel();
        self.subscribers.push(sender);
        receiver
    }

    /// The analysis of the state the workspace opened with.
    pub fn start(&mut self) {
        let started = Instant::now();
        let state = self.workspace.state();
        let paths = state.snap.files.iter().map(|f| f.path.clone()).collect();
        self.publish(state, paths, true, started);
    }

    /// Waits for batches of changes and analyses each; returns on `Message::Stop` or when
    /// every sender is gone. Batches that arrive while an analysis runs are merged into one.
    pub fn run(&mut self, messages: &Receiver<Message>) {
        self.workspace.defer_flow(true);
        while let Ok(first) = messages.recv() {
            let mut stop = false;
            let mut changed = false;
            // The paths named, or `None` once an event may have been lost.
            let mut named: Option<Vec<PathBuf>> = Some(Vec::new());
            for message in
                std::iter::once(first).chain(std::iter::from_fn(|| messages.try_recv().ok()))
            {
                match message {
                    Message::Paths(paths) => {
                        tracing::debug!(?paths, "changed");
                        changed = true;
                        if let Some(named) = named.as_mut() {
                            named.extend(paths.into_iter().map(PathBuf::from));
                        }
                    }
                    Message::Errors(errors) => {
                        for error in errors {
                            tracing::warn!("watcher: {error}");
                        }
                        // A lost event (queue overflow) is healed by a full re-check.
                        changed = true;
                        named = None;
                    }
                    Message::Stop => stop = true,
                }
            }
            if stop {
                return;
            }
            if changed {
                self.refresh_paths(named.as_deref());
            }
            // Value flow a refresh left (here, or by a tool that wrote a file) is solved
            // once the save is published, before the next batch is read.
            self.settle_flow();
        }
    }

    /// Solves the value flow refreshes left and publishes what it changes (an empty
    /// delta when it changed nothing: subscribers learn that the analysis is complete).
    pub fn settle_flow(&mut self) {
        let started = Instant::now();
        if self.workspace.settle_flow().is_none() {
            return;
        }
        let state = self.workspace.state();
        self.publish(state, Vec::new(), false, started);
    }

    /// Re-indexes (the engine re-reads only files whose size or time changed) and publishes
    /// the delta, unless nothing the analysis sees changed.
    pub fn refresh(&mut self) {
        self.refresh_paths(None);
    }

    /// `refresh` when the watcher named what changed: the engine may re-check only those.
    pub fn refresh_paths(&mut self, paths: Option<&[PathBuf]>) {
        let started = Instant::now();
        let previous = self.workspace.refresh_paths(paths);
        let state = self.workspace.state();
        let before: HashSet<&str> = previous
            .snap
            .files
            .iter()
            .map(|f| f.path.as_str())
            .collect();
        let after: HashSet<&str> = state.snap.files.iter().map(|f| f.path.as_str()).collect();
        let mut changed: Vec<String> = state.report.fresh.clone();
        // Someone else refreshed the workspace since the last delta (a tool that wrote a
        // file re-indexes it at once): what they parsed is news to the subscribers.
        if !self
            .published
            .as_ref()
            .is_some_and(|p| Arc::ptr_eq(p, &previous))
        {
            changed.extend(previous.report.fresh.iter().cloned());
        }
        changed.extend(before.difference(&after).map(|p| (*p).to_string()));
        // A file saved too deep to parse is a change the user should hear about.
        changed.extend(self.newly_skipped(&state).map(|s| s.path.clone()));
        changed.sort();
        changed.dedup();
        if changed.is_empty() {
            tracing::debug!(graph = ?state.report.graph, "nothing the analysis sees changed");
            return;
        }
        self.publish(state, changed, false, started);
    }

    /// The files `state`'s analysis skipped that the one before did not.
    fn newly_skipped<'s>(&self, state: &'s State) -> impl Iterator<Item = &'s Skipped> {
        state
            .report
            .skipped
            .iter()
            .filter(|s| !self.skipped.contains(&s.path))
    }

    fn publish(
        &mut self,
        state: Arc<State>,
        changed: Vec<String>,
        initial: bool,
        started: Instant,
    ) {
        let indexed = started.elapsed();
        let findings = self.workspace.findings(&state);
        tracing::debug!(
            graph = ?state.report.graph,
            stages = ?state.report.timings,
            index_ms = indexed.as_secs_f64() * 1000.0,
            detectors_ms = (started.elapsed() - indexed).as_secs_f64() * 1000.0,
            "watch analysis"
        );
        let old: HashSet<&str> = self
            .findings
            .iter()
            .map(|f| f.fingerprint.as_str())
            .collect();
        let new: HashSet<&str> = findings.iter().map(|f| f.fingerprint.as_str()).collect();
        let added: Vec<Finding> = findings
            .iter()
            .filter(|f| !old.contains(f.fingerprint.as_str()))
            .cloned()
            .collect();
        let resolved: Vec<Finding> = self
            .findings
            .iter()
            .filter(|f| !new.contains(f.fingerprint.as_str()))
            .cloned()
            .collect();
        let lines: u64 = state.snap.files.iter().map(|f| u64::from(f.lines)).sum();
        let health = summary::summarise(
            &findings,
            state.snap.files.len(),
            lines,
            Severity::High,
            &|_| false,
            0,
        )
        .score;
        let wanted: HashSet<&str> = changed.iter().map(String::as_str).collect();
        let diagnostics = state
            .snap
            .files
            .iter()
            .filter(|f| !f.diagnostics.is_empty() && (!initial && wanted.contains(f.path.as_str())))
            .map(|f| (f.path.clone(), f.diagnostics.clone()))
            .collect();
        let skipped = self.newly_skipped(&state).cloned().collect();
        self.skipped = state
            .report
            .skipped
            .iter()
            .map(|s| s.path.clone())
            .collect();
        let delta = Arc::new(Delta {
            initial,
            changed,
            added,
            resolved,
            findings: findings.len(),
            health,
            previous_health: if initial { health } else { self.health },
            diagnostics,
            skipped,
            took: started.elapsed(),
            pending: state.report.flow_pending,
        });
        self.findings = findings;
        self.health = health;
        self.published = Some(state.clone());
        self.subscribers
            .retain(|s| s.send((state.clone(), delta.clone())).is_ok());
        self.workspace.prepare_next();
    }
}
