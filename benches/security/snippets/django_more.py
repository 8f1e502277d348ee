from django.db import connection
from django.db.models.expressions import RawSQL
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.safestring import mark_safe

from .models import Order


def orders(request):
    sort = request.GET.get("sort", "id")
    # ruleid: sql-injection
    qs = Order.objects.extra(order_by=[sort])
    # ruleid: sql-injection
    qs = Order.objects.annotate(total=RawSQL("SELECT SUM(price) FROM items WHERE order_id = " + request.GET["id"], []))
    # ok: sql-injection
    qs = Order.objects.filter(status=request.GET.get("status"))
    return HttpResponse(str(qs))


def report(request):
    year = request.GET["year"]
    with connection.cursor() as cursor:
        # ruleid: sql-injection
        cursor.execute("SELECT * FROM sales WHERE year = %s" % year)
        # ok: sql-injection
        cursor.execute("SELECT * FROM sales WHERE year = %s", [year])
    return HttpResponse("ok")


def profile(request):
    bio = request.POST.get("bio", "")
    # ruleid: reflected-xss
    return HttpResponse(mark_safe("<div>" + bio + "</div>"))


def back(request):
    # ruleid: open-redirect
    return HttpResponseRedirect(request.GET.get("next"))


def back_safe(request):
    # ok: open-redirect
    return redirect("dashboard")
