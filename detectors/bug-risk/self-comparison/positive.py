def same(a, b):
    return a.id == a.id  # expect: self-comparison
