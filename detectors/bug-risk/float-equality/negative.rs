fn done(total: f64) -> bool {
    (total - 0.3).abs() < f64::EPSILON || total == 0.0
}
