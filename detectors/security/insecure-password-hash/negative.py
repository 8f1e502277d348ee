import hashlib
import bcrypt


def fingerprint(data):
    return hashlib.sha256(data).hexdigest()


def store(password):
    return bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))
