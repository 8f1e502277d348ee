//! Reading and writing the cache's tables: reads by path in one transaction, every save
//! one write transaction (the graph's value written straight into the page redb reserves).

use std::collections::HashMap;
use std::path::Path;

use redb::{ReadableDatabase, ReadableTable, ReadableTableMetadata};

use super::*;

impl Store {
    /// What the cache knows about each file.
    pub fn files(&self) -> Result<HashMap<String, FileEntry>, Error> {
        let db = self.db()?;
        guard(&self.path, || {
            (|| -> Result<_, redb::Error> {
                let read = db.begin_read()?;
                let table = read.open_table(FILES)?;
                let mut out = HashMap::with_capacity(table.len()? as usize);
                for row in table.iter()? {
                    let (key, value) = row?;
                    if let Some(entry) = FileEntry::decode(value.value()) {
                        out.insert(key.value().to_string(), entry);
                    }
                }
                Ok(out)
            })()
            .map_err(|e| db_error(&self.path, e))
        })
    }

    /// Encoded facts of these files (`None` where missing).
    pub fn facts(&self, paths: &[&str]) -> Result<Vec<Option<Vec<u8>>>, Error> {
        self.read_many(FACTS, paths)
    }

    /// Stored file-local results of these files (`None` where missing).
    pub fn local(&self, paths: &[&str]) -> Result<Vec<Option<Vec<u8>>>, Error> {
        self.read_many(LOCAL, paths)
    }

    pub(super) fn read_many(
        &self,
        definition: TableDefinition<&str, &[u8]>,
        paths: &[&str],
    ) -> Result<Vec<Option<Vec<u8>>>, Error> {
        let db = self.db()?;
        guard(&self.path, || {
            (|| -> Result<_, redb::Error> {
                let read = db.begin_read()?;
                let table = read.open_table(definition)?;
                let mut out = Vec::with_capacity(paths.len());
                for path in paths {
                    out.push(table.get(*path)?.map(|v| v.value().to_vec()));
                }
                Ok(out)
            })()
            .map_err(|e| db_error(&self.path, e))
        })
    }

    /// The cached graph decoded by `decode`, if it was built from inputs with this digest
    /// (read in place: no copy of the bytes).
    pub fn graph<T>(
        &self,
        digest: &[u8; 32],
        decode: impl FnOnce(&[u8]) -> Option<T>,
    ) -> Result<Option<T>, Error> {
        self.read_graph(|built_from, bytes| (built_from == digest).then(|| decode(bytes)).flatten())
    }

    /// The cached graph decoded by `decode` whatever it was built from, with the digest of
    /// its inputs (for decoding it before they are known).
    pub fn any_graph<T>(
        &self,
        decode: impl FnOnce(&[u8]) -> Option<T>,
    ) -> Result<Option<([u8; 32], T)>, Error> {
        self.read_graph(|built_from, bytes| decode(bytes).map(|graph| (*built_from, graph)))
    }

    pub(super) fn read_graph<T>(
        &self,
        decode: impl FnOnce(&[u8; 32], &[u8]) -> Option<T>,
    ) -> Result<Option<T>, Error> {
        let db = self.db()?;
        guard(&self.path, || {
            (|| -> Result<_, redb::Error> {
                let read = db.begin_read()?;
                let table = read.open_table(GRAPH)?;
                let Some(value) = table.get("current")? else {
                    return Ok(None);
                };
                let Some((built_from, body)) = value.value().split_first_chunk::<32>() else {
                    return Ok(None);
                };
                Ok(if body.is_empty() {
                    None
                } else {
                    decode(built_from, body)
                })
            })()
            .map_err(|e| db_error(&self.path, e))
        })
    }

    /// Writes one refresh's changes in a single transaction.
    pub fn save(&mut self, update: &Update<'_>) -> Result<(), Error> {
        let db = self.db()?;
        // Without syncs a durable commit costs only its writes, made now on the caller's
        // thread; a non-durable one leaves its pages for the next commit to write.
        let defer = update.deferred && self.boot.is_none();
        guard(&self.path, || {
            Store::write_update(&self.path, db, update, defer)
        })
    }

    pub(super) fn write_update(
        path: &Path,
        db: &Database,
        update: &Update<'_>,
        defer: bool,
    ) -> Result<(), Error> {
        let err = |e: &dyn std::fmt::Display| db_error(path, e);
        let mut write = db.begin_write().map_err(|e| err(&e))?;
        if defer {
            // Refused only where processes share the file; then the commit is simply durable.
            let _ = write.set_durability(redb::Durability::None);
        }
        {
            let mut files = write.open_table(FILES).map_err(|e| err(&e))?;
            let mut facts = write.open_table(FACTS).map_err(|e| err(&e))?;
            let mut local = write.open_table(LOCAL).map_err(|e| err(&e))?;
            for (file, bytes) in &update.local {
                local.insert(*file, *bytes).map_err(|e| err(&e))?;
            }
            for (file, entry) in &update.files {
                files
                    .insert(*file, entry.encode().as_slice())
                    .map_err(|e| err(&e))?;
            }
            for f in &update.facts {
                let encoded = postcard::to_stdvec(f).map_err(|e| err(&e))?;
                facts
                    .insert(f.path.as_str(), encoded.as_slice())
                    .map_err(|e| err(&e))?;
            }
            for removed in &update.removed {
                files.remove(removed.as_str()).map_err(|e| err(&e))?;
                facts.remove(removed.as_str()).map_err(|e| err(&e))?;
                local.remove(removed.as_str()).map_err(|e| err(&e))?;
            }
            if let Some(bytes) = &update.graph {
                let mut graph = write.open_table(GRAPH).map_err(|e| err(&e))?;
                // A failure here drops the transaction uncommitted.
                let mut slot = graph
                    .insert_reserve("current", 32 + bytes.len)
                    .map_err(|e| err(&e))?;
                let (head, body) = slot.as_mut().split_at_mut(32);
                head.copy_from_slice(&bytes.digest);
                (bytes.write)(body).map_err(|e| err(&e))?;
            }
        }
        write.commit().map_err(|e| err(&e))
    }
}
