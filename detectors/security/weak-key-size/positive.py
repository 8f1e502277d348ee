from cryptography.hazmat.primitives.asymmetric import rsa
from Crypto.PublicKey import RSA

key = rsa.generate_private_key(public_exponent=65537, key_size=1024)  # expect: weak-key-size
legacy = RSA.generate(1024)  # expect: weak-key-size
from cryptography.hazmat.primitives.asymmetric import ec

small = ec.generate_private_key(ec.SECP192R1())  # expect: weak-key-size


def more_small_keys():
    from Crypto.PublicKey import RSA
    from cryptography.hazmat.primitives.asymmetric import dsa, rsa
    a = RSA.generate(bits=1024)  # expect: weak-key-size
    b = dsa.generate_private_key(1024)  # expect: weak-key-size
    c = rsa.generate_private_key(65537, 1024)  # expect: weak-key-size
    return a, b, c


def odd_size():
    from cryptography.hazmat.primitives.asymmetric import rsa
    return rsa.generate_private_key(  # expect: weak-key-size
        public_exponent=65537,
        key_size=1048,
    )


def curves_and_aliases():
    from Crypto.PublicKey import RSA as pycrypto_rsa
    a = pycrypto_rsa.generate(bits=1024)  # expect: weak-key-size
    b = ec.generate_private_key(curve=ec.SECP192R1)  # expect: weak-key-size
    c = ec.generate_private_key(ec.SECT163K1, None)  # expect: weak-key-size
    return a, b, c
