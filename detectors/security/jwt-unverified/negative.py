import hashlib

import jwt


def claims(token, key):
    return jwt.decode(token, key, algorithms=["HS256"])


def sign(payload, key):
    return jwt.encode(payload, key, algorithm="HS256")


def digest(data, algorithm=None):
    return hashlib.new(algorithm or "sha256", data).hexdigest()


def options_by_name(token, key):
    opts = {"verify_signature": True, "require": ["exp"]}
    return jwt.decode(token, key, algorithms=["HS256"], options=opts)
