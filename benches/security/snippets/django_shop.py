import subprocess
from django.db import connection
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.safestring import mark_safe
from django.views import View
from django.views.decorators.csrf import csrf_exempt

from .models import Product


def search(request):
    term = request.GET.get("q", "")
    with connection.cursor() as cursor:
        # ruleid: sql-injection
        cursor.execute(f"SELECT id, name FROM shop_product WHERE name LIKE '%{term}%'")
        rows = cursor.fetchall()
    return HttpResponse(str(rows))


def search_safe(request):
    term = request.GET.get("q", "")
    with connection.cursor() as cursor:
        # ok: sql-injection
        cursor.execute("SELECT id, name FROM shop_product WHERE name LIKE %s", ["%" + term + "%"])
        rows = cursor.fetchall()
    return HttpResponse(str(rows))


def ordered(request):
    order = request.GET.get("order", "name")
    # ruleid: sql-injection
    products = Product.objects.extra(order_by=[order])
    return HttpResponse(str(list(products)))


def raw_products(request):
    pid = request.GET["id"]
    # ruleid: sql-injection
    products = Product.objects.raw("SELECT * FROM shop_product WHERE id = %s" % pid)
    return HttpResponse(str(list(products)))


def banner(request):
    msg = request.GET.get("msg", "")
    # ruleid: xss
    return HttpResponse(mark_safe("<div class='banner'>" + msg + "</div>"))


def back(request):
    # ruleid: open-redirect
    return HttpResponseRedirect(request.GET.get("back"))


def back_safe(request):
    # ok: open-redirect
    return redirect("shop:index")


class PingView(View):
    def post(self, request):
        host = request.POST.get("host")
        # ruleid: command-injection
        out = subprocess.run("ping -c 1 " + host, shell=True, capture_output=True)
        return HttpResponse(out.stdout)


# ruleid: csrf-disabled
@csrf_exempt
def webhook(request):
    return HttpResponse("ok")
