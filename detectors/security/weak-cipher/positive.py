from Crypto.Cipher import DES
from cryptography.hazmat.primitives.ciphers import modes

def enc(key, data):
    c = DES.new(key, 1)  # expect: weak-cipher
    m = modes.ECB()  # expect: weak-cipher
    return c, m
