import requests

def proxy(request):
    url = request.args.get("url")
    return requests.get(url)  # expect: ssrf

def lambda_handler(event, context):
    import requests
    return requests.get(event["callback_url"])  # expect: ssrf
