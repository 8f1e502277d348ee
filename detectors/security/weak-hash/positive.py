import hashlib

def sign(token):
    return hashlib.md5(token.encode()).hexdigest()  # expect: weak-hash
