from b import g  # expect: import-cycle

def f():
    return g()
