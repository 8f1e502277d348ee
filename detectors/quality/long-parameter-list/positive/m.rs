pub fn f(a: u32, b: u32, c: u32) -> u32 { // expect: long-parameter-list
    a + b + c
}
