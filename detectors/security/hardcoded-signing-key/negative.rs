use jsonwebtoken::{encode, EncodingKey, Header};

pub fn token(claims: &Claims, secret: &[u8]) -> String {
    let key = EncodingKey::from_secret(secret);
    encode(&Header::default(), claims, &key).unwrap_or_default()
}

pub fn from_env(claims: &Claims) -> String {
    let secret = std::env::var("JWT_SECRET").unwrap_or_default();
    let key = EncodingKey::from_secret(secret.as_bytes());
    encode(&Header::default(), claims, &key).unwrap_or_default()
}
