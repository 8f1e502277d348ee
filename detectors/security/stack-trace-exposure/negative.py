import traceback

from flask import Flask

app = Flask(__name__)


@app.route("/export")
def export():
    try:
        return run_export()
    except Exception:
        app.logger.error(traceback.format_exc())
        return "internal error", 500


def describe_failure():
    # A command-line helper's report, not a web response.
    return traceback.format_exc()
