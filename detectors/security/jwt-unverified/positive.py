import jwt


def claims(token):
    return jwt.decode(token, options={"verify_signature": False})  # expect: jwt-unverified


def legacy(token, key):
    return jwt.decode(token, key, verify=False)  # expect: jwt-unverified


def anything(token, key):
    return jwt.decode(token, key, algorithms=["HS256", "none"])  # expect: jwt-unverified


def unsigned(payload):
    return jwt.encode(payload, None, algorithm="none")  # expect: jwt-unverified


def options_by_name(token, key):
    opts = {"verify_signature": False}
    return jwt.decode(token, key, options=opts)  # expect: jwt-unverified
