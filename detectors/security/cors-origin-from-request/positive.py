import flask
from django.http import JsonResponse

app = flask.Flask(__name__)


@app.route("/api")
def api():
    response = flask.jsonify({"ok": True})
    response.headers["Access-Control-Allow-Origin"] = flask.request.headers.get("Origin")  # expect: cors-origin-from-request
    return response


def django_view(request):
    response = JsonResponse({"ok": True})
    response["Access-Control-Allow-Origin"] = request.META.get("HTTP_ORIGIN")  # expect: cors-origin-from-request
    return response


@app.route("/other")
def other():
    response = flask.make_response("ok")
    origin = flask.request.args["origin"]
    response.headers.add("Access-Control-Allow-Origin", origin)  # expect: cors-origin-from-request
    return response
