MIN_PASSWORD_LENGTH = 12


def strong(password):
    return len(password) >= MIN_PASSWORD_LENGTH and password.count("x") > 1


def retryable(response):
    return response.status_code == 503
