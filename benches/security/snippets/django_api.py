import os
import subprocess

from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt


@csrf_exempt
def update(request):
    # ruleid: sql-injection
    with connection.cursor() as cursor:
        cursor.execute("UPDATE users SET name = '%s'" % request.POST["name"])
    return HttpResponse("ok")


def search(request):
    term = request.GET.get("q", "")
    # ok: sql-injection
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM items WHERE name = %s", [term])
        rows = cursor.fetchall()
    # ruleid: xss-sink
    return HttpResponse(mark_safe("<p>" + term + "</p>"))


def logout(request):
    # ruleid: open-redirect
    return redirect(request.GET.get("next", "/"))


def backup(request):
    name = request.GET["name"]
    # ruleid: command-injection
    os.system("tar czf /backups/%s.tgz /data" % name)
    return JsonResponse({"ok": True})


def convert(request):
    fmt = request.GET.get("fmt")
    # ruleid: command-injection
    subprocess.Popen(f"convert in.png out.{fmt}", shell=True)
    return JsonResponse({"ok": True})


def download(request):
    path = request.GET["path"]
    # ruleid: path-traversal
    return HttpResponse(open("/srv/files/" + path, "rb").read())


def hello(request):
    # ruleid: reflected-xss
    return HttpResponse("<h1>Hello %s</h1>" % request.GET["name"])
