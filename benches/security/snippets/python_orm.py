import asyncpg
from django.db import connection
from django.db.models.expressions import RawSQL
from psycopg2 import sql
from sqlalchemy import text
from flask import Flask, request

from .models import Article, db

app = Flask(__name__)


def django_views(request):
    q = request.GET["q"]
    # ruleid: sqli
    a = Article.objects.extra(where=["title = '%s'" % q])
    # ruleid: sqli
    b = Article.objects.annotate(v=RawSQL("select '%s'" % q, []))
    # ruleid: sqli
    c = Article.objects.raw("SELECT * FROM app_article WHERE title = '" + q + "'")
    # ok: sqli
    d = Article.objects.raw("SELECT * FROM app_article WHERE title = %s", [q])
    with connection.cursor() as cursor:
        # ok: sqli
        cursor.execute("SELECT id FROM app_article WHERE title = %s", [q])
        # ruleid: sqli
        cursor.execute(f"SELECT id FROM app_article WHERE title = '{q}'")
    return [a, b, c, d]


@app.route("/s")
def sqlalchemy_views():
    name = request.args["name"]
    # ruleid: sqli
    rows = db.session.execute(text("SELECT * FROM users WHERE name = '%s'" % name))
    # ok: sqli
    safe = db.session.execute(text("SELECT * FROM users WHERE name = :n"), {"n": name})
    # ok: sqli
    col = sql.SQL("SELECT {} FROM users").format(sql.Identifier(name))
    return str(rows) + str(safe) + str(col)


@app.route("/pg")
async def pg_view():
    name = request.args["name"]
    conn = await asyncpg.connect()
    # ruleid: sqli
    rows = await conn.fetch(f"SELECT * FROM users WHERE name = '{name}'")
    # ok: sqli
    safe = await conn.fetch("SELECT * FROM users WHERE name = $1", name)
    return str(rows) + str(safe)
