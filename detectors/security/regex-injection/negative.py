import re
from flask import request


def grep(lines, flags):
    pattern = re.compile(re.escape(request.args["q"]))
    words = re.compile(flags.word_pattern())
    return [line for line in lines if pattern.search(line) or words.match(line)]
