import subprocess
import tornado.web
from aiohttp import web


class SearchHandler(tornado.web.RequestHandler):
    def get(self):
        q = self.get_argument("q")
        # ruleid: xss
        self.write("<p>Results for " + q + "</p>")


class RunHandler(tornado.web.RequestHandler):
    def post(self):
        cmd = self.get_body_argument("cmd")
        # ruleid: command
        subprocess.Popen(cmd, shell=True)


async def fetch_file(request):
    name = request.match_info["name"]
    # ruleid: path
    return web.FileResponse("/srv/static/" + name)


async def echo(request):
    data = await request.post()
    # ruleid: xss
    return web.Response(text="<b>" + data["msg"] + "</b>", content_type="text/html")
