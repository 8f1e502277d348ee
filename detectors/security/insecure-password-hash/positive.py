import hashlib
import bcrypt


def store(password):
    return hashlib.sha256(password.encode()).hexdigest()  # expect: insecure-password-hash


def salt():
    return bcrypt.gensalt(rounds=4)  # expect: insecure-password-hash


PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # expect: insecure-password-hash


def hash_password(pw, salt):
    return hashlib.sha256((salt + pw).encode()).hexdigest()  # expect: insecure-password-hash


def check_password(plain, stored):
    digest = hashlib.md5()  # expect: insecure-password-hash
    digest.update(plain.encode())
    return digest.hexdigest() == stored


def set_password(self, raw):
    self.hash = hashlib.new("sha1", raw.encode()).hexdigest()  # expect: insecure-password-hash


def register(form):
    h = hashlib.sha256()
    h.update(form["password"].encode())  # expect: insecure-password-hash
    return h.hexdigest()


def store_legacy(raw):
    from django.contrib.auth.hashers import make_password
    first = make_password(raw, hasher="unsalted_md5")  # expect: insecure-password-hash
    second = make_password(raw, None, "sha1")  # expect: insecure-password-hash
    return first, second
