use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

pub fn reset_token() -> u64 {
    // `thread_rng` and `rand::random` are cryptographically secure.
    let session_token: u64 = rand::thread_rng().gen();
    let nonce: u64 = rand::random();
    session_token ^ nonce
}

pub fn jitter() -> u64 {
    // Not a secret.
    let delay = SmallRng::seed_from_u64(7).gen_range(0..100);
    delay
}
