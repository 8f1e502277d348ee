def done(status, count):
    if status is "done":  # expect: is-literal-comparison
        return True
    return count is not 0  # expect: is-literal-comparison
