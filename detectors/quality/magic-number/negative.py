MIN_PASSWORD_LENGTH = 12


def strong(password):
    return len(password) >= MIN_PASSWORD_LENGTH and password.count("x") > 1


def retryable(response):
    return response.status_code == 503


def level(status_code):
    return "error" if status_code >= 500 else "warning" if status_code >= 400 else "info"


def is_slash(code):
    if code == 47:  # "/"
        return True
    return False
