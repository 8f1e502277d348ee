from b import g

def f():
    return g()
