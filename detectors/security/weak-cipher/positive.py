from Crypto.Cipher import DES
from cryptography.hazmat.primitives.ciphers import modes

def enc(key, data):
    c = DES.new(key, 1)  # expect: weak-cipher
    m = modes.ECB()  # expect: weak-cipher
    return c, m

def enc_ecb(key, data):
    from Crypto.Cipher import AES
    return AES.new(key, AES.MODE_ECB).encrypt(data)  # expect: weak-cipher
