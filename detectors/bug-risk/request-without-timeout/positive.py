import requests


def status(url):
    return requests.get(url).status_code  # expect: request-without-timeout
