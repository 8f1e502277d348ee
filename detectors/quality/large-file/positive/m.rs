pub const A: u32 = 1; // expect: large-file
pub const B: u32 = 2;
pub const C: u32 = 3;
pub const D: u32 = 4;
