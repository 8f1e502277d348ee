def f(a, b, c):  # expect: cyclomatic-complexity
    if a:
        return 1
    if b:
        return 2
    if c:
        return 3
    return 4
