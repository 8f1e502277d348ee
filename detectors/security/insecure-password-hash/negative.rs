use sha2::{Digest, Sha256};

fn checksum(data: &[u8]) -> Vec<u8> {
    Sha256::digest(data).to_vec()
}

fn password_reset_token(seed: &[u8]) -> Vec<u8> {
    Sha256::digest(seed).to_vec()
}

fn hash_password(secret: &str) -> String {
    argon2::hash_encoded(secret.as_bytes(), b"salt", &argon2::Config::default()).unwrap()
}

fn sign_reset(key: &[u8], password: &str) -> Vec<u8> {
    let mut mac = HmacSha256::new_from_slice(key).unwrap();
    mac.update(password.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

fn etag(contents: &[u8]) -> String {
    format!("{:x}", md5::compute(contents))
}

fn passage_digest(passage: &str) -> String {
    format!("{:x}", md5::compute(passage.as_bytes()))
}

fn checksum(contents: &str) -> Vec<u8> {
    sha3::Sha3_256::digest(contents).to_vec()
}
