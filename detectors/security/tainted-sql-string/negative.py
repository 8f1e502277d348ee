import flask
from flask import request

app = flask.Flask(__name__)


@app.route("/search")
def search(cursor):
    name = request.args.get("name")
    print("SELECT * FROM people WHERE name = '%s'" % name)
    query = "SELECT * FROM people WHERE name = %s"
    cursor.execute(query, (name,))
    greeting = "Select your plan, " + name
    message = "This is an update message: " + name
    table = "UPDATE t SET a = '%s'" % ("constant",)
    return greeting + message + table


def helper(name):
    # A parameter: its callers decide (`sql-injection` reports where such SQL runs).
    return "SELECT * FROM people WHERE name = '" + name + "'"
