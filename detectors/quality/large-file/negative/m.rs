pub const A: u32 = 1;
