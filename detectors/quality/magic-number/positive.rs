pub fn strong(password: &str) -> bool {
    password.len() >= 12 // expect: magic-number
}
