pub fn port(text: &str) -> u16 {
    text.parse().unwrap() // expect: unwrap-in-library
}

pub fn first(values: &[u32]) -> u32 {
    *values.first().unwrap() // expect: unwrap-in-library
}
