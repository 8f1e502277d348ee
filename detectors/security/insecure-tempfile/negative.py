import tempfile


def scratch():
    handle = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    fd, path = tempfile.mkstemp()
    folder = tempfile.mkdtemp()
    return handle, fd, path, folder


def project_mktemp():
    from .paths import mktemp
    return mktemp("cache")
