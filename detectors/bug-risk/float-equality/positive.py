def done(total):
    return total * 3 == 0.9  # expect: float-equality
