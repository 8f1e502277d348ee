import math


def missing(value):
    if value == float("nan"):  # expect: nan-comparison
        return True
    return value != math.nan  # expect: nan-comparison
