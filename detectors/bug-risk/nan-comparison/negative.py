import math


def missing(value, banana):
    if math.isnan(value):
        return True
    return value != banana and value == float("inf")
