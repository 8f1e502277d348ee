use crate::api::api;

pub fn use1() -> u32 {
    api()
}
