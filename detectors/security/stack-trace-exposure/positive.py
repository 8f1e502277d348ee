import traceback

from flask import Flask, jsonify

app = Flask(__name__)


@app.route("/export")
def export():
    try:
        return run_export()
    except Exception:
        return traceback.format_exc(), 500  # expect: stack-trace-exposure


@app.post("/import")
def import_rows():
    try:
        return load_rows()
    except Exception:
        return jsonify(error=traceback.format_exc()), 500  # expect: stack-trace-exposure


def report(request):
    try:
        return build_report(request.GET["id"])
    except KeyError:
        return HttpResponse(traceback.format_exc(), status=500)  # expect: stack-trace-exposure
