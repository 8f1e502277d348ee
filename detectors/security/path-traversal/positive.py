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
