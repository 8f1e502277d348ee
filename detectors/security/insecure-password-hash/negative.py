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


def password_reset_token():
    return hashlib.sha256(os.urandom(32)).hexdigest()


def hash_password(pw):
    return hashlib.pbkdf2_hmac("sha256", pw.encode(), SALT, 600_000)


def sign_reset(key, password_hint):
    mac = hmac.new(key, digestmod=hashlib.sha256)
    mac.update(password_hint.encode())
    return mac.hexdigest()


def store_modern(raw):
    from django.contrib.auth.hashers import make_password
    return make_password(raw), make_password(raw, hasher="argon2"), make_password(raw, None, "pbkdf2_sha256")
