import requests

def proxy(url):
    return requests.get(url)  # audit: ssrf

def notify(event):
    # A parameter named `event` outside a Lambda handler: callers decide.
    import requests
    return requests.get(event["callback_url"])  # audit: ssrf

def health():
    import requests
    BASE = "https://status.example.com"
    return requests.get(BASE + "/health")


@app.get("/status")
async def status(service: str):
    import httpx
    async with httpx.AsyncClient() as client:
        response = await client.get("https://status.example.com/" + service)
    return response.text


def age(request):
    # The host is fixed before the first hole.
    name = request.POST.get("user_name")
    return requests.get("https://example.com/{}/age".format(name))


def by_method_fixed(request):
    return requests.request(request.args["verb"], "https://api.example.com/ping")


def raw_connection(request):
    from http.client import HTTPSConnection
    conn = HTTPSConnection("status.example.com")
    conn.request("GET", "/" + request.args["page"])


def probe(request):
    import socket
    port = int(request.args["port"])
    conn = socket.create_connection(("status.internal", port), timeout=3)
    return str(conn)
