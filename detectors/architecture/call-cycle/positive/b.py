def g(n):
    import a
    return a.f(n)
