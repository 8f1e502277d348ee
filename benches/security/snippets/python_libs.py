import ast
import importlib
import os
import pty
import shutil
import sqlite3
import subprocess
import tarfile
import urllib.request
import zipfile

import jinja2
import pandas as pd
from lxml import etree
from flask import Flask, request

app = Flask(__name__)


@app.route("/a")
def a():
    # ruleid: command
    return subprocess.getoutput("dig " + request.args["h"])


@app.route("/b")
def b():
    # ruleid: command
    return os.popen("whois " + request.args["d"]).read()


@app.route("/c")
def c():
    conn = sqlite3.connect("x.db")
    # ruleid: sql
    return str(pd.read_sql("SELECT * FROM t WHERE a = '" + request.args["a"] + "'", conn))


@app.route("/d")
def d():
    # ruleid: ssti
    return jinja2.Template(request.args["tpl"]).render()


@app.route("/e", methods=["POST"])
def e():
    parser = etree.XMLParser(resolve_entities=True)
    # ruleid: xxe
    return etree.tostring(etree.fromstring(request.data, parser))


@app.route("/f", methods=["POST"])
def f():
    request.files["z"].save("/tmp/u.zip")
    with zipfile.ZipFile("/tmp/u.zip") as z:
        # ok: zipslip (zipfile drops `..` and absolute names itself)
        z.extractall("/srv/out")
    return "ok"


@app.route("/g")
def g():
    # ruleid: ssrf
    return urllib.request.urlopen(request.args["u"]).read()


@app.route("/h")
def h():
    # ruleid: code
    mod = importlib.import_module(request.args["m"])
    return str(mod)


@app.route("/i")
def i():
    # ok: code
    return str(ast.literal_eval(request.args["v"]))


@app.route("/j")
def j():
    # ruleid: code
    exec(request.form["code"])
    return "ok"


@app.route("/k")
def k():
    # ruleid: code
    return str(__import__(request.args["m"]))


def untar(path):
    with tarfile.open(path) as t:
        # ruleid: zipslip
        t.extractall("/srv/out")


def unpack(path):
    # ruleid: zipslip
    shutil.unpack_archive(path, "/srv/out")
