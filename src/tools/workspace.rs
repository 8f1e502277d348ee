//! The repository a tool works on: the engine (indexed with the detectors' file-local pass),
//! the detector catalog and config, and the current `State` — a snapshot plus what tools
//! derive from it, each built on first use and shared by every later call on that snapshot.

use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use arc_swap::ArcSwap;

use crate::detect::Finding;
use crate::detect::analyze::{Catalog, analyze};
use crate::detect::config::{Config, ConfigError};
use crate::detect::memory::Memory;
use crate::engine::{self, Engine, LocalBytes, Options, Report};
use crate::graph::Snapshot;
use crate::tools::ToolError;
use crate::tools::lookup::Index;
use crate::tools::search::index::SearchIndex;

#[derive(Debug, thiserror::Error)]
pub enum WorkspaceError {
    #[error(transparent)]
    Engine(#[from] engine::Error),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("detector rules: {0}")]
    Rules(String),
}

#[derive(Debug, Clone)]
pub struct WorkspaceOptions {
    pub use_cache: bool,
    pub max_file_size: u64,
    /// Keep the engine's state in memory between refreshes (watch mode, the TUI).
    pub live: bool,
}

impl Default for WorkspaceOptions {
    fn default() -> Self {
        WorkspaceOptions {
            use_cache: true,
            max_file_size: engine::DEFAULT_MAX_FILE_SIZE,
            live: false,
        }
    }
}

/// One published snapshot and everything derived from it.
pub struct State {
    pub snap: Arc<Snapshot>,
    /// File-local detector results by path (input to the findings).
    pub local: BTreeMap<String, LocalBytes>,
    /// What the last refresh did (files, skipped, timings).
    pub report: Report,
    findings: OnceLock<Arc<Vec<Finding>>>,
    index: OnceLock<Index>,
    search: OnceLock<SearchIndex>,
    churn: OnceLock<Option<HashMap<String, u32>>>,
}

pub struct Workspace {
    engine: Engine,
    catalog: Catalog,
    config: Config,
    state: ArcSwap<State>,
    /// The detectors' per-file data, kept from one state to the next.
    memory: Memory,
    /// Refreshes run one at a time; readers never wait for them.
    refreshing: Mutex<()>,
    /// The first refresh is done: the state is the repository's, not an empty one.
    ready: AtomicBool,
}

impl Workspace {
    /// Opens and indexes `root`.
    pub fn open(root: &Path, options: &WorkspaceOptions) -> Result<Workspace, WorkspaceError> {
        let workspace = Workspace::open_pending(root, options)?;
        workspace.refresh();
        Ok(workspace)
    }

    /// Opens `root` without indexing it: the state is empty and graph tools answer that the
    /// graph is still loading until the first `refresh` (the workstation draws at once and
    /// indexes in the background).
    pub fn open_pending(
        root: &Path,
        options: &WorkspaceOptions,
    ) -> Result<Workspace, WorkspaceError> {
        let config = Config::load(root)?;
        let catalog =
            Catalog::load(root, &config).map_err(|e| WorkspaceError::Rules(e.to_string()))?;
        config.validate(&|id| catalog.get(id).is_some())?;
        let pass = Arc::new(catalog.pass_for(&config).map_err(WorkspaceError::Rules)?);
        let engine = Engine::new(
            root,
            Options {
                max_file_size: options.max_file_size,
                use_cache: options.use_cache,
                pass: Some(pass as Arc<dyn crate::parse::LocalPass>),
                live: options.live,
            },
        )?;
        let state = ArcSwap::from_pointee(State::empty());
        Ok(Workspace {
            engine,
            catalog,
            config,
            state,
            memory: Memory::session(),
            refreshing: Mutex::new(()),
            ready: AtomicBool::new(false),
        })
    }

    pub fn root(&self) -> &Path {
        self.engine.root()
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The current state; cheap and lock-free.
    pub fn state(&self) -> Arc<State> {
        self.state.load_full()
    }

    /// Re-indexes changed files and publishes a new state; returns the previous one.
    pub fn refresh(&self) -> Arc<State> {
        self.refresh_paths(None)
    }

    /// `refresh` after a watcher named the changed paths (see `Engine::refresh_paths`).
    pub fn refresh_paths(&self, paths: Option<&[PathBuf]>) -> Arc<State> {
        let _one_at_a_time = self.refreshing.lock();
        let fresh = State::new(&self.engine, paths);
        let previous = self.state.swap(Arc::new(fresh));
        self.ready.store(true, Ordering::Release);
        previous
    }

    /// Lets refreshes leave value flow to `settle_flow` (see `Engine::defer_flow`): for a
    /// caller that settles once no other change waits (the watch session).
    pub fn defer_flow(&self, on: bool) {
        self.engine.defer_flow(on);
    }

    /// Solves value flow left by refreshes and publishes the state it gives; the previous
    /// state, or `None` when nothing was left.
    pub fn settle_flow(&self) -> Option<Arc<State>> {
        let _one_at_a_time = self.refreshing.lock();
        let mut report = self.engine.settle_flow()?;
        let last = self.state.load();
        report.files_by_language = last.report.files_by_language.clone();
        report.reused = last.report.parsed + last.report.reused;
        report.skipped = last.report.skipped.clone();
        let settled = State::of(&self.engine, report);
        Some(self.state.swap(Arc::new(settled)))
    }

    /// Whether the first index is done (see `open_pending`).
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// How far the index under way has come.
    pub fn progress(&self) -> Arc<crate::engine::Progress> {
        self.engine.progress()
    }

    /// Waits for the cache writes still running (before the process exits).
    pub fn finish_writes(&self) {
        self.engine.finish_writes();
    }

    /// Readers of the current state are done with the CPU: let the engine prepare for the
    /// next change (see `Engine::prepare_next`).
    pub fn prepare_next(&self) {
        self.engine.prepare_next();
    }

    /// The findings of a state, computed on first use.
    pub fn findings(&self, state: &State) -> Arc<Vec<Finding>> {
        state
            .findings
            .get_or_init(|| {
                let analysis = analyze(&state.snap, &state.local, &self.catalog, &self.config, None, &self.memory);
                tracing::debug!(stages = ?analysis.stages, slowest = ?&analysis.timings[..analysis.timings.len().min(8)], "graph detectors");
                Arc::new(analysis.findings)
            })
            .clone()
    }

    pub fn names<'s>(&self, state: &'s State) -> &'s Index {
        state.index.get_or_init(|| Index::new(&state.snap))
    }

    pub fn search<'s>(&self, state: &'s State) -> &'s SearchIndex {
        state
            .search
            .get_or_init(|| SearchIndex::build(&state.snap, self.root()))
    }

    /// Commits touching each file over the last year, when the root is in a git repository.
    pub fn churn<'s>(&self, state: &'s State) -> Option<&'s HashMap<String, u32>> {
        state.churn.get_or_init(|| git_churn(self.root())).as_ref()
    }

    /// A path argument as a root-relative `/`-separated path, refused if it leaves the root
    /// (through `..`, an absolute path elsewhere, or a symlink pointing out).
    pub fn confine(&self, input: &str) -> Result<String, ToolError> {
        let root = self.root();
        let given = Path::new(input.trim());
        let relative: PathBuf = if given.is_absolute() {
            given
                .strip_prefix(root)
                .map(Path::to_path_buf)
                .map_err(|_| {
                    ToolError::Invalid(format!(
                        "path `{input}` is outside the workspace {}; pass a path relative to it",
                        root.display()
                    ))
                })?
        } else {
            given.to_path_buf()
        };
        let mut parts: Vec<String> = Vec::new();
        for component in relative.components() {
            match component {
                Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
                Component::CurDir => {}
                Component::ParentDir => {
                    if parts.pop().is_none() {
                        return Err(ToolError::Invalid(format!(
                            "path `{input}` leaves the workspace; pass a path inside {}",
                            root.display()
                        )));
                    }
                }
                Component::RootDir | Component::Prefix(_) => {}
            }
        }
        let joined = parts.join("/");
        let full = crate::parse::paths::absolute(root, &joined);
        if let Ok(real) = full.canonicalize()
            && !real.starts_with(root)
        {
            return Err(ToolError::Invalid(format!(
                "path `{input}` resolves (through a symlink) outside the workspace; refused"
            )));
        }
        Ok(joined)
    }
}

impl State {
    fn empty() -> State {
        State {
            snap: Arc::new(Snapshot::default()),
            local: BTreeMap::new(),
            report: Report::default(),
            findings: OnceLock::new(),
            index: OnceLock::new(),
            search: OnceLock::new(),
            churn: OnceLock::new(),
        }
    }

    fn new(engine: &Engine, paths: Option<&[PathBuf]>) -> State {
        let report = match paths {
            Some(paths) => engine.refresh_paths(paths),
            None => engine.refresh(),
        };
        State::of(engine, report)
    }

    fn of(engine: &Engine, mut report: Report) -> State {
        for warning in &report.warnings {
            tracing::warn!("{warning}");
        }
        let local = std::mem::take(&mut report.local);
        State {
            snap: engine.snapshot(),
            local,
            report,
            findings: OnceLock::new(),
            index: OnceLock::new(),
            search: OnceLock::new(),
            churn: OnceLock::new(),
        }
    }
}

fn git_churn(root: &Path) -> Option<HashMap<String, u32>> {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .stderr(std::process::Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
    };
    let prefix = git(&["rev-parse", "--show-prefix"])?.trim().to_string();
    let log = git(&[
        "log",
        "--since=1.year",
        "--format=",
        "--name-only",
        "--no-renames",
        "--",
        ".",
    ])?;
    let mut churn: HashMap<String, u32> = HashMap::new();
    for line in log.lines().filter(|l| !l.is_empty()) {
        let relative = line.strip_prefix(prefix.as_str()).unwrap_or(line);
        *churn.entry(relative.to_string()).or_default() += 1;
    }
    Some(churn)
}
