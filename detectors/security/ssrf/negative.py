import requests

def proxy(url):
    return requests.get(url)
