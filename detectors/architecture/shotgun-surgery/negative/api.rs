pub fn api() -> u32 {
    1
}
