import os
import tempfile


def export(rows):
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.writelines(rows)


def configured(name):
    with open(os.path.join(tempfile.gettempdir(), name)) as f:
        return f.read()


def folder():
    return open("/tmp/" + tempfile.mktemp())


def documented():
    return "write the file under /tmp/cache first"
