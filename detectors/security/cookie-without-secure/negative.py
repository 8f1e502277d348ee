from flask import Flask, make_response

app = Flask(__name__)


@app.route("/login")
def login(options):
    response = make_response("ok")
    response.set_cookie("session", "abc", secure=True, httponly=True, samesite="Lax")
    response.set_cookie("theme", "dark", **options)
    response.set_cookie("consent", "yes", secure=app.config["SESSION_COOKIE_SECURE"])
    return response


def merge(jar, cookies):
    for cookie in cookies:
        jar.set_cookie(cookie)
