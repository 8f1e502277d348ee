def f():
    # TODO: handle errors  # expect: todo-comment
    return 1
