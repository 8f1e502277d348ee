fn done(total: f64) -> bool {
    total == 0.3 // expect: float-equality
}
