from flask import make_response


def login(token, options):
    response = make_response("ok")
    response.set_cookie("session", token, secure=True, httponly=True)
    response.set_cookie("theme", "dark")
    response.set_cookie("sessionid", token, **options)
    return response
