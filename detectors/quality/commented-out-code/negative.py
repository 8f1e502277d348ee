def f():
    # Compute the value first, then save it.
    # The order matters here.
    return 1

# Codes of the protocol not handled yet:
# CODE_PAUSE = 0x13
# CODE_RESUME = "resume"


def g():
    # x = compute()
    return 2
