import requests

def fetch(url):
    return requests.get(url, verify=True, timeout=5)


def claims(token):
    import jwt
    return jwt.decode(token, verify=False)


def pools():
    import urllib3
    urllib3.PoolManager(10, cert_reqs=ssl.CERT_REQUIRED)
    urllib3.connection_from_url("https://example.org", cert_reqs="CERT_REQUIRED")


def fetch_bundle(url):
    return requests.get(url, verify=1)


def hostname_checked():
    import ssl
    ctx = ssl.create_default_context()
    ctx.check_hostname = True
    return ctx
