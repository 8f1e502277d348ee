//! The cache: `<root>/.repotoire/cache.redb`, per-file facts keyed by path with their
//! blake3 hash, under a schema key. A mismatch or a damaged file is reported once and
//! rebuilt; a database held by another process is waited for, then bypassed.
//! `store` never decides what is stale: callers compare hashes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use redb::{Database, DatabaseError, ReadableDatabase, ReadableTable, TableDefinition};

use crate::parse::FileFacts;

const FILES: TableDefinition<&str, &[u8]> = TableDefinition::new("files");
const META: TableDefinition<&str, &str> = TableDefinition::new("meta");
/// Bump when `FileFacts` or the table layout changes shape.
const SCHEMA_VERSION: u32 = 1;
pub const DIR_NAME: &str = ".repotoire";
const DB_NAME: &str = "cache.redb";
/// How long to wait for another process to release the database.
const LOCK_WAIT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: {reason}")]
    Database { path: PathBuf, reason: String },
    #[error("{path}: still in use by another repotoire process after {seconds} s")]
    Busy { path: PathBuf, seconds: u64 },
}

/// A cached file: its hash and its encoded facts (decoded only when the hash matches).
pub struct Entry {
    pub hash: [u8; 32],
    pub bytes: Vec<u8>,
}

pub struct Store {
    path: PathBuf,
    /// Said once per open: schema changes, damage, rebuilds.
    pub warnings: Vec<String>,
}

fn schema_key() -> String {
    format!("{SCHEMA_VERSION}:{}:{}", env!("CARGO_PKG_VERSION"), crate::lang::fingerprint())
}

impl Store {
    /// Prepares `<root>/.repotoire/`; the database is opened per operation so the lock is
    /// held only while reading or writing.
    pub fn new(root: &Path) -> Result<Store, Error> {
        let dir = root.join(DIR_NAME);
        std::fs::create_dir_all(&dir).map_err(|source| Error::Io { path: dir.clone(), source })?;
        let ignore = dir.join(".gitignore");
        if !ignore.exists() {
            std::fs::write(&ignore, "*\n").map_err(|source| Error::Io { path: ignore.clone(), source })?;
        }
        Ok(Store { path: dir.join(DB_NAME), warnings: Vec::new() })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Opens (or creates) the database, waiting for another process, and rebuilding it
    /// when it is damaged or was written under another schema.
    fn open(&mut self) -> Result<Database, Error> {
        let started = Instant::now();
        let mut pause = Duration::from_millis(5);
        loop {
            match Database::create(&self.path) {
                Ok(db) => return self.check_schema(db),
                Err(DatabaseError::DatabaseAlreadyOpen) => {
                    if started.elapsed() >= LOCK_WAIT {
                        return Err(Error::Busy { path: self.path.clone(), seconds: LOCK_WAIT.as_secs() });
                    }
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(200));
                }
                Err(err) => {
                    self.warnings.push(format!(
                        "cache {} is damaged ({err}); rebuilding it",
                        self.path.display()
                    ));
                    self.remove_file()?;
                    let db = Database::create(&self.path).map_err(|e| self.db_error(e))?;
                    return self.check_schema(db);
                }
            }
        }
    }

    fn remove_file(&self) -> Result<(), Error> {
        match std::fs::remove_file(&self.path) {
            Ok(()) => Ok(()),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(source) => Err(Error::Io { path: self.path.clone(), source }),
        }
    }

    fn db_error(&self, err: impl std::fmt::Display) -> Error {
        Error::Database { path: self.path.clone(), reason: err.to_string() }
    }

    fn check_schema(&mut self, db: Database) -> Result<Database, Error> {
        let expected = schema_key();
        let found = (|| -> Result<Option<String>, redb::Error> {
            let read = db.begin_read()?;
            let meta = match read.open_table(META) {
                Ok(table) => table,
                Err(redb::TableError::TableDoesNotExist(_)) => return Ok(None),
                Err(err) => return Err(err.into()),
            };
            Ok(meta.get("schema")?.map(|v| v.value().to_string()))
        })();
        match found {
            Ok(Some(found)) if found == expected => return Ok(db),
            Ok(None) => {}
            Ok(Some(found)) => self.warnings.push(format!(
                "cache {} was written by another version ({found}); rebuilding it",
                self.path.display()
            )),
            Err(err) => self.warnings.push(format!("cache {} is damaged ({err}); rebuilding it", self.path.display())),
        }
        let write = db.begin_write().map_err(|e| self.db_error(e))?;
        {
            // Start from empty tables: old entries may not decode under the new schema.
            let _ = write.delete_table(FILES);
            let mut meta = write.open_table(META).map_err(|e| self.db_error(e))?;
            meta.insert("schema", expected.as_str()).map_err(|e| self.db_error(e))?;
            write.open_table(FILES).map_err(|e| self.db_error(e))?;
        }
        write.commit().map_err(|e| self.db_error(e))?;
        Ok(db)
    }

    /// Every cached file. A damaged database comes back empty (with a warning).
    pub fn load(&mut self) -> Result<HashMap<String, Entry>, Error> {
        let db = self.open()?;
        let result = (|| -> Result<HashMap<String, Entry>, redb::Error> {
            let read = db.begin_read()?;
            let table = read.open_table(FILES)?;
            let mut out = HashMap::new();
            for row in table.iter()? {
                let (key, value) = row?;
                let bytes = value.value();
                if bytes.len() < 32 {
                    continue;
                }
                let mut hash = [0; 32];
                hash.copy_from_slice(&bytes[..32]);
                out.insert(key.value().to_string(), Entry { hash, bytes: bytes[32..].to_vec() });
            }
            Ok(out)
        })();
        match result {
            Ok(entries) => Ok(entries),
            Err(err) => {
                self.warnings.push(format!("cache {} is damaged ({err}); rebuilding it", self.path.display()));
                drop(db);
                self.remove_file()?;
                Ok(HashMap::new())
            }
        }
    }

    /// Writes new and changed facts and forgets removed paths, in one transaction: the
    /// cache is never left half-written.
    pub fn save(&mut self, changed: &[&FileFacts], removed: &[String]) -> Result<(), Error> {
        if changed.is_empty() && removed.is_empty() {
            return Ok(());
        }
        let db = self.open()?;
        let write = db.begin_write().map_err(|e| self.db_error(e))?;
        {
            let mut table = write.open_table(FILES).map_err(|e| self.db_error(e))?;
            let mut buffer = Vec::new();
            for facts in changed {
                buffer.clear();
                buffer.extend_from_slice(&facts.hash);
                let encoded = postcard::to_stdvec(facts).map_err(|e| self.db_error(e))?;
                buffer.extend_from_slice(&encoded);
                table.insert(facts.path.as_str(), buffer.as_slice()).map_err(|e| self.db_error(e))?;
            }
            for path in removed {
                table.remove(path.as_str()).map_err(|e| self.db_error(e))?;
            }
        }
        write.commit().map_err(|e| self.db_error(e))
    }
}

/// Decodes cached facts; `None` if they do not decode (treated as a miss).
pub fn decode(entry: &Entry) -> Option<FileFacts> {
    postcard::from_bytes(&entry.bytes).ok()
}
