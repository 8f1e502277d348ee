pub fn f(a: u32) -> u32 {
    a + 1
}
