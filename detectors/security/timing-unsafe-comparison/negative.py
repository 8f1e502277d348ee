import hmac


def verify(key, body, headers, token):
    signature = hmac.new(key, body, "sha256").hexdigest()
    if token is None or token == "":
        return False
    return hmac.compare_digest(signature, headers["X-Signature"])


class PasswordResetConfirm:
    reset_url_token = "set-password"

    def dispatch(self, token):
        # The URL marker replacing the real token is public, not a secret.
        return token == self.reset_url_token


def verify_webhook(key, body, expected):
    return hmac.compare_digest(expected, hmac.new(key, body, "sha256").hexdigest())


def digest_size(key):
    return len(hmac.new(key, b"", "sha256").digest()) == 32


def webhook(request, expected):
    if request.headers.get("X-Hub-Signature-256") is None:
        raise PermissionError
    if request.headers.get("X-Signature") == "":
        raise PermissionError
    return request.headers.get("Content-Type") == expected
