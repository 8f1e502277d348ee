import math


def done(total, count):
    return math.isclose(total, 0.3) or count == 3 or total == 0.0


def changed(self):
    return self._tolerance != 0.05
