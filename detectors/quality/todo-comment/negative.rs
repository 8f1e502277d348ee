// sound
/// Reports `XXX` and "FIXME" markers.
fn f() {}
