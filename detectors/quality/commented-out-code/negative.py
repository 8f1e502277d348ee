def f():
    # Compute the value first, then save it.
    # The order matters here.
    return 1
