//! The cache file, written without asking the file system to sync.
//!
//! The cache only saves work: losing its last writes costs a re-parse, never a wrong
//! answer, as long as what is read back is what was written. Within one boot of the
//! machine that holds without any sync — every write of this or an earlier process is in
//! the kernel's page cache, in order, even after a crash or a kill. Only a crash of the
//! machine itself can leave pages half on disk, and the next boot is told apart by its
//! boot id (see `Store::open`), which has the whole file's checksums verified once.
//!
//! So the syncs redb asks for (three to create a file, two or more per commit, two to
//! close) are skipped; on a laptop disk each is milliseconds, more than a no-change run
//! spends on everything else.

use std::fs::File;
use std::ops::Bound;

use redb::backends::FileBackend;
use redb::{BackendError, StorageBackend};

#[derive(Debug)]
pub struct Unsynced(FileBackend);

impl Unsynced {
    pub fn new(file: File) -> Result<Unsynced, redb::DatabaseError> {
        Ok(Unsynced(FileBackend::new(file)?))
    }
}

impl StorageBackend for Unsynced {
    fn len(&self) -> Result<u64, std::io::Error> {
        self.0.len()
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), std::io::Error> {
        self.0.read(offset, out)
    }

    fn set_len(&self, len: u64) -> Result<(), std::io::Error> {
        self.0.set_len(len)
    }

    fn sync_data(&self) -> Result<(), std::io::Error> {
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> Result<(), std::io::Error> {
        self.0.write(offset, data)
    }

    fn close(&self) -> Result<(), std::io::Error> {
        self.0.close()
    }

    fn try_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.0.try_lock_range(start, end)
    }

    fn try_lock_shared_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, BackendError> {
        self.0.try_lock_shared_range(start, end)
    }

    fn lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.0.lock_range(start, end)
    }

    fn lock_shared_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.0.lock_shared_range(start, end)
    }

    fn unlock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.0.unlock_range(start, end)
    }

    fn query_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.0.query_lock_range(start, end)
    }
}
