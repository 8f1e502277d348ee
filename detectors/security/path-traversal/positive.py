import os

import tornado.web

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
