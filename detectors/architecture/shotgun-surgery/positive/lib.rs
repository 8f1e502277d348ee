pub mod api;
pub mod c0;
pub mod c1;
pub mod c2;
