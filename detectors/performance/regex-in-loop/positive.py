import re


def numbers(lines):
    out = []
    for line in lines:
        if re.compile(r"^\d+$").match(line):  # expect: regex-in-loop
            out.append(line)
    return out
