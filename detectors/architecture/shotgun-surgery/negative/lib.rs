pub mod api;
pub mod c0;
