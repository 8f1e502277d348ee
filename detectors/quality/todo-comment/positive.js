// FIXME: slow  // expect: todo-comment
function f() { return 1; }
