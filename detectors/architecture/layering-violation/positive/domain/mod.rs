use crate::web::show; // expect: layering-violation

pub fn model() -> u32 {
    show()
}
