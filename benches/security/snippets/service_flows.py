"""Flows through helpers, attributes and containers in a Flask service."""
import hashlib
import os
import random
import ssl
import string
import subprocess

import requests
from Crypto.Cipher import DES
from flask import Flask, request, send_file
from jinja2 import Environment, Template
from markupsafe import Markup
from sqlalchemy import text

from .db import session
from .models import Article

app = Flask(__name__)


def build_lookup(name):
    return "SELECT id FROM users WHERE name = '" + name + "'"


def run_report(args):
    cmd = " ".join(["/usr/bin/report", "--user", args])
    # ruleid: command-injection
    return subprocess.run(cmd, shell=True, capture_output=True).stdout


@app.route("/lookup")
def lookup():
    # ruleid: sql-injection
    return str(session.execute(text(build_lookup(request.args["name"]))).all())


@app.route("/report")
def report():
    return run_report(request.args.get("user", ""))


class Exporter:
    def __init__(self, req):
        self.folder = req.args.get("folder", "exports")

    def path_for(self, name):
        return os.path.join("/srv", self.folder, name)


@app.route("/export/<name>")
def export(name):
    exporter = Exporter(request)
    # ruleid: path-traversal
    return send_file(exporter.path_for(name))


@app.route("/articles")
def articles():
    filters = {"author": request.args.get("author", "")}
    # ruleid: sql-injection
    found = Article.objects.raw("SELECT * FROM article WHERE author = '%s'" % filters["author"])
    return str(list(found))


@app.route("/articles/extra")
def articles_extra():
    # ruleid: sql-injection
    found = Article.objects.extra(where=["title LIKE '%%" + request.args["t"] + "%%'"])
    return str(list(found))


@app.route("/profile")
def profile():
    # ruleid: reflected-xss
    return Markup("<p>" + request.args.get("bio", "") + "</p>")


@app.route("/greeting")
def greeting():
    # ruleid: template-injection
    return Template("Hello " + request.args.get("name", "") + "!").render()


@app.route("/calc", methods=["POST"])
def calc():
    expression = request.get_json().get("expr", "0")
    # ruleid: code-injection
    return str(eval(expression))


@app.route("/notify", methods=["POST"])
def notify():
    hook = request.json["webhook"]
    # ruleid: ssrf
    requests.post(hook, json={"event": "created"}, timeout=5)
    return "queued"


@app.route("/mirror")
def mirror():
    # ruleid: tls-verification-disabled
    return requests.get("https://mirror.internal/status", verify=False).text


def register(password):
    # ruleid: insecure-password-hash
    digest = hashlib.md5(password.encode()).hexdigest()
    return digest


def reset_token():
    # ruleid: insecure-random
    return "".join(random.choice(string.ascii_letters) for _ in range(32))


def seal(key, data):
    # ruleid: weak-cipher
    cipher = DES.new(key, DES.MODE_ECB)
    return cipher.encrypt(data)


def insecure_context():
    # ruleid: tls-verification-disabled
    return ssl._create_unverified_context()


# ruleid: xss
templates = Environment(autoescape=False)
