use std::sync::Mutex;

pub struct Queue {
    jobs: Mutex<Vec<u32>>,
}

#[derive(Debug)]
pub struct Poisoned;

impl Queue {
    pub fn push(&self, job: u32) -> Result<(), Poisoned> {
        let mut jobs = self.jobs.lock().map_err(|_| Poisoned)?;
        jobs.push(job);
        Ok(())
    }

    pub fn try_push(&self, job: u32) -> bool {
        if let Ok(mut jobs) = self.jobs.try_lock() {
            jobs.push(job);
            return true;
        }
        false
    }
}

pub struct Log {
    lines: Mutex<Vec<String>>,
}

impl Log {
    pub fn add(&self, line: String) {
        // A writer that panicked left whole lines or none: poisoning cannot leave a half
        // line, so the data is taken back as it is.
        let mut lines = self
            .lines
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        lines.push(line);
    }
}
