import requests


def status(url, **options):
    requests.post(url, **options)
    return requests.get(url, timeout=10).status_code


def bounded(url, session):
    import httpx
    client = httpx.Client()
    return httpx.get(url), client.get(url), session.get(url), {}.get(url)
