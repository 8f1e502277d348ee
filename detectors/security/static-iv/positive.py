from Crypto.Cipher import AES
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def seal(key, data):
    cipher = AES.new(key, AES.MODE_CBC, b"\x00" * 16)  # expect: static-iv
    return cipher.encrypt(data)


def seal_named(key, data):
    static_vector = b"x" * AES.block_size
    cipher = AES.new(key, AES.MODE_CBC, static_vector)  # expect: static-iv
    return cipher.encrypt(data)


def seal_keyword(key, data):
    return AES.new(key, AES.MODE_GCM, nonce=b"fixednonce12").encrypt(data)  # expect: static-iv


def seal_hazmat(key):
    iv = b"1234567890123456"
    return Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()  # expect: static-iv
