"""An internal directory and file service, as a review would read it."""
import hmac
import logging
import os
import re
import tarfile
import tempfile

import jwt
import ldap
from django.views.decorators.csrf import csrf_exempt
from flask import Flask, abort, jsonify, request
from ldap.filter import escape_filter_chars
from lxml import etree

from .models import Account, db

app = Flask(__name__)
log = logging.getLogger("directory")
SIGNING_KEY = os.environ["SIGNING_KEY"].encode()
JWT_KEY = os.environ["JWT_KEY"]


@app.route("/people")
def people():
    uid = request.args.get("uid", "")
    conn = ldap.initialize("ldap://directory.internal")
    # ruleid: ldap-injection
    found = conn.search_s("ou=people,dc=example,dc=org", ldap.SCOPE_SUBTREE, "(uid=%s)" % uid)
    return jsonify([dn for dn, _ in found])


@app.route("/people/escaped")
def people_escaped():
    uid = escape_filter_chars(request.args.get("uid", ""))
    conn = ldap.initialize("ldap://directory.internal")
    # ok: ldap-injection
    found = conn.search_s("ou=people,dc=example,dc=org", ldap.SCOPE_SUBTREE, "(uid=%s)" % uid)
    return jsonify([dn for dn, _ in found])


@app.route("/books")
def books():
    title = request.args["title"]
    tree = etree.parse("/srv/catalog.xml")
    # ruleid: xpath-injection
    hits = tree.xpath("//book[title='" + title + "']/@id")
    return jsonify(hits)


@app.route("/books/bound")
def books_bound():
    title = request.args["title"]
    tree = etree.parse("/srv/catalog.xml")
    # ok: xpath-injection
    hits = tree.xpath("//book[title=$title]/@id", title=title)
    return jsonify(hits)


@app.route("/restore", methods=["POST"])
def restore():
    upload = request.files["backup"]
    with tarfile.open(fileobj=upload.stream) as archive:
        # ruleid: archive-extraction
        archive.extractall("/srv/restore")
    return "restored"


@app.route("/restore/filtered", methods=["POST"])
def restore_filtered():
    upload = request.files["backup"]
    with tarfile.open(fileobj=upload.stream) as archive:
        # ok: archive-extraction
        archive.extractall("/srv/restore", filter="data")
    return "restored"


@app.route("/grep")
def grep():
    pattern = request.args.get("q", "")
    with open("/srv/audit.log") as fh:
        lines = fh.read().splitlines()
    # ruleid: regex-injection
    matched = [line for line in lines if re.search(pattern, line)]
    return jsonify(matched)


@app.route("/grep/literal")
def grep_literal():
    pattern = re.escape(request.args.get("q", ""))
    with open("/srv/audit.log") as fh:
        lines = fh.read().splitlines()
    # ok: regex-injection
    matched = [line for line in lines if re.search(pattern, line)]
    return jsonify(matched)


@app.route("/login", methods=["POST"])
def login():
    user = request.form["user"]
    # ruleid: log-injection
    log.warning("failed login for " + user)
    # ok: log-injection
    log.warning("failed login for %r", user)
    abort(401)


@app.route("/me")
def me():
    token = request.headers.get("Authorization", "").removeprefix("Bearer ")
    # ruleid: jwt-unverified
    claims = jwt.decode(token, options={"verify_signature": False})
    return jsonify(claims)


@app.route("/me/verified")
def me_verified():
    token = request.headers.get("Authorization", "").removeprefix("Bearer ")
    # ok: jwt-unverified
    claims = jwt.decode(token, JWT_KEY, algorithms=["HS256"])
    return jsonify(claims)


@app.route("/hook", methods=["POST"])
def hook():
    signature = request.headers.get("X-Signature", "")
    expected = hmac.new(SIGNING_KEY, request.get_data(), "sha256").hexdigest()
    # ruleid: timing-unsafe-comparison
    if signature == expected:
        return "accepted"
    abort(403)


@app.route("/hook/constant", methods=["POST"])
def hook_constant():
    signature = request.headers.get("X-Signature", "")
    expected = hmac.new(SIGNING_KEY, request.get_data(), "sha256").hexdigest()
    # ok: timing-unsafe-comparison
    if hmac.compare_digest(signature, expected):
        return "accepted"
    abort(403)


@app.route("/accounts", methods=["POST"])
def create_account():
    # ruleid: mass-assignment
    account = Account(**request.get_json())
    db.session.add(account)
    db.session.commit()
    return jsonify(id=account.id)


@app.route("/accounts/picked", methods=["POST"])
def create_account_picked():
    body = request.get_json()
    # ok: mass-assignment
    account = Account(name=body["name"], email=body["email"])
    db.session.add(account)
    db.session.commit()
    return jsonify(id=account.id)


def spool(rows):
    # ruleid: insecure-tempfile
    path = tempfile.mktemp(suffix=".csv")
    with open(path, "w") as out:
        out.writelines(rows)
    return path


def spool_safely(rows):
    # ok: insecure-tempfile
    handle, path = tempfile.mkstemp(suffix=".csv")
    with os.fdopen(handle, "w") as out:
        out.writelines(rows)
    return path


# ruleid: csrf-disabled
@csrf_exempt
def transfer(request):
    Account.objects.filter(id=request.POST["from"]).update(balance=0)
    return None
