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
