fn g(x: u32) -> u32 {
    if x > 9 { 1 } else { 2 }
}
