import subprocess
import os
import asyncpg
from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, FileResponse
from jinja2 import Template
from lxml import etree

app = FastAPI()


@app.get("/run")
async def run(cmd: str):
    # ruleid: command-injection
    proc = subprocess.Popen(cmd, shell=True, stdout=subprocess.PIPE)
    return {"out": proc.communicate()[0]}


@app.get("/count")
async def count(n: int):
    # ok: command-injection
    proc = subprocess.run(["seq", str(n)], capture_output=True)
    return {"out": proc.stdout}


@app.get("/item")
async def item(name: str = Query(...)):
    conn = await asyncpg.connect("postgresql://localhost/db")
    # ruleid: sql-injection
    row = await conn.fetchrow("SELECT * FROM items WHERE name = '" + name + "'")
    return dict(row)


@app.get("/item2")
async def item2(name: str):
    conn = await asyncpg.connect("postgresql://localhost/db")
    # ok: sql-injection
    row = await conn.fetchrow("SELECT * FROM items WHERE name = $1", name)
    return dict(row)


@app.get("/page", response_class=HTMLResponse)
async def page(title: str):
    # ruleid: template-injection
    return Template("<h1>" + title + "</h1>").render()


@app.get("/out")
async def out(url: str):
    # ruleid: open-redirect
    return RedirectResponse(url)


@app.get("/download")
async def download(path: str):
    # ruleid: path-traversal
    return FileResponse(os.path.join("/data", path))


@app.post("/parse")
async def parse(request: Request):
    body = await request.body()
    parser = etree.XMLParser(resolve_entities=True)
    # ruleid: xxe
    doc = etree.fromstring(body, parser)
    return {"root": doc.tag}


@app.get("/env")
async def env(key: str):
    # ruleid: code-injection
    exec(f"value = {key}")
    return {}


def handler(event, context):
    name = event["queryStringParameters"]["file"]
    # ruleid: command-injection
    os.system("cat /var/data/" + name)
    return {"statusCode": 200}


def handler2(event, context):
    body = event.get("body")
    # ruleid: code-injection
    result = eval(body)
    return {"statusCode": 200, "body": str(result)}
