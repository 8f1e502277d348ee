import os
import subprocess

from flask import Flask, request

app = Flask(__name__)


def build_query(table, name):
    parts = ["SELECT * FROM", table, "WHERE name = '"]
    parts.append(name)
    parts.append("'")
    return " ".join(parts)


class Runner:
    def __init__(self, command):
        self.command = command

    def run(self):
        # ruleid: command-injection
        return subprocess.call(self.command, shell=True)


@app.route("/q")
def q():
    sql = build_query("users", request.args["name"])
    # ruleid: sql-injection
    return str(db.execute(sql).fetchall())


@app.route("/run")
def run():
    return str(Runner("echo " + request.form["msg"]).run())


@app.route("/copy")
def copy():
    opts = {"src": request.args["src"], "dst": "/backup"}
    cmd = "cp %s %s" % (opts["src"], opts["dst"])
    # ruleid: command-injection
    os.system(cmd)
    return "ok"


@app.route("/grep")
def grep():
    pattern = request.args.get("p", "")
    cmd = "grep "
    cmd += pattern
    cmd += " /var/log/app.log"
    # ruleid: command-injection
    return subprocess.getoutput(cmd)


@app.route("/fmt")
def fmt():
    user = request.args["user"]
    query = "SELECT * FROM t WHERE u = '{}'".format(user)
    # ruleid: sql-injection
    cursor.execute(query)
    # ok: sql-injection
    cursor.execute("SELECT * FROM t WHERE u = %s", (user,))
    return "ok"


@app.route("/int")
def int_only():
    page = int(request.args["page"])
    # ok: sql-injection
    cursor.execute("SELECT * FROM t LIMIT 10 OFFSET %d" % page)
    return "ok"
