//! Criterion benches for the parse stage.
fn main(){}
