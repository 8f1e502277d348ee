def f():
    # handles errors upstream
    # lists the `TODO` and "HACK" markers
    return 1
