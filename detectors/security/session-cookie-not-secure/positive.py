from flask import make_response


def login(token):
    response = make_response("ok")
    response.set_cookie("session", token)  # expect: session-cookie-not-secure
    response.set_cookie("auth_token", token, httponly=True)  # expect: session-cookie-not-secure
    return response
