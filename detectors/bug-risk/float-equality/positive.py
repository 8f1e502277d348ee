def done(total):
    return total == 0.3  # expect: float-equality
