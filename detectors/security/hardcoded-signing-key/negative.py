import os

import jwt
from flask import Flask

app = Flask(__name__)
app.secret_key = os.environ["SECRET_KEY"]
app.config["SECRET_KEY"] = os.environ.get("SECRET_KEY", "")
app.config["SESSION_COOKIE_NAME"] = "session"
app.config.update(SECRET_KEY=os.urandom(32))

SECRET_KEY = ""


def token(user_id, key):
    return jwt.encode({"sub": user_id}, key, algorithm="HS256")


def settings():
    SECRET_KEY = "local-only"
    return SECRET_KEY


def refresh(user_id):
    key = os.environ.get("JWT_KEY", "")
    return jwt.encode({"sub": user_id}, key, algorithm="HS256")
