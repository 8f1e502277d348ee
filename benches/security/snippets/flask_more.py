import hashlib
import logging
import marshal
import os
import pickle
import ssl
import subprocess
import tarfile
import tempfile
import xml.etree.ElementTree as ET

import requests
import yaml
from flask import Flask, redirect, request, send_from_directory
from jinja2 import Template
from lxml import etree

app = Flask(__name__)
log = logging.getLogger(__name__)


@app.route("/profile", methods=["POST"])
def profile():
    # ruleid: insecure-deserialization
    data = pickle.loads(request.get_data())
    return str(data)


@app.route("/cfg", methods=["POST"])
def cfg():
    # ruleid: insecure-deserialization
    conf = yaml.load(request.data, Loader=yaml.Loader)
    # ok: insecure-deserialization
    safe = yaml.safe_load(request.data)
    return str(conf) + str(safe)


@app.route("/m", methods=["POST"])
def m():
    # ruleid: insecure-deserialization
    return str(marshal.loads(request.data))


@app.route("/greet")
def greet():
    name = request.args.get("name", "")
    # ruleid: template-injection
    return Template("Hello " + name).render()


@app.route("/next")
def next_page():
    target = request.args.get("next")
    # ruleid: open-redirect
    return redirect(target)


@app.route("/home")
def home():
    # ok: open-redirect
    return redirect("/dashboard")


@app.route("/upload", methods=["POST"])
def upload():
    archive = request.files["archive"]
    with tarfile.open(fileobj=archive) as tar:
        # ruleid: archive-extraction
        tar.extractall("/srv/uploads")
    return "ok"


@app.route("/xml", methods=["POST"])
def xml():
    parser = etree.XMLParser(resolve_entities=True)
    # ruleid: xxe
    doc = etree.fromstring(request.data, parser)
    return doc.tag


@app.route("/ping")
def ping():
    host = request.args["host"]
    # ruleid: command-injection
    out = subprocess.check_output("ping -c 1 " + host, shell=True)
    # ok: command-injection
    safe = subprocess.check_output(["ping", "-c", "1", host])
    return out + safe


@app.route("/login", methods=["POST"])
def login():
    user = request.form["user"]
    # ruleid: log-injection
    log.info("login attempt for " + user)
    password = request.form["password"]
    # ruleid: weak-hash
    digest = hashlib.md5(password.encode()).hexdigest()
    return digest


def fetch(url):
    # ruleid: tls-verification-disabled
    return requests.get(url, verify=False)


def context():
    # ruleid: tls-verification-disabled
    return ssl._create_unverified_context()


def scratch():
    # ruleid: insecure-temp-file
    path = tempfile.mktemp()
    return path


@app.route("/eval")
def calc():
    expr = request.args["expr"]
    # ruleid: code-injection
    return str(eval(expr))


@app.route("/files/<name>")
def files(name):
    # ok: path-traversal
    return send_from_directory("/srv/files", name)


@app.route("/read")
def read():
    name = request.args["name"]
    # ruleid: path-traversal
    with open(os.path.join("/srv/files", name)) as f:
        return f.read()
