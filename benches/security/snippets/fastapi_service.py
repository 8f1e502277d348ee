import os
import pickle
import sqlite3
import subprocess
import tarfile

import httpx
import requests
import yaml
from fastapi import FastAPI, Request, Query
from fastapi.responses import HTMLResponse, RedirectResponse, FileResponse

app = FastAPI()
conn = sqlite3.connect("app.db")


def find_user(name):
    cur = conn.cursor()
    # ruleid: sql-injection
    cur.execute("SELECT id FROM users WHERE name = '%s'" % name)
    return cur.fetchone()


@app.get("/users")
def users(name: str):
    return find_user(name)


@app.get("/users-safe")
def users_safe(name: str):
    cur = conn.cursor()
    # ok: sql-injection
    cur.execute("SELECT id FROM users WHERE name = ?", (name,))
    return cur.fetchone()


@app.get("/ping")
def ping(host: str = Query(...)):
    cmd = "ping -c 1 " + host
    # ruleid: command-injection
    out = subprocess.check_output(cmd, shell=True)
    # ok: command-injection
    safe = subprocess.check_output(["ping", "-c", "1", host])
    return {"out": out.decode(), "safe": safe.decode()}


@app.get("/fetch")
async def fetch(url: str):
    async with httpx.AsyncClient() as client:
        # ruleid: ssrf
        r = await client.get(url)
    return r.text


@app.get("/proxy")
def proxy(target: str):
    # ruleid: ssrf
    return requests.post(f"http://{target}/api", json={}).json()


@app.get("/go")
def go(next: str):
    # ruleid: open-redirect
    return RedirectResponse(next)


@app.get("/go-safe")
def go_safe(next: str):
    # ok: open-redirect
    return RedirectResponse("/home")


@app.get("/greet", response_class=HTMLResponse)
def greet(name: str):
    # ruleid: reflected-xss
    return HTMLResponse(f"<h1>Hello {name}</h1>")


@app.get("/files/{name}")
def files(name: str):
    # ruleid: path-traversal
    return FileResponse(os.path.join("/srv/files", name))


@app.post("/restore")
async def restore(request: Request):
    body = await request.body()
    # ruleid: unsafe-deserialization
    state = pickle.loads(body)
    return {"keys": list(state)}


@app.post("/config")
async def config(request: Request):
    text = (await request.body()).decode()
    # ruleid: unsafe-deserialization
    cfg = yaml.load(text, Loader=yaml.Loader)
    # ok: unsafe-deserialization
    safe = yaml.safe_load(text)
    return {"cfg": cfg, "safe": safe}


@app.post("/unpack")
async def unpack(request: Request):
    form = await request.form()
    upload = form["archive"]
    with tarfile.open(fileobj=upload.file) as tar:
        # ruleid: archive-extraction
        tar.extractall("/tmp/unpacked")
    return {"ok": True}


@app.get("/calc")
def calc(expr: str):
    # ruleid: code-injection
    return {"value": eval(expr)}
