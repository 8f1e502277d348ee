import re

DIGITS = re.compile(r"^\d+$")


def numbers(lines):
    return [line for line in lines if DIGITS.match(line)]


def lazy(lines):
    pattern = re.compile(r"x")
    return [pattern.match(line) for line in lines]
