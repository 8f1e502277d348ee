fn done(total: f64) -> bool {
    total * 3.0 == 0.9 // expect: float-equality
}
