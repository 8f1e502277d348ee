import tempfile
from tempfile import mktemp


def scratch():
    path = tempfile.mktemp(suffix=".json")  # expect: insecure-tempfile
    other = mktemp()  # expect: insecure-tempfile
    return path, other


def scratch_aliased():
    import tempfile as tf
    return tf.mktemp()  # expect: insecure-tempfile
