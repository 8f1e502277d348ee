from cryptography.hazmat.primitives.asymmetric import rsa
from Crypto.PublicKey import RSA

key = rsa.generate_private_key(public_exponent=65537, key_size=3072)
other = RSA.generate(2048)
from cryptography.hazmat.primitives.asymmetric import ec

modern = ec.generate_private_key(ec.SECP256R1())


def strong_keys():
    from Crypto.PublicKey import RSA
    from cryptography.hazmat.primitives.asymmetric import dsa, rsa
    return RSA.generate(bits=3072), dsa.generate_private_key(2048), rsa.generate_private_key(65537, 4096)


def large_odd_size():
    from cryptography.hazmat.primitives.asymmetric import rsa
    return rsa.generate_private_key(public_exponent=65537, key_size=2048), rsa.generate_private_key(65537, 3072)


def curves_and_aliases():
    from Crypto.PublicKey import RSA as pycrypto_rsa
    from myproject import keys
    a = pycrypto_rsa.generate(bits=2048)
    b = ec.generate_private_key(curve=ec.SECP256K1)
    c = keys.generate(1024)
    return a, b, c
