class C:
    def f(self, a, b):
        return a

    @classmethod
    def g(cls, a, b):
        return a

    @staticmethod
    def h(a, b):
        return a
