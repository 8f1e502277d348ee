def f():
    # x = compute()  # expect: commented-out-code
    # save(x)
    return 1


def g():
    # first = compute()

    # x = compute()  # expect: commented-out-code
    # save(x)
    # y = x  # the run goes on
    return 2
