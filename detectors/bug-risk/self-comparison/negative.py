def same(a, b, x):
    return a.id == b.id or x != x
