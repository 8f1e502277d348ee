// TODO remove  // expect: todo-comment
export const f = 1;
