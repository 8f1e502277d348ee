def f():
    result = compute()  # expect: unused-variable
    return 1


def outer():
    def inner():
        leftover = 2  # expect: unused-variable
        return 1

    return inner
