def g():
    from a import f
    return f
