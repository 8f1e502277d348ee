fn verify(mac: &[u8], expected: &[u8]) -> bool {
    mac == expected // expect: timing-unsafe-comparison
}
