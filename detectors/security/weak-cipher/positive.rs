use des::cipher::{BlockEncrypt, KeyInit};
use des::Des;
use openssl::symm::{encrypt, Cipher};

pub fn seal(key: &[u8; 8], block: &mut [u8; 8]) {
    let cipher = Des::new_from_slice(key).unwrap(); // expect: weak-cipher
    cipher.encrypt_block(block.into());
}

pub fn stream(key: &[u8]) {
    let _cipher = rc4::Rc4::new(key.into()); // expect: weak-cipher
}

pub fn legacy(key: &[u8], data: &[u8]) -> Vec<u8> {
    encrypt(Cipher::aes_128_ecb(), key, None, data).unwrap() // expect: weak-cipher
}

pub type Block = ecb::Encryptor<aes::Aes128>; // expect: weak-cipher

pub fn generic_forms(key: &[u8], key128: &[u8; 16], iv: &[u8]) {
    let _rc4 = rc4::Rc4::<rc4::consts::U16>::new_from_slice(key128).unwrap(); // expect: weak-cipher
    let _rc5 = rc5::RC5_16_16_8::new(key.into()); // expect: weak-cipher
    let _cbc = cbc::Encryptor::<des::Des>::new(key.into(), iv.into()); // expect: weak-cipher
}

pub fn seal_legacy(key: &[u8], data: &[u8]) -> Vec<u8> {
    openssl::symm::encrypt(openssl::symm::Cipher::des_ecb(), key, None, data).unwrap() // expect: weak-cipher
}
