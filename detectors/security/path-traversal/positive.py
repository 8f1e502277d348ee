import os

def download(request):
    path = os.path.join("/srv/files", request.GET["name"])
    return open(path)  # expect: path-traversal
