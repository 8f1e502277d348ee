from cryptography.hazmat.primitives.asymmetric import rsa
from Crypto.PublicKey import RSA

key = rsa.generate_private_key(public_exponent=65537, key_size=1024)  # expect: weak-key-size
legacy = RSA.generate(1024)  # expect: weak-key-size
from cryptography.hazmat.primitives.asymmetric import ec

small = ec.generate_private_key(ec.SECP192R1())  # expect: weak-key-size
