import flask
import requests

app = flask.Flask(__name__)


@app.route("/fetch")
def fetch():
    url = "https://example.com/%s/path" % flask.request.args["item"]
    return requests.get(url).text


@app.route("/link/<name>")
def link(name):
    return "<a href='https://example.com/{}'>Open</a>".format(name)


def helper(host):
    # A parameter: its callers decide (`ssrf` reports where such a URL is fetched).
    return "https://%s/path" % host


@app.route("/ok")
def ok():
    return "<a href='https://example.com'>Open</a>"
