pub fn text(bytes: &[u8]) -> &str {
    unsafe { std::str::from_utf8_unchecked(bytes) } // expect: unsafe-without-safety
}

pub struct Handle(*mut u8);

unsafe impl Send for Handle {} // expect: unsafe-without-safety
