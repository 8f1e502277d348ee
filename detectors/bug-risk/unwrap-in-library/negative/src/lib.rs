use std::num::ParseIntError;

pub fn port(text: &str) -> Result<u16, ParseIntError> {
    text.parse()
}

pub fn zero() -> u16 {
    // cannot fail: the literal is a valid u16
    "0".parse().unwrap()
}

pub fn or_default(text: &str) -> u16 {
    text.parse().unwrap_or(8080)
}

#[cfg(test)]
mod tests {
    #[test]
    fn parses() {
        assert_eq!(super::port("80").unwrap(), 80);
    }
}

/// `expect` names the invariant it relies on.
pub fn head(values: &[u32]) -> u32 {
    *values.first().expect("the constructor rejects empty lists")
}

/// A poisoned lock means another thread panicked while holding it: passing that panic
/// on is the convention.
pub fn bump(counter: &std::sync::Mutex<u64>) -> u64 {
    let mut value = counter.lock().unwrap();
    *value += 1;
    *value
}

pub fn one() -> std::num::NonZeroU64 {
    std::num::NonZeroU64::new(1).unwrap()
}

pub struct Poller {
    io: Option<std::fs::File>,
}

impl Poller {
    pub fn file(&mut self) -> &mut std::fs::File {
        self.io.as_mut().unwrap() // io shouldn't ever be None here
    }
}

// A condition variable's wait fails only when the lock is poisoned, as `lock()` does.
pub fn wait_ready(pair: &(std::sync::Mutex<bool>, std::sync::Condvar)) {
    let (lock, cvar) = pair;
    let mut ready = lock.lock().unwrap();
    while !*ready {
        ready = cvar.wait(ready).unwrap();
    }
}
