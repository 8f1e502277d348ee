import hashlib
import json
import logging
import marshal
import os
import random
import shelve
import shutil
import ssl
import subprocess
import tempfile
import xml.dom.minidom

import dill
import jsonpickle
import mako.template
import requests
import yaml
from litestar import Litestar, get, post, Request
from sanic import Sanic
from sanic.response import text, html, redirect

sanic_app = Sanic("probe")
log = logging.getLogger(__name__)


@sanic_app.get("/ping")
async def ping(request):
    host = request.args.get("host")
    # ruleid: command
    out = subprocess.run(f"ping -c 1 {host}", shell=True, capture_output=True)
    return text(out.stdout.decode())


@sanic_app.get("/greet")
async def greet(request):
    name = request.args.get("name", "")
    # ruleid: xss
    return html("<h1>Hello " + name + "</h1>")


@sanic_app.get("/go")
async def go(request):
    # ruleid: redirect
    return redirect(request.args.get("next"))


@sanic_app.get("/go-home")
async def go_home(request):
    # ok: redirect
    return redirect("/home")


@sanic_app.post("/state")
async def state(request):
    # ruleid: deserialization
    obj = jsonpickle.decode(request.body)
    return text(str(obj))


@sanic_app.post("/state2")
async def state2(request):
    # ruleid: deserialization
    obj = dill.loads(request.body)
    return text(str(obj))


@sanic_app.post("/code")
async def code(request):
    # ruleid: deserialization
    fn = marshal.loads(request.body)
    return text(str(fn))


@sanic_app.post("/conf")
async def conf(request):
    # ruleid: deserialization
    cfg = yaml.load(request.body, Loader=yaml.Loader)
    # ok: deserialization
    safe = yaml.safe_load(request.body)
    return text(str(cfg) + str(safe))


@get("/fetch")
async def fetch(url: str) -> str:
    # ruleid: ssrf
    return requests.get(url, timeout=5).text


@get("/fetch-fixed")
async def fetch_fixed(page: int) -> str:
    # ok: ssrf
    return requests.get(f"https://api.example.com/items?page={page}", timeout=5).text


@post("/render")
async def render(request: Request) -> str:
    body = await request.json()
    # ruleid: ssti
    return mako.template.Template(body["template"]).render()


@get("/file")
async def read_file(name: str) -> str:
    # ruleid: path
    with open(os.path.join("/srv/files", name)) as fh:
        return fh.read()


@get("/file-safe")
async def read_file_safe(name: str) -> str:
    path = os.path.realpath(os.path.join("/srv/files", name))
    if not path.startswith("/srv/files/"):
        raise ValueError("bad path")
    # ok: path
    with open(path) as fh:
        return fh.read()


def make_token():
    # ruleid: random
    return "".join(random.choice("abcdef0123456789") for _ in range(32))


def shuffle_cards(cards):
    # ok: random
    random.shuffle(cards)
    return cards


def store_password(password):
    # ruleid: weak-hash
    return hashlib.sha1(password.encode()).hexdigest()


def insecure_tls():
    # ruleid: tls
    ctx = ssl._create_unverified_context()
    return ctx


def verify_off(url):
    # ruleid: tls
    return requests.post(url, json={}, verify=False)


def temp_name():
    # ruleid: tempfile
    return tempfile.mktemp(suffix=".txt")


def temp_ok():
    # ok: tempfile
    return tempfile.mkstemp(suffix=".txt")


def world_writable(path):
    # ruleid: permissions
    os.chmod(path, 0o777)


def owner_only(path):
    # ok: permissions
    os.chmod(path, 0o600)


@sanic_app.post("/unpack")
async def unpack(request):
    upload = request.files.get("archive")
    with open("/tmp/a.tar", "wb") as fh:
        fh.write(upload.body)
    # ruleid: zipslip
    shutil.unpack_archive("/tmp/a.tar", "/srv/out")
    return text("ok")


@sanic_app.post("/xml")
async def parse_xml(request):
    # ruleid: xxe (bandit B318: minidom is open to entity expansion; defusedxml is the fix)
    doc = xml.dom.minidom.parseString(request.body)
    return text(doc.toxml())


@sanic_app.get("/prefs")
async def prefs(request):
    db = shelve.open("/tmp/prefs")
    # ok: deserialization (keys are looked up, the shelf is ours)
    value = db.get(request.args.get("k", ""))
    return text(json.dumps(value))
