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
