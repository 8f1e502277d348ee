import hashlib
import pexpect
import paramiko
import random
import string
import telnetlib
import ftplib
import xml.sax
import subprocess
from mako.template import Template as MakoTemplate
from jinja2 import Environment, FileSystemLoader
from quart import Quart, request as qrequest
from sanic import Sanic, response

app = Quart(__name__)
sanic_app = Sanic("x")


@app.route("/ssh")
async def ssh():
    host = qrequest.args["host"]
    client = paramiko.SSHClient()
    # ruleid: ssh-host-key-unchecked
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host)
    cmd = qrequest.args["cmd"]
    # ruleid: command-injection
    client.exec_command("ls " + cmd)
    return "ok"


@app.route("/spawn")
async def spawn():
    # ruleid: command-injection
    child = pexpect.spawn("ping " + qrequest.args["h"])
    return child.read()


@app.route("/mako")
async def mako():
    # ruleid: template-injection
    return MakoTemplate("Hello " + qrequest.args["name"]).render()


env = Environment(loader=FileSystemLoader("templates"))


@app.route("/tpl")
async def tpl():
    # ruleid: template-injection
    return env.from_string(qrequest.args["t"]).render()


@sanic_app.route("/s")
async def s(request):
    # ruleid: reflected-xss
    return response.html("<p>" + request.args.get("q") + "</p>")


@sanic_app.route("/r")
async def r(request):
    # ruleid: open-redirect
    return response.redirect(request.args.get("next"))


def legacy_login(host, user, pw):
    # ruleid: cleartext-protocol
    tn = telnetlib.Telnet(host)
    tn.write(user.encode() + b"\n" + pw.encode())
    # ruleid: cleartext-protocol
    ftp = ftplib.FTP(host)
    ftp.login(user, pw)


def make_password():
    chars = string.ascii_letters + string.digits
    # ruleid: insecure-random
    password = "".join(random.choice(chars) for _ in range(12))
    return password


def store(pw):
    # ruleid: insecure-password-hash
    return hashlib.sha1(pw.encode()).hexdigest()


def parse(data):
    # ruleid: xxe
    return xml.sax.parseString(data, xml.sax.ContentHandler())


def run_cli():
    expr = input("expr> ")
    # ruleid: code-injection
    return eval(expr)


def run_ok():
    # ok: command-injection
    return subprocess.run(["git", "status"], check=True)
