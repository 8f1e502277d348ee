use jsonwebtoken::{encode, EncodingKey, Header};

pub fn token(claims: &Claims) -> String {
    let key = EncodingKey::from_secret(b"secret"); // expect: hardcoded-signing-key
    encode(&Header::default(), claims, &key).unwrap_or_default()
}

pub fn other(claims: &Claims) -> String {
    let key = EncodingKey::from_secret("my-signing-key".as_bytes()); // expect: hardcoded-signing-key
    encode(&Header::default(), claims, &key).unwrap_or_default()
}
