import os

def download(request):
    path = os.path.join("/srv/files", request.GET["name"])
    return open(path)  # expect: path-traversal

def export(job):
    return open(job.output_path(), "w")  # audit: path-traversal
