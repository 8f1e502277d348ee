class A:
    pass

class B(A):
    pass

class C(B):
    pass

class D(C):  # expect: deep-inheritance
    pass
