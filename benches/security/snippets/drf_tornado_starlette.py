"""Views in Django REST framework, Tornado and Starlette, as a review would read them."""
import os
import pickle
import subprocess
import urllib.request

import httpx
import tornado.web
import yaml
from django.db import connection
from django.http import HttpResponse
from lxml import etree
from psycopg2 import sql
from rest_framework.decorators import api_view
from rest_framework.response import Response
from rest_framework.views import APIView
from starlette.applications import Starlette
from starlette.responses import HTMLResponse, RedirectResponse
from starlette.routing import Route


class ReportView(APIView):
    def get(self, request):
        column = request.query_params.get("sort", "id")
        with connection.cursor() as cursor:
            # ruleid: sql-injection
            cursor.execute(f"SELECT id, title FROM report ORDER BY {column}")
            rows = cursor.fetchall()
        return Response(rows)

    def post(self, request):
        with connection.cursor() as cursor:
            # ok: sql-injection
            cursor.execute("INSERT INTO report (title) VALUES (%s)", [request.data["title"]])
        return Response(status=201)


@api_view(["POST"])
def restore_session(request):
    # ruleid: unsafe-deserialization
    state = pickle.loads(request.body)
    return Response({"restored": len(state)})


@api_view(["POST"])
def import_config(request):
    # ruleid: unsafe-deserialization
    config = yaml.load(request.data["config"], Loader=yaml.Loader)
    # ok: unsafe-deserialization
    config = yaml.safe_load(request.data["config"])
    return Response(config)


@api_view(["GET"])
def preview(request):
    target = request.query_params["url"]
    # ruleid: ssrf
    body = urllib.request.urlopen(target).read()
    return HttpResponse(body, content_type="text/plain")


class PingHandler(tornado.web.RequestHandler):
    def get(self):
        host = self.get_argument("host")
        # ruleid: command-injection
        out = subprocess.check_output("ping -c 1 " + host, shell=True)
        self.write(out)

    def post(self):
        host = self.get_argument("host")
        # ok: command-injection
        out = subprocess.check_output(["ping", "-c", "1", host])
        self.write(out)


class GreetHandler(tornado.web.RequestHandler):
    def get(self):
        name = self.get_argument("name", "")
        # ruleid: reflected-xss
        self.write("<h1>Hello " + name + "</h1>")


class FileHandler(tornado.web.RequestHandler):
    def get(self):
        name = self.get_query_argument("name")
        # ruleid: path-traversal
        with open(os.path.join("/srv/files", name), "rb") as fh:
            self.write(fh.read())


class NextHandler(tornado.web.RequestHandler):
    def get(self):
        # ruleid: open-redirect
        self.redirect(self.get_argument("next"))


async def search(request):
    term = request.query_params.get("q", "")
    # ruleid: reflected-xss
    return HTMLResponse(f"<p>Results for {term}</p>")


async def go(request):
    # ruleid: open-redirect
    return RedirectResponse(request.query_params["to"])


async def fetch_avatar(request):
    form = await request.form()
    async with httpx.AsyncClient() as client:
        # ruleid: ssrf
        avatar = await client.get(form["avatar_url"])
    return HTMLResponse(str(len(avatar.content)))


async def parse_feed(request):
    body = await request.body()
    parser = etree.XMLParser(resolve_entities=True)
    # ruleid: xxe
    tree = etree.fromstring(body, parser)
    return HTMLResponse(tree.tag)


def rename_table(cursor, request):
    table = request.GET["table"]
    # ok: sql-injection
    cursor.execute(sql.SQL("SELECT * FROM {}").format(sql.Identifier(table)))


app = Starlette(routes=[Route("/search", search), Route("/go", go), Route("/avatar", fetch_avatar, methods=["POST"]), Route("/feed", parse_feed, methods=["POST"])])
