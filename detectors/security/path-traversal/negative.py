import os

import tornado.web

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
