import pickle, yaml, marshal, shelve, ssl, tempfile, random, os, subprocess, hashlib
import xml.dom.minidom
import jwt
import paramiko
import requests
from flask import Flask, request, make_response, redirect, render_template_string

app = Flask(__name__)


@app.route("/profile", methods=["POST"])
def load_profile():
    # ruleid: deserialization
    profile = pickle.loads(request.data)
    return str(profile)


@app.route("/config", methods=["POST"])
def load_config():
    # ruleid: yaml
    cfg = yaml.load(request.data)
    # ok: yaml
    safe = yaml.safe_load(request.data)
    return str(cfg) + str(safe)


@app.route("/marshal", methods=["POST"])
def load_marshal():
    # ruleid: deserialization
    code = marshal.loads(request.get_data())
    return str(code)


@app.route("/xml", methods=["POST"])
def parse_xml():
    # ruleid: xml
    doc = xml.dom.minidom.parseString(request.data)
    return doc.toxml()


@app.route("/token")
def read_token():
    token = request.headers.get("Authorization", "")
    # ruleid: jwt
    claims = jwt.decode(token, options={"verify_signature": False})
    return str(claims)


@app.route("/fetch")
def fetch():
    # ruleid: tls
    r = requests.get("https://internal.example/api", verify=False)
    return r.text


def insecure_context():
    # ruleid: tls
    return ssl._create_unverified_context()


def connect(host):
    client = paramiko.SSHClient()
    # ruleid: ssh
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host)
    return client


def scratch_file():
    # ruleid: tempfile
    name = tempfile.mktemp()
    return name


def reset_token():
    # ruleid: random
    return "".join(random.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(32))


def share(path):
    # ruleid: permissions
    os.chmod(path, 0o777)


@app.route("/run")
def run():
    host = request.args.get("host")
    # ruleid: command
    out = subprocess.check_output("ping -c 1 " + host, shell=True)
    # ok: command
    safe = subprocess.check_output(["ping", "-c", "1", host])
    return out + safe


@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    # ruleid: ssti
    return render_template_string("<h1>Hello " + name + "</h1>")


@app.route("/go")
def go():
    target = request.args.get("next", "/")
    # ruleid: redirect
    return redirect(target)


@app.route("/echo")
def echo():
    # ruleid: xss
    resp = make_response("<p>" + request.args.get("q", "") + "</p>")
    return resp


def digest(password):
    # ruleid: hash
    return hashlib.sha1(password.encode()).hexdigest()


@app.route("/calc")
def calc():
    expr = request.args.get("e")
    # ruleid: eval
    return str(eval(expr))


@app.route("/shelf")
def shelf():
    key = request.args.get("k")
    with shelve.open("/tmp/db") as db:
        # ok: shelve
        return str(db.get(key))
