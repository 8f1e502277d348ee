import hmac


def verify(key, body, headers):
    signature = hmac.new(key, body, "sha256").hexdigest()
    if signature == headers["X-Signature"]:  # expect: timing-unsafe-comparison
        return True
    return False
