def login(response, token):
    response.set_cookie("session", token, secure=True, httponly=True, samesite="Lax")
    return response


SESSION_COOKIE_SECURE = True
USE_TZ = False


def configure_tests(app):
    app.config.update(
        SESSION_COOKIE_HTTPONLY=False,
        TESTING=True,
    )
