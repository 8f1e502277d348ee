use jsonwebtoken::{decode, Algorithm, DecodingKey, Validation};

pub fn claims(token: &str) -> Option<Claims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.insecure_disable_signature_validation(); // expect: jwt-unverified
    decode::<Claims>(token, &DecodingKey::from_secret(&[]), &validation).ok().map(|d| d.claims)
}

pub fn legacy(token: &str) -> Option<Claims> {
    jsonwebtoken::dangerous_insecure_decode::<Claims>(token).ok().map(|d| d.claims) // expect: jwt-unverified
}

pub fn newer(token: &str) -> Option<Claims> {
    jsonwebtoken::dangerous::insecure_decode::<Claims>(token).ok().map(|d| d.claims) // expect: jwt-unverified
}
