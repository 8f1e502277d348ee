import requests


def status(url, **options):
    requests.post(url, **options)
    return requests.get(url, timeout=10).status_code
