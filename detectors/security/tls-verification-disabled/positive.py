import requests, ssl

def fetch(url):
    ctx = ssl._create_unverified_context()  # expect: tls-verification-disabled
    return requests.get(url, verify=False)  # expect: tls-verification-disabled


def fetch(url):
    import httpx
    return httpx.get(url, verify=False)  # expect: tls-verification-disabled
