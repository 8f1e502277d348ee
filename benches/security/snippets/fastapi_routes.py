import os
import pickle
import subprocess
import tarfile

import httpx
import yaml
from fastapi import FastAPI, File, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, FileResponse
from jinja2 import Template
from lxml import etree
from sqlalchemy import text

app = FastAPI()


@app.get("/greet", response_class=HTMLResponse)
async def greet(name: str):
    # ruleid: xss
    return HTMLResponse(f"<h1>Hello {name}</h1>")


@app.get("/tpl")
async def tpl(q: str):
    # ruleid: ssti
    return Template("Hello " + q).render()


@app.get("/go")
async def go(next: str):
    # ruleid: redirect
    return RedirectResponse(next)


@app.get("/file")
async def file(name: str):
    # ruleid: path
    return FileResponse(os.path.join("/srv/files", name))


@app.post("/upload")
async def upload(archive: UploadFile = File(...)):
    tar = tarfile.open(fileobj=archive.file)
    # ruleid: zipslip
    tar.extractall("/srv/out")


@app.post("/load")
async def load(request: Request):
    body = await request.body()
    # ruleid: deser
    data = pickle.loads(body)
    # ruleid: deser
    conf = yaml.load(body, Loader=yaml.Loader)
    # ok: deser
    safe = yaml.safe_load(body)
    return {"d": str(data), "c": str(conf), "s": str(safe)}


@app.get("/proxy")
async def proxy(url: str):
    async with httpx.AsyncClient() as client:
        # ruleid: ssrf
        r = await client.get(url)
    return r.text


@app.get("/users")
async def users(name: str, db=None):
    # ruleid: sqli
    rows = db.execute(text(f"SELECT * FROM users WHERE name = '{name}'"))
    # ok: sqli
    ok = db.execute(text("SELECT * FROM users WHERE name = :name"), {"name": name})
    return [rows, ok]


@app.get("/ping")
async def ping(host: str):
    # ruleid: command
    subprocess.run(f"ping -c 1 {host}", shell=True)
    # ok: command
    subprocess.run(["ping", "-c", "1", host])


@app.post("/xml")
async def xml(request: Request):
    body = await request.body()
    parser = etree.XMLParser(resolve_entities=True)
    # ruleid: xxe
    tree = etree.fromstring(body, parser)
    return tree.tag


@app.get("/count")
async def count(n: int):
    # ok: command
    subprocess.run(f"seq {n}", shell=True)
