import hashlib
import bcrypt


def fingerprint(data):
    return hashlib.sha256(data).hexdigest()


def store(password):
    return bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))


PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.MD5PasswordHasher",
]
