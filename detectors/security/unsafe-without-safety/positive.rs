pub fn text(bytes: &[u8]) -> &str {
    unsafe { std::str::from_utf8_unchecked(bytes) } // expect: unsafe-without-safety
}

pub struct Handle(*mut u8);

unsafe impl Send for Handle {} // expect: unsafe-without-safety

pub fn third(values: &[u32]) -> u32 {
    let url = "http://example.com";
    let _ = url;
    unsafe { *values.get_unchecked(2) } // expect: unsafe-without-safety
}

pub fn total(ptrs: &[*const u32]) -> u32 {
    let values: Vec<u32> = ptrs.iter().map(|&ptr| 1 + unsafe { *ptr }).collect(); // expect: unsafe-without-safety
    values.iter().sum()
}
