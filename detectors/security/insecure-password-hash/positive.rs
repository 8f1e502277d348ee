use sha2::{Digest, Sha256};

fn store(password: &str) -> Vec<u8> {
    Sha256::digest(password.as_bytes()).to_vec() // expect: insecure-password-hash
}

fn hash_password(secret: &str) -> Vec<u8> {
    let mut hasher = Sha256::new(); // expect: insecure-password-hash
    hasher.update(secret.as_bytes());
    hasher.finalize().to_vec()
}

fn register(form: &Form) -> String {
    let mut hasher = sha1::Sha1::new();
    hasher.update(form.password.as_bytes()); // expect: insecure-password-hash
    format!("{:x}", hasher.finalize())
}

fn remember(password: &str) -> String {
    format!("{:x}", md5::compute(password.as_bytes())) // expect: insecure-password-hash
}

fn remember_sha(user: &User) -> String {
    format!("{:x}", Sha256::digest(&user.password)) // expect: insecure-password-hash
}

fn remember_sha3(password: &str) -> Vec<u8> {
    sha3::Sha3_256::digest(password).to_vec() // expect: insecure-password-hash
}

fn remember_prefixed(password: &str) -> Vec<u8> {
    sha2::Sha256::new_with_prefix(password).finalize().to_vec() // expect: insecure-password-hash
}
