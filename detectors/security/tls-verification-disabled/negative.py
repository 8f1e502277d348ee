import requests

def fetch(url):
    return requests.get(url, verify=True, timeout=5)
