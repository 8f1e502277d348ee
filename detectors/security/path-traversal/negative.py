import os

import tornado.web
from django.http import FileResponse as DjangoFileResponse
from fastapi.responses import FileResponse

def download(request):
    path = os.path.join("/srv/files", os.path.basename(request.GET["name"]))
    return open(path)

def settings():
    CONFIG = "/etc/app.conf"
    return open(CONFIG)


class Report(tornado.web.RequestHandler):
    def get(self):
        self.get_argument("format")
        with open(os.path.join("/srv/reports", "latest.csv")) as f:
            self.write(f.read())


@app.route("/upload", methods=["POST"])
def upload():
    doc = request.files["doc"]
    doc.save(os.path.join("/uploads", secure_filename(doc.filename)))


def attach(request):
    upload = request.FILES["file"]
    document = Document()
    document.file.save(upload.name, upload)


def export(request):
    options = {"mode": "r"}
    options["path"] = "exports/latest.csv"
    options["user"] = request.user.username
    return open(options["path"], options["mode"]).read()


@fastapi_app.get("/files/{name}")
def fastapi_file(name: str):
    return FileResponse(os.path.join("/srv/files", os.path.basename(name)))


def lambda_handler(event, context):
    key = event["queryStringParameters"]["key"]
    s3.download_file("bucket", key, "/tmp/object.bin")


def django_static(request, path):
    fullpath = Path(safe_join(ROOT, path))
    return DjangoFileResponse(fullpath.open("rb"))


def scratch_report(rows):
    import os
    import tempfile
    with open(os.path.join(tempfile.gettempdir(), "report.csv"), "w") as f:
        f.writelines(rows)


def page_count(request):
    # Arithmetic on a converted value is no path.
    pages = int(request.GET["total"]) / 20
    return open("/srv/reports/summary.txt").read(), pages


def uploaded_copy(request):
    from pathlib import Path

    # An upload's own `open` and a fixed path's reads are no traversal.
    upload = request.FILES["doc"]
    with upload.open() as src:
        data = src.read()
    template = Path("/srv/templates/report.txt").read_text()
    return template, data


@app.route("/unpack-checked", methods=["POST"])
def unpack_checked():
    target = os.path.realpath(os.path.join(UPLOAD_ROOT, request.form["folder"]))
    if not target.startswith(UPLOAD_ROOT + os.sep):
        abort(400)
    archive.unpack_into(target)
    return "ok"


def cache_path(name):
    return os.path.join(CACHE_ROOT, name)


@app.route("/notes")
def read_note():
    name = request.args["name"]
    if ".." in name or "/" in name:
        abort(400)
    return open(os.path.join("/srv/notes", name)).read()


@app.route("/static-file")
def static_file():
    path = os.path.join("/srv/static", request.args["name"])
    if os.path.abspath(path).startswith("/srv/static/"):
        return open(path).read()
    abort(404)


@app.route("/docs/<int:doc_id>")
def doc(doc_id):
    return open(os.path.join("/srv/docs", f"{doc_id}.txt")).read()


@app.route("/common")
def common():
    path = os.path.join("/srv/static", request.args["name"])
    if os.path.commonpath((os.path.realpath(path), "/srv/static")) != "/srv/static":
        abort(400)
    return open(path).read()


@app.route("/resolved-prefix")
def resolved_prefix():
    path = os.path.normpath(os.path.join("/srv/files", request.args["name"]))
    if not path.startswith("/srv/files/"):
        abort(400)
    return open(path).read()


def shared_file():
    from flask import request
    name = request.args.get("filename").replace("/", "").replace("\\", "")
    return open("share/" + name).read()


async def aiohttp_static(request):
    from aiohttp import web
    name = os.path.basename(request.match_info["name"])
    return web.FileResponse("/srv/static/" + name)


async def aiohttp_fixed():
    from aiohttp import web
    return web.FileResponse("/srv/static/index.html")
