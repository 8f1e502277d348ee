from Crypto.Cipher import AES

def enc(key, data):
    return AES.new(key, AES.MODE_GCM)

def enc_gcm(key, data):
    from Crypto.Cipher import AES
    return AES.new(key, AES.MODE_GCM).encrypt_and_digest(data)
