from flask import Flask, make_response

app = Flask(__name__)


@app.route("/login")
def login():
    response = make_response("ok")
    response.set_cookie("session", "abc", httponly=True)  # audit: cookie-without-secure
    response.set_cookie("remember", "1")  # audit: cookie-without-secure
    return response
