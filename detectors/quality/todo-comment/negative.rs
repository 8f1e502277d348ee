// sound
/// Reports `XXX` and "FIXME" markers.
/// Matches `\b(TODO|HACK)\b` in comments.
fn f() {}
