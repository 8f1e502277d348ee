import json

import flask
from flask import request

app = flask.Flask(__name__)


def lambda_handler(event, context):
    ip = event["queryStringParameters"]["ip"]
    sql = "UPDATE servers SET %s = '%s' WHERE %s = %d" % ("ip", ip, "id", 1)  # expect: tainted-sql-string
    cursor.execute(sql)
    return {"statusCode": 200, "body": json.dumps({"ip": ip})}


@app.route("/search")
def search():
    name = request.args.get("name")
    query = f"SELECT * FROM people WHERE name = '{name}'"  # expect: tainted-sql-string
    return run_elsewhere(query)


@app.route("/filter")
def filter_rows():
    clause = "SELECT id FROM t"
    clause += " WHERE owner = '" + flask.request.args["owner"] + "'"  # expect: tainted-sql-string
    return run_elsewhere(clause)


@app.route("/delete")
def delete():
    statement = "DELETE FROM sessions WHERE token = '{}'".format(request.form["token"])  # expect: tainted-sql-string
    return run_elsewhere(statement)
