import os
import logging
import json
import jwt
import random
import tempfile
import ssl
import urllib.request
from django.http import HttpResponse, HttpResponseRedirect
from django.db import connection
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt
from django.contrib.auth.hashers import make_password

log = logging.getLogger(__name__)

SECRET = "sk_live_51HxQ2aKjLmNoPqRsTuVwXyZ0123456789abcdef"


def search(request):
    q = request.GET.get("q", "")
    with connection.cursor() as cursor:
        # ruleid: sql-injection
        cursor.execute(f"SELECT id FROM items WHERE name LIKE '%{q}%'")
        rows = cursor.fetchall()
    return HttpResponse(json.dumps(rows))


def search_ok(request):
    q = request.GET.get("q", "")
    with connection.cursor() as cursor:
        # ok: sql-injection
        cursor.execute("SELECT id FROM items WHERE name LIKE %s", ["%" + q + "%"])
        rows = cursor.fetchall()
    return HttpResponse(json.dumps(rows))


def greet(request):
    name = request.GET["name"]
    # ruleid: reflected-xss
    return HttpResponse("Hello, " + name)


def greet_safe(request):
    name = request.GET["name"]
    # ruleid: xss
    html = mark_safe("<b>%s</b>" % name)
    return render(request, "greet.html", {"html": html})


def after_login(request):
    nxt = request.POST.get("next")
    # ruleid: open-redirect
    return HttpResponseRedirect(nxt)


@csrf_exempt
# ruleid: csrf-disabled
def webhook(request):
    log.info("webhook %s", request.body)
    return HttpResponse("ok")


def login(request):
    user = request.POST["username"]
    # ruleid: log-injection
    log.warning("failed login for " + user)
    return HttpResponse(status=401)


def decode_token(token):
    # ruleid: jwt-verify-disabled
    return jwt.decode(token, options={"verify_signature": False})


def decode_token_ok(token, key):
    # ok: jwt-verify-disabled
    return jwt.decode(token, key, algorithms=["HS256"])


def reset_code():
    # ruleid: insecure-random
    return str(random.randint(100000, 999999))


def scratch():
    # ruleid: insecure-tempfile
    name = tempfile.mktemp()
    return name


def fetch_insecure(url):
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    # ruleid: tls-verify-disabled
    ctx.verify_mode = ssl.CERT_NONE
    return urllib.request.urlopen(url, context=ctx).read()


def store_password(raw):
    # ruleid: weak-password-hash
    return make_password(raw, hasher="unsalted_md5")


def set_perm(path):
    # ruleid: permissive-file-mode
    os.chmod(path, 0o777)
