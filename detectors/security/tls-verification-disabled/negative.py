import requests

def fetch(url):
    return requests.get(url, verify=True, timeout=5)


def claims(token):
    import jwt
    return jwt.decode(token, verify=False)
