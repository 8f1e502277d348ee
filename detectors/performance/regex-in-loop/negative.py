import re

DIGITS = re.compile(r"^\d+$")


def numbers(lines):
    return [line for line in lines if DIGITS.match(line)]


def lazy(lines):
    pattern = re.compile(r"x")
    return [pattern.match(line) for line in lines]


def per_name(names, text):
    # The pattern depends on the loop variable: it cannot be hoisted.
    return [name for name in names if re.compile(rf"\b{re.escape(name)}\b").search(text)]


def per_word(words, text):
    found = []
    for word in words:
        if re.compile(f"^{word}").match(text):
            found.append(word)
    return found


def prefixes(parts, text):
    # Each iteration adds a part: the pattern is a new one every time.
    seen = []
    for part in parts:
        seen.append(re.escape(part))
        if re.compile("^" + "".join(seen)).match(text):
            return part
    return None
