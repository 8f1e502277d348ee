// sound
fn f() {}
