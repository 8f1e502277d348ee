fn g(x: u32) -> u32 { // expect: too-many-returns
    if x > 9 { return 1; }
    if x > 8 { return 2; }
    if x > 7 { return 3; }
    if x > 6 { return 4; }
    if x > 5 { return 5; }
    if x > 4 { return 7; }
    return 6;
}
