def h0():
    return 0

def h1():
    return 1

def h2():
    return 2

def h3():
    return 3

def h4():
    return 4

def h5():
    return 5

def h6():
    return 6

def h7():
    return 7

def h8():
    return 8

def h9():
    return 9

def hub():  # expect: hub-function
    return h0() + h1() + h2() + h3() + h4() + h5() + h6() + h7() + h8() + h9()

def a():
    return hub()

def b():
    return hub()

def c():
    return hub()
