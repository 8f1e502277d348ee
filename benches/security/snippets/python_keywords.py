import requests
import httpx
from flask import Flask, request, redirect, Response
from fastapi.responses import RedirectResponse

app = Flask(__name__)


@app.route("/a")
def a():
    # ruleid: ssrf
    return requests.request("GET", request.args["u"]).text


@app.route("/b")
def b():
    # ruleid: ssrf
    return requests.get(url=request.args["u"]).text


@app.route("/c")
def c():
    # ruleid: open-redirect
    return redirect(location=request.args["u"])


@app.route("/d")
def d():
    # ruleid: open-redirect
    return RedirectResponse(url=request.args["u"])


@app.route("/e")
def e():
    # ruleid: reflected-xss
    return Response(response="<p>" + request.args["u"])


@app.route("/f")
def f():
    with httpx.Client() as client:
        # ruleid: ssrf
        return client.request("GET", request.args["u"]).text


@app.route("/g")
def g():
    # ruleid: ssrf
    return httpx.get(url=request.args["u"]).text


@app.route("/h")
def h():
    # ok: ssrf
    return requests.request(request.args["verb"], "https://api.example.com/ping").text


@app.route("/i")
def i():
    # ok: reflected-xss
    return Response(response=request.args["u"], mimetype="text/plain")
