import ldap
import re
import csv
import io
import logging
import requests
from lxml import etree
from flask import Flask, request, Response, session
from flask_cors import CORS
from sqlalchemy import text
from sqlalchemy.orm import Session
from Crypto.Cipher import AES, DES
from Crypto.PublicKey import RSA

app = Flask(__name__)
# ruleid: permissive-cors
CORS(app, origins="*", supports_credentials=True)
# ruleid: hardcoded-secret
app.secret_key = "f3a9c2d18b7e4a6f9d0c1b2a3e4f5a6b"


@app.route("/people")
def people():
    uid = request.args["uid"]
    conn = ldap.initialize("ldap://localhost")
    # ruleid: ldap-injection
    return str(conn.search_s("dc=example,dc=com", ldap.SCOPE_SUBTREE, "(uid=" + uid + ")"))


@app.route("/xp")
def xp():
    name = request.args["name"]
    doc = etree.parse("users.xml")
    # ruleid: xpath-injection
    return str(doc.xpath("//user[name='" + name + "']"))


@app.route("/grep")
def grep():
    pat = request.args["p"]
    # ruleid: regex-injection
    return str(bool(re.search(pat, "some text")))


@app.route("/export")
def export():
    buf = io.StringIO()
    w = csv.writer(buf)
    # ruleid: csv-injection
    w.writerow([request.args["name"], "1"])
    return buf.getvalue()


@app.route("/hdr")
def hdr():
    resp = Response("ok")
    # ruleid: header-injection
    resp.headers["X-Name"] = request.args["n"]
    return resp


@app.route("/orders")
def orders():
    status = request.args["status"]
    with Session() as s:
        # ruleid: sql-injection
        rows = s.execute(text(f"SELECT * FROM orders WHERE status = '{status}'"))
        return str(list(rows))


@app.route("/orders2")
def orders2():
    status = request.args["status"]
    with Session() as s:
        # ok: sql-injection
        rows = s.execute(text("SELECT * FROM orders WHERE status = :s"), {"s": status})
        return str(list(rows))


def encrypt(key, data):
    # ruleid: weak-cipher
    c = AES.new(key, AES.MODE_ECB)
    return c.encrypt(data)


def encrypt2(key, data):
    # ruleid: weak-cipher
    return DES.new(key, DES.MODE_CBC).encrypt(data)


def keys():
    # ruleid: weak-key-size
    return RSA.generate(1024)


def keys_ok():
    # ok: weak-key-size
    return RSA.generate(3072)


def call_api(token):
    # ruleid: tls-verification-disabled
    return requests.get("https://api.internal/x", headers={"Authorization": token}, verify=False)


@app.route("/whoami")
def whoami():
    user = request.args.get("user")
    logging.info("user=%s", user)
    # ruleid: secret-in-log
    logging.info("login with password %s", request.form["password"])
    return user or ""


@app.route("/err")
def err():
    try:
        1 / 0
    except Exception as e:
        # ruleid: stack-trace-exposure
        return str(e), 500
