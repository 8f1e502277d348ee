use subtle::ConstantTimeEq;

fn verify(mac: &[u8], expected: &[u8]) -> bool {
    mac.ct_eq(expected).into()
}

const TOKEN_WAKEUP: usize = 0;

fn is_wakeup(token: usize) -> bool {
    token == TOKEN_WAKEUP
}
