import os, subprocess

def convert(request):
    name = request.args["file"]
    subprocess.run(["convert", name])
    os.system("make all")
