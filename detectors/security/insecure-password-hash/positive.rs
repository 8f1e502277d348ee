use sha2::{Digest, Sha256};

fn store(password: &str) -> Vec<u8> {
    Sha256::digest(password.as_bytes()).to_vec() // expect: insecure-password-hash
}
