pub fn f(xs: &[u32]) -> Option<u32> { // expect: deep-nesting
    for x in xs {
        if *x > 0 {
            return Some(*x);
        }
    }
    None
}
