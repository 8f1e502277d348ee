import random, secrets

def make():
    token = secrets.token_hex(16)
    jitter = random.random()
    return token, jitter
