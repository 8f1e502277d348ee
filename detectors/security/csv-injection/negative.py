import csv
import io

import flask

app = flask.Flask(__name__)


@app.route("/export")
def export():
    stream = io.StringIO()
    writer = csv.writer(stream)
    writer.writerow(["name", "email"])
    writer.writerow([int(flask.request.args["count"])])
    writer.writerow([sanitize_cell(flask.request.args["note"])])
    rows = load_rows()
    writer.writerows(rows)
    return stream.getvalue()


def write_rows(writer, rows):
    # A parameter: its callers decide.
    writer.writerows(rows)
