use subtle::ConstantTimeEq;

fn verify(mac: &[u8], expected: &[u8]) -> bool {
    mac.ct_eq(expected).into()
}
