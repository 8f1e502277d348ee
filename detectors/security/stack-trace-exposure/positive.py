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


@app.post("/charge")
def charge():
    try:
        return run_charge()
    except Exception as e:
        return str(e), 500  # expect: stack-trace-exposure


def refund(request):
    try:
        return run_refund(request.POST["id"])
    except Exception as exc:
        return JsonResponse({"error": f"refund failed: {exc}"}, status=500)  # expect: stack-trace-exposure
