import tempfile
from tempfile import mktemp


def scratch():
    path = tempfile.mktemp(suffix=".json")  # expect: insecure-tempfile
    other = mktemp()  # expect: insecure-tempfile
    return path, other
