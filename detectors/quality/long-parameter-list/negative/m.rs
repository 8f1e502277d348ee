pub struct C;

impl C {
    pub fn f(&self, a: u32, b: u32) -> u32 {
        a + b
    }
}
