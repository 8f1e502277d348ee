import requests


def status(url):
    return requests.get(url).status_code  # expect: request-without-timeout


def status_aliased(url):
    import requests as rq
    from requests import post
    return rq.get(url).status_code, post(url, data={})  # expect: request-without-timeout


def unbounded(url):
    import httpx
    return httpx.get(url, timeout=None)  # expect: request-without-timeout
