import hashlib
import asyncpg
from Crypto.Cipher import DES, ARC4, AES, Blowfish, ARC2
from Crypto.PublicKey import RSA
from cryptography.hazmat.primitives.asymmetric import rsa, ec, dsa
from flask import Flask, request

app = Flask(__name__)
# ruleid: debug-enabled
app.config["DEBUG"] = True
# ruleid: hardcoded-secret
app.config["SECRET_KEY"] = "s3cr3t-k3y-f0r-pr0d-9f8e7d6c"


def digests(data, key):
    # ruleid: weak-hash
    h = hashlib.new("md5", data)
    # ok: weak-hash
    h = hashlib.new("sha256", data)
    # ruleid: weak-cipher
    c = DES.new(key, DES.MODE_CBC)
    # ruleid: weak-cipher
    c = ARC4.new(key)
    # ruleid: weak-cipher
    c = Blowfish.new(key, Blowfish.MODE_CBC)
    # ruleid: weak-cipher
    c = ARC2.new(key, ARC2.MODE_CFB)
    # ruleid: weak-cipher
    c = AES.new(key, AES.MODE_ECB)
    # ok: weak-cipher
    c = AES.new(key, AES.MODE_GCM)
    # ruleid: weak-key-size
    k = RSA.generate(1024)
    # ok: weak-key-size
    k = RSA.generate(3072)
    # ruleid: weak-key-size
    k = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    # ruleid: weak-key-size
    k = ec.generate_private_key(ec.SECT163K1())
    # ruleid: weak-key-size
    k = dsa.generate_private_key(key_size=1024)


@app.route("/u")
async def user():
    conn = await asyncpg.connect()
    # ruleid: sql-injection
    row = await conn.fetchrow("SELECT * FROM users WHERE name = '%s'" % request.args["n"])
    # ok: sql-injection
    row = await conn.fetchrow("SELECT * FROM users WHERE name = $1", request.args["n"])
    return dict(row)
