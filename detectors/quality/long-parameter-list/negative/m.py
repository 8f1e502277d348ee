class C:
    def f(self, a, b):
        return a
