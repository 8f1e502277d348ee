import hmac


def verify(key, body, headers, token):
    signature = hmac.new(key, body, "sha256").hexdigest()
    if token is None or token == "":
        return False
    return hmac.compare_digest(signature, headers["X-Signature"])
