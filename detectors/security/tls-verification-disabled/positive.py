import requests, ssl

def fetch(url):
    ctx = ssl._create_unverified_context()  # expect: tls-verification-disabled
    return requests.get(url, verify=False)  # expect: tls-verification-disabled


def fetch(url):
    import httpx
    return httpx.get(url, verify=False)  # expect: tls-verification-disabled


def pools():
    import urllib3
    urllib3.PoolManager(10, cert_reqs=ssl.CERT_OPTIONAL)  # expect: tls-verification-disabled
    urllib3.connection_from_url("https://example.org", cert_reqs="NONE")  # expect: tls-verification-disabled


def fetch_zero(url):
    return requests.get(url, verify=0)  # expect: tls-verification-disabled


def any_host_will_do():
    ctx = ssl.create_default_context()
    ctx.check_hostname = False  # expect: tls-verification-disabled
    return ctx
