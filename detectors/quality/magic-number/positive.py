def strong(password):
    return len(password) >= 12  # expect: magic-number
