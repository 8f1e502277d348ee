use md5::{Digest, Md5};

pub fn password_digest(password: &str) -> String {
    let digest = md5::compute(password); // expect: weak-hash
    format!("{digest:x}")
}

pub fn token_digest(token: &[u8]) -> Vec<u8> {
    let mut hasher = Md5::new(); // expect: weak-hash
    hasher.update(token);
    hasher.finalize().to_vec()
}

pub fn signature(body: &[u8]) -> Vec<u8> {
    let mut hasher = sha1::Sha1::new(); // expect: weak-hash
    hasher.update(body);
    hasher.finalize().to_vec()
}

pub fn session_token(body: &[u8]) -> String {
    format!("\"{:x}\"", md5::compute(body)) // expect: weak-hash
}

pub fn legacy_digest(body: &[u8]) -> Vec<u8> {
    let mut hasher = md2::Md2::new(); // expect: weak-hash
    hasher.update(body);
    hasher.finalize().to_vec()
}

pub fn signed_digest(body: &[u8]) -> Vec<u8> {
    openssl::hash::hash(openssl::hash::MessageDigest::md5(), body).unwrap().to_vec() // expect: weak-hash
}
