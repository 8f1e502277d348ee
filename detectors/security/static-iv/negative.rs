use aes_gcm::aead::{AeadCore, OsRng};
use aes_gcm::{Aes256Gcm, KeyInit, Nonce};

pub fn seal(key: &[u8], data: &[u8]) -> Vec<u8> {
    let cipher = Aes256Gcm::new_from_slice(key).unwrap();
    let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
    cipher.encrypt(&nonce, data).unwrap()
}

pub fn seal_cbc(key: &[u8], iv: &[u8], data: &mut [u8]) {
    let enc = Aes128CbcEnc::new_from_slices(key, iv).unwrap();
    let again = Nonce::from_slice(iv);
    enc.encrypt_padded_mut::<Pkcs7>(data, data.len()).unwrap();
    let _ = again;
}
