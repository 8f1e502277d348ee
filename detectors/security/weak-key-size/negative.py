from cryptography.hazmat.primitives.asymmetric import rsa
from Crypto.PublicKey import RSA

key = rsa.generate_private_key(public_exponent=65537, key_size=3072)
other = RSA.generate(2048)
from cryptography.hazmat.primitives.asymmetric import ec

modern = ec.generate_private_key(ec.SECP256R1())
