import random

def make():
    token = random.getrandbits(64)  # expect: insecure-random
    return token
