def to_csv(rows):
    out = ""
    for row in rows:
        out += f"{row.id},{row.name}\n"  # expect: string-concat-in-loop
    return out


def banner(words):
    text = ""
    while words:
        text = text + "*"  # expect: string-concat-in-loop
        text += str(words.pop())  # expect: string-concat-in-loop
    return text


def padded(parts, width):
    line = ""
    while len(parts) > 0:
        line += "|"  # expect: string-concat-in-loop
        parts.pop()
    return line.ljust(width)
