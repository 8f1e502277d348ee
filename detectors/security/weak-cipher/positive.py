from Crypto.Cipher import DES
from cryptography.hazmat.primitives.ciphers import modes

def enc(key, data):
    c = DES.new(key, 1)  # expect: weak-cipher
    m = modes.ECB()  # expect: weak-cipher
    return c, m

def enc_ecb(key, data):
    from Crypto.Cipher import AES
    return AES.new(key, AES.MODE_ECB).encrypt(data)  # expect: weak-cipher


def legacy_ciphers(key):
    from Crypto.Cipher import XOR
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    a = XOR.new(key)  # expect: weak-cipher
    b = Cipher(algorithms.IDEA(key), mode=modes.CBC(b"0" * 8))  # expect: weak-cipher
    return a, b


def imported_by_other_names(key, iv):
    from Crypto.Cipher import XOR as pycrypto_xor
    from cryptography.hazmat.primitives.ciphers.modes import ECB
    a = pycrypto_xor.new(key)  # expect: weak-cipher
    b = ECB()  # expect: weak-cipher
    return a, b
