class A:
    pass

class B(A):
    pass
