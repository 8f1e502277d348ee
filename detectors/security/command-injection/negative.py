import os, subprocess

def convert(request):
    name = request.args["file"]
    subprocess.run(["convert", name])
    os.system("make all")

async def shell(request):
    import asyncio
    await asyncio.create_subprocess_exec("tar", "xf", request.args["file"])

def launch():
    os.execvp("make", ["make", "all"])

def lambda_handler(event, context):
    subprocess.run(["convert", event["file"]])

def summarise(events):
    os.system("make report")

def archive(job):
    import shlex
    target = shlex.quote(job.destination())
    os.system("tar czf " + target)
    mode = job.mode()
    if mode in ("fast", "slow"):
        os.system("run --" + mode)


from fastapi import Depends, FastAPI

api = FastAPI()


@api.get("/ping")
def ping(count: int, settings=Depends(object)):
    os.system("ping -c %d localhost" % count)
    os.system("echo " + settings.motd)  # audit: command-injection

def run_tool(cmd):
    # Every call passes a constant, and nothing outside this file calls it.
    os.system(cmd)

def main():
    run_tool("ls -l")
    run_tool(cmd="uptime")


def spawn(request):
    flag, program = request.args["flag"], "make"
    os.spawnlp(os.P_WAIT, program, program)


def listing(request):
    subprocess.run(["ls", "-l", request.args["dir"]])


def spawn_tool(request):
    os.spawnlp(os.P_WAIT, "convert", "convert", request.args["file"], "out.png")


def exec_tool(request):
    os.execl("/usr/bin/convert", "convert", request.args["file"], "out.png")


# A script's own top-level statements.
job = input("job: ")
subprocess.run(["run-job", job])


def ping(request):
    host = request.args.get("host")
    subprocess.run(["ping", "-c", "1", host])
    argv = ["ping", host]
    subprocess.check_output(argv)
    allowed = {"p": "ping"}
    tool = allowed[request.args["tool"]]
    subprocess.call([tool, "--verbose"])


def run_tool(argv):
    # A wrapper that runs the program it is handed: its callers decide, a review looks.
    subprocess.run(argv, check=True)  # audit: command-injection


def spawn_ls():
    os.posix_spawn("/bin/ls", ["ls", "-l"], os.environ)


from mcp.server.fastmcp import FastMCP

mcp = FastMCP("tools")


@mcp.tool()
def grep_logs(pattern: str) -> str:
    return subprocess.run(["grep", pattern, "/var/log/app.log"], capture_output=True).stdout


from mcp.server import Server

server = Server("tools")


@server.call_tool()
async def call_tool(name: str, arguments: dict):
    return subprocess.run(["wc", "-l", arguments["path"]], capture_output=True)


import shlex
from http.server import BaseHTTPRequestHandler


class ListHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        # Quoted for the shell: one word, whatever the client sent.
        subprocess.run("ls " + shlex.quote(self.path), shell=True)


from os import system as shell
import subprocess as sp


def archive_imported(request):
    shell("tar czf out.tgz static/")
    sp.call(["gzip", request.args["file"]])


# Numbers made of request data: a comprehension that casts each element.
def sleep_all(request):
    delays = [int(d) for d in request.json["delays"]]
    for delay in delays:
        os.system("sleep %d" % delay)

def loop_shell(event, context):
    import asyncio
    loop = asyncio.new_event_loop()
    loop.run_until_complete(loop.subprocess_shell(asyncio.SubprocessProtocol, "echo hello"))
    loop.run_until_complete(loop.subprocess_exec(asyncio.SubprocessProtocol, "ls", event["dir"]))

def remote_tail_quoted(request):
    import shlex
    import paramiko
    client = paramiko.SSHClient()
    client.connect("build.internal")
    client.exec_command("tail -n 50 " + shlex.quote(request.args["log"]))
    client.exec_command("uptime")


def imported_run(request):
    from subprocess import run

    run(["tar", "xf", request.args["archive"]])


ALLOWED_TOOLS = ("uptime", "df")


def run_tool(request):
    import os

    tool = request.args["tool"]
    if tool in ALLOWED_TOOLS:
        os.system(tool)
    if tool == "uptime":
        os.system(tool)
    if tool not in ALLOWED_TOOLS:
        tool = "uptime"
    os.system(tool)


def run_checked(request):
    import os

    tool = request.args["tool"]
    if tool not in ALLOWED_TOOLS:
        return "unknown tool", 400
    os.system(tool)


def fixed_steps():
    yield "make build"
    yield "make test"


def run_fixed_steps():
    script = " && ".join(fixed_steps())
    subprocess.run(script, shell=True)  # audit: command-injection


def evaluate(request):
    subprocess.run(["python3", "-c", "import sys; print(sys.argv[1])", request.args["code"]])


def notify_remote_status():
    import requests
    status = requests.get("https://status.example.com/").json()
    # A fixed program given the response as an argument: no shell reads it.
    subprocess.run(["notify-send", status["summary"]])


def greet():
    from flask import request
    # The interpreter runs a script of ours; the request gives only its argument.
    subprocess.run(["python3", "tools/greet.py", request.args["name"]])
    subprocess.run(["bash", "/opt/jobs/backup.sh", request.args["target"]])


async def lambda_ping(event, context):
    import asyncio
    await asyncio.create_subprocess_exec("ping", "-c", "1", event["host"])


def spawn_with_env(event, context):
    # The environment is the spawned program's, not a command.
    os.spawnve(os.P_WAIT, "/bin/sh", ["sh", "-c", "make build"], os.environ)


def run_split(user_input):
    cmd = user_input.split()
    subprocess.call([cmd[0], cmd[1], "--quiet"])  # audit: command-injection


def probe_host(request):
    import pexpect
    child = pexpect.spawn("ping", ["-c", "1", "--", request.args["host"]])
    return child.read()
