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


def issue_reset():
    from random import randint
    import random as rnd
    reset_token = randint(0, 10**12)  # expect: insecure-random
    return reset_token, rnd.random()


def new_nonce():
    from random import choice
    return "".join(choice("0123456789abcdef") for _ in range(16))  # expect: insecure-random


def session_key():
    import random
    key = random.getrandbits(128)  # expect: insecure-random
    return key


def send_reset_code(user):
    return str(random.randint(100000, 999999))  # expect: insecure-random


sms_pin = random.randint(1000, 9999)  # expect: insecure-random
