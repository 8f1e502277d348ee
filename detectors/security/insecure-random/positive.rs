use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

pub fn reset_token() -> u64 {
    let session_token: u64 = SmallRng::from_entropy().gen(); // expect: insecure-random
    session_token
}

pub fn api_key() -> u64 {
    let api_key = fastrand::u64(..); // expect: insecure-random
    api_key
}
