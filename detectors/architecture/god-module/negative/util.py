def f0():
    return 1
