use crate::api::api;

pub fn use2() -> u32 {
    api()
}
