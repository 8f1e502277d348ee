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


@app.post("/charge")
def charge():
    try:
        return run_charge()
    except Exception as e:
        app.logger.error("charge failed: %s", e)
        return "payment failed", 500


def parse_amount(text):
    # Not a handler: the message goes to whoever called it.
    try:
        return int(text)
    except ValueError as e:
        return str(e)
