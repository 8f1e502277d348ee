import requests

def proxy(url):
    return requests.get(url)

def notify(event):
    # A parameter named `event` outside a Lambda handler: callers decide.
    import requests
    return requests.get(event["callback_url"])
