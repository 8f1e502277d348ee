def parse(text):  # expect: missing-docstring
    a = text
    b = a
    return b
