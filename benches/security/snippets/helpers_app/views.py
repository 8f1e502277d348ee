import subprocess
from flask import Flask, request
from .db import find_user, find_by_id

app = Flask(__name__)


def clean(value):
    return value.strip()


@app.route("/users")
def users():
    name = clean(request.args["name"])
    return str(find_user(name))


@app.route("/users/<uid>")
def user(uid):
    return str(find_by_id(uid))


@app.route("/batch", methods=["POST"])
def batch():
    parts = []
    for host in request.json["hosts"]:
        parts.append(host)
    cmd = "ping -c 1 " + " ".join(parts)
    # ruleid: command
    subprocess.run(cmd, shell=True)
    opts = {"target": request.form.get("t")}
    line = "traceroute {}".format(opts["target"])
    # ruleid: command
    subprocess.call(line, shell=True)
    buf = "nslookup "
    buf += request.args.get("d", "")
    # ruleid: command
    subprocess.Popen(buf, shell=True)
    return "ok"


def admin_task():
    # ok: command
    subprocess.run("ls -la /var/log", shell=True)
