from Crypto.Cipher import AES

def enc(key, data):
    return AES.new(key, AES.MODE_GCM)

def enc_gcm(key, data):
    from Crypto.Cipher import AES
    return AES.new(key, AES.MODE_GCM).encrypt_and_digest(data)


def imported_by_other_names(key, iv):
    from Crypto.Cipher import AES as aes
    from cryptography.hazmat.primitives.ciphers.modes import CBC
    from myproject.ciphers import ECB
    return aes.new(key, aes.MODE_GCM), CBC(iv), ECB(key)
