def strong(password):
    return len(password) >= 12  # expect: magic-number


def give_up(retries):
    if retries > 7:  # too many attempts: stop and report (expect: magic-number)
        return True
    return False
