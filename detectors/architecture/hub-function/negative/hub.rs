pub fn hub() -> u32 {
    1
}

pub fn a() -> u32 {
    hub()
}

pub fn b() -> u32 {
    hub()
}

pub fn c() -> u32 {
    hub()
}
