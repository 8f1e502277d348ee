def login(response, token):
    response.set_cookie("session", token, secure=False)  # expect: insecure-cookie
    response.set_cookie("theme", "dark", httponly=False, samesite="Lax")  # expect: insecure-cookie
    return response


SESSION_COOKIE_SECURE = False  # expect: insecure-cookie


def configure(app):
    app.config.update(
        SECRET_KEY=os.environ["SECRET_KEY"],
        SESSION_COOKIE_HTTPONLY=False,  # expect: insecure-cookie
    )
