import os
import subprocess
import sqlite3
import graphene
import strawberry
from celery import Celery
from django.utils.html import format_html
from django.utils.safestring import mark_safe

celery_app = Celery("tasks")


class Query(graphene.ObjectType):
    user = graphene.String(name=graphene.String())

    def resolve_user(self, info, name):
        conn = sqlite3.connect("app.db")
        # ruleid: sql-injection
        return str(conn.execute("SELECT * FROM users WHERE name = '" + name + "'").fetchall())


@strawberry.type
class Q:
    @strawberry.field
    def file(self, path: str) -> str:
        # ruleid: path-traversal
        return open("/srv/data/" + path).read()


@celery_app.task
def convert(filename):
    # ruleid: command-injection
    subprocess.call("convert " + filename + " out.png", shell=True)


def greet_html(request):
    name = request.GET.get("name", "")
    # ok: xss
    return format_html("<b>{}</b>", name)


def greet_unsafe(request):
    name = request.GET.get("name", "")
    # ruleid: xss
    return mark_safe(f"<b>{name}</b>")
