def grade(x):
    if x > 90:
        return "a"
    return "b"
