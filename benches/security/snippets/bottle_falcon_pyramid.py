import os
import sqlite3
import subprocess
import bottle
import falcon
from pyramid.view import view_config
from pyramid.response import Response
from flask_restful import Resource, reqparse
from Crypto.Cipher import AES
from Crypto.PublicKey import RSA
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


@bottle.route("/hello")
def hello():
    name = bottle.request.query.get("name")
    # ruleid: xss
    return "<h1>Hello " + name + "</h1>"


@bottle.route("/run")
def run():
    # ruleid: command
    return subprocess.check_output(bottle.request.query.cmd, shell=True)


class ItemsResource:
    def on_get(self, req, resp):
        name = req.get_param("name")
        db = sqlite3.connect("x.db")
        # ruleid: sql
        resp.media = db.execute("SELECT * FROM t WHERE n = '%s'" % name).fetchall()


@view_config(route_name="search")
def search(request):
    q = request.params["q"]
    db = sqlite3.connect("x.db")
    # ruleid: sql
    rows = db.execute("SELECT * FROM t WHERE n = '" + q + "'").fetchall()
    return Response(str(rows))


class Job(Resource):
    def post(self):
        parser = reqparse.RequestParser()
        parser.add_argument("script")
        args = parser.parse_args()
        # ruleid: command
        os.system(args["script"])


def encrypt(key, data):
    # ruleid: cipher
    cipher = AES.new(key, AES.MODE_ECB)
    return cipher.encrypt(data)


def encrypt2(key, data):
    # ruleid: cipher
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return enc.update(data)


def keys():
    # ruleid: keysize
    return RSA.generate(1024)


def good_keys():
    # ok: keysize
    return RSA.generate(3072)
