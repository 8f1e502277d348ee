use std::sync::{Mutex, PoisonError};

pub struct Queue {
    jobs: Mutex<Vec<u32>>,
}

impl Queue {
    pub fn push(&self, job: u32) {
        if let Ok(mut jobs) = self.jobs.lock() { // expect: mutex-poison-ignored
            jobs.push(job);
        }
    }

    pub fn len(&self) -> usize {
        self.jobs.lock().ok().map_or(0, |j| j.len()) // expect: mutex-poison-ignored
    }

    pub fn clear(&self) {
        self.jobs.lock().unwrap_or_else(PoisonError::into_inner).clear(); // expect: mutex-poison-ignored
    }
}

pub fn total(queue: &Queue) -> usize {
    *queue.jobs.lock().unwrap_or_else(PoisonError::into_inner).first().unwrap_or(&0) as usize // expect: mutex-poison-ignored
}
