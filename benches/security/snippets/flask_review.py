import os
import subprocess
import sqlite3
import pickle
import yaml
import hashlib
import tarfile
import zipfile
import xml.etree.ElementTree as ET
from flask import Flask, request, redirect, make_response, jsonify, send_from_directory
import requests

app = Flask(__name__)
DB = sqlite3.connect("app.db")


@app.route("/user")
def user():
    uid = request.values.get("id")
    cur = DB.cursor()
    # ruleid: sql-injection
    cur.execute("SELECT * FROM users WHERE id = '%s'" % uid)
    return jsonify(cur.fetchall())


@app.route("/user2")
def user2():
    uid = request.values.get("id")
    cur = DB.cursor()
    # ok: sql-injection
    cur.execute("SELECT * FROM users WHERE id = ?", (uid,))
    return jsonify(cur.fetchall())


@app.route("/ping")
def ping():
    host = request.form["host"]
    cmd = "ping -c 1 " + host
    # ruleid: command-injection
    out = subprocess.check_output(cmd, shell=True)
    return out


@app.route("/ping2")
def ping2():
    host = request.form["host"]
    # ok: command-injection
    out = subprocess.check_output(["ping", "-c", "1", host])
    return out


@app.route("/go")
def go():
    target = request.args.get("next", "/")
    # ruleid: open-redirect
    return redirect(target)


@app.route("/go2")
def go2():
    # ok: open-redirect
    return redirect("/home")


@app.route("/load", methods=["POST"])
def load():
    blob = request.get_data()
    # ruleid: insecure-deserialization
    obj = pickle.loads(blob)
    return str(obj)


@app.route("/conf", methods=["POST"])
def conf():
    text = request.data.decode()
    # ruleid: insecure-deserialization
    cfg = yaml.load(text, Loader=yaml.Loader)
    # ok: insecure-deserialization
    safe = yaml.safe_load(text)
    return jsonify(cfg, safe)


@app.route("/fetch")
def fetch():
    url = request.args["url"]
    # ruleid: ssrf
    r = requests.get(url, timeout=5)
    return r.text


@app.route("/file")
def file():
    name = request.args.get("name")
    # ruleid: path-traversal
    with open(os.path.join("/srv/files", name)) as fh:
        return fh.read()


@app.route("/file2")
def file2():
    name = request.args.get("name")
    # ok: path-traversal
    return send_from_directory("/srv/files", name)


@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    # ruleid: reflected-xss
    resp = make_response("<h1>Hello " + name + "</h1>")
    return resp


@app.route("/upload", methods=["POST"])
def upload():
    f = request.files["archive"]
    path = "/tmp/" + f.filename
    f.save(path)
    with tarfile.open(path) as tar:
        # ruleid: zip-slip
        tar.extractall("/srv/unpacked")
    return "ok"


@app.route("/xml", methods=["POST"])
def xml():
    # ruleid: xxe
    tree = ET.fromstring(request.data)
    return tree.tag


def digest(pw):
    # ruleid: weak-hash
    return hashlib.md5(pw.encode()).hexdigest()


def checksum(data):
    # ok: weak-hash
    return hashlib.sha256(data).hexdigest()


@app.route("/eval")
def calc():
    expr = request.args.get("q")
    # ruleid: code-injection
    return str(eval(expr))


if __name__ == "__main__":
    # ruleid: flask-debug
    app.run(host="0.0.0.0", debug=True)
