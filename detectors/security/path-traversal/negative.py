import os

def download(request):
    path = os.path.join("/srv/files", os.path.basename(request.GET["name"]))
    return open(path)

def settings():
    CONFIG = "/etc/app.conf"
    return open(CONFIG)
