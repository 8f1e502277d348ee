import math


def done(total, count):
    return math.isclose(total, 0.3) or count == 3 or total == 0.0
