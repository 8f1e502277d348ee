pub fn model() -> u32 {
    1
}
