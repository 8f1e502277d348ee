use jsonwebtoken::{decode, decode_header, Algorithm, DecodingKey, Validation};

pub fn claims(token: &str, secret: &[u8]) -> Option<Claims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_audience(&["api"]);
    decode::<Claims>(token, &DecodingKey::from_secret(secret), &validation).ok().map(|d| d.claims)
}

// Reading the header to pick a key is no decoding of the claims.
pub fn key_id(token: &str) -> Option<String> {
    decode_header(token).ok()?.kid
}
