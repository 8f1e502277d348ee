//! std process and async locking, annotated for `benches/security/check.py`.
use std::sync::Mutex;
use tokio::sync::Mutex as AsyncMutex;

pub struct Counter {
    inner: Mutex<u64>,
}

impl Counter {
    pub async fn bump(&self, other: &AsyncMutex<u64>) {
        let mut g = self.inner.lock().unwrap();
        *g += *other.lock().await;
    }

    pub async fn bump_ok(&self, other: &AsyncMutex<u64>) {
        let add = *other.lock().await;
        let mut g = self.inner.lock().unwrap();
        *g += add;
    }
}

pub fn narrow(x: u64) -> u8 {
    x as u8
}

pub fn widen(x: u8) -> u64 {
    x as u64
}

pub fn run(user: &str) {
    // ruleid: command-injection
    std::process::Command::new("sh").args(["-c", &format!("echo {}", std::env::args().nth(1).unwrap())]).status().ok();
    let _ = user;
}
