use aes_gcm::{Aes256Gcm, KeyInit};
use openssl::symm::{encrypt, Cipher};

pub fn seal(key: &[u8]) -> Aes256Gcm {
    Aes256Gcm::new_from_slice(key).unwrap()
}

pub fn modern(key: &[u8], iv: &[u8], data: &[u8]) -> Vec<u8> {
    encrypt(Cipher::aes_256_cbc(), key, Some(iv), data).unwrap()
}

// A type named like a cipher that is none: a description's own.
pub struct Description;
pub fn describe() -> Description {
    Description
}

pub fn modern(key128: &[u8; 16], iv128: &[u8; 16]) {
    let _aes = cbc::Encryptor::<aes::Aes128>::new(key128.into(), iv128.into());
    let _rabbit = rabbit::Rabbit::new(key128.into(), iv128.into());
    let _designer = Designer::new();
}

pub struct Designer;
impl Designer {
    pub fn new() -> Self {
        Designer
    }
}

pub fn seal_current(key: &[u8], iv: &[u8], data: &[u8]) -> Vec<u8> {
    openssl::symm::encrypt(openssl::symm::Cipher::aes_256_gcm(), key, Some(iv), data).unwrap()
}
