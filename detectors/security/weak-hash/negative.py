import hashlib

def sign(token):
    return hashlib.sha256(token.encode()).hexdigest()

def cache_key(data):
    return hashlib.md5(data).hexdigest()

def short(data):
    return hashlib.md5(data, usedforsecurity=False).hexdigest()

def sign_well(token):
    return hashlib.new("sha256", token.encode()).hexdigest()

def checksum_new(data):
    return hashlib.new("md5", data, usedforsecurity=False).hexdigest()
