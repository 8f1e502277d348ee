use crate::domain::model;

pub fn show() -> u32 {
    model()
}
