import flask
from django.http import JsonResponse

app = flask.Flask(__name__)
ALLOWED = {"https://app.example.com"}


@app.route("/api")
def api():
    response = flask.jsonify({"ok": True})
    origin = flask.request.headers.get("Origin")
    if origin in ALLOWED:
        response.headers["Access-Control-Allow-Origin"] = origin
    response.headers["Access-Control-Allow-Origin"] = "https://app.example.com"
    return response


def django_view(request):
    response = JsonResponse({"ok": True})
    response["X-Frame-Options"] = "DENY"
    response["Access-Control-Allow-Origin"] = "https://app.example.com"
    return response


def add_cors(response, origin):
    # A parameter: its callers decide.
    response.headers["Access-Control-Allow-Origin"] = origin
    return response
