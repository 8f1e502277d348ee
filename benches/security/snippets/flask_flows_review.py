import os
import subprocess
import sqlite3
from flask import request, Blueprint, render_template_string, abort
from werkzeug.utils import secure_filename
import shlex

bp = Blueprint("admin", __name__)


def build_query(table, name):
    return "SELECT * FROM {} WHERE name = '{}'".format(table, name)


def run_sql(sql):
    conn = sqlite3.connect("x.db")
    # ruleid: sql-injection
    return conn.execute(sql).fetchall()


@bp.route("/find")
def find():
    name = request.args.get("name")
    sql = build_query("users", name)
    return str(run_sql(sql))


def only_constants():
    return run_sql("SELECT 1")


class Runner:
    def __init__(self, target):
        self.target = target

    def go(self):
        # ruleid: command-injection
        return subprocess.getoutput("nmap " + self.target)


@bp.route("/scan")
def scan():
    r = Runner(request.args["t"])
    return r.go()


@bp.route("/scan_ok")
def scan_ok():
    t = shlex.quote(request.args["t"])
    # ok: command-injection
    return subprocess.getoutput("nmap " + t)


@bp.route("/tpl")
def tpl():
    parts = []
    parts.append("<div>")
    parts.append(request.args.get("body", ""))
    parts.append("</div>")
    page = "".join(parts)
    # ruleid: template-injection
    return render_template_string(page)


@bp.route("/tpl_ok")
def tpl_ok():
    # ok: template-injection
    return render_template_string("<div>{{ body }}</div>", body=request.args.get("body", ""))


@bp.route("/save", methods=["POST"])
def save():
    f = request.files["doc"]
    name = secure_filename(f.filename)
    # ok: path-traversal
    f.save(os.path.join("/uploads", name))
    return "saved"


@bp.route("/save2", methods=["POST"])
def save2():
    f = request.files["doc"]
    # ruleid: path-traversal
    f.save(os.path.join("/uploads", f.filename))
    return "saved"


@bp.route("/page")
def page():
    n = int(request.args.get("n", "1"))
    conn = sqlite3.connect("x.db")
    # ok: sql-injection
    return str(conn.execute("SELECT * FROM t LIMIT %d" % n).fetchall())


@bp.route("/cfg")
def cfg():
    opts = {"cmd": request.args.get("c")}
    # ruleid: command-injection
    os.popen(opts["cmd"]).read()
    return "ok"


@bp.route("/many")
def many():
    ids = request.args.getlist("id")
    q = "SELECT * FROM t WHERE id IN (" + ",".join(ids) + ")"
    conn = sqlite3.connect("x.db")
    # ruleid: sql-injection
    return str(conn.execute(q).fetchall())


@bp.route("/aug")
def aug():
    q = "SELECT * FROM t WHERE a = "
    q += request.args["a"]
    conn = sqlite3.connect("x.db")
    # ruleid: sql-injection
    return str(conn.execute(q).fetchall())


@bp.route("/allow")
def allow():
    sort = request.args.get("sort")
    if sort not in ("name", "date"):
        abort(400)
    conn = sqlite3.connect("x.db")
    # ok: sql-injection
    return str(conn.execute("SELECT * FROM t ORDER BY " + sort).fetchall())


# ruleid: hardcoded-secret
def connect(host, password="Tr0ub4dor&3xK9pQ"):
    return host, password


DEBUG = True
