import os
import pickle
import marshal
import shelve
import zipfile
import jsonpickle
import yaml
import httpx
import socket
import urllib.request
from xml.dom import minidom
from django.db.models.expressions import RawSQL
from django.http import JsonResponse
from myapp.models import Order
import aiohttp.web as web
import tornado.web


def orders(request):
    col = request.GET.get("sort", "id")
    # ruleid: sql-injection
    qs = Order.objects.extra(order_by=[col])
    # ruleid: sql-injection
    qs2 = Order.objects.annotate(v=RawSQL("SELECT " + request.GET["expr"], []))
    # ruleid: sql-injection
    qs3 = Order.objects.raw("SELECT * FROM orders WHERE owner = '%s'" % request.user_id)
    return JsonResponse({"n": len(list(qs)) + len(list(qs2)) + len(list(qs3))})


def restore(request):
    # ruleid: insecure-deserialization
    data = marshal.loads(request.body)
    # ruleid: insecure-deserialization
    obj = jsonpickle.decode(request.POST["state"])
    # ruleid: insecure-deserialization
    cfg = yaml.unsafe_load(request.body)
    # ruleid: insecure-deserialization
    p = pickle.load(request.FILES["dump"])
    return JsonResponse({"ok": bool(data and obj and cfg and p)})


def unzip(request):
    archive = zipfile.ZipFile(request.FILES["zip"])
    # zipfile drops absolute paths and `..` from member names itself (tarfile does not).
    # ok: zip-slip
    archive.extractall("/srv/uploads")
    return JsonResponse({})


def unzip2(request):
    archive = zipfile.ZipFile(request.FILES["zip"])
    for member in archive.namelist():
        dest = os.path.realpath(os.path.join("/srv/uploads", member))
        if not dest.startswith("/srv/uploads/"):
            raise ValueError(member)
    # ok: zip-slip
    archive.extractall("/srv/uploads")
    return JsonResponse({})


def proxy(request):
    target = request.GET["u"]
    # ruleid: ssrf
    r = httpx.get(target)
    # ruleid: ssrf
    body = urllib.request.urlopen(request.GET["u2"]).read()
    return JsonResponse({"a": r.text, "b": body.decode()})


def connect(request):
    host = request.GET["host"]
    s = socket.socket()
    # ruleid: ssrf
    s.connect((host, 80))
    return JsonResponse({})


def parse_xml(request):
    # ruleid: xxe
    doc = minidom.parseString(request.body)
    return JsonResponse({"root": doc.documentElement.tagName})


def run(request):
    prog = request.GET["prog"]
    # ruleid: command-injection
    os.execvp(prog, [prog])


async def handle(request: web.Request):
    name = request.query["name"]
    # ruleid: reflected-xss
    return web.Response(text="<h1>" + name + "</h1>", content_type="text/html")


async def handle_cmd(request: web.Request):
    data = await request.post()
    # ruleid: command-injection
    os.system("echo " + data["msg"])
    return web.Response(text="ok")


class Hello(tornado.web.RequestHandler):
    def get(self):
        name = self.get_argument("name")
        # ruleid: reflected-xss
        self.write("<b>" + name + "</b>")

    def post(self):
        url = self.get_body_argument("next")
        # ruleid: open-redirect
        self.redirect(url)
