//! The cache: `<root>/.repotoire/cache.redb`, under a schema key.
//!
//! - `files`: path → content hash, size and modification time (what is on disk);
//! - `facts`: path → encoded `FileFacts`;
//! - `local`: path → the detectors' file-local results (opaque bytes; `FileEntry::local`
//!   says which pass and content they belong to);
//! - `graph`: the last resolved snapshot and the digest of the inputs it was built from.
//!
//! A schema mismatch or a damaged file is reported once and rebuilt; a database held by
//! another process is waited for, then bypassed. Writes happen in one transaction, so the
//! cache is never half-written; they are not synced to the disk where the machine's boot is
//! known, and the first open after a restart verifies the file instead (see `backend`).
//! `store` never decides what is stale: the engine compares.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use redb::{Database, DatabaseError, ReadableDatabase, TableDefinition};

use crate::parse::FileFacts;

mod backend;
pub mod pending;
mod tables;

const FILES: TableDefinition<&str, &[u8]> = TableDefinition::new("files");
const FACTS: TableDefinition<&str, &[u8]> = TableDefinition::new("facts");
const GRAPH: TableDefinition<&str, &[u8]> = TableDefinition::new("graph");
const LOCAL: TableDefinition<&str, &[u8]> = TableDefinition::new("local");
const META: TableDefinition<&str, &str> = TableDefinition::new("meta");
/// Bump when `FileFacts`, the graph model or the table layout changes shape.
const SCHEMA_VERSION: u32 = 27;
pub const DIR_NAME: &str = ".repotoire";
const DB_NAME: &str = "cache.redb";
/// redb's page cache. A run reads a few tables once and writes each page once, so a cache
/// only costs fresh memory: with redb's default (1 GiB) every page written stays buffered
/// until the commit and every page read stays cached, each a page fault on first touch.
/// With 256 KiB, written pages go out and their buffers are used again (`benches/corpus.rs`,
/// cold and no-change on the small corpora).
const CACHE_BYTES: usize = 256 * 1024;
/// How long to wait for another process to release the database.
const LOCK_WAIT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {reason}")]
    Database { path: PathBuf, reason: String },
    #[error("{path}: still in use by another repotoire process after {seconds} s")]
    Busy { path: PathBuf, seconds: u64 },
}

/// What the cache knows about a file on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileEntry {
    pub hash: [u8; 32],
    pub size: u64,
    pub modified: u64,
    /// Key of the file-local pass results stored for this content (zeros: none).
    pub local: [u8; 32],
}

impl FileEntry {
    const LEN: usize = 80;

    fn encode(&self) -> [u8; Self::LEN] {
        let mut out = [0; Self::LEN];
        out[..32].copy_from_slice(&self.hash);
        out[32..40].copy_from_slice(&self.size.to_le_bytes());
        out[40..48].copy_from_slice(&self.modified.to_le_bytes());
        out[48..].copy_from_slice(&self.local);
        out
    }

    fn decode(bytes: &[u8]) -> Option<FileEntry> {
        if bytes.len() != Self::LEN {
            return None;
        }
        let mut hash = [0; 32];
        hash.copy_from_slice(&bytes[..32]);
        let size = u64::from_le_bytes(bytes[32..40].try_into().ok()?);
        let modified = u64::from_le_bytes(bytes[40..48].try_into().ok()?);
        let mut local = [0; 32];
        local.copy_from_slice(&bytes[48..]);
        Some(FileEntry {
            hash,
            size,
            modified,
            local,
        })
    }
}

/// Everything one refresh writes back.
#[derive(Default)]
pub struct Update<'a> {
    pub files: Vec<(&'a str, FileEntry)>,
    pub facts: Vec<&'a FileFacts>,
    /// File-local pass results by path.
    pub local: Vec<(&'a str, &'a [u8])>,
    pub removed: Vec<String>,
    /// Digest of the inputs and the encoded graph: its length, and what writes it into
    /// that many bytes (reserved in the database page: no buffer, no copy).
    pub graph: Option<GraphBytes<'a>>,
    /// Another commit follows in this process (or closing the database makes this one
    /// durable): skip the file-system sync, where commits sync at all. A crash before then
    /// loses this update, which the next run only recomputes.
    pub deferred: bool,
}

pub struct GraphBytes<'a> {
    pub digest: [u8; 32],
    pub len: usize,
    pub write: &'a (dyn Fn(&mut [u8]) -> Result<(), String> + Sync),
}

/// An open cache. Holding it holds the database lock: keep it for one refresh.
pub struct Store {
    path: PathBuf,
    db: Option<Database>,
    /// This boot of the machine; `None` where the platform does not say (the file is then
    /// synced on every commit, as redb does by default). See `backend`.
    boot: Option<String>,
    /// Whether this open verified every page's checksum (the first open after a restart).
    pub verified: bool,
    /// Said once: schema changes, damage, rebuilds.
    pub warnings: Vec<String>,
}

pub fn schema_key() -> String {
    format!(
        "{SCHEMA_VERSION}:{}:{}",
        crate::process::BUILD,
        crate::lang::fingerprint()
    )
}

/// Whether `root` has a cache file at all (a first run has nothing to read).
pub fn exists(root: &Path) -> bool {
    root.join(DIR_NAME).join(DB_NAME).exists()
}

/// The id of this boot of the machine (Linux), which changes with every restart.
pub fn boot_id() -> Option<String> {
    let id = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    let id = id.trim();
    (!id.is_empty()).then(|| id.to_string())
}

/// Opens or creates the file; without syncs when the boot is known.
fn create(path: &Path, boot: Option<&str>) -> Result<Database, DatabaseError> {
    if boot.is_none() {
        return Database::builder().set_cache_size(CACHE_BYTES).create(path);
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    Database::builder()
        .set_cache_size(CACHE_BYTES)
        .create_with_backend(backend::Unsynced::new(file)?)
}

fn db_error(path: &Path, err: impl std::fmt::Display) -> Error {
    Error::Database {
        path: path.to_path_buf(),
        reason: err.to_string(),
    }
}

impl Store {
    /// Opens (or creates) `<root>/.repotoire/cache.redb`, waiting for another process, and
    /// rebuilding the file when it is damaged or was written under another schema.
    pub fn open(root: &Path) -> Result<Store, Error> {
        Store::open_as(root, boot_id())
    }

    /// `open` as if the machine's boot were `boot` (`None`: unknown, sync every commit).
    pub fn open_as(root: &Path, boot: Option<String>) -> Result<Store, Error> {
        let dir = root.join(DIR_NAME);
        std::fs::create_dir_all(&dir).map_err(|source| Error::Io {
            path: dir.clone(),
            source,
        })?;
        let ignore = dir.join(".gitignore");
        if !ignore.exists() {
            std::fs::write(&ignore, "*\n").map_err(|source| Error::Io {
                path: ignore.clone(),
                source,
            })?;
        }
        let path = dir.join(DB_NAME);
        match Store::open_file(&path, &boot) {
            Err(Error::Database { reason, .. }) => {
                let mut store = Store::rebuild(&path, boot)?;
                store.warnings.insert(
                    0,
                    format!(
                        "cache {} is damaged ({reason}); rebuilding it",
                        path.display()
                    ),
                );
                Ok(store)
            }
            other => other,
        }
    }

    fn open_file(path: &Path, boot: &Option<String>) -> Result<Store, Error> {
        let started = Instant::now();
        let mut pause = Duration::from_millis(5);
        let db = loop {
            match guard(path, || Ok(create(path, boot.as_deref())))
                .and_then(|r| r.map_err(|e| db_error(path, e)))
            {
                Ok(db) => break db,
                Err(Error::Database { reason, .. })
                    if reason == DatabaseError::DatabaseAlreadyOpen.to_string() =>
                {
                    if started.elapsed() >= LOCK_WAIT {
                        return Err(Error::Busy {
                            path: path.to_path_buf(),
                            seconds: LOCK_WAIT.as_secs(),
                        });
                    }
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(200));
                }
                Err(err) => return Err(err),
            }
        };
        let mut store = Store {
            path: path.to_path_buf(),
            db: Some(db),
            boot: boot.clone(),
            verified: false,
            warnings: Vec::new(),
        };
        store.check_schema()?;
        Ok(store)
    }

    /// Starts the cache file afresh (after damage).
    fn rebuild(path: &Path, boot: Option<String>) -> Result<Store, Error> {
        remove(path)?;
        let db = guard(path, || {
            create(path, boot.as_deref()).map_err(|e| db_error(path, e))
        })?;
        let mut store = Store {
            path: path.to_path_buf(),
            db: Some(db),
            boot,
            verified: false,
            warnings: Vec::new(),
        };
        store.clear()?;
        Ok(store)
    }

    /// After a failed read: say so, start the file afresh, carry on with an empty cache.
    pub fn reset(&mut self, why: &str) -> Result<(), Error> {
        self.close();
        let mut fresh = Store::rebuild(&self.path, self.boot.clone())?;
        self.db = fresh.db.take();
        self.warnings.push(format!(
            "cache {} is damaged ({why}); rebuilding it",
            self.path.display()
        ));
        Ok(())
    }

    /// Releases the database (and its lock); a damaged one may panic on the way out.
    fn close(&mut self) {
        if let Some(db) = self.db.take() {
            let _ = guard(&self.path, move || {
                drop(db);
                Ok(())
            });
        }
    }

    fn db(&self) -> Result<&Database, Error> {
        self.db
            .as_ref()
            .ok_or_else(|| db_error(&self.path, "closed"))
    }

    fn check_schema(&mut self) -> Result<(), Error> {
        let expected = schema_key();
        let db = self.db()?;
        // The schema key and the boot stamp, as far as they are there.
        type Stamps = (Option<String>, Option<String>);
        let found = guard(
            &self.path,
            || -> Result<Result<Stamps, redb::Error>, Error> {
                Ok((|| {
                    let read = db.begin_read()?;
                    let meta = match read.open_table(META) {
                        Ok(table) => table,
                        Err(redb::TableError::TableDoesNotExist(_)) => return Ok((None, None)),
                        Err(err) => return Err(err.into()),
                    };
                    let schema = meta.get("schema")?.map(|v| v.value().to_string());
                    Ok((schema, meta.get("boot")?.map(|v| v.value().to_string())))
                })())
            },
        )?;
        match found {
            Ok((Some(found), boot)) if found == expected => return self.check_boot(boot),
            Ok((None, _)) => {}
            Ok((Some(found), _)) => self.warnings.push(format!(
                "cache {} was written by another version ({found}); rebuilding it",
                self.path.display()
            )),
            Err(err) => return Err(db_error(&self.path, err)),
        }
        self.clear()
    }

    /// Writes are not synced (see `backend`): a file last written before the machine
    /// restarted may have reached the disk in part, so its checksums are verified, once.
    fn check_boot(&mut self, stamped: Option<String>) -> Result<(), Error> {
        let Some(boot) = self.boot.clone() else {
            return Ok(());
        };
        if stamped.as_deref() == Some(boot.as_str()) {
            return Ok(());
        }
        self.verified = true;
        let path = self.path.clone();
        let db = self.db.as_mut().ok_or_else(|| db_error(&path, "closed"))?;
        let started = Instant::now();
        let intact = guard(&path, || Ok(db.check_integrity()));
        tracing::debug!(
            ms = started.elapsed().as_secs_f64() * 1000.0,
            intact = matches!(intact, Ok(Ok(true))),
            "cache verified after a restart"
        );
        if !matches!(intact, Ok(Ok(true))) {
            return self.reset("not fully written before the machine restarted");
        }
        let db = self.db()?;
        guard(&path, || {
            let write = db.begin_write().map_err(|e| db_error(&path, e))?;
            {
                let mut meta = write.open_table(META).map_err(|e| db_error(&path, e))?;
                meta.insert("boot", boot.as_str())
                    .map_err(|e| db_error(&path, e))?;
            }
            write.commit().map_err(|e| db_error(&path, e))
        })
    }

    /// Empties every table and stamps the current schema.
    pub fn clear(&mut self) -> Result<(), Error> {
        let path = self.path.clone();
        let db = self.db()?;
        guard(&path, || {
            Store::clear_tables(&path, db, self.boot.as_deref())
        })
    }

    fn clear_tables(path: &Path, db: &Database, boot: Option<&str>) -> Result<(), Error> {
        let path = path.to_path_buf();
        let mut write = db.begin_write().map_err(|e| db_error(&path, e))?;
        // Where commits sync, the stamp is made durable by the refresh's own commit, or when
        // the file closes.
        if boot.is_none() {
            let _ = write.set_durability(redb::Durability::None);
        }
        for table in [FILES, FACTS, LOCAL, GRAPH] {
            write.delete_table(table).map_err(|e| db_error(&path, e))?;
        }
        {
            let mut meta = write.open_table(META).map_err(|e| db_error(&path, e))?;
            meta.insert("schema", schema_key().as_str())
                .map_err(|e| db_error(&path, e))?;
            if let Some(boot) = boot {
                meta.insert("boot", boot).map_err(|e| db_error(&path, e))?;
            }
            for table in [FILES, FACTS, LOCAL, GRAPH] {
                write.open_table(table).map_err(|e| db_error(&path, e))?;
            }
        }
        write.commit().map_err(|e| db_error(&path, e))
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        self.close();
    }
}

thread_local! {
    /// Set while the store runs redb code, so its panics are not printed as crashes.
    static IN_STORE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs redb code, turning a panic (redb panics on some kinds of corrupt pages) into a
/// `Database` error the caller recovers from.
fn guard<T>(path: &Path, run: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    static QUIET_HOOK: std::sync::Once = std::sync::Once::new();
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_STORE.with(std::cell::Cell::get) {
                previous(info);
            }
        }));
    });
    let was = IN_STORE.with(|f| f.replace(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run));
    IN_STORE.with(|f| f.set(was));
    result.unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        Err(db_error(
            path,
            format!("the database library failed: {message}"),
        ))
    })
}

fn remove(path: &Path) -> Result<(), Error> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(Error::Io {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// Decodes cached facts; `None` if they do not decode (treated as a miss).
pub fn decode_facts(bytes: &[u8]) -> Option<FileFacts> {
    postcard::from_bytes(bytes).ok()
}
