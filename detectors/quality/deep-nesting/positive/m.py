def f(xs):  # expect: deep-nesting
    for x in xs:
        if x:
            return x
