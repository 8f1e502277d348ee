def make(names, pool):
    handlers = [lambda: print(i) for i in range(3)]  # expect: late-binding-closure
    for name in names:
        pool.submit(lambda: print(name))  # expect: late-binding-closure
    return handlers
