import os
import sqlite3
import subprocess
import hashlib
import pickle
import base64
import tarfile
import requests
import yaml
from lxml import etree
from flask import Flask, request, redirect, render_template_string, send_from_directory, make_response, jsonify
from pymongo import MongoClient
from jinja2 import Template

app = Flask(__name__)
db = MongoClient().shop
UPLOADS = "/srv/uploads"


def get_conn():
    return sqlite3.connect("shop.db")


def find_orders(customer):
    conn = get_conn()
    cur = conn.cursor()
    # ruleid: sql-injection
    cur.execute("SELECT * FROM orders WHERE customer = '" + customer + "'")
    return cur.fetchall()


@app.route("/orders")
def orders():
    customer = request.args.get("customer", "")
    return jsonify(find_orders(customer))


@app.route("/orders/safe")
def orders_safe():
    customer = request.args.get("customer", "")
    conn = get_conn()
    # ok: sql-injection
    rows = conn.execute("SELECT * FROM orders WHERE customer = ?", (customer,)).fetchall()
    return jsonify(rows)


@app.route("/products")
def products():
    query = request.get_json()
    # ruleid: nosql-injection
    items = list(db.products.find({"$where": "this.price < " + query["max"]}))
    return jsonify(items)


@app.route("/products/by-filter", methods=["POST"])
def products_by_filter():
    # ruleid: nosql-injection
    items = list(db.products.find(request.json))
    return jsonify(items)


@app.route("/thumb")
def thumb():
    name = request.args["name"]
    size = request.args.get("size", "64")
    cmd = "convert {} -resize {}x{} /tmp/out.png".format(name, size, size)
    # ruleid: command-injection
    subprocess.check_output(cmd, shell=True)
    return "ok"


@app.route("/thumb/safe")
def thumb_safe():
    name = request.args["name"]
    # ok: command-injection
    subprocess.check_output(["convert", name, "-resize", "64x64", "/tmp/out.png"])
    return "ok"


@app.route("/greet")
def greet():
    who = request.args.get("who", "guest")
    # ruleid: template-injection
    return render_template_string("<h1>Hello " + who + "</h1>")


@app.route("/card")
def card():
    tpl = request.form["template"]
    # ruleid: template-injection
    return Template(tpl).render(user="x")


@app.route("/download")
def download():
    fname = request.args.get("file")
    # ruleid: path-traversal
    with open(os.path.join(UPLOADS, fname), "rb") as fh:
        return fh.read()


@app.route("/download/safe")
def download_safe():
    # ok: path-traversal
    return send_from_directory(UPLOADS, request.args.get("file"))


@app.route("/session", methods=["POST"])
def restore_session():
    blob = request.cookies.get("cart")
    # ruleid: insecure-deserialization
    cart = pickle.loads(base64.b64decode(blob))
    return jsonify(cart)


@app.route("/config", methods=["POST"])
def load_config():
    # ruleid: insecure-deserialization
    cfg = yaml.load(request.data, Loader=yaml.Loader)
    return jsonify(cfg)


@app.route("/config/safe", methods=["POST"])
def load_config_safe():
    # ok: insecure-deserialization
    cfg = yaml.safe_load(request.data)
    return jsonify(cfg)


@app.route("/fetch")
def fetch():
    url = request.args.get("url")
    # ruleid: ssrf
    resp = requests.get(url, timeout=5)
    return resp.text


@app.route("/next")
def go_next():
    target = request.args.get("next", "/")
    # ruleid: open-redirect
    return redirect(target)


@app.route("/next/safe")
def go_next_safe():
    # ok: open-redirect
    return redirect("/home")


@app.route("/import", methods=["POST"])
def import_archive():
    upload = request.files["archive"]
    path = os.path.join("/tmp", "upload.tar")
    upload.save(path)
    with tarfile.open(path) as tar:
        # ruleid: archive-extraction
        tar.extractall("/srv/data")
    return "imported"


@app.route("/xml", methods=["POST"])
def parse_xml():
    parser = etree.XMLParser(resolve_entities=True)
    # ruleid: xxe
    doc = etree.fromstring(request.data, parser)
    return doc.tag


@app.route("/hash")
def hash_password():
    pw = request.args.get("pw", "")
    # ruleid: insecure-password-hash
    digest = hashlib.md5(pw.encode()).hexdigest()
    return digest


@app.route("/profile")
def profile():
    name = request.args.get("name", "")
    resp = make_response("<p>Welcome " + name + "</p>")
    return resp


@app.route("/calc")
def calc():
    expr = request.args.get("expr", "0")
    # ruleid: code-injection
    return str(eval(expr))


@app.route("/calc/safe")
def calc_safe():
    expr = request.args.get("expr", "0")
    # ok: code-injection
    return str(int(expr) * 2)


if __name__ == "__main__":
    # ruleid: debug-enabled
    app.run(host="0.0.0.0", debug=True)
