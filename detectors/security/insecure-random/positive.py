import random

def make():
    token = random.getrandbits(64)  # expect: insecure-random
    return token


def password_reset_token():
    return "".join(random.choice("abcdef0123456789") for _ in range(32))  # expect: insecure-random


def new_api_key():
    key = random.randint(0, 2**64)  # expect: insecure-random
    return hex(key)


otp_code = "".join(str(random.randint(0, 9)) for _ in range(6))  # expect: insecure-random


def start_session(response):
    sid = str(random.getrandbits(64))  # expect: insecure-random
    sess_id = random.randint(0, 2**32)  # expect: insecure-random
    response.set_cookie("sid", sid + str(sess_id))
