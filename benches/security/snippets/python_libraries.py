import hashlib as h
import os
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from hashlib import md5
from xml.dom import minidom

import joblib
import numpy as np
import pandas as pd
import paramiko
import torch
from Crypto.Hash import MD5
from Crypto.PublicKey import RSA
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import dsa
from defusedxml import ElementTree as SafeET
from django.utils.safestring import mark_safe
from flask import Flask, request
from pickle import Unpickler

app = Flask(__name__)


@app.route("/orders", methods=["POST"])
def orders():
    # ruleid: xxe
    root = ET.fromstring(request.data)
    # ok: xxe
    safe = SafeET.fromstring(request.data)
    # ruleid: xxe
    doc = minidom.parseString(request.get_data())
    return str(len(root) + len(safe) + len(doc.childNodes))


@app.route("/restore", methods=["POST"])
def restore():
    # ruleid: deserialization
    frame = pd.read_pickle(request.files["frame"])
    # ruleid: deserialization
    model = torch.load(request.files["model"])
    # ok: deserialization
    weights = torch.load(request.files["weights"], weights_only=True)
    # ruleid: deserialization
    state = Unpickler(request.files["state"]).load()
    return str((frame, model, weights, state))


def load_cache(path):
    # ruleid: deserialization
    cached = joblib.load(path)
    # ruleid: deserialization
    arrays = np.load(path, allow_pickle=True)
    # ok: deserialization
    plain = np.load(path)
    return cached, arrays, plain


def store_password(password):
    # ruleid: weak-hash
    a = md5(password.encode()).hexdigest()
    # ruleid: weak-hash
    b = h.sha1(password.encode()).hexdigest()
    # ruleid: weak-hash
    c = MD5.new(password.encode()).hexdigest()
    # ruleid: weak-hash
    d = hashes.Hash(hashes.MD5())
    # ok: weak-hash
    e = h.sha256(password.encode()).hexdigest()
    return a, b, c, d, e


def keys():
    # ruleid: weak-key
    legacy = RSA.generate(bits=1024)
    # ruleid: weak-key
    small = dsa.generate_private_key(1024)
    # ok: weak-key
    strong = RSA.generate(bits=3072)
    return legacy, small, strong


@app.route("/remote")
def remote():
    client = paramiko.SSHClient()
    client.connect("build.internal")
    # ruleid: command
    client.exec_command("tail -n 20 " + request.args["log"])
    # ok: command
    client.exec_command("uptime")
    return "ok"


def report(rows):
    # ruleid: tempfile
    with open("/tmp/report.csv", "w") as f:
        f.writelines(rows)
    # ok: tempfile
    with open(os.path.join(tempfile.gettempdir(), "report.csv"), "w") as f:
        f.writelines(rows)


def render_bio(profile):
    # ruleid: xss
    return mark_safe(profile.bio_html)


def render_banner():
    # ok: xss
    return mark_safe("<hr>")


@app.route("/archive")
def archive():
    # ok: command
    subprocess.run(["tar", "czf", "out.tgz", request.args["dir"]])
    return "ok"
