pub fn f(a: bool, b: bool, c: bool) -> u32 { // expect: cyclomatic-complexity
    if a {
        return 1;
    }
    if b {
        return 2;
    }
    if c { 3 } else { 4 }
}
