import re

DIGITS = re.compile(r"^\d+$")


def numbers(lines):
    return [line for line in lines if DIGITS.match(line)]
