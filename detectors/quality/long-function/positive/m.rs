pub fn f() -> u32 { // expect: long-function
    let a = 1;
    let b = 2;
    let c = 3;
    a + b + c
}
