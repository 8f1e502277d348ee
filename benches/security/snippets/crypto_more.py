import hashlib
import hmac
import jwt
from Crypto.Cipher import AES, DES
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def encrypt(key, data):
    # ruleid: weak-cipher
    cipher = AES.new(key, AES.MODE_ECB)
    return cipher.encrypt(data)


def legacy(key, data):
    # ruleid: weak-cipher
    return DES.new(key, DES.MODE_CBC).encrypt(data)


def keypair():
    # ruleid: weak-key-size
    return rsa.generate_private_key(public_exponent=65537, key_size=1024)


def ecb(key):
    # ruleid: weak-cipher
    return Cipher(algorithms.AES(key), modes.ECB())


def check_sig(expected, given):
    # ruleid: timing-unsafe-comparison
    return expected == hmac.new(b"k", given, hashlib.sha256).hexdigest()


def check_sig_safe(expected, given):
    # ok: timing-unsafe-comparison
    return hmac.compare_digest(expected, hmac.new(b"k", given, hashlib.sha256).hexdigest())


def read_token(token):
    # ruleid: jwt-unverified
    return jwt.decode(token, algorithms=["none"], options={"verify_signature": False})


def sign_payload(data):
    # ruleid: weak-hash
    return hashlib.new("md5", data).hexdigest()
