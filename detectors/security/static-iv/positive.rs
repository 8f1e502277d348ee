use aes_gcm::{Aes256Gcm, KeyInit, Nonce};

pub fn seal(key: &[u8], data: &[u8]) -> Vec<u8> {
    let cipher = Aes256Gcm::new_from_slice(key).unwrap();
    let nonce = Nonce::from_slice(b"unique nonce"); // expect: static-iv
    cipher.encrypt(nonce, data).unwrap()
}

pub fn seal_cbc(key: &[u8], data: &mut [u8]) {
    let enc = Aes128CbcEnc::new_from_slices(key, &[0u8; 16]).unwrap(); // expect: static-iv
    enc.encrypt_padded_mut::<Pkcs7>(data, data.len()).unwrap();
}
