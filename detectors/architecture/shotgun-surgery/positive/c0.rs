use crate::api::api;

pub fn use0() -> u32 {
    api()
}
