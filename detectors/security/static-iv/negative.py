import os
from Crypto.Cipher import AES
from Crypto.Random import get_random_bytes
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def seal(key, data):
    iv = get_random_bytes(16)
    cipher = AES.new(key, AES.MODE_CBC, iv)
    return iv + cipher.encrypt(data)


def seal_given(key, iv, data):
    return AES.new(key, AES.MODE_CBC, iv).encrypt(data)


def seal_hazmat(key):
    iv = os.urandom(16)
    return Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()


def seal_gcm(key, data):
    cipher = AES.new(key, AES.MODE_GCM)
    return cipher.nonce, cipher.encrypt(data)
