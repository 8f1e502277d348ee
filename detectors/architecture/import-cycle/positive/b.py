from a import f

def g():
    return 1
