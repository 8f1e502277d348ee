//! End-to-end corpus benchmark (see ARCHITECTURE.md "Benchmarks").
fn main(){}
