fn f() -> u32 {
    // compute first, then save
    1
}
