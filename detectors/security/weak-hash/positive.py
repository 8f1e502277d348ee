import hashlib

def sign(token):
    return hashlib.md5(token.encode()).hexdigest()  # expect: weak-hash

def sign_again(token):
    return hashlib.new("md5", token.encode()).hexdigest()  # expect: weak-hash

from hashlib import md5, sha1
import hashlib as h
from Crypto.Hash import MD5
from Cryptodome.Hash import SHA
from cryptography.hazmat.primitives import hashes

def sign_imported(token):
    return md5(token.encode()).hexdigest()  # expect: weak-hash

def sign_with_sha_one(token):
    return sha1(token.encode()).hexdigest()  # expect: weak-hash

def sign_aliased(token):
    return h.md5(token.encode()).hexdigest()  # expect: weak-hash

def sign_pycryptodome(token):
    return MD5.new(token).hexdigest()  # expect: weak-hash

def sign_pycryptodomex(token):
    return SHA.new(token).hexdigest()  # expect: weak-hash

def sign_cryptography(token):
    digest = hashes.Hash(hashes.MD5())  # expect: weak-hash
    digest.update(token)
    return digest.finalize()

def sign_named(token):
    return hashlib.new(name="MD4", data=token).hexdigest()  # expect: weak-hash


def sign_legacy(private_key, data):
    from cryptography.hazmat.primitives.asymmetric import ec, padding
    a = private_key.sign(data, padding.PKCS1v15(), hashes.SHA1())  # expect: weak-hash
    b = private_key.sign(data, ec.ECDSA(hashes.MD5()))  # expect: weak-hash
    return a, b
