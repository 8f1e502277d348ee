def f():
    result = compute()  # expect: unused-variable
    return 1
