class C:
    def f(self, a, b):
        return a

    @classmethod
    def g(cls, a, b):
        return a

    @staticmethod
    def h(a, b):
        return a


# Optional keyword-only parameters are options named at each call.
def configure(a, *, strict=False, ge=None, le=None, decimal_places=None):
    return a


def run(first, *args, timeout=None, retries=3):
    return first, args
