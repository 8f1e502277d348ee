import csv
import io

import flask

app = flask.Flask(__name__)


@app.route("/export/<title>")
def export(title):
    stream = io.StringIO()
    writer = csv.writer(stream)
    title_row = [title, "report"]
    writer.writerow(title_row)  # expect: csv-injection
    writer.writerows([[flask.request.args["note"]]])  # expect: csv-injection
    return stream.getvalue()


def lambda_handler(event, context):
    with open("/tmp/out.csv", "w") as out:
        writer = csv.DictWriter(out, fieldnames=["name"])
        writer.writerow({"name": event["name"]})  # expect: csv-injection
