def f(a, b, c):  # expect: long-parameter-list
    return a

class C:
    # `self` is not counted; the three others are.
    def g(self, a, b, c):  # expect: long-parameter-list
        return a

    @staticmethod
    def h(a, b, c):  # expect: long-parameter-list
        return a


def connect(host, *, port, user, password=None):  # expect: long-parameter-list
    return host, port, user, password
