import os
import subprocess
import sqlite3
from dataclasses import dataclass

from fastapi import FastAPI, Request, Query, Form
from fastapi.responses import HTMLResponse, RedirectResponse
from starlette.responses import FileResponse

api = FastAPI()
conn = sqlite3.connect("app.db")


@dataclass
class Filter:
    column: str
    value: str

    def to_sql(self):
        return f"{self.column} = '{self.value}'"


class Repo:
    def __init__(self, table):
        self.table = table

    def where(self, clause):
        # ruleid: sql-injection
        return conn.execute("SELECT * FROM " + self.table + " WHERE " + clause).fetchall()


def build_cmd(parts):
    return " ".join(["git", "log"] + parts)


def quote_all(xs):
    return [x.replace("'", "") for x in xs]


@api.get("/items")
def items(column: str, value: str):
    f = Filter(column, value)
    return Repo("items").where(f.to_sql())


@api.get("/log")
def log(branch: str = Query(...)):
    cmd = build_cmd([branch, "--oneline"])
    # ruleid: command-injection
    return subprocess.getoutput(cmd)


@api.post("/note", response_class=HTMLResponse)
async def note(request: Request):
    form = await request.form()
    title = form["title"]
    html = "<h2>"
    html += title
    html += "</h2>"
    # ruleid: reflected-xss
    return HTMLResponse(content=html)


@api.get("/file")
def get_file(name: str):
    base = "/srv/static"
    full = "%s/%s" % (base, name)
    # ruleid: path-traversal
    return FileResponse(full)


@api.get("/file/safe")
def get_file_safe(name: str):
    base = "/srv/static"
    full = os.path.realpath(os.path.join(base, os.path.basename(name)))
    if not full.startswith(base):
        return {"error": "bad"}
    # ok: path-traversal
    return FileResponse(full)


@api.get("/jump")
def jump(url: str):
    # ruleid: open-redirect
    return RedirectResponse(url)


@api.post("/run")
def run(script: str = Form(...)):
    env = {"code": script}
    # ruleid: code-injection
    exec(env["code"])
    return {"ok": True}


@api.get("/count")
def count(table: str):
    args = {"t": table}
    q = "SELECT COUNT(*) FROM {t}".format(**args)
    # ruleid: sql-injection
    return conn.execute(q).fetchone()


@api.get("/count/safe")
def count_safe(table: str):
    allowed = {"users", "orders"}
    if table not in allowed:
        return {"error": "no"}
    # ok: sql-injection
    return conn.execute("SELECT COUNT(*) FROM " + table).fetchone()


@api.get("/ids")
def ids(id: str):
    n = int(id)
    # ok: sql-injection
    return conn.execute("SELECT * FROM t WHERE id = %d" % n).fetchall()


def handler(event, context):
    name = event["queryStringParameters"]["name"]
    # ruleid: command-injection
    os.system("echo hello " + name)
    return {"statusCode": 200}
