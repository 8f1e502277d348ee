from django.http import HttpResponse, HttpResponseRedirect
from django.db import connection
from django.utils.safestring import mark_safe
from django.utils.html import format_html
from django.contrib.auth.models import User
import logging

log = logging.getLogger(__name__)


def search(request):
    term = request.GET.get("q", "")
    with connection.cursor() as cursor:
        # ruleid: sql
        cursor.execute("SELECT * FROM app_item WHERE name LIKE '%%%s%%'" % term)
        rows = cursor.fetchall()
        # ok: sql
        cursor.execute("SELECT * FROM app_item WHERE name = %s", [term])
    return HttpResponse(str(rows))


def raw_users(request):
    uid = request.GET["id"]
    # ruleid: sql
    users = User.objects.raw(f"SELECT * FROM auth_user WHERE id = {uid}")
    return HttpResponse(", ".join(u.username for u in users))


def greet(request):
    name = request.GET.get("name", "")
    # ruleid: xss
    return HttpResponse(mark_safe("<b>%s</b>" % name))


def greet_ok(request):
    name = request.GET.get("name", "")
    # ok: xss
    return HttpResponse(format_html("<b>{}</b>", name))


def leave(request):
    # ruleid: redirect
    return HttpResponseRedirect(request.GET.get("next"))


def audit(request):
    user = request.POST.get("user")
    # ruleid: log
    log.info("login attempt for " + user)
    return HttpResponse("ok")


def update_profile(request):
    profile = request.user.profile
    # ruleid: mass
    for key, value in request.POST.items():
        setattr(profile, key, value)
    profile.save()
    return HttpResponse("saved")
