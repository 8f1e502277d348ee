import flask
import requests

app = flask.Flask(__name__)


@app.route("/fetch")
def fetch():
    url = "https://%s/path" % flask.request.args["host"]  # expect: tainted-url-host
    return requests.get(url).text


@app.route("/link/<name>")
def link(name):
    return "<a href='https://{}/path'>Open</a>".format(name)  # expect: tainted-url-host


@app.route("/built")
def built():
    url = "https://"
    url += flask.request.args.get("host")  # expect: tainted-url-host
    url += "/status"
    return requests.get(url).text


@app.route("/template")
def template():
    return f"<a href='https://{flask.request.args.get('host')}/path'>Open</a>"  # expect: tainted-url-host
