import sqlite3
import subprocess

import psycopg2
import tornado.web
from pyramid.response import Response
from pyramid.view import view_config
from sqlalchemy import text


class SearchHandler(tornado.web.RequestHandler):
    def get(self):
        q = self.get_argument("q")
        conn = sqlite3.connect("app.db")
        # ruleid: sql
        rows = conn.execute("SELECT * FROM items WHERE name LIKE '%" + q + "%'").fetchall()
        self.write({"rows": rows})


class SafeSearchHandler(tornado.web.RequestHandler):
    def get(self):
        q = self.get_argument("q")
        conn = sqlite3.connect("app.db")
        # ok: sql
        rows = conn.execute("SELECT * FROM items WHERE name = ?", (q,)).fetchall()
        self.write({"rows": rows})


class EchoHandler(tornado.web.RequestHandler):
    def get(self):
        msg = self.get_query_argument("msg")
        # ruleid: xss
        self.write("<p>" + msg + "</p>")


class BounceHandler(tornado.web.RequestHandler):
    def get(self):
        # ruleid: redirect
        self.redirect(self.get_argument("to"))


@view_config(route_name="report")
def report(request):
    year = request.params["year"]
    conn = psycopg2.connect("dbname=app")
    cur = conn.cursor()
    # ruleid: sql
    cur.execute("SELECT * FROM sales WHERE year = %s" % year)
    return Response(str(cur.fetchall()))


@view_config(route_name="report-safe")
def report_safe(request):
    year = request.params["year"]
    conn = psycopg2.connect("dbname=app")
    cur = conn.cursor()
    # ok: sql
    cur.execute("SELECT * FROM sales WHERE year = %s", (year,))
    return Response(str(cur.fetchall()))


@view_config(route_name="archive")
def archive(request):
    folder = request.matchdict["folder"]
    # ruleid: command
    subprocess.call("tar czf /tmp/out.tgz " + folder, shell=True)
    return Response("ok")


@view_config(route_name="archive-safe")
def archive_safe(request):
    folder = request.matchdict["folder"]
    # ok: command
    subprocess.call(["tar", "czf", "/tmp/out.tgz", "--", folder])
    return Response("ok")


@view_config(route_name="users")
def users(request, session):
    role = request.GET.get("role")
    # ruleid: sql
    result = session.execute(text(f"SELECT * FROM users WHERE role = '{role}'"))
    return Response(str(result.all()))


@view_config(route_name="users-safe")
def users_safe(request, session):
    role = request.GET.get("role")
    # ok: sql
    result = session.execute(text("SELECT * FROM users WHERE role = :role"), {"role": role})
    return Response(str(result.all()))


@view_config(route_name="exec")
def run_code(request):
    # ruleid: code
    exec(request.POST["snippet"])
    return Response("ran")
