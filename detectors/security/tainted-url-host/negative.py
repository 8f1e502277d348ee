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


API_HOST = load_setting("api_host")


@app.route("/search")
def search():
    # The host is the server's own setting; only the query comes from the request.
    url = "https://" + API_HOST + "/search?q=" + flask.request.args["q"]
    other = f"https://{API_HOST}/search?q={flask.request.args['q']}"
    return requests.get(url).text + requests.get(other).text
