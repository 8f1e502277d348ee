import requests

def proxy(request):
    url = request.args.get("url")
    return requests.get(url)  # expect: ssrf
