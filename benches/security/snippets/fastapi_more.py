import subprocess
import urllib.request

from fastapi import FastAPI, Query
from fastapi.responses import HTMLResponse, RedirectResponse
from sqlalchemy import text

app = FastAPI()


@app.get("/items")
async def items(name: str = Query(...)):
    # ruleid: sql-injection
    rows = await database.fetch_all(text(f"SELECT * FROM items WHERE name = '{name}'"))
    return rows


@app.get("/status")
def status(host: str):
    # ruleid: ssrf
    with urllib.request.urlopen(f"http://{host}/health") as reply:
        return reply.read()


@app.get("/go")
async def go(next: str):
    # ruleid: open-redirect
    return RedirectResponse(next)


@app.get("/page", response_class=HTMLResponse)
async def page(title: str):
    # ruleid: reflected-xss
    return HTMLResponse(f"<title>{title}</title>")


@app.post("/exec")
async def run(cmd: str):
    # ruleid: command-injection
    return subprocess.run(cmd, shell=True, capture_output=True).stdout


@app.get("/count")
async def count(limit: int = 10):
    # ok: sql-injection
    return await database.fetch_all(text(f"SELECT * FROM items LIMIT {limit}"))
