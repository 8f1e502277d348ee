def grade(x):
    if x > 90:
        return "a"
    return "b"


def describe(code):
    match code:
        case "small":
            return "too small"
        case "big":
            return "too big"
        case "bad":
            return "invalid"
        case "odd":
            return "odd"
        case "even":
            return "even"
        case _:
            return "unknown"


def grade(x):
    # Six exits are within what pylint and ruff allow.
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
    return "f"
