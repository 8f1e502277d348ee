pub fn api() -> u32 { // expect: shotgun-surgery
    1
}
