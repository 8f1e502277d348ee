import hashlib
import logging
import os
import re
import ssl
import tempfile
import zipfile

import jwt
import ldap
import paramiko
import requests
from flask import Flask, request
from lxml import etree

app = Flask(__name__)
log = logging.getLogger(__name__)


@app.route("/login", methods=["POST"])
def login():
    user = request.form["user"]
    # ruleid: log
    log.info("login attempt for " + user)
    # ruleid: ldap
    conn = ldap.initialize("ldap://dir").search_s("dc=x", ldap.SCOPE_SUBTREE, "(uid=" + user + ")")
    # ruleid: xpath
    found = etree.parse("users.xml").xpath("//user[name='" + user + "']")
    # ruleid: regex
    pattern = re.compile(request.args["q"])
    return str(conn) + str(found) + str(pattern)


@app.route("/token")
def token():
    raw = request.headers["Authorization"]
    # ruleid: jwt
    claims = jwt.decode(raw, options={"verify_signature": False})
    return claims


@app.route("/unzip", methods=["POST"])
def unzip():
    archive = zipfile.ZipFile(request.files["f"])
    # ok: zipslip
    # zipfile drops absolute paths and `..` from member names as it extracts.
    archive.extractall("/srv/out")
    return "ok"


def store_password(password):
    # ruleid: hash
    return hashlib.md5(password.encode()).hexdigest()


def fetch(url):
    # ruleid: tls
    return requests.get(url, verify=False)


def ctx():
    context = ssl.create_default_context()
    # ruleid: tls
    context.verify_mode = ssl.CERT_NONE
    return context


def ssh(host):
    client = paramiko.SSHClient()
    # ruleid: ssh
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host)


def scratch():
    # ruleid: tempfile
    path = tempfile.mktemp()
    # ruleid: perms
    os.chmod(path, 0o777)
    return path


def admin_only(user):
    # ruleid: assert
    assert user.is_admin, "admins only"
    return "secret"
