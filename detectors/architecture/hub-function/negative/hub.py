def hub():
    return 1

def a():
    return hub()

def b():
    return hub()

def c():
    return hub()
