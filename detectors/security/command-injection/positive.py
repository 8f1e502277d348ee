import os, subprocess

def convert(request):
    name = request.args["file"]
    os.system("convert " + name)  # expect: command-injection

def run(cmd):
    subprocess.run(cmd, shell=True)  # expect: command-injection

async def shell(request):
    import asyncio
    await asyncio.create_subprocess_shell("tar xf " + request.args["file"])  # expect: command-injection

def launch(request):
    os.execvp(request.args["prog"], ["prog"])  # expect: command-injection

def lambda_handler(event, context):
    os.system("convert " + event["file"])  # expect: command-injection

def upload():
    import flask
    os.system("unzip " + flask.request.args["name"])  # expect: command-injection

def raw():
    from flask import request
    os.system(request.get_data().decode())  # expect: command-injection

def archive(job):
    target = job.destination()
    os.system("tar czf " + target)  # audit: command-injection


from fastapi import FastAPI

api = FastAPI()


@api.get("/ping")
def ping(host: str):
    os.system("ping -c 1 " + host)  # expect: command-injection


def spawn(request):
    program, flag = request.args["prog"], "-v"
    os.spawnlp(os.P_WAIT, program, program, flag)  # expect: command-injection


def through_shell(request):
    subprocess.run(["sh", "-c", "ls " + request.args["dir"]])  # expect: command-injection


def spawn_shell(request):
    os.spawnlp(os.P_WAIT, "sh", "sh", "-c", request.args["cmd"])  # expect: command-injection


def exec_shell(request):
    os.execl("/bin/bash", "/bin/bash", "-c", request.args["cmd"])  # expect: command-injection


# A script's own top-level statements.
job = input("job: ")
os.system("run-job " + job)  # expect: command-injection


def ping(request):
    host = request.args.get("host")
    subprocess.run("ping " + host)  # expect: command-injection
    tool = request.json["tool"].split()
    subprocess.call([tool[0], tool[1], "--verbose"])  # expect: command-injection
    argv = [request.args["cmd"], host]
    subprocess.check_output(argv)  # expect: command-injection


def payload():
    import sys, shlex
    args = shlex.split(sys.argv[2])
    os.posix_spawn(args[0], args, os.environ)  # audit: command-injection


from mcp.server.fastmcp import FastMCP

mcp = FastMCP("tools")


@mcp.tool()
def grep_logs(pattern: str) -> str:
    return subprocess.run(pattern, capture_output=True).stdout  # expect: command-injection


from mcp.server import Server

server = Server("tools")


@server.call_tool()
async def call_tool(name: str, arguments: dict):
    return subprocess.run(arguments["program"], capture_output=True)  # expect: command-injection


from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlparse


class PingHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        host = parse_qs(urlparse(self.path).query)["host"][0]
        os.system("ping -c 1 " + host)  # expect: command-injection

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        subprocess.run("tar xf " + body.decode(), shell=True)  # expect: command-injection


from os import system as shell
import subprocess as sp


def archive_imported(request):
    shell("tar czf out.tgz " + request.args["dir"])  # expect: command-injection
    sp.call("gzip " + request.args["file"], shell=True)  # expect: command-injection


# A constructor keeps its parameter in a field a method runs: whoever constructs it from
# the request is the finding; a fixed host is none.
class Pinger:
    def __init__(self, host):
        self.host = host

    def ping(self):
        os.system("ping -c 1 " + self.host)  # audit: command-injection


def ping_view(request):
    Pinger(request.GET["host"]).ping()  # expect: command-injection


def ping_home():
    Pinger("example.com").ping()


# The elements of request data, kept as they are through a comprehension.
def run_all(request):
    commands = [c.strip() for c in request.json["commands"]]
    for command in commands:
        os.system(command)  # expect: command-injection

def loop_shell(event, context):
    import asyncio
    loop = asyncio.new_event_loop()
    loop.run_until_complete(loop.subprocess_shell(asyncio.SubprocessProtocol, event["cmd"]))  # expect: command-injection
    loop.run_until_complete(asyncio.subprocess.create_subprocess_shell(event["cmd"]))  # expect: command-injection

def listed_shell(event, context):
    cmd = event["id"].split()
    subprocess.call([cmd[0], "some", "args"], shell=True)  # expect: command-injection

def remote_tail(request):
    import paramiko
    client = paramiko.SSHClient()
    client.connect("build.internal")
    client.exec_command("tail -n 50 " + request.args["log"])  # expect: command-injection

def listed_shell_tail(event, context):
    script = event["id"]
    # The shell gets `script` as `$0`: harmless to `echo`, but a review reads a shell fed
    # from the event, and the next edit of the command string runs it.
    subprocess.call(["echo done", script], shell=True)  # expect: command-injection


def imported_run(request):
    from subprocess import run

    run(["sh", "-c", "tar xf " + request.args["archive"]])  # expect: command-injection


ALLOWED_TOOLS = ("uptime", "df")


def run_tool(request):
    import os

    tool = request.args["tool"]
    if tool in ALLOWED_TOOLS:
        os.system(tool)
    else:
        os.system(tool + " --help")  # expect: command-injection
    if tool not in ALLOWED_TOOLS:
        os.system("echo unknown " + tool)  # expect: command-injection


def keyword_system(request):
    os.system(command="ls " + request.args["d"])  # expect: command-injection


def steps_of(request):
    yield "make build"
    yield from request.json["extra_steps"]


def run_steps(request):
    script = " && ".join(steps_of(request))
    subprocess.run(script, shell=True)  # expect: command-injection


def evaluate(request):
    subprocess.run(["python3", "-c", request.args["code"]])  # expect: command-injection


def run_remote_job():
    import requests
    job = requests.get("https://jobs.example.com/next").json()
    subprocess.run(job["command"], shell=True)  # expect: command-injection


def run_script():
    from flask import request
    subprocess.run(["python3", request.args["script"]])  # expect: command-injection


async def lambda_run(event, context):
    import asyncio
    args = event["cmds"]
    await asyncio.create_subprocess_exec(args[0], *args[1:])  # expect: command-injection
    await asyncio.create_subprocess_exec("bash", "-c", event["cmd"])  # expect: command-injection


def spawn_shell_with_env(event, context):
    os.spawnve(os.P_WAIT, "/bin/sh", ["sh", "-c", event["cmd"]], os.environ)  # expect: command-injection


def probe_host(request):
    import pexpect
    child = pexpect.spawn("ping -c 1 " + request.args["host"])  # expect: command-injection
    return child.read()
