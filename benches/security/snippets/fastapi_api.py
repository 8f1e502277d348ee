import os
import sqlite3
import subprocess
from pathlib import Path

import httpx
from fastapi import FastAPI, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, FileResponse

app = FastAPI()
BASE = Path("/srv/uploads")


def build_query(table: str, name: str) -> str:
    return "SELECT * FROM %s WHERE name = '%s'" % (table, name)


@app.get("/items")
def items(name: str = Query(...)):
    conn = sqlite3.connect("app.db")
    sql = build_query("items", name)
    # ruleid: sql
    return conn.execute(sql).fetchall()


@app.get("/items/{item_id}")
def item(item_id: int):
    conn = sqlite3.connect("app.db")
    # ok: sql
    return conn.execute(f"SELECT * FROM items WHERE id = {item_id}").fetchall()


@app.post("/upload")
async def upload(file: UploadFile):
    # ruleid: path
    dest = open(os.path.join("/srv/uploads", file.filename), "wb")
    dest.write(await file.read())
    return {"ok": True}


@app.get("/files/{name}")
def download(name: str):
    # ruleid: path
    return FileResponse(BASE / name)


@app.get("/greet", response_class=HTMLResponse)
def greet(who: str):
    # ruleid: xss
    return HTMLResponse(f"<h1>Hello {who}</h1>")


@app.get("/out")
def out(url: str):
    # ruleid: redirect
    return RedirectResponse(url)


@app.get("/proxy")
async def proxy(request: Request):
    target = request.query_params["target"]
    async with httpx.AsyncClient() as client:
        # ruleid: ssrf
        r = await client.get(target)
    return r.text


@app.post("/convert")
async def convert(request: Request):
    body = await request.json()
    args = ["convert", body["src"], body["dst"]]
    # ok: command
    subprocess.run(args, check=True)
    cmd = " ".join(args)
    # ruleid: command
    subprocess.run(cmd, shell=True, check=True)
    return {"ok": True}


@app.get("/env")
def env(key: str):
    opts = {"k": key}
    # ruleid: command
    os.system("echo " + opts["k"])
    return {}
