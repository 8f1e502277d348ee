import os
import pickle
import subprocess
import yaml
import requests
import hashlib
import random
import tempfile
from django.db import connection
from django.db.models.expressions import RawSQL
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt
from lxml import etree

from .models import User


def search(request):
    q = request.GET.get("q", "")
    with connection.cursor() as cursor:
        # ruleid: sql-injection
        cursor.execute("SELECT * FROM app_user WHERE name LIKE '%%%s%%'" % q)
        # ok: sql-injection
        cursor.execute("SELECT * FROM app_user WHERE name LIKE %s", ["%" + q + "%"])
    # ruleid: sql-injection
    users = User.objects.raw("SELECT * FROM app_user WHERE name = '" + q + "'")
    # ruleid: sql-injection
    users = User.objects.extra(where=["name = '%s'" % q])
    # ruleid: sql-injection
    users = User.objects.annotate(val=RawSQL("SELECT col FROM t WHERE id = " + q, []))
    # ok: sql-injection
    users = User.objects.filter(name__icontains=q)
    # ruleid: reflected-xss
    return HttpResponse("<h1>Results for " + q + "</h1>")


def greet(request):
    name = request.POST["name"]
    # ruleid: xss
    html = mark_safe("<b>%s</b>" % name)
    # ok: reflected-xss
    return render(request, "greet.html", {"name": name})


def go(request):
    # ruleid: open-redirect
    return redirect(request.GET["next"])


def go_safe(request):
    nxt = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}):
        nxt = "/"
    # ok: open-redirect
    return HttpResponseRedirect(nxt)


@csrf_exempt
def upload(request):
    # ruleid: unsafe-deserialization
    data = pickle.loads(request.body)
    # ruleid: unsafe-deserialization
    cfg = yaml.load(request.body, Loader=yaml.Loader)
    # ok: unsafe-deserialization
    cfg = yaml.safe_load(request.body)
    return HttpResponse("ok")


def report(request):
    name = request.GET["file"]
    # ruleid: path-traversal
    with open(os.path.join("/srv/reports", name)) as fh:
        body = fh.read()
    # ok: path-traversal
    with open(os.path.join("/srv/reports", os.path.basename(name))) as fh:
        body = fh.read()
    return HttpResponse(body, content_type="text/plain")


def ping(request):
    host = request.GET["host"]
    # ruleid: command-injection
    out = subprocess.check_output("ping -c 1 " + host, shell=True)
    # ok: command-injection
    out = subprocess.check_output(["ping", "-c", "1", host])
    # ruleid: command-injection
    os.system("nslookup " + host)
    return HttpResponse(out, content_type="text/plain")


def proxy(request):
    # ruleid: ssrf
    r = requests.get(request.GET["url"], timeout=5)
    # ok: ssrf
    r = requests.get("https://api.example.com/items", params={"q": request.GET["q"]}, timeout=5)
    return HttpResponse(r.content, content_type="application/json")


def parse_xml(request):
    # ruleid: xxe
    parser = etree.XMLParser(resolve_entities=True)
    tree = etree.fromstring(request.body, parser)
    return HttpResponse("ok")


def make_token():
    # ruleid: insecure-random
    token = "".join(random.choice("abcdef0123456789") for _ in range(32))
    return token


def hash_password(password):
    # ruleid: insecure-password-hash
    return hashlib.md5(password.encode()).hexdigest()


def scratch():
    # ruleid: insecure-tempfile
    path = tempfile.mktemp()
    # ok: insecure-tempfile
    fd, path = tempfile.mkstemp()
    return path
