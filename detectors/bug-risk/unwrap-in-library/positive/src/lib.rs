pub fn port(text: &str) -> u16 {
    text.parse().unwrap() // expect: unwrap-in-library
}

pub fn first(values: &[u32]) -> u32 {
    *values.first().unwrap() // expect: unwrap-in-library
}

pub fn nonzero(count: u64) -> std::num::NonZeroU64 {
    std::num::NonZeroU64::new(count).unwrap() // expect: unwrap-in-library
}

pub fn run_child(mut child: std::process::Child) -> i32 {
    child.wait().unwrap().code().unwrap_or(0) // expect: unwrap-in-library
}
