def login(response, token):
    response.set_cookie("session", token, secure=True, httponly=True, samesite="Lax")
    return response


SESSION_COOKIE_SECURE = True
USE_TZ = False
