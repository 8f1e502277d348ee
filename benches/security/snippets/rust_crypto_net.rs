//! Rust crypto and network settings: weak hashes and keys, certificate checks, listening
//! addresses, cookie flags, generators for secrets, ciphers and embedded keys.

use md5::{Digest, Md5};
use rsa::RsaPrivateKey;
use sha1::Sha1;

pub fn digest(data: &[u8]) -> Vec<u8> {
    // ruleid: weak-hash
    let mut hasher = Md5::new();
    hasher.update(data);
    // ruleid: weak-hash
    let s = Sha1::digest(data);
    // ruleid: weak-hash
    let d = md5::compute(data);
    let _ = (s, d);
    hasher.finalize().to_vec()
}

pub fn key() -> RsaPrivateKey {
    let mut rng = rand::thread_rng();
    // ruleid: weak-key
    RsaPrivateKey::new(&mut rng, 1024).unwrap()
}

pub fn key_ok() -> RsaPrivateKey {
    let mut rng = rand::thread_rng();
    // ok: weak-key
    RsaPrivateKey::new(&mut rng, 3072).unwrap()
}

pub fn client() -> reqwest::Client {
    // ruleid: tls
    reqwest::Client::builder().danger_accept_invalid_certs(true).build().unwrap()
}

pub fn client_ok() -> reqwest::Client {
    // ok: tls
    reqwest::Client::builder().danger_accept_invalid_certs(false).build().unwrap()
}

pub fn listen() -> std::net::TcpListener {
    // ruleid: bind
    std::net::TcpListener::bind("0.0.0.0:8080").unwrap()
}

pub fn cookie(value: String) -> cookie::Cookie<'static> {
    // ruleid: cookie
    cookie::Cookie::build(("session", value)).secure(false).http_only(true).build()
}

pub fn token() -> u64 {
    // ok: random
    // `rand::random` draws from `thread_rng`, a cryptographically secure generator.
    let session_token: u64 = rand::random();
    session_token
}

pub fn fast_token() -> u64 {
    // ruleid: random
    let session_token: u64 = fastrand::u64(..);
    session_token
}

pub fn cipher() {
    // ruleid: weak-cipher
    let c = des::Des::new_from_slice(b"8bytekey").unwrap();
    let _ = c;
}

pub fn secret() -> &'static str {
    // ruleid: secret
    let aws_secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ9kLs3aT1";
    aws_secret_access_key
}
