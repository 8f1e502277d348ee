// XXX: unsound  // expect: todo-comment
fn f() {}
