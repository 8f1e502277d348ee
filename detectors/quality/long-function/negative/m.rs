pub fn f() -> u32 {
    1
}
