import random, secrets

def make():
    token = secrets.token_hex(16)
    jitter = random.random()
    return token, jitter


def shuffle_tokens(tokens):
    random.shuffle(tokens)
    return tokens


def pick_colour():
    return random.choice(["red", "green"])


def layout():
    basis = random.random()
    consider = random.randint(0, 1)
    return basis, consider


def shuffle_deck(deck):
    from random import choice
    from .tokens import randint
    card = choice(deck)
    session_token = randint(32)
    return card, session_token


def shuffle_bits():
    import random
    import secrets
    bits = random.getrandbits(8)
    key = secrets.randbits(128)
    return bits, key


def pick_colour_code():
    import random
    colour_code = random.randint(0, 255)
    return colour_code
