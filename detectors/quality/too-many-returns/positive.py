def grade(x):  # expect: too-many-returns
    if x > 90:
        return "a"
    if x > 80:
        return "b"
    if x > 70:
        return "c"
    if x > 60:
        return "d"
    if x > 50:
        return "e"
    if x > 40:
        return "e-"
    return "f"
