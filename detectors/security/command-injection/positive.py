import os, subprocess

def convert(request):
    name = request.args["file"]
    os.system("convert " + name)  # expect: command-injection

def run(cmd):
    subprocess.run(cmd, shell=True)  # expect: command-injection
