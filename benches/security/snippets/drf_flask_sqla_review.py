import shlex
import subprocess
import yaml
import requests
from flask import Flask, request, send_file
from flask_sqlalchemy import SQLAlchemy
from werkzeug.utils import safe_join
from rest_framework.views import APIView
from rest_framework.response import Response
from rest_framework.decorators import api_view
from django.db import connection
from psycopg2 import sql

app = Flask(__name__)
db = SQLAlchemy(app)


@app.route("/report")
def report():
    month = request.args["month"]
    # ruleid: sql-injection
    rows = db.session.execute(f"SELECT * FROM sales WHERE month = '{month}'")
    return str(list(rows))


@app.route("/bulk", methods=["POST"])
def bulk():
    table = request.json["table"]
    cur = db.engine.raw_connection().cursor()
    # ruleid: sql-injection
    cur.executemany("INSERT INTO " + table + " VALUES (%s)", [(1,), (2,)])
    return "ok"


@app.route("/file")
def file():
    name = request.args["name"]
    # ruleid: path-traversal
    return send_file("/srv/reports/" + name)


@app.route("/file2")
def file2():
    path = safe_join("/srv/reports", request.args["name"])
    # ok: path-traversal
    return send_file(path)


@app.route("/conf", methods=["POST"])
def conf():
    # ok: insecure-deserialization
    data = yaml.load(request.data, Loader=yaml.SafeLoader)
    return str(data)


@app.route("/fetch")
def fetch():
    # ruleid: tls-verification-disabled
    r = requests.get("https://internal/api", verify=False)
    return r.text


class Search(APIView):
    def get(self, request):
        term = request.query_params.get("q")
        with connection.cursor() as c:
            # ruleid: sql-injection
            c.execute("SELECT * FROM t WHERE name LIKE '%%" + term + "%%'")
            return Response(c.fetchall())


@api_view(["POST"])
def run_tool(request):
    # ruleid: command-injection
    out = subprocess.check_output("convert " + request.data["file"], shell=True)
    return Response({"out": out})


@api_view(["GET"])
def safe_query(request):
    with connection.cursor() as c:
        query = sql.SQL("SELECT * FROM {} WHERE id = %s").format(sql.Identifier("users"))
        # ok: sql-injection
        c.execute(query, [request.query_params["id"]])
        return Response(c.fetchall())
