import sys
import requests

def proxy(request):
    url = request.args.get("url")
    return requests.get(url)  # expect: ssrf

def lambda_handler(event, context):
    import requests
    return requests.get(event["callback_url"])  # expect: ssrf

def refresh(feed):
    import requests
    return requests.get(feed.source_url())  # audit: ssrf


@app.get("/proxy")
async def proxy(url: str):
    import httpx
    async with httpx.AsyncClient() as client:
        response = await client.get(url)  # expect: ssrf
    return response.text


def age(request):
    env = request.POST.get("env")
    return requests.get("https://{}/age".format(env))  # expect: ssrf


def fetch_cli():
    # The operator's own argument: a command-line client fetches what it is told to.
    return requests.get(sys.argv[1])  # audit: ssrf


def by_keyword(request):
    return requests.get(url=request.args["u"])  # expect: ssrf


def by_method(request):
    return requests.request("GET", request.args["u"])  # expect: ssrf


def streamed(request):
    import httpx
    with httpx.Client() as client:
        return client.stream("GET", url=request.args["u"])  # expect: ssrf


def raw_connection(request):
    from http.client import HTTPSConnection
    conn = HTTPSConnection(request.args["host"])  # expect: ssrf
    conn.request("GET", "/status")


def probe(request):
    import socket
    host = request.args["host"]
    conn = socket.create_connection((host, 443), timeout=3)  # expect: ssrf
    raw = socket.socket()
    raw.connect((request.args["other"], 80))  # expect: ssrf
    return str(conn) + str(raw)
