import hashlib
import bcrypt


def store(password):
    return hashlib.sha256(password.encode()).hexdigest()  # expect: insecure-password-hash


def salt():
    return bcrypt.gensalt(rounds=4)  # expect: insecure-password-hash


PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # expect: insecure-password-hash
