import asyncio
import subprocess

import aiohttp
import asyncpg
from aiohttp import web
from markupsafe import Markup


async def search(request):
    term = request.query["q"]
    conn = await asyncpg.connect("postgresql://app@db/app")
    # ruleid: sql-injection
    rows = await conn.fetch(f"SELECT * FROM items WHERE title LIKE '%{term}%'")
    # ok: sql-injection
    safe = await conn.fetch("SELECT * FROM items WHERE title LIKE $1", f"%{term}%")
    return web.json_response({"n": len(rows) + len(safe)})


async def archive(request):
    data = await request.post()
    name = data["name"]
    # ruleid: command-injection
    proc = await asyncio.create_subprocess_shell("tar czf /tmp/out.tgz " + name)
    await proc.wait()
    return web.Response(text="ok")


async def banner(request):
    text = request.match_info["text"]
    # ruleid: reflected-xss
    return web.Response(text=str(Markup("<b>" + text + "</b>")), content_type="text/html")


async def webhook(request):
    payload = await request.json()
    async with aiohttp.ClientSession() as session:
        # ruleid: ssrf
        async with session.get(payload["callback"]) as resp:
            return web.Response(text=await resp.text())


def run_job(request):
    job = request.query.get("job")
    # ruleid: command-injection
    subprocess.Popen(["bash", "-c", job])
    # ok: command-injection
    subprocess.Popen(["run-job", job])
    return web.Response(text="started")
