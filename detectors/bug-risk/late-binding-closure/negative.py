def make(names, rows):
    handlers = [lambda i=i: print(i) for i in range(3)]
    for column in range(3):
        rows = sorted(rows, key=lambda row: row[column])
    return handlers, rows


def wrap(funcs):
    out = []
    for func in funcs:
        def call(*args, _func=func):
            return _func(*args)
        out.append(call)
        out.append((lambda: func.__name__)())
    return out


def check(cases, assert_equal, normalize):
    for value in cases:
        assert_equal(normalize(lambda: value), value)
    for function, padded in cases:
        assert_equal(sorted([function], key=lambda a: a.padded), padded)
        def view(request):
            return value
        assert_equal(view(None), value)
