import hmac


def verify(key, body, headers):
    signature = hmac.new(key, body, "sha256").hexdigest()
    if signature == headers["X-Signature"]:  # expect: timing-unsafe-comparison
        return True
    return False


def verify_webhook(key, body, expected):
    return expected == hmac.new(key, body, "sha256").hexdigest()  # expect: timing-unsafe-comparison


def verify_header(key, body, headers):
    if hmac.new(key, body, digestmod="sha256").hexdigest() != headers["X-Hub"]:  # expect: timing-unsafe-comparison
        raise PermissionError


def webhook(request, expected):
    if request.headers.get("X-Hub-Signature-256") != expected:  # expect: timing-unsafe-comparison
        raise PermissionError
    return expected == request.META["HTTP_X_API_KEY"]  # expect: timing-unsafe-comparison
