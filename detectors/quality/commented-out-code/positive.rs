fn f() -> u32 {
    // let x = compute(); // expect: commented-out-code
    // save(x);
    1
}
