import sys
import os

import tornado.web
from fastapi.responses import FileResponse

def download(request):
    path = os.path.join("/srv/files", request.GET["name"])
    return open(path)  # expect: path-traversal

def export(job):
    return open(job.output_path(), "w")  # audit: path-traversal


class Download(tornado.web.RequestHandler):
    def get(self):
        name = self.get_argument("name")
        with open(os.path.join("/srv/files", name)) as f:  # expect: path-traversal
            self.write(f.read())


@app.route("/upload", methods=["POST"])
def upload():
    doc = request.files["doc"]
    doc.save(os.path.join("/uploads", doc.filename))  # expect: path-traversal
    shutil.copy(os.path.join("/uploads", doc.filename), "/archive")  # expect: path-traversal


@app.route("/export")
def export():
    options = {"mode": "r"}
    options["path"] = request.args["path"]
    return open(options["path"], options["mode"]).read()  # expect: path-traversal


@fastapi_app.get("/files/{name}")
def fastapi_file(name: str):
    return FileResponse(os.path.join("/srv/files", name))  # expect: path-traversal


def lambda_handler(event, context):
    key = event["queryStringParameters"]["key"]
    s3.download_file("bucket", key, "/tmp/" + key)  # expect: path-traversal


def make_thumbnail(event, context):
    name = event["pathParameters"]["name"]
    return open("/tmp/" + name).read()  # expect: path-traversal


def main():
    # A command-line tool opens the file its operator names: only a review sees it.
    with open(sys.argv[1]) as config:  # audit: path-traversal
        return config.read()


@fastapi_app.get("/static/{full_path:path}")
def spa(full_path: str):
    from pathlib import Path

    candidate = Path("/srv/static") / full_path
    return FileResponse(candidate)  # expect: path-traversal


@app.route("/notes")
def notes():
    from pathlib import Path

    name = request.args["name"]
    text = (Path("/srv/notes") / name).read_text()  # expect: path-traversal
    Path(request.args["old"]).unlink()  # expect: path-traversal
    with (Path("/srv/notes") / name).open() as f:  # expect: path-traversal
        return text + f.read()


@app.route("/unpack", methods=["POST"])
def unpack_upload():
    target = os.path.join(UPLOAD_ROOT, request.form["folder"])  # expect: path-traversal
    archive.unpack_into(target)
    return "ok"


@app.route("/notes")
def read_note():
    name = request.args["name"]
    if ".." in name:
        app.logger.warning("suspicious note name")
    return open(os.path.join("/srv/notes", name)).read()  # expect: path-traversal


@app.route("/static-file")
def static_file():
    path = os.path.normpath(os.path.join("/srv/static", request.args["name"]))
    if path.startswith("/srv/static"):
        pass
    return open(path).read()  # expect: path-traversal


@app.route("/no-dot-dot")
def no_dot_dot():
    path = os.path.join("/srv/static", request.args["name"])
    if "../" in path:
        abort(400)
    return open(path).read()  # expect: path-traversal


@app.route("/common")
def common():
    path = os.path.join("/srv/static", request.args["name"])
    if os.path.commonpath((os.path.realpath(path), "/srv/static")) == "/srv/static":
        return "inside"
    return open(path).read()  # expect: path-traversal


def keyword_open(request):
    return open(file="/srv/" + request.args["f"]).read()  # expect: path-traversal


# A joined path keeps the name's `..`: it starts with the base and still leaves it.
@app.route("/joined-prefix")
def joined_prefix():
    path = os.path.join("/srv/files", request.args["name"])
    if not path.startswith("/srv/files"):
        abort(400)
    return open(path).read()  # expect: path-traversal


def first_dots_only():
    from flask import request
    name = request.args.get("filename").replace("..", "")
    return open("share/" + name).read()  # expect: path-traversal


async def aiohttp_static(request):
    from aiohttp import web
    name = request.match_info["name"]
    return web.FileResponse("/srv/static/" + name)  # expect: path-traversal


async def sanic_download(request):
    from sanic import response
    return await response.file("/srv/files/" + request.args.get("name"))  # expect: path-traversal
