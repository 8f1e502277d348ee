def f():
    result = compute()
    _ignored = compute()
    return result
