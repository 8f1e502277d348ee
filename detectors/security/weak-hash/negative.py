import hashlib

def sign(token):
    return hashlib.sha256(token.encode()).hexdigest()

def cache_key(data):
    return hashlib.md5(data).hexdigest()

def short(data):
    return hashlib.md5(data, usedforsecurity=False).hexdigest()

def sign_well(token):
    return hashlib.new("sha256", token.encode()).hexdigest()

def checksum_new(data):
    return hashlib.new("md5", data, usedforsecurity=False).hexdigest()

from .digests import md5
from Crypto.Hash import SHA256
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding

def project_md5(token):
    return md5(token)

def sign_sha256(token):
    return SHA256.new(token).hexdigest()

def oaep():
    return padding.OAEP(mgf=padding.MGF1(algorithm=hashes.SHA1()), algorithm=hashes.SHA256(), label=None)

def modern():
    return hashes.Hash(hashes.SHA256())

def undefined_md5(token):
    return md5sum(token)

def _sqlite_md5(text):
    # SQLite's MD5() for the database's queries: the algorithm is what is asked for.
    from hashlib import md5
    return md5(text.encode()).hexdigest()


def sign_modern(private_key, data):
    from cryptography.hazmat.primitives.asymmetric import ec, padding
    a = private_key.sign(data, padding.PSS(mgf=padding.MGF1(hashes.SHA1()), salt_length=32), hashes.SHA256())
    b = private_key.sign(data, ec.ECDSA(hashes.SHA256()))
    return a, b
