def f():
    # handles errors upstream
    return 1
