import b

def f(n):  # expect: call-cycle
    return b.g(n - 1)
