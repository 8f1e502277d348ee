import hashlib

def sign(token):
    return hashlib.md5(token.encode()).hexdigest()  # expect: weak-hash

def sign_again(token):
    return hashlib.new("md5", token.encode()).hexdigest()  # expect: weak-hash
