import jwt
from flask import Flask

app = Flask(__name__)
app.secret_key = "dev"  # expect: hardcoded-signing-key
app.config["SECRET_KEY"] = "s3cr3t-but-not-random"  # expect: hardcoded-signing-key
app.config.update(SECRET_KEY="change-me")  # expect: hardcoded-signing-key

SECRET_KEY = "django-insecure-7x!9q"  # expect: hardcoded-signing-key


def token(user_id):
    return jwt.encode({"sub": user_id}, "super-secret", algorithm="HS256")  # expect: hardcoded-signing-key


JWT_KEY = "change-me-later"


def refresh(user_id):
    return jwt.encode({"sub": user_id}, JWT_KEY, algorithm="HS256")  # expect: hardcoded-signing-key
