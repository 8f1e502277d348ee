pub fn f(xs: &[u32]) -> usize {
    xs.len()
}
