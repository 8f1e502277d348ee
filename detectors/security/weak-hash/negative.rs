use sha2::{Digest, Sha256};

pub fn password_digest(password: &str) -> Vec<u8> {
    Sha256::digest(password.as_bytes()).to_vec()
}

pub fn cache_key(body: &[u8]) -> String {
    format!("{:x}", md5::compute(body))
}

pub fn signature(body: &[u8]) -> Vec<u8> {
    let mut hasher = sha2::Sha256::new();
    hasher.update(body);
    hasher.finalize().to_vec()
}

pub fn signed_digest(body: &[u8]) -> Vec<u8> {
    openssl::hash::hash(openssl::hash::MessageDigest::sha256(), body).unwrap().to_vec()
}
