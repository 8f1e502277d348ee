import re
from flask import request


def grep(lines):
    pattern = re.compile(request.args["q"])  # expect: regex-injection
    return [line for line in lines if pattern.search(line)]


def keyword_pattern(lines):
    return re.compile(pattern=request.args["q"])  # expect: regex-injection
