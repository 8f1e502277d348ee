const MIN_PASSWORD_LENGTH: usize = 12;

pub fn strong(password: &str) -> bool {
    password.len() >= MIN_PASSWORD_LENGTH && password.len() != 0
}

pub fn is_slash(code: u8) -> bool {
    code == 47 /* b'/' */
}
